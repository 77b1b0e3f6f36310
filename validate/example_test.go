package validate

import (
	"fmt"
	"maps"
	"unicode"

	"github.com/mcpconf/mcpconf/internal/testtree"

	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// lintFiles writes files (see testtree.Write: "~/" paths go to the home,
// "<ROOT>" becomes the root) into a fresh tree and lints it with cfg as
// mcpconf lint --scope all does: every client whose files are there, each
// file judged by the clients that read it (pisces's merged view when
// pisces alone reads the tree).
func lintFiles(t *testing.T, files map[string]string, cfg *Config) []normalize.Diagnostic {
	t.Helper()
	return lintScope(t, files, cfg, discover.AllScopes)
}

// lintScope lints files in the client views of one scope.
func lintScope(t *testing.T, files map[string]string, cfg *Config, scope discover.ScopeFilter) []normalize.Diagnostic {
	t.Helper()
	root, home := testtree.Write(t, files)
	o := discover.Options{Root: root, Home: home, Isolated: true, AssumeTrusted: true}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	var ids []string // a case about one reader of a shared file names it
	if cfg != nil {
		ids = cfg.Clients
	}
	clients, err := o.SelectClients(ids, scope)
	if err != nil {
		t.Fatal(err)
	}
	ws := o.Scan(clients, scope)
	if len(ids) == 0 {
		ws.Guests = discover.Guests(ws) // as lint does (app.lintOne)
	}
	return RunWorkspace(ws, cfg)
}

// beyondGuests leaves out the info findings that concern only guests of
// the run (asGuests: Qwen Code on .mcp.json, where it expands nothing): a
// good example is good for the clients whose files it holds.
func beyondGuests(diags []normalize.Diagnostic) []normalize.Diagnostic {
	return slices.DeleteFunc(diags, func(d normalize.Diagnostic) bool {
		return d.ForGuests
	})
}

// lintMerged lints files in pisces's merged view of every provider
// (mcpconf lint --client pisces).
func lintMerged(t *testing.T, files map[string]string, cfg *Config) []normalize.Diagnostic {
	t.Helper()
	root, home := testtree.Write(t, files)
	return RunWorkspace(piscesWorkspace(t, discover.Options{Root: root, Home: home}), cfg)
}

// piscesWorkspace holds pisces's view of every scope (lint --client
// pisces).
func piscesWorkspace(t *testing.T, o discover.Options) *normalize.Workspace {
	t.Helper()
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.Scan([]*normalize.Client{normalize.ClientByID("pisces")}, discover.AllScopes)
}

func only(diags []normalize.Diagnostic, rule normalize.RuleID) []normalize.Diagnostic {
	var out []normalize.Diagnostic
	for _, d := range diags {
		if d.Rule == rule {
			out = append(out, d)
		}
	}
	return out
}

// TestRuleExamples runs every rule on its documented bad and good example.
func TestRuleExamples(t *testing.T) {
	for _, r := range Rules() {
		t.Run(string(r.ID), func(t *testing.T) {
			if r.Example.File == "" {
				if r.ID != "unreadable" && r.ID != "lint-config" && r.ID != "system-file-skipped" {
					t.Fatalf("rule %q has no example", r.ID)
				}
				t.Skip("no file content can show this rule")
			}
			cfg := exampleConfig(t, r)
			files := func(main string) map[string]string {
				m := map[string]string{r.Example.File: main}
				for k, v := range r.Example.Others {
					m[k] = v
				}
				return m
			}
			scope := discover.AllScopes
			if r.Example.ProjectScope {
				scope = discover.ProjectScopes
			}
			lint := func(files map[string]string, cfg *Config) []normalize.Diagnostic {
				return lintScope(t, files, cfg, scope)
			}
			bad := only(lint(files(r.Example.Bad), cfg), r.ID)
			if len(bad) == 0 {
				t.Errorf("rule %q does not fire on its bad example:\n%s", r.ID, r.Example.Bad)
			}
			for _, d := range bad {
				if !d.Pos.IsValid() {
					t.Errorf("finding without a position: %v", d)
				}
			}
			if good := only(beyondGuests(lint(files(r.Example.Good), cfg)), r.ID); len(good) > 0 {
				t.Errorf("rule %q fires on its good example: %v", r.ID, good)
			}
			if all := beyondGuests(lint(files(r.Example.Good), cfg)); len(all) > 0 {
				t.Errorf("the good example of %q is not clean: %v", r.ID, all)
			}
		})
	}
}

// exampleConfig is the example's .mcpconf.toml, with the rule enabled when
// it is off by default.
func exampleConfig(t *testing.T, r *Rule) *Config {
	t.Helper()
	var cfg *Config
	if r.Example.Config != "" {
		p := filepath.Join(t.TempDir(), ConfigFile)
		os.WriteFile(p, []byte(r.Example.Config), 0o644)
		c, diags, err := LoadConfig(p, ConfigFile, false)
		if err != nil || len(diags) > 0 {
			t.Fatalf("example config of %q: %v %v", r.ID, err, diags)
		}
		cfg = c
	}
	if r.Off {
		if cfg == nil {
			cfg = &Config{}
		}
		cfg.Enable = append(cfg.Enable, r.ID)
	}
	return cfg
}

// TestRuleDocs keeps the documentation data complete and in house style.
func TestRuleDocs(t *testing.T) {
	seen := map[normalize.RuleID]bool{}
	for _, r := range Rules() {
		if seen[r.ID] {
			t.Errorf("rule %q listed twice", r.ID)
		}
		seen[r.ID] = true
		if r.Title == "" || r.DocText() == "" {
			t.Errorf("rule %q lacks a title or doc", r.ID)
		}
		if strings.HasSuffix(r.Title, ".") || strings.ToLower(r.Title[:1]) != r.Title[:1] {
			t.Errorf("rule %q: title %q must start lower case and have no final period", r.ID, r.Title)
		}
		if r.For != nil && !slices.ContainsFunc(normalize.Clients(), func(c *normalize.Client) bool { return c.Views() && r.For(c) }) {
			t.Errorf("rule %q speaks for no client: its For matches no descriptor", r.ID)
		}
		if r.For != nil && r.Clients != "" && strings.Count(r.Clients, "%s") != 1 {
			t.Errorf("rule %q: Clients %q, a format with For, needs one %%s", r.ID, r.Clients)
		}
		for name := range r.parts {
			if n := strings.Count(r.doc, genOpen+name+genClose); n != 1 {
				t.Errorf("rule %q: generated part %q is in its doc %d times, want once", r.ID, name, n)
			}
		}
		if strings.Contains(r.DocText(), genOpen) {
			t.Errorf("rule %q: its doc holds a generated part without a generator", r.ID)
		}
	}
}

// applyEdits applies a finding's edits (byte ranges of one file) to src
// with the editor lint --fix uses.
func applyEdits(t *testing.T, src string, edits []normalize.Edit) string {
	t.Helper()
	out, err := edit.Apply([]byte(src), edits)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// TestRuleFixes: every rule that documents a fix fixes its own bad
// example — with the fix applied (unsafe ones too), the file lints clean
// of the rule and gains no other finding — and every finding that carries
// a fix belongs to a rule whose docs say so, safe as they say.
func TestRuleFixes(t *testing.T) {
	for _, r := range Rules() {
		if r.Example.File == "" {
			continue
		}
		t.Run(string(r.ID), func(t *testing.T) {
			cfg := exampleConfig(t, r)
			scope := discover.AllScopes
			if r.Example.ProjectScope {
				scope = discover.ProjectScopes
			}
			files := map[string]string{r.Example.File: r.Example.Bad}
			for k, v := range r.Example.Others {
				files[k] = v
			}
			before := lintScope(t, files, cfg, scope)
			var edits []normalize.Edit
			for _, d := range before {
				if d.Fix == nil {
					continue
				}
				if fr := Lookup(d.Rule); fr == nil || fr.Fix == "" || d.Fix.Safe == fr.FixUnsafe {
					t.Errorf("%s carries a fix (safe %v) its rule's docs do not describe", d, d.Fix.Safe)
				}
				if d.Rule != r.ID {
					continue
				}
				for _, e := range d.Fix.Edits {
					if e.Path != r.Example.File || strings.Contains(e.Text, "\n\n") {
						t.Fatalf("edit %+v", e)
					}
				}
				edits = append(edits, d.Fix.Edits...)
			}
			if r.Fix == "" {
				if len(edits) > 0 {
					t.Fatalf("rule %q has fixes but its docs do not say so", r.ID)
				}
				return
			}
			if len(edits) == 0 {
				t.Fatalf("rule %q documents a fix but its bad example gets none", r.ID)
			}
			files[r.Example.File] = applyEdits(t, r.Example.Bad, edits)
			after := beyondGuests(lintScope(t, files, cfg, scope))
			had := map[string]bool{}
			for _, d := range before {
				had[string(d.Rule)+"\x00"+d.Message] = true
			}
			for _, d := range after {
				if d.Rule == r.ID {
					t.Errorf("still reported after the fix:\n%s\n%s", files[r.Example.File], d)
				} else if !had[string(d.Rule)+"\x00"+d.Message] {
					t.Errorf("the fix adds a finding:\n%s\n%s", files[r.Example.File], d)
				}
			}
		})
	}
}

// ruleExamples are the bad examples of a rule: its Bad file and each of
// Also, every one with the example's other files.
func ruleExamples(r *Rule) []map[string]string {
	var out []map[string]string
	with := func(path, content string) map[string]string {
		files := map[string]string{path: content}
		for k, v := range r.Example.Others {
			files[k] = v
		}
		return files
	}
	if r.Example.File != "" {
		out = append(out, with(r.Example.File, r.Example.Bad))
	}
	for _, p := range slices.Sorted(maps.Keys(r.Example.Also)) {
		out = append(out, with(p, r.Example.Also[p]))
	}
	return out
}

// TestHintEdits: a hint that is a concrete config edit carries it as data
// (Diagnostic.Suggest), and prints it: every edit's new text is in the
// hint. Applied to the example that triggers it, the edit clears the
// finding and brings no new error. The edits are the rules' own, applied
// with the editor lint --fix uses; nothing here knows a rule. (Codex's
// bearer_token hint once said env_vars = ["BEARER_TOKEN"], which Codex
// refuses on a URL server: issue 27 item 16.)
func TestHintEdits(t *testing.T) {
	suggested := 0
	for _, r := range Rules() {
		for i, files := range ruleExamples(r) {
			t.Run(fmt.Sprintf("%s/%d", r.ID, i), func(t *testing.T) {
				cfg := exampleConfig(t, r)
				scope := discover.AllScopes
				if r.Example.ProjectScope {
					scope = discover.ProjectScopes
				}
				before := lintScope(t, files, cfg, scope)
				had := map[string]bool{}
				for _, d := range before {
					had[string(d.Rule)+"\x00"+d.Message] = true
				}
				for _, d := range before {
					if d.Rule != r.ID || d.Suggest == nil {
						continue
					}
					suggested++
					t.Logf("applies %s", d.Suggest.Description)
					fixed := maps.Clone(files)
					for _, path := range slices.Sorted(maps.Keys(files)) {
						var edits []normalize.Edit
						for _, e := range d.Suggest.Edits {
							if e.Path == path {
								edits = append(edits, e)
							}
						}
						if len(edits) > 0 {
							fixed[path] = applyEdits(t, files[path], edits)
						}
					}
					for _, e := range d.Suggest.Edits {
						// the hint prints each edit's text, up to layout and separators
						if !strings.Contains(noSpace(d.Hint), strings.Trim(noSpace(e.Text), ",")) {
							t.Errorf("%s: the hint does not print its edit %q:\n%s", d, e.Text, d.Hint)
						}
					}
					for _, a := range lintScope(t, fixed, cfg, scope) {
						switch {
						case a.Rule == d.Rule && a.Path == d.Path && a.Pointer == d.Pointer:
							t.Errorf("%s\nstill reported with the hint's edit (%s):\n%s", d, d.Suggest.Description, fixed[d.Path])
						case a.Severity == normalize.Error && !had[string(a.Rule)+"\x00"+a.Message]:
							t.Errorf("%s\nthe hint's edit (%s) brings an error:\n%s\n%s", d, d.Suggest.Description, fixed[a.Path], a)
						}
					}
				}
			})
		}
	}
	if suggested == 0 {
		t.Fatal("no hint carries its edit")
	}
}

// noSpace is s without its white space.
func noSpace(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}
