package discover

import (
	"net/url"
	"strings"
)

// urlMatches reports whether a server's URL matches a URL pattern of a
// deny-list, the way Claude Code 2.1.331 matches its serverUrl entries
// (VSo, around Hcn; an allow-list uses hostPatternMatch alone): "*" alone matches everything and stands for
// any run of characters elsewhere; the scheme must be the pattern's
// (unless "*"), the host matches case-insensitively, the port as written
// (a default port is none; any port when it is "*", or when the host has a
// "*" and the pattern no port); a pattern without a path (or "/" not
// written) matches every path; otherwise the path and query match as a
// whole. A pattern without a query also matches the URL with any query,
// and with a trailing slash more or, when its path has no "*", less. A
// pattern that is not a URL matches "scheme://host/path?query" segment by
// segment.
func urlMatches(u, pattern string) bool {
	if pattern == "*" {
		return true
	}
	if hostPatternMatch(u, pattern) {
		return true
	}
	pu, err := parseAbs(u)
	if err != nil {
		return false
	}
	pu.RawQuery, pu.Fragment, pu.ForceQuery = "", "", false
	href := pu.String()
	trail := ""
	if p, ok := parsePattern(pattern); ok && p.RawQuery == "" && p.Fragment == "" && !strings.Contains(p.EscapedPath(), wildToken) {
		path := p.EscapedPath()
		trail = path[len(strings.TrimRight(path, "/")):]
	}
	stripped := strings.TrimRight(href, "/")
	for _, c := range []string{href, stripped, stripped + trail} {
		if hostPatternMatch(c, pattern) {
			return true
		}
	}
	return false
}

// wildToken stands for "*" while a pattern is parsed as a URL.
const wildToken = "zzwildcardzz"

func parseAbs(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err == nil && (u.Scheme == "" || u.Host == "") {
		err = url.InvalidHostError(s)
	}
	return u, err
}

// parsePattern parses a pattern with its "*" as wildToken; a "*" port is
// parsed as port 0.
func parsePattern(pattern string) (*url.URL, bool) {
	p, err := parseAbs(strings.ReplaceAll(pattern, "*", wildToken))
	if err == nil {
		return p, true
	}
	return nil, false
}

// hostPatternMatch is Claude Code's Hcn: one URL against one pattern, as
// urlMatches says but with no query or trailing slash forgiven.
func hostPatternMatch(u, pattern string) bool {
	o, err := parseAbs(u)
	if err != nil {
		return false
	}
	r := strings.ReplaceAll(pattern, "*", wildToken)
	anyPort := false
	i, err := parseAbs(r)
	if err != nil {
		if alt := strings.Replace(r, ":"+wildToken, ":0", 1); alt != r {
			if i, err = parseAbs(alt); err == nil {
				anyPort = true
			}
		}
	}
	if err != nil {
		// not a URL: match scheme://host/path?query segment by segment
		return segmentGlob(pattern, o.Scheme+"://"+o.Host+o.EscapedPath()+query(o))
	}
	if i.Scheme != wildToken && !strings.EqualFold(i.Scheme, o.Scheme) {
		return false
	}
	host := strings.ToLower(strings.TrimSuffix(o.Hostname(), "."))
	pat := strings.ReplaceAll(strings.ToLower(strings.TrimSuffix(i.Hostname(), ".")), strings.ToLower(wildToken), "*")
	if !glob(pat, host) {
		return false
	}
	if i.Port() == "" && strings.Contains(pat, "*") {
		anyPort = true
	}
	if !anyPort && portOf(i) != portOf(o) {
		return false
	}
	path := i.EscapedPath()
	if (path == "/" || path == "") && i.RawQuery == "" && !strings.HasSuffix(r, "/") {
		return true
	}
	if path == "" {
		path = "/"
	}
	opath := o.EscapedPath()
	if opath == "" {
		opath = "/"
	}
	return glob(strings.ReplaceAll(path+query(i), wildToken, "*"), opath+query(o))
}

func query(u *url.URL) string {
	if u.RawQuery == "" {
		return ""
	}
	return "?" + u.RawQuery
}

// portOf is the port as a URL parser keeps it: a scheme's default port is
// no port.
func portOf(u *url.URL) string {
	p := u.Port()
	switch strings.ToLower(u.Scheme) + ":" + p {
	case "http:80", "https:443", "ws:80", "wss:443", "ftp:21":
		return ""
	}
	return p
}

// glob matches s against a pattern in which "*" stands for any run of
// characters, "/" included.
func glob(pattern, s string) bool {
	parts := strings.Split(pattern, "*")
	if len(parts) == 1 {
		return pattern == s
	}
	if !strings.HasPrefix(s, parts[0]) {
		return false
	}
	s = s[len(parts[0]):]
	last := parts[len(parts)-1]
	for _, p := range parts[1 : len(parts)-1] {
		i := strings.Index(s, p)
		if i < 0 {
			return false
		}
		s = s[i+len(p):]
	}
	return len(s) >= len(last) && strings.HasSuffix(s, last)
}

// segmentGlob matches segment by segment ("/" separated), "*" never
// crossing a "/".
func segmentGlob(pattern, s string) bool {
	ps, ss := strings.Split(pattern, "/"), strings.Split(s, "/")
	if len(ps) != len(ss) {
		return false
	}
	for i := range ps {
		if !glob(ps[i], ss[i]) {
			return false
		}
	}
	return true
}
