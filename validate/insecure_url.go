package validate

import (
	"fmt"
	"net/netip"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// insecureURLRule reports plain http connections that leave the machine.
var insecureURLRule = &Rule{
	ID:       normalize.RuleInsecureURL,
	Title:    "a remote server is reached over plain http",
	Severity: normalize.Warning,
	doc: "A plain `http://` (or `ws://`) URL to another machine sends every request and\n" +
		"response unencrypted: anyone on the network path can read and change the\n" +
		"tool calls. It is an error when the server also gets credentials: an\n" +
		"`Authorization` or other secret-looking header, Codex `bearer_token_env_var`\n" +
		"or `env_http_headers`, a user and password in the URL, or a token in the query\n" +
		"string. Use `https://`.\n\n" +
		"Loopback addresses (`localhost`, `*.localhost`, `127.0.0.0/8`, `::1`) never\n" +
		"leave the machine and are fine. `0.0.0.0` and `::` are addresses a server\n" +
		"binds to, not ones to connect to: a connection to them stays on this machine\n" +
		"on Linux and macOS and fails on Windows, so they get a warning of their own\n" +
		"(write `127.0.0.1`). A URL whose host is a placeholder is not judged.",
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{\n  \"servers\": {\n    \"wiki\": { \"type\": \"http\", \"url\": \"http://wiki.example.com/mcp\" }\n  }\n}\n",
		Good: "{\n  \"servers\": {\n    \"wiki\": { \"type\": \"http\", \"url\": \"https://wiki.example.com/mcp\" }\n  }\n}\n"},
	Check: checkInsecureURL,
}

func checkInsecureURL(p *Pass) {
	for s := range p.Servers() {
		if s.Transport == normalize.Stdio {
			continue
		}
		m := serverEndpoint(s)
		if m == nil || m.Value.Kind != normalize.String {
			continue
		}
		us := substURL(m.Value.Str)
		if us.hostUnknown() {
			continue
		}
		u, err := url.Parse(strings.TrimSpace(us.sub))
		if err != nil || (u.Scheme != "http" && u.Scheme != "ws") || u.Hostname() == "" || isLoopback(u.Hostname()) {
			continue
		}
		host := u.Hostname()
		if a, err := netip.ParseAddr(host); err == nil && a.Unmap().IsUnspecified() {
			// a bind address: nothing leaves the machine
			d := p.At(s, m.Key, "server %q is reached at %q, an address servers bind to: a connection to it reaches this machine on Linux and macOS and fails on Windows", s.Name, host)
			if a.Is4() || a.Is4In6() {
				d.Hint = fmt.Sprintf("write %q instead of %q", "127.0.0.1", host)
			} else {
				d.Hint = fmt.Sprintf("write %q instead of %q", "[::1]", "["+host+"]")
			}
			continue
		}
		secure := "https"
		if u.Scheme == "ws" {
			secure = "wss"
		}
		hint := fmt.Sprintf("use %q", secure+"://")
		// the edit the hint describes: the same URL over the secure scheme,
		// written where the scheme is (a URL whose scheme is a placeholder
		// has none to edit)
		url := func(d *normalize.Diagnostic) {
			raw := m.Value.Str
			if i := strings.Index(raw, "://"); i > 0 && strings.EqualFold(raw[:i], u.Scheme) {
				d.Hint = fmt.Sprintf("use %q: write %q", secure+"://", secure+raw[i:])
				suggest(d, d.Hint, replaceValue(p.Document(s.Source.Path), m.Value, jsonQuote(secure+raw[i:])))
			}
		}
		if creds := sentCredentials(s, u); creds != "" {
			them := "it"
			if strings.HasPrefix(creds, "credentials") {
				them = "them"
			}
			d := p.At(s, m.Key, "server %q sends %s over plain %s to %q: anyone on the network path can read %s", s.Name, creds, u.Scheme, host, them)
			d.Severity = normalize.Error
			d.Hint = hint
			url(d)
			continue
		}
		d := p.At(s, m.Key, "server %q is reached over plain %s at %q: traffic can be read and changed on the network path", s.Name, u.Scheme, host)
		d.Hint = hint
		url(d)
	}
}

// isLoopback reports whether host never leaves the machine.
func isLoopback(host string) bool {
	h := strings.ToLower(strings.TrimSuffix(host, "."))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	a, err := netip.ParseAddr(h)
	return err == nil && a.Unmap().IsLoopback()
}

// sentCredentials describes the credentials a remote server receives, or
// "" when it receives none.
func sentCredentials(s *normalize.Server, u *url.URL) string {
	if u.User != nil {
		return "credentials in the URL"
	}
	var names []string
	for k := range u.Query() {
		if secret.IsSecretKey(k) {
			names = append(names, k)
		}
	}
	if len(names) > 0 {
		slices.Sort(names)
		return fmt.Sprintf("the query parameter %q", names[0])
	}
	if s.BearerTokenEnvVar != "" {
		return "a bearer token (\"bearer_token_env_var\")"
	}
	for k := range s.Headers {
		if strings.EqualFold(k, "Authorization") || secret.IsSecretKey(k) {
			names = append(names, k)
		}
	}
	if len(names) > 0 {
		slices.Sort(names)
		return fmt.Sprintf("the header %q", names[0])
	}
	if len(s.HeaderEnvRefs) > 0 {
		for k := range s.HeaderEnvRefs {
			names = append(names, k)
		}
		slices.Sort(names)
		return fmt.Sprintf("the header %q (\"env_http_headers\")", names[0])
	}
	return ""
}
