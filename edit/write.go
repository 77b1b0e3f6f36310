package edit

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// WriteFile replaces the file at path, which was read as orig, by updated,
// so that nothing is ever lost:
//
//   - it refuses when the file on disk is not orig any more (changed since
//     it was read: a client or an editor wrote it), or is not a regular
//     file;
//   - it refuses when updated does not parse as format (any error-severity
//     syntax finding), so a fix never breaks a file;
//   - it writes a temporary file in the same directory with the file's
//     mode (and owner, where allowed), syncs it and renames it over the file (atomic: a reader sees
//     the old file or the new one), and reads the file back to check it.
//
// orig may be the whole file or, for a file that starts with a UTF-8 byte
// order mark, the document's source (which is without the mark): the
// mark is then kept in front of updated. A path that is a symbolic link is
// written through: the file it leads to is replaced.
func WriteFile(path string, orig, updated []byte, format normalize.Format) error {
	target, err := filepath.EvalSymlinks(path)
	if err != nil {
		return fmt.Errorf("cannot write %q: %v", path, cause(err))
	}
	disk, err := safefile.Read(target, safefile.Limits{Max: discover.MaxFileSize})
	if err != nil {
		return fmt.Errorf("cannot write %q: it could not be read again (%v)", path, cause(err))
	}
	changed := fmt.Errorf("%q changed since it was read: nothing was written; run mcpconf again to compute the fixes on its new content", path)
	switch {
	case bytes.Equal(disk.Data, orig):
	case bytes.HasPrefix(disk.Data, bom) && bytes.Equal(disk.Data[len(bom):], orig) && !bytes.HasPrefix(orig, bom):
		updated = append(append([]byte{}, bom...), updated...)
	default:
		return changed
	}
	if err := parses(path, format, updated); err != nil {
		return err
	}
	info := disk.Info()
	err = replace(target, updated, info, func() bool { return unchanged(target, disk.Data, info) })
	if errors.Is(err, errChanged) {
		return changed
	}
	if err != nil {
		return fmt.Errorf("cannot write %q: %v; the file is as it was", path, err)
	}
	back, err := os.ReadFile(target)
	if err != nil {
		return fmt.Errorf("%q was written but cannot be read back: %v", path, cause(err))
	}
	if !bytes.Equal(back, updated) {
		return fmt.Errorf("%q changed while it was written: another program writes it too; check its content", path)
	}
	return nil
}

// parses refuses text that does not parse as format. Strict JSON with an
// object at the top parses in every JSON format: checked in one pass
// (discover.ValidJSON), it spares a large file (~/.claude.json) a parse.
func parses(path string, format normalize.Format, src []byte) error {
	if format != normalize.TOML && discover.ValidJSON(src) {
		return nil
	}
	doc, diags := discover.Parse(path, path, format, src)
	for _, d := range diags {
		if d.Severity == normalize.Error {
			where := ""
			if d.Pos.IsValid() {
				where = " at " + d.Pos.String()
			}
			return fmt.Errorf("the fixed %q would not parse (%s%s): nothing was written; report this as a bug of mcpconf", path, d.Message, where)
		}
	}
	if doc.Root == nil {
		return fmt.Errorf("the fixed %q would not parse: nothing was written; report this as a bug of mcpconf", path)
	}
	return nil
}

// errChanged: the file changed between its reading and the rename.
var errChanged = errors.New("changed since it was read")

// beforeCheck, when set (tests), runs right before replace's last check:
// where another program writing the file would have to strike.
var beforeCheck func(target string)

// unchanged reports whether the file at target is still the one read as
// data with info: the same bytes, and then the same file (not renamed
// over), size and modification time, looked at last since it is the
// quicker. Programs that rewrite their own file while running (Claude
// Code's ~/.claude.json) write it whole by a rename or in place: either
// shows here.
func unchanged(target string, data []byte, info fs.FileInfo) bool {
	now, err := safefile.Read(target, safefile.Limits{Max: discover.MaxFileSize})
	if err != nil || !bytes.Equal(now.Data, data) {
		return false
	}
	st, err := os.Stat(target)
	return err == nil && info != nil && os.SameFile(st, info) && st.Size() == info.Size() && st.ModTime().Equal(info.ModTime())
}

// replace writes data to a temporary file next to target, with the mode
// (and where allowed the owner) of info, syncs it and renames it over
// target; on any failure the temporary file is removed and target is
// untouched. Right before the rename, once the temporary file is
// complete, still checks that target is as it was read (errChanged
// otherwise): what another program writes after that check and before
// the rename is the only change that can be lost, a window of two system
// calls.
func replace(target string, data []byte, info fs.FileInfo, still func() bool) (err error) {
	tmp, err := os.CreateTemp(filepath.Dir(target), "."+filepath.Base(target)+".mcpconf-*")
	if err != nil {
		return cause(err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return cause(err)
	}
	keepOwner(tmp, info)
	if _, err = tmp.Write(data); err != nil {
		return cause(err)
	}
	if err = tmp.Sync(); err != nil {
		return cause(err)
	}
	if err = tmp.Close(); err != nil {
		return cause(err)
	}
	if beforeCheck != nil {
		beforeCheck(target)
	}
	if !still() {
		return errChanged
	}
	if err = os.Rename(tmp.Name(), target); err != nil {
		return cause(err)
	}
	syncDir(filepath.Dir(target))
	return nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync() // not supported everywhere (Windows): the rename stands
		d.Close()
	}
}

// cause is the system's reason without the path, which messages quote
// themselves.
func cause(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return le.Err
	}
	var se *safefile.Error
	if errors.As(err, &se) {
		return errors.New(se.Reason)
	}
	return err
}

// CreateFile writes a new file at path, and the directories above it,
// refused when the file exists (it appeared since it was looked for:
// nothing is overwritten) or data does not parse. The file is written
// whole to a temporary file first and linked into place, so it appears
// complete or not at all. Its mode is 0644, or 0600 for a private file
// (normalize.File.Private).
func CreateFile(path string, data []byte, format normalize.Format, private bool) (err error) {
	if err := parses(path, format, data); err != nil {
		return err
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".mcpconf-*")
	if err != nil {
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	defer os.Remove(tmp.Name())
	mode := os.FileMode(0o644)
	if private {
		mode = 0o600
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	if err := os.Link(tmp.Name(), path); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%q appeared since it was looked for: nothing was written; run mcpconf again", path)
		}
		return fmt.Errorf("cannot create %q: %v", path, cause(err))
	}
	syncDir(dir)
	return nil
}
