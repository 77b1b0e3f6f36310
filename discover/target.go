package discover

import (
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// ReadTarget reads the file a write edits (TargetFile), whole, as
// ReadFile does; err is fs.ErrNotExist for a file not there yet. A table
// of projects (~/.claude.json, tens of MB) is read as views read it: its
// text whole (Src: every byte, for the editor to keep), its document
// without the projects far from the start directory ("{}" in their place,
// every position the file's), the entry a local write goes into kept
// (Target.Within). A write to it then costs a scan of the text, not a
// parse of every project Claude Code remembers.
func (o *Options) ReadTarget(t Target) (*normalize.Document, []normalize.Diagnostic, error) {
	section, ok := o.targetTable(t)
	if !ok {
		return ReadFile(t.Abs, t.Display, t.Format)
	}
	tb, err := readTable(t.Abs, t.Display, section, nil)
	if err != nil {
		return nil, nil, err
	}
	doc, diags := tb.doc(o.targetKeeps(t))
	return doc, diags, nil
}

// ParseTarget parses src, the text a write to t makes, as ReadTarget
// reads the file: the editor edits it again for the next server.
func (o *Options) ParseTarget(t Target, src []byte) (*normalize.Document, []normalize.Diagnostic) {
	section, ok := o.targetTable(t)
	if !ok {
		return Parse(t.Abs, t.Display, t.Format, src)
	}
	return newTable(t.Abs, t.Display, src, section).doc(o.targetKeeps(t))
}

// ValidJSON reports whether src is strict JSON (RFC 8259) with an object
// at the top, checked in one pass without building a document: the
// editor's check that what it writes still parses, for a large file.
func ValidJSON(src []byte) bool {
	if invalidUTF8(src) >= 0 || len(src) >= len(bom) && string(src[:len(bom)]) == string(bom) {
		return false
	}
	sc := &scanner{src: src}
	return sc.document()
}

// targetTable is the section of a table of projects t is (o prepared).
func (o *Options) targetTable(t Target) (string, bool) {
	if o.cache == nil || t.Format != normalize.JSON {
		return "", false
	}
	p := o.pruneFor(Location{Abs: t.Abs, Format: t.Format})
	if p == nil {
		return "", false
	}
	return p.section, true
}

// targetKeeps keeps the projects a view from the start directory reads,
// and the entry t writes into.
func (o *Options) targetKeeps(t Target) func(string) bool {
	near := projectsNear(o.Root, o.goos())
	return func(key string) bool {
		return near(key) || slices.Contains(t.Within, key)
	}
}
