//go:build unix

package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// TestProbeInterrupted: Ctrl-C (SIGINT) during a probe exits 130 and
// SIGTERM 143, 128 and the signal's number as shells report a command a
// signal stopped, not 1 as if a server had failed. The signal is real: the
// test sends it to its own process while mcpconf's handler is installed,
// once the server has started.
func TestProbeInterrupted(t *testing.T) {
	for _, c := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			sh, err := exec.LookPath("sh")
			if err != nil {
				t.Skip(err)
			}
			started := filepath.Join(t.TempDir(), "started")
			root, home := writeTreeHome(t, map[string]string{
				"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"slow": {"command": %q, "args": ["-c", "echo > %s; while read -r line; do :; done"]}}}`, sh, started),
			})
			io, out, errOut := testIO(nil)
			ctx, stop := interruptContext(context.Background())
			io.Context = ctx
			done := make(chan struct{})
			sent := make(chan bool, 1)
			go func() {
				// only while the handler is installed: otherwise the
				// signal would stop the test binary
				for {
					select {
					case <-done:
						sent <- false
						return
					case <-time.After(10 * time.Millisecond):
					}
					if _, err := os.Stat(started); err == nil {
						syscall.Kill(os.Getpid(), c.sig)
						sent <- true
						return
					}
				}
			}()
			begin := time.Now()
			code := Main([]string{"probe", "--root", root, "--home", home, "--client", "cursor", "--timeout", "20s"}, io)
			close(done)
			if !<-sent {
				t.Fatalf("the server did not start: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
			}
			stop()
			if code != c.want {
				t.Errorf("exit %d, want %d\nstdout: %s\nstderr: %s", code, c.want, out, errOut)
			}
			if d := time.Since(begin); d > 10*time.Second {
				t.Errorf("the probe ran %v after the signal", d)
			}
		})
	}
}

// TestAddInterrupted: Ctrl-C (SIGINT) or SIGTERM shortly after add
// --scope user starts on a large ~/.claude.json (40 MB, indented) stops
// it before the rename: the file keeps every byte, no temporary file is
// left, the exit is 130 (143), it comes promptly, and the output says
// nothing was written. The signal is real, sent to mcpconf itself (this
// test binary run as mcpconf, main and its handler included).
func TestAddInterrupted(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 40 MB file")
	}
	dir := t.TempDir()
	root, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(home, ".claude.json")
	if _, err := gen.ClaudeJSON(path, 40<<20, root); err != nil {
		t.Fatal(err)
	}
	orig, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		sig  syscall.Signal
		want int
	}{{syscall.SIGINT, 130}, {syscall.SIGTERM, 143}} {
		t.Run(c.sig.String(), func(t *testing.T) {
			var out, errOut bytes.Buffer
			cmd := exec.Command(os.Args[0], "mcpconf-main", "add", "time", "--scope", "user", "--client", "claude",
				"--root", root, "--home", home, "--", "uvx", "mcp-server-time")
			cmd.Stdout, cmd.Stderr = &out, &errOut
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			time.Sleep(50 * time.Millisecond)
			if err := cmd.Process.Signal(c.sig); err != nil {
				t.Fatalf("the signal was not sent (%v): add ran for less than 50 ms\nstdout: %s\nstderr: %s", err, &out, &errOut)
			}
			sent := time.Now()
			cmd.Wait()
			if d := time.Since(sent); d > 3*time.Second {
				t.Errorf("add ran %v after the signal", d)
			}
			if code := cmd.ProcessState.ExitCode(); code != c.want {
				t.Errorf("exit %d (%v), want %d\nstdout: %s\nstderr: %s", code, cmd.ProcessState, c.want, &out, &errOut)
			}
			if got, _ := os.ReadFile(path); !bytes.Equal(got, orig) {
				t.Errorf("~/.claude.json was written (%d bytes, was %d)\nstdout: %s\nstderr: %s", len(got), len(orig), &out, &errOut)
			}
			if ents, _ := os.ReadDir(home); len(ents) != 1 {
				t.Errorf("files left beside ~/.claude.json: %v", ents)
			}
			if !strings.Contains(errOut.String(), "interrupted") || !strings.Contains(errOut.String(), "nothing was written") && !strings.Contains(errOut.String(), "it is as it was") {
				t.Errorf("the output does not say the write was stopped\nstdout: %s\nstderr: %s", &out, &errOut)
			}
		})
	}
}
