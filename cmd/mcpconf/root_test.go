package main

import (
	"strings"
	"testing"

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
