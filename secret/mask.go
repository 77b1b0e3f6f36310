package secret

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// Masked replaces every secret in output; it is fixed so a value's length
// does not leak.
const Masked = "***"

// maxPasses bounds Mask's passes: masking one secret can put another at a
// word boundary, where find then sees it.
const maxPasses = 4

// Mask replaces every secret find reports in s by Masked. It is
// idempotent: its output holds nothing find reports.
func Mask(s string) string { return maskFound(s, nil, nil) }

// maskFound is Mask, calling found (when not nil) with each text and the
// spans find reports in it before they are replaced, and keeping inside
// them the characters keep holds (maskSpans).
func maskFound(s string, found func(string, []Span), keep func(rune) bool) string {
	for range maxPasses {
		spans := find(s)
		if len(spans) == 0 {
			return s
		}
		if found != nil {
			found(s, spans)
		}
		next := maskSpans(s, spans, keep)
		if next == s {
			return s // what is found is only what keep keeps, or Masked already
		}
		s = next
	}
	if find(s) != nil {
		return Masked // a pathological input: nothing of it is shown
	}
	return s
}

// replaceSpans replaces the spans of s (in any order, overlapping or not)
// by Masked.
func replaceSpans(s string, spans []Span) string { return maskSpans(s, spans, nil) }

// maskSpans replaces the spans of s (in any order, overlapping or not)
// by Masked, but for the characters keep (when not nil) holds: each run
// of the others between them becomes Masked.
func maskSpans(s string, spans []Span, keep func(rune) bool) string {
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range mergeSpans(spans) {
		b.WriteString(s[last:sp.Start])
		if keep == nil {
			b.WriteString(Masked)
		} else {
			masked := false
			for _, r := range s[sp.Start:sp.End] {
				if keep(r) {
					b.WriteRune(r)
					masked = false
				} else if !masked {
					b.WriteString(Masked)
					masked = true
				}
			}
		}
		last = sp.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// mergeSpans sorts spans and joins those that overlap or touch.
func mergeSpans(spans []Span) []Span {
	spans = slices.Clone(spans)
	slices.SortFunc(spans, func(a, b Span) int { return cmp.Compare(a.Start, b.Start) })
	out := spans[:1]
	for _, sp := range spans[1:] {
		if last := &out[len(out)-1]; sp.Start <= last.End {
			last.End = max(last.End, sp.End)
		} else {
			out = append(out, sp)
		}
	}
	return out
}

// MaskValue is an env or header value as written under key, as output
// may show it: the placeholders and variable names it holds are
// references, shown as written (which variables a server needs is what
// users debug). A literal part is Masked whole under a secret-looking key
// (but the "Bearer" of an Authorization value, and punctuation); under
// any other key it is Masked when it may be a secret (mayBeSecret), and
// shown when it plainly is not (a path, a word, a number, a version), so
// MEMORY_FILE_PATH=/home/me/mem.json and $HOME/mem.json read as written.
// An empty key is a secret one. A pisces "!command" is shown with its
// credentials and random-looking words masked.
func MaskValue(key, v string) string {
	if v == "" || resolve.IsEnvName(v) && !hasToken(v) {
		return v // a variable's name (pisces reads its value)
	}
	if strings.HasPrefix(v, "!") {
		return MaskCommand(v)
	}
	secretKey := key == "" || IsSecretKey(key) && !PublicKey(key)
	var b strings.Builder
	last := 0
	for _, p := range resolve.Scan(v) {
		b.WriteString(maskLiteral(v[last:p.Start], secretKey))
		if p.HasDefault {
			// the default is a literal value too: ${TOKEN:-***}
			b.WriteString("${" + p.Name + ":-" + MaskValue(key, p.Default) + "}")
		} else {
			b.WriteString(p.Text)
		}
		last = p.End
	}
	b.WriteString(maskLiteral(v[last:], secretKey))
	return Mask(b.String())
}

// hasToken reports a credential of a known shape: AKIA… looks like a
// variable's name too.
func hasToken(v string) bool {
	_, ok := tokenKind(v)
	return ok
}

// maskLiteral hides a literal part of an env or header value: whole under
// a secret-looking key, unless it is only a scheme word or punctuation;
// under another key, when it may be a secret.
func maskLiteral(s string, secretKey bool) string {
	if s == "" || !strings.ContainsFunc(s, isAlnumRune) || isSchemeWord(s) {
		return s
	}
	if scheme, rest, ok := strings.Cut(s, " "); ok && isSchemeWord(scheme) && rest != "" {
		if secretKey || mayBeSecret(rest) {
			return scheme + " " + Masked
		}
		return scheme + " " + maskWords(rest)
	}
	if secretKey {
		return Masked
	}
	return maskWords(s)
}

// maskWords masks each word of s (split at white space) that may be a
// secret: a multi-line value hides one as well as a word does.
func maskWords(s string) string {
	var b strings.Builder
	last := 0
	for _, w := range words(s) {
		if mayBeSecret(s[w[0]:w[1]]) {
			b.WriteString(s[last:w[0]])
			b.WriteString(Masked)
			last = w[1]
		}
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// words are the [start, end) offsets of the runs of s between white space.
func words(s string) [][2]int {
	var out [][2]int
	for i := 0; i < len(s); {
		for i < len(s) && isSpace(s[i]) {
			i++
		}
		e := i
		for e < len(s) && !isSpace(s[e]) {
			e++
		}
		if e > i {
			out = append(out, [2]int{i, e})
		}
		i = e
	}
	return out
}

// mayBeSecret reports a literal that may be a secret as a whole though no
// key says so: a long random-looking value, or one of at least 8 bytes
// mixing letters and digits that is not a path, a URL, a version, an
// example or a name of words in parts ("@upstash/context7-mcp",
// "tavily-mcp@0.1.4": ReadsAsWords). A word ("production"), a path, a number or a version is not;
// the credentials the scanner finds inside any value (a URL's password)
// are masked apart.
func mayBeSecret(s string) bool {
	s = strings.TrimSpace(s)
	switch {
	case LooksSecret(s):
		return true
	case len(s) < 8 || strings.ContainsAny(s, " \t") || LooksLikePath(s) || IsExample(s) || isVersion(s):
		return false
	}
	// "context7-mcp@1.0.4" is a name, "hunter22" may be a password
	return hasDigit(s) && hasLetter(s) && !(ReadsAsWords(s) && strings.ContainsFunc(s, func(r rune) bool { return r < 128 && !isAlnum(byte(r)) }))
}

// isVersion reports "1.2.3", "v20.11.1", "2025.4.8", "3.12-slim".
func isVersion(s string) bool {
	s = strings.TrimPrefix(s, "v")
	dots := 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case isDigit(c):
		case c == '.':
			dots++
		case c == '-' || c == '+':
			return dots > 0 && i > 0 // a suffix after a dotted number
		default:
			return false
		}
	}
	return dots > 0
}

// MaskCommand is the text of a shell command (a pisces "!command") as
// output may show it: the command is shown, so users see what runs, but
// its credentials (find) and every word that looks like a secret on its
// own (LooksSecret) are Masked.
func MaskCommand(cmd string) string {
	return Mask(replaceSpans(cmd, commandSpans(cmd)))
}

// MaskArgs is a list of arguments as output may show it: the values of
// secret-looking flags (--token X, --api-key=X) Masked, and every secret
// find sees in an argument; placeholders stay as written.
func MaskArgs(args []string) []string {
	if len(args) == 0 {
		return args
	}
	out := make([]string, len(args))
	for i, a := range args {
		switch k, v, ok := strings.Cut(a, "="); {
		case ok && isSecretFlag(k):
			out[i] = k + "=" + MaskValue("", v)
		case i > 0 && isSecretFlag(args[i-1]) && !strings.Contains(args[i-1], "=") && !strings.HasPrefix(a, "-"):
			out[i] = MaskValue("", a)
		default:
			out[i] = Mask(a)
		}
	}
	return out
}

// isSecretFlag reports "--token", "-password", "--api-key".
func isSecretFlag(a string) bool {
	name := strings.TrimLeft(a, "-")
	return strings.HasPrefix(a, "-") && len(a)-len(name) <= 2 && IsSecretKey(name) && !PublicKey(name)
}

// MaskURL is a URL or connection string as output may show it: the
// password of its user info, a user name that looks like a credential, the
// values of secret-looking query parameters and every token shape Masked,
// the rest as written.
func MaskURL(raw string) string {
	return Mask(replaceSpans(raw, appendURL(nil, raw, 0)))
}
