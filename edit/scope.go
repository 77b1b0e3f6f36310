package edit

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Scope is the directory a write stays in: the project (--root) for a
// project's file, the home (--home) for a user's, the directory of a file
// named on the command line outside both. WriteFile and CreateFile
// resolve the file's links first (those of its directories too, and for
// a file not there yet those of the nearest directory that is) and refuse
// a file they lead out of the scope, naming the link: a repository that
// links .mcp.json or .mcpconf.lock to ~/.bashrc does not get it
// rewritten. A link that stays inside is written through: the file it
// leads to is replaced and the link kept. Every step after the check goes
// through the scope's directory opened once (os.Root), so a link made
// after the check cannot lead out either.
type Scope struct {
	Dir string // absolute
	// What names it in messages: "the project", "the home", "the
	// directory".
	What string
}

// Within is the scope of dir, named what.
func Within(dir, what string) Scope { return Scope{Dir: dir, What: what} }

// ErrInterrupted is wrapped by the error of a write stopped by its
// context (Ctrl-C, SIGTERM) before its rename: the file is as it was and
// no temporary file is left.
var ErrInterrupted = errors.New("interrupted")

// stopped is the error of a write whose context is done, nil otherwise.
func stopped(ctx context.Context, path string) error {
	if ctx == nil || ctx.Err() == nil {
		return nil
	}
	return fmt.Errorf("%w before %q was written: it is as it was", ErrInterrupted, path)
}

// place is where a write goes, checked to be in its scope.
type place struct {
	path string   // as given
	root *os.Root // the scope's directory, opened
	dir  string   // the scope's directory, its links resolved
	rel  string   // the file, relative to dir, without links
	// at is the file's directory, opened (enter): the temporary file is
	// made, renamed and removed there, wherever the directory is moved
	// meanwhile.
	at *os.Root
}

// abs is the file's path, without links.
func (p *place) abs() string { return filepath.Join(p.dir, p.rel) }

// base is the file's name in its directory.
func (p *place) base() string { return filepath.Base(p.rel) }

// enter opens the file's directory (at), through the scope's.
func (p *place) enter() error {
	at, err := p.root.OpenRoot(filepath.Dir(p.rel))
	p.at = at
	return err
}

func (p *place) close() {
	if p.at != nil {
		p.at.Close()
	}
	p.root.Close()
}

// open resolves path and checks that it stays in s (place's doc).
func (s Scope) open(path string) (*place, error) {
	if s.Dir == "" || !filepath.IsAbs(s.Dir) || !filepath.IsAbs(path) {
		return nil, fmt.Errorf("cannot write %q: no directory to stay in (%q); report this as a bug of mcpconf", path, s.Dir)
	}
	what := s.What
	if what == "" {
		what = "the directory"
	}
	dir, err := filepath.EvalSymlinks(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("cannot write %q: %s %q cannot be resolved (%v)", path, what, s.Dir, cause(err))
	}
	real, err := resolve(path, 0)
	if err != nil {
		return nil, fmt.Errorf("cannot write %q: %v", path, cause(err))
	}
	rel, err := filepath.Rel(dir, real)
	if err != nil || !filepath.IsLocal(rel) {
		return nil, s.outside(path, dir, real, what)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("cannot write %q: %s %q cannot be opened (%v)", path, what, s.Dir, cause(err))
	}
	return &place{path: path, root: root, dir: dir, rel: rel}, nil
}

// still reports whether path leads where it led when p was made: checked
// again right before a rename, so that a link changed since the check is
// not written through.
func (p *place) still() bool {
	real, err := resolve(p.path, 0)
	return err == nil && real == p.abs()
}

// outside is the refusal of path, which leads to real outside the scope
// (resolved: dir): it names the first link on the way that leads out.
func (s Scope) outside(path, dir, real, what string) error {
	const hint = "mcpconf writes only inside it; replace the link with the file, or write there yourself"
	if rel, err := filepath.Rel(s.Dir, path); err == nil && filepath.IsLocal(rel) {
		at := s.Dir
		for _, part := range strings.Split(rel, string(filepath.Separator)) {
			at = filepath.Join(at, part)
			fi, err := os.Lstat(at)
			if err != nil {
				break
			}
			if fi.Mode()&fs.ModeSymlink == 0 {
				continue
			}
			to, err := resolve(at, 0)
			if err != nil {
				break
			}
			if r, err := filepath.Rel(dir, to); err != nil || !filepath.IsLocal(r) {
				return fmt.Errorf("%q is a link to %q, outside %s %q: %s", at, to, what, s.Dir, hint)
			}
		}
	}
	return fmt.Errorf("%q leads to %q, outside %s %q: %s", path, real, what, s.Dir, hint)
}

// resolve is path with every link resolved, as filepath.EvalSymlinks, for
// a file that need not exist: a link to nothing leads to what it names,
// a missing file is the missing name in its resolved directory.
func resolve(path string, depth int) (string, error) {
	if depth > 40 {
		return "", fmt.Errorf("too many links on the way to %q", path)
	}
	real, err := filepath.EvalSymlinks(path)
	if err == nil || !errors.Is(err, fs.ErrNotExist) {
		return real, err
	}
	parent := filepath.Dir(path)
	if parent == path {
		return "", err
	}
	dir, err := resolve(parent, depth+1)
	if err != nil {
		return "", err
	}
	at := filepath.Join(dir, filepath.Base(path))
	fi, err := os.Lstat(at)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return at, nil
	case err != nil:
		return "", err
	case fi.Mode()&fs.ModeSymlink == 0:
		// there now: resolved again from the top
		return resolve(at, depth+1)
	}
	to, err := os.Readlink(at)
	if err != nil {
		return "", err
	}
	if !filepath.IsAbs(to) {
		to = filepath.Join(dir, to)
	}
	return resolve(to, depth+1)
}

// Check refuses path as WriteFile and CreateFile would when its links
// lead out of s, before anything is read: a caller that reads the file
// first (a lock, a baseline) says the link, not what it leads to.
func (s Scope) Check(path string) error {
	pl, err := s.open(path)
	if err != nil {
		return err
	}
	pl.close()
	return nil
}
