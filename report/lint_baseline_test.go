package report

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
)

// TestLintBaselineOutput: with a baseline, the text summary counts the
// findings it kept quiet and JSON has a "baseline" object; without one,
// neither changes.
func TestLintBaselineOutput(t *testing.T) {
	err := normalize.Diagnostic{Rule: "r", Severity: normalize.Error, Message: "m"}
	tests := []struct {
		run  run.Lint
		want string
	}{
		{run.Lint{Files: 2, Baseline: &run.BaselineResult{Path: "b.json", Entries: 3, Matched: 3}}, "no problems found in 2 files; 3 findings in the baseline"},
		{run.Lint{Files: 1, Findings: []normalize.Diagnostic{err}, Errors: make([]run.ToolError, 1), Baseline: &run.BaselineResult{Path: "b.json", Entries: 1, Matched: 1}},
			"1 error in 1 file; 1 finding in the baseline; 1 tool error"},
		{run.Lint{Files: 1, Baseline: &run.BaselineResult{Path: "b.json", Entries: 1, Fixed: 1}}, "no problems found in 1 file"},
	}
	for _, tt := range tests {
		if got := lintSummary(shown(&tt.run), Style{}); got != tt.want {
			t.Errorf("summary = %q, want %q", got, tt.want)
		}
	}

	var b bytes.Buffer
	r := &run.Lint{Files: 1, Baseline: &run.BaselineResult{Path: "b.json", Written: true, Entries: 4, Matched: 3, Fixed: 1}}
	if err := lintJSON(&b, shown(r)); err != nil {
		t.Fatal(err)
	}
	var out struct {
		Baseline map[string]any `json:"baseline"`
	}
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	want := map[string]any{"path": "b.json", "written": true, "entries": 4.0, "matched": 3.0, "fixed": 1.0}
	if len(out.Baseline) != len(want) {
		t.Errorf("baseline = %v, want %v", out.Baseline, want)
	}
	for k, v := range want {
		if out.Baseline[k] != v {
			t.Errorf("baseline.%s = %v, want %v", k, out.Baseline[k], v)
		}
	}
	b.Reset()
	if err := lintJSON(&b, shown(&run.Lint{Files: 1})); err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(b.Bytes(), []byte(`"baseline"`)) {
		t.Errorf("\"baseline\" without a baseline:\n%s", b.String())
	}
}
