package probe

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"
)

// Servers that send more than any real one does, to prove that probe
// bounds what it keeps. They are behaviours of the test binary (see
// TestMain) so that a stdio one is a process of its own, and an HTTP one
// can be too when memory is measured.

// floodEnv sets the pages of a flooding server: "TOOLS,DESC" is TOOLS
// tools a page, each with a description of DESC bytes.
const floodEnv = "PROBE_FLOOD"

// floodSize reads floodEnv; 1000 tools of 16 KiB (a 16 MiB page) by
// default, the adversarial case that pushed probe to 1.25 GB in 30 s.
func floodSize() (tools, desc int) {
	tools, desc = 1000, 16<<10
	if v := os.Getenv(floodEnv); v != "" {
		a, b, _ := strings.Cut(v, ",")
		tools, _ = strconv.Atoi(a)
		desc, _ = strconv.Atoi(b)
	}
	return tools, desc
}

// newFloodServer answers every tools/list with a full page and a cursor
// it never gave before, so the listing never ends on its own.
func newFloodServer(tools, desc int) *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "flood", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "seed"}, func(context.Context, *mcp.CallToolRequest, searchArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	text := strings.Repeat("x", desc)
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			page := 0
			if lr, ok := req.(*mcp.ListToolsRequest); ok && lr.Params != nil {
				page, _ = strconv.Atoi(lr.Params.Cursor)
			}
			res := &mcp.ListToolsResult{NextCursor: strconv.Itoa(page + 1), Tools: make([]*mcp.Tool, 0, tools)}
			for i := range tools {
				res.Tools = append(res.Tools, &mcp.Tool{Name: fmt.Sprintf("t%d_%d", page, i), Description: text,
					InputSchema: map[string]any{"type": "object"}})
			}
			return res, nil
		}
	})
	return s
}

// runAdversaryServer runs the behaviours of this file; ok is false for
// the others.
func runAdversaryServer(behaviour string) (code int, ok bool) {
	ctx := context.Background()
	switch behaviour {
	case "flood":
		tools, desc := floodSize()
		if err := newFloodServer(tools, desc).Run(ctx, &mcp.StdioTransport{}); err != nil {
			return 1, true
		}
		return 0, true
	case "big":
		if err := newBigServer(parseBigSize(os.Getenv(bigEnv))).Run(ctx, &mcp.StdioTransport{}); err != nil {
			return 1, true
		}
		return 0, true
	case "bigname":
		// Its handshake answer is as large as PROBE_FLOOD's description
		// size: the server's name.
		_, size := floodSize()
		s := mcp.NewServer(&mcp.Implementation{Name: strings.Repeat("n", size), Version: "1"}, nil)
		if err := s.Run(ctx, &mcp.StdioTransport{}); err != nil {
			return 1, true
		}
		return 0, true
	case "flood-http":
		// Serves streamable HTTP on a loopback port it prints, until
		// its stdin closes (the parent is gone).
		tools, desc := floodSize()
		srv := newFloodServer(tools, desc)
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1, true
		}
		h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, &mcp.StreamableHTTPOptions{Stateless: true})
		go http.Serve(l, h)
		fmt.Printf("http://%s/mcp\n", l.Addr())
		io.Copy(io.Discard, os.Stdin)
		return 0, true
	}
	return 0, false
}

// startHTTPServerProcess starts the test binary as an HTTP server of a
// behaviour and returns its URL; the process ends with the test.
func startHTTPServerProcess(t *testing.T, behaviour string, extraEnv ...string) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append([]string{serverEnv + "=" + behaviour, "PROBE_TEST_ID=" + testID, "PATH=" + os.Getenv("PATH")}, extraEnv...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		stdin.Close()
		cmd.Process.Kill()
		cmd.Wait()
	})
	line, err := bufio.NewReader(stdout).ReadString('\n')
	if err != nil {
		t.Fatalf("the server printed no URL: %v", err)
	}
	return strings.TrimSpace(line)
}

// vmHWM is this process's peak resident memory in MiB, from
// /proc/self/status.
func vmHWM(t *testing.T) float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		t.Skip("no /proc/self/status")
	}
	for _, l := range strings.Split(string(b), "\n") {
		if rest, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			kb, _ := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			return float64(kb) / 1024
		}
	}
	return 0
}

// TestPeakMemoryFlood measures the peak memory of probing a server that
// sends 16 MiB tools/list pages with fresh cursors, over stdio and over
// streamable HTTP (the server in a process of its own, so that only the
// prober is measured). It takes a while and measures best in a process of
// its own, so it runs only when asked:
//
//	PROBE_MEASURE=stdio go test ./probe -run TestPeakMemoryFlood -count=1 -v
//	PROBE_MEASURE=http go test ./probe -run TestPeakMemoryFlood -count=1 -v
//
// PROBE_FLOOD=TOOLS,DESC sets the pages (see floodEnv), e.g. 1000,7000
// for pages just under the 8 MiB bound of a message.
func TestPeakMemoryFlood(t *testing.T) {
	which := os.Getenv("PROBE_MEASURE")
	if which == "" {
		t.Skip("set PROBE_MEASURE=stdio or http to measure")
	}
	timeout := 30 * time.Second
	if v, err := time.ParseDuration(os.Getenv("PROBE_MEASURE_TIMEOUT")); err == nil {
		timeout = v
	}
	var env []string // PROBE_FLOOD, to measure pages of another size
	if v := os.Getenv(floodEnv); v != "" {
		env = append(env, floodEnv+"="+v)
	}
	var target Target
	switch which {
	case "stdio":
		target = stdioTarget(t, "flood", env...)
	case "http":
		target = httpTarget(startHTTPServerProcess(t, "flood-http", env...), normalize.HTTP, true)
	default:
		t.Fatalf("PROBE_MEASURE=%q: stdio or http", which)
	}
	target.Timeout = timeout
	before := vmHWM(t)
	start := time.Now()
	r := Run(context.Background(), []Target{target}, Options{Tools: true})[0]
	t.Logf("%s: status %q reason %q after %s, %d tools kept; peak RSS %.0f MiB (%.0f MiB before the probe)",
		which, r.Status, r.Reason, time.Since(start).Round(time.Millisecond), len(r.Tools), vmHWM(t), before)
	for _, d := range r.Diagnostics {
		t.Logf("  %s: %s", d.Rule, cut(d.Message, 200))
	}
}
