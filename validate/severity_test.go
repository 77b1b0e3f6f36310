package validate

import (
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestRuleSeverities: every severity a rule's documentation states
// (mcpconf rules, docs/rules.md: its default and each Context) is the one
// lint reports on the rule's own examples, and lint reports no other. The
// bad example shows the default severity, or a context marked Example
// (then a context with an example of its own shows the default).
func TestRuleSeverities(t *testing.T) {
	for _, r := range Rules() {
		if r.Example.File == "" {
			continue
		}
		t.Run(string(r.ID), func(t *testing.T) {
			cfg := exampleConfig(t, r)
			files := func(name, main string) map[string]string {
				m := map[string]string{name: main}
				for k, v := range r.Example.Others {
					m[k] = v
				}
				return m
			}
			scope := discover.AllScopes
			if r.Example.ProjectScope {
				scope = discover.ProjectScopes
			}
			stated := []normalize.Severity{r.Severity}
			for _, c := range r.Contexts {
				if c.Example {
					stated = append(stated, c.Severity)
				}
			}
			shown := map[normalize.Severity]bool{}
			for _, d := range only(lintScope(t, files(r.Example.File, r.Example.Bad), cfg, scope), r.ID) {
				shown[d.Severity] = true
				if !slices.Contains(stated, d.Severity) {
					t.Errorf("the bad example: lint reports %s, the doc says %v: %s", d.Severity, stated, d.Message)
				}
			}
			for _, c := range r.Contexts {
				if c.Example {
					if !shown[c.Severity] {
						t.Errorf("%s: the doc says %s on the bad example, lint reports %v", c.When, c.Severity, shown)
					}
					continue
				}
				name, bad := r.Example.File, r.Example.Bad
				if c.File != "" {
					name = c.File
				}
				if c.Bad != "" {
					bad = c.Bad
				}
				var diags []normalize.Diagnostic
				if c.Client == "pisces" {
					diags = lintMerged(t, files(name, bad), cfg)
				} else {
					diags = lintScope(t, files(name, bad), cfg, scope)
				}
				diags = only(diags, r.ID)
				if len(diags) == 0 {
					t.Errorf("%s: the rule does not fire on the context's example", c.When)
				}
				for _, d := range diags {
					shown[d.Severity] = true
					if d.Severity != c.Severity {
						t.Errorf("%s: the doc says %s, lint reports %s: %s", c.When, c.Severity, d.Severity, d.Message)
					}
				}
			}
			if !shown[r.Severity] {
				t.Errorf("no example shows the default severity %s (lint reports %v): give a context of the default its example", r.Severity, shown)
			}
		})
	}
}
