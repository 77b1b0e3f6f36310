//go:build unix

package probe

import (
	"errors"
	"io/fs"
	"os"
	"syscall"
)

func exitSignal(ps *os.ProcessState) string {
	if ws, ok := ps.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return ws.Signal().String()
	}
	return ""
}

func isExecFormat(err error) bool { return errors.Is(err, syscall.ENOEXEC) }

// executable reports why path cannot be run: fs.ErrNotExist when there is
// nothing (or a directory) there, fs.ErrPermission without an execute bit.
func executable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fs.ErrNotExist
	}
	if fi.Mode()&0o111 == 0 {
		return fs.ErrPermission
	}
	return nil
}

func candidates(path string) []string { return []string{path} }

func envKeyEqual(a, b string) bool { return a == b }
