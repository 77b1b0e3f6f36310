package validate

import (
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpconf/mcpconf/normalize"
)

// invalidURLRule reports server URLs a client cannot connect to.
var invalidURLRule = &Rule{
	ID:       normalize.RuleInvalidURL,
	Title:    "a server URL is not a valid absolute http or https URL",
	Severity: normalize.Error,
	doc: "The endpoint of a remote server (`url`; Windsurf `serverUrl`, Gemini CLI\n" +
		"`httpUrl`) must be an absolute URL with the scheme `http` or `https` and a\n" +
		"host, without spaces: `https://mcp.example.com/mcp`. A missing scheme\n" +
		"(`mcp.example.com/mcp`, `localhost:3000`), a typo such as `https//`, a space\n" +
		"copied along, or a `ws://` address makes the connection fail. VS Code also\n" +
		"accepts `unix:///path/to/socket#/mcp` and `pipe:///name`; Claude Code's `ws`\n" +
		"type takes `ws://` and `wss://`.\n\n" +
		"Placeholders are taken as unknown text: `${BASE}/mcp` cannot be judged and is\n" +
		"left alone, but `https://${HOST}:99999/mcp` still has a bad port.",
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{\n  \"mcpServers\": {\n    \"context7\": { \"url\": \"mcp.context7.com/mcp\" }\n  }\n}\n",
		Good: "{\n  \"mcpServers\": {\n    \"context7\": { \"url\": \"https://mcp.context7.com/mcp\" }\n  }\n}\n"},
	Check: checkInvalidURL,
}

func checkInvalidURL(p *Pass) {
	for s := range p.Servers() {
		m := serverEndpoint(s)
		if m == nil || m.Value.Kind != normalize.String || strings.TrimSpace(m.Value.Str) == "" {
			continue // missing-url and schema report these
		}
		reason, hint := urlProblem(s, m.Value.Str)
		if reason == "" {
			continue
		}
		d := p.At(s, m.Key, "invalid %q for server %q: %q %s", m.Key, s.Name, m.Value.Str, reason)
		d.Hint = hint
	}
}

// urlSchemes are the schemes a client connects to for a server's transport.
// A "type" the client does not accept is judged as the type unknown-transport
// suggests for it ("websocket": "ws"), so that the URL is not called wrong
// for the transport the fix gives it.
func urlSchemes(s *normalize.Server) []string {
	c := clientOf(s)
	t := s.Transport
	if m := s.Node.Member("type"); t == normalize.NoTransport && m != nil && m.Value.Kind == normalize.String {
		if sug := suggestTransport(c, m.Value.Str); sug != "" {
			for _, l := range c.Types {
				if l.Name == sug {
					t = l.Transport
				}
			}
		}
	}
	switch {
	case len(c.URLSchemes) > 0:
		return append([]string{"http", "https"}, c.URLSchemes...)
	case t == normalize.WS:
		return []string{"ws", "wss"}
	}
	return []string{"http", "https"}
}

// urlProblem returns why raw is not a usable endpoint, or "".
func urlProblem(s *normalize.Server, raw string) (reason, hint string) {
	us := substURL(raw)
	lit := us.literal()
	if strings.TrimSpace(lit) != lit {
		return "has leading or trailing whitespace", "remove the spaces around the address"
	}
	if strings.ContainsFunc(lit, unicode.IsSpace) {
		return "contains whitespace", "remove the whitespace or percent-encode a space as %20"
	}
	if us.schemeUnknown() {
		return "", ""
	}
	u, err := url.Parse(us.sub)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "cannot be parsed (" + err.Error() + ")", ""
	}
	schemes := urlSchemes(s)
	switch {
	case u.Scheme == "":
		if strings.HasPrefix(raw, "//") {
			return "has no scheme", fmt.Sprintf("write %q", "https:"+raw)
		}
		for _, sc := range []string{"https//", "http//"} {
			if rest, ok := strings.CutPrefix(raw, sc); ok {
				return "is not absolute", fmt.Sprintf("write %q", sc[:len(sc)-2]+"://"+rest)
			}
		}
		return "is not absolute", fmt.Sprintf("write the full address with its scheme, e.g. %q", "https://"+raw)
	case u.Opaque != "" && slices.Contains(schemes, u.Scheme):
		return fmt.Sprintf("has no \"//\" after %q", u.Scheme+":"), fmt.Sprintf("write %q", u.Scheme+"://"+u.Opaque)
	case u.Opaque != "" && u.Opaque[0] >= '0' && u.Opaque[0] <= '9':
		// "localhost:3000/mcp": the host was read as the scheme.
		return "has no scheme", fmt.Sprintf("write %q (or \"https://\" for a remote host)", "http://"+raw)
	case !slices.Contains(schemes, u.Scheme):
		return fmt.Sprintf("uses the scheme %q, which %s does not accept here", u.Scheme, clientProduct(s)),
			"use a URL with the scheme " + quoteOr(schemes)
	case u.Scheme == "unix" || u.Scheme == "pipe":
		return "", ""
	case u.Hostname() == "":
		return "has no host", "write the host after \"//\", e.g. \"https://example.com/mcp\""
	}
	if port := u.Port(); port != "" {
		if n, err := strconv.Atoi(port); err != nil || n > 65535 {
			return fmt.Sprintf("has the port %s, above 65535", port), "use a port from 1 to 65535"
		}
	}
	return "", ""
}

// quoteOr joins values as "a", "b" or "c" for messages.
func quoteOr(vals []string) string {
	q := normalize.Quoted(vals)
	if i := strings.LastIndex(q, ", "); i >= 0 {
		q = q[:i] + " or " + q[i+2:]
	}
	return q
}
