package discover

import (
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"

	"github.com/mcpconf/mcpconf/normalize"
)

// parseTOML validates the file with go-toml's decoder (which knows every
// rule about redefined keys and tables) and then builds the positioned tree
// from its AST, which is only walked once the decoder accepted the file.
func parseTOML(doc *normalize.Document) []normalize.Diagnostic {
	var sink map[string]any
	if err := toml.Unmarshal(doc.Src, &sink); err != nil {
		pos := normalize.Pos{Line: 1, Col: 1}
		msg := err.Error()
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, col := de.Position()
			pos = doc.Lines.At(row, col)
		}
		msg = tomlMessage(strings.TrimPrefix(msg, "toml: "))
		if m := unquotedValue(doc.Src, pos.Offset, msg); m != "" {
			msg = m
		}
		if m := tomlDupRE().FindStringSubmatch(msg); m != nil {
			if k, err := strconv.Unquote(m[1]); err == nil {
				if at := inlineDuplicate(doc.Src, pos.Offset, k); at >= 0 {
					pos = doc.Lines.Pos(at)
				}
			}
		}
		if k := keyOf(err); k != "" && !strings.Contains(msg, k) {
			msg += " (key " + strconv.Quote(k) + ")"
		}
		return []normalize.Diagnostic{syntaxError(doc, pos, msg)}
	}
	b := tomlBuilder{doc: doc}
	root, err := b.build()
	if err != nil {
		// The decoder accepted what the parser rejects: report, do not guess.
		return []normalize.Diagnostic{syntaxError(doc, normalize.Pos{Line: 1, Col: 1}, strings.TrimPrefix(err.Error(), "toml: "))}
	}
	doc.Root = root
	return nil
}

// unquotedValue explains the parser's complaint about a value written
// without quotes ("command = npx" makes go-toml expect the keyword nan),
// or "" when the error is something else.
func unquotedValue(src []byte, off int, msg string) string {
	if !strings.HasPrefix(msg, "expected keyword") && !strings.Contains(msg, "at start of value") {
		return ""
	}
	end := off
	for end < len(src) && (src[end] == '_' || src[end] == '-' || src[end] == '.' || src[end] == '/' || src[end] == '@' || src[end] == ':' ||
		'a' <= src[end] && src[end] <= 'z' || 'A' <= src[end] && src[end] <= 'Z' || '0' <= src[end] && src[end] <= '9') {
		end++
	}
	word := string(src[off:end])
	if word == "" || word[0] >= '0' && word[0] <= '9' {
		return ""
	}
	if lw := strings.ToLower(word); lw == "true" || lw == "false" {
		return fmt.Sprintf("%q is not a TOML value: booleans are lower case, write %s", word, lw)
	}
	return fmt.Sprintf("%q is not a TOML value: strings need quotes, write %q", word, word)
}

// compiled on first use: no work at start-up
var tomlDupRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^key ("(?:[^"\\]|\\.)*") is already defined`) })

// inlineDuplicate finds the second occurrence of key in one inline table
// of the key-value at off, or returns -1. go-toml reports a key written
// twice inside an inline table at the start of the enclosing key-value;
// the second occurrence is where the problem is.
func inlineDuplicate(src []byte, off int, key string) int {
	var open []int         // offsets of the enclosing '{'
	seen := map[int]bool{} // tables in which key was seen
	for i := off; i >= 0 && i < len(src); i++ {
		start, word := i, ""
		switch c := src[i]; {
		case c == '\n' && len(open) == 0:
			return -1 // the key-value has no inline table
		case c == '#':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			continue
		case c == '{':
			open = append(open, i)
			continue
		case c == '}':
			if len(open) <= 1 {
				return -1 // end of the expression
			}
			open = open[:len(open)-1]
			continue
		case c == '"':
			j := i + 1
			for j < len(src) && src[j] != '"' && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(src) {
				return -1
			}
			word, _ = strconv.Unquote(string(src[i : j+1]))
			i = j
		case c == '\'':
			j := i + 1
			for j < len(src) && src[j] != '\'' && src[j] != '\n' {
				j++
			}
			if j >= len(src) {
				return -1
			}
			word = string(src[i+1 : j])
			i = j
		case isBareKeyChar(c):
			j := i
			for j < len(src) && isBareKeyChar(src[j]) {
				j++
			}
			word = string(src[i:j])
			i = j - 1
		default:
			continue
		}
		if word != key || len(open) == 0 || !tomlKeyAt(src, start, i+1) {
			continue
		}
		if t := open[len(open)-1]; seen[t] {
			return start
		} else {
			seen[t] = true
		}
	}
	return -1
}

func isBareKeyChar(c byte) bool {
	return c == '_' || c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// tomlKeyAt reports whether src[start:end] is used as a key: after '{',
// ',' or '.', and before '=' or '.'.
func tomlKeyAt(src []byte, start, end int) bool {
	p := start - 1
	for p >= 0 && (src[p] == ' ' || src[p] == '\t' || src[p] == '\n' || src[p] == '\r') {
		p--
	}
	n := end
	for n < len(src) && (src[n] == ' ' || src[n] == '\t') {
		n++
	}
	return p >= 0 && (src[p] == '{' || src[p] == ',' || src[p] == '.') && n < len(src) && (src[n] == '=' || src[n] == '.')
}

// compiled on first use: no work at start-up
var tomlQuoteRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(key|table) (\S+) (is already defined|already exists)`)
})

// tomlMessage quotes the key in go-toml's messages, as ours do.
func tomlMessage(msg string) string {
	if m := tomlQuoteRE().FindStringSubmatch(msg); m != nil && !strings.HasPrefix(m[2], `"`) {
		msg = m[1] + " " + strconv.Quote(m[2]) + " " + m[3] + msg[len(m[0]):]
	}
	return msg
}

func keyOf(err error) string {
	var de *toml.DecodeError
	if errors.As(err, &de) && len(de.Key()) > 0 {
		return strings.Join(de.Key(), ".")
	}
	return ""
}

type tomlBuilder struct {
	doc *normalize.Document
	p   unstable.Parser
	// declared holds the tables a [header] names. A table first made
	// implicitly by a longer header ([mcp_servers.x.env] before
	// [mcp_servers.x]) takes the position of its own header once it comes.
	declared map[*normalize.Value]bool
}

func (b *tomlBuilder) rng(r unstable.Range) normalize.Range {
	start := int(r.Offset)
	return normalize.Range{Start: b.doc.Lines.Pos(start), End: b.doc.Lines.Pos(start + int(r.Length))}
}

func (b *tomlBuilder) at(off int) normalize.Range {
	p := b.doc.Lines.Pos(off)
	return normalize.Range{Start: p, End: p}
}

type keyPart struct {
	name string
	r    unstable.Range
}

func keyParts(n *unstable.Node) []keyPart {
	var parts []keyPart
	it := n.Key()
	for it.Next() {
		k := it.Node()
		parts = append(parts, keyPart{name: string(k.Data), r: k.Raw})
	}
	return parts
}

func (b *tomlBuilder) build() (*normalize.Value, error) {
	root := &normalize.Value{Kind: normalize.Object, Range: normalize.Range{Start: b.doc.Lines.Pos(0), End: b.doc.Lines.Pos(len(b.doc.Src))}}
	cur := root
	b.p.Reset(b.doc.Src)
	for b.p.NextExpression() {
		e := b.p.Expression()
		switch e.Kind {
		case unstable.KeyValue:
			b.keyValue(cur, e)
		case unstable.Table:
			cur = b.descend(root, keyParts(e), false)
		case unstable.ArrayTable:
			cur = b.descend(root, keyParts(e), true)
		}
	}
	return root, b.p.Error()
}

// child returns the member key of obj, creating an empty table there when
// it does not exist yet (TOML creates tables implicitly).
func (b *tomlBuilder) child(obj *normalize.Value, k keyPart) *normalize.Member {
	if m := obj.Member(k.name); m != nil {
		return m
	}
	r := b.rng(k.r)
	m := &normalize.Member{Key: k.name, KeyRange: r,
		Value: &normalize.Value{Kind: normalize.Object, Pointer: normalize.JoinPointer(obj.Pointer, k.name), Range: r}}
	obj.Members = append(obj.Members, m)
	return m
}

// descend walks a [table] or [[array.table]] header from the root.
func (b *tomlBuilder) descend(root *normalize.Value, parts []keyPart, arrayTable bool) *normalize.Value {
	obj := root
	for i, k := range parts {
		last := i == len(parts)-1
		if last && arrayTable {
			m := obj.Member(k.name)
			if m == nil {
				r := b.rng(k.r)
				m = &normalize.Member{Key: k.name, KeyRange: r,
					Value: &normalize.Value{Kind: normalize.Array, Pointer: normalize.JoinPointer(obj.Pointer, k.name), Range: r}}
				obj.Members = append(obj.Members, m)
			}
			arr := m.Value
			item := &normalize.Value{Kind: normalize.Object, Pointer: arr.Pointer + "/" + strconv.Itoa(len(arr.Items)), Range: b.rng(k.r)}
			arr.Items = append(arr.Items, item)
			return item
		}
		existed := obj.Member(k.name) != nil
		m := b.child(obj, k)
		v := m.Value
		if last && v.Kind == normalize.Object {
			if existed && !b.declared[v] {
				m.KeyRange = b.rng(k.r)
				v.Range = m.KeyRange
			}
			if b.declared == nil {
				b.declared = map[*normalize.Value]bool{}
			}
			b.declared[v] = true
		}
		if v.Kind == normalize.Array && len(v.Items) > 0 {
			v = v.Items[len(v.Items)-1]
		}
		obj = v
	}
	return obj
}

// keyValue adds `a.b.c = value` to obj.
func (b *tomlBuilder) keyValue(obj *normalize.Value, kv *unstable.Node) {
	parts := keyParts(kv)
	for _, k := range parts[:len(parts)-1] {
		obj = b.child(obj, k).Value
	}
	k := parts[len(parts)-1]
	lastKey := k.r
	start := b.valueStart(int(lastKey.Offset + lastKey.Length))
	ptr := normalize.JoinPointer(obj.Pointer, k.name)
	obj.Members = append(obj.Members, &normalize.Member{Key: k.name, KeyRange: b.rng(k.r), Value: b.value(kv.Value(), ptr, start)})
}

// valueStart finds the first byte of the value after a key: past spaces,
// the '=' and spaces again.
func (b *tomlBuilder) valueStart(off int) int {
	src := b.doc.Src
	for off < len(src) && (src[off] == ' ' || src[off] == '\t') {
		off++
	}
	if off < len(src) && src[off] == '=' {
		off++
	}
	for off < len(src) && (src[off] == ' ' || src[off] == '\t') {
		off++
	}
	return off
}

func (b *tomlBuilder) value(n *unstable.Node, ptr string, start int) *normalize.Value {
	v := &normalize.Value{Pointer: ptr}
	if n.Raw.Length > 0 || n.Kind == unstable.String {
		v.Range = b.rng(n.Raw)
	} else {
		v.Range = b.at(start)
	}
	switch n.Kind {
	case unstable.String:
		v.Kind = normalize.String
		v.Str = string(n.Data)
	case unstable.Bool:
		v.Kind = normalize.Bool
		v.Bool = string(n.Data) == "true"
		v.Str = string(n.Data)
	case unstable.Integer:
		v.Kind = normalize.Number
		v.Str = string(n.Data)
		if i, err := strconv.ParseInt(strings.ReplaceAll(v.Str, "_", ""), 0, 64); err == nil {
			v.Num = float64(i)
		}
	case unstable.Float:
		v.Kind = normalize.Number
		v.Str = string(n.Data)
		v.Num, _ = strconv.ParseFloat(strings.ReplaceAll(v.Str, "_", ""), 64)
	case unstable.LocalDate, unstable.LocalTime, unstable.LocalDateTime, unstable.DateTime:
		v.Kind = normalize.String
		v.Str = string(n.Data)
	case unstable.Array:
		v.Kind = normalize.Array
		it := n.Children()
		for it.Next() {
			c := it.Node()
			if c.Kind == unstable.Comment {
				continue
			}
			cs := start
			if c.Raw.Length > 0 {
				cs = int(c.Raw.Offset)
			}
			v.Items = append(v.Items, b.value(c, ptr+"/"+strconv.Itoa(len(v.Items)), cs))
		}
	case unstable.InlineTable:
		v.Kind = normalize.Object
		it := n.Children()
		for it.Next() {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				b.keyValue(v, c)
			}
		}
	}
	return v
}
