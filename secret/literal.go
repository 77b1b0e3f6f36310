package secret

import (
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// The judgments of this file decide what mcpconf writes, where the rest of
// the package decides what it prints: whether a value about to be written
// to a file holds a literal secret (LiteralSecret, LiteralArgs,
// LiteralURL), and whether it holds a literal at all (Literal). A value
// is judged in mcpconf's own syntax for a definition (define.Server):
// only a ${NAME} reference (without a default) is a reference to a
// variable; every other text, another syntax's placeholder included
// ("$Secret", "{{token}}"), is literal, since no client would read it as
// the variable meant everywhere.

// KindRandom is a literal that looks random on its own (LooksSecret),
// under a name that says nothing.
const KindRandom = "random-looking value"

// literalParts are the parts of v outside its ${NAME} references; the
// default of ${NAME:-default} is literal.
func literalParts(v string) []string {
	var out []string
	last := 0
	for _, p := range resolve.Scan(v) {
		if p.Syntax != resolve.Dollar || !resolve.IsEnvName(p.Name) {
			continue // literal text for this judgment
		}
		out = append(out, v[last:p.Start])
		if p.HasDefault {
			out = append(out, p.Default)
		}
		last = p.End
	}
	return append(out, v[last:])
}

// literalText is a literal part with more than white space, punctuation
// and an authorization scheme word ("Bearer "), the scheme cut off.
func literalText(s string) (string, bool) {
	s = strings.TrimSpace(s)
	if w, rest, ok := strings.Cut(s, " "); ok && isSchemeWord(w) {
		s = strings.TrimSpace(rest)
	}
	return s, s != "" && !isSchemeWord(s) && strings.ContainsFunc(s, isAlnumRune)
}

// Literal reports whether v holds anything but references to variables
// (${NAME}): text outside them beyond white space, punctuation and an
// authorization scheme ("Bearer ${TOKEN}" is a reference), or a
// reference's default. It is what never moves from a private file into a
// shared one, whatever it looks like.
func Literal(v string) bool {
	for _, p := range literalParts(v) {
		if _, ok := literalText(p); ok {
			return true
		}
	}
	return false
}

// LiteralSecret is the kind of literal secret v holds, written under key
// (an env variable's name, a header's, a flag's without its dashes); ""
// when it holds none. A value holds one when a literal part of it
//
//   - holds a credential of a known shape, a URL's credentials or a keyed
//     secret (what find reports, but for values of a common word);
//   - is anything but a placeholder value ("changeme", "none", "true")
//     under the name of a credential (IsCredentialKey: API_KEY,
//     DB_PASSWORD, X-Api-Key, Authorization), however short or plain;
//   - may be a secret (at least 8 bytes mixing letters and digits, or
//     random-looking) under another secret-looking name (IsSecretKey);
//   - looks random on its own (LooksSecret) under any other name.
//
// Names public by design (PublicKey) judge as any other name.
func LiteralSecret(key, v string) string {
	var lits []string
	for _, p := range literalParts(v) {
		if s, ok := literalText(p); ok && !IsPlaceholderValue(s) {
			lits = append(lits, s)
		}
	}
	if len(lits) == 0 {
		return ""
	}
	if kind := foundLiteral(v); kind != "" {
		return kind
	}
	if IsCredentialKey(key) {
		return KindKeyed
	}
	secretKey := IsSecretKey(key) && !PublicKey(key)
	for _, s := range lits {
		for _, w := range words(s) {
			if w := s[w[0]:w[1]]; LooksSecret(w) || secretKey && mayBeSecret(w) {
				return KindRandom
			}
		}
	}
	return ""
}

// foundLiteral is the kind of the first secret find reports in v that is
// literal and no placeholder value; the value of a secret-looking key or
// flag inside v counts when no message would hold it by chance
// (distinctive), so that prose is not taken for a secret.
func foundLiteral(v string) string {
	for _, sp := range find(v) {
		s := v[sp.Start:sp.End]
		switch {
		case !Literal(s) || IsPlaceholderValue(s):
		case (sp.Kind == KindKeyed || sp.Kind == KindFlag) && !distinctive(s):
		default:
			return sp.Kind
		}
	}
	return ""
}

// LiteralArgs finds the first argument of a command line that holds a
// literal secret: the value of a secret-looking flag (--api-key VALUE,
// --token=VALUE, judged by LiteralSecret under the flag's name), or what
// find reports in an argument (a token shape, a URL's credentials,
// API_KEY=VALUE). It returns its index and kind, or -1.
func LiteralArgs(args []string) (int, string) {
	for i, a := range args {
		k, v, eq := strings.Cut(a, "=")
		switch {
		case eq && isSecretFlag(k):
			if kind := LiteralSecret(strings.TrimLeft(k, "-"), v); kind != "" {
				return i, KindFlag
			}
		case i > 0 && isSecretFlag(args[i-1]) && !strings.Contains(args[i-1], "=") && !strings.HasPrefix(a, "-"):
			if kind := LiteralSecret(strings.TrimLeft(args[i-1], "-"), a); kind != "" {
				return i, KindFlag
			}
		}
		if kind := foundLiteral(a); kind != "" {
			return i, kind
		}
	}
	return -1, ""
}

// LiteralURL is the kind of literal credential a URL holds, "" when none:
// its user info when any of it is literal (a password, or a user name,
// which is how tokens are passed too), the literal value of a
// secret-looking query parameter, a credential of a known shape, a path
// segment that is a key. Start and End are its bytes in u.
func LiteralURL(u string) (kind string, start, end int) {
	for _, f := range URLSecrets(u) {
		s := u[f.Start:f.End]
		switch f.Kind {
		case KindPassword, KindUser, KindQuery:
			if Literal(s) && (f.Kind != KindQuery || !PublicKey(f.Key)) {
				return f.Kind, f.Start, f.End
			}
		default:
			if Literal(s) {
				return f.Kind, f.Start, f.End
			}
		}
	}
	for _, sp := range appendPathSecrets(nil, u, 0) {
		return sp.Kind, sp.Start, sp.End
	}
	return "", 0, 0
}
