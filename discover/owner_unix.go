//go:build unix

package discover

import (
	"os"
	"syscall"
)

// owner is the uid that owns p (of the link itself when link is true).
func owner(p string, link ...bool) (int, bool) {
	stat := os.Stat
	if len(link) > 0 && link[0] {
		stat = os.Lstat
	}
	fi, err := stat(p)
	if err != nil {
		return 0, false
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return 0, false
	}
	return int(st.Uid), true
}
