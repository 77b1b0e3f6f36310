//go:build unix

package probe

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The benchmarks compare Run with a lean client that does only what the
// SDK's own example does: spawn with CommandTransport, connect (the
// handshake), list every tool, close. Run does more (process group,
// stdout filter, resources and prompts counted, cleanup of the group),
// and must stay within 10% of it.

func benchServer(b *testing.B, behaviour string) (string, []string) {
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	return exe, []string{serverEnv + "=" + behaviour, "PATH=" + os.Getenv("PATH")}
}

func baselineProbe(b *testing.B, exe string, env []string) int {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cmd := exec.Command(exe)
	cmd.Env = env
	client := mcp.NewClient(&mcp.Implementation{Name: "baseline", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		b.Fatal(err)
	}
	n := 0
	for _, err := range cs.Tools(ctx, nil) {
		if err != nil {
			b.Fatal(err)
		}
		n++
	}
	cs.Close()
	return n
}

func benchBaseline(b *testing.B, behaviour string) {
	exe, env := benchServer(b, behaviour)
	for b.Loop() {
		baselineProbe(b, exe, env)
	}
	reportRSS(b)
}

func benchRun(b *testing.B, behaviour string, n int) {
	exe, env := benchServer(b, behaviour)
	targets := make([]Target, n)
	for i := range targets {
		targets[i] = Target{Name: "s", Transport: "stdio", Command: exe, Env: env}
	}
	for b.Loop() {
		for _, r := range Run(context.Background(), targets, Options{Parallel: n}) {
			if r.Status != StatusOK {
				b.Fatalf("%s: %+v", r.Status, r.Diagnostics)
			}
		}
	}
	reportRSS(b)
}

// selfCPU is the CPU time (user and system) this process has used.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportRSS reports the peak resident memory of the benchmark process
// and of the largest server it started.
func reportRSS(b *testing.B) {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil && runtime.GOOS == "linux" {
		b.ReportMetric(float64(ru.Maxrss)/1024, "peak-MB")
	}
	if syscall.Getrusage(syscall.RUSAGE_CHILDREN, &ru) == nil && runtime.GOOS == "linux" {
		b.ReportMetric(float64(ru.Maxrss)/1024, "child-peak-MB")
	}
}

// A server with tools only: Run does the same protocol work as the
// baseline.
func BenchmarkBaselineStdio(b *testing.B) { benchBaseline(b, "toolsonly") }
func BenchmarkRunStdio(b *testing.B)      { benchRun(b, "toolsonly", 1) }

// A server with resources and prompts too, which Run counts and the
// baseline does not.
func BenchmarkBaselineStdioCounts(b *testing.B) { benchBaseline(b, "ok") }
func BenchmarkRunStdioCounts(b *testing.B)      { benchRun(b, "ok", 1) }

// 2,000 tools over 20 pages.
func BenchmarkBaselineStdioMany(b *testing.B) { benchBaseline(b, "many") }
func BenchmarkRunStdioMany(b *testing.B)      { benchRun(b, "many", 1) }

// Twenty servers at once. "slow" servers spend 300ms starting without
// using the CPU, like most real servers (a download, a database): twenty
// of them must take about as long as one. The others are CPU-bound from
// the first instruction, and twenty of those are limited by the cores.
func BenchmarkRunStdioSlow(b *testing.B)   { benchRun(b, "slow", 1) }
func BenchmarkRunStdioSlow20(b *testing.B) { benchRun(b, "slow", 20) }
func BenchmarkRunStdio20(b *testing.B)     { benchRun(b, "toolsonly", 20) }

// shellServer is an MCP server in a few lines of POSIX shell, with no
// process started per message: a server that costs almost no CPU, so that
// twenty of them measure probe's parallelism rather than the cores. It
// waits $DELAY seconds first, as a server waiting on the network does.
const shellServer = `#!/bin/sh
sleep "${DELAY:-0}"
while IFS= read -r line; do
  id=${line#*\"id\":}; id=${id%%[,\}]*}
  case "$line" in
    *'"method":"server/discover"'*) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}\n' "$id";;
    *'"method":"initialize"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{"name":"sh","version":"1"}}}\n' "$id";;
    *'"method":"tools/list"'*) printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"echo","inputSchema":{"type":"object"}}]}}\n' "$id";;
  esac
done
`

func benchShell(b *testing.B, n int) {
	path := filepath.Join(b.TempDir(), "server.sh")
	if err := os.WriteFile(path, []byte(shellServer), 0o755); err != nil {
		b.Fatal(err)
	}
	targets := make([]Target, n)
	for i := range targets {
		targets[i] = Target{Name: "sh", Transport: "stdio", Command: path, Env: []string{"DELAY=0.3", "PATH=" + os.Getenv("PATH")}}
	}
	for b.Loop() {
		for _, r := range Run(context.Background(), targets, Options{Parallel: n}) {
			if r.Status != StatusOK || len(r.Tools) != 1 {
				b.Fatalf("%s: %+v", r.Status, r.Diagnostics)
			}
		}
	}
	reportRSS(b)
}

func BenchmarkRunShell(b *testing.B)   { benchShell(b, 1) }
func BenchmarkRunShell20(b *testing.B) { benchShell(b, 20) }

// BenchmarkRunVsBaseline alternates the baseline and Run on the same
// server, one each per iteration, so that the load of a shared machine
// weighs on both alike, and reports Run's time over the baseline's.
func BenchmarkRunVsBaseline(b *testing.B) {
	for _, behaviour := range []string{"toolsonly", "ok"} {
		b.Run(behaviour, func(b *testing.B) {
			exe, env := benchServer(b, behaviour)
			targets := []Target{{Name: "s", Transport: "stdio", Command: exe, Env: env}}
			var base, run, baseCPU, runCPU time.Duration
			for b.Loop() {
				c0, t0 := selfCPU(), time.Now()
				baselineProbe(b, exe, env)
				c1, t1 := selfCPU(), time.Now()
				if r := Run(context.Background(), targets, Options{})[0]; r.Status != StatusOK {
					b.Fatalf("%s: %+v", r.Status, r.Diagnostics)
				}
				base += t1.Sub(t0)
				run += time.Since(t1)
				baseCPU += c1 - c0
				runCPU += selfCPU() - c1
			}
			ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / float64(b.N) / 1000 }
			b.ReportMetric(ms(base), "baseline-ms")
			b.ReportMetric(ms(run), "run-ms")
			b.ReportMetric(float64(run)/float64(base), "run/baseline")
			b.ReportMetric(ms(baseCPU), "baseline-cpu-ms")
			b.ReportMetric(ms(runCPU), "run-cpu-ms")
		})
	}
}
