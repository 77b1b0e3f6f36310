package discover

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"net/url"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// sameConnection drops, for a client that keeps one server per connection
// (Layout.SameConnection: pisces), every winner of a name whose connection
// equals that of a winner read before it (higher priority, then the file
// order) that is not switched off: the client drops it without a word. A
// server switched off never takes another's connection. Each server's
// connection is read once, and compared only with the kept ones of the
// same fingerprint (connection.key), so that a view of many servers costs
// in proportion to them, not to their pairs.
func sameConnection(c *normalize.Client, entries []normalize.Entry) {
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
	type keptConn struct {
		s    *normalize.Server
		conn connection
	}
	kept := map[string][]keptConn{} // by key, in the order kept
	for _, s := range order {
		if s.Off != nil && (s.Off.Status == normalize.StatusDisabled || s.Off.Yields && s.Off.Unlisted) {
			continue // switched off, or a name the client loses as it reads it
		}
		conn := connectionOf(c, s)
		key := conn.key()
		same := kept[key]
		i := slices.IndexFunc(same, func(k keptConn) bool { return k.conn.equal(&conn) })
		if i < 0 {
			kept[key] = append(same, keptConn{s, conn})
			continue
		}
		k := same[i].s
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
	ca, cb := connectionOf(c, a), connectionOf(c, b)
	return ca.equal(&cb)
}

// connection is what sameConn compares of a server, each value as
// written: auth, oauth, the request id format and the transport, then
// for a stdio server command, args, env and cwd, for another one url and
// headers.
type connection struct {
	vals [8]any
	n    int
}

func connectionOf(c *normalize.Client, s *normalize.Server) connection {
	raw := func(k string) any {
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
	idFormat := raw("requestIdFormat")
	if idFormat == nil {
		idFormat = "number"
	}
	// a "type" the owner does not know stays itself (pisces compares the
	// literal); otherwise the transport the entry was read as
	transport := func() any {
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
	}()
	conn := connection{vals: [8]any{raw("auth"), raw("oauth"), idFormat, transport}, n: 4}
	keys := []string{"url", "headers"} // any transport but stdio, as written
	if transport == normalize.Stdio {
		keys = []string{"command", "args", "env", "cwd"}
	}
	for _, k := range keys {
		conn.vals[conn.n] = raw(k)
		conn.n++
	}
	return conn
}

// equal is sameConn's comparison: every value deeply equal (equal
// transports choose the same keys).
func (a *connection) equal(b *connection) bool {
	if a.n != b.n {
		return false
	}
	for i := range a.n {
		if !reflect.DeepEqual(a.vals[i], b.vals[i]) {
			return false
		}
	}
	return true
}

// key is a fingerprint of the connection: two connections equal have the
// same key (each value written with its type, maps with their keys
// sorted), so that only those need comparing.
func (a *connection) key() string {
	var b strings.Builder
	for i := range a.n {
		fingerprint(&b, a.vals[i])
		b.WriteByte(0)
	}
	return b.String()
}

func fingerprint(b *strings.Builder, v any) {
	str := func(tag byte, s string) {
		b.WriteByte(tag)
		b.WriteString(strconv.Itoa(len(s)))
		b.WriteByte(':')
		b.WriteString(s)
	}
	switch v := v.(type) {
	case nil:
		b.WriteByte('n')
	case string:
		str('s', v)
	case json.Number:
		str('j', string(v))
	case normalize.Transport:
		str('t', string(v))
	case bool:
		b.WriteString(strconv.FormatBool(v))
	case []string:
		b.WriteString("S" + strconv.Itoa(len(v)) + "[")
		for _, s := range v {
			str('s', s)
		}
		b.WriteByte(']')
	case []any:
		b.WriteString("A" + strconv.Itoa(len(v)) + "[")
		for _, x := range v {
			fingerprint(b, x)
		}
		b.WriteByte(']')
	case map[string]string:
		b.WriteString("M" + strconv.Itoa(len(v)) + "{")
		for _, k := range slices.Sorted(maps.Keys(v)) {
			str('k', k)
			str('s', v[k])
		}
		b.WriteByte('}')
	case map[string]any:
		b.WriteString("O" + strconv.Itoa(len(v)) + "{")
		for _, k := range slices.Sorted(maps.Keys(v)) {
			str('k', k)
			fingerprint(b, v[k])
		}
		b.WriteByte('}')
	default:
		// any other type: its name alone (deep equality needs the same
		// type; equal values of it share this key)
		b.WriteString(fmt.Sprintf("%T", v))
	}
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
