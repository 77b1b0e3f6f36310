//go:build !linux

package safefile

import "os"

// kernelFS is Linux's check by file system; elsewhere kernelPath judges
// by the resolved path.
func kernelFS(*os.File) string { return "" }

// kernelFSKnown: elsewhere the real path tells kernel files.
const kernelFSKnown = false
