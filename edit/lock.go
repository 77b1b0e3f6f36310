package edit

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"time"
)

// lockStale is how long a lock may go without being refreshed before it
// counts as left over by a writer that is gone (proper-lockfile's default,
// which Claude Code keeps).
const lockStale = 10 * time.Second

// lockWait is how long TakeLock waits for a lock another program holds
// (Claude Code holds it for the milliseconds a save takes); tests shorten
// it.
var lockWait = 2 * time.Second

// TakeLock takes the lock at lock (normalize.File.Lock: a directory made
// with mkdir, as proper-lockfile makes it) before the file at path is
// written, so that the program that takes it too (Claude Code saving
// ~/.claude.json) does not write the file meanwhile. A lock another
// program holds is waited for, then refused; one not refreshed for
// lockStale is taken over, as proper-lockfile does. A lock whose
// directory does not exist is not needed: nobody writes a file there.
// release removes the lock.
func TakeLock(path, lock string) (release func(), err error) {
	deadline := time.Now().Add(lockWait)
	for {
		err := os.Mkdir(lock, 0o777)
		if err == nil {
			return func() { os.Remove(lock) }, nil
		}
		if errors.Is(err, fs.ErrNotExist) {
			return func() {}, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("cannot write %q: its lock %q cannot be taken (%v); nothing was written", path, lock, cause(err))
		}
		if fi, err := os.Stat(lock); err == nil && time.Since(fi.ModTime()) > lockStale && os.Remove(lock) == nil {
			continue // left over: taken over on the next turn
		}
		if time.Now().After(deadline) {
			return nil, fmt.Errorf("%q is locked by the program that writes it (%q exists): nothing was written; run mcpconf again", path, lock)
		}
		time.Sleep(25 * time.Millisecond)
	}
}
