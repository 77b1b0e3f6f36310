package secret

import (
	"net/url"
	"strings"
)

// URLSecret is a credential found in a URL or connection string.
type URLSecret struct {
	Start, End int    // bytes of the raw string
	Kind       string // "password", "user name", "query", or a token kind ("GitHub token")
	Key        string // the parameter name, for Kind "query"
	Value      string // the decoded value
}

// URLSecrets finds the credentials of a URL or connection string
// ("https://h/mcp?token=…", "postgresql://admin:pw@db/app",
// "redis://:pw@cache:6379", "mongodb+srv://u:pw@cluster/db"): known token
// shapes anywhere, the password of the user info, a user info without a
// password (which may itself be a token), and the values of query
// parameters with secret-looking names. Only the authority and the query
// are looked at, so every scheme works and nothing has to parse.
//
// It finds candidates; callers decide: lint reports those that look like
// literal secrets, output masks them all. Lint and every output format use
// this one finder, so what lint reports is what output hides.
func URLSecrets(raw string) []URLSecret {
	var out []URLSecret
	for off := 0; off < len(raw); {
		kind, a, b, ok := FindToken(raw[off:])
		if !ok {
			break
		}
		out = append(out, URLSecret{Start: off + a, End: off + b, Kind: kind, Value: raw[off+a : off+b]})
		off += b
	}
	schemeEnd := strings.Index(raw, "://")
	if schemeEnd < 0 {
		return out
	}
	hostStart := schemeEnd + 3
	authEnd := len(raw)
	if i := strings.IndexAny(raw[hostStart:], "/?#"); i >= 0 {
		authEnd = hostStart + i
	}
	if at := strings.LastIndexByte(raw[hostStart:authEnd], '@'); at >= 0 {
		info := raw[hostStart : hostStart+at]
		if user, pass, ok := strings.Cut(info, ":"); ok {
			start := hostStart + len(user) + 1
			out = append(out, URLSecret{Start: start, End: start + len(pass), Kind: "password", Value: unescape(pass)})
		} else {
			out = append(out, URLSecret{Start: hostStart, End: hostStart + len(info), Kind: "user name", Value: unescape(info)})
		}
	}
	q := strings.IndexByte(raw, '?')
	if q < 0 {
		return out
	}
	query, _, _ := strings.Cut(raw[q+1:], "#")
	off := q + 1
	for _, pair := range strings.Split(query, "&") {
		k, v, eq := strings.Cut(pair, "=")
		key, err1 := url.QueryUnescape(k)
		val, err2 := url.QueryUnescape(v)
		if eq && err1 == nil && err2 == nil && IsSecretKey(key) { // "?token" has no value
			start := off + len(k) + 1
			out = append(out, URLSecret{Start: start, End: start + len(v), Kind: "query", Key: key, Value: val})
		}
		off += len(pair) + 1
	}
	return out
}

func unescape(s string) string {
	if u, err := url.PathUnescape(s); err == nil {
		return u
	}
	return s
}

// URLSpans returns the byte offsets [start, end) of what looks like a URL
// or connection string in free text: a scheme (a letter, then letters,
// digits, "+", "." or "-"), "://", and everything up to the next white
// space, quote or angle bracket, leftmost first, found from each "://"
// outward in one pass. It is the one URL finder of mcpconf: lint's
// checks of URLs inside values and the masking of text both use it.
func URLSpans(s string) [][2]int {
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

// isURLStop is what ends a URL in text: white space, quotes, backquotes
// and angle brackets.
func isURLStop(c byte) bool {
	switch c {
	case ' ', '\t', '\n', '\f', '\r', '\v', '"', '\'', '`', '<', '>':
		return true
	}
	return false
}
