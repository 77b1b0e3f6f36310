package app

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
)

const (
	token = "ghp_abcdefghijklmnopqrstuvwxyz0123456789"
	// three findings: npx-without-yes in a and c, implicit-stdio in b,
	// and a hardcoded secret in c
	baselineBefore = `{
  "mcpServers": {
    "a": {"command": "npx", "args": ["pkg"]},
    "b": {"url": "https://x.example/mcp"},
    "c": {"command": "npx", "args": ["other"], "env": {"TOKEN": "` + token + `"}}
  }
}
`
	// the same findings, lines moved (inserted above and between), a
	// third server added with a new finding, and a's fixed
	baselineAfter = `{

  "mcpServers": {
    "a": {"command": "npx", "args": ["-y", "pkg"]},


    "b": {"url": "https://x.example/mcp"},
    "d": {"url": "https://y.example/mcp"},
    "c": {"command": "npx", "args": ["other"], "env": {"TOKEN": "` + token + `"}}
  }
}
`
)

func lintBaseline(t *testing.T, root, home string, req BaselineRequest, paths ...string) (*run.Lint, error) {
	t.Helper()
	res, err := Lint(LintRequest{Options: options(root, home), Paths: paths, Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	req.Cwd, req.Paths = root, paths
	return res, ApplyBaseline(res, req)
}

// TestBaseline: a baseline written from a run keeps its findings quiet
// after lines move; a new finding is still reported, and an entry whose
// finding is gone is counted as fixed and noted. The file is byte-stable,
// sorted, and holds no secret.
func TestBaseline(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": baselineBefore})
	file := filepath.Join(root, "baseline.json")
	res, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json", Write: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Baseline == nil || res.Baseline.Matched != 4 || res.Baseline.Entries != 4 || !res.Baseline.Written {
		t.Fatalf("after --write-baseline: findings %v, baseline %+v; want none left, 4 matched", rules(res.Findings), res.Baseline)
	}
	if len(res.Notes) != 1 || res.Notes[0] != `wrote 4 findings to the baseline "baseline.json"` {
		t.Errorf("notes %q", res.Notes)
	}
	first, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	want := `{
  "version": 2,
  "findings": [
    {"rule":"hardcoded-secret","path":".mcp.json","pointer":"/mcpServers/c/env/TOKEN","fingerprint":"2699adbc68bc35169b6e8194e449755d"},
    {"rule":"implicit-stdio","path":".mcp.json","pointer":"/mcpServers/b/url","fingerprint":"90a41de899fe804eb1655dc9d02ef7f8"},
    {"rule":"npx-without-yes","path":".mcp.json","pointer":"/mcpServers/a/args/0","fingerprint":"eab4af1ff8ccc0e0bb572163e48ea194"},
    {"rule":"npx-without-yes","path":".mcp.json","pointer":"/mcpServers/c/args/0","fingerprint":"0d28f3e26ed457150e1d67bef96dcb1b"}
  ]
}
`
	if string(first) != want {
		t.Errorf("baseline file:\n%s\nwant:\n%s", first, want)
	}
	if bytes.Contains(first, []byte(token)) || bytes.Contains(first, []byte("ghp_")) {
		t.Error("the baseline holds the secret")
	}
	// written again from the same findings: the same bytes
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json", Write: true}); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(file); !bytes.Equal(again, first) {
		t.Errorf("written twice, the baseline changed:\n%s\nthen:\n%s", first, again)
	}

	// lines moved: still quiet
	moved := strings.Replace(baselineBefore, "{\n", "{\n\n\n", 2)
	if err := os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Baseline.Matched != 4 || res.Baseline.Fixed != 0 || len(res.Notes) != 0 {
		t.Errorf("lines moved: findings %v, baseline %+v, notes %q; want all quiet", res.Findings, res.Baseline, res.Notes)
	}

	// a new finding, one fixed
	if err := os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(baselineAfter), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err = lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Findings[0].Rule != normalize.RuleImplicitStdio || res.Findings[0].Pointer != "/mcpServers/d/url" {
		t.Errorf("findings %v, want the new implicit-stdio of d alone", res.Findings)
	}
	if !Failing(res.Findings, normalize.Error) {
		t.Error("the new finding does not fail the run")
	}
	if res.Baseline.Matched != 3 || res.Baseline.Fixed != 1 {
		t.Errorf("baseline %+v, want 3 matched, 1 fixed", res.Baseline)
	}
	if len(res.Notes) != 1 || res.Notes[0] != `1 finding of the baseline "baseline.json" is fixed: run with --write-baseline to drop them` {
		t.Errorf("notes %q", res.Notes)
	}
	// written again: the fixed entry goes, the new finding comes
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json", Write: true}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(file)
	if bytes.Contains(got, []byte("/mcpServers/a/args/0")) || !bytes.Contains(got, []byte("/mcpServers/d/url")) {
		t.Errorf("rewritten baseline:\n%s", got)
	}
}

// TestBaselinePartial: a run that names files matches the entries of
// those files only; the entries of other files are neither fixed nor
// dropped when it writes.
func TestBaselinePartial(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".mcp.json":        baselineBefore,
		".cursor/mcp.json": `{"mcpServers": {"x": {"command": "npx", "args": ["pkg"]}}}`,
	})
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json", Write: true}); err != nil {
		t.Fatal(err)
	}
	whole, _ := os.ReadFile(filepath.Join(root, "b.json"))
	res, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json"}, ".mcp.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Baseline.Fixed != 0 || res.Baseline.Matched != 4 {
		t.Errorf("one file named: findings %v, baseline %+v; want its 4 matched, none fixed", res.Findings, res.Baseline)
	}
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json", Write: true}, ".mcp.json"); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(root, "b.json")); !bytes.Equal(again, whole) {
		t.Errorf("written from one file, the baseline lost the other's entries:\n%s\nwas:\n%s", again, whole)
	}
	// a directory named: the entries of the files under it are the
	// run's, a file gone included
	if err := os.Remove(filepath.Join(root, ".cursor/mcp.json")); err != nil {
		t.Fatal(err)
	}
	res, err = lintBaseline(t, root, home, BaselineRequest{Path: "b.json"}, ".mcp.json")
	if err != nil {
		t.Fatal(err)
	}
	if res.Baseline.Fixed != 0 {
		t.Errorf(".mcp.json named: baseline %+v; want the entry of .cursor/mcp.json, gone, kept (not fixed)", res.Baseline)
	}
	res, err = lintBaseline(t, root, home, BaselineRequest{Path: "b.json"}, ".cursor")
	if err != nil {
		t.Fatal(err)
	}
	// (.mcp.json is checked too: clients started in .cursor read it)
	if res.Baseline.Fixed != 1 || res.Baseline.Matched != 4 {
		t.Errorf(".cursor named, its file gone: baseline %+v; want its one entry fixed", res.Baseline)
	}
	res, err = lintBaseline(t, root, home, BaselineRequest{Path: "b.json"}, ".")
	if err != nil {
		t.Fatal(err)
	}
	if res.Baseline.Fixed != 1 || res.Baseline.Matched != 4 || len(res.Findings) != 0 {
		t.Errorf(". named: findings %v, baseline %+v; want 4 matched, 1 fixed", res.Findings, res.Baseline)
	}
}

// TestBaselineSpanningFinding: a file named brings the findings of
// another file about a server that spans both (pisces reads both; the
// definition of .pisces/mcp.json hides .cursor/mcp.json's); the other
// file is not the run's, so a baseline written from the named file keeps
// the other's entries as they were, neither dropped nor doubled, and
// none of them is called fixed.
func TestBaselineSpanningFinding(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "pkg"]}}}`,
		".cursor/mcp.json": `{"mcpServers": {"gh": {"command": "uvx", "args": ["pkg"]}, "x": {"command": "npx", "args": ["pkg"]}}}`,
	})
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json", Write: true}); err != nil {
		t.Fatal(err)
	}
	whole, _ := os.ReadFile(filepath.Join(root, "b.json"))
	if !strings.Contains(string(whole), `"shadowed"`) || !strings.Contains(string(whole), `"npx-without-yes"`) {
		t.Fatalf("want a shadowed and an npx-without-yes entry:\n%s", whole)
	}
	res, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json"}, ".pisces/mcp.json")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Baseline.Fixed != 0 || res.Baseline.Matched != 1 {
		t.Errorf(".pisces/mcp.json named: findings %v, baseline %+v; want the shadowed one matched, none fixed", res.Findings, res.Baseline)
	}
	if res.Files != 1 {
		t.Errorf(".pisces/mcp.json named: %d files checked, want 1", res.Files)
	}
	if _, err := lintBaseline(t, root, home, BaselineRequest{Path: "b.json", Write: true}, ".pisces/mcp.json"); err != nil {
		t.Fatal(err)
	}
	if again, _ := os.ReadFile(filepath.Join(root, "b.json")); !bytes.Equal(again, whole) {
		t.Errorf("written from .pisces/mcp.json:\n%s\nwas:\n%s", again, whole)
	}
}

// TestBaselineCounts: an entry keeps one finding quiet; two equal
// findings need two entries.
func TestBaselineCounts(t *testing.T) {
	dir := t.TempDir()
	d := normalize.Diagnostic{Rule: normalize.RuleNpxWithoutYes, Severity: normalize.Warning, Message: "m", Path: ".mcp.json", Pointer: "/mcpServers/a/args/0"}
	twice := func() *run.Lint {
		a, b := d, d
		a.Pos, b.Pos = normalize.Pos{Line: 3, Col: 1}, normalize.Pos{Line: 9, Col: 1}
		return &run.Lint{Findings: []normalize.Diagnostic{a, b}, Checked: map[string]*run.LintFile{".mcp.json": {}}}
	}
	one := &run.Lint{Findings: []normalize.Diagnostic{d}, Checked: map[string]*run.LintFile{".mcp.json": {}}}
	if err := ApplyBaseline(one, BaselineRequest{Path: "b.json", Cwd: dir, Write: true}); err != nil {
		t.Fatal(err)
	}
	res := twice()
	if err := ApplyBaseline(res, BaselineRequest{Path: "b.json", Cwd: dir}); err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 1 || res.Baseline.Matched != 1 {
		t.Errorf("one entry, two equal findings: %d left, baseline %+v; want one left", len(res.Findings), res.Baseline)
	}
	if err := ApplyBaseline(twice(), BaselineRequest{Path: "b.json", Cwd: dir, Write: true}); err != nil {
		t.Fatal(err)
	}
	res = twice()
	if err := ApplyBaseline(res, BaselineRequest{Path: "b.json", Cwd: dir}); err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) != 0 || res.Baseline.Entries != 2 {
		t.Errorf("two entries, two equal findings: %d left, baseline %+v; want none", len(res.Findings), res.Baseline)
	}
	res = &run.Lint{Checked: map[string]*run.LintFile{".mcp.json": {}}}
	if err := ApplyBaseline(res, BaselineRequest{Path: "b.json", Cwd: dir}); err != nil {
		t.Fatal(err)
	}
	if res.Baseline.Fixed != 2 || len(res.Notes) != 1 || !strings.HasPrefix(res.Notes[0], `2 findings of the baseline "b.json" are fixed`) {
		t.Errorf("both fixed: baseline %+v, notes %q", res.Baseline, res.Notes)
	}
}

// TestBaselineMalformed: a baseline that cannot be used is a usage error
// naming the file and the line and column of the problem.
func TestBaselineMalformed(t *testing.T) {
	const fp = `"fingerprint":"0123456789abcdef0123456789abcdef"`
	cases := []struct{ name, src, want string }{
		{"syntax", "{\"version\": 1,\n  \"findings\": [\n    {\"rule\": \"x\", }]}", `b.json:3:19: invalid JSON: invalid character '}'`},
		{"truncated", "{\"version\": 1,\n  \"findings\": [", `b.json:2:15: invalid JSON: unexpected end of JSON input`},
		{"type", "{\"version\": 1,\n  \"findings\": [\n    {\"rule\": 3}]}", `b.json:3:5: "rule" is number, not string`},
		{"unknown field", "{\"version\": 1,\n  \"findings\": [\n    {\"rule\": \"x\", \"line\": 3, " + fp + "}]}", `b.json:3:5: unknown field "line"`},
		{"unknown key", "{\"version\": 1, \"ignore\": []}", `b.json:1:16: unknown field "ignore"`},
		{"version 0", "{\"version\": 0, \"findings\": []}", `b.json:1:13: version 0 is not a version mcpconf writes`},
		{"no version", "{\"findings\": []}", `b.json:1:1: no "version"`},
		{"not an object", "[]", `b.json:1:1: want an object, found "["`},
		{"no rule", "{\"version\": 1, \"findings\": [{" + fp + "}]}", `b.json:1:29: a finding without "rule"`},
		{"fingerprint", "{\"version\": 1, \"findings\": [{\"rule\": \"x\", \"fingerprint\": \"zz\"}]}", `b.json:1:29: finding "x" has fingerprint "zz"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, "b.json"), []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, write := range []bool{false, true} {
				err := ApplyBaseline(&run.Lint{}, BaselineRequest{Path: "b.json", Cwd: dir, Write: write})
				var ue *UsageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.want) {
					t.Errorf("write %v: error %v, want a usage error with %q", write, err, c.want)
				}
			}
			if got, _ := os.ReadFile(filepath.Join(dir, "b.json")); string(got) != c.src {
				t.Error("a malformed baseline was overwritten")
			}
		})
	}
	err := ApplyBaseline(&run.Lint{}, BaselineRequest{Path: "nope.json", Cwd: t.TempDir()})
	if ue := (*UsageError)(nil); !errors.As(err, &ue) || !strings.Contains(err.Error(), `cannot read baseline "nope.json"`) {
		t.Errorf("missing baseline: %v", err)
	}
	if err := ApplyBaseline(&run.Lint{}, BaselineRequest{Write: true}); err == nil || !strings.Contains(err.Error(), "--write-baseline needs --baseline") {
		t.Errorf("--write-baseline without a file: %v", err)
	}
}

// TestBaselineOtherVersion: a baseline written by another version of
// mcpconf is refused when read (its entries cannot be trusted), with a
// message saying to write it again with --write-baseline, and
// --write-baseline does replace it, with this run's findings (it used to
// refuse it as "not a baseline", contradicting the message). A file that
// is no baseline is still left alone (TestBaselineMalformed).
func TestBaselineOtherVersion(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".mcp.json": baselineBefore})
	file := filepath.Join(root, "baseline.json")
	old := "{\n  \"version\": 3,\n  \"findings\": [{\"id\": \"x\"}],\n  \"more\": true\n}\n"
	if err := os.WriteFile(file, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json"})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `baseline baseline.json:2:14: version 3 is not supported: this mcpconf reads versions 1 and 2 (write it again with --write-baseline)`) {
		t.Fatalf("reading a baseline of version 3: %v", err)
	}
	if got, _ := os.ReadFile(file); string(got) != old {
		t.Fatal("reading the baseline changed it")
	}
	res, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json", Write: true})
	if err != nil {
		t.Fatalf("--write-baseline over a baseline of version 3: %v", err)
	}
	if len(res.Findings) != 0 || !res.Baseline.Written || res.Baseline.Entries != 4 {
		t.Errorf("findings %v, baseline %+v: want the 4 findings written and quiet", rules(res.Findings), res.Baseline)
	}
	wantNotes := []string{`the baseline "baseline.json" was of version 3: replaced by this run's findings, in version 2`, `wrote 4 findings to the baseline "baseline.json"`}
	if strings.Join(res.Notes, "\n") != strings.Join(wantNotes, "\n") {
		t.Errorf("notes %q, want %q", res.Notes, wantNotes)
	}
	got, _ := os.ReadFile(file)
	if !strings.HasPrefix(string(got), "{\n  \"version\": 2,") || strings.Contains(string(got), "more") {
		t.Errorf("the baseline was not replaced:\n%s", got)
	}
	// and it is read as written
	if res, err := lintBaseline(t, root, home, BaselineRequest{Path: "baseline.json"}); err != nil || len(res.Findings) != 0 {
		t.Errorf("the baseline written again: %v, findings %v", err, res)
	}
}

// TestBaselineNotWrittenOnToolErrors: a run that could not read every
// file leaves the baseline as it was, and says so.
func TestBaselineNotWrittenOnToolErrors(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "b.json")
	if err := os.WriteFile(file, []byte("{\n  \"version\": 1,\n  \"findings\": []\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	d := normalize.Diagnostic{Rule: normalize.RuleNpxWithoutYes, Severity: normalize.Warning, Message: "m", Path: ".mcp.json", Pointer: "/mcpServers/a/args/0"}
	res := &run.Lint{Findings: []normalize.Diagnostic{d}, Errors: []run.ToolError{{Path: "sub", Message: "permission denied"}}}
	if err := ApplyBaseline(res, BaselineRequest{Path: "b.json", Cwd: dir, Write: true}); err != nil {
		t.Fatal(err)
	}
	if res.Baseline.Written || len(res.Findings) != 1 || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "was not written") {
		t.Errorf("baseline %+v, findings %d, notes %q; want it not written, the finding reported", res.Baseline, len(res.Findings), res.Notes)
	}
	if got, _ := os.ReadFile(file); !strings.Contains(string(got), `"findings": []`) {
		t.Errorf("the baseline changed:\n%s", got)
	}
}
