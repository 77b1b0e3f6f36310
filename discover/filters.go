package discover

import (
	"cmp"
	"fmt"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// sameConnection drops, for a client that keeps one server per connection
// (Layout.SameConnection: pisces), every winner of a name whose connection
// equals that of a winner read before it (higher priority, then the file
// order) that is not switched off: the client drops it without a word. A
// server switched off never takes another's connection.
func sameConnection(c *normalize.Client, entries []normalize.Entry) {
	same := func(a, b *normalize.Server) bool { return sameConn(c, a, b) }
	if !c.SameConnection {
		return
	}
	order := make([]*normalize.Server, len(entries))
	for i := range entries {
		order[i] = &entries[i].Server
	}
	slices.SortStableFunc(order, func(a, b *normalize.Server) int {
		return cmp.Or(cmp.Compare(b.Source.Priority, a.Source.Priority), cmp.Compare(a.Source.Order, b.Source.Order),
			cmp.Compare(a.Source.Pos.Offset, b.Source.Pos.Offset))
	})
	var kept []*normalize.Server
	for _, s := range order {
		if s.Off != nil && (s.Off.Status == normalize.StatusDisabled || s.Off.Yields && s.Off.Unlisted) {
			continue // switched off, or a name the client loses as it reads it
		}
		i := slices.IndexFunc(kept, func(k *normalize.Server) bool { return same(k, s) })
		if i < 0 {
			kept = append(kept, s)
			continue
		}
		k := kept[i]
		s.TurnOff(normalize.Gate{Status: normalize.StatusDisabled, Kind: normalize.ByShape, Unlisted: true, Dropped: true,
			Path: s.Source.Path, Pos: s.Source.Pos,
			Reason: fmt.Sprintf("it connects exactly as %q (%s:%s), which it keeps: one server per connection", k.Name, k.Source.Path, k.Source.Pos),
			Hint:   fmt.Sprintf("remove %q, or make it differ from %q", s.Name, k.Name)})
	}
}

// sameConn is pisces's isSameMCPConnection: the same transport as
// written ("type", else command, else url) and, for a stdio server, command,
// args, env and cwd, for another one url and headers, each as written
// (absent is not empty); the same auth, oauth and request id format.
func sameConn(c *normalize.Client, a, b *normalize.Server) bool {
	raw := func(s *normalize.Server, k string) any {
		if s.Node != nil {
			if v := s.Node.Get(k); v != nil {
				return v.Interface()
			}
		}
		// what the entry's own shape read (a definition merged from
		// layers has no node of its own; another client's key names)
		switch {
		case k == "command" && s.Command != "":
			return s.Command
		case k == "args" && s.Args != nil:
			return s.Args
		case k == "env" && s.Env != nil:
			return s.Env
		case k == "cwd" && s.Cwd != "":
			return s.Cwd
		case k == "url" && s.URL != "":
			return s.URL
		case k == "headers" && s.Headers != nil:
			return s.Headers
		}
		return nil
	}
	idFormat := func(s *normalize.Server) any {
		if v := raw(s, "requestIdFormat"); v != nil {
			return v
		}
		return "number"
	}
	// a "type" the owner does not know stays itself (pisces compares the
	// literal); otherwise the transport the entry was read as
	transport := func(s *normalize.Server) any {
		if s.TransportExplicit && c.ReadsTypeOf(s.Source.Client) && c.TypeOf(s.Type) == normalize.NoTransport && s.Transport == normalize.Stdio {
			return "type:" + s.Type
		}
		if !s.TransportExplicit && c.ReadsTypeOf(s.Source.Client) {
			// without a type: command, else url (Gemini's and Windsurf's
			// entries too, whatever their own endpoint keys say)
			switch {
			case s.Command != "":
				return normalize.Stdio
			case s.URL != "":
				return normalize.HTTP
			}
		}
		return s.Transport
	}
	for _, k := range []string{"auth", "oauth"} {
		if !reflect.DeepEqual(raw(a, k), raw(b, k)) {
			return false
		}
	}
	t := transport(a)
	if !reflect.DeepEqual(idFormat(a), idFormat(b)) || !reflect.DeepEqual(t, transport(b)) {
		return false
	}
	keys := []string{"url", "headers"} // any transport but stdio, as written
	if t == normalize.Stdio {
		keys = []string{"command", "args", "env", "cwd"}
	}
	for _, k := range keys {
		if !reflect.DeepEqual(raw(a, k), raw(b, k)) {
			return false
		}
	}
	return true
}

// applyFilters blocks the servers the client's filters drop
// (Gates.Filters: pisces's exa filter), of those it would start.
func applyFilters(c *normalize.Client, entries []normalize.Entry) {
	for _, f := range c.Filters {
		var re *regexp.Regexp
		if f.Pattern != "" {
			re = regexp.MustCompile("(?i)" + f.Pattern)
		}
		for i := range entries {
			s := &entries[i].Server
			if !s.Enabled && !(s.Off.Status == normalize.StatusInvalid && !s.Off.Unlisted && readable(c, s)) {
				continue // the filter sees what the client read and would start, or fail to start
			}
			why := filtered(f, re, s)
			if why == "" {
				continue
			}
			s.TurnOff(normalize.Gate{Status: normalize.StatusBlocked, Kind: normalize.ByShape, Dropped: true, Path: s.Source.Path, Pos: s.Source.Pos,
				Reason: fmt.Sprintf("%s: %s %s", why, c.Product, f.Why),
				Hint:   f.Hint})
		}
	}
}

// filtered says why filter f takes server s ("" when it does not): its name,
// or the pattern in its URL or args; a server asked (ToolsParam) for a tool
// not in f.Native is kept.
func filtered(f normalize.Filter, re *regexp.Regexp, s *normalize.Server) string {
	why := ""
	switch {
	case slices.ContainsFunc(f.Names, func(n string) bool { return strings.EqualFold(n, s.Name) }):
		why = fmt.Sprintf("it is named %q", s.Name)
	case re != nil && s.Transport != normalize.Stdio && re.MatchString(s.URL):
		why = "its url is on " + f.Shown
	case re != nil && s.Transport == normalize.Stdio && slices.ContainsFunc(s.Args, re.MatchString):
		why = "an arg names " + f.Shown
	}
	if why == "" || f.ToolsParam == "" {
		return why
	}
	for _, t := range requestedTools(f.ToolsParam, s) {
		if !slices.ContainsFunc(f.Native, func(n string) bool { return strings.EqualFold(n, t) }) {
			return "" // asked for a tool the client does not have itself
		}
	}
	return why
}

// requestedTools is getRequestedExaMcpTools: the comma-separated tools of
// the URL's query parameter param, or of a stdio server's "--param X",
// "--param=X" or "param=X" argument.
func requestedTools(param string, s *normalize.Server) []string {
	raw := ""
	if s.Transport != normalize.Stdio {
		if u, err := url.Parse(s.URL); err == nil {
			raw = u.Query().Get(param)
		}
	} else {
		flag := regexp.MustCompile(`(?i)^--?` + regexp.QuoteMeta(param) + `$`)
		inArg := regexp.MustCompile(`(?i)(?:^|[\s?&])` + regexp.QuoteMeta(param) + `=([^&\s]+)`)
		inFlag := regexp.MustCompile(`(?i)--?` + regexp.QuoteMeta(param) + `[=\s]([^\s]+)`)
		for i, a := range s.Args {
			if flag.MatchString(a) {
				if i+1 < len(s.Args) {
					raw = s.Args[i+1]
				}
				break
			}
			if m := inArg.FindStringSubmatch(a); m != nil {
				raw = m[1]
				break
			}
			if m := inFlag.FindStringSubmatch(a); m != nil {
				raw = m[1]
				break
			}
		}
	}
	var out []string
	for t := range strings.SplitSeq(raw, ",") {
		if t = strings.TrimSpace(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// readable reports whether the client keeps an entry it has read until it
// starts it, where it fails (pisces: it has a command or a url, and its
// transport named by "type" has its endpoint; only a "type" it does not
// know, read as stdio without a command, fails later, in
// validateServerConfig).
func readable(c *normalize.Client, s *normalize.Server) bool {
	if s.Command == "" && s.URL == "" {
		return false
	}
	return s.TransportExplicit && s.Type != "" && c.TypeOf(s.Type) == normalize.NoTransport
}
