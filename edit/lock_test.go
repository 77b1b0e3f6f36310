package edit

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTakeLock: a free lock is taken and released; one another program
// holds is waited for and refused; one left over (not refreshed for
// lockStale) is taken over; none is needed where its directory is not.
func TestTakeLock(t *testing.T) {
	defer func(w time.Duration) { lockWait = w }(lockWait)
	lockWait = 100 * time.Millisecond
	dir := t.TempDir()
	path := filepath.Join(dir, ".claude.json")
	lock := path + ".lock"
	release, err := TakeLock(path, lock)
	if err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(lock); err != nil || !fi.IsDir() {
		t.Fatalf("lock not taken: %v", err)
	}
	// held (by the test itself, as another program would)
	if _, err := TakeLock(path, lock); err == nil || !strings.Contains(err.Error(), "is locked by the program that writes it") {
		t.Errorf("a held lock: %v", err)
	}
	release()
	if _, err := os.Stat(lock); !os.IsNotExist(err) {
		t.Errorf("not released: %v", err)
	}
	// left over
	os.Mkdir(lock, 0o755)
	old := time.Now().Add(-time.Minute)
	os.Chtimes(lock, old, old)
	release, err = TakeLock(path, lock)
	if err != nil {
		t.Fatalf("a stale lock: %v", err)
	}
	release()
	if _, err := TakeLock(filepath.Join(dir, "none", "x.json"), filepath.Join(dir, "none", "x.json.lock")); err != nil {
		t.Errorf("no directory: %v", err)
	}
}
