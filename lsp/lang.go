package lsp

// Completion, go to definition, document symbols and the hover on a
// placeholder: what a reader of the file accepts and does, read from its
// descriptor. None of them runs anything or reads a variable's value.

import (
	"bytes"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// step is one level of the path from a document's root to a position:
// the member (nil for an array item) and its value; inKey is set when
// the position is on the member's key.
type step struct {
	m     *normalize.Member
	v     *normalize.Value
	inKey bool
}

func inside(r normalize.Range, off int) bool {
	return off >= r.Start.Offset && off <= r.End.Offset
}

// pathAt is the path from v to the innermost key or value that holds off.
func pathAt(v *normalize.Value, off int) []step {
	var out []step
	for depth := 0; v != nil && depth < 64; depth++ {
		var next *normalize.Value
		for _, m := range v.Members {
			if inside(m.KeyRange, off) {
				return append(out, step{m: m, v: m.Value, inKey: true})
			}
			if s, e := extent(m.Value, m.Value.Range.Start.Offset, m.Value.Range.End.Offset, 0); m.Value != nil && off >= s && off <= e {
				out = append(out, step{m: m, v: m.Value})
				next = m.Value
				break
			}
		}
		if next == nil {
			for _, it := range v.Items {
				if s, e := extent(it, it.Range.Start.Offset, it.Range.End.Offset, 0); off >= s && off <= e {
					out = append(out, step{v: it})
					next = it
					break
				}
			}
		}
		v = next
	}
	return out
}

// docOf is the tree of the open document as discovery parses it.
func (at *place) docOf() *normalize.Document {
	for _, d := range at.ws.Documents {
		if d.Abs == at.abs && d.Root != nil {
			return d
		}
	}
	format := normalize.JSONC
	if strings.HasSuffix(at.abs, ".toml") {
		format = normalize.TOML
	}
	src := at.doc.text.src[bomShift(at.doc.text):]
	d, _ := discover.Parse(at.abs, at.abs, format, src)
	return d
}

// serverHit is the server defined at off in the file (see serverAt).
func serverHit(ws *normalize.Workspace, abs string, off int) *normalize.Server {
	var hit *normalize.Server
	best := -1
	for _, v := range ws.Views {
		for i := range v.Entries {
			e := &v.Entries[i]
			cands := []*normalize.Server{&e.Server}
			for j := range e.Shadowed {
				cands = append(cands, &e.Shadowed[j].Server)
			}
			for _, sv := range cands {
				if sv.Source.Abs != abs || sv.Node == nil || !sv.Source.Pos.IsValid() {
					continue
				}
				start, end := extent(sv.Node, sv.Source.Pos.Offset, sv.Node.Range.End.Offset, 0)
				if off < start || off > end || best >= 0 && end-start >= best {
					continue
				}
				hit, best = sv, end-start
			}
		}
	}
	return hit
}

// fieldOf is the server field (its key as written) that holds off in
// the entry node; "" when off is on the entry itself.
func fieldOf(node *normalize.Value, off int) (*normalize.Member, []step) {
	p := pathAt(node, off)
	if len(p) == 0 {
		return nil, nil
	}
	return p[0].m, p
}

func names(cs []*normalize.Client) string {
	var out []string
	for _, c := range cs {
		if !slices.Contains(out, c.Product) {
			out = append(out, c.Product)
		}
	}
	return strings.Join(out, ", ")
}

// kindOf is the type the client requires of a field, from its
// FieldChecks; "" when its descriptor records none.
func kindOf(c *normalize.Client, key string) string {
	for _, fc := range c.FieldChecks {
		if fc.Path == key {
			return fc.Kind.String()
		}
	}
	return ""
}

// completion offers, inside a server's entry: on a key, the keys its
// readers accept (Shape.Fields), each with its type and the readers that
// ignore it; in the value of "type", the literals each reader takes
// (Shape.Types); in another string, the environment's variable names
// written as each reader references one (Expansion.VarForm) — names only.
// In a buffer that does not parse, the same, from the text before the
// cursor made to parse (recover.go).
func (s *server) completion(p TextDocumentPositionParams) (any, error) {
	at, ok := s.at(p)
	if !ok || len(at.readers) == 0 {
		return []CompletionItem{}, nil
	}
	sv := serverHit(at.ws, at.abs, at.off)
	if sv == nil {
		// mid-typing: the buffer as it would parse, up to the cursor
		if at, sv = s.repaired(at); sv == nil {
			return []CompletionItem{}, nil
		}
	}
	m, path := fieldOf(sv.Node, at.off)
	b := s.o.Boundary()
	items := []CompletionItem{}
	switch {
	case m != nil && !path[0].inKey && m.Key == "type":
		seen := map[string]int{}
		for _, c := range at.readers {
			for _, t := range c.Types {
				if _, ok := seen[t.Name]; !ok {
					seen[t.Name] = len(items)
					items = append(items, CompletionItem{Label: t.Name, Kind: completionEnumMember, Detail: string(t.Transport)})
				}
			}
		}
		for i := range items {
			var takes, not []*normalize.Client
			for _, c := range at.readers {
				if slices.ContainsFunc(c.Types, func(t normalize.TypeLiteral) bool { return t.Name == items[i].Label }) {
					takes = append(takes, c)
				} else {
					not = append(not, c)
				}
			}
			items[i].Documentation = readersDoc("taken by", takes, "not by", not)
		}
	case m != nil && !path[0].inKey:
		last := path[len(path)-1]
		if last.inKey || last.v == nil || last.v.Kind != normalize.String {
			break
		}
		env := s.environNames()
		byLabel := map[string]int{}
		for _, c := range at.readers {
			if c.VarForm == "" {
				continue
			}
			for _, name := range env {
				label := c.VarRef(name)
				if i, ok := byLabel[label]; ok {
					items[i].Detail += ", " + c.Product
					continue
				}
				byLabel[label] = len(items)
				items = append(items, CompletionItem{Label: label, Kind: completionVariable, FilterText: name,
					Detail: "environment variable " + name + " for " + c.Product})
			}
		}
	default:
		present := map[string]bool{}
		for _, pm := range sv.Node.Members {
			if pm != m {
				present[pm.Key] = true
			}
		}
		var keys []string
		for _, c := range at.readers {
			for _, f := range c.Fields {
				if !slices.Contains(keys, f) && !present[f] {
					keys = append(keys, f)
				}
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			var takes, not []*normalize.Client
			typ := ""
			for _, c := range at.readers {
				if slices.Contains(c.Fields, k) || slices.Contains(c.HostFields, k) {
					takes = append(takes, c)
					if typ == "" {
						typ = kindOf(c, k)
					}
				} else {
					not = append(not, c)
				}
			}
			item := CompletionItem{Label: k, Kind: completionField, Detail: typ,
				Documentation: readersDoc("read by", takes, "ignored by", not)}
			if typ == "" {
				item.Detail = "type not recorded"
			}
			items = append(items, item)
		}
	}
	for i := range items {
		items[i].Label = b.Message(items[i].Label).String()
		items[i].Detail = b.Message(items[i].Detail).String()
	}
	return items, nil
}

// repaired is the place of a completion in the text before the cursor
// made to parse (recover.go), and the server whose entry holds the
// cursor there; nil when there is none, or when the cursor is on a
// server's name rather than in its entry (the hole is then the entry).
func (s *server) repaired(at *place) (*place, *normalize.Server) {
	src := at.doc.text.src[bomShift(at.doc.text):]
	var fixed []byte
	var off int
	var ok bool
	if strings.HasSuffix(at.abs, ".toml") {
		fixed, off, ok = repairTOML(src, at.off)
	} else {
		fixed, off, ok = repairJSON(src, at.off)
	}
	if !ok || bytes.Equal(fixed, src) {
		return nil, nil
	}
	rat, ok := s.placeIn(at.doc, off, fixed)
	if !ok || len(rat.readers) == 0 {
		return nil, nil
	}
	sv := serverHit(rat.ws, rat.abs, rat.off)
	if sv == nil {
		return nil, nil
	}
	if _, path := fieldOf(sv.Node, rat.off); len(path) == 0 {
		return nil, nil // the hole is the server (its name is being written)
	}
	return rat, sv
}

func readersDoc(yes string, takes []*normalize.Client, no string, not []*normalize.Client) string {
	out := yes + " " + names(takes)
	if len(not) > 0 {
		out += "; " + no + " " + names(not)
	}
	return out
}

// environNames are the names of the environment's variables, sorted.
func (s *server) environNames() []string {
	if s.o.Environ == nil {
		return nil
	}
	var out []string
	for _, kv := range s.o.Environ() {
		if i := strings.IndexByte(kv, '='); i > 0 && !slices.Contains(out, kv[:i]) {
			out = append(out, kv[:i])
		}
	}
	sort.Strings(out)
	return out
}

// listKey says a member key holds server names for one of the readers:
// the last key of a List's path, or an Approval setting's key.
func listKey(readers []*normalize.Client, key string) (switches, ok bool) {
	for _, c := range readers {
		for _, l := range c.Lists {
			if len(l.Path) > 0 && l.Path[len(l.Path)-1] == key && l.Entries == nil {
				return l.Switches, true
			}
		}
		if a := c.Approval; a != nil && key != "" && (key == a.Enabled || key == a.Disabled) {
			return false, true
		}
	}
	return false, false
}

// allClients are the clients of the workspace's views.
func allClients(ws *normalize.Workspace) []*normalize.Client {
	var out []*normalize.Client
	for _, v := range ws.Views {
		out = append(out, v.Client)
	}
	return out
}

// definition answers on a server name in a list of names (an allow- or
// deny-list, an approval setting): the definitions of that name the
// file's tree holds, at their name keys.
func (s *server) definition(p TextDocumentPositionParams) (any, error) {
	at, ok := s.at(p)
	if !ok {
		return []Location{}, nil
	}
	d := at.docOf()
	if d == nil || d.Root == nil {
		return []Location{}, nil
	}
	path := pathAt(d.Root, at.off)
	name := ""
	clients := allClients(at.ws)
	for i := len(path) - 1; i >= 1 && name == ""; i-- {
		st := path[i]
		switch {
		case st.m == nil && st.v.Kind == normalize.String && path[i-1].m != nil:
			if sw, ok := listKey(clients, path[i-1].m.Key); ok && !sw {
				name = st.v.Str
			}
		case st.m != nil && st.inKey && path[i-1].m != nil:
			if sw, ok := listKey(clients, path[i-1].m.Key); ok && sw {
				name = st.m.Key
			}
		}
		if name == "" {
			break // only the innermost value names a server
		}
	}
	if name == "" {
		return []Location{}, nil
	}
	out := []Location{}
	seen := map[string]bool{}
	add := func(sv *normalize.Server) {
		if sv.Name != name && !strings.EqualFold(sv.Name, name) || !sv.Source.Pos.IsValid() {
			return
		}
		k := fmt.Sprintf("%s:%d", sv.Source.Abs, sv.Source.Pos.Offset)
		if seen[k] {
			return
		}
		seen[k] = true
		if r, ok := s.rangeIn(at.ws, sv); ok {
			out = append(out, Location{URI: uriOf(sv.Source.Abs), Range: r})
		}
	}
	for _, v := range at.ws.Views {
		for i := range v.Entries {
			add(&v.Entries[i].Server)
			for j := range v.Entries[i].Shadowed {
				add(&v.Entries[i].Shadowed[j].Server)
			}
		}
	}
	return out, nil
}

// rangeIn is the range of a server's name key in its file, as the
// editor counts (the open buffer's text, else the disk's).
func (s *server) rangeIn(ws *normalize.Workspace, sv *normalize.Server) (Range, bool) {
	key := normalize.Range{Start: sv.Source.Pos, End: sv.Source.Pos}
	if k := nameKey(ws, sv); k != nil {
		key = *k
	} else {
		for _, d := range ws.Documents {
			if d.Abs == sv.Source.Abs && d.Root != nil {
				if p := pathAt(d.Root, sv.Source.Pos.Offset); len(p) > 0 && p[len(p)-1].inKey {
					key = p[len(p)-1].m.KeyRange
					break
				}
			}
		}
	}
	var t *text
	if d := s.docs[sv.Source.Abs]; d != nil {
		t = d.text
	} else {
		for _, d := range ws.Documents {
			if d.Abs == sv.Source.Abs {
				t = newText(d.Src)
			}
		}
	}
	if t == nil {
		return Range{}, false
	}
	sh := bomShift(t)
	return Range{Start: t.position(key.Start.Offset+sh, s.enc), End: t.position(key.End.Offset+sh, s.enc)}, true
}

// documentSymbols are the servers the file defines, in file order: each
// one's name, its entry's range and its name key's.
func (s *server) documentSymbols(p DocumentSymbolParams) (any, error) {
	at, ok := s.at(TextDocumentPositionParams{TextDocument: p.TextDocument})
	if !ok {
		return []DocumentSymbol{}, nil
	}
	type sym struct {
		off int
		ds  DocumentSymbol
	}
	var syms []sym
	seen := map[int]int{} // by the name key's offset: each view reads the file
	b := s.o.Boundary()
	t := at.doc.text
	sh := bomShift(t)
	for _, v := range at.ws.Views {
		for i := range v.Entries {
			cands := []*normalize.Server{&v.Entries[i].Server}
			for j := range v.Entries[i].Shadowed {
				cands = append(cands, &v.Entries[i].Shadowed[j].Server)
			}
			for _, sv := range cands {
				if sv.Source.Abs != at.abs || sv.Node == nil || !sv.Source.Pos.IsValid() {
					continue
				}
				i, dup := seen[sv.Source.Pos.Offset]
				if dup && syms[i].ds.SelectionRange.End != syms[i].ds.SelectionRange.Start {
					continue
				}
				start, end := extent(sv.Node, sv.Source.Pos.Offset, sv.Node.Range.End.Offset, 0)
				sel, _ := s.rangeIn(at.ws, sv)
				detail := string(sv.Transport)
				ds := DocumentSymbol{Name: b.Message(sv.Name).String(), Detail: detail, Kind: symbolObject,
					Range:          Range{Start: t.position(start+sh, s.enc), End: t.position(end+sh, s.enc)},
					SelectionRange: sel}
				if dup {
					syms[i].ds = ds
					continue
				}
				seen[sv.Source.Pos.Offset] = len(syms)
				syms = append(syms, sym{start, ds})
			}
		}
	}
	sort.Slice(syms, func(i, j int) bool { return syms[i].off < syms[j].off })
	out := []DocumentSymbol{}
	for _, x := range syms {
		out = append(out, x.ds)
	}
	return out, nil
}

// placeholderHover answers a hover on a placeholder in a server's value:
// what each reader does with it — the variable it reads and whether that
// is set (never its value), or that it sends the text literally.
func (s *server) placeholderHover(at *place) (*Hover, bool) {
	sv := serverHit(at.ws, at.abs, at.off)
	if sv == nil {
		return nil, false
	}
	m, path := fieldOf(sv.Node, at.off)
	if m == nil {
		return nil, false
	}
	last := path[len(path)-1]
	if last.inKey || last.v == nil || last.v.Kind != normalize.String {
		return nil, false
	}
	src := at.doc.text.src[bomShift(at.doc.text):]
	r := last.v.Range
	if r.Start.Offset < 0 || r.End.Offset > len(src) || r.Start.Offset > r.End.Offset {
		return nil, false
	}
	raw := string(src[r.Start.Offset:r.End.Offset])
	rel := at.off - r.Start.Offset
	var ph *resolve.Placeholder
	for _, x := range resolve.Scan(raw) {
		if rel >= x.Start && rel <= x.End {
			ph = &x
			break
		}
	}
	if ph == nil {
		return nil, false
	}
	var lines []string
	for _, c := range at.readers {
		var set *normalize.Set
		for _, v := range at.ws.Views {
			if v.Client == c {
				set = v
			}
		}
		lines = append(lines, c.Product+": "+s.expandsTo(c, set, m.Key, *ph))
	}
	b := s.o.Boundary() // one message per line: the boundary keeps each on one line
	title := b.Message(ph.Text).String()
	h := &Hover{}
	for i, l := range lines {
		lines[i] = b.Message(l).String()
		if s.markdown {
			lines[i] = "- " + markdownEscape(lines[i])
		}
	}
	body := strings.Join(lines, "\n")
	if s.markdown {
		h.Contents = MarkupContent{Kind: "markdown", Value: fmt.Sprintf("**%s** — what each client that reads this file does with it\n\n%s", markdownEscape(title), body)}
	} else {
		h.Contents = MarkupContent{Kind: "plaintext", Value: fmt.Sprintf("%s — what each client that reads this file does with it\n\n%s", title, body)}
	}
	sh := bomShift(at.doc.text)
	rg := Range{Start: at.doc.text.position(r.Start.Offset+ph.Start+sh, s.enc), End: at.doc.text.position(r.Start.Offset+ph.End+sh, s.enc)}
	h.Range = &rg
	return h, true
}

// variable syntaxes: those that read an environment variable.
var variable = []normalize.Syntax{normalize.Dollar, normalize.Bare, normalize.EnvColon, normalize.Brace, normalize.Percent}

// expandsTo says what client c does with placeholder p in the server
// field key: never a value.
func (s *server) expandsTo(c *normalize.Client, set *normalize.Set, key string, p resolve.Placeholder) string {
	if !c.ExpandsVar(p.Syntax, p.Name) {
		return fmt.Sprintf("sends %q literally (it does not expand this syntax)", p.Text)
	}
	if len(c.ExpandFields) > 0 && !slices.Contains(c.ExpandFields, key) {
		return fmt.Sprintf("sends %q literally (it expands no placeholder in %q)", p.Text, key)
	}
	switch {
	case slices.Contains(variable, p.Syntax):
		base := func(n string) (string, bool) {
			if s.o.Getenv == nil {
				return "", false
			}
			v := s.o.Getenv(n)
			return v, v != ""
		}
		if _, ok := set.Lookup(base)(p.Name); ok {
			return fmt.Sprintf("environment variable %q, which is set", p.Name)
		}
		if p.HasDefault {
			return fmt.Sprintf("environment variable %q, which is not set: the default written after \":-\"", p.Name)
		}
		return fmt.Sprintf("environment variable %q, which is not set here", p.Name)
	case p.Syntax == normalize.Input:
		return fmt.Sprintf("the input %q, asked of the user", p.Name)
	case p.Syntax == normalize.Editor:
		return fmt.Sprintf("the editor variable %q", p.Name)
	case p.Syntax == normalize.BraceFile:
		return fmt.Sprintf("the contents of the file %q", p.Name)
	}
	return fmt.Sprintf("expands %q", p.Text)
}
