package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLintBaseline runs lint --write-baseline and --baseline as a team
// adopting mcpconf would: the backlog is recorded and quiet, lines move
// and it stays quiet, a new finding fails, a fixed one is noted, and a
// malformed baseline is a usage error at its position.
func TestLintBaseline(t *testing.T) {
	cfg := `{
  "mcpServers": {
    "a": {"command": "npx", "args": ["pkg"]},
    "b": {"url": "https://x.example/mcp"}
  }
}
`
	root := writeTree(t, map[string]string{".mcp.json": cfg})
	home := t.TempDir()
	base := filepath.Join(t.TempDir(), "baseline.json")
	lint := func(args ...string) (int, string, string) {
		t.Helper()
		return run(t, nil, append([]string{"lint", "--root", root, "--home", home, "--client", "claude"}, args...)...)
	}
	if code, _, _ := lint(); code != 1 {
		t.Fatalf("without a baseline: exit %d, want 1", code)
	}
	code, out, errOut := lint("--write-baseline", "--baseline", base)
	if code != 0 || !strings.Contains(out, `note: wrote 2 findings to the baseline "`+base+`"`) || !strings.HasSuffix(out, "no problems found in 1 file; 2 findings in the baseline\n") {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errOut)
	}
	written, err := os.ReadFile(base)
	if err != nil {
		t.Fatal(err)
	}
	if code, _, _ := lint("--write-baseline", "--baseline", base); code != 0 {
		t.Fatalf("--write-baseline again: exit %d", code)
	}
	if again, _ := os.ReadFile(base); !bytes.Equal(again, written) {
		t.Errorf("the baseline changed between two runs:\n%s\nthen:\n%s", written, again)
	}

	// lines inserted above the findings: quiet, in every format
	moved := strings.Replace(cfg, "{\n", "{\n\n\n\n", 1)
	if err := os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, format := range []string{"text", "json", "sarif", "github"} {
		if code, out, errOut := lint("--baseline", base, "--format", format, "--fail-on", "info"); code != 0 {
			t.Errorf("lines moved, --format %s: exit %d, want 0\n%s%s", format, code, out, errOut)
		}
	}

	// a new finding fails; a fixed one is noted
	fixed := strings.Replace(moved, `["pkg"]`, `["-y", "pkg"]`, 1)
	fixed = strings.Replace(fixed, `"b": {"url": "https://x.example/mcp"}`, `"b": {"url": "https://x.example/mcp"},
    "c": {"url": "https://y.example/mcp"}`, 1)
	if err := os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(fixed), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ = lint("--baseline", base)
	if code != 1 || !strings.Contains(out, `server "c" has "url" but no "type"`) || strings.Contains(out, `server "b"`) ||
		!strings.Contains(out, `note: 1 finding of the baseline "`+base+`" is fixed: run with --write-baseline to drop them`) ||
		!strings.HasSuffix(out, "1 error in 1 file; 1 finding in the baseline\n") {
		t.Errorf("a new finding, one fixed: exit %d\n%s", code, out)
	}
	code, out, _ = lint("--baseline", base, "--format", "json")
	var rep struct {
		Findings []struct{ Rule, Pointer string }
		Baseline *struct {
			Path                    string
			Written                 bool
			Entries, Matched, Fixed int
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("bad JSON (%v):\n%s", err, out)
	}
	if code != 1 || len(rep.Findings) != 1 || rep.Findings[0].Pointer != "/mcpServers/c/url" || rep.Baseline == nil ||
		rep.Baseline.Path != base || rep.Baseline.Entries != 2 || rep.Baseline.Matched != 1 || rep.Baseline.Fixed != 1 || rep.Baseline.Written {
		t.Errorf("JSON: exit %d, findings %+v, baseline %+v", code, rep.Findings, rep.Baseline)
	}
	// without --baseline, no "baseline" field
	if _, out, _ := lint("--format", "json"); strings.Contains(out, `"baseline"`) {
		t.Errorf("a \"baseline\" field without --baseline:\n%s", out)
	}

	// usage errors
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte("{\"version\": 1,\n  \"findings\": [\n    {\"rule\": \"x\",}\n  ]\n}\n"), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--baseline", bad}, "baseline " + bad + ":3:18: invalid JSON"},
		{[]string{"--write-baseline", "--baseline", bad}, "baseline " + bad + ":3:18: invalid JSON"},
		{[]string{"--baseline", bad + ".nope"}, `cannot read baseline "` + bad + `.nope"`},
		{[]string{"--write-baseline"}, "--write-baseline needs --baseline FILE"},
		{[]string{"--write-baseline", "--baseline", base, "--diff"}, "--write-baseline and --diff do not go together"},
	} {
		if code, out, errOut := lint(c.args...); code != 2 || out != "" || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and %q", c.args, code, out, errOut, c.want)
		}
	}
}

// TestLintBaselineWithFix: --fix with a baseline fixes the findings it
// records too; their entries are then noted as fixed, and written again
// the baseline is empty.
func TestLintBaselineWithFix(t *testing.T) {
	root := writeTree(t, map[string]string{".mcp.json": `{
  "mcpServers": {
    "a": {"command": "npx", "args": ["pkg"]},
    "b": {"url": "https://x.example/mcp"}
  }
}
`})
	home := t.TempDir()
	base := filepath.Join(t.TempDir(), "baseline.json")
	lint := func(args ...string) (int, string, string) {
		t.Helper()
		return run(t, nil, append([]string{"lint", "--root", root, "--home", home, "--client", "claude"}, args...)...)
	}
	if code, out, errOut := lint("--write-baseline", "--baseline", base); code != 0 {
		t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errOut)
	}
	code, out, errOut := lint("--fix", "--baseline", base)
	if code != 0 || !strings.Contains(out, `note: 2 findings of the baseline "`+base+`" are fixed`) {
		t.Errorf("--fix --baseline: exit %d\n%s%s", code, out, errOut)
	}
	if code, _, _ := lint("--write-baseline", "--baseline", base); code != 0 {
		t.Fatalf("--write-baseline after --fix: exit %d", code)
	}
	if got, _ := os.ReadFile(base); string(got) != "{\n  \"version\": 2,\n  \"findings\": []\n}\n" {
		t.Errorf("baseline after --fix and --write-baseline:\n%s", got)
	}
}

// TestLintBaselineSurvivesFix: a finding's identity survives mcpconf's
// own edits. --fix inserts "-y" before the package, which moves a
// baselined secret from args/1 to args/2: it is still the baseline's
// (exit 0), one finding is fixed (npx-without-yes), not two, and its SARIF
// fingerprint is the same before and after. A baseline the previous
// version wrote (version 1, fingerprints of the array index) still
// matches.
func TestLintBaselineSurvivesFix(t *testing.T) {
	cfg := `{
  "mcpServers": {
    "gh": {"command": "npx", "args": ["pkg", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"]}
  }
}
`
	// as mcpconf before issue 27 wrote it for cfg
	v1 := `{
  "version": 1,
  "findings": [
    {"rule":"hardcoded-secret","path":".mcp.json","pointer":"/mcpServers/gh/args/1","fingerprint":"23190aacd279a85898bc59a9acc1f00e"},
    {"rule":"npx-without-yes","path":".mcp.json","pointer":"/mcpServers/gh/args/0","fingerprint":"6ca9e57075572b7cf4a943db93b2289a"}
  ]
}
`
	sarifPrints := func(out string) map[string]string {
		t.Helper()
		var log struct {
			Runs []struct {
				Results []struct {
					RuleID              string
					PartialFingerprints map[string]string
				}
			}
		}
		if err := json.Unmarshal([]byte(out), &log); err != nil {
			t.Fatalf("bad SARIF (%v):\n%s", err, out)
		}
		m := map[string]string{}
		for _, r := range log.Runs[0].Results {
			for _, fp := range r.PartialFingerprints {
				m[r.RuleID] = fp
			}
		}
		return m
	}
	for _, c := range []struct{ name, baseline string }{{"written now", ""}, {"version 1", v1}} {
		t.Run(c.name, func(t *testing.T) {
			root := writeTree(t, map[string]string{".mcp.json": cfg})
			home := t.TempDir()
			base := filepath.Join(t.TempDir(), "baseline.json")
			lint := func(args ...string) (int, string, string) {
				t.Helper()
				return run(t, nil, append([]string{"lint", "--root", root, "--home", home, "--client", "claude"}, args...)...)
			}
			if c.baseline == "" {
				if code, out, errOut := lint("--write-baseline", "--baseline", base); code != 0 {
					t.Fatalf("--write-baseline: exit %d\n%s%s", code, out, errOut)
				}
			} else if err := os.WriteFile(base, []byte(c.baseline), 0o644); err != nil {
				t.Fatal(err)
			}
			if code, out, errOut := lint("--baseline", base); code != 0 {
				t.Fatalf("--baseline before --fix: exit %d\n%s%s", code, out, errOut)
			}
			_, before, _ := lint("--format", "sarif")
			code, out, errOut := lint("--fix", "--baseline", base)
			if code != 0 || !strings.Contains(out, `note: 1 finding of the baseline "`+base+`" is fixed`) || strings.Contains(out, "hardcoded-secret") {
				t.Errorf("--fix --baseline: exit %d, want 0 and 1 finding fixed\n%s%s", code, out, errOut)
			}
			if got, _ := os.ReadFile(filepath.Join(root, ".mcp.json")); !strings.Contains(string(got), `["-y", "pkg", "ghp_`) {
				t.Fatalf("--fix did not insert -y:\n%s", got)
			}
			_, after, _ := lint("--format", "sarif")
			b, a := sarifPrints(before), sarifPrints(after)
			if b["hardcoded-secret"] == "" || a["hardcoded-secret"] != b["hardcoded-secret"] {
				t.Errorf("the secret's SARIF fingerprint changed with --fix: %q, then %q", b, a)
			}
			if code, out, errOut := lint("--baseline", base, "--format", "json"); code != 0 || !strings.Contains(out, `"matched": 1`) {
				t.Errorf("--baseline after --fix: exit %d\n%s%s", code, out, errOut)
			}
		})
	}
}
