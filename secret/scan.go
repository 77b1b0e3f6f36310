package secret

import (
	"cmp"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// Span is a secret found in a string: the bytes [Start, End) and what it
// is, for messages: a token kind ("GitHub personal access token") or one of
// the Kind constants.
type Span struct {
	Start, End int
	Kind       string
}

// Kinds of secrets find reports besides the token shapes.
const (
	KindPassword = "password"     // of a URL's user info or a connection string
	KindUser     = "user name"    // a URL's user info that looks like a credential itself
	KindQuery    = "query"        // the value of a secret-looking URL query parameter
	KindFlag     = "flag value"   // --token X, --api-key=X, "--password", "X"
	KindKeyed    = "keyed value"  // API_KEY=X, password: X, "token": "X"
	KindPath     = "path segment" // a URL path segment that is a key on its own
)

// find is mcpconf's one scanner of secrets in text. It returns, sorted by
// start and possibly overlapping, every secret it recognizes in s:
//
//   - credentials of well-known shapes (EachToken): GitHub, GitLab, OpenAI,
//     Anthropic, AWS, Google, Slack, npm, Stripe, Neon keys, JSON Web
//     Tokens, "Bearer …" and "Basic …" credentials;
//   - in every URL or connection string (URLSpans): the password of the
//     user info, a user name that looks like a credential, and the values
//     of query parameters with secret-looking names (?api_key=…);
//   - the values of secret-looking flags: --token X, --api-key=X,
//     -password=X, and as JSON lists write them, "--token", "X";
//   - the values of secret-looking keys: API_KEY=X, password: X,
//     "token": "X", secret = 'X', Authorization: Bearer X.
//
// Placeholders (${VAR}, {env:VAR}, …) are references, not secrets: a value
// made of them is not reported, and only the literal parts of a value that
// mixes both are. What counts as secret-looking is IsSecretKey's.
//
// Lint's checks and every output go through find, so what lint reports as a
// secret is what output hides, and the masking of one renderer is the
// masking of all.
func find(s string) []Span {
	var out []Span
	EachToken(s, func(kind string, a, b int) { out = append(out, Span{a, b, kind}) })
	for _, u := range URLSpans(s) {
		out = appendURL(out, s[u[0]:u[1]], u[0])
	}
	out = appendFlags(out, s)
	out = appendKeyed(out, s)
	slices.SortFunc(out, func(a, b Span) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	// a flag is a key too: --api-key=X is found twice
	return slices.CompactFunc(out, func(a, b Span) bool { return a.Start == b.Start && a.End == b.End })
}

// appendURL adds the credentials of one URL found at base.
func appendURL(out []Span, raw string, base int) []Span {
	for _, f := range URLSecrets(raw) {
		switch f.Kind {
		case KindPassword, KindQuery:
			out = appendLiteral(out, raw, f.Start, f.End, base, f.Kind)
		case KindUser:
			if LooksSecret(f.Value) {
				out = append(out, Span{base + f.Start, base + f.End, f.Kind})
			}
		}
		// token shapes are EachToken's
	}
	return appendPathSecrets(out, raw, base)
}

// appendPathSecrets adds the segments of a URL's path that are credentials
// on their own: hosted MCP servers put the key in the path
// ("https://actions.example.com/mcp/Ab3xZ9…/sse") or are reached at a
// secret id. A segment counts when it is long and random-looking with
// digits and letters mixed, so words ("getting-started-with-auth"),
// versions and dates stay.
func appendPathSecrets(out []Span, raw string, base int) []Span {
	i := strings.Index(raw, "://")
	if i < 0 {
		return out
	}
	start := i + 3
	j := strings.IndexByte(raw[start:], '/')
	if j < 0 {
		return out
	}
	start += j
	end := len(raw)
	if k := strings.IndexAny(raw[start:], "?#"); k >= 0 {
		end = start + k
	}
	for seg := start; seg < end; {
		e := seg + 1
		for e < end && raw[e] != '/' {
			e++
		}
		if s := raw[seg+1 : e]; pathSecret(s) {
			out = append(out, Span{base + seg + 1, base + e, KindPath})
		}
		seg = e
	}
	return out
}

// pathSecret reports a path segment that looks like a credential.
func pathSecret(s string) bool {
	if len(s) < 20 || IsExample(s) || len(resolve.Scan(s)) > 0 {
		return false
	}
	digits, letters := 0, 0
	for k := 0; k < len(s); k++ {
		switch c := s[k]; {
		case isDigit(c):
			digits++
		case isUpper(c) || isLower(c):
			letters++
		case c == '-' || c == '_' || c == '.' || c == '~':
		default:
			return false // percent-escapes, other punctuation: not a key
		}
	}
	return digits >= 3 && letters >= 3 && entropy(s) >= secretMinEntropy
}

// appendLiteral adds the literal parts of s[start:end] (outside
// placeholders) that hold a letter or digit, at base; scheme words
// ("Bearer") and masks already made are not secrets.
func appendLiteral(out []Span, s string, start, end, base int, kind string) []Span {
	if start >= end {
		return out
	}
	v := s[start:end]
	last := 0
	add := func(a, b int) {
		part := v[a:b]
		// "Bearer " before a reference is the scheme, not a secret
		if w, rest, ok := strings.Cut(strings.TrimLeft(part, " "), " "); ok && isSchemeWord(w) {
			a += strings.Index(part, rest)
			part = rest
		}
		if isSchemeWord(part) || !strings.ContainsFunc(part, isAlnumRune) || isReference(part) {
			return
		}
		out = append(out, Span{base + start + a, base + start + b, kind})
	}
	for _, p := range resolve.Scan(v) {
		add(last, p.Start)
		last = p.End
	}
	add(last, len(v))
	return out
}

// isReference reports a value that names a secret rather than holds one:
// a variable's name (pisces reads its value: "GITHUB_TOKEN"), or an example
// of a value ("YOUR_API_KEY", "<token>", "password"). Lint does not report
// these as secrets either.
func isReference(v string) bool {
	v = strings.TrimSpace(v)
	if resolve.IsEnvName(v) && !hasToken(v) {
		return true
	}
	if IsExample(v) {
		return true
	}
	switch strings.ToLower(v) {
	case "password", "pass", "passwd", "pwd", "pw", "secret", "token", "key", "apikey", "api_key", "xxx":
		return true
	}
	return false
}

// isSchemeWord reports the words of an Authorization value that name its
// scheme rather than hold its credential.
func isSchemeWord(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "bearer", "basic", "token":
		return true
	}
	return false
}

func isAlnumRune(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
}

// appendFlags adds the values of secret-looking flags: "--token X" and
// "--token=X" in command lines and prose, "--token=X" and "--token", "X"
// as JSON lists of arguments write them.
func appendFlags(out []Span, s string) []Span {
	for i := 0; i < len(s); i++ {
		if s[i] != '-' || i > 0 && !flagBoundary(s[i-1]) {
			continue
		}
		j := i + 1
		if j < len(s) && s[j] == '-' {
			j++
		}
		k := j
		for k < len(s) && isKeyByte(s[k]) {
			k++
		}
		name := s[j:k]
		if name == "" || name[0] == '-' || !IsSecretKey(name) || PublicKey(name) {
			i = max(k-1, i)
			continue
		}
		var q byte // the quote the flag is written in, if any
		if i > 0 && (s[i-1] == '"' || s[i-1] == '\'') {
			q = s[i-1]
		}
		switch {
		case k < len(s) && s[k] == '=':
			v0, e := valueAt(s, k+1, q, false)
			out = appendLiteral(out, s, v0, e, 0, KindFlag)
			i = max(e-1, i)
		case q != 0 && k < len(s) && s[k] == q:
			// "--token", "X": the next string of the list
			n := skipSpace(s, k+1)
			if n < len(s) && s[n] == ',' {
				n = skipSpace(s, n+1)
				if n < len(s) && s[n] == q {
					v0, e := quotedAt(s, n+1, q)
					if v0 < e && s[v0] != '-' {
						out = appendLiteral(out, s, v0, e, 0, KindFlag)
					}
				}
			}
		case q == 0 && k < len(s) && (s[k] == ' ' || s[k] == '\t'):
			n := skipSpace(s, k)
			if n < len(s) && s[n] != '-' {
				v0, e := valueAt(s, n, 0, false)
				out = appendLiteral(out, s, v0, e, 0, KindFlag)
			}
		}
	}
	return out
}

// flagBoundary is what may come right before a flag.
func flagBoundary(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '"', '\'', '`', '[', '(', ',', '{':
		return true
	}
	return false
}

// isKeyByte is what a key or a flag name is made of.
func isKeyByte(c byte) bool {
	return c == '_' || c == '-' || c == '.' || isAlnum(c)
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return i
}

// valueAt returns the value that starts at i: the content of a quoted
// string, or up to the closing quote q of the string it is written in, or
// a word up to white space or a quote. With scheme, a first word that
// names an authorization scheme ("Bearer") is skipped.
func valueAt(s string, i int, q byte, scheme bool) (int, int) {
	switch {
	case i >= len(s):
		return i, i
	case q != 0:
		return quotedAt(s, i, q)
	case s[i] == '"' || s[i] == '\'':
		return quotedAt(s, i+1, s[i])
	}
	e := i
	for e < len(s) && !isValueStop(s[e]) {
		e++
	}
	if scheme && isSchemeWord(s[i:e]) {
		if n := skipSpace(s, e); n > e && n < len(s) && !isValueStop(s[n]) {
			return valueAt(s, n, 0, false)
		}
	}
	return i, e
}

// quotedAt returns the content of a string that starts at i (after its
// opening quote q), up to the closing quote; a backslash escapes the
// byte after it.
func quotedAt(s string, i int, q byte) (int, int) {
	e := i
	for e < len(s) && s[e] != q {
		if s[e] == '\\' {
			e++
		}
		e++
	}
	return i, min(e, len(s))
}

// isValueStop ends an unquoted value.
func isValueStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\r', '\f', '\v', '"', '\'', '`':
		return true
	}
	return false
}

// maxKeyLen bounds how far back a key is looked for before ':' or '=',
// so that text full of separators costs linear time.
const maxKeyLen = 128

// appendKeyed adds the values of secret-looking keys: "KEY": "value" and
// KEY = "value" (JSON, TOML), KEY=value (environment dumps, shell),
// KEY: value (YAML, logs, HTTP headers). A quoted key takes a quoted value
// only, so mcpconf's own messages (`env "API_KEY": variable "X" is not
// set`) are left alone.
func appendKeyed(out []Span, s string) []Span {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c != ':' && c != '=' {
			continue
		}
		key, quoted := keyBefore(s, i)
		if key == "" || !IsSecretKey(key) || PublicKey(key) {
			continue
		}
		j := skipSpace(s, i+1)
		switch {
		case j < len(s) && (s[j] == '"' || s[j] == '\''):
			v0, e := quotedAt(s, j+1, s[j])
			if v0 < e && s[v0] == '!' {
				// a pisces command that prints the value: shown, but for
				// what looks like a secret in it
				for _, sp := range randomWords(s[v0:e]) {
					out = append(out, Span{v0 + sp.Start, v0 + sp.End, sp.Kind})
				}
				continue
			}
			out = appendLiteral(out, s, v0, e, 0, KindKeyed)
		case quoted:
			// a number, a boolean or an object: not a literal secret
		case c == '=' && j > i+1:
			// KEY = value without quotes is prose or code, not a setting
		case j < len(s) && c == ':' && s[j] == '/' || j < len(s) && c == '=' && s[j] == '=':
			// "key://…", "==": not a key and its value
		default:
			v0, e := valueAt(s, j, 0, true)
			if a := strings.IndexByte(s[v0:e], '&'); a >= 0 {
				e = v0 + a // the next parameter of a query
			}
			if !namedKey(key) && !valueLike(s[v0:e]) {
				continue // prose: "merged key by key: the fields"
			}
			out = appendLiteral(out, s, v0, e, 0, KindKeyed)
		}
	}
	return out
}

// namedKey reports a key written as a name (API_KEY, db-password,
// clientSecret, Authorization) rather than a word of prose ("key",
// "token").
func namedKey(key string) bool {
	return strings.ContainsAny(key, "_-.") || strings.ContainsFunc(key, func(r rune) bool { return 'A' <= r && r <= 'Z' })
}

// valueLike reports an unquoted word that reads as a value rather than a
// word of prose: it holds a digit or a symbol.
func valueLike(v string) bool {
	return strings.ContainsFunc(v, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	})
}

// keyBefore returns the key that ends right before the separator at i, and
// whether it is quoted.
func keyBefore(s string, i int) (string, bool) {
	e := i
	for e > 0 && i-e < maxKeyLen && (s[e-1] == ' ' || s[e-1] == '\t') {
		e--
	}
	if e == 0 {
		return "", false
	}
	if q := s[e-1]; q == '"' || q == '\'' {
		a := e - 2
		for a >= 0 && i-a < maxKeyLen && s[a] != q {
			a--
		}
		if a < 0 || s[a] != q {
			return "", false
		}
		return s[a+1 : e-1], true
	}
	a := e
	for a > 0 && e-a < maxKeyLen && isKeyByte(s[a-1]) {
		a--
	}
	return s[a:e], false
}

// randomWords are the words of a command line that look like secrets on
// their own (LooksSecret): an echoed key has no name to give it away.
func randomWords(cmd string) []Span {
	var out []Span
	for i := 0; i < len(cmd); {
		for i < len(cmd) && isValueStop(cmd[i]) {
			i++
		}
		e := i
		for e < len(cmd) && !isValueStop(cmd[e]) {
			e++
		}
		if e > i && LooksSecret(cmd[i:e]) {
			out = append(out, Span{i, e, KindKeyed})
		}
		i = e
	}
	return out
}
