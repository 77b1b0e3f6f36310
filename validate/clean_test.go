package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// formatsDir holds the example configs of shared/spec/formats.md, one
// project per client (see its README). Every client documents them as
// valid, so lint with the default rules must not report anything.
const formatsDir = "../testdata/formats"

// TestCleanExamples lints each documented example on its own (so that
// examples sharing server names do not shadow each other) and expects no
// finding from any default rule.
func TestCleanExamples(t *testing.T) {
	entries, err := os.ReadDir(formatsDir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		n++
		t.Run(e.Name(), func(t *testing.T) {
			root := filepath.Join(formatsDir, e.Name())
			ws := piscesWorkspace(t, discover.Options{Root: root, Home: filepath.Join(root, "home")})
			if e.Name() == "vscode" {
				// pisces reads .vscode/mcp.json under "mcp.servers" (oh-my-pi
				// 18.2.3), not VS Code's "servers": VS Code's own view
				o := discover.Options{Root: root, Home: filepath.Join(root, "home")}
				if err := o.Prepare(); err != nil {
					t.Fatal(err)
				}
				ws = o.Scan([]*normalize.Client{normalize.ClientByID("vscode")}, discover.AllScopes)
			}
			set := ws.Views[0]
			// Each example defines two servers; fewer means a file was not
			// read at all and the test would pass on nothing.
			if len(set.Definitions) != 2 {
				t.Fatalf("%d servers read, want 2", len(set.Definitions))
			}
			for _, d := range RunWorkspace(ws, nil) {
				t.Errorf("%s %v", d.Severity, d)
			}
		})
	}
	if n != 9 {
		t.Fatalf("%d example projects in %s, want one per client (9)", n, formatsDir)
	}
}
