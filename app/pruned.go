package app

import (
	"bytes"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/view"
)

// prunedSecrets are the secrets of the parts of a table of projects
// (~/.claude.json) that the read left out — each project's entry far from
// the root, held in doc as an empty object — and that lie on the lines a
// diff of before and after shows: the diff prints them, though no view
// read them. Each such entry is parsed alone, so a write still reads the
// file near the project only. nil for a document read whole.
func prunedSecrets(doc *normalize.Document, before, after []byte) []string {
	if doc == nil || doc.Root == nil || doc.Format != normalize.JSON || bytes.Equal(before, after) {
		return nil
	}
	// the bytes of before the diff shows: the change, widened to whole
	// lines and their context
	lo := commonPrefix(before, after)
	hi := len(before) - commonSuffix(before[lo:], after[lo:])
	for range edit.DiffContext + 1 {
		lo = max(bytes.LastIndexByte(before[:lo], '\n'), 0)
	}
	for range edit.DiffContext + 1 {
		if i := bytes.IndexByte(before[min(hi, len(before)):], '\n'); i >= 0 {
			hi += i + 1
		} else {
			hi = len(before)
		}
	}
	var out []string
	var walk func(v *normalize.Value)
	walk = func(v *normalize.Value) {
		if v.Kind != normalize.Object {
			return
		}
		a, e := v.Range.Start.Offset, v.Range.End.Offset
		if e <= lo || a >= hi || a < 0 || e > len(before) {
			return
		}
		if len(v.Members) == 0 && len(bytes.TrimSpace(before[a:e])) > 2 {
			// left out: read it now
			if sub, _ := discover.Parse(doc.Abs, doc.Path, normalize.JSON, before[a:e]); sub != nil && sub.Root != nil {
				out = append(out, view.DocumentSecrets(sub)...)
			}
			return
		}
		for _, m := range v.Members {
			walk(m.Value)
		}
	}
	walk(doc.Root)
	return out
}

func commonPrefix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	return n
}

func commonSuffix(a, b []byte) int {
	n := 0
	for n < len(a) && n < len(b) && a[len(a)-1-n] == b[len(b)-1-n] {
		n++
	}
	return n
}
