package validate

// Secrets inside values: URLs and connection strings, JSON objects passed
// as one argument, and the raw text of files that do not parse.

import (
	"encoding/json"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// urls checks every URL or connection string inside v
// ("postgresql://app:pw@db/app" as an argument, in env, after "--db="):
// the password of its user info, a user name that looks like a token, and
// secret-looking query parameters (secret.URLSecrets, the finder masking
// uses too). A password for a local host is a warning. It reports whether
// it found anything.
func (c *secretCheck) urls(field, key, what string, v *normalize.Value) bool {
	found := false
	for _, sp := range secret.URLSpans(v.Str) {
		raw := v.Str[sp[0]:sp[1]]
		local := localHost(raw)
		for _, f := range secret.URLSecrets(raw) {
			start, end := sp[0]+f.Start, sp[0]+f.End
			literal := raw[f.Start:f.End]
			var d *normalize.Diagnostic
			switch {
			case f.Kind == "password" && literal != "" && len(resolve.Scan(literal)) == 0 && !templateWord(f.Value):
				d = c.p.reportSub(c.doc, v, start, end, "%s holds a literal password in its connection string", what)
				if local {
					d.Message += " to a local host"
				}
				c.reportIn(d, field, key, "password", &tokenAt{v.Str, start, end})
			case f.Kind == "user name" && secret.LooksSecret(literal):
				d = c.p.reportSub(c.doc, v, start, end, "%s holds what looks like a literal secret as the user name of its URL", what)
				c.report(d, field, key, "")
			case f.Kind == "query" && secret.LooksSecret(f.Value):
				d = c.p.reportSub(c.doc, v, start, end, "query parameter %q of the URL in %s looks like a literal secret", f.Key, what)
				c.report(d, field, f.Key, "")
			}
			if d != nil {
				found = true
				if local && d.Severity == normalize.Error {
					d.Severity = normalize.Warning
				}
			}
		}
	}
	return found
}

func isLetter(b byte) bool { return 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' }

// localHost reports a URL whose (first) host is this machine: a password
// there is a local development password, still readable by everyone who
// reads the file.
func localHost(raw string) bool {
	i := strings.Index(raw, "://")
	if i < 0 {
		return false
	}
	auth := raw[i+3:]
	if j := strings.IndexAny(auth, "/?#"); j >= 0 {
		auth = auth[:j]
	}
	auth = auth[strings.LastIndexByte(auth, '@')+1:]
	if j := strings.IndexByte(auth, ','); j >= 0 { // mongodb://h1,h2
		auth = auth[:j]
	}
	host := auth
	if strings.HasPrefix(host, "[") {
		if j := strings.IndexByte(host, ']'); j > 0 {
			host = host[1:j]
		}
	} else if j := strings.LastIndexByte(host, ':'); j >= 0 {
		host = host[:j]
	}
	host = strings.ToLower(host)
	return host == "localhost" || host == "::1" || host == "0.0.0.0" || host == "host.docker.internal" ||
		strings.HasPrefix(host, "127.") || strings.HasSuffix(host, ".localhost")
}

// templateWord reports a password that stands for one: "password",
// "your_password", "<password>", "changeme".
func templateWord(p string) bool {
	switch strings.ToLower(p) {
	case "password", "pass", "passwd", "pwd", "pw", "secret", "xxx", "xxxx", "***", "****":
		return true
	}
	_, _, ok := templateSpan(p)
	if ok {
		return true
	}
	lower := strings.ToLower(p)
	return secret.IsExample(lower)
}

// json checks a value that holds a JSON object ("--config",
// "{\"braveApiKey\":\"…\"}"): its string members under secret-looking keys.
// Token shapes were looked for in the whole value already.
func (c *secretCheck) json(field, what string, v *normalize.Value) bool {
	str := strings.TrimSpace(v.Str)
	if !strings.HasPrefix(str, "{") || !json.Valid([]byte(str)) {
		return false
	}
	off := strings.Index(v.Str, str)
	found := false
	jsonStrings(str, func(key string, start, end int, val string) {
		if secret.IsSecretKey(key) && secret.LooksSecret(val) && !publicByDesign(key, "", val) {
			d := c.p.reportSub(c.doc, v, off+start, off+end, "the value of %q in the JSON of %s looks like a literal secret", key, what)
			c.report(d, field, key, "")
			found = true
		}
	})
	return found
}

// jsonStrings calls fn for every string value of valid JSON text s with
// the nearest key before it and the offsets of its content in s.
func jsonStrings(s string, fn func(key string, start, end int, val string)) {
	key := ""
	for start, end := range resolve.QuotedStrings(s) {
		var text string
		if json.Unmarshal([]byte(s[start-1:end+1]), &text) != nil {
			return
		}
		if after := strings.TrimLeft(s[end+1:], " \t\r\n"); strings.HasPrefix(after, ":") {
			key = text
		} else {
			fn(key, start, end, text)
		}
	}
}

// rawSecrets reports the token shapes in the text of a file that does not
// parse: the file is read by nobody, but a committed key in it is exposed
// all the same.
func rawSecrets(p *Pass, doc *normalize.Document, home bool) {
	type span struct {
		kind       string
		start, end int
	}
	var found []span
	secret.EachToken(string(doc.Src), func(kind string, a, b int) {
		found = append(found, span{kind, a, b})
	})
	end := -1
	for i, t := range found {
		if t.start < end {
			continue // inside a token already reported
		}
		generic := t.kind == "bearer token" || t.kind == "basic auth credential"
		if generic && i+1 < len(found) && found[i+1].start < t.end {
			continue // "Bearer ghp_…": the specific token is the finding
		}
		if secret.PublicToken(t.kind, string(doc.Src[t.start:t.end])) {
			continue
		}
		end = t.end
		r := normalize.Range{Start: doc.Lines.Pos(t.start), End: doc.Lines.Pos(t.end)}
		d := p.Report(doc, r, "", "the file does not parse, but it holds a literal %s", t.kind)
		d.Hint = "remove it from the file and rotate the credential: it is exposed whether or not the file parses"
		if home {
			d.Severity = normalize.Warning
		}
	}
}
