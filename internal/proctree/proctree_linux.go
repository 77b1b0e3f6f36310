package proctree

import (
	"bytes"
	"errors"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Budgets of a kill: the time to get every process of a tree stopped (one
// in uninterruptible sleep stops only when it leaves it), then the time
// to see the killed ones die. Past them the kill goes on without
// waiting; a process left behind is an orphan for a later sweep.
const (
	stopBudget  = 250 * time.Millisecond
	deathBudget = 400 * time.Millisecond
)

// userHZ is the unit of the start times in /proc/PID/stat: USER_HZ, 100
// on every architecture Go supports on Linux.
const userHZ = 100

// now is the time since boot in the clock ticks of /proc/PID/stat: a
// process started after now() has a start time of at least now().
func now() uint64 {
	var ts unix.Timespec
	if unix.ClockGettime(unix.CLOCK_BOOTTIME, &ts) != nil {
		return 0 // every orphan then looks owned by the running trees: safe
	}
	return uint64(ts.Nano()) / (1e9 / userHZ)
}

func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
	// Sent when the thread that forked the root exits: all of them exit
	// with the process, and the Go runtime ends a thread only when a
	// goroutine that locked it returns, which nothing here does.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
}

var (
	wanted    atomic.Bool // Enable was called
	adopting  atomic.Bool // this process is a child subreaper
	adoptOnce sync.Once
)

// pidfdsWork reports whether pidfd_open and pidfd_send_signal work.
var pidfdsWork = sync.OnceValue(func() bool {
	fd, err := unix.PidfdOpen(os.Getpid(), 0)
	if err != nil {
		return false
	}
	defer unix.Close(fd)
	return unix.PidfdSendSignal(fd, 0, nil, 0) == nil
})

func enable() error {
	if !pidfdsWork() {
		return errors.ErrUnsupported
	}
	wanted.Store(true)
	return nil
}

// beforeStart makes this process a subreaper before its first tree
// starts, if Enable asked for it and orphans can be told apart.
func beforeStart() {
	if !wanted.Load() {
		return
	}
	adoptOnce.Do(func() {
		// Orphans are told from the children other code started by the
		// pidfd os/exec holds of its own: check that package os uses
		// pidfds here (it uses them in FindProcess exactly when it does
		// in StartProcess). Its first use also runs the check that
		// forks a child of its own outside syscall.ForkLock: better now
		// than during a sweep.
		self := os.Getpid()
		p, err := os.FindProcess(self)
		if err != nil {
			return
		}
		fdMu.Lock()
		held := heldPIDs()
		fdMu.Unlock()
		p.Release()
		if !held[self] {
			return
		}
		if unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == nil {
			adopting.Store(true)
		}
	})
}

// watch closes t.exited when the root exits, without reaping it
// (WNOWAIT): while it is a zombie its pid, which is its group's id, stays
// taken, so the group can still be signalled safely.
func (t *Tree) watch() {
	defer close(t.exited)
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, t.pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			return
		}
	}
}

func reap(t *Tree) error { return t.cmd.Wait() }

func terminate(t *Tree) { _ = unix.Kill(-t.pid, unix.SIGTERM) }

// kill stops and kills the root's group and everything under the root,
// then the orphans of the group this process adopted (a process of the
// group whose parent died) and everything under them. The root is not
// reaped: Close does it with cmd.Wait.
func kill(t *Tree) {
	st, ok := readStat(t.pid)
	if !pidfdsWork() || !ok {
		_ = unix.Kill(-t.pid, unix.SIGKILL)
		return
	}
	roots := []ident{{t.pid, st.start}}
	if adopting.Load() {
		for _, o := range orphans() {
			if o.pgid == t.pid {
				roots = append(roots, o.ident)
			}
		}
	}
	freezeKill(roots, t.pid, t.pid)
}

// sweepMu makes sweeps one at a time.
var sweepMu sync.Mutex

// sweepRounds bounds the rounds of a sweep: an orphan that forks a
// successor and exits just before it is stopped leaves that successor
// for the next round.
const sweepRounds = 20

// sweep reaps the orphans that already exited, and kills (and reaps) the
// live ones that no running tree could own: born while a tree was
// running, and after the start of every tree still running. It goes on
// while it finds some, for at most sweepRounds rounds and about a
// second.
func sweep() {
	if !adopting.Load() {
		return
	}
	sweepMu.Lock()
	defer sweepMu.Unlock()
	deadline := time.Now().Add(time.Second)
	for range sweepRounds {
		roots, reaped := killable()
		// An orphan that just exited may have handed this process its
		// children as it did: look again.
		if len(roots) == 0 && reaped == 0 || time.Now().After(deadline) {
			return
		}
		freezeKill(roots, 0, 0)
	}
}

// killable reaps the orphans that exited, and returns how many it reaped
// and those to kill.
func killable() (roots []ident, reaped int) {
	found := orphans()
	reg.Lock()
	periods := slices.Clone(reg.periods)
	var running []uint64
	for t := range reg.running {
		running = append(running, t.tick)
	}
	reg.Unlock()
	for _, o := range found {
		if o.state == 'Z' && reapOrphan(o) {
			reaped++
			continue // one whose main thread exited but not the others is killed below
		}
		switch {
		case !during(periods, o.start):
			// born while no tree was running: some other code's
		case slices.ContainsFunc(running, func(tick uint64) bool { return tick <= o.start }):
			// may be a running tree's
		default:
			roots = append(roots, o.ident)
		}
	}
	return roots, reaped
}

func during(periods []period, tick uint64) bool {
	for _, p := range periods {
		if p.start <= tick && (p.end == 0 || tick <= p.end) {
			return true
		}
	}
	return false
}

// reapOrphan reaps an orphan that exited, through a pidfd opened once it
// is known to be that zombie child, and reports whether it did.
func reapOrphan(o procStat) bool {
	self := os.Getpid()
	m := open(o.ident, func(st procStat) bool { return st.ppid == self && st.state == 'Z' })
	if m == nil {
		return false
	}
	defer closePidfd(m.fd)
	return reapPidfd(m.fd)
}

// orphans lists the children of this process that no code holds: those
// os/exec (or os.FindProcess) has a pidfd of are someone's; the others
// are orphans it adopted. syscall.ForkLock, held for reading, keeps forks
// out meanwhile: os/exec forks with it held for writing and has the
// child's pidfd when it lets go. The pidfds this package opened itself
// are not counted (fdMu). The roots of the running trees are known not
// to be orphans: when no other child is left, the pidfds are not looked
// at.
func orphans() []procStat {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	roots := map[int]bool{}
	reg.Lock()
	for t := range reg.running {
		roots[t.pid] = true
	}
	reg.Unlock()
	if len(children(roots)) == 0 {
		return nil
	}
	fdMu.Lock()
	held := heldPIDs()
	fdMu.Unlock()
	if held == nil {
		return nil
	}
	// Listed again after the pidfds: a child listed now was started
	// before them, and one that was held then and is not now was reaped.
	maps.Copy(held, roots)
	return children(held)
}

// children lists the children of this process but those in skip, and
// but those of an exit signal other than SIGCHLD: the runtime clones
// such children; the kernel sets SIGCHLD when it reparents one.
func children(skip map[int]bool) []procStat {
	self := os.Getpid()
	var out []procStat
	for _, pid := range childrenOf(self) {
		if skip[pid] {
			continue
		}
		if st, ok := readStat(pid); ok && st.ppid == self && st.exitSignal == int(unix.SIGCHLD) {
			out = append(out, st)
		}
	}
	return out
}

var (
	fdMu   sync.Mutex
	ownFDs = map[int]bool{} // the pidfds this package has open
)

// heldPIDs returns the pids of which this process holds a pidfd, other
// than this package's own; nil when it cannot tell. fdMu must be held.
func heldPIDs() map[int]bool {
	const dir = "/proc/self/fd/"
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	held := map[int]bool{}
	for _, e := range ents {
		if fd, err := strconv.Atoi(e.Name()); err != nil || ownFDs[fd] {
			continue
		}
		if link, err := os.Readlink(dir + e.Name()); err != nil || !strings.Contains(link, "pidfd") {
			continue
		}
		info, err := os.ReadFile("/proc/self/fdinfo/" + e.Name())
		if err != nil {
			continue // closed meanwhile: it holds nothing any more
		}
		for line := range strings.Lines(string(info)) {
			if v, ok := strings.CutPrefix(line, "Pid:"); ok {
				if pid, err := strconv.Atoi(strings.TrimSpace(v)); err == nil {
					held[pid] = true
				}
			}
		}
	}
	return held
}

func openPidfd(pid int) (int, error) {
	fdMu.Lock()
	defer fdMu.Unlock()
	fd, err := unix.PidfdOpen(pid, 0)
	if err == nil {
		ownFDs[fd] = true
	}
	return fd, err
}

func closePidfd(fd int) {
	fdMu.Lock()
	defer fdMu.Unlock()
	unix.Close(fd)
	delete(ownFDs, fd)
}

// ident is a process: a pid and the start time that tells it from a
// later process given the same pid.
type ident struct {
	pid   int
	start uint64
}

// member is a process being killed, held by a pidfd.
type member struct {
	ident
	fd int
}

// open opens a pidfd of the process id names if it still is that process
// and ok accepts it (nil accepts all). The pidfd is opened first and the
// process checked after, so it refers to the process checked.
func open(id ident, ok func(procStat) bool) *member {
	fd, err := openPidfd(id.pid)
	if err != nil {
		return nil
	}
	st, found := readStat(id.pid)
	if !found || st.start != id.start || ok != nil && !ok(st) {
		closePidfd(fd)
		return nil
	}
	return &member{ident: id, fd: fd}
}

// freezeKill kills roots, the process group group (if not 0) and every
// process under them: first it stops them all (SIGSTOP), walking down
// from the roots until every process found is stopped and has no child
// not found yet, so that none can fork, change group or session, or exit
// and hand its children to this process unseen; then it kills them,
// deepest first, waits for them to die and reaps those that are now
// children of this process, except keep. It takes at most stopBudget
// plus deathBudget.
func freezeKill(roots []ident, group, keep int) {
	type candidate struct {
		ident
		parent *member // nil for a root
	}
	var (
		members  []*member
		seen     = map[ident]bool{}
		frontier []candidate
	)
	defer func() {
		for _, m := range members {
			closePidfd(m.fd)
		}
	}()
	for _, r := range roots {
		frontier = append(frontier, candidate{ident: r})
	}
	add := func() {
		for _, c := range frontier {
			if seen[c.ident] {
				continue
			}
			seen[c.ident] = true
			var ok func(procStat) bool
			if p := c.parent; p != nil {
				// Its parent's pid must still be the parent's when the
				// child is seen with it, or the child is another's.
				ok = func(st procStat) bool {
					ps, found := readStat(p.pid)
					return st.ppid == p.pid && found && ps.start == p.start
				}
			}
			m := open(c.ident, ok)
			if m == nil {
				continue
			}
			if err := unix.PidfdSendSignal(m.fd, unix.SIGSTOP, nil, 0); errors.Is(err, unix.EPERM) {
				// Out of reach (a set-user-ID program that became
				// another user): waiting for it would be in vain.
				closePidfd(m.fd)
				continue
			}
			members = append(members, m)
		}
		frontier = frontier[:0]
	}
	if group > 0 {
		// The whole group at once: a fork in progress in it is restarted
		// or its child gets the signal too.
		_ = unix.Kill(-group, unix.SIGSTOP)
	}
	stopBy := time.Now().Add(stopBudget)
	for {
		add()
		settled := waitStopped(members, stopBy)
		for _, m := range members {
			for _, pid := range childrenOf(m.pid) {
				if st, ok := readStat(pid); ok && st.ppid == m.pid && !seen[st.ident] {
					frontier = append(frontier, candidate{st.ident, m})
				}
			}
		}
		if len(frontier) == 0 && settled {
			break
		}
		if time.Now().After(stopBy) {
			add()
			break
		}
	}
	for i := len(members) - 1; i >= 0; i-- {
		_ = unix.PidfdSendSignal(members[i].fd, unix.SIGKILL, nil, 0)
	}
	if group > 0 {
		_ = unix.Kill(-group, unix.SIGKILL)
	}
	waitDead(members, time.Now().Add(deathBudget))
	// A process reparents its children as it exits, before it is a
	// zombie: every member that died and whose parent died is a child of
	// this process now.
	for _, m := range members {
		if m.pid != keep {
			reapPidfd(m.fd)
		}
	}
}

// waitStopped waits until every member is stopped, traced, dead or gone,
// sending SIGSTOP again to the others (the kernel continues a stopped
// process group that becomes orphaned), until by.
func waitStopped(ms []*member, by time.Time) bool {
	pause := 50 * time.Microsecond
	for {
		all := true
		for _, m := range ms {
			if !stopped(m) {
				all = false
				_ = unix.PidfdSendSignal(m.fd, unix.SIGSTOP, nil, 0)
			}
		}
		if all {
			return true
		}
		if time.Now().After(by) {
			return false
		}
		time.Sleep(pause)
		pause = min(2*pause, 5*time.Millisecond)
	}
}

func stopped(m *member) bool {
	st, ok := readStat(m.pid)
	if !ok || st.start != m.start {
		return true // gone
	}
	return strings.IndexByte("TtZXx", st.state) >= 0
}

// waitDead waits until every member has exited (its pidfd is readable),
// until by.
func waitDead(ms []*member, by time.Time) {
	fds := make([]unix.PollFd, 0, len(ms))
	for _, m := range ms {
		fds = append(fds, unix.PollFd{Fd: int32(m.fd), Events: unix.POLLIN})
	}
	for len(fds) > 0 {
		left := time.Until(by)
		if left <= 0 {
			return
		}
		n, err := unix.Poll(fds, int(left/time.Millisecond)+1)
		if errors.Is(err, unix.EINTR) {
			continue
		}
		if err != nil || n == 0 {
			return
		}
		fds = slices.DeleteFunc(fds, func(p unix.PollFd) bool { return p.Revents != 0 })
	}
}

// reapPidfd reaps the process of a pidfd if it is a child of this
// process that exited, and reports whether it did.
func reapPidfd(fd int) bool {
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PIDFD, fd, &info, unix.WEXITED|unix.WNOHANG, nil)
		if !errors.Is(err, unix.EINTR) {
			return err == nil && info.Signo != 0 // WNOHANG and nothing to reap: Signo 0
		}
	}
}

// procStat is what this package reads of /proc/PID/stat.
type procStat struct {
	ident
	state      byte
	ppid, pgid int
	exitSignal int
}

func readStat(pid int) (procStat, bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return procStat{}, false
	}
	// The name, in parentheses, may hold anything: fields follow the
	// last ')'. Field 3 (state) is f[0].
	i := bytes.LastIndexByte(b, ')')
	if i < 0 || i+2 > len(b) {
		return procStat{}, false
	}
	f := strings.Fields(string(b[i+2:]))
	if len(f) < 36 || len(f[0]) != 1 {
		return procStat{}, false
	}
	st := procStat{ident: ident{pid: pid}, state: f[0][0]}
	var errs [4]error
	st.ppid, errs[0] = strconv.Atoi(f[1])
	st.pgid, errs[1] = strconv.Atoi(f[2])
	st.start, errs[2] = strconv.ParseUint(f[19], 10, 64)
	st.exitSignal, errs[3] = strconv.Atoi(f[35])
	return st, errors.Join(errs[:]...) == nil
}

// childrenOf lists the children of a process: from the children files of
// its threads (CONFIG_PROC_CHILDREN), else from every process's parent.
func childrenOf(pid int) []int {
	if !childrenFiles() {
		return scanChildren(pid)
	}
	dir := "/proc/" + strconv.Itoa(pid) + "/task/"
	tasks, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []int
	for _, task := range tasks {
		b, _ := os.ReadFile(dir + task.Name() + "/children")
		for _, f := range bytes.Fields(b) {
			if n, err := strconv.Atoi(string(f)); err == nil {
				out = append(out, n)
			}
		}
	}
	return out
}

var childrenFiles = sync.OnceValue(func() bool {
	pid := strconv.Itoa(os.Getpid())
	_, err := os.Stat("/proc/" + pid + "/task/" + pid + "/children")
	return err == nil
})

func scanChildren(parent int) []int {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return nil
	}
	var out []int
	for _, e := range ents {
		if pid, err := strconv.Atoi(e.Name()); err == nil {
			if st, ok := readStat(pid); ok && st.ppid == parent {
				out = append(out, pid)
			}
		}
	}
	return out
}
