package edit

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
)

var bom = []byte{0xEF, 0xBB, 0xBF}

// WriteFile replaces the file at path, which was read as orig, by updated,
// so that nothing is ever lost and nothing outside in is written:
//
//   - it refuses a path whose links lead out of in (Scope), naming the
//     link; one that stays inside is written through, the link kept;
//   - it refuses when the file on disk is not orig any more (changed since
//     it was read: a client or an editor wrote it), is not a regular
//     file, is read-only (the clients' own editors could not write it) or
//     is not UTF-8 (where: the first invalid byte);
//   - it refuses when updated does not parse as format (any error-severity
//     syntax finding), so a fix never breaks a file;
//   - it writes a temporary file in the same directory with the file's
//     mode (and owner, where allowed), syncs it and renames it over the file (atomic: a reader sees
//     the old file or the new one), and reads the file back to check it.
//
// ctx stops it before the rename (between its steps): the file is then as
// it was, no temporary file is left, and the error wraps ErrInterrupted.
// Once renamed, the write is done whatever ctx says.
//
// orig may be the whole file or, for a file that starts with a UTF-8 byte
// order mark, the document's source (which is without the mark): the
// mark is then kept in front of updated.
func WriteFile(ctx context.Context, in Scope, path string, orig, updated []byte, format normalize.Format) error {
	if err := stopped(ctx, path); err != nil {
		return err
	}
	pl, err := in.open(path)
	if err != nil {
		return err
	}
	defer pl.close()
	target := pl.abs()
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
	info := disk.Info()
	if err := writable(path, disk.Data, info); err != nil {
		return err
	}
	if err := stopped(ctx, path); err != nil {
		return err
	}
	if err := parses(path, format, updated); err != nil {
		return err
	}
	err = replace(ctx, pl, updated, info, func() bool { return unchanged(target, disk.Data, info) })
	switch {
	case errors.Is(err, ErrInterrupted):
		return fmt.Errorf("%w before %q was written: it is as it was", ErrInterrupted, path)
	case errors.Is(err, errChanged):
		return changed
	case err != nil:
		return fmt.Errorf("cannot write %q: %v; the file is as it was", path, err)
	}
	back, err := pl.at.ReadFile(pl.base())
	if err != nil {
		return fmt.Errorf("%q was written but cannot be read back: %v", path, cause(err))
	}
	if !bytes.Equal(back, updated) {
		return fmt.Errorf("%q changed while it was written: another program writes it too; check its content", path)
	}
	return nil
}

// writable refuses a file mcpconf must not replace although it could: a
// read-only one (no write permission for its owner: the clients' editors,
// which write in place, fail on it, and its owner made it so), and one
// that is not UTF-8 (no client reads it as written; the first invalid
// byte's line and column say where).
func writable(path string, data []byte, info fs.FileInfo) error {
	if info != nil && info.Mode().Perm()&0o200 == 0 {
		return fmt.Errorf("%q is read-only (mode %04o): nothing was written; make it writable (chmod u+w) if it should change", path, info.Mode().Perm())
	}
	if i := invalidUTF8(data); i >= 0 {
		at := normalize.NewLines(data).Pos(i)
		return fmt.Errorf("%q is not valid UTF-8: byte 0x%02x at %d:%d: nothing was written; save it as UTF-8 first", path, data[i], at.Line, at.Col)
	}
	return nil
}

// invalidUTF8 is the offset of the first byte of data that is not UTF-8,
// -1 when there is none.
func invalidUTF8(data []byte) int {
	if utf8.Valid(data) {
		return -1
	}
	for i := 0; i < len(data); {
		r, n := utf8.DecodeRune(data[i:])
		if r == utf8.RuneError && n <= 1 {
			return i
		}
		i += n
	}
	return -1
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

// afterRename, when set (tests), runs right after replace's rename.
var afterRename func()

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

// replace writes data to a temporary file next to the file of pl, with
// the mode (and where allowed the owner) of info, syncs it and renames it
// over the file; on any failure, and when ctx is done before the rename
// (ErrInterrupted), the temporary file is removed and the file is
// untouched. Right before the rename, once the temporary file is
// complete, still checks that the file is as it was read, and its path
// that it leads to the same file (errChanged otherwise): what another
// program writes after that check and before the rename is the only
// change that can be lost, a window of two system calls. Every step goes
// through pl's root: nothing is written outside it.
func replace(ctx context.Context, pl *place, data []byte, info fs.FileInfo, still func() bool) (err error) {
	if err := pl.enter(); err != nil {
		return cause(err)
	}
	tmp, tmpName, err := createTemp(pl.at, pl.base())
	if err != nil {
		return cause(err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			pl.at.Remove(tmpName)
		}
	}()
	if err = tmp.Chmod(info.Mode().Perm()); err != nil {
		return cause(err)
	}
	keepOwner(tmp, info)
	if err = writeAll(ctx, tmp, data); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return cause(err)
	}
	if err = tmp.Close(); err != nil {
		return cause(err)
	}
	if beforeCheck != nil {
		beforeCheck(pl.abs())
	}
	if ctx != nil && ctx.Err() != nil {
		return ErrInterrupted
	}
	if !still() || !pl.still() {
		return errChanged
	}
	if err = pl.at.Rename(tmpName, pl.base()); err != nil {
		return cause(err)
	}
	if afterRename != nil {
		afterRename()
	}
	syncDir(pl.at)
	return nil
}

// createTemp creates a temporary file beside the file named base in dir,
// readable by its owner only until its mode is set.
func createTemp(dir *os.Root, base string) (*os.File, string, error) {
	for {
		name := "." + base + ".mcpconf-" + strconv.FormatUint(rand.Uint64()%1e12, 10)
		f, err := dir.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, name, err
	}
}

// writeAll writes data to f in pieces, stopping when ctx is done
// (ErrInterrupted): a file of hundreds of MB takes a while on a slow
// disk.
func writeAll(ctx context.Context, f *os.File, data []byte) error {
	const piece = 4 << 20
	for len(data) > 0 {
		if ctx != nil && ctx.Err() != nil {
			return ErrInterrupted
		}
		n := min(len(data), piece)
		if _, err := f.Write(data[:n]); err != nil {
			return cause(err)
		}
		data = data[n:]
	}
	return nil
}

// syncDir makes a rename in dir durable where the system allows it.
func syncDir(dir *os.Root) {
	if d, err := dir.Open("."); err == nil {
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
// nothing is overwritten), data does not parse, or path leads out of in
// (a link on the way, to a directory elsewhere: nothing is created
// there; Scope). The file is written whole to a temporary file first and
// linked into place, so it appears complete or not at all; ctx stops it
// before that (ErrInterrupted: nothing is left). Its mode is 0644, or
// 0600 for a private file (normalize.File.Private).
func CreateFile(ctx context.Context, in Scope, path string, data []byte, format normalize.Format, private bool) (err error) {
	if err := stopped(ctx, path); err != nil {
		return err
	}
	if err := parses(path, format, data); err != nil {
		return err
	}
	pl, err := in.open(path)
	if err != nil {
		return err
	}
	defer pl.close()
	fail := func(err error) error { return fmt.Errorf("cannot create %q: %v", path, cause(err)) }
	if err := pl.root.MkdirAll(filepath.Dir(pl.rel), 0o755); err != nil {
		return fail(err)
	}
	if err := pl.enter(); err != nil {
		return fail(err)
	}
	tmp, tmpName, err := createTemp(pl.at, pl.base())
	if err != nil {
		return fail(err)
	}
	defer pl.at.Remove(tmpName)
	mode := os.FileMode(0o644)
	if private {
		mode = 0o600
	}
	if err := tmp.Chmod(mode); err != nil {
		tmp.Close()
		return fail(err)
	}
	if err := writeAll(ctx, tmp, data); err != nil {
		tmp.Close()
		if errors.Is(err, ErrInterrupted) {
			return fmt.Errorf("%w before %q was created: nothing was written", ErrInterrupted, path)
		}
		return fail(err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return fail(err)
	}
	if err := tmp.Close(); err != nil {
		return fail(err)
	}
	if ctx != nil && ctx.Err() != nil {
		return fmt.Errorf("%w before %q was created: nothing was written", ErrInterrupted, path)
	}
	if !pl.still() {
		return fmt.Errorf("%q changed since it was looked for: nothing was written; run mcpconf again", path)
	}
	if err := pl.at.Link(tmpName, pl.base()); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("%q appeared since it was looked for: nothing was written; run mcpconf again", path)
		}
		return fail(err)
	}
	syncDir(pl.at)
	return nil
}
