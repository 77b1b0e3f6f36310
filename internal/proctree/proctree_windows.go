package proctree

import (
	"errors"
	"os/exec"
	"syscall"
)

func now() uint64 { return 0 }

// prepare starts the root in a process group of its own, out of reach of
// the console's Ctrl-C. Windows has no process groups to kill: the root
// itself is killed, and children it started may survive it (a job object
// would fix that).
func prepare(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= syscall.CREATE_NEW_PROCESS_GROUP
}

func enable() error { return errors.ErrUnsupported }

func beforeStart() {}

func (t *Tree) watch() {
	defer close(t.exited)
	t.waitErr = t.cmd.Wait()
}

func reap(t *Tree) error {
	<-t.exited
	return t.waitErr
}

func kill(t *Tree) { _ = t.cmd.Process.Kill() }

func terminate(*Tree) {}

func sweep() {}
