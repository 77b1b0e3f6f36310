// Package proctree starts the processes mcpconf runs on behalf of a
// configuration it does not trust (stdio servers in probe, pisces
// !commands in resolve) and makes sure that nothing they start outlives
// them. It is a package of its own because both probe and resolve start
// such processes, and because what it keeps is process-wide: which trees
// are running, since when, and which of this process's children are
// orphans it adopted rather than children some other code started.
//
// # What is killed, and when
//
// Start runs a command as the root of a Tree, in a process group of its
// own. Tree.Close kills the tree and reaps the root: on Linux it first
// stops (SIGSTOP) the root's group and every process under the root,
// found through the parent links of /proc, including children that left
// the group (setpgid) or the session (setsid) but are still attached;
// once nothing in it can fork any more, it kills them all (SIGKILL),
// deepest first, waits for them to die and reaps those that became this
// process's children. It takes a bounded time: a millisecond or two
// usually, at most about two thirds of a second for the tree and a
// second for the orphans (when processes are stuck in uninterruptible
// sleep, or the machine is overloaded). The wait
// for the deaths is on pidfds; the wait for the stops polls /proc
// briefly, as nothing signals that a process which is not a child has
// stopped. Elsewhere only the root's process group is killed.
//
// Interrupt, for the handler of SIGINT and SIGTERM, kills every running
// tree at once and makes Start refuse new ones.
//
// A process whose parent exits is not under the root any more: a daemon
// that double-forked, a child whose parent died. On Linux, once Enable
// was called, such orphans are reparented to this process (it is a child
// subreaper, prctl PR_SET_CHILD_SUBREAPER) instead of init. Nothing tells
// whose orphan one is, so each is attributed by time: it is killed (with
// everything under it) and reaped by the first Close after which no tree
// that started before it is still running, and in any case by the Close
// of the last running tree. An orphan born while no tree was running is
// some other code's, and left alone; one that already exited is reaped.
//
// Safety: only processes under a root, in a root's group, or orphans
// adopted while a tree ran are ever signalled. A child of this process
// is taken for an orphan only when no code holds it: os/exec holds a
// pidfd of every child it started until it has waited for it, and the
// children are listed while syscall.ForkLock is held for reading, so no
// fork is half done. Every signal goes through a pidfd opened after the
// process was identified (pid and start time), so a pid reused meanwhile
// is never hit, or to a root's group while the root is not reaped (its
// pid, the group's id, stays taken); nothing waits for a child but by
// its pid or pidfd, never with wait(-1), so os/exec keeps the exit
// statuses of its children. All this needs pidfds (Linux 5.4 or later,
// no seccomp filter against them); without them Enable returns an
// error and a tree is killed by its process group only, as on other
// systems. A child started with syscall.ForkExec (no pidfd), or whose
// os.Process was released, is taken for an orphan.
//
// # What survives a SIGKILL of mcpconf
//
// A SIGKILL cannot be caught, so none of the above runs. What the kernel
// does then is all there is:
//
//   - Each root gets its parent-death signal: on Linux roots are started
//     with Pdeathsig SIGKILL, sent when the thread that forked the root
//     exits, and every thread exits with the process. Elsewhere there is
//     no such signal.
//   - mcpconf's ends of the pipes close: a process reading a stdio
//     server's stdin (the server, its helpers that share it) reads end
//     of file, which the MCP specification makes a server's cue to exit,
//     and one writing to its stdout gets SIGPIPE.
//   - mcpconf's children (the orphans it adopted) are reparented to the
//     next subreaper up, or to init.
//
// So on Linux the servers and the shells of !commands die, and so do
// their helpers that use their stdin or stdout. Any other descendant
// survives: a child of a server that touches neither (a sleep it
// started, in its group) as much as a daemon that detached itself
// (setsid, stdio on /dev/null). Nothing can make the kernel kill them:
// the parent-death signal is set by a process for itself, is cleared in
// every child at fork (and on exec of a set-user-ID program), so
// mcpconf cannot give it to its servers' descendants; a cgroup, whose
// processes can all be killed at once, can be made only with write
// access to a cgroup directory, which an unprivileged user has only in
// a subtree delegated to it (systemd delegates one to user services,
// not to a login shell's session); a PID namespace, whose processes all
// die with its first one, needs a user namespace (not allowed
// everywhere) and changes what the servers see (their pids, /proc). A
// watchdog process would only be one more process for the same SIGKILL.
// Running mcpconf itself as the first process of a PID namespace gives
// the guarantee from outside: with unshare --user --map-current-user
// --pid --fork --mount-proc mcpconf probe, a SIGKILL of mcpconf kills
// every process it started.
package proctree

import (
	"errors"
	"os/exec"
	"sync"
)

// ErrInterrupted is the error of Start once Interrupt was called.
var ErrInterrupted = errors.New("interrupted")

// Tree is a command started by Start and everything it starts.
type Tree struct {
	cmd    *exec.Cmd
	pid    int    // of the root; set under reg's lock once started
	tick   uint64 // clock tick (as /proc counts) when registered, before the root started
	exited chan struct{}

	killMu      sync.Mutex
	reaped      bool // the root was reaped (or is about to be): its pid and group id may be reused
	interrupted bool

	closeOnce sync.Once
	err       error // of cmd.Wait
	//lint:ignore U1000 used on the systems where the exit watcher reaps (not Linux)
	waitErr error // of cmd.Wait, where the exit watcher reaps (not Linux)
}

// reg is what is known of the trees running.
var reg struct {
	sync.Mutex
	running     map[*Tree]bool
	interrupted bool
	periods     []period // times when trees ran, last last; orphans born out of them are not theirs
}

// period is a stretch of time (in clock ticks) during which at least one
// tree was running, and its orphans were being killed; end is 0 while it
// lasts.
type period struct{ start, end uint64 }

// maxPeriods bounds the periods remembered: older ones are forgotten
// (their orphans were killed when they ended).
const maxPeriods = 16

// Start starts cmd as the root of a tree: in a process group of its own
// (on Unix; Setpgid is set on cmd.SysProcAttr), killed when this process
// dies (on Linux; Pdeathsig). The caller must Close the tree.
func Start(cmd *exec.Cmd) (*Tree, error) {
	prepare(cmd)
	t := &Tree{cmd: cmd, exited: make(chan struct{})}
	reg.Lock()
	if reg.interrupted {
		reg.Unlock()
		return nil, ErrInterrupted
	}
	// The tick is taken before the root starts, so that every process of
	// the tree started at or after it.
	t.tick = now()
	if n := len(reg.periods); n == 0 || reg.periods[n-1].end != 0 {
		// No period is open (the last one ends when its final sweep is
		// over, which may still be going on: then it goes on).
		reg.periods = append(reg.periods, period{start: t.tick})
		if len(reg.periods) > maxPeriods {
			reg.periods = reg.periods[1:]
		}
	}
	if reg.running == nil {
		reg.running = map[*Tree]bool{}
	}
	reg.running[t] = true
	reg.Unlock()
	beforeStart()
	if err := cmd.Start(); err != nil {
		t.reaped = true
		t.release()
		return nil, err
	}
	reg.Lock()
	t.pid = cmd.Process.Pid
	interrupted := reg.interrupted
	reg.Unlock()
	go t.watch()
	if interrupted {
		t.interrupt()
	}
	return t, nil
}

// Exited is closed when the root has exited. On Linux it is not reaped
// yet (its pid, which is its group's id, stays taken until Close).
func (t *Tree) Exited() <-chan struct{} { return t.exited }

// Terminate asks the root's process group to exit (SIGTERM; nothing on
// Windows). It must not be called after Close.
func (t *Tree) Terminate() {
	t.killMu.Lock()
	defer t.killMu.Unlock()
	if !t.reaped {
		terminate(t)
	}
}

// Interrupted reports whether Interrupt killed the tree.
func (t *Tree) Interrupted() bool {
	t.killMu.Lock()
	defer t.killMu.Unlock()
	return t.interrupted
}

// Close kills the tree, reaps the root and returns what cmd.Wait
// returned; then it kills and reaps the orphans that no running tree
// could own (see the package doc). It takes a bounded time, unless
// cmd.Wait waits for output copied by os/exec (set cmd.WaitDelay). It
// may be called more than once.
func (t *Tree) Close() error {
	t.closeOnce.Do(func() {
		t.killMu.Lock()
		kill(t)
		t.reaped = true
		t.killMu.Unlock()
		t.err = reap(t)
		t.release()
	})
	return t.err
}

func (t *Tree) interrupt() {
	t.killMu.Lock()
	defer t.killMu.Unlock()
	if !t.reaped {
		t.interrupted = true
		kill(t)
	}
}

// release forgets a tree whose root was reaped (or never started), and
// sweeps the orphans that are nobody's any more. The period ends after
// the sweep, not before: an orphan that forks a successor and exits
// while it is being killed hands on its place in the period.
func (t *Tree) release() {
	reg.Lock()
	delete(reg.running, t)
	reg.Unlock()
	sweep()
	reg.Lock()
	if n := len(reg.periods); len(reg.running) == 0 && n > 0 && reg.periods[n-1].end == 0 {
		reg.periods[n-1].end = now()
	}
	reg.Unlock()
}

// Interrupt kills every running tree and makes Start fail from then on
// with ErrInterrupted: for the handler of SIGINT and SIGTERM. The owners
// of the trees still Close them.
func Interrupt() {
	reg.Lock()
	reg.interrupted = true
	var trees []*Tree
	for t := range reg.running {
		if t.pid != 0 {
			trees = append(trees, t)
		}
	}
	reg.Unlock()
	for _, t := range trees {
		t.interrupt()
	}
}

// Enable makes this process adopt the orphans of the trees it starts
// (a child subreaper, on Linux), so that Close can kill them: call it
// from main. It costs nothing until the first Start. It returns
// errors.ErrUnsupported where it cannot work (not Linux, or no pidfds).
func Enable() error { return enable() }
