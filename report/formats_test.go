package report

import "testing"

// TestLintFormats: every format help names has a renderer, and only those.
func TestLintFormats(t *testing.T) {
	if got := LintFormats(); got != "text, json, sarif or github" {
		t.Errorf("LintFormats() = %q", got)
	}
	for _, f := range lintFormats {
		if r, ok := LintFormat(f.name).Renderer(); !ok || r == nil {
			t.Errorf("%q has no renderer", f.name)
		}
	}
	if _, ok := LintFormat("xml").Renderer(); ok {
		t.Error(`"xml" has a renderer`)
	}
}
