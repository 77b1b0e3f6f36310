//go:build linux

package resolve_test

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/resolve"
)

// daemonLine is a !command that prints its value and leaves a daemon
// behind (a session of its own, stdio detached, sleeping) whose pid it
// writes to pidFile before printing; hang makes it wait after that.
func daemonLine(pidFile string, hang bool) string {
	line := "setsid sh -c 'echo $$ > " + pidFile + ".tmp && mv " + pidFile + ".tmp " + pidFile + "; exec sleep 300' </dev/null >/dev/null 2>&1 & " +
		"while [ ! -s " + pidFile + " ]; do sleep 0.01; done; echo from-cmd-value"
	if hang {
		line += "; sleep 30"
	}
	return line
}

func daemonPID(t *testing.T, pidFile string) int {
	t.Helper()
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the command did not record its daemon's pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// assertGone fails unless pid is gone: neither running nor a zombie left
// unreaped, right when Run returned.
func assertGone(t *testing.T, pid int) {
	t.Helper()
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return
	}
	cmd, _ := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	if s := string(stat); strings.Contains(s, ") Z ") || strings.HasPrefix(string(cmd), "sleep\x00300") {
		t.Errorf("the daemon %d of the command outlived it: %s", pid, s)
		if !strings.Contains(s, ") Z ") {
			p, _ := os.FindProcess(pid)
			p.Kill()
		}
	}
}

// TestRunnerDaemonKilled: a !command that daemonizes a process (setsid,
// out of its process group) leaves nothing behind, whether it ends by
// itself or is stopped at its timeout.
func TestRunnerDaemonKilled(t *testing.T) {
	dir := t.TempDir()
	pidFile := filepath.Join(dir, "pid")
	r := &resolve.Runner{Dir: dir, Timeout: 5 * time.Second}
	if res := r.Run(daemonLine(pidFile, false)); res.Err != "" || res.Output != "from-cmd-value" {
		t.Fatalf("run: %+v", res)
	}
	assertGone(t, daemonPID(t, pidFile))

	pidFile = filepath.Join(dir, "pid2")
	r = &resolve.Runner{Dir: dir, Timeout: 500 * time.Millisecond}
	start := time.Now()
	res := r.Run(daemonLine(pidFile, true))
	if !strings.Contains(res.Err, "did not finish within 500ms") {
		t.Errorf("timeout: %+v", res)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("a 500ms timeout took %s", took)
	}
	assertGone(t, daemonPID(t, pidFile))
}
