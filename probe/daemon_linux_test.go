package probe

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// The servers of these tests leave processes behind the way real ones do
// (a daemon that double-forked, a child in a process group of its own);
// Linux is where mcpconf kills those (internal/proctree).

func init() { osServer = linuxServer }

func linuxServer(behaviour string) (int, bool) {
	fail := func(err error) (int, bool) {
		fmt.Fprintln(os.Stderr, err)
		return 1, true
	}
	switch behaviour {
	case "daemon", "daemonhang":
		// Daemonizes helpers the classic way before serving (or hanging):
		// a child in a session of its own starts them and exits at once,
		// so that they are nobody's children any more.
		if err := runHelper("daemonize", &syscall.SysProcAttr{Setsid: true}, true); err != nil {
			return fail(err)
		}
		if behaviour == "daemonhang" {
			hang()
		}
	case "daemonize":
		// The middle of a double fork: start a daemon that sleeps forever
		// and one that exits at once, record their pids, leave both.
		d, err := startHelper("sleeper", nil)
		if err != nil {
			return fail(err)
		}
		q, err := startHelper("quick", nil)
		if err != nil {
			return fail(err)
		}
		if err := writePIDs(d.Process.Pid, q.Process.Pid); err != nil {
			return fail(err)
		}
		return 0, true
	case "setpgid":
		// A child that leaves the server's process group but stays its
		// child.
		if err := runHelper("sleeper", &syscall.SysProcAttr{Setpgid: true}, false); err != nil {
			return fail(err)
		}
	case "sleeper":
		signal.Ignore(syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT)
		hang()
	case "quick":
		return 0, true
	}
	return 0, false
}

// startHelper starts this binary again as the given behaviour, with this
// process's environment otherwise, and stdin, stdout and stderr on
// /dev/null, as a daemon has them.
func startHelper(behaviour string, attr *syscall.SysProcAttr) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), serverEnv+"="+behaviour)
	cmd.SysProcAttr = attr
	return cmd, cmd.Start()
}

// runHelper starts a helper; with wait it waits for it to exit, else it
// records the helper's pid and leaves it running.
func runHelper(behaviour string, attr *syscall.SysProcAttr, wait bool) error {
	cmd, err := startHelper(behaviour, attr)
	if err != nil {
		return err
	}
	if wait {
		return cmd.Wait()
	}
	return writePIDs(cmd.Process.Pid)
}

// writePIDs writes pids to the file PROBE_PID_FILE names, for the test to
// check that they are gone.
func writePIDs(pids ...int) error {
	var b []byte
	for _, pid := range pids {
		b = fmt.Appendf(b, "%d\n", pid)
	}
	name := os.Getenv("PROBE_PID_FILE")
	if err := os.WriteFile(name+".tmp", b, 0o644); err != nil {
		return err
	}
	return os.Rename(name+".tmp", name) // whole, for a test polling for it
}

func hang() {
	for {
		time.Sleep(time.Hour)
	}
}

// readPIDs reads the pids a test server recorded, waiting up to 10s for
// the file.
func readPIDs(t *testing.T, file string) []int {
	t.Helper()
	var b []byte
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(5 * time.Millisecond) {
		var err error
		if b, err = os.ReadFile(file); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server did not record its helpers' pids: %v", err)
		}
	}
	var pids []int
	for _, f := range strings.Fields(string(b)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("pid file %q: %v", b, err)
		}
		pids = append(pids, pid)
	}
	if len(pids) == 0 {
		t.Fatalf("pid file %q lists no pid", b)
	}
	return pids
}

// assertGone fails unless every pid is gone: not running and not a zombie
// left unreaped. It looks once, right away: Run must have killed and
// reaped them before returning.
func assertGone(t *testing.T, what string, pids ...int) {
	t.Helper()
	marker := []byte("PROBE_TEST_ID=" + testID + "\x00")
	for _, pid := range pids {
		p := strconv.Itoa(pid)
		st := processState(p)
		if st == "" {
			continue
		}
		// A pid taken again by an unrelated process is not a leak.
		env, _ := os.ReadFile(filepath.Join("/proc", p, "environ"))
		if st == "Z" || containsBytes(env, marker) {
			t.Errorf("%s %d outlived the probe (state %s)", what, pid, st)
		}
	}
}

// TestDaemonKilled: a server that double-forks daemons (one sleeping
// forever in a session of its own, one that exited at once) and then
// answers: once Run returns ok, neither is left, running or as a zombie.
func TestDaemonKilled(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	r := probe1(t, stdioTarget(t, "daemon", "PROBE_PID_FILE="+pidFile), Options{})
	if r.Status != StatusOK {
		t.Fatalf("status %q: %s", r.Status, dump(r))
	}
	assertGone(t, "daemon", readPIDs(t, pidFile)...)
}

// TestSetpgidChildKilled: a child that left the server's process group
// (and is still its child) goes with it.
func TestSetpgidChildKilled(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	r := probe1(t, stdioTarget(t, "setpgid", "PROBE_PID_FILE="+pidFile), Options{})
	if r.Status != StatusOK {
		t.Fatalf("status %q: %s", r.Status, dump(r))
	}
	assertGone(t, "child in its own group", readPIDs(t, pidFile)...)
}

// TestDaemonKilledOnTimeout: the daemons of a server that never answers
// go when its probe times out.
func TestDaemonKilledOnTimeout(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	target := stdioTarget(t, "daemonhang", "PROBE_PID_FILE="+pidFile)
	target.Timeout = 500 * time.Millisecond
	start := time.Now()
	r := probe1(t, target, Options{})
	if r.Status != StatusTimeout {
		t.Fatalf("status %q: %s", r.Status, dump(r))
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("a 500ms timeout took %s", took)
	}
	assertGone(t, "daemon", readPIDs(t, pidFile)...)
}

// TestDaemonKilledOnCancel: Ctrl-C (the context cancelled) while the
// server hangs in the handshake: its daemons go too, promptly.
func TestDaemonKilledOnCancel(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "pids")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var pids []int
	go func() {
		defer cancel()
		pids = readPIDs(t, pidFile)
	}()
	start := time.Now()
	rs := Run(ctx, []Target{stdioTarget(t, "daemonhang", "PROBE_PID_FILE="+pidFile)}, Options{})
	defer assertNoSurvivors(t)
	if rs[0].Status != StatusSkipped || rs[0].Reason != "cancelled" {
		t.Errorf("status %q reason %q", rs[0].Status, rs[0].Reason)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("cancelling took %s", took)
	}
	assertGone(t, "daemon", pids...)
}
