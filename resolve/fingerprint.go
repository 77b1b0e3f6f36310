package resolve

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
	"unicode/utf8"
)

// Fingerprint identifies a value without showing it: its length and the
// first digits of its SHA-256, enough to tell two values apart or see that
// they are the same ("40 chars, sha256:3f2a91…").
func Fingerprint(v string) string {
	sum := sha256.Sum256([]byte(v))
	return fmt.Sprintf("%d chars, sha256:%s…", utf8.RuneCountInString(v), hex.EncodeToString(sum[:])[:6])
}

// Shown is the value as it may be printed: each piece that came from the
// environment, a command, an input or a file is "***"; so is the whole
// value when it is a secret with no such piece (a literal under a
// secret-looking key, a credential). References left unresolved stay as
// written: they are names, not values.
func (f Field) Shown() string {
	if f.Dropped {
		return ""
	}
	if !f.Secret {
		return f.Value
	}
	var b strings.Builder
	last, masked := 0, false
	for _, p := range f.Pieces {
		if p.Kind == FromEditor || p.Kind == FromDefault && !IsSecretKey(f.Key) && !looksLikeCredential(f.Value[p.Start:p.End]) {
			continue
		}
		b.WriteString(f.Value[last:p.Start])
		b.WriteString(Masked)
		last, masked = p.End, true
	}
	rest := f.Value[last:]
	if !masked || IsSecretKey(f.Key) && strings.TrimSpace(rest) != "" && !isSchemeWord(rest) || looksLikeCredential(rest) {
		// a literal secret: nothing of it is shown
		if masked {
			b.WriteString(MaskCredentials(rest))
			return b.String()
		}
		return Masked
	}
	b.WriteString(rest)
	return b.String()
}

// isSchemeWord reports the literal part of an Authorization value that is
// only its scheme ("Bearer ", "Basic ").
func isSchemeWord(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bearer", "basic", "token":
		return true
	}
	return false
}

// Origins says where each piece of the value came from, without the
// value: `${GITHUB_TOKEN}: from $GITHUB_TOKEN (set, 40 chars,
// sha256:3f2a91…)`, `${API:-https://x}: default of $API (unset)`.
func (f Field) Origins() []string {
	var out []string
	for _, p := range f.Pieces {
		v := f.Value[p.Start:p.End]
		switch p.Kind {
		case FromVariable:
			out = append(out, fmt.Sprintf("%s: from $%s (set, %s)", p.Text, p.Name, Fingerprint(v)))
		case FromDefault:
			// the default is written in the file: named, not shown
			out = append(out, fmt.Sprintf("${%s:-…}: the default, $%s is unset", p.Name, p.Name))
		case FromInput:
			out = append(out, fmt.Sprintf("%s: from input %q (%s)", p.Text, p.Name, Fingerprint(v)))
		case FromFile:
			out = append(out, fmt.Sprintf("%s: from file %q (%s)", p.Text, p.Name, Fingerprint(v)))
		case FromCommand:
			out = append(out, fmt.Sprintf("from command %q (%s)", p.Name, Fingerprint(v)))
		case FromEditor:
			out = append(out, fmt.Sprintf("%s: %s", p.Text, v))
		}
	}
	if len(f.Pieces) == 0 && f.Secret && f.Value != "" && !f.Dropped {
		out = append(out, fmt.Sprintf("literal (%s)", Fingerprint(f.Value)))
	}
	return out
}
