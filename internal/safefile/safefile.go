// Package safefile is the one reader of the files a config makes mcpconf
// read: the config files discover finds, opencode {file:path} values and VS
// Code envFile files. Those paths come from repositories nobody has vetted,
// so a read must not block on a named pipe, stream a device or a kernel file
// forever, fill memory, or hang on a dead network mount.
//
// It is a package of its own because its callers sit on both sides of the
// module: discover reads config files, resolve reads envFile files, and the
// commands read {file:} values for resolve (which never opens a file on
// its own); neither discover nor resolve may depend on the other for it.
//
// Read accepts a regular file only, and checks that on the file it opened
// (opened without blocking, then fstat), so a path swapped between a check
// and the open changes nothing. It refuses named pipes, sockets, devices,
// directories, and the files of the kernel's pseudo file systems (/proc,
// /sys and the like: they claim to be regular files and their content is
// made up on each read; on Linux they are told by the file system of the
// opened file, elsewhere by the resolved path), and files larger than a
// cap. The whole read runs under a deadline.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// DefaultTimeout bounds a read when Limits.Timeout is 0. A config file or
// a token file on a local disk is read in milliseconds; this only ever
// expires on a file system that does not answer.
const DefaultTimeout = 5 * time.Second

// Limits bound one read.
type Limits struct {
	// Max is the largest size read, in bytes: a larger file is refused
	// without reading it. There is no default: 0 reads only empty files.
	Max int64
	// Timeout bounds the whole read, from the first look at the path to
	// the last byte; 0 is DefaultTimeout.
	Timeout time.Duration
	// Allow, when set, is called once the file is open and known to be a
	// regular file, before a byte of it is read, with the path as given
	// and the file's real path (every symbolic link resolved, checked to
	// be the file opened). An error refuses the file: its text follows the
	// quoted path in messages ("is outside the project"), and a Hint()
	// string method, if it has one, says what to do.
	Allow func(path, real string) error
}

// File is what Read read.
type File struct {
	Data []byte
	path string
	info fs.FileInfo // of the opened file
	real string      // when already known
}

// Real is the path of the file read with every symbolic link resolved,
// checked to name the very file that was read: an error (ErrChanged) when
// the path leads elsewhere by now. It is worked out when first asked for
// (resolving links costs a system call per directory), unless Read needed
// it already.
func (f File) Real() (string, error) {
	if f.real != "" {
		return f.real, nil
	}
	if f.info == nil {
		return "", &Error{Path: f.path, Reason: "was not read", Err: ErrChanged}
	}
	return realPath(f.path, f.info)
}

// Info is the file's information as it was opened (size, modification
// time, identity for os.SameFile); nil for a File Read did not return.
func (f File) Info() fs.FileInfo { return f.info }

// Errors a refusal wraps, for errors.Is. A missing file wraps
// fs.ErrNotExist.
var (
	ErrNotRegular = errors.New("not a regular file")
	ErrKernelFile = errors.New("a file of a kernel file system")
	ErrTooLarge   = errors.New("too large")
	ErrTimeout    = errors.New("read timed out")
	// ErrDangling: the path is a symbolic link to nothing (it does not
	// match fs.ErrNotExist: there is a file, just not one to read).
	ErrDangling = errors.New("dangling symbolic link")
	// ErrChanged: the path led to another file once the file was open.
	ErrChanged = errors.New("changed while read")
)

// Error is a file Read did not read. Its message is the quoted path
// followed by Reason: `"./fifo" is a named pipe, not a regular file`.
type Error struct {
	Path string
	// Reason follows the path: "does not exist", "is a named pipe, not a
	// regular file", "is larger than 1 MiB".
	Reason string
	// Hint says what to do, in a few words; it may be "".
	Hint string
	// Size is the file's size, when it is too large (ErrTooLarge) and was
	// told by the system; -1 when the file grew past the limit as it was
	// read.
	Size int64
	Err  error
}

func (e *Error) Error() string { return strconv.Quote(e.Path) + " " + e.Reason }
func (e *Error) Unwrap() error { return e.Err }

// Read reads the file at path within the limits. Every error it returns is
// an *Error.
func Read(path string, l Limits) (File, error) {
	timeout := l.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	type result struct {
		f   File
		err error
	}
	// The read runs on its own goroutine so that the caller gets an answer
	// at the deadline whatever the file system does. If the deadline
	// passes, that goroutine is left behind, blocked in the kernel (in
	// stat, open or read of a hung FUSE or NFS file) with one OS thread
	// and, once open, one file descriptor; when the call returns, if ever,
	// it closes the file and ends, its result dropped (the channel is
	// buffered, so it never blocks on sending). Nothing of a file read
	// after its deadline is used.
	done := make(chan result, 1)
	open := openFile
	go func() {
		f, err := read(path, l, open)
		done <- result{f, err}
	}()
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	select {
	case r := <-done:
		return r.f, r.err
	case <-timer.C:
		return File{}, &Error{Path: path, Reason: "could not be read within " + timeout.String(),
			Hint: "check the file system it is on: a network or FUSE mount that does not answer holds every read", Err: ErrTimeout}
	}
}

// openFile opens a file for reading without ever blocking on it; tests
// replace it to stand for a file system that hangs.
var openFile = openNoBlock

func read(path string, l Limits, open func(string) (*os.File, error)) (File, error) {
	// A first look, so that a device or a pipe is refused without even
	// being opened (opening some devices does something); the check that
	// counts is on the opened file below.
	if fi, err := os.Stat(path); err != nil {
		return File{}, statError(path, err)
	} else if err := kind(path, fi); err != nil {
		return File{}, err
	}
	f, err := open(path)
	if err != nil {
		return File{}, statError(path, err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return File{}, ioError(path, err)
	}
	if err := kind(path, fi); err != nil {
		return File{}, err
	}
	if fsName := kernelFS(f); fsName != "" {
		return File{}, kernelError(path, fsName)
	}
	var real string
	if l.Allow != nil || !kernelFSKnown {
		if real, err = realPath(path, fi); err != nil {
			return File{}, err
		}
		if fsName := kernelPath(real); fsName != "" {
			return File{}, kernelError(path, fsName)
		}
	}
	if fi.Size() > l.Max {
		return File{}, tooLarge(path, fi.Size(), l.Max)
	}
	if l.Allow != nil {
		if err := l.Allow(path, real); err != nil {
			e := &Error{Path: path, Reason: err.Error(), Err: err}
			var h interface{ Hint() string }
			if errors.As(err, &h) {
				e.Hint = h.Hint()
			}
			return File{}, e
		}
	}
	data, err := readAll(f, fi.Size(), l.Max)
	if errors.Is(err, ErrTooLarge) {
		return File{}, tooLarge(path, -1, l.Max)
	}
	if err != nil {
		return File{}, ioError(path, err)
	}
	return File{Data: data, path: path, info: fi, real: real}, nil
}

// readAll reads r, size bytes long by fstat, into one buffer, as
// os.ReadFile does; the size can change after fstat, so it reads until
// EOF and fails with ErrTooLarge past limit bytes.
func readAll(r io.Reader, size, limit int64) ([]byte, error) {
	buf := make([]byte, 0, max(min(size, limit)+1, 512))
	for {
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if int64(len(buf)) > limit {
			return nil, ErrTooLarge
		}
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)] // the file grew: room for more
		}
	}
}

// kind refuses anything but a regular file.
func kind(path string, fi fs.FileInfo) error {
	m := fi.Mode()
	var what string
	switch {
	case m.IsRegular():
		return nil
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	default:
		what = "not a regular file"
		return &Error{Path: path, Reason: "is " + what, Hint: "point it at a regular file", Err: ErrNotRegular}
	}
	return &Error{Path: path, Reason: "is " + what + ", not a regular file", Hint: "point it at a regular file", Err: ErrNotRegular}
}

func kernelError(path, fsName string) error {
	return &Error{Path: path, Reason: "is on the kernel's " + fsName + " file system, not a regular file",
		Hint: "point it at a regular file", Err: ErrKernelFile}
}

// kernelPath names the kernel file system a resolved path is on by where
// it is: a bind mount elsewhere is not seen here (on Linux kernelFS sees
// it).
func kernelPath(real string) string {
	if filepath.Separator != '/' {
		return ""
	}
	for _, dir := range []string{"/proc", "/sys"} {
		if real == dir || strings.HasPrefix(real, dir+"/") {
			return dir[1:]
		}
	}
	return ""
}

// realPath resolves every symbolic link of path, and checks that the
// result is the file opened: a path changed in between is refused rather
// than judged by the wrong name.
func realPath(path string, opened fs.FileInfo) (string, error) {
	real, err := filepath.EvalSymlinks(path)
	if err == nil {
		real, err = filepath.Abs(real)
	}
	if err == nil {
		var fi fs.FileInfo
		if fi, err = os.Stat(real); err == nil && os.SameFile(fi, opened) {
			return real, nil
		}
	}
	return "", &Error{Path: path, Reason: "changed while it was read", Hint: "run again once nothing is writing to it", Err: ErrChanged}
}

func tooLarge(path string, size, limit int64) error {
	reason := "is larger than " + normalize.Bytes(limit)
	if size >= 0 {
		reason = "is " + SizeOver(size, limit) + ", larger than " + normalize.Bytes(limit)
	}
	return &Error{Path: path, Reason: reason, Hint: "point it at a smaller file", Size: size, Err: ErrTooLarge}
}

// SizeOver words the size of a file over limit: Size, or the bytes when
// it is just over (a 512 MiB limit and "512.0 MiB" would say nothing).
func SizeOver(n, limit int64) string {
	if n-limit < limit/10 {
		return fmt.Sprintf("%d bytes", n)
	}
	return Size(n)
}

// Size words a file's size for a message: "70.0 MiB", "1.5 KiB", "812
// bytes".
func Size(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// statError words a failure to find or open the file.
func statError(path string, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		if li, lerr := os.Lstat(path); lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return &Error{Path: path, Reason: "is a symbolic link to a file that does not exist",
				Hint: "point the link at an existing file", Err: ErrDangling}
		}
		return &Error{Path: path, Reason: "does not exist", Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &Error{Path: path, Reason: "cannot be opened: permission denied", Hint: "check its mode and owner", Err: err}
	case errors.Is(err, syscall.ELOOP):
		return &Error{Path: path, Reason: "is a symbolic link loop", Hint: "point the link at a file", Err: err}
	}
	return ioError(path, err)
}

func ioError(path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return &Error{Path: path, Reason: "cannot be read: " + err.Error(), Err: err}
}
