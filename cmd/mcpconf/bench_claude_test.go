package main

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// BenchmarkExplainClaudeJSON runs explain --client claude on a project
// whose ~/.claude.json holds the histories of many other projects, as
// Claude Code leaves it until its own clean-up runs: 1 MB (after the
// clean-up) and 50 MB, against a file holding only this project
// (size=0). Only the project's own entry is read into the document, so
// the 50 MB file costs a scan, not a parse.
func BenchmarkExplainClaudeJSON(b *testing.B) {
	for _, mb := range []int64{0, 1, 50} {
		b.Run(fmt.Sprintf("size=%dMB", mb), func(b *testing.B) {
			dir := b.TempDir()
			project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
			if err := os.MkdirAll(project, 0o755); err != nil {
				b.Fatal(err)
			}
			if _, err := gen.ClaudeJSON(filepath.Join(home, ".claude.json"), mb<<20, project); err != nil {
				b.Fatal(err)
			}
			io, out, errOut := testIO(nil)
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				out.Reset()
				if code := Main([]string{"explain", "--client", "claude", "--root", project, "--home", home, "--format", "json"}, io); code != 0 {
					b.Fatalf("exit %d: %s", code, errOut)
				}
			}
		})
	}
}
