package docs

import (
	"strings"
	"testing"
)

func TestAgreementMarkdown(t *testing.T) {
	data := []byte(`{
  "pending_cases": 2,
  "clients": [
    {"client": "codex", "product": "Codex", "version": "0.169.0", "seed": 3, "mcpconf": "abc123", "ran_with": "def456",
     "started": "2026-01-02T03:04:05+00:00", "run_seconds": 1800,
     "trees": 500, "agree": 450, "disagree": 49, "errors": 1, "client_crashes": 3, "rate": 0.9018,
     "groups": [{"aspect": "status", "mcpconf": "enabled", "client": "refused", "trees": 40, "cases": ["gen-codex-1", "gen-codex-2"]},
                {"aspect": "args", "mcpconf": [], "client": [
  "x"
], "trees": 9, "cases": []}],
     "history": [{"seed": 2, "mcpconf": "0aa", "ran_with": "0bb", "version": "0.168.0", "rate": 0.984}]},
    {"client": "gemini", "product": "Gemini CLI", "version": "0.61.0", "seed": 7, "mcpconf": "777", "started": "2026-01-05T00:00:00+00:00",
     "trees": 0, "agree": 0, "disagree": 0, "errors": 0, "rate": null, "groups": []}
  ]
}`)
	got, err := agreementMarkdown(data)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"## Agreement with the real clients",
		"| Codex | 0.169.0 | 3 | `abc123` | 2026-01-02 | 500 | 450 | 49 | 1 | 3 | 90.2% |",
		"| Gemini CLI | 0.61.0 | 7 | `777` | 2026-01-05 | 0 | 0 | 0 | 0 | 0 | — |",
		"Codex ran with `def456`; its answers were judged again with `abc123` (1800 s of client runs)",
		"Earlier runs of Codex: seed 2, mcpconf `0aa`, the client run with `0bb` 0.168.0: 98.4%.",
		"Codex: `status` — mcpconf says `\"enabled\"`, the client says `\"refused\"`: 40 trees (`gen-codex-1`, `gen-codex-2`)",
		"`args` — mcpconf says `[]`, the client says `[\"x\"]`: 9 trees (not minimized)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	if got, err := agreementMarkdown(nil); err != nil || !strings.Contains(got, "No run of the harness is recorded") {
		t.Errorf("without a run: %q, %v", got, err)
	}
	if _, err := agreementMarkdown([]byte("{")); err == nil {
		t.Error("a broken agreement.json must be an error")
	}
}
