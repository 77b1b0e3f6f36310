package report

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// secretSpan is a byte range [start, end) of a string to hide.
type secretSpan struct{ start, end int }

// urlSpans returns the byte offsets [start, end) of what looks like a URL
// in s: the matches of `[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`, leftmost
// first, as regexp's FindAllStringIndex returns them, found from each
// "://" outward in one pass (a regexp costs several times more on the
// long lines of minified files).
func urlSpans(s string) [][2]int {
	var out [][2]int
	for pos := 0; pos < len(s); {
		k := strings.Index(s[pos:], "://")
		if k < 0 {
			break
		}
		k += pos
		j := k // the scheme: scheme characters back from "://", from the first letter
		for j > pos && isSchemeByte(s[j-1]) {
			j--
		}
		for j < k && !isLetterByte(s[j]) {
			j++
		}
		e := k + 3
		for e < len(s) && !isURLStop(s[e]) {
			e++
		}
		if j == k || e == k+3 {
			pos = k + 1
			continue
		}
		out = append(out, [2]int{j, e})
		pos = e
	}
	return out
}

func isLetterByte(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

func isSchemeByte(c byte) bool {
	return isLetterByte(c) || c >= '0' && c <= '9' || c == '+' || c == '.' || c == '-'
}

// isURLStop is what ends a URL: white space (as regexp's \s) and quotes.
func isURLStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\f', '\r', '"', '\'', '<', '>':
		return true
	}
	return false
}

// secretSpans finds what must never be printed in s: passwords in URLs,
// values of secret-looking URL query parameters, known token shapes, and
// values of secret-looking flags (--token X, --api-key=X) written in quotes.
func secretSpansIn(s string) []secretSpan {
	var out []secretSpan
	for _, m := range urlSpans(s) {
		out = append(out, urlSecrets(s[m[0]:m[1]], m[0])...)
	}
	resolve.EachToken(s, func(_ string, a, b int) { out = append(out, secretSpan{a, b}) })
	return append(out, flagSecrets(s)...)
}

// urlSecrets locates the password and secret query values of one URL
// (resolve.URLSecrets, the finder lint uses too).
func urlSecrets(raw string, base int) []secretSpan {
	var out []secretSpan
	for _, f := range resolve.URLSecrets(raw) {
		if f.Kind == "user name" || f.Kind == "query" && f.Value == "" {
			continue
		}
		out = append(out, secretSpan{base + f.Start, base + f.End})
	}
	return out
}

// flagSecrets finds "--token", "value" and "--token=value" in quoted text,
// as args arrays are written.
func flagSecrets(s string) []secretSpan {
	var out []secretSpan
	type quoted struct{ start, end int } // content, without quotes
	var qs []quoted
	for start, end := range resolve.QuotedStrings(s) {
		qs = append(qs, quoted{start, end})
	}
	for n, q := range qs {
		text := s[q.start:q.end]
		if !strings.HasPrefix(text, "-") {
			continue
		}
		name, value, hasValue := strings.Cut(strings.TrimLeft(text, "-"), "=")
		if !resolve.IsSecretKey(name) {
			continue
		}
		switch {
		case hasValue && value != "" && len(resolve.Scan(value)) == 0:
			out = append(out, secretSpan{q.end - len(value), q.end})
		case !hasValue && n+1 < len(qs) && strings.TrimSpace(s[q.end+1:qs[n+1].start-1]) == ",":
			next := s[qs[n+1].start:qs[n+1].end]
			if next != "" && !strings.HasPrefix(next, "-") && len(resolve.Scan(next)) == 0 {
				out = append(out, secretSpan{qs[n+1].start, qs[n+1].end})
			}
		}
	}
	return out
}

// MaskText replaces every secret in s by "***".
func MaskText(s string) string {
	return maskSpans(s, secretSpansIn(s))
}

// maskSpans replaces the spans of s (in any order, overlapping or not) by
// Masked.
func maskSpans(s string, spans []secretSpan) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range mergeSpans(spans) {
		b.WriteString(s[last:sp.start])
		b.WriteString(Masked)
		last = sp.end
	}
	b.WriteString(s[last:])
	return b.String()
}

func mergeSpans(spans []secretSpan) []secretSpan {
	slices.SortFunc(spans, func(a, b secretSpan) int { return cmp.Compare(a.start, b.start) })
	out := spans[:1]
	for _, sp := range spans[1:] {
		if last := &out[len(out)-1]; sp.start <= last.end {
			last.end = max(last.end, sp.end)
		} else {
			out = append(out, sp)
		}
	}
	return out
}

// MaskFindings hides secrets in the text of findings (messages, hints,
// notes) before any renderer prints them, whatever the format.
func MaskFindings(diags []normalize.Diagnostic) {
	for i := range diags {
		d := &diags[i]
		d.Message, d.Hint = MaskText(d.Message), MaskText(d.Hint)
		for j := range d.Related {
			d.Related[j].Message = MaskText(d.Related[j].Message)
		}
	}
}
