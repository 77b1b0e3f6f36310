package normalize

import (
	"fmt"
	"math"
	"net/url"
	"slices"
	"strings"
	"unicode/utf16"
)

// FieldKind is the type a client requires of a server field.
type FieldKind int

const (
	TextField    FieldKind = iota // a string
	NonEmptyText                  // a string of at least one character
	TextList                      // an array of strings
	TextMap                       // an object whose values are strings
	Flag                          // true or false
	PositiveInt                   // an integer above 0
	Table                         // an object
	TableList                     // an array of objects
	NumberField                   // a number
	IntField                      // a whole number
	AnyList                       // an array
	// FlagOrListMap: an object whose values are booleans or arrays of
	// strings (Claude Code's enabledPlugins)
	FlagOrListMap
	// URLField: a string that parses as an absolute URL as written, its
	// placeholders not expanded (Copilot CLI checks "url" before it
	// expands anything: "${BASE:-http://h}/mcp" is not a URL)
	URLField
)

var fieldKindNames = [...]string{"a string", "a non-empty string", "an array of strings", "an object of strings",
	"a boolean", "an integer above 0", "an object", "an array of objects", "a number", "an integer", "an array",
	"an object of booleans or arrays of strings", "an absolute URL"}

func (k FieldKind) String() string { return fieldKindNames[k] }

// FieldCheck is a type a client requires of one server field. A client
// with checks (Shape.FieldChecks) skips an entry that breaks one, with a
// warning, and loads the rest of the file (Claude Code: "Skipped — invalid
// MCP server config").
type FieldCheck struct {
	// Path is the field from the entry: "args", "oauth.callbackPort";
	// "*" stands for each item of an array or member of an object
	// ("tools.*.name").
	Path string
	Kind FieldKind
	// Transports are those whose entries have the field: in another
	// transport's entry the client drops it, whatever it holds. Nil means
	// every transport.
	Transports []Transport
	// Required: the entry must have it.
	Required bool
	// Values, for a TextField, are the strings it may hold (an enum).
	Values []string
	// Prefix, for a TextField, is how the string must start; MaxLen, when
	// above 0, the most characters (UTF-16 code units, as JavaScript
	// counts) it may hold.
	Prefix string
	MaxLen int
	// NullOK: null passes (the client drops the key).
	NullOK bool
}

// FieldProblem is a field of an entry that breaks one of its client's
// FieldChecks.
type FieldProblem struct {
	Field string // as written from the entry: "env.N", "args[0]", "tools[0].name"
	Value *Value // nil when the field is missing
	Kind  FieldKind
	Type  string // the entry's type literal ("stdio" when it has none), for a missing field
	At    Pos    // the value, or the entry's name when the field is missing
	// Values are the strings the field may hold, when the problem is a
	// string outside them; Prefix how it must start, when it does not;
	// MaxLen how long it may be, when it is longer.
	Values []string
	Prefix string
	MaxLen int
}

// String says what is wrong: `"args" is a string, not an array of
// strings`, `a "http" server needs "url"`.
func (p *FieldProblem) String() string {
	if p.Value == nil {
		return fmt.Sprintf("a %q server needs %q", p.Type, p.Field)
	}
	switch {
	case p.Values != nil:
		return fmt.Sprintf("%q is %q, not %s", p.Field, p.Value.Str, oneOf(p.Values))
	case p.Prefix != "":
		return fmt.Sprintf("%q does not start with %q", p.Field, p.Prefix)
	case p.MaxLen > 0:
		return fmt.Sprintf("%q is longer than %d characters", p.Field, p.MaxLen)
	}
	return fmt.Sprintf("%q is %s, not %s", p.Field, valueWord(p.Value), p.Kind)
}

// Why adds what the client does about it.
func (p *FieldProblem) Why(c *Client) string {
	return p.String() + ": " + c.Product + " skips the server"
}

// Hint says what to write instead.
func (p *FieldProblem) Hint() string {
	if p.Value == nil {
		return fmt.Sprintf("add %q (%s)", p.Field, p.Kind)
	}
	switch {
	case p.Values != nil:
		return fmt.Sprintf("make %q %s", p.Field, oneOf(p.Values))
	case p.Prefix != "":
		return fmt.Sprintf("make %q start with %q", p.Field, p.Prefix)
	case p.MaxLen > 0:
		return fmt.Sprintf("shorten %q to %d characters at most", p.Field, p.MaxLen)
	}
	return fmt.Sprintf("make %q %s", p.Field, p.Kind)
}

// valueWord names what a value is: "a string", "null", "0", "true".
func valueWord(v *Value) string {
	switch v.Kind {
	case Null:
		return "null"
	case Number:
		return v.Str
	case Bool:
		return fmt.Sprint(v.Bool)
	case String:
		if v.Str == "" {
			return `""`
		}
	}
	return "a" + map[bool]string{true: "n", false: ""}[v.Kind == Array || v.Kind == Object] + " " + v.Kind.String()
}

// FieldProblem returns the first field of s that breaks the client's
// checks, in the order the client checks them, or nil.
func (c *Client) FieldProblem(s *Server) *FieldProblem {
	if len(c.FieldChecks) == 0 || s.Node == nil || s.Node.Kind != Object {
		return nil
	}
	typ := s.Type
	if typ == "" {
		typ = c.TypeFor(s.Transport)
	}
	for _, fc := range c.FieldChecks {
		if fc.Transports != nil && !slices.Contains(fc.Transports, s.Transport) {
			continue
		}
		if p := checkPath(s.Node, fc.Path, "", fc); p != nil {
			if p.Value == nil {
				p.Type, p.At = typ, s.Source.Pos
			}
			return p
		}
	}
	return nil
}

// checkPath follows the rest of a check's path ("args.*") from v, the field
// written so far being at. Names are built only for a problem found: most
// entries have none.
func checkPath(v *Value, path, at string, fc FieldCheck) *FieldProblem {
	key, rest, more := strings.Cut(path, ".")
	visit := func(n *Value, name func() string) *FieldProblem {
		var p *FieldProblem
		if more {
			if n.Kind == Object || n.Kind == Array {
				p = checkPath(n, rest, name(), fc)
			}
			return p
		}
		if n.Kind == Null && fc.NullOK {
			return nil
		}
		p = checkKind(n, fc.Kind)
		if p == nil && n.Kind == String {
			p = checkText(n, fc)
		}
		if p != nil {
			p.Field = name() + p.Field
		}
		return p
	}
	switch {
	case key == "*" && v.Kind == Array:
		for i, it := range v.Items {
			if p := visit(it, func() string { return fmt.Sprintf("%s[%d]", at, i) }); p != nil {
				return p
			}
		}
	case key == "*" && v.Kind == Object:
		for _, m := range v.Unique() {
			if p := visit(m.Value, func() string { return join(at, m.Key) }); p != nil {
				return p
			}
		}
	case key == "*":
		return nil // the container's own check reports it
	default:
		m := v.Member(key)
		if m == nil {
			if fc.Required && !more {
				return &FieldProblem{Field: join(at, key), Kind: fc.Kind}
			}
			return nil
		}
		return visit(m.Value, func() string { return join(at, key) })
	}
	return nil
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

// checkKind checks one value, and the items of a list or map; a problem
// with an item names it by its suffix ("[2]", ".KEY"), which the caller
// puts after the field's name.
func checkKind(v *Value, k FieldKind) *FieldProblem {
	bad := func() *FieldProblem { return &FieldProblem{Value: v, Kind: k, At: v.Range.Start} }
	item := func(p *FieldProblem, suffix string) *FieldProblem {
		p.Field = suffix + p.Field
		return p
	}
	switch k {
	case TextField:
		if v.Kind != String {
			return bad()
		}
	case NonEmptyText:
		if v.Kind != String || v.Str == "" {
			return bad()
		}
	case TextList:
		if v.Kind != Array {
			return bad()
		}
		for i, it := range v.Items {
			if p := checkKind(it, TextField); p != nil {
				return item(p, fmt.Sprintf("[%d]", i))
			}
		}
	case TextMap:
		if v.Kind != Object {
			return bad()
		}
		for _, m := range v.Unique() {
			if p := checkKind(m.Value, TextField); p != nil {
				return item(p, "."+m.Key)
			}
		}
	case Flag:
		if v.Kind != Bool {
			return bad()
		}
	case PositiveInt:
		if v.Kind != Number || math.IsNaN(v.Num) || v.Num <= 0 || v.Num != math.Trunc(v.Num) {
			return bad()
		}
	case Table:
		if v.Kind != Object {
			return bad()
		}
	case NumberField:
		if v.Kind != Number || math.IsNaN(v.Num) || math.IsInf(v.Num, 0) {
			return bad()
		}
	case IntField:
		if v.Kind != Number || v.Num != math.Trunc(v.Num) || math.IsInf(v.Num, 0) {
			return bad()
		}
	case AnyList:
		if v.Kind != Array {
			return bad()
		}
	case FlagOrListMap:
		if v.Kind != Object {
			return bad()
		}
		for _, m := range v.Unique() {
			if m.Value.Kind == Bool {
				continue
			}
			if p := checkKind(m.Value, TextList); p != nil {
				return item(p, "."+m.Key)
			}
		}
	case URLField:
		if u, err := url.Parse(v.Str); v.Kind != String || err != nil || u.Scheme == "" {
			return bad()
		}
	case TableList:
		if v.Kind != Array {
			return bad()
		}
		for i, it := range v.Items {
			if p := checkKind(it, Table); p != nil {
				return item(p, fmt.Sprintf("[%d]", i))
			}
		}
	}
	return nil
}

// checkText checks a string against a check's values, length and prefix,
// in the order Claude Code's zod schemas do (length, then the prefix).
func checkText(v *Value, fc FieldCheck) *FieldProblem {
	bad := func() *FieldProblem { return &FieldProblem{Value: v, Kind: fc.Kind, At: v.Range.Start} }
	switch {
	case fc.Values != nil && !slices.Contains(fc.Values, v.Str):
		p := bad()
		p.Values = fc.Values
		return p
	case fc.MaxLen > 0 && len(v.Str) > fc.MaxLen && len(utf16.Encode([]rune(v.Str))) > fc.MaxLen:
		p := bad()
		p.MaxLen = fc.MaxLen
		return p
	case fc.Prefix != "" && !strings.HasPrefix(v.Str, fc.Prefix):
		p := bad()
		p.Prefix = fc.Prefix
		return p
	}
	return nil
}
