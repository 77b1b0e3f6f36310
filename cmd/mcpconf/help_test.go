package main

import (
	"strings"
	"testing"
)

// TestHelpFitsEightyColumns: every command's --help and the rules list,
// printed where the width is unknown, fit in 80 columns: flag
// descriptions and rule titles are wrapped at spaces under their column
// (a terminal would cut them mid-word), the usage lines and examples are
// short enough or continued with a backslash. A line may only overflow
// when it is one word that cannot be broken (a URL).
func TestHelpFitsEightyColumns(t *testing.T) {
	runs := [][]string{{"rules"}, {"--help"}}
	tio, _, _ := testIO(nil)
	root := newRootCmd(tio)
	for _, c := range root.Commands() {
		if c.IsAvailableCommand() {
			runs = append(runs, []string{c.Name(), "--help"})
		}
	}
	if len(runs) < 9 {
		t.Fatalf("only %d commands", len(runs)-2)
	}
	for _, args := range runs {
		code, out, errOut := run(t, nil, args...)
		if code != 0 || out == "" {
			t.Fatalf("%q: exit %d\n%s", args, code, errOut)
		}
		for _, line := range strings.Split(out, "\n") {
			if len(line) > 80 && strings.Contains(strings.TrimSpace(line), " ") {
				t.Errorf("%q: a line of %d columns:\n%s", args, len(line), line)
			}
		}
	}
	// a flag's description continues under itself, not at the margin
	_, out, _ := run(t, nil, "add", "--help")
	if !strings.Contains(out, "      --client strings       the clients to write the server for\n                             (required;") {
		t.Errorf("add's --client is not wrapped with a hanging indent:\n%s", out)
	}
}
