package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// BenchmarkAddServers adds a server to Claude Code's user servers
// (~/.claude.json) and to its project's .mcp.json, each holding 2,000,
// 8,000 and 32,000 servers written on one line and indented, and removes
// it again: the time per op must grow linearly with the servers, the
// same for either layout (a file on one line once cost the square of its
// size). MCPCONF_BENCH_SERVERS sets other sizes, comma-separated
// (100000: the file of issue 26, 7 MB).
func BenchmarkAddServers(b *testing.B) {
	sizes := benchSizes(b, 2000, 8000, 32000)
	for _, n := range sizes {
		for _, layout := range []string{"oneline", "indented"} {
			dir := b.TempDir()
			if err := gen.ServersHome(dir, n, layout == "oneline"); err != nil {
				b.Fatal(err)
			}
			project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
			for _, scope := range []string{"user", "project"} {
				b.Run(fmt.Sprintf("servers=%d/%s/scope=%s", n, layout, scope), func(b *testing.B) {
					file := filepath.Join(project, ".mcp.json")
					if scope == "user" {
						file = filepath.Join(home, ".claude.json")
					}
					orig, err := os.ReadFile(file)
					if err != nil {
						b.Fatal(err)
					}
					io, out, errOut := testIO(nil)
					where := []string{"--client", "claude", "--scope", scope, "--root", project, "--home", home}
					b.ReportAllocs()
					for b.Loop() {
						out.Reset()
						if code := Main(append([]string{"add", "bench"}, append(where, "--", "uvx", "x")...), io); code != 0 {
							b.Fatalf("add: exit %d: %s", code, errOut)
						}
						if code := Main(append([]string{"remove", "bench"}, where...), io); code != 0 {
							b.Fatalf("remove: exit %d: %s", code, errOut)
						}
					}
					b.StopTimer()
					if now, err := os.ReadFile(file); err != nil || !bytes.Equal(now, orig) {
						b.Fatalf("%s is not as it was after add and remove (%v)", file, err)
					}
				})
			}
		}
	}
}

// BenchmarkSyncServers copies Claude Code's servers (the same 1,000,
// 2,000 and 8,000 in ~/.claude.json and .mcp.json, written on one line
// and indented) into Cursor's user file, created by each op: the time
// per op must grow linearly with the servers. Add parsed the file again
// after each server it wrote: 2,000 cost 7.9 s of CPU, 8,000 149 s; now
// every server bound for one file goes through one edit.Batch
// (TestSyncLinear guards it). MCPCONF_BENCH_SERVERS sets other sizes.
func BenchmarkSyncServers(b *testing.B) {
	sizes := benchSizes(b, 1000, 2000, 8000)
	for _, n := range sizes {
		for _, layout := range []string{"oneline", "indented"} {
			b.Run(fmt.Sprintf("servers=%d/%s", n, layout), func(b *testing.B) {
				dir := b.TempDir()
				if err := gen.ServersHome(dir, n, layout == "oneline"); err != nil {
					b.Fatal(err)
				}
				project, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
				target := filepath.Join(home, ".cursor", "mcp.json")
				io, out, errOut := testIO(nil)
				args := []string{"sync", "--from", "claude", "--to", "cursor", "--scope", "user", "--root", project, "--home", home}
				b.ReportAllocs()
				for b.Loop() {
					b.StopTimer()
					out.Reset()
					errOut.Reset()
					if err := os.RemoveAll(filepath.Dir(target)); err != nil {
						b.Fatal(err)
					}
					b.StartTimer()
					if code := Main(args, io); code != 0 {
						b.Fatalf("sync: exit %d: %s", code, errOut)
					}
				}
				b.StopTimer()
				if data, err := os.ReadFile(target); err != nil || bytes.Count(data, []byte(`"command"`)) != n {
					b.Fatalf("%s does not hold the %d servers (%v)", target, n, err)
				}
			})
		}
	}
}

// benchSizes are the numbers of servers a benchmark runs with: defaults,
// or those MCPCONF_BENCH_SERVERS lists, comma-separated.
func benchSizes(b *testing.B, defaults ...int) []int {
	s := os.Getenv("MCPCONF_BENCH_SERVERS")
	if s == "" {
		return defaults
	}
	var sizes []int
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			b.Fatalf("MCPCONF_BENCH_SERVERS: %v", err)
		}
		sizes = append(sizes, n)
	}
	return sizes
}
