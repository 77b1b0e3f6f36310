package secret

import (
	"bytes"
	"encoding/json"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Safe is text that crossed the boundary: every secret in it masked,
// every character that could act on a terminal or fake an output line
// neutralized, and cut, if at all, after masking. Renderers print only
// Safe values (and numbers): its field is unexported, so the only ways to
// make one are a Boundary and Lit.
type Safe struct{ s string }

// String is the text, ready to print.
func (s Safe) String() string { return s.s }

// IsZero reports the empty text (for JSON's omitzero).
func (s Safe) IsZero() bool { return s.s == "" }

// Len is the length of the text in bytes.
func (s Safe) Len() int { return len(s.s) }

// MarshalText makes the text a JSON string (or a map key) as
// encoding/json writes strings.
func (s Safe) MarshalText() ([]byte, error) { return []byte(s.s), nil }

// JSON is the text as a JSON string, HTML characters as they are
// (mcpconf's JSON outputs do not escape them).
func (s Safe) JSON() []byte { return jsonString(s.s) }

func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

// lit is a string that can only be a constant of the program: a variable
// of type string does not convert to it outside this package.
type lit string

// Lit is text written in mcpconf's own source, which holds no secret and
// no control character: secret.Lit("none"). Only a constant can be passed.
func Lit(s lit) Safe { return Safe{neutralize(string(s), lineMode)} }

// Join joins texts that crossed the boundary with a constant separator.
func Join(parts []Safe, sep lit) Safe {
	var b strings.Builder
	for i, p := range parts {
		if i > 0 {
			b.WriteString(string(sep))
		}
		b.WriteString(p.s)
	}
	return Safe{b.String()}
}

// Concat joins texts that crossed the boundary.
func Concat(parts ...Safe) Safe {
	var b strings.Builder
	for _, p := range parts {
		b.WriteString(p.s)
	}
	return Safe{b.String()}
}

// Cut cuts the text to at most n bytes, on a character boundary, with "…"
// when it was longer. The text was masked before, so a secret cut in half
// was already hidden whole.
func (s Safe) Cut(n int) Safe { return Safe{cut(s.s, n)} }

// Lines splits the text at its line breaks (only multi-line text holds
// any).
func (s Safe) Lines() []Safe {
	parts := strings.Split(s.s, "\n")
	out := make([]Safe, len(parts))
	for i, p := range parts {
		out[i] = Safe{p}
	}
	return out
}

// TrimSpace trims white space around the text.
func (s Safe) TrimSpace() Safe { return Safe{strings.TrimSpace(s.s)} }

func cut(s string, n int) string {
	if n < 0 || len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// Modes of neutralize.
const (
	lineMode   = iota // one line: line breaks and tabs go too
	linesMode         // several lines: "\n" and tabs stay
	sourceMode        // a line of a file shown with carets under it: tabs stay
)

// neutralize replaces, one code point by one code point so that columns
// do not move, what must not reach a terminal or a log verbatim by U+FFFD:
// control characters (C0, DEL and C1, which start escape sequences, OSC 8
// links and title changes), bidirectional controls (text that reads
// otherwise than it is), the line and paragraph separators, Unicode tag
// characters (invisible text), and invalid UTF-8. In lineMode a tab
// becomes a space and line breaks go too, so a value cannot fake an output
// line or a column.
func neutralize(s string, mode int) string {
	if !needsNeutral(s, mode) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size == 1:
			r = utf8.RuneError
		case r == '\t' && mode == lineMode:
			r = ' '
		case r == '\r' && mode == linesMode && i < len(s) && s[i] == '\n':
			continue // CRLF is a line break
		case unsafeRune(r, mode):
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsNeutral(s string, mode int) bool {
	for i := 0; i < len(s); {
		c := s[i]
		if c >= 0x20 && c < 0x7f {
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 || r == '\t' && mode == lineMode || unsafeRune(r, mode) {
			return true
		}
		i += size
	}
	return false
}

func unsafeRune(r rune, mode int) bool {
	switch {
	case r == '\t':
		return false
	case r == '\n':
		return mode != linesMode
	case unicode.IsControl(r), unicode.Is(unicode.Bidi_Control, r):
		return true
	case r == '\u2028' || r == '\u2029':
		return true
	case r >= 0xE0000 && r <= 0xE007F: // tags: invisible text
		return true
	}
	return false
}

// printable reports whether s needs no neutralizing on one line.
func printable(s string) bool { return !needsNeutral(s, lineMode) }

// Printable reports whether Text prints s on one line as it is, masking
// aside: no character it neutralizes (control characters, tabs and line
// breaks, DEL, C1, bidirectional controls, the line and paragraph
// separators, Unicode tags, invalid UTF-8).
func Printable(s string) bool { return printable(s) }

// Unprintable reports a character Text neutralizes on one line (U+FFFD
// for most, a space for a tab).
func Unprintable(r rune) bool { return r == '\t' || unsafeRune(r, lineMode) }
