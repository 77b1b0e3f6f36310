package main

import (
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestHelpNamesEveryClient: mcpconf --help names every client of the
// descriptors table (it once named 10 of 13).
func TestHelpNamesEveryClient(t *testing.T) {
	code, out, errOut := run(t, nil, "--help")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	text := strings.Join(strings.Fields(out), " ") // names may wrap
	for _, c := range normalize.Clients() {
		if !strings.Contains(text, c.Product) {
			t.Errorf("--help does not name %s:\n%s", c.Product, out)
		}
	}
}

// TestFlagsToOptions: each command's flags and arguments map to its
// options, tested through the runF hook (as cli/cli tests flags): the
// command's work does not run.
func TestFlagsToOptions(t *testing.T) {
	io, _, _ := testIO(nil)
	var lint *lintOptions
	cmd := newLintCmd(io, func(o *lintOptions) error { lint = o; return nil })
	cmd.SetArgs([]string{"-r", "--scope", "all", "--fail-on", "warning", "--client", "cursor,vscode", "--format", "sarif", "--check-env", "a", "b"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !lint.Recursive || lint.Scope != "all" || lint.FailOn != "warning" || lint.Format != "sarif" || !lint.CheckEnv ||
		!slices.Equal(lint.Flags.Clients, []string{"cursor", "vscode"}) || !slices.Equal(lint.Paths, []string{"a", "b"}) || lint.IO != io {
		t.Errorf("lint options %+v", lint)
	}
	var pr *probeOptions
	cmd = newProbeCmd(io, func(o *probeOptions) error { pr = o; return nil })
	cmd.SetArgs([]string{"--timeout", "5s", "--parallel", "3", "--tools", "--allow-outside-files", "--input", "k=v", "github"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if pr.Timeout != 5*time.Second || pr.Parallel != 3 || !pr.Tools || !pr.Resolve.AllowOutsideFiles || !pr.Resolve.sends ||
		!slices.Equal(pr.Resolve.Inputs, []string{"k=v"}) || !slices.Equal(pr.Names, []string{"github"}) {
		t.Errorf("probe options %+v", pr)
	}
	var ex *explainOptions
	cmd = newExplainCmd(io, func(o *explainOptions) error { ex = o; return nil })
	cmd.SetArgs([]string{"--resolve", "--all-sources", "--root", "r", "github"})
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if !ex.Resolve.On || ex.Resolve.sends || !ex.AllSources || ex.Flags.Root != "r" || ex.Name != "github" {
		t.Errorf("explain options %+v", ex)
	}
}
