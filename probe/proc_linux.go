package probe

import (
	"errors"
	"syscall"

	"golang.org/x/sys/unix"
)

// sysProcAttr puts the server in a process group of its own, so that the
// group can be killed whole, and kills it if the prober dies without
// cleaning up (Pdeathsig fires when the thread that forked exits; the Go
// runtime only ends threads of goroutines that locked them, which probe
// never does).
func sysProcAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// watchExit closes pr.exited when the leader exits, without reaping it
// (WNOWAIT): while it is a zombie its pid, which is the group id, stays
// taken, so stop can still signal the group safely.
func (pr *process) watchExit() {
	defer close(pr.exited)
	var info unix.Siginfo
	for {
		err := unix.Waitid(unix.P_PID, pr.cmd.Process.Pid, &info, unix.WEXITED|unix.WNOWAIT, nil)
		if !errors.Is(err, unix.EINTR) {
			return
		}
	}
}

// reap collects the exit status once the group has been killed.
func (pr *process) reap() { _ = pr.cmd.Wait() }
