package secret

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

// maskQuoted masks the spans known of s, then what find recognizes,
// learning it (learnMasked), keeping the quoting inside each.
func (b *Boundary) maskQuoted(s string, known []Span) string {
	return maskFound(maskSpans(s, known, quoting), b.learnMasked, quoting)
}

// quoting reports the characters that open, close or escape a quoted
// word in a POSIX shell or PowerShell, and the spaces between words.
func quoting(r rune) bool {
	return r == '\'' || r == '"' || r == '\\' || r == '`' || r == ' ' || r == '\t' || r >= '\u2018' && r <= '\u201b'
}
