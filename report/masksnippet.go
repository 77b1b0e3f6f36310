package report

import (
	"strings"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

type lineKey struct {
	path string
	line int
}

// colSpan is a [start, end) range of 1-based code point columns.
type colSpan struct{ start, end int }

type spans map[lineKey][]colSpan

// secretSpans collects where hardcoded-secret findings point: those exact
// columns are hidden in every snippet of that line.
func secretSpans(diags []normalize.Diagnostic) spans {
	out := spans{}
	for _, d := range diags {
		if d.Rule != "hardcoded-secret" || !d.Pos.IsValid() {
			continue
		}
		end := d.End.Col
		if d.End.Line != d.Pos.Line || end <= d.Pos.Col {
			end = 1 << 30 // to the end of the line
		}
		k := lineKey{d.Path, d.Pos.Line}
		out[k] = append(out[k], colSpan{d.Pos.Col, end})
	}
	return out
}

// MaskLine hides secrets in a source line before it is shown: the given
// column spans, anything with the shape of a known token, and quoted
// values of secret-looking keys ("API_KEY": "…", TOKEN = "…") that are not
// placeholders. Each hidden rune becomes '*', so columns do not move and
// carets stay under the right text.
func MaskLine(line string, hide []colSpan) string {
	runes := []rune(line)
	mask := func(start, end int) { // 0-based rune indexes
		for i := max(start, 0); i < end && i < len(runes); i++ {
			runes[i] = '*'
		}
	}
	for _, sp := range hide {
		mask(sp.start-1, sp.end-1)
	}
	// Known token shapes, searched in the byte string, mapped to runes.
	for off := 0; off < len(line); {
		_, s, e, ok := resolve.FindToken(line[off:])
		if !ok {
			break
		}
		mask(utf8.RuneCountInString(line[:off+s]), utf8.RuneCountInString(line[:off+e]))
		off += e
	}
	maskKeyedValues(line, mask)
	for _, sp := range secretSpansIn(line) {
		mask(utf8.RuneCountInString(line[:sp.start]), utf8.RuneCountInString(line[:sp.end]))
	}
	return string(runes)
}

// maskKeyedValues finds `"KEY": "value"` and `KEY = "value"` pairs.
func maskKeyedValues(line string, mask func(start, end int)) {
	for i := 0; i < len(line); i++ {
		if line[i] != ':' && line[i] != '=' {
			continue
		}
		key := keyBefore(line[:i])
		if key == "" || !resolve.IsSecretKey(key) {
			continue
		}
		j := i + 1
		for j < len(line) && (line[j] == ' ' || line[j] == '\t') {
			j++
		}
		if j >= len(line) || (line[j] != '"' && line[j] != '\'') {
			continue
		}
		q := line[j]
		k := j + 1
		for k < len(line) && line[k] != q {
			if line[k] == '\\' {
				k++
			}
			k++
		}
		k = min(k, len(line))
		val := line[j+1 : k]
		if val == "" || len(resolve.Scan(val)) > 0 || strings.HasPrefix(val, "!") {
			continue // placeholders and commands are not secrets themselves
		}
		mask(utf8.RuneCountInString(line[:j+1]), utf8.RuneCountInString(line[:k]))
	}
}

// keyBefore returns the key that ends right before a ':' or '='.
func keyBefore(s string) string {
	s = strings.TrimRight(s, " \t")
	if s == "" {
		return ""
	}
	if q := s[len(s)-1]; q == '"' || q == '\'' {
		open := strings.LastIndexByte(s[:len(s)-1], q)
		if open < 0 {
			return ""
		}
		return s[open+1 : len(s)-1]
	}
	i := len(s)
	for i > 0 && (isWordByte(s[i-1])) {
		i--
	}
	return s[i:]
}

func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}
