package report

import (
	"bytes"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/view"
)

// TestFormats: every format help names has a renderer, and only those.
func TestFormats(t *testing.T) {
	if got := LintFormats().String(); got != "text, json, sarif or github" {
		t.Errorf("LintFormats() = %q", got)
	}
	if got := ProbeFormats().String(); got != "text or json" {
		t.Errorf("ProbeFormats() = %q", got)
	}
	for _, f := range LintFormats() {
		if r, ok := LintFormats().Lookup(f.Name); !ok || r.Render == nil {
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

// TestLintSnippets: a format that quotes no source line (Snippets false)
// prints the same whether lint kept the lines of the files or not, which
// it does for the text format only.
func TestLintSnippets(t *testing.T) {
	res := fixtureRun(t)
	bare := *res
	bare.Checked = map[string]*run.LintFile{}
	for p, f := range res.Checked {
		doc := &normalize.Document{Path: p, Lines: f.Lines}
		g := view.CheckedFile(doc, res.Findings, false, f.Secrets)
		if g.Lines != nil {
			t.Fatalf("%s: lines kept", p)
		}
		bare.Checked[p] = g
	}
	for _, f := range LintFormats() {
		var with, without bytes.Buffer
		if err := f.Render.Render(&with, shown(res), Style{}); err != nil {
			t.Fatal(err)
		}
		if err := f.Render.Render(&without, shown(&bare), Style{}); err != nil {
			t.Fatal(err)
		}
		if same := with.String() == without.String(); same == f.Render.Snippets {
			t.Errorf("%s: Snippets %v, but output without the lines is the same: %v\n%s\n%s", f.Name, f.Render.Snippets, same, &with, &without)
		}
	}
}
