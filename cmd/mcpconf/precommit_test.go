package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestPreCommitFiles keeps the hook's files: pattern in step with the
// providers table: every project config path matches, other files do not.
func TestPreCommitFiles(t *testing.T) {
	b, err := os.ReadFile("../../.pre-commit-hooks.yaml")
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "files: >-")
	if i < 0 {
		t.Fatal("no files: >- block")
	}
	var pat strings.Builder
	for _, line := range strings.Split(s[i+len("files: >-"):], "\n")[1:] {
		if !strings.HasPrefix(line, "    ") {
			break
		}
		pat.WriteString(strings.TrimSpace(line))
	}
	// pre-commit uses Python's verbose mode; drop the flag, whitespace is gone.
	re := regexp.MustCompile(strings.TrimPrefix(pat.String(), "(?x)"))
	o := discover.Options{Root: "/r", Home: "/h"}
	for _, l := range o.Locations() {
		if l.Scope == normalize.User || l.Section {
			continue
		}
		rel, _ := filepath.Rel("/r", l.Abs)
		for _, p := range []string{rel, "services/api/" + rel} {
			if !re.MatchString(filepath.ToSlash(p)) {
				t.Errorf("hook does not match %q", p)
			}
		}
	}
	for _, p := range []string{"package.json", "src/mcp.json.bak", ".vscode/settings.json", "config.toml", "docs/mcp.jsonc"} {
		if re.MatchString(p) {
			t.Errorf("hook matches %q", p)
		}
	}
}
