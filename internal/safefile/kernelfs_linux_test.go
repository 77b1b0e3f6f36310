package safefile

import (
	"os"
	"path/filepath"
	"testing"
)

// TestKernelFS: kernel files are told by the file system of the opened
// file, not by their path, so a bind mount of /proc elsewhere (which no
// test can make without root) is refused as well.
func TestKernelFS(t *testing.T) {
	reg := filepath.Join(t.TempDir(), "f")
	os.WriteFile(reg, nil, 0o600)
	for path, want := range map[string]string{"/proc/self/environ": "proc", "/sys/kernel/mm/transparent_hugepage/enabled": "sysfs", reg: ""} {
		f, err := os.Open(path)
		if err != nil {
			continue
		}
		if got := kernelFS(f); got != want {
			t.Errorf("kernelFS(%s) = %q, want %q", path, got, want)
		}
		f.Close()
	}
	if got := kernelPath("/tmp/proc/x"); got != "" {
		t.Errorf("kernelPath(/tmp/proc/x) = %q", got)
	}
	if got := kernelPath("/proc/1/environ"); got != "proc" {
		t.Errorf("kernelPath(/proc/1/environ) = %q", got)
	}
}
