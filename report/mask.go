package report

import (
	"sort"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// Masked is what every secret prints as.
const Masked = "***"

// maskMap shows env and header values as written, references and all, and
// hides their literal secrets (MaskValue).
func maskMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = MaskValue(v)
	}
	return out
}

// MaskValue is an env or header value (or a secret flag's value) as
// explain may print it: the placeholders, commands and variable names it
// holds are references, so they are shown as written — which variables a
// server needs is what users debug; every literal part is "***" (but the
// "Bearer" of an Authorization value, and punctuation), since env and
// headers are where secrets live.
func MaskValue(v string) string {
	if v == "" || resolve.IsEnvName(v) {
		return v
	}
	const secretKey = true
	if strings.HasPrefix(v, "!") {
		// a pisces command that prints the value: the command is shown
		return maskLiteral(v, false)
	}
	ps := resolve.Scan(v)
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(maskLiteral(v[last:p.Start], secretKey))
		if p.HasDefault {
			// the default is a literal value too: ${TOKEN:-***}
			b.WriteString("${" + p.Name + ":-" + MaskValue(p.Default) + "}")
		} else {
			b.WriteString(p.Text)
		}
		last = p.End
	}
	b.WriteString(maskLiteral(v[last:], secretKey))
	return b.String()
}

// maskLiteral hides a literal part of a value: whole under a secret key
// (unless it is only a scheme word or punctuation), else its credentials.
func maskLiteral(s string, secretKey bool) string {
	if s == "" {
		return s
	}
	if secretKey && strings.ContainsFunc(s, isAlnumRune) {
		if w := strings.TrimSpace(s); strings.EqualFold(w, "bearer") || strings.EqualFold(w, "basic") || strings.EqualFold(w, "token") {
			return s
		}
		if scheme, rest, ok := strings.Cut(s, " "); ok && (strings.EqualFold(scheme, "bearer") || strings.EqualFold(scheme, "basic")) && rest != "" {
			return scheme + " " + Masked
		}
		return Masked
	}
	return resolve.MaskCredentials(s)
}

func isAlnumRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// MaskURL hides a password in the user info, the values of query
// parameters with secret-looking names (?api_key=…, ?token=…) and known
// token shapes, keeping the rest as written.
func MaskURL(raw string) string {
	return maskSpans(raw, urlSecrets(raw, 0))
}

// MaskArgs hides the value of secret-looking flags (--token X,
// --api-key=X) and arguments that look like a token on their own.
func MaskArgs(args []string) []string {
	if len(args) == 0 {
		return args
	}
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if k, v, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "-") && resolve.IsSecretKey(strings.TrimLeft(k, "-")) {
			out[i] = k + "=" + MaskValue(v)
			continue
		}
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") &&
			resolve.IsSecretKey(strings.TrimLeft(args[i-1], "-")) && !strings.HasPrefix(a, "-") {
			out[i] = MaskValue(a)
			continue
		}
		// tokens and passwords in URLs and connection strings
		// ("postgresql://admin:pw@db/app"); references stay as written
		out[i] = maskLiteralsAround(a)
	}
	return out
}

// maskLiteralsAround hides the credentials in the literal parts of s and
// keeps its placeholders as written.
func maskLiteralsAround(s string) string {
	ps := resolve.Scan(s)
	if len(ps) == 0 {
		return resolve.MaskCredentials(s)
	}
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(resolve.MaskCredentials(s[last:p.Start]))
		b.WriteString(p.Text)
		last = p.End
	}
	b.WriteString(resolve.MaskCredentials(s[last:]))
	return b.String()
}
