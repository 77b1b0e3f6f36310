package secret

import "strings"

// textMask is Mask for one line of output (Text): the same secrets,
// learned and found, but the quotes, backslashes and spaces inside a
// secret stay, each run of other characters around them becoming Masked.
// Commands mcpconf suggests are quoted before they cross the boundary
// (internal/shell); a secret that spans part of their quoting would
// otherwise take a quote away and leave the rest for the shell to run. A
// value learned as Qz8Lm3Xp9W'\' over the name "Qz8Lm3Xp9W'; touch p; #",
// quoted, made
//
//	mcpconf probe '***'; touch p; #' --tools
func (b *Boundary) textMask(s string) string { return b.maskQuoted(s, b.knownSpans(s)) }

// maskQuoted masks the spans known of s and then what find recognizes,
// learning it (learnMasked), keeping the quoting inside each (keepQuoting).
func (b *Boundary) maskQuoted(s string, known []Span) string {
	s = keepQuoting(s, known)
	for range maxPasses {
		spans := find(s)
		if len(spans) == 0 {
			return s
		}
		b.learnMasked(s, spans)
		next := keepQuoting(s, spans)
		if next == s {
			return s // what is found is only quoting, or already Masked
		}
		s = next
	}
	if find(s) != nil {
		return Masked // a pathological input: nothing of it is shown
	}
	return s
}

// keepQuoting is replaceSpans keeping the quoting characters of a shell
// (POSIX and PowerShell) inside each span.
func keepQuoting(s string, spans []Span) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range mergeSpans(spans) {
		b.WriteString(s[last:sp.Start])
		masked := false
		for _, r := range s[sp.Start:sp.End] {
			if quoting(r) {
				b.WriteRune(r)
				masked = false
				continue
			}
			if !masked {
				b.WriteString(Masked)
				masked = true
			}
		}
		last = sp.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// quoting reports the characters that open, close or escape a quoted
// word in a POSIX shell or PowerShell, and the spaces between words.
func quoting(r rune) bool {
	return r == '\'' || r == '"' || r == '\\' || r == '`' || r == ' ' || r == '\t' || r >= '\u2018' && r <= '\u201b'
}
