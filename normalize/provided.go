package normalize

import "cmp"

// ReadAsProvider applies to a server read from a provider's file (s, decoded
// with that provider's shape) what c, the owner of the providers table,
// reads in every provider's entries itself. Of a provider whose entries
// hold "command", "url" and "type" under the owner's ServersKey family
// (no alternative url key of its own), the owner picks the transport
// (Shape.UnknownTypeStdio: pisces's convertToLegacyConfig: "type" as
// written, else command, else url); and it reads its switch in every
// entry (Gates.ReadsEnabled, as a boolean only; the provider's own switch,
// when it has one, was applied already).
func (c *Client) ReadAsProvider(s *Server) {
	if c.ReadsTypeOf(s.Source.Client) && s.Node != nil {
		key, ignoreUnknown := "type", false
		if p := ProviderOf(s.Source.Client); p != nil && s.Source.Client != c {
			// (its Gemini and Windsurf providers read the endpoint from
			// "url" only, not httpUrl nor serverUrl: not modelled, the
			// provider's own reading of its endpoint keys is kept)
			key, ignoreUnknown = cmp.Or(p.TypeKey, key), p.KnownTypesOnly
		}
		t := s.Node.Get(key)
		if t != nil && t.Kind == String && ignoreUnknown && c.transportOf(t.Str) == NoTransport {
			t = nil
		}
		if ignoreUnknown {
			s.Type, s.TransportExplicit = "", t != nil
		}
		if t != nil && t.Kind == String {
			s.Type, s.TransportExplicit = t.Str, true
			if s.Transport = c.transportOf(t.Str); s.Transport == NoTransport {
				s.Transport = Stdio
			}
		} else if t == nil && (s.Source.Client == c || s.Source.Client.AltURLKey == "") {
			// (an entry of a provider with an endpoint key of its own,
			// httpUrl, serverUrl, keeps the provider's reading: not
			// modelled)
			switch {
			case s.Command != "":
				s.Transport = Stdio
			case s.URL != "":
				s.Transport = HTTP
			default:
				s.Transport = Stdio
			}
		}
	}
	if c.ReadsEnabled == "" || s.Node == nil || s.Off != nil {
		return
	}
	if v := s.Node.Get(c.ReadsEnabled); v != nil && v.Kind == Bool && !v.Bool {
		d := &decoder{e: s.Node, s: s, c: c}
		d.disable(c.ReadsEnabled, v)
	}
}

// ReadsTypeOf reports whether c, reading the files of provider p (itself
// included), picks an entry's transport from its "type", "command" and
// "url" as it reads its own: p's entries are of c's family (servers under
// "mcpServers" or "servers", no url key of their own) and c reads an
// unknown type as stdio (Shape.UnknownTypeStdio).
func (c *Client) ReadsTypeOf(p *Client) bool {
	return c.UnknownTypeStdio && p != nil && (p == c || p.ServersKey == "mcpServers" || p.ServersKey == "servers")
}
