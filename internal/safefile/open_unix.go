//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNoBlock opens path for reading with O_NONBLOCK, so that opening a
// named pipe returns at once instead of waiting for a writer, and
// O_NOCTTY, so that a terminal never becomes the controlling one. For a
// regular file O_NONBLOCK changes nothing: its reads never wait on it.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}
