package normalize

// ReadAsProvider applies to a server read from a provider's file (s, decoded
// with that provider's shape) what c, the owner of the providers table,
// reads in every provider's entries itself: a "type" it does not know
// (Shape.UnknownTypeStdio) and its switch (Gates.ReadsEnabled, as a boolean
// only; the provider's own switch, when it has one, was applied already).
func (c *Client) ReadAsProvider(s *Server) {
	if c.UnknownTypeStdio && s.TransportExplicit && s.Transport == NoTransport && s.Node != nil {
		if t := s.Node.Get("type"); t != nil && t.Kind == String {
			s.Transport = Stdio
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
