package app

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// A definition a write replaces (sync, AddRequest.Replace) is compared
// with the one written as what the target client launches from each:
// transport, command, args, URL, working directory, env and headers as
// the client reads them, a placeholder the target reads equal to the
// reference written in the same place (a VS Code ${input:id} the file
// declares, for the ${NAME} written there; ${userHome} for ${HOME}). One
// that launches the same is left byte for byte (launchesAs); otherwise
// only the members that differ are rewritten (replaceMembers), so a
// placeholder the target reads the same, a "type" the entry spells out,
// the layout of what did not change and keys mcpconf does not write stay.

// launchesAs reports whether c launches the same server from got (its
// definition in the target file) as from want (the entry to write,
// decoded by c): the same transport, command, args, URL, working
// directory, env file, env and headers, each placeholder compared as c
// reads it (sameIn), and the same switches, timeouts and tool filters.
// inputs are the VS Code inputs got's file declares.
func launchesAs(c *normalize.Client, inputs map[string]bool, got, want *normalize.Server) bool {
	if !got.Enabled || !want.Enabled || got.Off != nil || want.Off != nil {
		return false
	}
	same := func(field, g, w string) bool { return sameIn(c, inputs, field, g, w) }
	if !same("command", got.Command, want.Command) || !same("url", got.URL, want.URL) ||
		!same("cwd", got.Cwd, want.Cwd) || !same("env_file", got.EnvFile, want.EnvFile) ||
		len(got.Args) != len(want.Args) || len(got.Env) != len(want.Env) || len(got.Headers) != len(want.Headers) {
		return false
	}
	for i := range got.Args {
		if !same("args", got.Args[i], want.Args[i]) {
			return false
		}
	}
	for k, v := range got.Env {
		if w, ok := want.Env[k]; !ok || !same("env", v, w) {
			return false
		}
	}
	for k, v := range got.Headers {
		w, ok := want.Headers[k]
		if !ok {
			for wk, wv := range want.Headers {
				if strings.EqualFold(wk, k) {
					w, ok = wv, true
				}
			}
		}
		if !ok || !same("headers", v, w) {
			return false
		}
	}
	// the rest compared as they are, the strings above left out
	g, w := *got, *want
	g.Command, g.URL, g.Cwd, g.EnvFile, g.Args, g.Env, g.Headers = "", "", "", "", nil, nil, nil
	w.Command, w.URL, w.Cwd, w.EnvFile, w.Args, w.Env, w.Headers = "", "", "", "", nil, nil, nil
	return len(normalize.Differences(&g, &w)) == 0
}

// sameIn reports whether c launches a server the same from value g in
// field of a target's definition as from value w it would write there:
// the text outside placeholders the same, and each placeholder of g that
// c expands the same as w's in its place: the same variable (in any of
// c's syntaxes), or, for the reference w writes, an input the file
// declares, or ${userHome} for ${HOME}. Text c sends literally is text.
func sameIn(c *normalize.Client, inputs map[string]bool, field, g, w string) bool {
	if g == w {
		return true
	}
	pg, pw := resolve.Launched(c, field, g), resolve.Launched(c, field, w)
	if len(pg) != len(pw) {
		return false
	}
	ag, aw := 0, 0
	for i := range pg {
		a, b := pg[i], pw[i]
		if g[ag:a.Start] != w[aw:b.Start] || !samePlaceholder(inputs, a, b) {
			return false
		}
		ag, aw = a.End, b.End
	}
	return g[ag:] == w[aw:]
}

// samePlaceholder: a (the target's) gives the server what b (written)
// would.
func samePlaceholder(inputs map[string]bool, a, b resolve.Placeholder) bool {
	if a.Syntax == b.Syntax && a.Name == b.Name && a.HasDefault == b.HasDefault && a.Default == b.Default {
		return true
	}
	if !variable(b) {
		return false
	}
	switch {
	case variable(a):
		return a.Name == b.Name
	case a.Syntax == resolve.Input:
		// what the user is asked for, in the place the variable was: how
		// this client's users supply it
		return inputs[a.Name] && !a.HasDefault
	case a.Syntax == resolve.Editor:
		return a.Name == "userHome" && b.Name == "HOME"
	}
	return false
}

// variable is a reference to an environment variable without a default.
func variable(p resolve.Placeholder) bool {
	switch p.Syntax {
	case resolve.Dollar, resolve.Bare, resolve.EnvColon, resolve.Brace, resolve.Percent:
		return !p.HasDefault
	}
	return false
}

// decodeEntry is the server c reads from an entry's JSON (define.Entry).
func decodeEntry(c *normalize.Client, name, text string) (*normalize.Server, bool) {
	doc, _ := discover.Parse("", "", normalize.JSON, []byte(text))
	if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object {
		return nil, false
	}
	s := c.DecodeEntry(doc, name, doc.Root.Range.Start, doc.Root, normalize.Source{Client: c}, nil)
	return &s, true
}

// targetServer is c's definition of name in doc, decoded, with the
// inputs its file declares.
func targetServer(doc *normalize.Document, t discover.Target, c *normalize.Client, name string) (*normalize.Server, map[string]bool) {
	at, missing, _ := within(doc.Root, t.Within)
	if at == nil || len(missing) > 0 {
		return nil, nil
	}
	servers := at.Get(c.ServersKey)
	if servers == nil || servers.Kind != normalize.Object {
		return nil, nil
	}
	return decodeMember(doc, servers.Member(name), c, t.Display)
}

// decodeMember is c's entry m of an object of servers decoded alone (not the
// whole object: a sync of thousands of servers decodes each once), with
// the inputs its file declares; nil when there is none or it is no
// object.
func decodeMember(doc *normalize.Document, m *normalize.Member, c *normalize.Client, display string) (*normalize.Server, map[string]bool) {
	if m == nil || m.Value.Kind != normalize.Object {
		return nil, nil
	}
	got := c.DecodeEntry(doc, m.Key, m.KeyRange.Start, m.Value, normalize.Source{Path: display, Client: c}, nil)
	return &got, normalize.DeclaredInputs(doc, &got)
}

// entryValue is the value of c's entry name in doc.
func entryValue(doc *normalize.Document, t discover.Target, c *normalize.Client, name string) *normalize.Value {
	at, missing, _ := within(doc.Root, t.Within)
	if at == nil || len(missing) > 0 {
		return nil
	}
	if servers := at.Get(c.ServersKey); servers != nil && servers.Kind == normalize.Object {
		if v := servers.Get(name); v != nil && v.Kind == normalize.Object {
			return v
		}
	}
	return nil
}

// member is one key of an entry to write, with its value as JSON.
type member struct {
	key  string
	json json.RawMessage
}

// members are the keys of an entry's JSON, in writing order.
func members(text string) ([]member, bool) {
	dec := json.NewDecoder(strings.NewReader(text))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil, false
	}
	var out []member
	for dec.More() {
		t, err := dec.Token()
		k, ok := t.(string)
		if err != nil || !ok {
			return nil, false
		}
		var raw json.RawMessage
		if dec.Decode(&raw) != nil {
			return nil, false
		}
		out = append(out, member{k, raw})
	}
	return out, true
}

// fieldOf is the field name (ExpandFields') of an entry's key for c.
func fieldOf(c *normalize.Client, key string) string {
	for _, f := range []string{"command", "args", "env", "url", "headers", "cwd", "env_file"} {
		if c.FieldKey(f) == key {
			return f
		}
	}
	return key
}

// replaceMembers is the target file's text with c's definition of s.Name
// rewritten as e member by member: each key of e the entry holds with a
// value c does not launch the same (sameIn, element by element in an
// array, key by key in an object) rewritten, in the layout of the value
// it replaces, each missing one added, then the keys e does not write
// kept if c still launches what e means (a "type" spelled out, a note),
// else taken out. nil when the entry is not an object of the file, or
// the result does not launch what e means: the caller replaces it whole.
//
// A JSON entry is edited as a document of its own, its text alone parsed
// after each edit, and spliced back whole: a sync of thousands of
// servers into a large file does not parse the file once per member. A
// TOML table may be spread over headers: the file is parsed again.
func replaceMembers(o *discover.Options, t discover.Target, doc *normalize.Document, c *normalize.Client, s define.Server, e define.Entry) []byte {
	got, inputs := targetServer(doc, t, c, s.Name)
	v := entryValue(doc, t, c, s.Name)
	if got == nil || v == nil {
		return nil
	}
	if doc.Format == normalize.TOML {
		parse := func(b []byte) *normalize.Document { d, _ := o.ParseTarget(t, b); return d }
		return editMembers(doc.Src, parse, func(d *normalize.Document) *normalize.Value { return entryValue(d, t, c, s.Name) }, c, inputs, t.Display, s, e)
	}
	out := entryMembers(doc, t, v, c, inputs, s, e)
	if out == nil {
		return nil
	}
	start, end := v.Range.Start.Offset, v.Range.End.Offset
	return slices.Concat(doc.Src[:start], out, doc.Src[end:])
}

// entryMembers is the text of v, c's JSON entry for s.Name in doc,
// rewritten as e member by member (replaceMembers), or nil.
func entryMembers(doc *normalize.Document, t discover.Target, v *normalize.Value, c *normalize.Client, inputs map[string]bool, s define.Server, e define.Entry) []byte {
	start, end := v.Range.Start.Offset, v.Range.End.Offset
	parse := func(b []byte) *normalize.Document { d, _ := discover.Parse(t.Abs, t.Display, doc.Format, b); return d }
	root := func(d *normalize.Document) *normalize.Value {
		if d.Root == nil || d.Root.Kind != normalize.Object {
			return nil
		}
		return d.Root
	}
	return editMembers(doc.Src[start:end], parse, root, c, inputs, t.Display, s, e)
}

// editMembers is replaceMembers on src, a document parse reads, whose
// entry is the object entryOf finds in it.
func editMembers(src []byte, parse func([]byte) *normalize.Document, entryOf func(*normalize.Document) *normalize.Value, c *normalize.Client, inputs map[string]bool, display string, s define.Server, e define.Entry) []byte {
	want, ok := decodeEntry(c, s.Name, e.JSON)
	ms, ok2 := members(e.JSON)
	if !ok || !ok2 {
		return nil
	}
	current := func() (*normalize.Document, *normalize.Value) {
		d := parse(src)
		if d == nil || d.Root == nil {
			return nil, nil
		}
		return d, entryOf(d)
	}
	launches := func() bool {
		d, entry := current()
		if entry == nil {
			return false
		}
		got := c.DecodeEntry(d, s.Name, entry.Range.Start, entry, normalize.Source{Path: display, Client: c}, nil)
		return launchesAs(c, inputs, &got, want)
	}
	// step applies one edit made on the text as it is now, parsed again
	step := func(mk func(doc *normalize.Document, entry *normalize.Value) ([]normalize.Edit, error)) bool {
		d, entry := current()
		if entry == nil {
			return false
		}
		edits, err := mk(d, entry)
		if err != nil {
			return false
		}
		if len(edits) == 0 {
			return true
		}
		next, err := edit.Apply(src, edits)
		if err != nil {
			return false
		}
		src = next
		return true
	}
	one := func(ed normalize.Edit, err error) ([]normalize.Edit, error) {
		return []normalize.Edit{ed}, err
	}
	for _, m := range ms {
		field := fieldOf(c, m.key)
		var nv any
		if json.Unmarshal(m.json, &nv) != nil {
			return nil
		}
		obj, isObj := nv.(map[string]any)
		if _, entry := current(); isObj && entry != nil {
			isObj = entry.Get(m.key) != nil && entry.Get(m.key).Kind == normalize.Object
		}
		if !isObj {
			if !step(func(d *normalize.Document, entry *normalize.Value) ([]normalize.Edit, error) {
				old := entry.Get(m.key)
				switch {
				case old == nil:
					return one(edit.InsertMember(d, entry, m.key, edit.Layout(entry, string(m.json))))
				case sameValue(c, inputs, field, old, nv):
					return nil, nil
				}
				if text, ok := kept(c, inputs, field, old, nv); ok {
					return one(edit.ReplaceValue(d, old, edit.Layout(old, text)))
				}
				return one(edit.ReplaceValue(d, old, edit.Layout(old, string(m.json))))
			}) {
				return nil
			}
			continue
		}
		// an object the entry holds too (env, headers): key by key
		var order []member
		if sub, ok := members(string(m.json)); ok {
			order = sub
		}
		for _, sm := range order {
			sv := obj[sm.key]
			if !step(func(d *normalize.Document, entry *normalize.Value) ([]normalize.Edit, error) {
				parent := entry.Get(m.key)
				old := parent.Get(sm.key)
				switch {
				case old == nil:
					return one(edit.InsertMember(d, parent, sm.key, edit.Layout(parent, string(sm.json))))
				case sameValue(c, inputs, field, old, sv):
					return nil, nil
				}
				return one(edit.ReplaceValue(d, old, edit.Layout(old, string(sm.json))))
			}) {
				return nil
			}
		}
		for {
			var gone string
			if !step(func(d *normalize.Document, entry *normalize.Value) ([]normalize.Edit, error) {
				parent := entry.Get(m.key)
				for _, pm := range parent.Unique() {
					if _, ok := obj[pm.Key]; !ok {
						gone = pm.Key
						return edit.DeleteMember(d, parent, pm)
					}
				}
				return nil, nil
			}) {
				return nil
			}
			if gone == "" {
				break
			}
		}
	}
	if launches() {
		return src
	}
	// the keys e does not write, but "type", taken out
	written := map[string]bool{"type": true}
	for _, m := range ms {
		written[m.key] = true
	}
	for {
		var gone string
		if !step(func(d *normalize.Document, entry *normalize.Value) ([]normalize.Edit, error) {
			for _, em := range entry.Unique() {
				if !written[em.Key] {
					gone = em.Key
					return edit.DeleteMember(d, entry, em)
				}
			}
			return nil, nil
		}) {
			return nil
		}
		if gone == "" {
			break
		}
	}
	if launches() {
		return src
	}
	return nil
}

// sameValue reports whether the file's value old gives the server what
// the JSON value nv would: strings compared as c reads them (sameIn),
// arrays element by element, objects key by key; other values as JSON.
func sameValue(c *normalize.Client, inputs map[string]bool, field string, old *normalize.Value, nv any) bool {
	switch v := nv.(type) {
	case string:
		return old.Kind == normalize.String && sameIn(c, inputs, field, old.Str, v)
	case []any:
		if old.Kind != normalize.Array || len(old.Items) != len(v) {
			return false
		}
		for i, x := range v {
			if !sameValue(c, inputs, field, old.Items[i], x) {
				return false
			}
		}
		return true
	case map[string]any:
		if old.Kind != normalize.Object || len(old.Unique()) != len(v) {
			return false
		}
		for k, x := range v {
			o := old.Get(k)
			if o == nil || !sameValue(c, inputs, field, o, x) {
				return false
			}
		}
		return true
	}
	a, err1 := json.Marshal(old.Interface())
	b, err2 := json.Marshal(nv)
	return err1 == nil && err2 == nil && bytes.Equal(a, b)
}

// kept is an array nv as JSON, each element the file's old one where c
// reads that the same (a placeholder spelled the target's way stays);
// false when old is no array of as many elements.
func kept(c *normalize.Client, inputs map[string]bool, field string, old *normalize.Value, nv any) (string, bool) {
	arr, ok := nv.([]any)
	if !ok || old.Kind != normalize.Array || len(old.Items) != len(arr) {
		return "", false
	}
	out := make([]any, len(arr))
	for i, x := range arr {
		out[i] = x
		if sameValue(c, inputs, field, old.Items[i], x) {
			out[i] = old.Items[i].Interface()
		}
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(out) != nil {
		return "", false
	}
	return spaced(bytes.TrimSpace(b.Bytes())), true
}

// launchesWritten reports whether the client of w launches, from the
// definition its view set uses, what w's entry means (launchesAs): a
// definition sync left or edited in place, a VS Code ${input:id} kept
// for the ${NAME} written, is what was meant.
func launchesWritten(set *normalize.Set, w Written) bool {
	i := slices.IndexFunc(set.Entries, func(e normalize.Entry) bool { return e.Server.Name == w.Server.Name })
	if i < 0 {
		return false
	}
	e, err := define.For(w.Client, w.Server)
	if err != nil {
		return false
	}
	want, ok := decodeEntry(w.Client, w.Server.Name, e.JSON)
	if !ok {
		return false
	}
	got := &set.Entries[i].Server
	var inputs map[string]bool
	if d := slices.IndexFunc(set.Documents, func(d *normalize.Document) bool { return d.Path == got.Source.Path }); d >= 0 {
		inputs = normalize.DeclaredInputs(set.Documents[d], got)
	}
	return launchesAs(w.Client, inputs, got, want)
}

// spaced is compact JSON with ": " and ", " between members and
// elements, as users write it on one line (and define.Entry is).
func spaced(compact []byte) string {
	var b strings.Builder
	in, esc := false, false
	for _, ch := range compact {
		b.WriteByte(ch)
		switch {
		case esc:
			esc = false
		case in && ch == '\\':
			esc = true
		case ch == '"':
			in = !in
		case !in && (ch == ',' || ch == ':'):
			b.WriteByte(' ')
		}
	}
	return b.String()
}
