package app

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/view"
)

// FileFix is what lint --fix writes to one file: its text as lint read
// it (Before), the text with the fixes applied (After), and how many
// findings they fix.
type FileFix struct {
	Path, Abs     string
	Format        normalize.Format
	Before, After []byte
	Fixed         int
}

// PlanFixes applies, in memory, the fixes of a lint run's findings: the
// safe ones, and the unsafe ones too when unsafe is set. A fix whose
// edits overlap those of a fix already taken in the same file waits for
// the next pass (lint --fix lints again and fixes what is left), as does
// a fix of a file lint did not keep the text of. Files come back sorted
// by path.
func PlanFixes(run *view.LintRun, unsafe bool) ([]FileFix, error) {
	type taken struct {
		edits []normalize.Edit
		fixed int
	}
	byFile := map[string]*taken{}
	for _, d := range run.Findings {
		f := d.Fix
		if f == nil || !f.Safe && !unsafe {
			continue
		}
		ok := true
		for _, e := range f.Edits {
			t := byFile[e.Abs]
			_, read := run.Sources[e.Abs]
			if !read || t != nil && slices.ContainsFunc(t.edits, func(o normalize.Edit) bool { return overlaps(o, e) }) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		seen := map[string]bool{}
		for _, e := range f.Edits {
			t := byFile[e.Abs]
			if t == nil {
				t = &taken{}
				byFile[e.Abs] = t
			}
			t.edits = append(t.edits, e)
			if !seen[e.Abs] {
				seen[e.Abs] = true
				t.fixed++
			}
		}
	}
	var out []FileFix
	for abs, t := range byFile {
		src := run.Sources[abs]
		after, err := applyEdits(src.Text, t.edits)
		if err != nil {
			return nil, fmt.Errorf("cannot fix %q: %v", src.Path, err)
		}
		out = append(out, FileFix{Path: src.Path, Abs: abs, Format: src.Format, Before: src.Text, After: after, Fixed: t.fixed})
	}
	slices.SortFunc(out, func(a, b FileFix) int { return cmp.Compare(a.Path, b.Path) })
	return out, nil
}

// overlaps reports whether two edits of a file touch the same bytes (two
// insertions at one place overlap too: their order would be a guess).
func overlaps(a, b normalize.Edit) bool {
	if a.Abs != b.Abs {
		return false
	}
	return a.Start.Offset < b.End.Offset && b.Start.Offset < a.End.Offset || a.Start.Offset == b.Start.Offset
}

// applyEdits replaces the edited ranges of src, which do not overlap.
func applyEdits(src []byte, edits []normalize.Edit) ([]byte, error) {
	edits = slices.Clone(edits)
	slices.SortFunc(edits, func(a, b normalize.Edit) int { return a.Start.Offset - b.Start.Offset })
	out := make([]byte, 0, len(src)+64)
	at := 0
	for _, e := range edits {
		if e.Start.Offset < at || e.End.Offset < e.Start.Offset || e.End.Offset > len(src) {
			return nil, fmt.Errorf("an edit at offset %d is out of order or outside the file", e.Start.Offset)
		}
		out = append(out, src[at:e.Start.Offset]...)
		out = append(out, e.Text...)
		at = e.End.Offset
	}
	return append(out, src[at:]...), nil
}

// maxFixPasses bounds lint --fix: a fix that overlaps another waits for
// the next pass, and each pass lints again what the last one wrote.
const maxFixPasses = 10

// LintFix lints as Lint does, writes the fixes of what it finds (the safe
// ones, and the unsafe ones too with unsafe) through edit.WriteFile — each
// file refused when it changed since it was read or would not parse — and
// lints again, until no fix is left: the run it returns is what remains,
// with a note of what was fixed and an error for each file it did not
// write.
func LintFix(req LintRequest, unsafe bool) (*view.LintRun, error) {
	fixed, files := 0, map[string]bool{}
	var refused []view.ToolError
	for pass := 1; ; pass++ {
		run, err := Lint(req)
		if err != nil {
			return nil, err
		}
		plan, err := PlanFixes(run, unsafe)
		if err != nil {
			return nil, err
		}
		wrote := 0
		for _, f := range plan {
			if pass > maxFixPasses {
				break
			}
			if err := edit.WriteFile(f.Abs, f.Before, f.After, f.Format); err != nil {
				refused = append(refused, view.ToolError{Path: f.Path, Message: err.Error()})
				continue
			}
			fixed += f.Fixed
			files[f.Path] = true
			wrote++
		}
		if wrote == 0 {
			if fixed > 0 {
				run.Notes = append(run.Notes, fmt.Sprintf("fixed %s in %s", plural(fixed, "finding"), plural(len(files), "file")))
			}
			run.Errors = append(run.Errors, refused...)
			return run, nil
		}
	}
}

// LintDiff lints as Lint does and returns, for each file a fix edits, its
// text and the text fixed (one pass: a fix that overlaps another waits
// for lint --fix's next pass), writing nothing.
func LintDiff(req LintRequest, unsafe bool) (*view.LintRun, []FileFix, error) {
	run, err := Lint(req)
	if err != nil {
		return nil, nil, err
	}
	plan, err := PlanFixes(run, unsafe)
	return run, plan, err
}

// plural is "1 finding", "2 findings".
func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
