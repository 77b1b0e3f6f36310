package report

import "testing"

// TestFormats: every format help names has a renderer, and only those.
func TestFormats(t *testing.T) {
	if got := LintFormats().String(); got != "text, json, sarif or github" {
		t.Errorf("LintFormats() = %q", got)
	}
	if got := ProbeFormats().String(); got != "text or json" {
		t.Errorf("ProbeFormats() = %q", got)
	}
	for _, f := range LintFormats() {
		if r, ok := LintFormats().Lookup(f.Name); !ok || r == nil {
			t.Errorf("%q has no renderer", f.Name)
		}
	}
	for _, f := range ProbeFormats() {
		if r, ok := ProbeFormats().Lookup(f.Name); !ok || r.Render == nil {
			t.Errorf("%q has no renderer", f.Name)
		}
	}
	if _, ok := LintFormats().Lookup("xml"); ok {
		t.Error(`"xml" has a renderer`)
	}
}
