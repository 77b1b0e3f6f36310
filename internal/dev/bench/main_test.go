package main

import (
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

const planted = `goos: linux
goarch: amd64
pkg: github.com/mcpconf/mcpconf/cmd/mcpconf
cpu: AMD EPYC
BenchmarkLintTypical-2   	      20	   4812345 ns/op	 1460674 B/op	   12735 allocs/op
BenchmarkLintRoots/roots=500-2         	       1	%s ns/op	%s B/op	 9000000 allocs/op
BenchmarkStartup-2   	      20	  9940000 ns/op
BenchmarkLintVsStartup-2   	      20	  33121734 ns/op	        22.55 lint-ms	         2.138 lint/version	        10.55 version-ms	   13928 B/op	      73 allocs/op
PASS
`

var plantedSet = []Ceiling{
	{Pkg: "./cmd/mcpconf", Name: "BenchmarkLintTypical", Benchtime: "20x", NsPerOp: 48e6, BytesPerOp: 14.6e6, Line: 1},
	{Pkg: "./cmd/mcpconf", Name: "BenchmarkLintRoots/roots=500", Benchtime: "1x", NsPerOp: 40e9, BytesPerOp: 20e9, Line: 2},
	{Pkg: "./cmd/mcpconf", Name: "BenchmarkStartup", Benchtime: "20x", NsPerOp: 99e6, BytesPerOp: -1, Line: 3},
}

func checkPlanted(t *testing.T, ns, bytes string) []string {
	t.Helper()
	out := strings.NewReplacer("%s ns/op", ns+" ns/op", "%s B/op", bytes+" B/op").Replace(planted)
	return check(plantedSet, parseResults([]byte(out)), io.Discard)
}

// TestCheck: the smoke passes figures under their ceilings and fails,
// naming the benchmark, one slower or fatter by an order of magnitude,
// and one that reports nothing (renamed, or gone).
func TestCheck(t *testing.T) {
	if f := checkPlanted(t, "4012345678", "1803000000"); len(f) > 0 {
		t.Fatalf("figures under their ceilings failed: %q", f)
	}
	f := checkPlanted(t, "41012345678", "1803000000")
	if len(f) != 1 || !strings.Contains(f[0], "BenchmarkLintRoots/roots=500") || !strings.Contains(f[0], "41s per op, above its ceiling of 40s") {
		t.Errorf("a planted slow result (41 s, ceiling 40 s): %q", f)
	}
	f = checkPlanted(t, "4012345678", "21000000000")
	if len(f) != 1 || !strings.Contains(f[0], "21GB allocated per op, above its ceiling of 20GB") {
		t.Errorf("a planted fat result (21 GB, ceiling 20 GB): %q", f)
	}
	set := append(plantedSet, Ceiling{Pkg: "./lsp", Name: "BenchmarkDiagnostics", NsPerOp: 1e9, BytesPerOp: -1, Line: 9})
	f = check(set, parseResults([]byte(strings.ReplaceAll(planted, "%s", "1"))), io.Discard)
	if len(f) != 1 || !strings.Contains(f[0], "BenchmarkDiagnostics (./lsp): no result") || !strings.Contains(f[0], "line 9") {
		t.Errorf("a benchmark that reports nothing: %q", f)
	}
	// a result without B/op where bytes are guarded
	f = check(plantedSet[2:], map[string]Result{"BenchmarkStartup": {NsPerOp: 1e6}}, io.Discard)
	if len(f) != 0 {
		t.Errorf("a time-only ceiling asked for bytes: %q", f)
	}
	f = check(plantedSet[:1], map[string]Result{"BenchmarkLintTypical": {NsPerOp: 1e6}}, io.Discard)
	if len(f) != 1 || !strings.Contains(f[0], "no B/op") {
		t.Errorf("a result without B/op: %q", f)
	}
}

// TestParseResults: names lose their -GOMAXPROCS suffix only; custom
// metrics are read past.
func TestParseResults(t *testing.T) {
	r := parseResults([]byte(strings.NewReplacer("%s", "1").Replace(planted)))
	if got := r["BenchmarkLintVsStartup"]; got.NsPerOp != 33121734 || got.BytesPerOp != 13928 || !got.HasBytes {
		t.Errorf("BenchmarkLintVsStartup: %+v", got)
	}
	if got := r["BenchmarkStartup"]; got.NsPerOp != 9940000 || got.HasBytes {
		t.Errorf("BenchmarkStartup: %+v", got)
	}
	if _, ok := r["BenchmarkLintRoots/roots=500"]; !ok {
		t.Errorf("sub-benchmark not read: %v", r)
	}
	if got := pattern("BenchmarkLintMinified/servers=20000/format=json"); got != `^BenchmarkLintMinified$/^servers=20000$/^format=json$` {
		t.Errorf("pattern: %s", got)
	}
}

// TestParseCeilings: the file's mistakes are said with their line.
func TestParseCeilings(t *testing.T) {
	for src, want := range map[string]string{
		"./x BenchmarkA 1x 1s":                             "f:1: 4 fields, want 5",
		"./x A 1x 1s -":                                    `f:1: "A" is not a benchmark's name`,
		"./x BenchmarkA 1 1s -":                            `f:1: benchtime "1", want a count`,
		"./x BenchmarkA 1x fast -":                         `f:1: time per op "fast"`,
		"./x BenchmarkA 1x 1s lots":                        `f:1: bytes per op "lots"`,
		"\n./x BenchmarkA 1x 1s -\n./y BenchmarkA 1x 1s -": `f:3: "BenchmarkA" is listed twice`,
		"# nothing\n":                                      "f: no benchmark listed",
	} {
		_, err := parseCeilings("f", []byte(src))
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: %v, want %s…", src, err, want)
		}
	}
	set, err := parseCeilings("f", []byte("./x BenchmarkA/b=1 3x 1.5s 20MB # c\n./y BenchmarkB 100x 20ms -\n"))
	if err != nil || len(set) != 2 || set[0].NsPerOp != 1.5e9 || set[0].BytesPerOp != 20e6 || set[1].BytesPerOp != -1 || set[1].Line != 2 {
		t.Errorf("%+v, %v", set, err)
	}
}

// TestCeilingsFile: the committed set names benchmarks that exist, in
// packages that exist, and holds the set: typical lint,
// start-up, a monorepo of 2,000 files, many roots, 20,000 minified
// servers, a 50 MB ~/.claude.json, a probe of one stdio server, and the
// language server's change to diagnostics.
func TestCeilingsFile(t *testing.T) {
	root := filepath.Join("..", "..", "..")
	set, err := readCeilings(filepath.Join(root, "testdata", "bench", "ceilings.txt"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, c := range set {
		names[c.Name] = true
		top, _, _ := strings.Cut(c.Name, "/")
		files, _ := filepath.Glob(filepath.Join(root, c.Pkg, "*_test.go"))
		if len(files) == 0 {
			t.Errorf("line %d: no tests in package %s", c.Line, c.Pkg)
			continue
		}
		decl := regexp.MustCompile(`(?m)^func ` + regexp.QuoteMeta(top) + `\(b \*testing\.B\)`)
		found := false
		for _, f := range files {
			src, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			found = found || decl.Match(src)
		}
		if !found {
			t.Errorf("line %d: no func %s in %s", c.Line, top, c.Pkg)
		}
	}
	for _, want := range []string{"BenchmarkLintTypical", "BenchmarkStartup", "BenchmarkLintMonorepo/files=2000", "BenchmarkLintRoots/roots=500",
		"BenchmarkLintMinified/servers=20000/format=json", "BenchmarkExplainClaudeJSON/size=50MB", "BenchmarkRunStdio", "BenchmarkDiagnostics"} {
		if !names[want] {
			t.Errorf("%s is not in the set", want)
		}
	}
}

// TestCompare: bench compare runs the set on two commits, each in a
// worktree it removes, and prints benchstat's table of both (one cheap
// benchmark, the commit against itself).
func TestCompare(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a benchmark twice")
	}
	set := filepath.Join(t.TempDir(), "set.txt")
	if err := os.WriteFile(set, []byte("./discover  BenchmarkDiscover  1x  1s  100MB\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, log strings.Builder
	if code := compare([]string{"-count", "1", "-file", set, "HEAD", "HEAD"}, &out, &log); code != 0 {
		t.Fatalf("exit %d: %s", code, &log)
	}
	for _, want := range []string{"old-", "new-", "Discover"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("benchstat's table has no %q:\n%s\nlog:\n%s", want, &out, &log)
		}
	}
	if b, _ := exec.Command("git", "worktree", "list").Output(); strings.Contains(string(b), "mcpconf-compare-") {
		t.Errorf("a worktree is left:\n%s", b)
	}
}
