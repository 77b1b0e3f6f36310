//go:build unix && !linux

package proctree

import (
	"errors"
	"os/exec"
	"syscall"
)

func now() uint64 { return 0 }

func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.Setpgid = true
}

func enable() error { return errors.ErrUnsupported }

func beforeStart() {}

// watch reaps the root as it exits: without waitid's WNOWAIT there is no
// portable way to wait without reaping. The group id may then in
// principle be reused before Close signals it; the kernel does not reuse
// it while any member of the group is alive, which is the case that
// matters.
func (t *Tree) watch() {
	defer close(t.exited)
	t.waitErr = t.cmd.Wait()
}

func reap(t *Tree) error {
	<-t.exited
	return t.waitErr
}

// kill kills the root's process group: without a portable way to list a
// process's children, and without a subreaper, that is all.
func kill(t *Tree) { _ = syscall.Kill(-t.pid, syscall.SIGKILL) }

func terminate(t *Tree) { _ = syscall.Kill(-t.pid, syscall.SIGTERM) }

func sweep() {}
