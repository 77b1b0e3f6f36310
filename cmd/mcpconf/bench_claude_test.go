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

// BenchmarkAddClaudeJSON adds a server to Claude Code's local scope (the
// project's entry in ~/.claude.json) and removes it again, on a file of
// 1 MB and of 50 MB of other projects' histories: the write reads the
// file as views do (only the entries near the project parsed), checks
// the result in one pass, and then reads every view again.
func BenchmarkAddClaudeJSON(b *testing.B) {
	for _, mb := range []int64{1, 50} {
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
				if code := Main([]string{"add", "bench", "--client", "claude", "--scope", "local", "--root", project, "--home", home, "--", "uvx", "x"}, io); code != 0 {
					b.Fatalf("add: exit %d: %s", code, errOut)
				}
				if code := Main([]string{"remove", "bench", "--client", "claude", "--scope", "local", "--root", project, "--home", home}, io); code != 0 {
					b.Fatalf("remove: exit %d: %s", code, errOut)
				}
			}
		})
	}
}
