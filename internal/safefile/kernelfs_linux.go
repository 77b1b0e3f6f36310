package safefile

import (
	"os"

	"golang.org/x/sys/unix"
)

// kernelFileSystems are the pseudo file systems whose files claim to be
// regular and whose content the kernel makes up when read: the process's
// environment (/proc/self/environ), memory maps, hardware and cgroup
// state. They are told by the file system of the opened file, so a bind
// mount or a symbolic link elsewhere does not hide them.
var kernelFileSystems = map[uint32]string{
	unix.PROC_SUPER_MAGIC:    "proc",
	unix.SYSFS_MAGIC:         "sysfs",
	unix.DEBUGFS_MAGIC:       "debugfs",
	unix.TRACEFS_MAGIC:       "tracefs",
	unix.SECURITYFS_MAGIC:    "securityfs",
	unix.CGROUP_SUPER_MAGIC:  "cgroup",
	unix.CGROUP2_SUPER_MAGIC: "cgroup2",
	unix.EFIVARFS_MAGIC:      "efivarfs",
	unix.BPF_FS_MAGIC:        "bpf",
	unix.PSTOREFS_MAGIC:      "pstore",
	0x62656570:               "configfs", // CONFIGFS_MAGIC, not in x/sys/unix
}

// kernelFS names the kernel file system f is on, or "".
func kernelFS(f *os.File) string {
	// Through SyscallConn, not Fd, which would switch the file to
	// blocking mode.
	rc, err := f.SyscallConn()
	if err != nil {
		return ""
	}
	var st unix.Statfs_t
	var serr error
	if err := rc.Control(func(fd uintptr) { serr = unix.Fstatfs(int(fd), &st) }); err != nil || serr != nil {
		return ""
	}
	return kernelFileSystems[uint32(st.Type)]
}

// kernelFSKnown: kernel files are told by their file system here, so the
// real path is not needed to find them.
const kernelFSKnown = true
