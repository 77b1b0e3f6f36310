package proctree

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// helperEnv selects a helper of the tests when this test binary is run
// again with it set.
const helperEnv = "PROCTREE_TEST_HELPER"

// marker is in the environment of every process the tests start, so that
// survivors are found whatever their parent.
var marker = "PROCTREE_TEST_ID=" + strconv.Itoa(os.Getpid())

func TestMain(m *testing.M) {
	if h := os.Getenv(helperEnv); h != "" {
		os.Exit(helper(h))
	}
	if err := Enable(); err != nil {
		fmt.Fprintln(os.Stderr, "proctree tests need pidfds:", err)
		os.Exit(1)
	}
	os.Exit(m.Run())
}

func helper(name string) int {
	switch name {
	case "interrupt":
		// Interrupt kills the running trees and refuses new ones.
		t, err := Start(shell("sleep 30"))
		if err != nil {
			fmt.Println(err)
			return 1
		}
		start := time.Now()
		Interrupt()
		select {
		case <-t.Exited():
		case <-time.After(5 * time.Second):
			fmt.Println("the tree still runs after Interrupt")
			return 1
		}
		if !t.Interrupted() || time.Since(start) > time.Second {
			fmt.Println("interrupted", t.Interrupted(), "after", time.Since(start))
			return 1
		}
		t.Close()
		if _, err := Start(shell("true")); !errors.Is(err, ErrInterrupted) {
			fmt.Println("Start after Interrupt:", err)
			return 1
		}
		return 0
	}
	fmt.Println("no helper", name)
	return 2
}

func shell(line string) *exec.Cmd {
	cmd := exec.Command("/bin/sh", "-c", line)
	cmd.Env = append(os.Environ(), marker)
	return cmd
}

// daemonize is a shell line that detaches a sleeping daemon (a session of
// its own, stdio on /dev/null, its parent gone) and writes its pid to
// file before returning.
func daemonize(file string) string {
	return "(setsid sh -c 'echo $$ > " + file + ".tmp && mv " + file + ".tmp " + file + "; exec sleep 300' </dev/null >/dev/null 2>&1 &); " +
		"while [ ! -s " + file + " ]; do sleep 0.01; done"
}

func readPID(t *testing.T, file string) int {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		t.Fatal(err)
	}
	return pid
}

// alive reports whether pid runs (a zombie does not).
func alive(pid int) bool {
	st, ok := readStat(pid)
	return ok && st.state != 'Z' && st.state != 'X'
}

// survivors lists the processes the tests started that are still there,
// zombies included: with this process a subreaper, they are its own to
// reap.
func survivors() []string {
	ents, _ := os.ReadDir("/proc")
	var out []string
	for _, e := range ents {
		pid, err := strconv.Atoi(e.Name())
		if err != nil || pid == os.Getpid() {
			continue
		}
		env, _ := os.ReadFile("/proc/" + e.Name() + "/environ")
		st, ok := readStat(pid)
		if ok && st.ppid == os.Getpid() && st.state == 'Z' || strings.Contains(string(env), marker+"\x00") {
			cmd, _ := os.ReadFile("/proc/" + e.Name() + "/cmdline")
			out = append(out, fmt.Sprintf("%d (%c) %s", pid, st.state, strings.ReplaceAll(string(cmd), "\x00", " ")))
		}
	}
	return out
}

func assertNoSurvivors(t *testing.T) {
	t.Helper()
	if s := survivors(); len(s) > 0 {
		t.Errorf("left behind: %s", strings.Join(s, "; "))
		for _, p := range s {
			pid, _ := strconv.Atoi(strings.Fields(p)[0])
			syscall.Kill(pid, syscall.SIGKILL)
		}
	}
}

// TestOthersChildrenUntouched: the children other code starts while trees
// run (in this process's group, in a group or a session of their own,
// one that exited and is not waited for yet) are neither signalled nor
// reaped, and their exit statuses stay theirs. A daemon is not killed
// while a tree that started before it still runs (it may be that
// tree's), and is killed with the last one.
func TestOthersChildrenUntouched(t *testing.T) {
	dir := t.TempDir()
	first, err := Start(shell("sleep 30"))
	if err != nil {
		t.Fatal(err)
	}
	defer first.Close()
	others := map[string]*exec.Cmd{
		"plain":   shell("exec sleep 30"),
		"setpgid": shell("exec sleep 30"),
		"setsid":  shell("exec sleep 30"),
		"exited":  shell("exit 7"),
	}
	others["setpgid"].SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	others["setsid"].SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	for _, c := range others {
		if err := c.Start(); err != nil {
			t.Fatal(err)
		}
	}
	// The exited one is a zombie, held by os/exec, before the sweeps.
	for deadline := time.Now().Add(5 * time.Second); alive(others["exited"].Process.Pid); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("sh -c 'exit 7' did not exit")
		}
	}

	pidFile := filepath.Join(dir, "daemon")
	second, err := Start(shell(daemonize(pidFile)))
	if err != nil {
		t.Fatal(err)
	}
	<-second.Exited()
	if err := second.Close(); err != nil {
		t.Errorf("the daemonizing shell: %v", err)
	}
	daemon := readPID(t, pidFile)
	if !alive(daemon) {
		t.Errorf("daemon %d killed while a tree that may own it runs", daemon)
	}
	first.Close()
	if st, ok := readStat(daemon); ok {
		t.Errorf("daemon %d left (state %c) once no tree runs", daemon, st.state)
	}

	for name, c := range others {
		if name == "exited" {
			continue
		}
		if !alive(c.Process.Pid) {
			t.Errorf("%s child %d was killed", name, c.Process.Pid)
		}
		c.Process.Kill()
		if err := c.Wait(); err == nil || err.Error() != "signal: killed" {
			t.Errorf("%s child: Wait says %v, want signal: killed", name, err)
		}
	}
	if err := others["exited"].Wait(); err == nil || err.Error() != "exit status 7" {
		t.Errorf("exited child: Wait says %v, want exit status 7 (its status stolen?)", err)
	}
	assertNoSurvivors(t)
}

// TestOrphanKilledWhenNoOwnerRuns: a daemon goes as soon as the tree that
// started it is closed, although another tree runs: one that started
// after the daemon, so it cannot be its.
func TestOrphanKilledWhenNoOwnerRuns(t *testing.T) {
	pidFile := filepath.Join(t.TempDir(), "daemon")
	tree, err := Start(shell(daemonize(pidFile)))
	if err != nil {
		t.Fatal(err)
	}
	<-tree.Exited()
	daemon := readPID(t, pidFile)
	time.Sleep(30 * time.Millisecond) // a later clock tick than the daemon's start
	later, err := Start(shell("sleep 30"))
	if err != nil {
		t.Fatal(err)
	}
	defer later.Close()
	tree.Close()
	if st, ok := readStat(daemon); ok {
		t.Errorf("daemon %d left (state %c) while only a later tree runs", daemon, st.state)
	}
	later.Close()
	assertNoSurvivors(t)
}

// TestBusyTreeKilled: a tree that keeps forking (children in sessions of
// their own, still attached, and double-forked daemons) is gone when
// Close returns, in bounded time: the children under it at once, though
// a tree that started earlier runs; the daemons, which might be that
// tree's, when it is closed too.
func TestBusyTreeKilled(t *testing.T) {
	pids := filepath.Join(t.TempDir(), "pids")
	earlier, err := Start(shell("sleep 30"))
	if err != nil {
		t.Fatal(err)
	}
	defer earlier.Close()
	tree, err := Start(shell(`while :; do
		setsid sleep 300 </dev/null >/dev/null 2>&1 & echo "child $!" >> ` + pids + `
		(setsid sleep 300 </dev/null >/dev/null 2>&1 & echo "daemon $!" >> ` + pids + `)
		sleep 0.01
	done`))
	if err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	start := time.Now()
	err = tree.Close()
	if took := time.Since(start); took > time.Second {
		t.Errorf("Close took %s", took)
	}
	if err == nil || err.Error() != "signal: killed" {
		t.Errorf("Close: %v, want signal: killed", err)
	}
	b, _ := os.ReadFile(pids)
	f := strings.Fields(string(b))
	if len(f) < 4 {
		t.Errorf("only %d processes started; the test proves little", len(f)/2)
	}
	for i := 0; i+1 < len(f); i += 2 {
		if pid, _ := strconv.Atoi(f[i+1]); f[i] == "child" && alive(pid) {
			t.Errorf("child %d of the closed tree still runs", pid)
		}
	}
	earlier.Close()
	assertNoSurvivors(t)
}

// TestRootReapedOnce: Close returns the root's exit status, however it
// ended, and the tree's processes in the root's group go with it.
func TestRootReapedOnce(t *testing.T) {
	tree, err := Start(shell("sleep 300 & exit 3"))
	if err != nil {
		t.Fatal(err)
	}
	<-tree.Exited()
	if err := tree.Close(); err == nil || err.Error() != "exit status 3" {
		t.Errorf("Close: %v, want exit status 3", err)
	}
	if err := tree.Close(); err == nil || err.Error() != "exit status 3" {
		t.Errorf("second Close: %v", err)
	}
	assertNoSurvivors(t)
}

// TestInterrupt runs in a process of its own: Interrupt is for good.
func TestInterrupt(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), helperEnv+"=interrupt", marker)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("%v: %s", err, out)
	}
}

// TestHoppingDaemonKilled: a daemon that keeps double-forking (each
// generation starts the next in a session of its own and exits) is
// caught by the last Close, whichever generation it is at.
func TestHoppingDaemonKilled(t *testing.T) {
	dir := t.TempDir()
	hop := filepath.Join(dir, "hop.sh")
	script := "echo $$ >> " + filepath.Join(dir, "pids") + "\nsleep 0.002\nsetsid sh " + hop + " </dev/null >/dev/null 2>&1 &\n"
	if err := os.WriteFile(hop, []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	for range 3 {
		tree, err := Start(shell("sh " + hop))
		if err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
		start := time.Now()
		tree.Close()
		if took := time.Since(start); took > 2*time.Second {
			t.Errorf("Close took %s", took)
		}
		assertNoSurvivors(t)
	}
	b, _ := os.ReadFile(filepath.Join(dir, "pids"))
	if n := len(strings.Fields(string(b))); n < 6 {
		t.Errorf("only %d generations; the test proves little", n)
	}
}
