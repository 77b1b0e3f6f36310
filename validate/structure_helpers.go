package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// Helpers shared by the structure rules (transport, fields, names, URLs,
// timeouts). They read the raw entry (Server.Node) where the normalized
// Server lost the information a rule needs: which key held a value, and
// whether a key was present at all.

// clientProduct names the product whose reading of a server's shape the
// rules describe, for messages.
func clientProduct(s *normalize.Server) string {
	if c := clientOf(s); c != nil {
		return c.ReaderName()
	}
	return ""
}

// serverEndpoint returns the member a client reads the server's endpoint
// from: its alternative key (Gemini's "httpUrl", Windsurf's "serverUrl")
// over "url" when it holds a non-empty string (as the clients test them),
// else "url", else the alternative key. It is nil when the entry has none.
func serverEndpoint(s *normalize.Server) *normalize.Member {
	alt := ""
	if c := clientOf(s); c != nil {
		alt = c.AltURLKey
	}
	if alt == "" {
		return s.Node.Member("url")
	}
	a := s.Node.Member(alt)
	if a != nil && a.Value.Kind == normalize.String && a.Value.Str != "" {
		return a
	}
	if u := s.Node.Member("url"); u != nil {
		return u
	}
	return a
}

// isRemote reports whether a transport reaches the server over the network.
func isRemote(t normalize.Transport) bool {
	return t == normalize.HTTP || t == normalize.SSE || t == normalize.WS
}

// hasBothCommandAndURL reports whether an entry sets a command and an
// endpoint, which transport-conflict reports; rules about one transport's
// fields stay quiet on such entries.
func hasBothCommandAndURL(s *normalize.Server) bool {
	return setMember(s.Node.Member("command")) && setMember(serverEndpoint(s))
}

// setMember reports a member that is there with a value other than null.
func setMember(m *normalize.Member) bool {
	return m != nil && m.Value.Kind != normalize.Null
}

// urlSubst is a URL with every placeholder replaced by "0", which is valid
// in a scheme-less position, a host, a port, a path and a query, so the
// rest can be parsed. holes are the replaced spans in sub.
type urlSubst struct {
	sub   string
	holes [][2]int
	raw   string
	ps    []resolve.Placeholder
}

func substURL(raw string) urlSubst {
	ps := resolve.Scan(raw)
	if len(ps) == 0 {
		return urlSubst{sub: raw, raw: raw}
	}
	var b strings.Builder
	holes := make([][2]int, 0, len(ps))
	last := 0
	for _, p := range ps {
		b.WriteString(raw[last:p.Start])
		holes = append(holes, [2]int{b.Len(), b.Len() + 1})
		b.WriteByte('0')
		last = p.End
	}
	b.WriteString(raw[last:])
	return urlSubst{sub: b.String(), holes: holes, raw: raw, ps: ps}
}

// literal returns the text of the URL outside its placeholders.
func (u urlSubst) literal() string {
	if len(u.ps) == 0 {
		return u.raw
	}
	var b strings.Builder
	last := 0
	for _, p := range u.ps {
		b.WriteString(u.raw[last:p.Start])
		last = p.End
	}
	b.WriteString(u.raw[last:])
	return b.String()
}

// holeIn reports whether a placeholder lies (partly) in sub[from:to].
func (u urlSubst) holeIn(from, to int) bool {
	for _, h := range u.holes {
		if h[0] < to && h[1] > from {
			return true
		}
	}
	return false
}

// schemeUnknown reports whether a placeholder stands where the scheme is,
// as in "${BASE}/mcp" or "${SCHEME}://host": then nothing about the
// scheme or host can be judged.
func (u urlSubst) schemeUnknown() bool {
	if len(u.holes) == 0 {
		return false
	}
	i := strings.Index(u.sub, "://")
	if i < 0 {
		return u.holes[0][0] == 0
	}
	return u.holeIn(0, i)
}

// hostUnknown reports whether a placeholder stands in the host part of
// the authority ("https://${HOST}/mcp", "http://api.${DOMAIN}").
func (u urlSubst) hostUnknown() bool {
	if u.schemeUnknown() {
		return true
	}
	if len(u.holes) == 0 {
		return false
	}
	i := strings.Index(u.sub, "://")
	if i < 0 {
		return false
	}
	start := i + 3
	end := len(u.sub)
	if j := strings.IndexAny(u.sub[start:], "/?#"); j >= 0 {
		end = start + j
	}
	if at := strings.LastIndexByte(u.sub[start:end], '@'); at >= 0 {
		start += at + 1
	}
	// The port does not matter: "http://example.com:${PORT}" has a known host.
	host := u.sub[start:end]
	if strings.HasPrefix(host, "[") {
		if j := strings.IndexByte(host, ']'); j >= 0 {
			end = start + j + 1
		}
	} else if j := strings.IndexByte(host, ':'); j >= 0 {
		end = start + j
	}
	return u.holeIn(start, end)
}
