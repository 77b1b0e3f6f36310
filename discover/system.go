package discover

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
)

// skip is why a client skips a file it finds, and what to do about it.
type skip struct {
	Reason, Hint string
	// OptIn: the owner of the providers table does not read the file until
	// its opt-in setting names the provider (not a file the client rejects:
	// no finding, a note in the sources).
	OptIn bool
}

// outsideLocations resolves a file outside the project tree: at the path a
// variable names (File.PathVar), in each directory an extension lives in
// (File.Extension), or under its base. A machine-wide file is looked for
// only when the run knows the machine's root (Options.System) or a
// variable names it.
func (o *Options) outsideLocations(c *normalize.Client, f normalize.File) []Location {
	const prio = 0
	if f.Extension != nil {
		return o.extensionLocations(c, f)
	}
	l := o.locate(c, prio, f, 0)
	if abs, ok := o.pathFromVar(f); ok {
		l.Abs, l.Display = abs, o.display(abs, normalize.HomeDir)
	} else if f.OnlyVar {
		return nil // read only at the path its variable names
	} else if f.Base == normalize.SystemDir && o.System == "" {
		return nil // no machine to read (see SkipsSystem)
	}
	l.Defaults, l.OverProject, l.SkippedAlone = f.Defaults, f.OverProject, f.SkippedAlone
	if f.RootOwned && o.goos() != "windows" && o.exists(l.Abs) {
		l.Skip = rootOwned(l.Abs, o.System)
	}
	return []Location{l}
}

// pathFromVar is the path a variable gives a file: its own (PathVar), or
// the directory of another file's (SiblingOf). A variable that points
// outside --home and --root is ignored (envDir).
//
// A machine-wide file's variable (Base SystemDir) names a path on the
// machine: it is read under the directory that stands for the machine's
// root (--system DIR; as is on this machine), or, when the run knows no
// machine, as is if it lies in --home.
func (o *Options) pathFromVar(f normalize.File) (string, bool) {
	if f.PathVar != "" {
		if v := o.varPath(f, f.PathVar); v != "" {
			return v, true
		}
	}
	if f.SiblingOf != "" {
		if v := o.varPath(f, f.SiblingOf); v != "" {
			return filepath.Join(filepath.Dir(v), filepath.Base(filepath.FromSlash(f.Path))), true
		}
	}
	return "", false
}

// varPath is the file a variable names, for a file of f's kind.
func (o *Options) varPath(f normalize.File, name string) string {
	v := o.getenv(name)
	if f.Base == normalize.SystemDir && o.System != "" && filepath.IsAbs(v) {
		return filepath.Join(o.System, v)
	}
	return o.envDir(name, nil)
}

// systemNote says which machine-wide files of a client the run does not
// read, and how to read them.
func (o *Options) systemNote(c *normalize.Client) string {
	var paths []string
	for _, f := range c.Files {
		if f.Base == normalize.SystemDir && f.ForOS(o.goos()) {
			if _, ok := o.pathFromVar(f); !ok {
				paths = append(paths, f.Display(o.goos()))
			}
		}
	}
	return fmt.Sprintf("%s's machine-wide files (%s) are not read: --home isolates the run from this machine; pass --system DIR to read them under DIR (--system / for this machine's)",
		c.Product, strings.Join(paths, ", "))
}

// rootOwned checks a file the way Gemini CLI checks its system settings
// (isFileAndDirectorySecureSync): the file and every directory above it,
// and any symbolic link on the way, must belong to root and must not be
// writable by group or others; the file the links lead to too. top is the
// directory that stands for the machine's root (--system DIR, whose owner
// then stands for root; "/" for this machine); "" means the file is read
// where a variable put it, checked up to the real root. nil when the file
// passes.
func rootOwned(abs, top string) *skip {
	want, ok := 0, true
	if top != "" && filepath.Clean(top) != filepath.Dir(filepath.Clean(top)) {
		want, ok = owner(top)
		if !ok {
			return nil // owners cannot be told here
		}
	}
	if s := pathChain(abs, top, want); s != nil {
		return s
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		if top == "" || within(top, real) {
			if s := pathChain(real, top, want); s != nil {
				s.Reason = "the file it leads to: " + s.Reason
				return s
			}
		}
	}
	return nil
}

// pathChain checks the directories above abs, up to top (or the file
// system's root), then abs itself.
func pathChain(abs, top string, want int) *skip {
	var dirs []string
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if top != "" && filepath.Clean(d) == filepath.Clean(top) || filepath.Dir(d) == d {
			break
		}
	}
	for _, d := range dirs {
		if s := securePath(d, true, want); s != nil {
			s.Reason = fmt.Sprintf("the directory %q above it %s", d, s.Reason)
			return s
		}
	}
	if s := securePath(abs, false, want); s != nil {
		s.Reason = "the file " + s.Reason
		return s
	}
	return nil
}

// securePath checks one path (isPathSecureSync): of the right kind, a
// link owned by root, the target owned by root and not writable by group
// or others.
func securePath(p string, dir bool, want int) *skip {
	fi, err := os.Stat(p)
	if err != nil {
		if os.IsNotExist(err) {
			return nil
		}
		return &skip{Reason: fmt.Sprintf("cannot be checked (%v)", err), Hint: "make it readable"}
	}
	switch {
	case dir && !fi.IsDir():
		return &skip{Reason: "is not a directory", Hint: "make it a directory"}
	case !dir && !fi.Mode().IsRegular():
		return &skip{Reason: "is not a regular file", Hint: "make it a regular file"}
	}
	if li, err := os.Lstat(p); err == nil && li.Mode()&fs.ModeSymlink != 0 {
		if uid, ok := owner(p, true); ok && uid != want {
			return &skip{Reason: fmt.Sprintf("is a symbolic link owned by uid %d, not by root (uid %d)", uid, want),
				Hint: "run: " + shell.Command("sudo", "chown", "-h", "root:root", shell.Path(p))}
		}
	}
	if uid, ok := owner(p); ok && uid != want {
		return &skip{Reason: fmt.Sprintf("is owned by uid %d, not by root (uid %d)", uid, want),
			Hint: "run: " + shell.Command("sudo", "chown", "root:root", shell.Path(p))}
	}
	if perm := fi.Mode().Perm(); perm&0o022 != 0 {
		return &skip{Reason: fmt.Sprintf("is writable by group or others (mode %04o)", perm),
			Hint: "run: " + shell.Command("sudo", "chmod", "g-w,o-w", shell.Path(p))}
	}
	return nil
}
