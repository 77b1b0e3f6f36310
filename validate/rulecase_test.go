package validate

import (
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// ruleCase is one table row of a rule's test: files to lint, an optional
// config, and every finding of the rule as
// "severity path:line:col: message [rule]".
type ruleCase struct {
	name  string
	files map[string]string
	cfg   *Config
	want  []string
	hint  string   // when set, the hint of the first finding
	hints []string // when set, the hints of every finding, in order
	// merged lints in pisces's merged view of every provider (lint
	// --client pisces) instead of the clients whose files are there.
	merged bool
}

// runRuleCases lints each case with the default rules, plus rule itself
// when it is off by default, and compares the rule's findings.
func runRuleCases(t *testing.T, rule normalize.RuleID, cases []ruleCase) {
	t.Helper()
	r := Lookup(rule)
	if r == nil {
		t.Fatalf("no rule %q", rule)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			if r.Off {
				if cfg == nil {
					cfg = &Config{}
				} else {
					cp := *cfg
					cfg = &cp
				}
				cfg.Enable = append(slices.Clone(cfg.Enable), rule)
			}
			lint := lintFiles
			if c.merged {
				lint = lintMerged
			}
			diags := only(lint(t, c.files, cfg), rule)
			got := make([]string, len(diags))
			hints := make([]string, len(diags))
			for i, d := range diags {
				got[i] = d.Severity.String() + " " + d.String()
				hints[i] = d.Hint
				if !d.Pos.IsValid() {
					t.Errorf("finding without a position: %v", d)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("findings of %s:\n got: %q\nwant: %q", rule, got, c.want)
			}
			if c.hint != "" && (len(hints) == 0 || hints[0] != c.hint) {
				t.Errorf("hint:\n got: %q\nwant: %q", hints, c.hint)
			}
			if c.hints != nil && strings.Join(hints, "\n") != strings.Join(c.hints, "\n") {
				t.Errorf("hints of %s:\n got: %q\nwant: %q", rule, hints, c.hints)
			}
		})
	}
}

// oneFile is shorthand for a one-file tree.
func oneFile(path, content string) map[string]string {
	return map[string]string{path: content}
}

// tree is shorthand for a tree of path, content pairs.
func tree(pairs ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return m
}

// envOf makes a Getenv from name, value pairs.
func envOf(pairs ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return func(k string) string { return m[k] }
}
