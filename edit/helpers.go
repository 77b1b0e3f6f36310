package edit

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// The helpers compute edits from a parsed document; they change nothing.
// Each follows the format of doc and the style around the place it
// edits. A value is given as JSON text ("true", `"npx"`, `["-y", "x"]`)
// and written in the file's syntax (Literal). Those that can need several
// places of a TOML file (a table's key is written in every header below
// it) return several edits; they belong to one fix.

// errNoSource: a document without source or tree cannot be edited.
var errNoSource = errors.New("the file was not parsed: it cannot be edited")

// InsertMember adds key with the value valueJSON to the object obj, after
// its last member. In JSON it follows the object's style: a member per
// line with the indentation and newline of the members there, or inline
// ({"a": 1, "b": 2}); a trailing comma when the last member has one
// (JSONC); an empty object is opened on lines of its own in a file
// written on several lines. In TOML it writes a `key = value` line after
// the table's last key (a [table], a table of dotted keys, or the root),
// or a member of an inline table; an object added to a table with a
// header, to one named only by headers below it or to the root becomes a
// [table] of its own (its objects inline tables), after the last section
// of the tables below obj ([mcp_servers.new] after the other servers).
func InsertMember(doc *normalize.Document, obj *normalize.Value, key, valueJSON string) (normalize.Edit, error) {
	if err := check(doc, obj); err != nil {
		return normalize.Edit{}, err
	}
	if obj.Kind != normalize.Object {
		return normalize.Edit{}, fmt.Errorf("value at %q is %s, not an object: %q cannot be added", obj.Pointer, article(obj.Kind), key)
	}
	if obj.Member(key) != nil {
		return normalize.Edit{}, fmt.Errorf("key %q is already in the object at %q: replace its value instead", key, obj.Pointer)
	}
	val, err := render(doc.Format, valueJSON)
	if err != nil {
		return normalize.Edit{}, err
	}
	if doc.Format == normalize.TOML {
		if t, ok := mustJSON(valueJSON).(ordered); ok {
			if k := kindOf(doc, obj); k == rootTable || k == headerTable || k == impliedTable {
				return tomlInsertTable(doc, obj, key, t)
			}
		}
		return tomlInsert(doc, obj, key, val)
	}
	return jsonInsert(doc, obj, key, val), nil
}

// mustJSON decodes JSON text already checked.
func mustJSON(text string) any {
	v, _ := decodeJSON(text)
	return v
}

// ReplaceValue replaces the value v by newJSON, written in the file's
// syntax (a TOML literal string stays literal when it can).
func ReplaceValue(doc *normalize.Document, v *normalize.Value, newJSON string) (normalize.Edit, error) {
	if err := check(doc, v); err != nil {
		return normalize.Edit{}, err
	}
	val, err := render(doc.Format, newJSON)
	if err != nil {
		return normalize.Edit{}, err
	}
	if doc.Format == normalize.TOML {
		return tomlReplace(doc, v, val, newJSON)
	}
	return mk(doc, v.Range.Start.Offset, v.Range.End.Offset, reindent(val, indentOf(doc, v.Range.Start.Offset), lineEnding(doc))), nil
}

// reindent indents the lines after the first of a value written on
// several lines (valueJSON as json.MarshalIndent gives it) by the
// indentation of the line it goes on, with the file's newline.
func reindent(val, indent, nl string) string {
	if !strings.Contains(val, "\n") {
		return val
	}
	val = strings.ReplaceAll(val, "\r\n", "\n")
	return strings.ReplaceAll(val, "\n", nl+indent)
}

// RenameKey writes the key of m as newKey, quoted as the format needs. A
// TOML table's key is renamed in every header and dotted key that names
// it.
func RenameKey(doc *normalize.Document, m *normalize.Member, newKey string) ([]normalize.Edit, error) {
	if m == nil {
		return nil, errors.New("no member to rename")
	}
	if err := check(doc, m.Value); err != nil {
		return nil, err
	}
	if newKey == m.Key {
		return nil, nil
	}
	if i := strings.LastIndexByte(m.Value.Pointer, '/'); i >= 0 {
		if parent := doc.Root.Lookup(m.Value.Pointer[:i]); parent.Member(newKey) != nil {
			return nil, fmt.Errorf("key %q is already in the object at %q: renaming %q would write it twice", newKey, parent.Pointer, m.Key)
		}
	}
	if doc.Format == normalize.TOML {
		return tomlRename(doc, m, newKey)
	}
	return []normalize.Edit{mk(doc, m.KeyRange.Start.Offset, m.KeyRange.End.Offset, jsonString(newKey))}, nil
}

// DeleteMember removes m from the object obj with its separator: the
// lines it is written on when it has lines of its own (a comment on them
// goes too, comments on other lines stay), and the comma that separated
// it, so that no trailing comma appears where the file has none. In TOML
// a table goes with its sections ([t] and every [t.sub]).
func DeleteMember(doc *normalize.Document, obj *normalize.Value, m *normalize.Member) ([]normalize.Edit, error) {
	if err := check(doc, obj); err != nil {
		return nil, err
	}
	i := indexOf(obj, m)
	if i < 0 {
		return nil, fmt.Errorf("the member to delete is not in the object at %q", obj.Pointer)
	}
	if doc.Format == normalize.TOML {
		return tomlDelete(doc, obj, i)
	}
	return []normalize.Edit{jsonDelete(doc, obj, i)}, nil
}

func check(doc *normalize.Document, v *normalize.Value) error {
	if doc == nil || doc.Root == nil || doc.Lines == nil {
		return errNoSource
	}
	if v == nil {
		return errors.New("no value to edit")
	}
	if v.Range.End.Offset > len(doc.Src) || v.Range.Start.Offset < 0 {
		return errors.New("the value is not in this file")
	}
	return nil
}

func indexOf(obj *normalize.Value, m *normalize.Member) int {
	for i, x := range obj.Members {
		if x == m {
			return i
		}
	}
	return -1
}

func article(k normalize.Kind) string {
	switch k {
	case normalize.Array, normalize.Object:
		return "an " + k.String()
	}
	return "a " + k.String()
}

// mk is an edit of doc's bytes start to end.
func mk(doc *normalize.Document, start, end int, text string) normalize.Edit {
	return normalize.Edit{Path: doc.Path, Abs: doc.Abs, Start: doc.Lines.Pos(start), End: doc.Lines.Pos(end), Text: text}
}

// text scanning shared by both formats

// lineStart is the offset of the start of the line holding i, from the
// document's line index: reading back to it costs the length of the line,
// which asked once per object or per fix of a file written on one line
// grew with the square of its size.
func lineStart(doc *normalize.Document, i int) int { return doc.Lines.LineStart(i) }

// nextLine is the offset after the line terminator at or after i.
func nextLine(src []byte, i int) int {
	for i < len(src) && src[i] != '\n' {
		i++
	}
	if i < len(src) {
		i++
	}
	return i
}

// firstOnLine reports whether only spaces and tabs precede i on its line.
// It looks back no further than the first other byte: on a file written
// on one line, asked of every object, reading back to the line's start
// each time made the cost grow with the square of the file's size.
func firstOnLine(src []byte, i int) bool {
	for j := i - 1; j >= 0 && src[j] != '\n'; j-- {
		if src[j] != ' ' && src[j] != '\t' {
			return false
		}
	}
	return true
}

// indentOf is the leading spaces and tabs of the line holding i.
func indentOf(doc *normalize.Document, i int) string {
	src := doc.Src
	s := lineStart(doc, i)
	e := s
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	return string(src[s:e])
}

func sameLine(src []byte, a, b int) bool {
	if a > b {
		a, b = b, a
	}
	for ; a < b; a++ {
		if src[a] == '\n' {
			return false
		}
	}
	return true
}

// Layout is a value's JSON (compact) as the place at it goes is written:
// over several lines, two spaces a level, where that place spans lines
// (InsertMember and ReplaceValue indent it to its line); on one line
// otherwise.
func Layout(at *normalize.Value, compact string) string {
	if at.Range.Start.Line == at.Range.End.Line {
		return compact
	}
	var b bytes.Buffer
	if json.Indent(&b, []byte(compact), "", "  ") != nil {
		return compact
	}
	return b.String()
}

// AppendItem adds the values valuesJSON at the end of the array arr, in the
// file's syntax and after the array's layout: on a line of its own with
// the last item's indentation when the items are written one per line
// (after the last item's comment, which stays with it), else after ", ";
// after a trailing comma, keeping one, when the last item has one. An
// empty array gets the item inline.
func AppendItem(doc *normalize.Document, arr *normalize.Value, valuesJSON ...string) ([]normalize.Edit, error) {
	if err := check(doc, arr); err != nil {
		return nil, err
	}
	if arr.Kind != normalize.Array {
		return nil, fmt.Errorf("value at %q is %s, not an array: an item cannot be added", arr.Pointer, article(arr.Kind))
	}
	if len(valuesJSON) == 0 {
		return nil, errors.New("no item to add")
	}
	vals := make([]string, len(valuesJSON))
	for i, v := range valuesJSON {
		r, err := render(doc.Format, v)
		if err != nil {
			return nil, err
		}
		vals[i] = r
	}
	src := doc.Src
	toml := doc.Format == normalize.TOML
	start := arr.Range.Start.Offset
	if start >= len(src) || src[start] != '[' {
		return nil, fmt.Errorf("array %q is an array of tables: add its item by hand", arr.Pointer)
	}
	if toml && inArray(doc.Root, arr.Pointer) {
		// the TOML tree places a value inside an array at the outer
		// array's start
		return nil, fmt.Errorf("array %q is inside an array: add its item by hand", arr.Pointer)
	}
	if len(arr.Items) == 0 {
		return []normalize.Edit{mk(doc, start+1, start+1, strings.Join(vals, ", "))}, nil // after "["
	}
	last := arr.Items[len(arr.Items)-1]
	lastStart, end, closing := last.Range.Start.Offset, last.Range.End.Offset, arr.Range.End.Offset-1
	if toml {
		// the TOML tree gives an array its start only (and a nested one
		// its parent's): the items are found in the text
		closing = tomlValueEnd(src, start) - 1
		lastStart, end = tomlLastItem(src, start+1, closing)
	}
	comma := separator(src, end, closing, toml)
	oneLine := sameLine(src, start, lastStart)
	if oneLine {
		val := strings.Join(vals, ", ")
		if comma >= 0 {
			return []normalize.Edit{mk(doc, comma+1, comma+1, " "+val+",")}, nil
		}
		return []normalize.Edit{mk(doc, end, end, ", "+val)}, nil
	}
	nl, indent := lineEnding(doc), indentOf(doc, lastStart)
	val := strings.Join(vals, ","+nl+indent)
	if comma >= 0 {
		at := lineEndAt(src, comma+1, closing, toml)
		return []normalize.Edit{mk(doc, at, at, nl+indent+val+",")}, nil
	}
	at := lineEndAt(src, end, closing, toml)
	if at == end {
		return []normalize.Edit{mk(doc, end, end, ","+nl+indent+val)}, nil
	}
	return []normalize.Edit{mk(doc, end, end, ","), mk(doc, at, at, nl+indent+val)}, nil
}

// inArray reports whether a value above the one at ptr is an array.
func inArray(root *normalize.Value, ptr string) bool {
	for ptr != "" {
		ptr = ptr[:strings.LastIndexByte(ptr, '/')]
		if v := root.Lookup(ptr); v != nil && v.Kind == normalize.Array {
			return true
		}
	}
	return false
}

// tomlLastItem is where the last value between from and to starts and
// ends in TOML text.
func tomlLastItem(src []byte, from, to int) (start, end int) {
	start, end = from, from
	for i := from; i < to; {
		switch src[i] {
		case ' ', '\t', '\r', '\n', ',':
			i++
		case '#':
			for i < to && src[i] != '\n' {
				i++
			}
		default:
			start, i = i, tomlValueEnd(src, i)
			end = i
		}
	}
	return start, end
}

// separator is the offset of the comma between from and to outside
// comments (// and /* */ in JSON, # in TOML); -1 when there is none.
func separator(src []byte, from, to int, toml bool) int {
	for i := from; i < to; i++ {
		switch {
		case src[i] == ',':
			return i
		case toml && src[i] == '#', !toml && src[i] == '/' && i+1 < to && src[i+1] == '/':
			for i < to && src[i] != '\n' {
				i++
			}
		case !toml && src[i] == '/' && i+1 < to && src[i+1] == '*':
			j := strings.Index(string(src[i+2:to]), "*/")
			if j < 0 {
				return -1
			}
			i += 2 + j + 1
		}
	}
	return -1
}

// lineEndAt is where the line holding i ends (before its "\r\n" or
// "\n"), after a comment that ends on it; before a block comment that
// runs on to another line; to when the line runs on to it.
func lineEndAt(src []byte, i, to int, toml bool) int {
	for i < to && src[i] != '\n' {
		if !toml && src[i] == '/' && i+1 < to && src[i+1] == '*' {
			j := strings.Index(string(src[i+2:to]), "*/")
			if j < 0 || strings.ContainsRune(string(src[i:i+2+j]), '\n') {
				return trimSpaceBefore(src, i)
			}
			i += 2 + j + 2
			continue
		}
		i++
	}
	if i < to && i > 0 && src[i-1] == '\r' {
		i--
	}
	return i
}

// trimSpaceBefore is i less the spaces and tabs before it.
func trimSpaceBefore(src []byte, i int) int {
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	return i
}
