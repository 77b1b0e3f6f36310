package app

import (
	"fmt"
	"path/filepath"
	"sync"

	"github.com/mcpconf/mcpconf/internal/safefile"
)

// AllowOutsideFilesFlag is the name of the flag that lets probe send
// files outside the project.
const AllowOutsideFilesFlag = "--allow-outside-files"

// maxValueFile bounds an opencode {file:path} file: it holds a value (a
// token, a key, a short text), and a path pointing at something else must
// not fill memory.
const maxValueFile = 1 << 20

// FileReader reads opencode {file:path} values through safefile (a
// regular file of at most 1 MiB, within its deadline), each path once per
// run: a file several servers or clients use is read, or waited for,
// once. With withhold (a command whose values go to servers, without
// --allow-outside-files), a file whose real path is outside the project
// (root) is refused.
func FileReader(root string, withhold bool) func(string) ([]byte, error) {
	allow := allowFile(root, withhold)
	type read struct {
		data []byte
		err  error
	}
	var mu sync.Mutex
	done := map[string]read{}
	return func(path string) ([]byte, error) {
		mu.Lock()
		defer mu.Unlock()
		if r, ok := done[path]; ok {
			return r.data, r.err
		}
		file, err := safefile.Read(path, safefile.Limits{Max: maxValueFile, Allow: allow})
		done[path] = read{file.Data, err}
		return file.Data, err
	}
}

// allowFile refuses, with withhold, a file whose real path is outside the
// project; nil when any file may be read.
func allowFile(root string, withhold bool) func(path, real string) error {
	if !withhold {
		return nil
	}
	realRoot := root
	if r, err := filepath.EvalSymlinks(root); err == nil {
		realRoot = r
	}
	return func(path, real string) error {
		if rel, err := filepath.Rel(realRoot, real); err == nil && filepath.IsLocal(rel) {
			return nil
		}
		return &outsideFile{path: path, real: real}
	}
}

// outsideFile is a file outside the project that probe does not send
// without --allow-outside-files. Its message follows the file's quoted
// path.
type outsideFile struct{ path, real string }

func (e *outsideFile) Error() string {
	if e.real != e.path {
		return fmt.Sprintf("leads to %q, outside the project; probe sends files outside the project only with %s", e.real, AllowOutsideFilesFlag)
	}
	return "is outside the project; probe sends files outside the project only with " + AllowOutsideFilesFlag
}

func (e *outsideFile) Hint() string {
	return "pass " + AllowOutsideFilesFlag + " to send it, or keep the file in the project"
}
