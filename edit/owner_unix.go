//go:build unix

package edit

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives tmp the owner and group of the file it replaces, where
// the system lets it (as root, fixing a user's file); otherwise the file
// written is the writer's, as any editor's would be.
func keepOwner(tmp *os.File, info fs.FileInfo) {
	if st, ok := info.Sys().(*syscall.Stat_t); ok && (int(st.Uid) != os.Getuid() || int(st.Gid) != os.Getgid()) {
		_ = tmp.Chown(int(st.Uid), int(st.Gid))
	}
}
