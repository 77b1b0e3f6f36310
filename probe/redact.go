package probe

import (
	"regexp"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/secret"
)

// masker masks what a server or the network wrote before probe cuts it to
// a length: a secret cut at the limit would otherwise show its first
// characters, which no scanner recognizes afterwards. It masks with the
// run's secret.Boundary (every secret the run knows, and what the scanner
// sees); the zero masker, with the scanner alone. Everything else of a
// Result is masked when a view is made of it.
type masker struct{ b *secret.Boundary }

func (m masker) mask(s string) string {
	if m.b == nil {
		return secret.Mask(s)
	}
	return m.b.Mask(s)
}

// cut masks s, then cuts it to n bytes.
func (m masker) cut(s string, n int) string { return cut(m.mask(s), n) }

// errText is an error as one line, masked, cut to 300 bytes.
func (m masker) errText(err error) string {
	s := strings.TrimSpace(err.Error())
	s = strings.ReplaceAll(s, "\n", " ")
	return m.cut(s, 300)
}

// args are arguments as a message may show them: secret flags' values,
// the run's secrets and what the scanner sees, masked.
func (m masker) args(args []string) []string {
	if m.b == nil {
		return secret.MaskArgs(args)
	}
	return m.b.MaskArgs(args)
}

var ansiEscape = sync.OnceValue(func() *regexp.Regexp {
	// CSI sequences (colors, cursor moves) and OSC sequences (titles, links).
	return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)`)
})

// clean makes one line a server wrote readable: escape sequences removed
// (servers color their logs), other control characters and invalid UTF-8
// replaced, secrets masked, then cut to max bytes.
func (m masker) clean(s string, max int) string {
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansiEscape().ReplaceAllString(s, "")
	}
	s = strings.TrimRight(s, "\r\n")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexFunc(s, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }) >= 0 {
		s = strings.Map(func(r rune) rune {
			if r != '\t' && unicode.IsControl(r) {
				return utf8.RuneError
			}
			return r
		}, s)
	}
	return m.cut(s, max)
}

// quote quotes bytes a server wrote for a message: masked, cut and
// %q-quoted, so binary junk shows as escapes rather than garbling a
// terminal.
func (m masker) quote(b []byte, max int) string {
	s := m.mask(strings.TrimRight(string(b), "\r\n"))
	if len(s) > max {
		c := max
		for c > 0 && !utf8.RuneStart(s[c]) {
			c--
		}
		return strconv.Quote(s[:c]) + "…"
	}
	return strconv.Quote(s)
}

// cut cuts s to n bytes on a character boundary, with "…": for text
// masked already, or that holds no secret (a cursor, a name).
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
