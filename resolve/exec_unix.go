//go:build unix

package resolve

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a process group of its own, so that a
// timeout takes its children with it.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
