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
	return string(maskRunes(line, hide))
}

// maskRunes is MaskLine returning the code points of the masked line. It
// runs in time linear in the line (plus the spans), however many secrets
// the line holds, so a minified file of thousands of servers on one line
// is masked once in one pass, not once per finding.
func maskRunes(line string, hide []colSpan) []rune {
	runes := []rune(line)
	n := len(runes)
	// delta is a difference array over rune indexes: delta[i] counts the
	// spans starting at i minus those ending at i.
	var delta []int32
	mask := func(start, end int) { // 0-based rune indexes
		start, end = max(start, 0), min(end, n)
		if start >= end {
			return
		}
		if delta == nil {
			delta = make([]int32, n+1)
		}
		delta[start]++
		delta[end]--
	}
	for _, sp := range hide {
		mask(sp.start-1, sp.end-1)
	}
	runeAt := runeIndexer(line, n)
	maskBytes := func(start, end int) { mask(runeAt(start), runeAt(end)) }
	maskKeyedValues(line, maskBytes)
	for _, sp := range secretSpansIn(line) { // URLs, token shapes, flags
		maskBytes(sp.start, sp.end)
	}
	if delta != nil {
		cover := int32(0)
		for i := range runes {
			if cover += delta[i]; cover > 0 {
				runes[i] = '*'
			}
		}
	}
	return runes
}

// runeIndexer maps a byte offset of s (at most len(s)) to the number of
// code points before it, as []rune(s) counts them, in O(1).
func runeIndexer(s string, runes int) func(int) int {
	if runes == len(s) {
		return func(off int) int { return off } // ASCII
	}
	idx := make([]int32, len(s)+1)
	n := int32(0)
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		for k := range size {
			idx[i+k] = n // an offset inside a sequence maps to its code point
		}
		i += size
		n++
	}
	idx[len(s)] = n
	return func(off int) int { return int(idx[off]) }
}

// maskKeyedValues finds `"KEY": "value"` and `KEY = "value"` pairs and
// passes the byte offsets of each secret value to mask.
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
		mask(j+1, k)
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
