package view

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/secret"
)

func TestProbeProgress(t *testing.T) {
	b := secret.NewKeyed(nil)
	if got := ProbeProgress(b, 2, 7, []string{"a", "b", "c", "d", "e"}).String(); got != "probing 2/7: a, b, c and 2 more" {
		t.Errorf("%q", got)
	}
	if got := ProbeProgress(b, 7, 7, nil).String(); got != "probed 7/7" {
		t.Errorf("%q", got)
	}
	if !strings.Contains(ProbeProgress(b, 0, 1, []string{"x\x1b[2J"}).String(), "x\uFFFD[2J") {
		t.Error("names are cleaned for the terminal")
	}
}
