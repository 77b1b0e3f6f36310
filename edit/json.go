package edit

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// skipJSONSpace returns the first offset at or after i that is neither
// space nor inside a comment; with sameLine it stops at a newline and
// before a block comment that runs past one.
func skipJSONSpace(src []byte, i int, onLine bool) int {
	for i < len(src) {
		switch c := src[i]; {
		case c == ' ' || c == '\t' || c == '\r' && !onLine:
			i++
		case c == '\r' && onLine && i+1 < len(src) && src[i+1] == '\n':
			return i
		case c == '\n':
			if onLine {
				return i
			}
			i++
		case c == '/' && i+1 < len(src) && src[i+1] == '/':
			for i < len(src) && src[i] != '\n' {
				i++
			}
			if onLine && i > 0 && src[i-1] == '\r' {
				i--
			}
		case c == '/' && i+1 < len(src) && src[i+1] == '*':
			j := i + 2
			for j+1 < len(src) && !(src[j] == '*' && src[j+1] == '/') {
				j++
			}
			j = min(j+2, len(src))
			if onLine && !sameLine(src, i, j) {
				return i
			}
			i = j
		default:
			return i
		}
	}
	return i
}

// commaAfter is the offset of the comma that follows a value ending at
// end, past spaces and comments, or -1 when the next thing is not one.
func commaAfter(src []byte, end int) int {
	if j := skipJSONSpace(src, end, false); j < len(src) && src[j] == ',' {
		return j
	}
	return -1
}

// jsonStyle is how a JSON file writes its objects, learnt from its own
// members.
type jsonStyle struct {
	colon string // between a key and its value: ": " or ":"
	sep   string // between members of an inline object: ", " or ","
	unit  string // one level of indentation
	nl    string
}

// styleBudget is how many members styleOf looks at, near's first: a
// file's style shows in its first objects, and one that never shows all
// of it (a file on one line has no indentation; one without an inline
// object of two members no separator for one) was walked whole at every
// insertion, which made a fix per server (lint) cost the square of the
// file's size.
const styleBudget = 1000

func styleOf(doc *normalize.Document, near *normalize.Value) jsonStyle {
	l := newLearner(doc)
	if near != nil && near.Kind == normalize.Object {
		l.learn(doc, near)
	}
	l.walk(doc, doc.Root)
	return l.style()
}

// learner is styleOf's state: the style learnt so far, what of it was
// found, and how many members it may still look at.
type learner struct {
	st                              jsonStyle
	colonFound, sepFound, unitFound bool
	budget                          int
}

func newLearner(doc *normalize.Document) *learner {
	return &learner{st: jsonStyle{colon: ": ", sep: ", ", unit: "  ", nl: lineEnding(doc)}, budget: styleBudget}
}

func (l *learner) done() bool { return l.budget <= 0 || l.colonFound && l.sepFound && l.unitFound }

// learn looks at the members of obj, an object of doc.
func (l *learner) learn(doc *normalize.Document, obj *normalize.Value) {
	src := doc.Src
	for i, m := range obj.Members {
		if l.done() {
			return
		}
		l.budget--
		if !l.colonFound {
			if c := string(src[m.KeyRange.End.Offset:m.Value.Range.Start.Offset]); c == ":" || c == ": " || c == " : " {
				l.st.colon, l.colonFound = c, true
			}
		}
		if !l.sepFound && i > 0 {
			prev := obj.Members[i-1].Value.Range.End.Offset
			if c := string(src[prev:m.KeyRange.Start.Offset]); c == "," || c == ", " {
				l.st.sep, l.sepFound = c, true
			}
		}
		if !l.unitFound && i == 0 && firstOnLine(src, m.KeyRange.Start.Offset) {
			outer, inner := indentOf(doc, obj.Range.Start.Offset), indentOf(doc, m.KeyRange.Start.Offset)
			if u, ok := strings.CutPrefix(inner, outer); ok && u != "" && !sameLine(src, obj.Range.Start.Offset, m.KeyRange.Start.Offset) {
				l.st.unit, l.unitFound = u, true
			}
		}
	}
}

// seen learns from a member that is not in a parsed document (Batch's),
// given what separates its key from its value and, when it is not its
// object's first, what precedes its key since the value before.
func (l *learner) seen(colon, sep string) {
	if l.done() {
		return
	}
	l.budget--
	if !l.colonFound && (colon == ":" || colon == ": " || colon == " : ") {
		l.st.colon, l.colonFound = colon, true
	}
	if !l.sepFound && (sep == "," || sep == ", ") {
		l.st.sep, l.sepFound = sep, true
	}
}

// walk learns from v and the values in it in order (normalize.Value.Walk's)
// until the style is known or the budget spent; false once it stopped.
func (l *learner) walk(doc *normalize.Document, v *normalize.Value) bool {
	if v.Kind == normalize.Object {
		l.learn(doc, v)
	}
	if l.done() {
		return false
	}
	for _, it := range v.Items {
		if !l.walk(doc, it) {
			return false
		}
	}
	for _, m := range v.Members {
		if !l.walk(doc, m.Value) {
			return false
		}
	}
	return true
}

// style is what was learnt: a separator not found is ", ", or "," where
// the colon has no space either.
func (l *learner) style() jsonStyle {
	st := l.st
	if !l.sepFound && st.colon == ":" {
		st.sep = ","
	}
	return st
}

func jsonInsert(doc *normalize.Document, obj *normalize.Value, key, val string) normalize.Edit {
	st := styleOf(doc, obj)
	if len(obj.Members) > 0 {
		return jsonAppend(doc, obj, key, val, st, memberIndent(doc, obj, st)).edit(doc)
	}
	src := doc.Src
	open, close := obj.Range.Start.Offset, obj.Range.End.Offset-1
	kv := jsonString(key) + st.colon + reindent(val, memberIndent(doc, obj, st), st.nl)
	inner := src[open+1 : close]
	blank := strings.TrimSpace(string(inner)) == ""
	switch {
	case strings.Contains(string(inner), "\n") && firstOnLine(src, close):
		// opened on lines of its own already, maybe with a comment:
		// the member goes last, above the closing brace
		ls := lineStart(doc, close)
		return mk(doc, ls, ls, indentOf(doc, close)+st.unit+kv+st.nl)
	case blank && lineStart(doc, doc.Root.Range.End.Offset-1) > doc.Root.Range.Start.Offset: // the file's object is on several lines
		outer := indentOf(doc, open)
		return mk(doc, open+1, close, st.nl+outer+st.unit+kv+st.nl+outer)
	case blank:
		return mk(doc, open+1, close, kv)
	}
	return mk(doc, close, close, " "+kv+" ")
}

// appended is a member written after the last of an object: the bytes
// start to end replaced by prefix, the key and colon, the value, and
// suffix.
type appended struct {
	start, end                        int
	prefix, key, colon, value, suffix string
}

func (a appended) text() string { return a.prefix + a.key + a.colon + a.value + a.suffix }

func (a appended) edit(doc *normalize.Document) normalize.Edit {
	return mk(doc, a.start, a.end, a.text())
}

// jsonAppend is key with the value val written after the last member of
// obj, which has one, in the style st, indented as its members are by
// indent (memberIndent).
func jsonAppend(doc *normalize.Document, obj *normalize.Value, key, val string, st jsonStyle, indent string) appended {
	src := doc.Src
	a := appended{key: jsonString(key), colon: st.colon, value: reindent(val, indent, st.nl)}
	open, close := obj.Range.Start.Offset, obj.Range.End.Offset-1
	first, last := obj.Members[0], obj.Members[len(obj.Members)-1]
	end := last.Value.Range.End.Offset
	comma := commaAfter(src, end)
	multi := !sameLine(src, open, first.KeyRange.Start.Offset) || !sameLine(src, end, close)
	switch {
	case !multi && comma >= 0: // {"a": 1,} keeps its trailing comma
		a.start, a.prefix, a.suffix = comma+1, strings.TrimPrefix(st.sep, ","), ","
	case !multi:
		a.start, a.prefix = end, st.sep
	case comma >= 0:
		// a trailing comma: the new member goes on the next line, and
		// has one too
		at := skipJSONSpace(src, comma+1, true)
		if at < len(src) && src[at] != '\n' && src[at] != '\r' {
			at = comma + 1 // something follows on the line: '}'
		}
		a.start, a.prefix, a.suffix = at, st.nl+indent, ","
	default:
		// the comma goes right after the last value, the member after
		// what follows it on its line (a comment stays with its member)
		at := skipJSONSpace(src, end, true)
		if at < len(src) && src[at] != '\n' && src[at] != '\r' {
			at = end
		}
		a.start, a.end, a.prefix = end, at, ","+string(src[end:at])+st.nl+indent
		return a
	}
	a.end = a.start
	return a
}

// memberIndent is the indentation of obj's members: that of its last or
// first member on a line of its own, else one level more than obj's line.
func memberIndent(doc *normalize.Document, obj *normalize.Value, st jsonStyle) string {
	if n := len(obj.Members); n > 0 {
		if ks := obj.Members[n-1].KeyRange.Start.Offset; firstOnLine(doc.Src, ks) {
			return indentOf(doc, ks)
		}
	}
	return firstIndent(doc, obj, st)
}

// firstIndent is memberIndent where the last member is not on a line of
// its own.
func firstIndent(doc *normalize.Document, obj *normalize.Value, st jsonStyle) string {
	if len(obj.Members) > 0 {
		if ks := obj.Members[0].KeyRange.Start.Offset; firstOnLine(doc.Src, ks) {
			return indentOf(doc, ks)
		}
	}
	return indentOf(doc, obj.Range.Start.Offset) + st.unit
}

// jsonDelete removes member i of obj.
func jsonDelete(doc *normalize.Document, obj *normalize.Value, i int) normalize.Edit {
	src := doc.Src
	m := obj.Members[i]
	open, close := obj.Range.Start.Offset, obj.Range.End.Offset-1
	ks, end := m.KeyRange.Start.Offset, m.Value.Range.End.Offset
	comma := commaAfter(src, end)
	after := end // the end of the member, its comma included
	if comma >= 0 {
		after = comma + 1
	}
	rest := skipJSONSpace(src, after, true)
	ownLines := firstOnLine(src, ks) && (rest >= len(src) || src[rest] == '\n' || src[rest] == '\r')
	only := len(obj.Members) == 1
	if only {
		if strings.TrimSpace(string(src[open+1:ks])) == "" && strings.TrimSpace(string(src[after:close])) == "" {
			return mk(doc, open+1, close, "") // nothing else inside: {}
		}
	}
	if ownLines {
		start, stop := lineStart(doc, ks), nextLine(src, rest)
		if comma >= 0 || only {
			return mk(doc, start, stop, "")
		}
		// the last member without a trailing comma: the comma before it
		// goes too, what lies between stays
		pc := commaAfter(src, obj.Members[i-1].Value.Range.End.Offset)
		return mk(doc, pc, stop, string(src[pc+1:start]))
	}
	switch {
	case i+1 < len(obj.Members):
		return mk(doc, ks, obj.Members[i+1].KeyRange.Start.Offset, "")
	case comma >= 0 || only:
		return mk(doc, ks, skipJSONSpace(src, after, true), "")
	}
	prev := obj.Members[i-1].Value.Range.End.Offset
	return mk(doc, prev, end, "")
}
