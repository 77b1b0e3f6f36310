package main

import (
	"fmt"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// BenchmarkLintMonorepo lints generated monorepos of growing size with -r;
// time per op should grow linearly with the number of files (10 servers
// each), and memory not at all once a root is checked (each root's
// documents are released). files=2000 is the 20,000-server target from
// the README; files=8000 the monorepo of issue 17 (728 roots of one file
// per client: gen.Monorepo's packages/pkg-N). The roots metric is how
// many project roots lint -r checked.
func BenchmarkLintMonorepo(b *testing.B) {
	for _, files := range []int{500, 1000, 2000, 8000} {
		b.Run(fmt.Sprintf("files=%d", files), func(b *testing.B) { benchLintR(b, files) })
	}
}

// BenchmarkLintRoots lints with -r generated monorepos of 500, 2,000
// and 8,000 project roots, each with one file of each client (10 servers
// each): 5,500, 22,000 and 88,000 files (500 is the CI smoke's: the cost
// per root in seconds, not minutes). Its memory is what lint -r keeps of
// a root once checked; max RSS of the whole process is measured with
// mcpconf-gen and /usr/bin/time -v (docs/performance.md).
func BenchmarkLintRoots(b *testing.B) {
	for _, roots := range []int{500, 2000, 8000} {
		b.Run(fmt.Sprintf("roots=%d", roots), func(b *testing.B) { benchLintR(b, roots*gen.RootFiles()) })
	}
}

// benchLintR times lint -r on a generated monorepo of files files of 10
// servers; the roots metric is how many project roots it checks.
func benchLintR(b *testing.B, files int) {
	dir := b.TempDir()
	w, err := gen.Monorepo(dir, files, 10)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(w.Roots), "roots")
	io, _, errOut := testIO(nil)
	io.Out = io2discard{}
	io.Getwd = func() (string, error) { return dir, nil }
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if code := Main([]string{"lint", "-r", ".", "--home", dir, "--format", "json"}, io); code > 1 {
			b.Fatalf("exit %d: %s", code, errOut)
		}
	}
}

// TestMonorepoClean: the monorepo BenchmarkLintMonorepo lints holds
// configs each client reads as written, so the benchmark times linting
// of plausible files rather than the reporting of broken ones: lint -r
// finds nothing in it, in any client's file.
func TestMonorepoClean(t *testing.T) {
	dir := t.TempDir()
	w, err := gen.Monorepo(dir, 30, 3)
	if err != nil {
		t.Fatal(err)
	}
	io, out, errOut := testIO(nil)
	io.Getwd = func() (string, error) { return dir, nil }
	if code := Main([]string{"lint", "-r", ".", "--home", dir}, io); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out, errOut)
	}
	if want := fmt.Sprintf("no problems found in %d files\n", w.Files); out.String() != want {
		t.Errorf("lint -r of the generated monorepo:\n%s\nwant %q", out, want)
	}
}

// BenchmarkLintMinified lints one .mcp.json of 2,000 and 20,000 servers
// on a single line, three in four with a finding, as text and as JSON:
// text output must cost about what JSON costs (each snippet is a window
// of the line, the line is masked once).
func BenchmarkLintMinified(b *testing.B) {
	for _, servers := range []int{2000, 20000} {
		dir := b.TempDir()
		if err := gen.Minified(dir, servers); err != nil {
			b.Fatal(err)
		}
		for _, format := range []string{"text", "json"} {
			b.Run(fmt.Sprintf("servers=%d/format=%s", servers, format), func(b *testing.B) {
				io, _, errOut := testIO(nil)
				io.Out = io2discard{}
				io.Getwd = func() (string, error) { return dir, nil }
				b.ReportAllocs()
				for b.Loop() {
					if code := Main([]string{"lint", "--home", dir, "--format", format}, io); code > 1 {
						b.Fatalf("exit %d: %s", code, errOut)
					}
				}
			})
		}
	}
}

// BenchmarkExplainMinified explains one .mcp.json of 20,000 servers on a
// single line: every value crosses the secret boundary, which must cost
// time linear in the output whatever the number of secrets it learned.
func BenchmarkExplainMinified(b *testing.B) {
	dir := b.TempDir()
	if err := gen.Minified(dir, 20000); err != nil {
		b.Fatal(err)
	}
	for _, format := range []string{"text", "json"} {
		b.Run("format="+format, func(b *testing.B) {
			io, _, errOut := testIO(nil)
			io.Out = io2discard{}
			io.Getwd = func() (string, error) { return dir, nil }
			b.ReportAllocs()
			for b.Loop() {
				if code := Main([]string{"explain", "--home", b.TempDir(), "--format", format}, io); code != 0 {
					b.Fatalf("exit %d: %s", code, errOut)
				}
			}
		})
	}
}

type io2discard struct{}

func (io2discard) Write(p []byte) (int, error) { return len(p), nil }
