package normalize

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// Decode maps the servers object of a file onto Servers. servers is the
// value under the dialect's ServersKey; src is filled with the position of
// each server. Entries that are not objects are reported and skipped, or,
// for a client that names them as skipped (SkipsInvalid), kept as servers
// without a transport, which the view calls invalid.
func (c *Client) Decode(doc *Document, servers *Value, src Source) ([]Server, []Diagnostic) {
	if servers == nil {
		return nil, nil
	}
	if servers.Kind != Object {
		d := []Diagnostic{At(doc, servers.Range, servers.Pointer, RuleSchema, Error,
			"%q must be an object that maps server names to definitions, got %s", lastToken(servers.Pointer), servers.Kind)}
		if c.StringServers && servers.Kind == String {
			// Object.entries of a string: one entry per UTF-16 unit,
			// named by its index, whose value is no object
			n := len(utf16.Encode([]rune(servers.Str)))
			out := make([]Server, n)
			for i := range out {
				out[i] = Server{Name: strconv.Itoa(i), Source: src, Enabled: true, Node: servers, Transport: Stdio}
				out[i].Source.Pos, out[i].Source.Pointer = servers.Range.Start, servers.Pointer
			}
			return out, d
		}
		return nil, d
	}
	members := servers.Unique()
	out := make([]Server, 0, len(members))
	var diags []Diagnostic
	for _, m := range members {
		if m.Value.Kind != Object {
			diags = append(diags, At(doc, m.Value.Range, m.Value.Pointer, RuleSchema, Error,
				"server %q must be an object, got %s", m.Key, m.Value.Kind))
			if c.SkipsInvalid {
				// the client names it in a warning: an invalid server,
				// which the view shows as such
				s := Server{Name: m.Key, Source: src, Enabled: true, Node: m.Value}
				s.Source.Pos, s.Source.Pointer = m.KeyRange.Start, m.Value.Pointer
				out = append(out, s)
			}
			continue
		}
		s := c.DecodeEntry(doc, m.Key, m.KeyRange.Start, m.Value, src, nil)
		out = append(out, s)
	}
	return out, diags
}

// DecodeEntry maps one server entry. fieldPaths, when not nil, names the
// file each top-level field came from (a definition deep-merged from
// several files); otherwise every field is from doc.
func (c *Client) DecodeEntry(doc *Document, name string, keyPos Pos, entry *Value, src Source, fieldPaths map[string]string) Server {
	s := Server{Name: name, Source: src, Enabled: true, Node: entry, FieldPaths: fieldPaths}
	s.Source.Pos = keyPos
	s.Source.Pointer = entry.Pointer
	d := &decoder{doc: doc, e: c.EntryAsRead(entry), s: &s, c: c}
	c.decode(d)
	for _, f := range entry.Unique() {
		if !c.Knows(f.Key) {
			s.Unknown = append(s.Unknown, f)
		}
	}
	return s
}

// FieldPath is the display path of the file a top-level field was read
// from.
func (s *Server) FieldPath(key string) string {
	if p, ok := s.FieldPaths[key]; ok {
		return p
	}
	return s.Source.Path
}

func lastToken(ptr string) string {
	return UnescapePointer(ptr[strings.LastIndexByte(ptr, '/')+1:])
}

// decoder reads the fields of one entry. Fields of the wrong type are left
// unset: the schema rule reports them with their position.
type decoder struct {
	doc *Document
	e   *Value
	s   *Server
	c   *Client
}

func (d *decoder) str(key string) string {
	if v := d.e.Get(key); v != nil && v.Kind == String {
		return v.Str
	}
	return ""
}

func (d *decoder) strs(key string) []string {
	out, _ := d.e.Get(key).Strings()
	return out
}

// strMap reads a map of strings; values of other kinds are left out (the
// schema rule reports them).
func (d *decoder) strMap(key string) map[string]string {
	m, _ := d.e.Get(key).StringMap()
	return m
}

// common reads the fields the mcpServers family shares.
func (d *decoder) common() {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.Cwd = d.str("cwd")
	d.s.URL = d.str("url")
	d.s.Headers = d.strMap("headers")
}

// duration converts a number of unit to a duration; it reports false for
// values that are missing, not numbers, negative or absurd.
func (d *decoder) duration(key string, unit time.Duration) (time.Duration, bool) {
	v := d.e.Get(key)
	if v == nil || v.Kind != Number || math.IsNaN(v.Num) || v.Num < 0 || v.Num*float64(unit) > math.MaxInt64/2 {
		return 0, false
	}
	return time.Duration(v.Num * float64(unit)), true
}

// enabled applies an "enabled" boolean. lenient accepts the strings pisces
// coerces ("true", "false", "1", "0", in any case); a number is ignored
// (pisces warns and starts the server).
func (d *decoder) enabled(key string, lenient bool) {
	v := d.e.Get(key)
	if v == nil {
		return
	}
	off := false
	switch {
	case v.Kind == Bool:
		off = !v.Bool
	case lenient && v.Kind == String && (strings.EqualFold(v.Str, "false") || v.Str == "0"):
		off = true
	}
	if off {
		d.disable(key, v)
	}
}

func (d *decoder) disable(key string, v *Value) {
	on := "true"
	if strings.Contains(strings.ToLower(key), "disable") {
		on = "false"
	}
	d.s.TurnOff(Gate{Status: StatusDisabled, Kind: ByField, Path: d.s.FieldPath(key), Pos: v.Range.Start,
		Reason: fmt.Sprintf("%q is %s at %s:%s", key, literal(v), d.s.FieldPath(key), v.Range.Start),
		Hint:   fmt.Sprintf("set %q to %s at %s:%s", key, on, d.s.FieldPath(key), v.Range.Start)})
}

func literal(v *Value) string {
	switch v.Kind {
	case String:
		return fmt.Sprintf("%q", v.Str)
	case Bool:
		return fmt.Sprint(v.Bool)
	}
	return v.Str
}

func (d *decoder) arr(key string) []*Value {
	if v := d.e.Get(key); v != nil && v.Kind == Array {
		return v.Items
	}
	return nil
}

// typed reads "type" and maps it through the client's literals; an unknown
// literal leaves the transport unset so lint can report it.
func (d *decoder) typed() bool {
	v := d.e.Get("type")
	if v == nil {
		return false
	}
	d.s.TransportExplicit = true
	if v.Kind == String {
		d.s.Type = v.Str
		d.s.Transport = d.c.transportOf(v.Str)
	}
	return true
}

// commandOrURL is the common inference: command means stdio, url means http.
func (d *decoder) commandOrURL(fallback Transport) {
	switch {
	case d.s.Command != "" || d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.s.URL != "" || d.e.Get("url") != nil:
		d.s.Transport = HTTP
	default:
		d.s.Transport = fallback
	}
}
