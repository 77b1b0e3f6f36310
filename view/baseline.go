package view

import (
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
)

// LintBaseline is a run.BaselineResult as output shows it.
type LintBaseline struct {
	Path                    secret.Safe
	Written                 bool
	Entries, Matched, Fixed int
}

func lintBaseline(b *secret.Boundary, r *run.BaselineResult) *LintBaseline {
	if r == nil {
		return nil
	}
	return &LintBaseline{Path: b.Path(r.Path), Written: r.Written, Entries: r.Entries, Matched: r.Matched, Fixed: r.Fixed}
}
