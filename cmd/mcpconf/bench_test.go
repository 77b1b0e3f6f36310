package main

import (
	"fmt"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// BenchmarkLintMonorepo lints generated monorepos of growing size with -r;
// time per op should grow linearly with the number of files (10 servers
// each). files=2000 is the 20,000-server target from the README.
func BenchmarkLintMonorepo(b *testing.B) {
	for _, files := range []int{500, 1000, 2000} {
		b.Run(fmt.Sprintf("files=%d", files), func(b *testing.B) {
			dir := b.TempDir()
			if err := gen.Monorepo(dir, files, 10); err != nil {
				b.Fatal(err)
			}
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
		})
	}
}

type io2discard struct{}

func (io2discard) Write(p []byte) (int, error) { return len(p), nil }
