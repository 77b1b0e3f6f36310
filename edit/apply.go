package edit

import (
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// Apply replaces the byte ranges of src the edits name (Start.Offset to
// End.Offset; equal offsets insert) by their text, and returns the result;
// src is not changed. Edits may come in any order. Two edits that overlap
// are a conflict and an error, as is a range outside src; edits that only
// touch are not, and two insertions at one offset apply in the order given. Every byte outside the
// edits is kept.
func Apply(src []byte, edits []normalize.Edit) ([]byte, error) {
	sorted := sortEdits(edits)
	size := len(src)
	for i, e := range sorted {
		s, t := e.Start.Offset, e.End.Offset
		if s < 0 || t < s || t > len(src) {
			return nil, fmt.Errorf("edit of bytes %d to %d is outside the file (%d bytes): the fix was computed for another version of it", s, t, len(src))
		}
		if i > 0 && overlaps(sorted[i-1], e) {
			p := sorted[i-1]
			return nil, fmt.Errorf("edits of bytes %d to %d and %d to %d overlap: apply one fix, then compute the other again", p.Start.Offset, p.End.Offset, s, t)
		}
		size += len(e.Text) - (t - s)
	}
	out := make([]byte, 0, size)
	at := 0
	for _, e := range sorted {
		out = append(out, src[at:e.Start.Offset]...)
		out = append(out, e.Text...)
		at = e.End.Offset
	}
	return append(out, src[at:]...), nil
}

// sortEdits returns the edits ordered by start, then end; the sort is
// stable, so insertions at one offset keep their order.
func sortEdits(edits []normalize.Edit) []normalize.Edit {
	sorted := slices.Clone(edits)
	slices.SortStableFunc(sorted, func(a, b normalize.Edit) int {
		if a.Start.Offset != b.Start.Offset {
			return a.Start.Offset - b.Start.Offset
		}
		return a.End.Offset - b.End.Offset
	})
	return sorted
}

// overlaps reports whether b, which starts at or after a, starts inside
// a's range. Ranges that only touch do not overlap: an insertion right
// after a replaced range applies after it.
func overlaps(a, b normalize.Edit) bool { return b.Start.Offset < a.End.Offset }

// Select picks, in order, the fixes whose edits neither overlap nor touch
// those of the fixes picked before them (as ruff does), so that several fixes of one file
// apply in one pass; the fixes left out are applied by a second pass over
// the fixed file, their edits computed again. path names the file as
// the edits do, by its display path or its absolute one ("" takes every
// edit); edits of other files are ignored, and a fix with none in path
// is picked.
func Select(path string, fixes []normalize.Fix) (chosen, skipped []normalize.Fix) {
	var taken []normalize.Edit
	for _, f := range fixes {
		var mine []normalize.Edit
		for _, e := range f.Edits {
			if inFile(e, path) {
				mine = append(mine, e)
			}
		}
		if conflicts(taken, mine) {
			skipped = append(skipped, f)
			continue
		}
		taken = append(taken, mine...)
		chosen = append(chosen, f)
	}
	return chosen, skipped
}

func inFile(e normalize.Edit, path string) bool {
	return path == "" || e.Path == path || e.Abs == path
}

// conflicts reports whether the edits of a fix overlap each other or any
// of taken.
func conflicts(taken, edits []normalize.Edit) bool {
	all := sortEdits(append(slices.Clone(taken), edits...))
	for i := 1; i < len(all); i++ {
		// edits that touch are a conflict here, as in ruff: two
		// insertions at one place (two members into one object) would
		// need a separator neither of them has, and a member added
		// right where another fix empties an object needs a comma no
		// longer wanted
		if all[i].Start.Offset <= all[i-1].End.Offset {
			return true
		}
	}
	return false
}

// Edits gathers the edits of the fixes that change path (display or
// absolute, "" for all), in order.
func Edits(path string, fixes []normalize.Fix) []normalize.Edit {
	var out []normalize.Edit
	for _, f := range fixes {
		for _, e := range f.Edits {
			if inFile(e, path) {
				out = append(out, e)
			}
		}
	}
	return out
}

// lineEnding is the newline the document uses: "\r\n" when its first
// line ends so, else "\n". The first line's end comes from the line
// index: a file on one line was searched whole for a newline at every
// edit.
func lineEnding(doc *normalize.Document) string {
	if doc.Lines.Count() < 2 {
		return "\n"
	}
	if next := doc.Lines.At(2, 1).Offset; next >= 2 && doc.Src[next-2] == '\r' {
		return "\r\n"
	}
	return "\n"
}
