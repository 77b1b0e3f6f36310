package app

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"slices"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
)

// FileFix is what lint --fix writes to one file: its text as lint read
// it (Before), the text with the fixes applied (After), and how many
// findings they fix.
type FileFix struct {
	Path, Abs     string
	Format        normalize.Format
	Before, After []byte
	Fixed         int
	// Created: the file did not exist (add, sync); Before is empty.
	Created bool
}

// PlanFixes applies, in memory, the fixes of a lint run's findings: the
// safe ones, and the unsafe ones too when unsafe is set. Per file,
// edit.Select picks the fixes whose edits neither overlap nor touch those
// picked before; the others wait for the next pass (lint --fix lints
// again and fixes what is left), as does a fix of a file lint did not
// keep the text of. Every fix rules make edits one file; one that edits
// several is left out. Files come back sorted by path.
func PlanFixes(run *run.Lint, unsafe bool) ([]FileFix, error) {
	byFile := map[string][]normalize.Fix{}
	for _, d := range run.Findings {
		f := d.Fix
		if f == nil || !f.Safe && !unsafe || len(f.Edits) == 0 {
			continue
		}
		abs := f.Edits[0].Abs
		if _, read := run.Sources[abs]; !read || slices.ContainsFunc(f.Edits, func(e normalize.Edit) bool { return e.Abs != abs }) {
			continue
		}
		byFile[abs] = append(byFile[abs], *f)
	}
	var out []FileFix
	for abs, fixes := range byFile {
		src := run.Sources[abs]
		chosen, _ := edit.Select(abs, fixes)
		after, err := edit.Apply(src.Text, edit.Edits(abs, chosen))
		if err != nil {
			return nil, fmt.Errorf("cannot fix %q: %v", src.Path, err)
		}
		out = append(out, FileFix{Path: src.Path, Abs: abs, Format: src.Format, Before: src.Text, After: after, Fixed: len(chosen)})
	}
	slices.SortFunc(out, func(a, b FileFix) int { return cmp.Compare(a.Path, b.Path) })
	return out, nil
}

// maxFixPasses bounds lint --fix: a fix that overlaps another waits for
// the next pass, and each pass lints again what the last one wrote.
const maxFixPasses = 10

// LintFix lints as Lint does, writes the fixes of what it finds (the safe
// ones, and the unsafe ones too with unsafe) through edit.WriteFile — each
// file refused when it changed since it was read, would not parse, or
// leads out of the project or the home by a link (writeScope) — and
// lints again, until no fix is left: the run it returns is what remains,
// with a note of what was fixed and an error for each file it did not
// write.
func LintFix(req LintRequest, unsafe bool) (*run.Lint, error) {
	fixed, files := 0, map[string]bool{}
	var refused []run.ToolError
	ctx := orBackground(req.Context)
	var dirs []string
	for pass := 1; ; pass++ {
		res, err := Lint(req)
		if err != nil {
			return nil, err
		}
		if pass == 1 {
			for _, p := range req.Paths {
				if p := absPath(res.Base, p); isDir(p) {
					dirs = append(dirs, p)
				}
			}
		}
		plan, err := PlanFixes(res, unsafe)
		if err != nil {
			return nil, err
		}
		wrote, stop := 0, false
		for _, f := range plan {
			if pass > maxFixPasses {
				break
			}
			if ctx.Err() != nil {
				refused = append(refused, run.ToolError{Path: f.Path, Message: fmt.Sprintf("interrupted before %q was fixed: it is as it was", f.Path)})
				stop = true
				continue
			}
			// the project: the start directory, or where lint was run
			// with paths, and the directories given
			in := writeScope(res.Base, res.Home, f.Abs, dirs...)
			if err := edit.WriteFile(ctx, in, f.Abs, f.Before, f.After, f.Format); err != nil {
				refused = append(refused, run.ToolError{Path: f.Path, Message: err.Error()})
				stop = stop || errors.Is(err, edit.ErrInterrupted)
				continue
			}
			fixed += f.Fixed
			files[f.Path] = true
			wrote++
		}
		if wrote == 0 || stop {
			if fixed > 0 {
				res.Notes = append(res.Notes, fmt.Sprintf("fixed %s in %s", plural(fixed, "finding"), plural(len(files), "file")))
			}
			res.Errors = append(res.Errors, refused...)
			return res, nil
		}
	}
}

// LintDiff lints as Lint does and returns, for each file a fix edits, its
// text and the text fixed (one pass: a fix that overlaps another waits
// for lint --fix's next pass), writing nothing.
func LintDiff(req LintRequest, unsafe bool) (*run.Lint, []FileFix, error) {
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

// Diffs are the files' changes as unified diffs (lint --diff).
func Diffs(files []FileFix) []string {
	out := make([]string, len(files))
	for i, f := range files {
		out[i] = edit.Diff(f.Path, f.Before, f.After)
	}
	return out
}

// isDir reports whether p is a directory (through links).
func isDir(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}
