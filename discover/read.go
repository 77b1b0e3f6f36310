package discover

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
)

// MaxFileSize bounds what is read: 512 MiB, about the most Node.js reads
// into one string (V8's longest string is 2^29-24 characters), so a file
// Claude Code or Gemini CLI can read, mcpconf reads too. ~/.claude.json,
// where Claude Code keeps every project's history until its own clean-up
// runs, reaches tens of MB; its other projects are left out as it is read
// (readTable).
const MaxFileSize = 512 << 20

// MaxDepth bounds nesting. hujson parses recursively, so a file of a million
// '[' would otherwise overflow the stack, which Go cannot recover from.
const MaxDepth = 1000

// ReadFile reads and parses one file. A missing file returns an error
// satisfying errors.Is(err, fs.ErrNotExist) and nothing else; every other
// problem is a diagnostic, and the document is returned whenever it could be
// read (Root is nil when it could not be parsed).
//
// The file's own directory stands for the project: a file that leads
// through a symbolic link out of it and does not parse comes back without
// its source (see confine).
func ReadFile(abs, display string, format normalize.Format) (*normalize.Document, []normalize.Diagnostic, error) {
	doc, diags, file, err := readParse(abs, display, format)
	if err != nil || doc == nil {
		return doc, diags, err
	}
	doc, diags = confine(doc, diags, file, filepath.Dir(abs), "")
	return doc, diags, nil
}

// readParse reads a file through safefile and parses it; file is what was
// read (for its real path).
func readParse(abs, display string, format normalize.Format) (*normalize.Document, []normalize.Diagnostic, safefile.File, error) {
	f, err := readLimited(abs)
	if err != nil {
		doc, diags, err := unreadable(abs, display, format, err)
		return doc, diags, f, err
	}
	doc, diags := Parse(abs, display, format, f.Data)
	return doc, diags, f, nil
}

// unreadable is what a file that cannot be read gives: nothing and the
// error for a missing file, else a document without source and a finding
// that says why.
func unreadable(abs, display string, format normalize.Format, err error) (*normalize.Document, []normalize.Diagnostic, error) {
	if errors.Is(err, fs.ErrNotExist) {
		var e *safefile.Error
		if errors.As(err, &e) {
			err = e.Err // the *fs.PathError, for os.IsNotExist
		}
		return nil, nil, err
	}
	doc := &normalize.Document{Path: display, Abs: abs, Format: format, Lines: normalize.NewLines(nil), Unreadable: true}
	return doc, []normalize.Diagnostic{{Rule: normalize.RuleUnreadable, Severity: normalize.Error, Path: display,
		Message: readErrorMessage(err), Hint: readErrorHint(err)}}, nil
}

// readLimited reads a config file: a regular file of at most MaxFileSize,
// within safefile's deadline.
func readLimited(path string) (safefile.File, error) {
	return safefile.Read(path, safefile.Limits{Max: MaxFileSize})
}

func readErrorMessage(err error) string {
	var e *safefile.Error
	if !errors.As(err, &e) {
		return "cannot read file: " + err.Error()
	}
	switch {
	case errors.Is(err, safefile.ErrTooLarge) && e.Size >= 0:
		return fmt.Sprintf("file is %s, more than the %s mcpconf reads: it was not read, and none of its servers are shown", safefile.SizeOver(e.Size, MaxFileSize), normalize.Bytes(MaxFileSize))
	case errors.Is(err, safefile.ErrTooLarge):
		return fmt.Sprintf("file grew past the %s mcpconf reads as it was read: it was not read, and none of its servers are shown", normalize.Bytes(MaxFileSize))
	case errors.Is(err, safefile.ErrDangling):
		return "cannot read file: it is a symbolic link to a file that does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "cannot read file: permission denied"
	}
	return "cannot read file: it " + e.Reason
}

func readErrorHint(err error) string {
	var e *safefile.Error
	if errors.As(err, &e) {
		return e.Hint
	}
	return ""
}

// confine drops the source of a document that does not parse as a config
// and whose file, links resolved (real), is outside both root and home,
// having been reached through a symbolic link: such a file is not the
// project's, and a snippet or a parse error quoting its characters would
// print what it holds (a .mcp.json linked to /etc/passwd). The document
// keeps its path, without Src or Lines, and its diagnostics become one
// that says so. A file that parses as a config is kept whole: it is one,
// wherever it is.
//
// Files the clients look for outside the project (a parent directory's
// .mcp.json, a system-wide settings file) are kept as they are unless a
// link below the directory they share with the root leads elsewhere.
func confine(doc *normalize.Document, diags []normalize.Diagnostic, file safefile.File, root, home string) (*normalize.Document, []normalize.Diagnostic) {
	if parsesAsConfig(doc) || len(doc.Src) == 0 {
		return doc, diags
	}
	// Resolved only now, for the rare file that does not parse. An error
	// means the path leads to another file than the one read by now: its
	// content is not shown either.
	real, err := file.Real()
	if err == nil && !escapes(doc.Abs, real, root, home) {
		return doc, diags
	}
	out := &normalize.Document{Path: doc.Path, Abs: doc.Abs, Format: doc.Format, Lines: normalize.NewLines(nil)}
	where := "outside the project"
	if home != "" {
		where = "outside the project and the home directory"
	}
	how := fmt.Sprintf("is a link to %q, %s,", real, where)
	switch li, lerr := os.Lstat(doc.Abs); {
	case err != nil:
		how = "changed while it was read"
	case lerr != nil || li.Mode()&fs.ModeSymlink == 0:
		how = fmt.Sprintf("leads through a link to %q, %s,", real, where)
	}
	what := "does not parse as JSON"
	if doc.Format == normalize.TOML {
		what = "does not parse as TOML"
	}
	rule := normalize.RuleSyntax
	if doc.Root != nil {
		what, rule = "does not hold a JSON object", normalize.RuleSchema
	}
	return out, []normalize.Diagnostic{{Rule: rule, Severity: normalize.Error, Path: doc.Path,
		Message: fmt.Sprintf("%q %s and %s; its content is not shown", doc.Path, how, what),
		Hint:    "replace the link with the config file itself, or point it at a config file in the project"}}
}

// parsesAsConfig: the document parsed, to an object for JSON (a TOML
// document always is a table).
func parsesAsConfig(doc *normalize.Document) bool {
	return doc.Root != nil && (doc.Format == normalize.TOML || doc.Root.Kind == normalize.Object)
}

// escapes reports whether real, the resolved path of abs, is outside root
// and home and was reached through a symbolic link. Under root or home any
// link counts; above the root (a parent's .mcp.json, a system file) only a
// link below the deepest directory abs shares with root, so that a file
// the clients look for up there is judged by where it is, not by the
// links of the directories above (/var is a link on macOS).
func escapes(abs, real, root, home string) bool {
	if within(realDir(root), real) || home != "" && within(realDir(home), real) {
		return false
	}
	anchor := commonDir(abs, root)
	if home != "" && within(home, abs) && len(home) > len(anchor) {
		anchor = home
	}
	rel, err := filepath.Rel(anchor, abs)
	if err != nil {
		return true
	}
	return filepath.Join(realDir(anchor), rel) != real
}

// realDir is dir with its links resolved, or dir when that fails.
func realDir(dir string) string {
	if r, err := filepath.EvalSymlinks(dir); err == nil {
		if r, err = filepath.Abs(r); err == nil {
			return r
		}
	}
	return filepath.Clean(dir)
}

// commonDir is the deepest directory holding both a and b (absolute).
func commonDir(a, b string) string {
	a, b = filepath.Clean(a), filepath.Clean(b)
	for d := b; ; d = filepath.Dir(d) {
		if within(d, a) {
			return d
		}
		if filepath.Dir(d) == d {
			return d
		}
	}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse parses src into a Document. It never panics and never recurses
// deeper than MaxDepth.
func Parse(abs, display string, format normalize.Format, src []byte) (*normalize.Document, []normalize.Diagnostic) {
	var diags []normalize.Diagnostic
	if bytes.HasPrefix(src, bom) && format == normalize.JSONComments {
		// Gemini CLI's JSON.parse takes the mark for a stray character
		doc := &normalize.Document{Path: display, Abs: abs, Format: format, Src: src, Lines: normalize.NewLines(src)}
		return doc, []normalize.Diagnostic{{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: display,
			Pos: normalize.Pos{Line: 1, Col: 1}, Message: "file starts with a UTF-8 byte order mark, which Gemini CLI cannot parse",
			Hint: "save the file as UTF-8 without BOM"}}
	}
	if bytes.HasPrefix(src, bom) {
		src = src[len(bom):]
		diags = append(diags, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Warning, Path: display,
			Pos: normalize.Pos{Line: 1, Col: 1}, Message: "file starts with a UTF-8 byte order mark, which some clients fail to parse",
			Hint: "save the file as UTF-8 without BOM"})
	}
	doc := &normalize.Document{Path: display, Abs: abs, Format: format, Src: src, Lines: normalize.NewLines(src), BOM: len(diags) > 0}
	if i := invalidUTF8(src); i >= 0 {
		diags = append(diags, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: display,
			Pos: doc.Lines.Pos(i), Message: "file is not valid UTF-8", Hint: "save the file as UTF-8"})
		if format == normalize.TOML {
			return doc, diags
		}
	}
	var more []normalize.Diagnostic
	if format == normalize.TOML {
		more = parseTOML(doc)
	} else {
		more = parseJSON(doc)
	}
	return doc, append(diags, more...)
}

func invalidUTF8(b []byte) int {
	if utf8.Valid(b) {
		return -1 // the common case, checked eight bytes at a time
	}
	for i := 0; i < len(b); {
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if r == utf8.RuneError && n == 1 {
			return i
		}
		i += n
	}
	return -1
}

func syntaxError(doc *normalize.Document, pos normalize.Pos, msg string) normalize.Diagnostic {
	return normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: doc.Path, Pos: pos, Message: msg}
}

// compiled on first use: no work at start-up
var lineColRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^hujson: line (\d+), column (\d+): (.*)$`) })

// jsonMessage turns a hujson error into a diagnostic message.
func jsonMessage(msg string) string {
	if lit, ok := strings.CutPrefix(msg, "invalid literal: "); ok {
		msg = "invalid value " + strconv.Quote(lit) + ": expected a string, number, true, false or null"
	}
	msg = strings.Replace(msg, "unexpected EOF", "unexpected end of file", 1)
	msg = strings.Replace(msg, "after object name", "after object key (expecting ':')", 1)
	if strings.HasPrefix(msg, "parsing comment: ") && strings.Contains(msg, "end of file") {
		// Only a block comment can run to the end of the file.
		return "comment is not closed: \"*/\" is missing"
	}
	if strings.Contains(msg, "end of file") {
		// "parsing array after value: unexpected end of file": the parser's
		// state says nothing to the reader.
		if strings.HasPrefix(msg, "parsing ") {
			if _, rest, ok := strings.Cut(msg, ": "); ok {
				msg = rest
			}
		}
		msg += "; the file looks truncated (a closing bracket or quote is missing)"
	}
	return msg
}

func atoi(s string) int { n, _ := strconv.Atoi(s); return n }

// text is the overlay's text of abs; a nil overlay holds none.
func (ov Overlay) text(abs string) ([]byte, bool) {
	if ov == nil {
		return nil, false
	}
	return ov(abs)
}
