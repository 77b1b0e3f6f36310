//go:build unix

package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
)

// TestReadSpecialFiles: named pipes, devices and kernel files are refused
// at once, whatever link leads to them.
func TestReadSpecialFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	cases := map[string]struct {
		path, reason string
		is           error
	}{
		"fifo":      {fifo, "is a named pipe, not a regular file", ErrNotRegular},
		"/dev/zero": {"/dev/zero", "is a device, not a regular file", ErrNotRegular},
		"/dev/null": {"/dev/null", "is a device, not a regular file", ErrNotRegular},
	}
	if runtime.GOOS == "linux" {
		cases["/proc/self/environ"] = struct {
			path, reason string
			is           error
		}{"/proc/self/environ", "is on the kernel's proc file system, not a regular file", ErrKernelFile}
		cases["/sys file"] = struct {
			path, reason string
			is           error
		}{"/sys/kernel/mm/transparent_hugepage/enabled", "is on the kernel's sysfs file system, not a regular file", ErrKernelFile}
	}
	for name, c := range cases {
		if _, err := os.Stat(c.path); err != nil {
			continue // not on this machine
		}
		for _, path := range []string{c.path, linkTo(t, dir, c.path)} {
			t.Run(name+" "+path, func(t *testing.T) {
				_, err := readQuickly(t, path, Limits{Allow: func(string, string) error { t.Error("Allow called"); return nil }})
				var e *Error
				if !errors.As(err, &e) || e.Reason != c.reason || !errors.Is(err, c.is) {
					t.Fatalf("got %v, want %q %s", err, path, c.reason)
				}
			})
		}
	}
}

var links int

func linkTo(t *testing.T, dir, target string) string {
	links++
	p := filepath.Join(dir, "link"+string(rune('a'+links)))
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestReadSwappedForFIFO: a regular file when first looked at and a named
// pipe when opened (a race an attacker can win) is refused by the check on
// the opened file, and opening the pipe does not wait for a writer.
func TestReadSwappedForFIFO(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "token")
	if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	defer func(o func(string) (*os.File, error)) { openFile = o }(openFile)
	openFile = func(path string) (*os.File, error) {
		os.Remove(path)
		if err := syscall.Mkfifo(path, 0o600); err != nil {
			t.Fatal(err)
		}
		return openNoBlock(path)
	}
	_, err := readQuickly(t, p, Limits{})
	if !errors.Is(err, ErrNotRegular) {
		t.Fatalf("got %v, want a named pipe refused", err)
	}
}
