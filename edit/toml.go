package edit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// tomlValueEnd is the offset after the TOML value that starts at i: a
// string of any of the four kinds, an array or inline table (nested, with
// comments), or a bare literal (number, boolean, date).
func tomlValueEnd(src []byte, i int) int {
	if i >= len(src) {
		return i
	}
	switch c := src[i]; c {
	case '"', '\'':
		if i+2 < len(src) && src[i+1] == c && src[i+2] == c {
			for j := i + 3; j+2 < len(src); j++ {
				if c == '"' && src[j] == '\\' {
					j++
					continue
				}
				if src[j] == c && src[j+1] == c && src[j+2] == c {
					end := j + 3
					for end < len(src) && src[end] == c && end-j < 5 {
						end++ // up to two quotes of the content end it
					}
					return end
				}
			}
			return len(src)
		}
		for j := i + 1; j < len(src); j++ {
			switch {
			case c == '"' && src[j] == '\\':
				j++
			case src[j] == c:
				return j + 1
			case src[j] == '\n':
				return j
			}
		}
		return len(src)
	case '[', '{':
		depth := 0
		for j := i; j < len(src); j++ {
			switch src[j] {
			case '"', '\'':
				j = tomlValueEnd(src, j) - 1
			case '#':
				for j < len(src) && src[j] != '\n' {
					j++
				}
			case '[', '{':
				depth++
			case ']', '}':
				depth--
				if depth == 0 {
					return j + 1
				}
			}
		}
		return len(src)
	}
	j := i
	for j < len(src) && !strings.ContainsRune("\n,]}#", rune(src[j])) {
		j++
	}
	for j > i && (src[j-1] == ' ' || src[j-1] == '\t' || src[j-1] == '\r') {
		j--
	}
	return j
}

type tableKind int

const (
	notTable tableKind = iota
	rootTable
	headerTable // named by a [header] or [[header]] of its own
	inlineTable // { a = 1 }
	dottedTable // made by dotted keys: a.b = 1
	impliedTable
)

// headerLine reports whether the line holding i is a [table] header. The
// line's start comes from doc.Lines: it is asked of every table, and
// reading back to it made a long line (an inline table of dotted keys)
// cost the square of its length.
func headerLine(doc *normalize.Document, i int) bool {
	src := doc.Src
	j := doc.Lines.LineStart(i)
	for j < len(src) && (src[j] == ' ' || src[j] == '\t') {
		j++
	}
	return j < len(src) && src[j] == '['
}

func kindOf(doc *normalize.Document, v *normalize.Value) tableKind {
	src := doc.Src
	if v == doc.Root {
		return rootTable
	}
	if v.Kind != normalize.Object {
		return notTable
	}
	s := v.Range.Start.Offset
	if s < len(src) && src[s] == '{' {
		return inlineTable
	}
	next := skipSpaceTabs(src, v.Range.End.Offset)
	if headerLine(doc, s) {
		if next < len(src) && src[next] == ']' {
			return headerTable
		}
		return impliedTable
	}
	return dottedTable
}

func skipSpaceTabs(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i
}

// headerStarts lists the offsets of the lines of every header, sorted.
func headerStarts(doc *normalize.Document) []int {
	var out []int
	doc.Root.Walk(func(v *normalize.Value) bool {
		if (v.Kind == normalize.Object || v.Kind == normalize.Array) && v != doc.Root && v.Range.Start.Offset < len(doc.Src) &&
			doc.Src[v.Range.Start.Offset] != '{' && doc.Src[v.Range.Start.Offset] != '[' && headerLine(doc, v.Range.Start.Offset) {
			out = append(out, doc.Lines.LineStart(v.Range.Start.Offset))
		}
		return true
	})
	slices.Sort(out)
	return slices.Compact(out)
}

// section is the body of a table's section: from the line after its
// header (the file's start for the root) to the next header.
func section(doc *normalize.Document, v *normalize.Value, kind tableKind) (start, end int) {
	src := doc.Src
	if kind == headerTable {
		start = nextLine(src, v.Range.Start.Offset)
	}
	end = len(src)
	for _, h := range headerStarts(doc) {
		if h >= start {
			end = h
			break
		}
	}
	return start, end
}

// sectionAt is the section holding offset off: from the header line
// before it (the file's start) to the next header.
func sectionAt(doc *normalize.Document, off int) (start, end int) {
	end = len(doc.Src)
	for _, h := range headerStarts(doc) {
		if h > off {
			end = h
			break
		}
		start = h
	}
	return start, end
}

// keyValues calls fn with the key start and value end of every key-value
// below v (not descending into inline tables and arrays).
func keyValues(src []byte, v *normalize.Value, fn func(m *normalize.Member, keyStart, valueEnd int)) {
	for _, m := range v.Members {
		val := m.Value
		s := val.Range.Start.Offset
		if (val.Kind == normalize.Object || val.Kind == normalize.Array) && s < len(src) && src[s] != '{' && src[s] != '[' {
			// a table: by header or dotted keys
			keyValues(src, val, fn)
			for _, it := range val.Items {
				keyValues(src, it, fn)
			}
			continue
		}
		fn(m, keyExprStart(src, m.KeyRange.Start.Offset), tomlValueEnd(src, s))
	}
}

// lastKeyValue is the value end and key start of the last key-value of
// the text between start and end, or -1.
func lastKeyValue(doc *normalize.Document, v *normalize.Value, start, end int) (keyStart, valueEnd int) {
	keyStart, valueEnd = -1, -1
	keyValues(doc.Src, v, func(_ *normalize.Member, ks, ve int) {
		if ks >= start && ks < end && ve > valueEnd {
			keyStart, valueEnd = ks, ve
		}
	})
	return keyStart, valueEnd
}

func tomlInsert(doc *normalize.Document, obj *normalize.Value, key, val string) (normalize.Edit, error) {
	src := doc.Src
	nl := lineEnding(doc)
	kv := tomlKey(key) + " = " + val
	switch kind := kindOf(doc, obj); kind {
	case inlineTable:
		open := obj.Range.Start.Offset
		close := tomlValueEnd(src, open) - 1
		if len(obj.Members) == 0 {
			return mk(doc, open+1, close, " "+kv+" "), nil
		}
		at := close
		for at > open && (src[at-1] == ' ' || src[at-1] == '\t') {
			at--
		}
		if src[at-1] == ',' { // a trailing comma (TOML 1.1) stays last
			return mk(doc, at, at, " "+kv+","), nil
		}
		return mk(doc, at, at, ", "+kv), nil
	case rootTable, headerTable:
		start, end := section(doc, obj, kind)
		ks, ve := lastKeyValue(doc, doc.Root, start, end)
		if ve >= 0 {
			at := nextLine(src, ve)
			text := indentOf(doc, ks) + kv + nl
			if at == len(src) && (at == 0 || src[at-1] != '\n') {
				text = nl + text
			}
			return mk(doc, at, at, text), nil
		}
		text := kv + nl
		if kind == headerTable {
			text = indentOf(doc, obj.Range.Start.Offset) + text
			if start == len(src) && (start == 0 || src[start-1] != '\n') {
				text = nl + text
			}
		} else if end < len(src) {
			text += nl // a blank line before the first header
		}
		return mk(doc, start, start, text), nil
	case dottedTable:
		es := keyExprStart(src, obj.Range.Start.Offset)
		if !firstOnLine(src, es) {
			return normalize.Edit{}, fmt.Errorf("table %q is written with dotted keys inside an inline table: add %q by hand", obj.Pointer, key)
		}
		prefix := string(src[es:obj.Range.End.Offset])
		// its own key-values, in the section it is written in (its
		// tables with headers come later)
		start, end := sectionAt(doc, es)
		ks, ve := lastKeyValue(doc, obj, start, end)
		if ve < 0 {
			return normalize.Edit{}, fmt.Errorf("table %q has no key to follow: add %q by hand", obj.Pointer, key)
		}
		at := nextLine(src, ve)
		text := indentOf(doc, ks) + prefix + "." + kv + nl
		if at == len(src) && src[at-1] != '\n' {
			text = nl + text
		}
		return mk(doc, at, at, text), nil
	}
	return normalize.Edit{}, fmt.Errorf("table %q has no header of its own (it is named only in the header of a table below it): add a [%s] header, then %q", obj.Pointer, strings.ReplaceAll(strings.TrimPrefix(obj.Pointer, "/"), "/", "."), key)
}

func tomlReplace(doc *normalize.Document, v *normalize.Value, val, newJSON string) (normalize.Edit, error) {
	src := doc.Src
	s := v.Range.Start.Offset
	if k := kindOf(doc, v); k != notTable && k != inlineTable || v.Kind == normalize.Array && headerLine(doc, s) && s < len(src) && src[s] != '[' {
		return normalize.Edit{}, fmt.Errorf("value at %q is a table with a header or dotted keys: it cannot be replaced as a whole", v.Pointer)
	}
	end := tomlValueEnd(src, s)
	if s+1 < len(src) && src[s] == '\'' && src[s+1] != '\'' {
		// a literal string stays literal when the new one can be
		if str, err := decodeJSON(newJSON); err == nil {
			if t, ok := str.(string); ok && !strings.ContainsAny(t, "'\n\r") && tomlString(t) == `"`+t+`"` {
				val = "'" + t + "'"
			}
		}
	}
	return mk(doc, s, end, val), nil
}

// tomlInsertTable adds key as a [table] of its own below obj, its members
// in the order given; a table whose members are all tables (servers under
// a new [mcp_servers]) is written as a section per member
// ([mcp_servers.a], [mcp_servers.b]) instead of an empty header above
// inline tables.
func tomlInsertTable(doc *normalize.Document, obj *normalize.Value, key string, t ordered) (normalize.Edit, error) {
	src := doc.Src
	nl := lineEnding(doc)
	path, ok := keyPath(doc.Root, obj)
	if !ok {
		return normalize.Edit{}, fmt.Errorf("table %q is in an array of tables: add %q by hand", obj.Pointer, key)
	}
	path = append(path, tomlKey(key))
	var b strings.Builder
	writeSection := func(path []string, t ordered) error {
		if b.Len() > 0 {
			b.WriteString(nl)
		}
		b.WriteString("[" + strings.Join(path, ".") + "]" + nl)
		for _, m := range t {
			lit, err := Literal(normalize.TOML, m.val)
			if err != nil {
				return err
			}
			b.WriteString(tomlKey(m.key) + " = " + lit + nl)
		}
		return nil
	}
	tables := len(t) > 0
	for _, m := range t {
		_, ok := m.val.(ordered)
		tables = tables && ok
	}
	if tables {
		for _, m := range t {
			if err := writeSection(append(slices.Clip(path), tomlKey(m.key)), m.val.(ordered)); err != nil {
				return normalize.Edit{}, err
			}
		}
	} else if err := writeSection(path, t); err != nil {
		return normalize.Edit{}, err
	}
	// after the last section of obj's tables, before the comments of the
	// header that follows; at the end of the file when none does
	at := len(src)
	last := -1
	var walk func(v *normalize.Value)
	walk = func(v *normalize.Value) {
		if k := kindOf(doc, v); k == headerTable {
			last = max(last, v.Range.Start.Offset)
		}
		for _, m := range v.Members {
			walk(m.Value)
		}
		for _, it := range v.Items {
			walk(it)
		}
	}
	walk(obj)
	if last >= 0 {
		s, e := section(doc, &normalize.Value{Range: normalize.Range{Start: doc.Lines.Pos(last)}}, headerTable)
		at = attachedComments(doc, s, e)
	} else if obj != doc.Root {
		return normalize.Edit{}, fmt.Errorf("table %q has no section: add %q by hand", obj.Pointer, key)
	}
	// a blank line between sections where the file has one
	text := b.String()
	if at == len(src) {
		switch {
		case at == 0:
		case src[at-1] != '\n':
			text = nl + nl + text
		case !blankLineBefore(doc, at):
			text = nl + text
		}
	} else if blankLineBefore(doc, at) {
		text += nl
	}
	return mk(doc, at, at, text), nil
}

// blankLineBefore reports whether the line before the one starting at at
// is empty (spaces aside).
func blankLineBefore(doc *normalize.Document, at int) bool {
	src := doc.Src
	if at == 0 {
		return false
	}
	prev := lineStart(doc, at-1)
	return strings.TrimSpace(string(src[prev:at])) == ""
}

// keyPath is the keys from the root to v, written as TOML keys; false
// when the way passes through an array.
func keyPath(root, v *normalize.Value) ([]string, bool) {
	if v == root {
		return nil, true
	}
	for _, m := range root.Members {
		if m.Value == v {
			return []string{tomlKey(m.Key)}, true
		}
		if p, ok := keyPath(m.Value, v); ok {
			return append([]string{tomlKey(m.Key)}, p...), true
		}
	}
	return nil, false
}

// keyExprStart is where the dotted key holding the key at i starts.
func keyExprStart(src []byte, i int) int {
	toks := keyTokensBefore(src, i)
	if len(toks) > 0 {
		return toks[0][0]
	}
	return i
}

// keyTokensBefore returns the ranges of the keys before the key at i in
// one dotted key (a.b."c" = …, [a.b.c]), first to last.
func keyTokensBefore(src []byte, i int) [][2]int {
	var toks [][2]int
	for {
		j := i - 1
		for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
			j--
		}
		if j < 0 || src[j] != '.' {
			break
		}
		j--
		for j >= 0 && (src[j] == ' ' || src[j] == '\t') {
			j--
		}
		if j < 0 {
			break
		}
		end, start := j+1, -1
		if q := src[j]; q == '"' || q == '\'' {
			for k := j - 1; k >= 0 && src[k] != '\n'; k-- {
				if src[k] == q && (q == '\'' || !escaped(src, k)) {
					start = k
					break
				}
			}
		} else {
			k := j
			for k >= 0 && isBareKeyChar(src[k]) {
				k--
			}
			start = k + 1
		}
		if start < 0 || start >= end {
			break
		}
		toks = append([][2]int{{start, end}}, toks...)
		i = start
	}
	return toks
}

// escaped reports whether the byte at k follows an odd run of backslashes.
func escaped(src []byte, k int) bool {
	n := 0
	for k--; k >= 0 && src[k] == '\\'; k-- {
		n++
	}
	return n%2 == 1
}

// depthOf is the number of keys from the root to m (array indexes not
// counted), or -1 when m is not in the tree.
func depthOf(root *normalize.Value, m *normalize.Member) int {
	var find func(v *normalize.Value, d int) int
	find = func(v *normalize.Value, d int) int {
		for _, x := range v.Members {
			if x == m {
				return d + 1
			}
			if r := find(x.Value, d+1); r >= 0 {
				return r
			}
		}
		for _, it := range v.Items {
			if r := find(it, d); r >= 0 {
				return r
			}
		}
		return -1
	}
	return find(root, 0)
}

// mentions lists the ranges where the key of m is written: its own, and
// its place in every header and dotted key below it.
func mentions(doc *normalize.Document, m *normalize.Member) [][2]int {
	src := doc.Src
	dm := depthOf(doc.Root, m)
	out := [][2]int{{m.KeyRange.Start.Offset, m.KeyRange.End.Offset}}
	seen := map[int]bool{m.KeyRange.Start.Offset: true}
	add := func(p, end, dp int) {
		if dp == dm && !seen[p] { // the key itself, written again
			seen[p] = true
			out = append(out, [2]int{p, end})
			return
		}
		toks := keyTokensBefore(src, p)
		if j := len(toks) - (dp - dm); j >= 0 && j < len(toks) && !seen[toks[j][0]] {
			seen[toks[j][0]] = true
			out = append(out, toks[j])
		}
	}
	var walk func(v *normalize.Value, d int)
	walk = func(v *normalize.Value, d int) {
		for _, x := range v.Members {
			add(x.KeyRange.Start.Offset, x.KeyRange.End.Offset, d+1)
			walk(x.Value, d+1)
		}
		for _, it := range v.Items {
			if s := it.Range.Start.Offset; s < len(src) && src[s] != '{' && it.Kind == normalize.Object {
				add(s, it.Range.End.Offset, d) // an [[array.table]] header
			}
			walk(it, d)
		}
	}
	if dm >= 0 {
		walk(m.Value, dm)
	}
	slices.SortFunc(out, func(a, b [2]int) int { return a[0] - b[0] })
	return out
}

func tomlRename(doc *normalize.Document, m *normalize.Member, newKey string) ([]normalize.Edit, error) {
	var edits []normalize.Edit
	for _, r := range mentions(doc, m) {
		edits = append(edits, mk(doc, r[0], r[1], tomlKey(newKey)))
	}
	return edits, nil
}

func tomlDelete(doc *normalize.Document, obj *normalize.Value, i int) ([]normalize.Edit, error) {
	src := doc.Src
	m := obj.Members[i]
	if kindOf(doc, obj) == inlineTable {
		open := obj.Range.Start.Offset
		close := tomlValueEnd(src, open) - 1
		ks := keyExprStart(src, m.KeyRange.Start.Offset)
		end := tomlValueEnd(src, m.Value.Range.Start.Offset)
		switch {
		case len(obj.Members) == 1:
			return []normalize.Edit{mk(doc, open+1, close, "")}, nil
		case i+1 < len(obj.Members):
			return []normalize.Edit{mk(doc, ks, keyExprStart(src, obj.Members[i+1].KeyRange.Start.Offset), "")}, nil
		}
		prev := tomlValueEnd(src, obj.Members[i-1].Value.Range.Start.Offset)
		return []normalize.Edit{mk(doc, prev, end, "")}, nil
	}
	// every line the member is written on: the sections of its tables
	// with headers, and its key-values elsewhere
	var spans [][2]int
	var tables func(v *normalize.Value)
	tables = func(v *normalize.Value) {
		if k := kindOf(doc, v); k == headerTable {
			s, e := section(doc, v, k)
			// with the comments right above its header, which are about it
			h := lineStart(doc, v.Range.Start.Offset)
			spans = append(spans, [2]int{attachedComments(doc, 0, h), attachedComments(doc, s, e)})
		}
		for _, x := range v.Members {
			tables(x.Value)
		}
		for _, it := range v.Items {
			tables(it)
		}
	}
	if s := m.Value.Range.Start.Offset; m.Value.Kind == normalize.Object && s < len(src) && src[s] != '{' ||
		m.Value.Kind == normalize.Array && s < len(src) && src[s] != '[' {
		tables(m.Value)
		keyValues(src, &normalize.Value{Members: []*normalize.Member{m}}, func(_ *normalize.Member, ks, ve int) {
			spans = append(spans, [2]int{lineStart(doc, ks), nextLine(src, ve)})
		})
	} else {
		ks := keyExprStart(src, m.KeyRange.Start.Offset)
		spans = append(spans, [2]int{lineStart(doc, ks), nextLine(src, tomlValueEnd(src, m.Value.Range.Start.Offset))})
	}
	slices.SortFunc(spans, func(a, b [2]int) int { return a[0] - b[0] })
	var merged [][2]int
	for _, sp := range spans {
		if n := len(merged); n > 0 && sp[0] <= merged[n-1][1] {
			merged[n-1][1] = max(merged[n-1][1], sp[1])
			continue
		}
		merged = append(merged, sp)
	}
	var edits []normalize.Edit
	for _, sp := range merged {
		edits = append(edits, mk(doc, sp[0], sp[1], ""))
	}
	return edits, nil
}

// attachedComments moves end, the start of the next header, back over the
// comment lines right above it (they belong to it), but not before start.
func attachedComments(doc *normalize.Document, start, end int) int {
	src := doc.Src
	for end > start {
		prev := lineStart(doc, end-1)
		line := strings.TrimSpace(string(src[prev:end]))
		if !strings.HasPrefix(line, "#") {
			break
		}
		end = prev
	}
	return end
}
