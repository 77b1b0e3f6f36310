//go:build unix && !linux

package probe

import "syscall"

func sysProcAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// watchExit reaps the leader as it exits: without waitid's WNOWAIT there
// is no portable way to wait without reaping. The group id may then in
// principle be reused before stop signals it; the kernel does not reuse
// it while any member of the group is alive, which is the case that
// matters.
func (pr *process) watchExit() {
	defer close(pr.exited)
	_ = pr.cmd.Wait()
}

func (pr *process) reap() { <-pr.exited }
