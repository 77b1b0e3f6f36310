//go:build !unix

package safefile

import "os"

// openNoBlock opens path for reading. Windows has no FIFOs that block an
// open (a named pipe's CreateFile fails at once when no instance is
// free); devices are refused on the opened file, and the deadline covers
// the rest.
func openNoBlock(path string) (*os.File, error) {
	return os.Open(path)
}
