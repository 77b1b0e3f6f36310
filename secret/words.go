package secret

import (
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// secretWords are the words of a key that hold a secret. Matching whole words
// keeps KEYBOARD_LAYOUT, AUTHOR and TOKENIZERS_PARALLELISM out.
var secretWords = map[string]bool{
	"token": true, "key": true, "secret": true, "password": true, "passwd": true,
	"pass": true, "passphrase": true, "authorization": true, "auth": true,
	"credential": true, "cookie": true, "apikey": true, "private": true,
	"bearer": true, "jwt": true, "pat": true, "pin": true, "passcode": true,
	// values said to be encoded: a base64 blob under CONFIG_B64 is a
	// credentials file as often as not
	"b64": true, "base64": true,
}

// secretSuffixes catch words glued without a separator (ACCESSTOKEN,
// clientsecret, dbpassword). "key" is left out: MONKEY, HOCKEY.
var secretSuffixes = []string{"token", "secret", "password", "passwd", "apikey", "credential", "authorization"}

// keyCompounds are glued "…key" words that are secrets.
var keyCompounds = map[string]bool{
	"accesskey": true, "secretkey": true, "privatekey": true, "authkey": true,
	"masterkey": true, "signingkey": true, "encryptionkey": true, "clientkey": true,
}

// notSecretLast are last words that make the key describe where or how a
// secret is found rather than hold it: TOKEN_URL, bearer_token_env_var,
// SSH_AUTH_SOCK, AUTH_TYPE.
var notSecretLast = map[string]bool{
	"url": true, "uri": true, "endpoint": true, "host": true, "path": true,
	"file": true, "dir": true, "sock": true, "socket": true, "type": true,
	"mode": true, "method": true, "env": true, "var": true, "name": true,
}

// IsSecretKey reports whether a key (env var, header, field name) looks like
// it holds a secret. The key is split into words on "_", "-", ".", other
// punctuation, camelCase and letter/digit boundaries, and compared word by
// word, case-insensitively.
func IsSecretKey(key string) bool {
	if !mayBeSecretKey(key) {
		return false // most keys, found without splitting them into words
	}
	words := splitWords(key)
	if len(words) == 0 || notSecretLast[words[len(words)-1]] {
		return false
	}
	counts := slices.ContainsFunc(words, func(w string) bool { return countWords[w] })
	for _, w := range words {
		// MAX_TOKENS, DEFAULT_MINIMUM_TOKENS, maxOutputTokens: a number of
		// model tokens
		if w == "tokens" && counts {
			continue
		}
		if isSecretWord(w) {
			return true
		}
	}
	return false
}

// secretFragments are in every key IsSecretKey accepts: each of
// secretWords, secretSuffixes and keyCompounds holds one.
var secretFragments = []string{"token", "key", "secret", "pass", "auth", "credential", "cookie", "private", "bearer", "jwt", "pat", "pin", "b64", "base64"}

// mayBeSecretKey reports whether key holds one of secretFragments, in any
// case, without allocating: a quick no for the many keys that are not.
func mayBeSecretKey(key string) bool {
	for i := 0; i < len(key); i++ {
		for _, f := range secretFragments {
			if len(key)-i >= len(f) && lowerHasPrefix(key[i:], f) {
				return true
			}
		}
	}
	return false
}

// lowerHasPrefix reports whether s starts with the lower-case ASCII word
// w, in any case.
func lowerHasPrefix(s, w string) bool {
	for j := 0; j < len(w); j++ {
		c := s[j]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != w[j] {
			return false
		}
	}
	return true
}

// countWords qualify "tokens" as an amount of model tokens.
var countWords = map[string]bool{"max": true, "min": true, "maximum": true, "minimum": true,
	"num": true, "output": true, "input": true, "context": true, "limit": true, "budget": true}

// PublicKey reports keys whose values are public by design, though their
// names say key or token: Supabase's anon key (SUPABASE_ANON_KEY, anonKey),
// the variables Next.js and Expo build into the browser bundle
// (NEXT_PUBLIC_*, EXPO_PUBLIC_*), and publishable keys (*_PUBLISHABLE_KEY,
// Stripe, Clerk and Supabase). A value of a secret's shape under such a
// name (a GitHub token in NEXT_PUBLIC_GITHUB_TOKEN) is still a secret:
// callers check token shapes first.
func PublicKey(key string) bool {
	words := splitWords(key)
	for i, w := range words {
		switch {
		case w == "publishable":
			return true
		case w == "anon" && i+1 < len(words) && (words[i+1] == "key" || words[i+1] == "token"):
			return true
		case w == "anonkey":
			return true
		case i == 0 && (w == "next" || w == "expo") && len(words) > 1 && words[1] == "public":
			return true
		}
	}
	return false
}

func isSecretWord(w string) bool {
	if secretWords[w] || keyCompounds[w] {
		return true
	}
	if p, ok := strings.CutSuffix(w, "s"); ok && (secretWords[p] || keyCompounds[p]) {
		return true // tokens, credentials, cookies
	}
	for _, s := range secretSuffixes {
		if strings.HasSuffix(w, s) || strings.HasSuffix(w, s+"s") {
			return true
		}
	}
	return false
}

// Words splits a key or value into lower-case words as IsSecretKey does:
// "XApiKey" and "X_API_KEY" are both [x api key].
func Words(s string) []string { return splitWords(s) }

// splitWords splits key into lower-case words: "XApiKey" and "X_API_KEY" are
// both [x api key], "OAuth2Token" is [oauth 2 token].
func splitWords(key string) []string {
	var words []string
	start := -1
	flush := func(end int) {
		if start >= 0 && end > start {
			words = append(words, strings.ToLower(key[start:end]))
		}
		start = -1
	}
	for i := 0; i < len(key); i++ {
		c := key[i]
		if !isAlnum(c) {
			flush(i)
			continue
		}
		if start < 0 {
			start = i
			continue
		}
		p := key[i-1]
		switch {
		case isDigit(c) != isDigit(p):
			flush(i)
			start = i
		case isUpper(c) && isLower(p):
			flush(i)
			start = i
		case isUpper(c) && isUpper(p) && i+1 < len(key) && isLower(key[i+1]):
			// the last capital of an acronym starts the next word: APIKey
			flush(i)
			start = i
		}
	}
	flush(len(key))
	// The acronym rule cuts "OAuth" into [o auth]; glue it back so
	// OAuthClientId reads like OAUTH_CLIENT_ID, not like an auth secret.
	for i := 0; i+1 < len(words); i++ {
		if words[i] == "o" && words[i+1] == "auth" {
			words[i] = "oauth"
			words = append(words[:i+1], words[i+2:]...)
		}
	}
	return words
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }
func isDigit(c byte) bool { return '0' <= c && c <= '9' }
func isAlnum(c byte) bool { return isUpper(c) || isLower(c) || isDigit(c) }

// credentialLast are last words of a key that make its whole value a
// credential, however short: a password, a token, a secret, an API key.
var credentialLast = map[string]bool{
	"token": true, "tokens": true, "password": true, "passwd": true, "passphrase": true, "secret": true,
	"apikey": true, "credential": true, "credentials": true, "pat": true, "authorization": true,
	"cookie": true, "jwt": true, "bearer": true,
}

// credentialKeyWords are the words before a last "key" that make it a
// credential: API_KEY, SECRET_KEY, PRIVATE_KEY; not SORT_KEY or
// PRIMARY_KEY.
var credentialKeyWords = map[string]bool{
	"api": true, "access": true, "secret": true, "private": true, "auth": true, "client": true,
	"signing": true, "encryption": true, "master": true, "license": true, "service": true,
}

// IsCredentialKey reports a key whose value is a credential whatever its
// length or randomness (DB_PASSWORD, SLACK_ACCESS_TOKEN, CLIENT_SECRET,
// X-API-Key): a subset of IsSecretKey, judged by the key's last word. Keys
// public by design (PublicKey) are not.
func IsCredentialKey(key string) bool {
	if !IsSecretKey(key) || PublicKey(key) {
		return false
	}
	words := splitWords(key)
	last := words[len(words)-1]
	switch {
	case credentialLast[last], keyCompounds[last]:
		return true
	case last == "key" && len(words) > 1 && credentialKeyWords[words[len(words)-2]]:
		return true
	}
	for _, s := range []string{"token", "password", "passwd", "secret", "apikey"} {
		if strings.HasSuffix(last, s) {
			return true // ACCESSTOKEN, clientsecret, dbpassword
		}
	}
	return false
}

// placeholderValues are values written to be replaced, or to say that
// nothing is there.
var placeholderValues = map[string]bool{
	"change_me": true, "changeit": true, "secret": true, "password": true, "passwd": true, "token": true,
	"apikey": true, "api_key": true, "api-key": true, "key": true, "none": true, "null": true, "nil": true,
	"undefined": true, "tbd": true, "fixme": true, "sample": true, "n/a": true, "na": true, "true": true,
	"false": true, "empty": true, "unset": true, "default": true,
}

// placeholderWords, anywhere in a value, say it is no credential: a
// redaction, or the dummy key a local server takes ("sk-no-key-required",
// "not-needed").
var placeholderWords = []string{"redacted", "no-key", "nokey", "no_key", "not-needed", "not_needed", "notneeded", "unused", "not-required"}

// IsPlaceholderValue reports a literal that obviously stands for a value
// to fill in rather than being one: an example (IsExample), a word such as
// "changeme", "secret" or "none", a run of "x", "*", "." or "-", a
// redaction mark, or a variable name in capitals ("API_KEY").
func IsPlaceholderValue(v string) bool {
	v = strings.TrimSpace(v)
	lower := strings.ToLower(v)
	if v == "" || IsExample(v) || placeholderValues[lower] || strings.Contains(v, "…") {
		return true
	}
	for _, w := range placeholderWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	if strings.Trim(lower, "x*.-_#?") == "" || distinct(lower) <= 2 || longestRun(v) >= 6 {
		return true // "xxx", "***", "aaaa", "ghp_aaaaaaaa…"
	}
	if v == strings.ToUpper(v) && resolve.IsEnvName(v) && (strings.Contains(v, "_") || IsSecretKey(v)) {
		return true
	}
	return false
}

// distinct counts the distinct bytes of s, up to 3.
func distinct(s string) int {
	var seen [256]bool
	n := 0
	for i := 0; i < len(s) && n < 3; i++ {
		if !seen[s[i]] {
			seen[s[i]] = true
			n++
		}
	}
	return n
}

// longestRun is the length of the longest run of one repeated byte.
func longestRun(s string) int {
	best, n := 0, 0
	for i := 0; i < len(s); i++ {
		if i > 0 && s[i] == s[i-1] {
			n++
		} else {
			n = 1
		}
		best = max(best, n)
	}
	return best
}

// EnvName turns a key into an environment variable name for hints:
// "x-api-key" → "X_API_KEY", "braveApiKey" → "BRAVE_API_KEY". fallback is
// used when nothing is left.
func EnvName(key, fallback string) string {
	if resolve.IsEnvName(key) {
		return key
	}
	var b strings.Builder
	for _, w := range Words(key) {
		if b.Len() > 0 && !(w[0] >= '0' && w[0] <= '9') {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(w))
	}
	name := b.String()
	if name == "" || !resolve.IsEnvName(name) {
		return fallback
	}
	return name
}
