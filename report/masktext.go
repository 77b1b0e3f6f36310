package report

import (
	"regexp"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// secretSpan is a byte range [start, end) of a string to hide.
type secretSpan struct{ start, end int }

var urlPattern = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`[a-zA-Z][a-zA-Z0-9+.-]*://[^\s"'<>]+`)
})

// secretSpans finds what must never be printed in s: passwords in URLs,
// values of secret-looking URL query parameters, known token shapes, and
// values of secret-looking flags (--token X, --api-key=X) written in quotes.
func secretSpansIn(s string) []secretSpan {
	var out []secretSpan
	for _, m := range urlPattern().FindAllStringIndex(s, -1) {
		out = append(out, urlSecrets(s[m[0]:m[1]], m[0])...)
	}
	for off := 0; off < len(s); {
		_, a, b, ok := resolve.FindToken(s[off:])
		if !ok {
			break
		}
		out = append(out, secretSpan{off + a, off + b})
		off += b
	}
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
	for i := 0; i < len(s); i++ {
		if s[i] != '"' {
			continue
		}
		j := i + 1
		for j < len(s) && s[j] != '"' {
			if s[j] == '\\' {
				j++
			}
			j++
		}
		if j >= len(s) {
			break
		}
		qs = append(qs, quoted{i + 1, j})
		i = j
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
	spans := secretSpansIn(s)
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
	// insertion sort: there are only ever a few
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].start < spans[j-1].start; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
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
