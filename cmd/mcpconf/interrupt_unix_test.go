//go:build unix

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"
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
			root := writeTree(t, map[string]string{
				".cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"slow": {"command": %q, "args": ["-c", "echo > %s; while read -r line; do :; done"]}}}`, sh, started),
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
			code := Main([]string{"probe", "--root", root, "--home", t.TempDir(), "--client", "cursor", "--timeout", "20s"}, io)
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
