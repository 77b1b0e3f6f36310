package view

import "github.com/mcpconf/mcpconf/secret"

// BaselineResult is what lint's baseline did in a run (lint --baseline,
// --write-baseline): the findings it recorded are gone from the run's
// findings, and these numbers say what became of them.
type BaselineResult struct {
	Path    string // the baseline file, as given
	Written bool   // the file was (re)written from this run's findings
	Entries int    // entries in the file, after writing when Written
	// Matched counts the findings the baseline kept quiet.
	Matched int
	// Fixed counts the entries, of the files this run checked, that match
	// no finding any more: run with --write-baseline to drop them.
	Fixed int
}

// LintBaseline is a BaselineResult as output shows it.
type LintBaseline struct {
	Path                    secret.Safe
	Written                 bool
	Entries, Matched, Fixed int
}

func lintBaseline(b *secret.Boundary, r *BaselineResult) *LintBaseline {
	if r == nil {
		return nil
	}
	return &LintBaseline{Path: b.Path(r.Path), Written: r.Written, Entries: r.Entries, Matched: r.Matched, Fixed: r.Fixed}
}
