package view

import (
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/secret"
)

func TestProbeProgress(t *testing.T) {
	b := secret.NewKeyed(nil)
	now := time.Now()
	waiting := func(names ...string) []probe.Pending {
		var out []probe.Pending
		for _, n := range names {
			out = append(out, probe.Pending{Name: n})
		}
		return out
	}
	if got := ProbeProgress(b, 2, 7, waiting("a", "b", "c", "d", "e"), now).String(); got != "probing 2/7: a, b, c and 2 more" {
		t.Errorf("%q", got)
	}
	if got := ProbeProgress(b, 7, 7, nil, now).String(); got != "probed 7/7" {
		t.Errorf("%q", got)
	}
	if !strings.Contains(ProbeProgress(b, 0, 1, waiting("x\x1b[2J"), now).String(), "x\uFFFD[2J") {
		t.Error("names are cleaned for the terminal")
	}
	// the servers probed longest come first, with their time from a second on
	pending := []probe.Pending{{Name: "queued"}, {Name: "fresh", Started: now.Add(-300 * time.Millisecond)},
		{Name: "slow", Started: now.Add(-125 * time.Second)}, {Name: "mid", Started: now.Add(-12 * time.Second)}}
	if got := ProbeProgress(b, 1, 5, pending, now).String(); got != "probing 1/5: slow (2m05s), mid (12s), fresh and 1 more" {
		t.Errorf("%q", got)
	}
}

// TestProbeResultMasked: every text of a result crosses the boundary:
// what the run knows is masked in the reason, the notes, the stderr, the
// tools and the metadata, and control characters are neutralized.
func TestProbeResultMasked(t *testing.T) {
	b := secret.NewKeyed(nil)
	b.Learn("tok-secret-99")
	r := probe.Result{Name: "gh\x1b[2J", Client: "claude", Status: probe.StatusFailed, Reason: "bad tok-secret-99",
		Stderr:      []string{"using tok-secret-99"},
		Tools:       []probe.Tool{{Name: "t", Description: "echo tok-secret-99", InputSchema: []byte(`{"description":"tok-secret-99"}`)}},
		Diagnostics: []normalize.Diagnostic{{Rule: "r", Message: "token tok-secret-99", Hint: "not tok-secret-99"}},
		Auth:        &probe.AuthInfo{Status: 401, Fetches: []probe.Fetch{{URL: "https://h/x?token=tok-secret-99", Error: "tok-secret-99"}}},
	}
	v := NewProbeResult(b, r)
	all := v.Name.String() + v.Reason.String() + v.Stderr[0].String() + v.Tools[0].Description.String() + v.Tools[0].InputSchema.String() +
		v.Diagnostics[0].Message.String() + v.Diagnostics[0].Hint.String() + v.Auth.Fetches[0].URL.String() + v.Auth.Fetches[0].Error.String()
	if strings.Contains(all, "tok-secret") || strings.Contains(all, "\x1b") {
		t.Errorf("%q", all)
	}
}
