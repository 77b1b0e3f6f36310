package edit

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// Batch adds members to one object of a document and rewrites the values
// of its members as InsertMember and ReplaceValue called one after
// another would, the document parsed again after each, byte for byte;
// but every edit is computed against the one document and they are
// applied together (Result): a sync of thousands of servers into one file
// parsed the whole file again after each server, which cost the square
// of their number.
//
// Each member added goes after the one before, at one offset, as the
// first went after the object's last member: InsertMember looks only at
// what follows the last member's value, and at the line its key is on,
// which the members added repeat. In JSON each is written in the style
// InsertMember would learn from the document as it would be by then
// (styleOf's walk over the parsed tree, meeting the values rewritten and
// the members added where they would be). Insert and Replace say false
// when they cannot vouch for that (a key added or rewritten already; a
// member that would not go where the others went, or whose place is
// followed otherwise than the members added are; a rewritten value that
// moved what follows it to a line indented otherwise, or put on one line
// what was on several or the other way, which decides how the caller
// lays out the values it gives): the caller then applies what was done
// (Result), parses the result, and goes on from it. The object stays on
// one line or on several as it was, so a value laid out for it as parsed
// is laid out for it as it is by then (TestBatchSameAsOneAtATime).
type Batch struct {
	doc  *normalize.Document
	obj  *normalize.Value
	path map[*normalize.Value]bool // obj and the values that hold it

	at     int    // where the members go; -1 until the first
	suffix string // what follows a member's value up to at
	line   string // the indentation of the line at the end of what is added
	added  []*addedMember
	text   strings.Builder // the members added, as written

	keys     map[string]bool // the keys added or rewritten
	replaced map[*normalize.Member]*fragment
	edits    []normalize.Edit // the values rewritten
	fixed    *jsonStyle       // the style, where nothing added can change it
	stale    bool             // a rewritten value moved what follows it: no more edits
}

// addedMember is what styleOf learns from a member Batch added (what
// separates its key from its value, what comes between the value before
// and its key, and its value), and what memberIndent does (whether its
// key is first on its line, and how indented: prefix).
type addedMember struct {
	colon, sep string
	prefix     string // what Insert wrote before its key
	value      *fragment
}

// fragment is a value Batch writes, parsed on demand for styleOf's walk:
// ws is the indentation of the line it starts on.
type fragment struct {
	ws, text string
	doc      *normalize.Document
	v        *normalize.Value
}

func (f *fragment) parse() (*normalize.Document, *normalize.Value) {
	if f.doc == nil {
		// on a line indented as its own is, inside an array so that
		// nothing before it on that line is taken for an indentation
		doc, _ := discover.Parse("", "", normalize.JSON, []byte(f.ws+"["+f.text+"]"))
		f.doc = doc
		if doc.Root != nil && len(doc.Root.Items) == 1 {
			f.v = doc.Root.Items[0]
		}
	}
	return f.doc, f.v
}

// NewBatch starts a batch of edits of obj, an object of doc with at least
// one member.
func NewBatch(doc *normalize.Document, obj *normalize.Value) (*Batch, error) {
	if err := check(doc, obj); err != nil {
		return nil, err
	}
	if obj.Kind != normalize.Object || len(obj.Members) == 0 {
		return nil, fmt.Errorf("value at %q is not an object with members: a batch adds members after the last", obj.Pointer)
	}
	path := map[*normalize.Value]bool{}
	if !pathTo(doc.Root, obj, path) {
		return nil, errors.New("the object is not in this document")
	}
	b := &Batch{doc: doc, obj: obj, path: path, at: -1, keys: map[string]bool{}, replaced: map[*normalize.Member]*fragment{}}
	if doc.Format != normalize.TOML {
		// the style is known from the members already there (or their
		// budget spent) before any added one is looked at
		l := newLearner(doc)
		if l.learn(doc, obj); l.done() {
			st := l.style()
			b.fixed = &st
		}
	}
	return b, nil
}

// pathTo records in path the values from v down to obj; false when obj
// is not in v.
func pathTo(v, obj *normalize.Value, path map[*normalize.Value]bool) bool {
	if v == obj {
		path[v] = true
		return true
	}
	for _, it := range v.Items {
		if pathTo(it, obj, path) {
			path[v] = true
			return true
		}
	}
	for _, m := range v.Members {
		if pathTo(m.Value, obj, path) {
			path[v] = true
			return true
		}
	}
	return false
}

// Has reports whether key was added or its value rewritten.
func (b *Batch) Has(key string) bool { return b.keys[key] }

// Empty reports whether nothing was added or rewritten.
func (b *Batch) Empty() bool { return b.text.Len() == 0 && len(b.edits) == 0 }

// Insert adds key with the value valueJSON after the members of the
// object, as InsertMember would once the edits before were applied. It
// says false, having done nothing, when it cannot (Batch); an error is
// InsertMember's.
func (b *Batch) Insert(key, valueJSON string) (bool, error) {
	if b.stale || b.keys[key] {
		return false, nil
	}
	doc, obj := b.doc, b.obj
	if obj.Member(key) != nil {
		return false, fmt.Errorf("key %q is already in the object at %q: replace its value instead", key, obj.Pointer)
	}
	val, err := render(doc.Format, valueJSON)
	if err != nil {
		return false, err
	}
	if doc.Format == normalize.TOML {
		e, err := InsertMember(doc, obj, key, valueJSON)
		if err != nil {
			return false, err
		}
		if at := e.Start.Offset; at != e.End.Offset || b.at >= 0 && at != b.at ||
			b.at < 0 && (at == 0 || doc.Src[at-1] != '\n' || blankLineBefore(doc, at) != endsBlank(e.Text)) {
			// not an insertion, or one after bytes unlike the end of
			// what it writes: the next would not go after it as it went
			return false, nil
		}
		b.at = e.Start.Offset
		b.text.WriteString(e.Text)
		b.keys[key] = true
		return true, nil
	}
	st := b.style()
	// memberIndent of the document by then: the member added last is its
	// last member
	indent := memberIndent(doc, obj, st)
	if n := len(b.added); n > 0 {
		indent = firstIndent(doc, obj, st)
		if i := strings.LastIndexByte(b.added[n-1].prefix, '\n'); i >= 0 {
			indent = b.added[n-1].prefix[i+1:]
		}
	}
	a := jsonAppend(doc, obj, key, val, st, indent)
	if a.start != a.end {
		return false, nil
	}
	if b.at < 0 {
		// the last member's value is followed by what follows each
		// member added: the next goes after it as it went after the last
		last := obj.Members[len(obj.Members)-1].Value.Range.End.Offset
		if last > a.start || string(doc.Src[last:a.start]) != a.suffix {
			return false, nil
		}
		b.at, b.suffix, b.line = a.start, a.suffix, indentOf(doc, a.start)
	} else if a.start != b.at || a.suffix != b.suffix {
		return false, nil
	}
	ws := lineAfter(b.line, a.prefix+a.key+a.colon)
	b.line = lineAfter(ws, a.value+a.suffix)
	b.added = append(b.added, &addedMember{colon: a.colon, sep: b.suffix + a.prefix, prefix: a.prefix, value: &fragment{ws: ws, text: a.value}})
	b.text.WriteString(a.text())
	b.keys[key] = true
	return true, nil
}

// Replace writes the value of m, a member of the object, as newJSON, as
// ReplaceValue would once the edits before were applied; false when it
// cannot (Batch), an error ReplaceValue's.
func (b *Batch) Replace(m *normalize.Member, newJSON string) (bool, error) {
	if b.stale || b.keys[m.Key] || b.replaced[m] != nil {
		return false, nil
	}
	if indexOf(b.obj, m) < 0 {
		return false, fmt.Errorf("the member to replace is not in the object at %q", b.obj.Pointer)
	}
	e, err := ReplaceValue(b.doc, m.Value, newJSON)
	if err != nil {
		return false, err
	}
	return b.replace(m, e), nil
}

// ReplaceText writes the value of m, a member of the object, as text,
// byte for byte (a value edited in place, its layout kept); false when
// it cannot (Batch).
func (b *Batch) ReplaceText(m *normalize.Member, text string) (bool, error) {
	if b.stale || b.keys[m.Key] || b.replaced[m] != nil {
		return false, nil
	}
	if indexOf(b.obj, m) < 0 {
		return false, fmt.Errorf("the member to replace is not in the object at %q", b.obj.Pointer)
	}
	if err := check(b.doc, m.Value); err != nil {
		return false, err
	}
	return b.replace(m, mk(b.doc, m.Value.Range.Start.Offset, m.Value.Range.End.Offset, text)), nil
}

// replace records e, the edit of m's value.
func (b *Batch) replace(m *normalize.Member, e normalize.Edit) bool {
	doc := b.doc
	start, end := m.Value.Range.Start.Offset, m.Value.Range.End.Offset
	ws := indentOf(doc, start)
	if lineAfter(ws, e.Text) != indentOf(doc, max(end-1, start)) || strings.Contains(e.Text, "\n") != !sameLine(doc.Src, start, end) {
		// what follows the value on its last line is now on a line
		// indented otherwise, or the value, on one line, was on several
		// (or the other way): the next edits would have seen it, and
		// whether the object spans lines decides how values are laid
		// out in it
		b.stale = true
	}
	b.edits = append(b.edits, e)
	b.keys[m.Key] = true
	b.replaced[m] = &fragment{ws: ws, text: e.Text}
	return true
}

// Result is the document's text with every edit applied.
func (b *Batch) Result() ([]byte, error) { return Apply(b.doc.Src, b.Edits()) }

// Edits are the batch's edits of the document, for a fix or a hint that
// carries them as data.
func (b *Batch) Edits() []normalize.Edit {
	edits := b.edits
	if b.at >= 0 {
		edits = append(edits[:len(edits):len(edits)], mk(b.doc, b.at, b.at, b.text.String()))
	}
	return edits
}

// endsBlank reports whether text ends with an empty line.
func endsBlank(text string) bool {
	t := strings.TrimSuffix(strings.TrimSuffix(text, "\n"), "\r")
	return strings.HasSuffix(strings.TrimRight(t, " \t"), "\n")
}

// lineAfter is the indentation of the line text ends on, where the line
// it starts on is indented by ws.
func lineAfter(ws, text string) string {
	i := strings.LastIndexByte(text, '\n')
	if i < 0 {
		return ws
	}
	rest := text[i+1:]
	return rest[:len(rest)-len(strings.TrimLeft(rest, " \t"))]
}

// style is the style InsertMember would learn from the document with the
// edits so far applied: styleOf's walk, which meets the values rewritten
// and the members added where they are.
func (b *Batch) style() jsonStyle {
	if b.fixed != nil {
		return *b.fixed
	}
	l := newLearner(b.doc)
	b.learnObj(l)
	b.walk(l, b.doc.Root)
	return l.style()
}

// learnObj learns from the object's members, those added included.
func (b *Batch) learnObj(l *learner) {
	l.learn(b.doc, b.obj)
	for _, a := range b.added {
		if l.done() {
			return
		}
		l.seen(a.colon, a.sep)
	}
}

// walk is learner.walk over the document with the edits so far applied.
func (b *Batch) walk(l *learner, v *normalize.Value) bool {
	if !b.path[v] {
		return l.walk(b.doc, v)
	}
	if v == b.obj {
		b.learnObj(l)
	} else if v.Kind == normalize.Object {
		l.learn(b.doc, v)
	}
	if l.done() {
		return false
	}
	for _, it := range v.Items {
		if !b.walk(l, it) {
			return false
		}
	}
	for _, m := range v.Members {
		if f := b.replaced[m]; f != nil && v == b.obj {
			if !walkFragment(l, f) {
				return false
			}
			continue
		}
		if !b.walk(l, m.Value) {
			return false
		}
	}
	if v == b.obj {
		for _, a := range b.added {
			if !walkFragment(l, a.value) {
				return false
			}
		}
	}
	return true
}

func walkFragment(l *learner, f *fragment) bool {
	doc, v := f.parse()
	if v == nil {
		return true // not JSON: render checked it is
	}
	return l.walk(doc, v)
}
