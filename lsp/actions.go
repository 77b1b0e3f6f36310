package lsp

import (
	"bytes"
	"strings"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/view"
)

// codeActions are the fixes lint knows for the findings in the range
// asked about, each a quickfix on its diagnostic whose edit gives what
// lint --fix writes for it; and, when asked for source actions, every
// safe fix of the file at once (source.fixAll.mcpconf), as lint --fix
// writes the file.
func (s *server) codeActions(p CodeActionParams) (any, error) {
	out := []CodeAction{}
	abs, err := pathOf(p.TextDocument.URI)
	if err != nil {
		return out, nil
	}
	doc := s.docs[abs]
	if doc == nil {
		return out, nil
	}
	tr := s.fresh(abs)
	if tr == nil || tr.run == nil {
		return out, nil
	}
	if wants(p.Context.Only, kindQuickFix) {
		for _, f := range tr.files[abs] {
			if f.fix == nil || f.version != doc.version || !overlaps(f.diag.Range, p.Range) {
				continue
			}
			edits, ok := s.textEdits(tr.b, abs, doc.text, f.fix)
			if !ok {
				continue
			}
			title := tr.b.Message(f.fix.Description).String()
			if !f.fix.Safe {
				title += " (unsafe: changes what the file means)"
			}
			out = append(out, CodeAction{Title: title, Kind: kindQuickFix, Diagnostics: []Diagnostic{f.diag}, IsPreferred: f.fix.Safe,
				Edit: &WorkspaceEdit{DocumentChanges: []TextDocumentEdit{{TextDocument: VersionedTextDocumentIdentifier{URI: doc.uri, Version: doc.version}, Edits: edits}}}})
		}
	}
	if len(p.Context.Only) > 0 && wants(p.Context.Only, kindFixAll) {
		if a := s.fixAll(doc); a != nil {
			out = append(out, *a)
		}
	}
	return out, nil
}

// wants says a code action of kind is among those asked for: every kind
// when none is named, else a kind named or one below it ("source" asks
// for "source.fixAll.mcpconf").
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || strings.HasPrefix(kind, k+".") {
			return true
		}
	}
	return false
}

// overlaps says two ranges share a position (a point range touching a
// span counts: the cursor on a finding).
func overlaps(a, b Range) bool {
	return !less(a.End, b.Start) && !less(b.End, a.Start)
}

func less(a, b Position) bool {
	return a.Line < b.Line || a.Line == b.Line && a.Character < b.Character
}

// maxFixAllPasses bounds fixAll, as lint --fix's passes are bounded.
const maxFixAllPasses = 10

// fixAll is every safe fix of doc applied as lint --fix applies them:
// one pass of the fixes that do not overlap (app.PlanFixes), the file
// linted again with what it wrote, until nothing is left to fix. The
// edit replaces the part of the text that changed; nil when nothing
// would.
func (s *server) fixAll(doc *document) *CodeAction {
	root := s.treeOf(doc.abs)
	before := doc.text.src
	cur := before
	b := s.o.Boundary()
	for pass := 0; pass < maxFixAllPasses; pass++ {
		saved := doc.text
		doc.text = newText(cur)
		run, known, err := s.lint(root, []*document{doc})
		doc.text = saved
		if err != nil || run == nil || !known[doc.abs] {
			break
		}
		view.NewLint(b, run) // learns the secrets of what it read
		plan, err := app.PlanFixes(run, false)
		if err != nil {
			break
		}
		next := cur
		for _, f := range plan {
			if f.Abs == doc.abs {
				next = f.After
				if bytes.HasPrefix(cur, bom) {
					next = append(append([]byte{}, bom...), f.After...)
				}
			}
		}
		if bytes.Equal(next, cur) {
			break
		}
		cur = next
	}
	if bytes.Equal(cur, before) {
		return nil
	}
	// one edit: the changed middle
	pre := 0
	for pre < len(before) && pre < len(cur) && before[pre] == cur[pre] {
		pre++
	}
	suf := 0
	for suf < len(before)-pre && suf < len(cur)-pre && before[len(before)-1-suf] == cur[len(cur)-1-suf] {
		suf++
	}
	// never split a character
	for pre > 0 && !startsRune(before, pre) {
		pre--
	}
	for suf > 0 && !startsRune(before, len(before)-suf) {
		suf--
	}
	e := TextEdit{Range: Range{Start: doc.text.position(pre, s.enc), End: doc.text.position(len(before)-suf, s.enc)}, NewText: string(cur[pre : len(cur)-suf])}
	if b.Lines(e.NewText).String() != e.NewText {
		return nil // it would send a secret
	}
	return &CodeAction{Title: "fix all safe problems in this file (mcpconf)", Kind: kindFixAll,
		Edit: &WorkspaceEdit{DocumentChanges: []TextDocumentEdit{{TextDocument: VersionedTextDocumentIdentifier{URI: doc.uri, Version: doc.version}, Edits: []TextEdit{e}}}}}
}

func startsRune(b []byte, i int) bool { return i >= len(b) || b[i]&0xC0 != 0x80 }
