package probe

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

func exitSignal(*os.ProcessState) string { return "" }

// errBadExeFormat is ERROR_BAD_EXE_FORMAT, which package syscall does not name.
const errBadExeFormat = syscall.Errno(193)

func isExecFormat(err error) bool {
	return errors.Is(err, errBadExeFormat)
}

func executable(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	if fi.IsDir() {
		return fs.ErrNotExist
	}
	return nil
}

// candidates adds the PATHEXT extensions to a name without one.
func candidates(path string) []string {
	if filepath.Ext(path) != "" {
		return []string{path}
	}
	exts := os.Getenv("PATHEXT")
	if exts == "" {
		exts = ".com;.exe;.bat;.cmd"
	}
	var out []string
	for _, e := range strings.Split(exts, ";") {
		if e != "" {
			out = append(out, path+strings.ToLower(e))
		}
	}
	return out
}

func envKeyEqual(a, b string) bool { return strings.EqualFold(a, b) }
