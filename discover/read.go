package discover

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
)

// MaxFileSize bounds what is read: ~/.claude.json grows to megabytes, but
// nothing that holds MCP servers is larger than this.
const MaxFileSize = 64 << 20

// MaxDepth bounds nesting. hujson parses recursively, so a file of a million
// '[' would otherwise overflow the stack, which Go cannot recover from.
const MaxDepth = 1000

// ReadFile reads and parses one file. A missing file returns an error
// satisfying errors.Is(err, fs.ErrNotExist) and nothing else; every other
// problem is a diagnostic, and the document is returned whenever it could be
// read (Root is nil when it could not be parsed).
func ReadFile(abs, display string, format normalize.Format) (*normalize.Document, []normalize.Diagnostic, error) {
	src, err := readLimited(abs)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, err
		}
		doc := &normalize.Document{Path: display, Abs: abs, Format: format, Lines: normalize.NewLines(nil)}
		return doc, []normalize.Diagnostic{{Rule: normalize.RuleUnreadable, Severity: normalize.Error, Path: display,
			Message: readErrorMessage(err)}}, nil
	}
	doc, diags := Parse(abs, display, format, src)
	return doc, diags, nil
}

var (
	errTooLarge = errors.New("too large")
	errDangling = errors.New("dangling symbolic link")
)

func readLimited(path string) ([]byte, error) {
	// Stat before opening: opening a FIFO for reading blocks until someone
	// writes to it, and a device could stream forever.
	fi, err := os.Stat(path)
	if err != nil {
		if li, lerr := os.Lstat(path); errors.Is(err, fs.ErrNotExist) && lerr == nil && li.Mode()&fs.ModeSymlink != 0 {
			return nil, errDangling // there is a file, but not one anyone can read
		}
		return nil, err
	}
	switch {
	case fi.IsDir():
		return nil, errors.New("is a directory")
	case fi.Mode()&fs.ModeNamedPipe != 0:
		return nil, errors.New("is a named pipe, not a file")
	case !fi.Mode().IsRegular():
		return nil, errors.New("is not a regular file")
	case fi.Size() > MaxFileSize:
		return nil, errTooLarge
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b, err := io.ReadAll(io.LimitReader(f, MaxFileSize+1))
	if err != nil {
		return nil, err
	}
	if len(b) > MaxFileSize {
		return nil, errTooLarge
	}
	return b, nil
}

func readErrorMessage(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	switch {
	case errors.Is(err, errTooLarge):
		return fmt.Sprintf("file is larger than %d MiB and was not read", MaxFileSize>>20)
	case errors.Is(err, errDangling):
		return "cannot read file: it is a symbolic link to a file that does not exist"
	case errors.Is(err, fs.ErrPermission):
		return "cannot read file: permission denied; check its mode and owner"
	}
	msg := err.Error()
	if strings.Contains(msg, "too many levels of symbolic links") {
		return "cannot read file: symbolic link loop"
	}
	return "cannot read file: " + msg
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// Parse parses src into a Document. It never panics and never recurses
// deeper than MaxDepth.
func Parse(abs, display string, format normalize.Format, src []byte) (*normalize.Document, []normalize.Diagnostic) {
	var diags []normalize.Diagnostic
	if bytes.HasPrefix(src, bom) {
		src = src[len(bom):]
		diags = append(diags, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Warning, Path: display,
			Pos: normalize.Pos{Line: 1, Col: 1}, Message: "file starts with a UTF-8 byte order mark, which some clients fail to parse",
			Hint: "save the file as UTF-8 without BOM"})
	}
	doc := &normalize.Document{Path: display, Abs: abs, Format: format, Src: src, Lines: normalize.NewLines(src)}
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
