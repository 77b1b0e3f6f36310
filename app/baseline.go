package app

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// BaselineVersion is the version of the baseline file lint writes and
// reads. It changes when an entry's fields or what its fingerprint hashes
// change: a file of a later version is then refused, not matched by
// accident. Version 1 hashed an argument's index; it is read still, each
// entry taken for the finding it recorded (migrateV1), and written again as
// version 2 by --write-baseline.
const BaselineVersion = 2

// BaselineEntry is one finding a baseline records. Its identity is what
// survives lines moving and messages being reworded: the rule, the file
// (its display path, slash-separated), the JSON pointer of the value
// concerned (which names the server) and the finding's fingerprint
// (view.FindingHash: SARIF's, of the rule, path and pointer without an
// argument's index — or, with no pointer, the message). An entry matches
// a finding by rule, path and fingerprint: the pointer, recorded for the
// reader, may name another index after a fix inserted "-y". No value is recorded, not even hashed: a
// baseline is committed, and a hash of a short secret can be
// brute-forced. Two equal findings need two equal entries.
type BaselineEntry struct {
	Rule        string `json:"rule"`
	Path        string `json:"path"`
	Pointer     string `json:"pointer,omitempty"`
	Fingerprint string `json:"fingerprint"`
}

// key is what an entry is matched by: not the pointer, whose index an
// edit moves (its fingerprint does not hold the index).
func (e BaselineEntry) key() BaselineEntry {
	e.Pointer = ""
	return e
}

func compareEntries(a, b BaselineEntry) int {
	return cmp.Or(cmp.Compare(a.Path, b.Path), cmp.Compare(a.Rule, b.Rule),
		cmp.Compare(a.Pointer, b.Pointer), cmp.Compare(a.Fingerprint, b.Fingerprint))
}

// BaselineRequest says which baseline a lint run uses and how.
type BaselineRequest struct {
	// Path is the baseline file (--baseline), relative to Cwd unless
	// absolute.
	Path string
	Cwd  string
	// Write records the run's findings in the file first
	// (--write-baseline): the entries of the files the run checked are
	// replaced by its findings, those of other files kept.
	Write bool
	// Paths are the paths lint was given, as given (relative to Cwd). An
	// entry of a file the run did not check, under none of the
	// directories given, is kept, neither matched nor fixed: pre-commit
	// lints the files changed, with the baseline of the whole project. No
	// path is the whole project: an entry of a file gone is fixed.
	Paths []string
	// Context stops the write before its rename (Ctrl-C); nil: never.
	Context context.Context
}

// ApplyBaseline takes the findings the baseline file records out of the
// run (after .mcpconf.toml's ignores, which Lint applied), writing the
// file first when asked, and says what it did in res.Baseline and, for
// entries that match no finding any more, in a note; a run with tool
// errors (a directory not walked) does not write it. Matching counts: an
// entry quiets one finding. A baseline file that cannot be read or is
// malformed is a *UsageError, with the position of the problem.
func ApplyBaseline(res *run.Lint, req BaselineRequest) error {
	if req.Path == "" {
		return usagef("--write-baseline needs --baseline FILE: the file to write")
	}
	abs := absPath(req.Cwd, req.Path)
	b := secret.NewKeyed(nil)
	current := baselineEntries(b, res)
	inRun := baselineScope(b, res, req)
	in := writeScope(res.Base, res.Home, abs)
	if req.Write {
		if err := in.Check(abs); err != nil {
			return fmt.Errorf("cannot write baseline %q: %v", req.Path, err)
		}
	}
	old, src, other, err := readBaseline(abs, req.Path, req.Write)
	if err != nil {
		return err
	}
	base := old
	write := req.Write && len(res.Errors) == 0
	if req.Write && !write {
		// a directory not walked: its findings are not in the run, and
		// writing would drop its entries
		res.Notes = append(res.Notes, fmt.Sprintf("the baseline %q was not written: the run could not read every file (see the errors), and would have dropped their entries", req.Path))
	}
	if write {
		base = slices.DeleteFunc(slices.Clone(old), func(e BaselineEntry) bool { return inRun(e.Path) })
		// a finding of a file the run did not check whole (one about a
		// server that spans it and a file named) is added only if the
		// entries kept of that file do not record it already
		had := map[BaselineEntry]int{}
		for _, e := range base {
			had[e.key()]++
		}
		for _, e := range current {
			if !inRun(e.Path) && had[e.key()] > 0 {
				had[e.key()]--
				continue
			}
			base = append(base, e)
		}
		slices.SortFunc(base, compareEntries)
		if err := writeBaseline(req.Context, in, abs, src, encodeBaseline(base)); err != nil {
			return fmt.Errorf("cannot write baseline %q: %v", req.Path, err)
		}
		if other != 0 {
			res.Notes = append(res.Notes, fmt.Sprintf("the baseline %q was of version %d: replaced by this run's findings, in version %d", req.Path, other, BaselineVersion))
		}
	}
	left := map[BaselineEntry]int{}
	for _, e := range base {
		left[e.key()]++
	}
	r := &run.BaselineResult{Path: req.Path, Written: write, Entries: len(base)}
	kept := res.Findings[:0]
	for i, d := range res.Findings {
		if e := current[i].key(); left[e] > 0 {
			left[e]--
			r.Matched++
			continue
		}
		kept = append(kept, d)
	}
	clear(res.Findings[len(kept):])
	res.Findings = kept
	for e, n := range left {
		if inRun(e.Path) {
			r.Fixed += n
		}
	}
	res.Baseline = r
	if write {
		res.Notes = append(res.Notes, fmt.Sprintf("wrote %s to the baseline %q", countOf(len(base), "finding"), req.Path))
	}
	if r.Fixed > 0 {
		verb := "are"
		if r.Fixed == 1 {
			verb = "is"
		}
		res.Notes = append(res.Notes, fmt.Sprintf("%s of the baseline %q %s fixed: run with --write-baseline to drop them",
			countOf(r.Fixed, "finding"), req.Path, verb))
	}
	return nil
}

// baselineScope says which entries a run speaks for: with paths given,
// those of the files it checked and those under the directories given
// (as display paths name them: relative to Cwd); without, every one.
func baselineScope(b *secret.Boundary, res *run.Lint, req BaselineRequest) func(path string) bool {
	if len(req.Paths) == 0 {
		return func(string) bool { return true }
	}
	checked := map[string]bool{}
	for p, f := range res.Checked {
		if !f.Partly {
			checked[filepath.ToSlash(b.Text(p).String())] = true
		}
	}
	var dirs []string
	for _, p := range req.Paths {
		abs := absPath(req.Cwd, p)
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			continue
		}
		d := abs
		if rel, err := filepath.Rel(req.Cwd, abs); err == nil && (rel == "." || filepath.IsLocal(rel)) {
			d = rel
		}
		dirs = append(dirs, filepath.ToSlash(b.Text(d).String()))
	}
	return func(path string) bool {
		if path == "" || checked[path] {
			return true
		}
		for _, d := range dirs {
			if d == "." && !isHomePath(path) && filepath.IsLocal(filepath.FromSlash(path)) || strings.HasPrefix(path, strings.TrimSuffix(d, "/")+"/") {
				return true
			}
		}
		return false
	}
}

// isHomePath says a display path is under the home ("~/…"): not under
// any directory given.
func isHomePath(p string) bool { return p == "~" || strings.HasPrefix(p, "~/") }

func countOf(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// baselineEntries are the run's findings as a baseline records them, in
// their order. They are made Safe first, as output makes them, so that a
// secret in a key of a pointer is masked there too.
func baselineEntries(b *secret.Boundary, res *run.Lint) []BaselineEntry {
	l := view.NewLint(b, &run.Lint{Findings: res.Findings, Checked: res.Checked})
	out := make([]BaselineEntry, len(l.Findings))
	for i, f := range l.Findings {
		path := filepath.ToSlash(f.Path.String())
		out[i] = BaselineEntry{Rule: f.Rule.String(), Path: path, Pointer: f.Pointer.String(), Fingerprint: view.FindingHash(f, path)}
	}
	return out
}

// encodeBaseline writes entries one a line, sorted, so that a baseline
// reviews well in a diff: a finding added or fixed is a line.
func encodeBaseline(entries []BaselineEntry) []byte {
	var buf bytes.Buffer
	fmt.Fprintf(&buf, "{\n  \"version\": %d,\n  \"findings\": [", BaselineVersion)
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	for i, e := range entries {
		if i > 0 {
			buf.WriteByte(',')
		}
		buf.WriteString("\n    ")
		_ = enc.Encode(e) // a struct of strings always encodes
		buf.Truncate(buf.Len() - 1)
	}
	if len(entries) > 0 {
		buf.WriteString("\n  ")
	}
	buf.WriteString("]\n}\n")
	return buf.Bytes()
}

// maxBaseline is the largest baseline read: an entry is about 150
// bytes, so this is a few hundred thousand findings.
const maxBaseline = 64 << 20

// readBaseline reads a baseline file: its entries and its bytes (nil
// when it does not exist); a missing one is empty when it is to be
// written. It is read as the config files are (safefile), since it is
// committed with them: a named pipe or a device in its place is refused,
// not waited on. A file that is no baseline is refused, and, to be
// written, said to be left as it is: --write-baseline never replaces it.
// A baseline of another version is refused when read, and replaced when
// written: other is then its version, its entries none.
func readBaseline(abs, name string, write bool) (_ []BaselineEntry, _ []byte, other int, _ error) {
	f, err := safefile.Read(abs, safefile.Limits{Max: maxBaseline})
	if write && errors.Is(err, fs.ErrNotExist) {
		return nil, nil, 0, nil
	}
	if err != nil {
		var se *safefile.Error
		if errors.As(err, &se) {
			err = errors.New(se.Reason)
		}
		return nil, nil, 0, usagef("cannot read baseline %q: %v", name, err)
	}
	src := f.Data
	entries, off, err := parseBaseline(src)
	var ve *versionError
	if write && errors.As(err, &ve) {
		return nil, src, ve.version, nil
	}
	if err != nil {
		line, col := lineCol(src, off)
		if write {
			return nil, nil, 0, usagef("baseline %s:%d:%d: %v: the file is not a baseline mcpconf wrote, so it is not replaced; move it away, or name another file with --baseline", name, line, col, err)
		}
		return nil, nil, 0, usagef("baseline %s:%d:%d: %v", name, line, col, err)
	}
	return entries, src, 0, nil
}

// parseBaseline decodes a baseline file, strictly: an unknown field, a
// missing version or another version, an entry without rule or a
// malformed fingerprint is refused. On error it returns the byte offset
// of the problem.
func parseBaseline(src []byte) (_ []BaselineEntry, off int64, _ error) {
	// syntax first, over the whole file: the decoder's offsets are its
	// own after a value, the scanner's are the file's (one past the byte)
	var v any
	if err := json.Unmarshal(src, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			return nil, se.Offset - 1, errors.New(syntaxMessage(se))
		}
	}
	dec := json.NewDecoder(bytes.NewReader(src))
	dec.DisallowUnknownFields()
	at := func() int64 { return skipSpace(src, dec.InputOffset()) }
	fail := func(err error) ([]BaselineEntry, int64, error) {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			return nil, se.Offset, errors.New(syntaxMessage(se))
		case errors.As(err, &te):
			return nil, off, fmt.Errorf("%s is %s, not %s", fieldName(te.Field), te.Value, te.Type)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return nil, int64(len(src)), errors.New("unexpected end of file")
		}
		return nil, off, errors.New(strings.TrimPrefix(err.Error(), "json: "))
	}
	expect := func(want json.Delim, what string) error {
		off = at()
		t, err := dec.Token()
		if err != nil {
			return err
		}
		if t != want {
			return fmt.Errorf("want %s, found %s", what, tokenText(t))
		}
		return nil
	}
	if err := expect('{', "an object"); err != nil {
		return fail(err)
	}
	var entries []BaselineEntry
	version, seen := 0, map[string]bool{}
	for dec.More() {
		off = at()
		t, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key, _ := t.(string)
		if seen[key] {
			return fail(fmt.Errorf("duplicate field %q", key))
		}
		seen[key] = true
		switch key {
		case "version":
			off = at()
			if err := dec.Decode(&version); err != nil {
				return fail(err)
			}
			if version < 1 {
				return fail(fmt.Errorf("version %d is not a version mcpconf writes", version))
			}
			if version != BaselineVersion && version != 1 {
				// a baseline all the same: --write-baseline replaces it
				return nil, off, &versionError{version}
			}
		case "findings":
			if err := expect('[', "a list of findings"); err != nil {
				return fail(err)
			}
			for dec.More() {
				off = at()
				var e BaselineEntry
				if err := dec.Decode(&e); err != nil {
					return fail(err)
				}
				if err := checkEntry(e); err != nil {
					return fail(err)
				}
				entries = append(entries, e)
			}
			if _, err := dec.Token(); err != nil {
				return fail(err)
			}
		default:
			return fail(fmt.Errorf("unknown field %q: a baseline has \"version\" and \"findings\"", key))
		}
	}
	if _, err := dec.Token(); err != nil {
		return fail(err)
	}
	if !seen["version"] {
		return nil, 0, errors.New("no \"version\": not a baseline mcpconf wrote")
	}
	off = at()
	if _, err := dec.Token(); err != io.EOF {
		return nil, off, errors.New("text after the baseline object")
	}
	if version == 1 {
		migrateV1(entries)
	}
	return entries, 0, nil
}

// migrateV1 turns version 1's entries into this version's: an entry whose
// fingerprint is the hash of its pointer, index included
// (view.IndexHash), is the finding at that pointer, and takes the
// fingerprint this version gives it (view.PointerHash). The others (no
// pointer: the message's hash; or a pointer without an index) are
// unchanged, as their hash is.
func migrateV1(entries []BaselineEntry) {
	for i, e := range entries {
		if e.Pointer != "" && e.Fingerprint == view.IndexHash(e.Rule, e.Path, e.Pointer) {
			entries[i].Fingerprint = view.PointerHash(e.Rule, e.Path, e.Pointer)
		}
	}
}

// versionError: the file is a baseline of another version, whose entries
// this mcpconf does not read; --write-baseline replaces it.
type versionError struct{ version int }

func (e *versionError) Error() string {
	return fmt.Sprintf("version %d is not supported: this mcpconf reads versions 1 and %d (write it again with --write-baseline)", e.version, BaselineVersion)
}

func checkEntry(e BaselineEntry) error {
	if e.Rule == "" {
		return errors.New("a finding without \"rule\"")
	}
	if len(e.Fingerprint) != 32 || !isLowerHex(e.Fingerprint) {
		return fmt.Errorf("finding %q has fingerprint %q: want 32 hex digits, as --write-baseline writes", e.Rule, e.Fingerprint)
	}
	return nil
}

func isLowerHex(s string) bool {
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

func tokenText(t json.Token) string {
	switch t := t.(type) {
	case json.Delim:
		return strconv.Quote(t.String())
	case string:
		return "a string"
	case nil:
		return "null"
	case bool:
		return "a boolean"
	}
	return "a number"
}

func fieldName(f string) string {
	if f == "" {
		return "a value"
	}
	return strconv.Quote(f)
}

// syntaxMessage is a JSON syntax error without Go's "invalid character"
// wording quirks: lower case, no final period, as every message.
func syntaxMessage(se *json.SyntaxError) string {
	return "invalid JSON: " + se.Error()
}

// skipSpace moves an offset past JSON white space and a separator, to
// the value that follows.
func skipSpace(src []byte, off int64) int64 {
	for off < int64(len(src)) {
		switch src[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// lineCol turns a byte offset into a 1-based line and column (in code
// points).
func lineCol(src []byte, off int64) (line, col int) {
	off = min(max(off, 0), int64(len(src)))
	before := src[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, len([]rune(string(before[start:]))) + 1
}

// writeBaseline writes data to the baseline at abs, read as before (nil:
// created), through the editor's atomic writes: inside the project or
// the home (in), a link out of them refused.
func writeBaseline(ctx context.Context, in edit.Scope, abs string, before, data []byte) error {
	ctx = orBackground(ctx)
	if before == nil {
		return edit.CreateFile(ctx, in, abs, data, normalize.JSON, false)
	}
	return edit.WriteFile(ctx, in, abs, before, data, normalize.JSON)
}
