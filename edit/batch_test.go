package edit

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// batchOp writes key with the value json into the object: its value
// rewritten when the object has the key by then, else added.
type batchOp struct{ key, json string }

func parseAs(t testing.TB, format normalize.Format, src []byte) *normalize.Document {
	t.Helper()
	doc, diags := discover.Parse("/tmp/x", "x", format, src)
	for _, d := range diags {
		if d.Severity == normalize.Error {
			t.Fatalf("does not parse (%s at %s):\n%s", d.Message, d.Pos, src)
		}
	}
	return doc
}

// oneAtATime applies the ops as app.Add did before Batch: each computed
// on the document the one before left, parsed again. An op the editor
// refuses is skipped.
func oneAtATime(t testing.TB, format normalize.Format, src []byte, ptr string, ops []batchOp) []byte {
	for _, o := range ops {
		doc := parseAs(t, format, src)
		obj := doc.Root.Lookup(ptr)
		var e normalize.Edit
		var err error
		if m := obj.Member(o.key); m != nil {
			e, err = ReplaceValue(doc, m.Value, Layout(m.Value, o.json))
		} else {
			e, err = InsertMember(doc, obj, o.key, Layout(obj, o.json))
		}
		if err != nil {
			continue
		}
		if src, err = Apply(src, []normalize.Edit{e}); err != nil {
			t.Fatal(err)
		}
	}
	return src
}

// batched applies the ops as app.Add does: through a Batch wherever the
// object has a member, one at a time (the document parsed again) where
// it has none or the batch cannot take the op. It returns the result
// and the number of parses.
func batched(t testing.TB, format normalize.Format, src []byte, ptr string, ops []batchOp) ([]byte, int) {
	var doc *normalize.Document
	var b *Batch
	parses := 0
	flush := func() {
		if b != nil && !b.Empty() {
			next, err := b.Result()
			if err != nil {
				t.Fatal(err)
			}
			src, doc = next, nil
		}
		b = nil
	}
	for _, o := range ops {
		for {
			if doc == nil {
				doc = parseAs(t, format, src)
				parses++
			}
			obj := doc.Root.Lookup(ptr)
			if b != nil && b.Has(o.key) {
				flush()
				continue
			}
			m := obj.Member(o.key)
			if len(obj.Members) > 0 {
				if b == nil {
					var err error
					if b, err = NewBatch(doc, obj); err != nil {
						t.Fatal(err)
					}
				}
				var ok bool
				var err error
				if m != nil {
					ok, err = b.Replace(m, Layout(m.Value, o.json))
				} else {
					ok, err = b.Insert(o.key, Layout(obj, o.json))
				}
				if err != nil || ok {
					break // refused as one at a time would, or done
				}
			}
			if b != nil && !b.Empty() {
				flush()
				continue
			}
			b = nil
			var e normalize.Edit
			var err error
			if m != nil {
				e, err = ReplaceValue(doc, m.Value, Layout(m.Value, o.json))
			} else {
				e, err = InsertMember(doc, obj, o.key, Layout(obj, o.json))
			}
			if err != nil {
				break
			}
			if src, err = Apply(src, []normalize.Edit{e}); err != nil {
				t.Fatal(err)
			}
			doc = nil
			break
		}
	}
	flush()
	return src, parses
}

// entries are server definitions as define writes them (": " and ", "),
// of one member and of several, with objects and arrays in them.
var entries = []string{
	`{"command": "npx", "args": ["-y", "pkg"]}`,
	`{"url": "https://x.example/mcp"}`,
	`{"type": "http", "url": "https://y.example/mcp", "headers": {"Authorization": "Bearer ${TOKEN}"}}`,
	`{"command": "uvx", "args": [], "env": {}}`,
	`{"command": "node", "env": {"A": "1", "B": "2"}}`,
	`{}`,
}

// randomJSON writes a JSON (or JSONC) file whose "mcpServers" object,
// at the top or in a project's entry, holds n servers, in a layout drawn
// from r: on one line, minified or spaced, or indented by two or four
// spaces or a tab, with LF or CRLF, objects inline or not, comments and
// trailing commas in JSONC, other keys before and after.
func randomJSON(r *rand.Rand, jsonc bool, n int) (string, string) {
	oneLine := r.IntN(3) == 0
	colon := []string{":", ": ", " : "}[r.IntN(3)]
	sep := []string{",", ", "}[r.IntN(2)]
	unit := []string{"  ", "    ", "\t", " "}[r.IntN(4)]
	nl := []string{"\n", "\r\n"}[r.IntN(2)]
	if oneLine {
		nl, unit = "", ""
	}
	var b strings.Builder
	comment := func(depth int) {
		if jsonc && r.IntN(4) == 0 {
			if nl != "" && r.IntN(2) == 0 {
				b.WriteString(" // note")
			} else {
				b.WriteString(" /* note */")
			}
		}
	}
	var obj func(depth int, members []string, vals []func(depth int))
	obj = func(depth int, keys []string, vals []func(depth int)) {
		inline := nl == "" || r.IntN(4) == 0
		if len(keys) == 0 {
			switch {
			case nl != "" && r.IntN(3) == 0:
				b.WriteString("{" + nl + strings.Repeat(unit, depth) + "}")
			case r.IntN(2) == 0:
				b.WriteString("{ }")
			default:
				b.WriteString("{}")
			}
			return
		}
		// some objects have members on lines of their own and others
		// not: {"a": 1,\n  "b": 2}
		mixed := !inline && r.IntN(4) == 0
		newline := func() bool { return !inline && (!mixed || r.IntN(2) == 0) }
		comma := func() {
			if r.IntN(8) == 0 {
				b.WriteString(" ")
			}
			b.WriteString(",")
		}
		b.WriteString("{")
		for i, k := range keys {
			if i > 0 {
				comma()
			}
			if newline() {
				if i > 0 {
					comment(depth)
				}
				b.WriteString(nl + strings.Repeat(unit, depth+1))
			} else if i > 0 {
				b.WriteString(strings.TrimPrefix(sep, ","))
			}
			fmt.Fprintf(&b, "%q%s", k, colon)
			vals[i](depth + 1)
		}
		if jsonc && r.IntN(3) == 0 {
			comma()
		}
		if newline() {
			comment(depth)
			b.WriteString(nl + strings.Repeat(unit, depth))
		} else if r.IntN(3) == 0 {
			b.WriteString(" ")
		}
		b.WriteString("}")
	}
	str := func(s string) func(int) { return func(int) { fmt.Fprintf(&b, "%q", s) } }
	server := func(i int) func(int) {
		return func(depth int) {
			switch r.IntN(3) {
			case 0:
				obj(depth, []string{"command", "args"}, []func(int){str("npx"), func(int) { fmt.Fprintf(&b, `["-y", "s%d"]`, i) }})
			case 1:
				obj(depth, []string{"url"}, []func(int){str(fmt.Sprintf("https://s%d.example/mcp", i))})
			default:
				obj(depth, []string{"command", "env"}, []func(int){str("uvx"), func(d int) {
					obj(d, []string{"LOG", "MODE"}, []func(int){str("info"), str("x")})
				}})
			}
		}
	}
	servers := func(depth int) {
		keys := make([]string, n)
		vals := make([]func(int), n)
		for i := range n {
			keys[i], vals[i] = fmt.Sprintf("s%d", i), server(i)
		}
		obj(depth, keys, vals)
	}
	other := func(depth int) {
		obj(depth, []string{"a", "b"}, []func(int){str("x"), func(d int) { obj(d, []string{"c"}, []func(int){str("y")}) }})
	}
	var keys []string
	var vals []func(int)
	if r.IntN(2) == 0 {
		keys, vals = append(keys, "before"), append(vals, other)
	}
	ptr := "/mcpServers"
	if r.IntN(4) == 0 {
		ptr = "/projects/~1home~1p/mcpServers"
		keys = append(keys, "projects")
		vals = append(vals, func(d int) {
			obj(d, []string{"/home/p"}, []func(int){func(d int) {
				obj(d, []string{"history", "mcpServers"}, []func(int){func(int) { b.WriteString("[]") }, servers})
			}})
		})
	} else {
		keys, vals = append(keys, "mcpServers"), append(vals, servers)
	}
	if r.IntN(2) == 0 {
		keys, vals = append(keys, "after"), append(vals, other)
	}
	obj(0, keys, vals)
	if r.IntN(4) != 0 {
		b.WriteString(nl)
		if nl == "" {
			b.WriteString("\n")
		}
	}
	return b.String(), ptr
}

// randomTOML writes a Codex config.toml with n servers as
// [mcp_servers.NAME] tables (an empty [mcp_servers] when none), other
// tables before and after, comments, blank lines between sections or
// not, LF or CRLF, a final newline or not.
func randomTOML(r *rand.Rand, n int) (string, string) {
	nl := []string{"\n", "\r\n"}[r.IntN(2)]
	gap := []string{"", nl}[r.IntN(2)]
	var b strings.Builder
	if r.IntN(2) == 0 {
		b.WriteString(`model = "o3"` + nl + gap)
	}
	if r.IntN(2) == 0 {
		b.WriteString("[profiles.x]" + nl + `model = "x"` + nl + gap)
	}
	if n == 0 {
		b.WriteString("[mcp_servers]" + nl + gap)
	}
	for i := range n {
		fmt.Fprintf(&b, "[mcp_servers.s%d]%scommand = \"npx\"%s", i, nl, nl)
		if r.IntN(2) == 0 {
			fmt.Fprintf(&b, "args = [\"-y\", \"s%d\"]%s", i, nl)
		}
		if r.IntN(3) == 0 {
			fmt.Fprintf(&b, "[mcp_servers.s%d.env]%sLOG = \"info\"%s", i, nl, nl)
		}
		b.WriteString(gap)
	}
	if r.IntN(2) == 0 {
		if r.IntN(2) == 0 {
			b.WriteString("# the tools" + nl)
		}
		b.WriteString("[tools]" + nl + "web_search = true" + nl)
	}
	s := b.String()
	if r.IntN(4) == 0 {
		s = strings.TrimRight(s, "\r\n")
	}
	return s, "/mcp_servers"
}

// randomOps writes k servers: new names, names the object has
// (rewritten), and a name twice.
func randomOps(r *rand.Rand, n, k int) []batchOp {
	ops := make([]batchOp, k)
	for i := range ops {
		key := fmt.Sprintf("new%d", i)
		switch {
		case n > 0 && r.IntN(4) == 0:
			key = fmt.Sprintf("s%d", r.IntN(n))
		case i > 0 && r.IntN(10) == 0:
			key = ops[r.IntN(i)].key
		}
		ops[i] = batchOp{key, entries[r.IntN(len(entries))]}
	}
	return ops
}

// TestBatchSameAsOneAtATime: a Batch writes the bytes that inserting and
// replacing one member at a time, the file parsed again after each, does
// (what app.Add did for every server of a sync), over random layouts:
// JSON on one line and indented, JSONC with comments and trailing commas,
// TOML; objects empty, small and large, so that the style is learnt from
// the file, from the members added, or not at all; names rewritten, added
// and given twice. It parses each file a few times, not once per member.
func TestBatchSameAsOneAtATime(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 9))
	for i := range 3000 {
		var src, ptr string
		format := normalize.JSON
		n := []int{0, 1, 2, 5, 30}[r.IntN(5)]
		switch i % 4 {
		case 0, 1:
			src, ptr = randomJSON(r, false, n)
		case 2:
			format = normalize.JSONC
			src, ptr = randomJSON(r, true, n)
		case 3:
			format = normalize.TOML
			src, ptr = randomTOML(r, n)
		}
		ops := randomOps(r, n, 1+r.IntN(40))
		if i%5 == 0 { // new names only
			ops = ops[:0]
			for j := range 30 {
				ops = append(ops, batchOp{fmt.Sprintf("new%d", j), entries[r.IntN(len(entries))]})
			}
		}
		want := oneAtATime(t, format, []byte(src), ptr, ops)
		got, parses := batched(t, format, []byte(src), ptr, ops)
		if !bytes.Equal(got, want) {
			t.Fatalf("case %d (%s, %d servers), ops %v:\n%s\none at a time:\n%s\nbatched:\n%s", i, format, n, ops, src, want, got)
		}
		// the file as read, again after the member that makes the
		// object not empty, and after one written where the last member
		// was followed otherwise (a comment, a space before its comma)
		if i%5 == 0 && parses > 3 {
			t.Errorf("case %d (%s, %d servers): 30 members added with %d parses, want at most 3:\n%s", i, format, n, parses, src)
		}
	}
}

// FuzzBatch: TestBatchSameAsOneAtATime's comparison over the layouts and
// ops the fuzzer's seeds draw.
func FuzzBatch(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint8(5), uint8(10))
	f.Add(uint64(2), uint8(2), uint8(0), uint8(30))
	f.Add(uint64(3), uint8(3), uint8(30), uint8(40))
	f.Fuzz(func(t *testing.T, seed uint64, kind, n, k uint8) {
		r := rand.New(rand.NewPCG(seed, uint64(kind)<<16|uint64(n)<<8|uint64(k)))
		var src, ptr string
		format := normalize.JSON
		switch kind % 3 {
		case 0:
			src, ptr = randomJSON(r, false, int(n%40))
		case 1:
			format = normalize.JSONC
			src, ptr = randomJSON(r, true, int(n%40))
		case 2:
			format = normalize.TOML
			src, ptr = randomTOML(r, int(n%40))
		}
		ops := randomOps(r, int(n%40), 1+int(k%60))
		want := oneAtATime(t, format, []byte(src), ptr, ops)
		if got, _ := batched(t, format, []byte(src), ptr, ops); !bytes.Equal(got, want) {
			t.Fatalf("%s, ops %v:\n%s\none at a time:\n%s\nbatched:\n%s", format, ops, src, want, got)
		}
	})
}
