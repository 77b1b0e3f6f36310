package normalize

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"
)

// Kind is the type of a Value.
type Kind uint8

const (
	Null Kind = iota
	Bool
	Number
	String
	Array
	Object
)

var kindNames = [...]string{"null", "boolean", "number", "string", "array", "object"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "invalid"
}

// Value is one node of a parsed config file: JSON, JSONC and TOML all read
// into this tree so the rest of mcpconf needs one walker. Unlike a
// map[string]any it keeps member order, duplicate keys and the position of
// every key and value.
type Value struct {
	Kind    Kind
	Pointer string // JSON pointer from the document root ("" is the root)
	Range   Range  // span of the value itself
	Str     string // String: the decoded text; Number: the literal as written
	Bool    bool
	Num     float64
	Items   []*Value
	Members []*Member // in file order, duplicates included
}

// Member is one key of an object.
type Member struct {
	Key      string
	KeyRange Range
	Value    *Value
}

// Get returns the value of key in an object, or nil. Like JSON.parse and
// encoding/json, the last of duplicate keys wins.
func (v *Value) Get(key string) *Value {
	if m := v.Member(key); m != nil {
		return m.Value
	}
	return nil
}

// Member returns the last member named key, or nil.
func (v *Value) Member(key string) *Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	for i := len(v.Members) - 1; i >= 0; i-- {
		if v.Members[i].Key == key {
			return v.Members[i]
		}
	}
	return nil
}

// Unique returns the members of an object with duplicates removed, keeping
// the last occurrence of each key at the position of that occurrence.
func (v *Value) Unique() []*Member {
	if v == nil || v.Kind != Object {
		return nil
	}
	if len(v.Members) <= 16 {
		// small objects, nearly all of them: look for a duplicate
		// without building a map
		dup := false
		for i := 1; i < len(v.Members) && !dup; i++ {
			for j := 0; j < i; j++ {
				if v.Members[i].Key == v.Members[j].Key {
					dup = true
					break
				}
			}
		}
		if !dup {
			return v.Members
		}
	}
	seen := make(map[string]int, len(v.Members))
	dup := false
	for i, m := range v.Members {
		if _, ok := seen[m.Key]; ok {
			dup = true
		}
		seen[m.Key] = i
	}
	if !dup {
		return v.Members
	}
	out := make([]*Member, 0, len(seen))
	for i, m := range v.Members {
		if seen[m.Key] == i {
			out = append(out, m)
		}
	}
	return out
}

// Lookup follows a JSON pointer from v. It returns nil when the path does
// not exist.
func (v *Value) Lookup(ptr string) *Value {
	if ptr == "" {
		return v
	}
	if !strings.HasPrefix(ptr, "/") {
		return nil
	}
	cur := v
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = UnescapePointer(tok)
		switch {
		case cur == nil:
			return nil
		case cur.Kind == Object:
			cur = cur.Get(tok)
		case cur.Kind == Array:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(cur.Items) {
				return nil
			}
			cur = cur.Items[i]
		default:
			return nil
		}
	}
	return cur
}

// Walk calls fn for v and every value below it, depth first in file order.
// Returning false from fn skips the children of that value.
func (v *Value) Walk(fn func(*Value) bool) {
	if v == nil || !fn(v) {
		return
	}
	for _, it := range v.Items {
		it.Walk(fn)
	}
	for _, m := range v.Members {
		m.Value.Walk(fn)
	}
}

// Interface converts the tree to the shape encoding/json produces with
// UseNumber (map[string]any, []any, json.Number, string, bool, nil), which
// is what JSON Schema validation takes. Duplicate keys keep the last value.
func (v *Value) Interface() any {
	if v == nil {
		return nil
	}
	switch v.Kind {
	case Bool:
		return v.Bool
	case Number:
		if math.IsNaN(v.Num) || math.IsInf(v.Num, 0) {
			// TOML's nan and inf have no JSON form; as JSON numbers they
			// crash schema validation, so they stay text.
			return v.Str
		}
		if _, err := strconv.ParseFloat(v.Str, 64); err == nil && !strings.ContainsAny(v.Str, "xobXOBinaINA_+") {
			return json.Number(v.Str)
		}
		return json.Number(strconv.FormatFloat(v.Num, 'g', -1, 64))
	case String:
		return v.Str
	case Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = it.Interface()
		}
		return out
	case Object:
		out := make(map[string]any, len(v.Members))
		for _, m := range v.Members {
			out[m.Key] = m.Value.Interface()
		}
		return out
	}
	return nil
}

// Strings returns the items of an array of strings; ok is false when v is
// not an array or an item is not a string.
func (v *Value) Strings() (out []string, ok bool) {
	if v == nil || v.Kind != Array {
		return nil, false
	}
	out = make([]string, 0, len(v.Items))
	for _, it := range v.Items {
		if it.Kind != String {
			return out, false
		}
		out = append(out, it.Str)
	}
	return out, true
}

// IsStrings reports whether v is an array of strings only (a schema's
// string[]: opencode's "command", Cline's "args").
func IsStrings(v *Value) bool {
	_, ok := v.Strings()
	return ok
}

// IsStringRecord reports whether v is an object whose every value is a
// string (a schema's Record<string, string>: opencode's "environment",
// Cline's "env"; a number is not a string here, unlike StringMap).
func IsStringRecord(v *Value) bool {
	if v == nil || v.Kind != Object {
		return false
	}
	for _, m := range v.Members {
		if m.Value.Kind != String {
			return false
		}
	}
	return true
}

// KindIs is a check that a value is of kind k.
func KindIs(k Kind) func(*Value) bool { return func(v *Value) bool { return v.Kind == k } }

// StringMap returns the members of an object whose values are strings
// (numbers and booleans are kept as written, which is how clients pass them
// into environments); ok is false when v is not an object or a value is of
// another kind.
func (v *Value) StringMap() (out map[string]string, ok bool) {
	if v == nil || v.Kind != Object {
		return nil, false
	}
	ok = true
	out = make(map[string]string, len(v.Members))
	for _, m := range v.Unique() {
		switch m.Value.Kind {
		case String, Number:
			out[m.Key] = m.Value.Str
		case Bool:
			out[m.Key] = strconv.FormatBool(m.Value.Bool)
		default:
			ok = false
		}
	}
	return out, ok
}

// EscapePointer escapes one JSON pointer token (RFC 6901). It allocates
// only the result: it runs for every key of a table of projects.
func EscapePointer(tok string) string {
	n := strings.Count(tok, "~") + strings.Count(tok, "/")
	if n == 0 {
		return tok
	}
	var b strings.Builder
	b.Grow(len(tok) + n)
	for i := range len(tok) {
		switch c := tok[i]; c {
		case '~':
			b.WriteString("~0")
		case '/':
			b.WriteString("~1")
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// UnescapePointer undoes EscapePointer.
func UnescapePointer(tok string) string {
	if !strings.Contains(tok, "~") {
		return tok
	}
	var b strings.Builder
	b.Grow(len(tok))
	for i := 0; i < len(tok); i++ {
		if tok[i] == '~' && i+1 < len(tok) && (tok[i+1] == '0' || tok[i+1] == '1') {
			b.WriteByte("~/"[tok[i+1]-'0'])
			i++
			continue
		}
		b.WriteByte(tok[i])
	}
	return b.String()
}

// JoinPointer appends an object key to a pointer.
func JoinPointer(ptr, key string) string { return ptr + "/" + EscapePointer(key) }

// JSTruthy is whether a value is true in a JavaScript condition, as the
// clients written in JavaScript test their settings: present, and not
// null, false, 0 or the empty string.
func JSTruthy(v *Value) bool {
	if v == nil {
		return false
	}
	switch v.Kind {
	case Null:
		return false
	case Bool:
		return v.Bool
	case Number:
		f, err := strconv.ParseFloat(v.Str, 64)
		return err != nil || f != 0
	case String:
		return v.Str != ""
	}
	return true
}
