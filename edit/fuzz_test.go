package edit

import (
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

var fuzzValues = []string{`"v"`, `true`, `12`, `["-y", "pkg"]`, `{"K": "v"}`, `"it's \"q\""`}

// FuzzHelpers: on any file that parses, each helper's edit gives a file
// that parses again to the same tree with exactly the change asked for.
func FuzzHelpers(f *testing.F) {
	seeds := []string{claudeJSON, vscodeJSONC, codexTOML,
		`{"mcpServers":{"a":{"command":"npx"}}}`, "{\n  // c\n  \"a\": {},\n}\n",
		"[s]\nenv.A = \"1\"\nargs = [\n  \"a\", # one\n]\n[[p]]\nx = 1\n", "a = { b = 1, c = { d = 'x' } }\n"}
	for i, s := range seeds {
		for op := range 4 {
			f.Add([]byte(s), uint8(i), uint8(op), uint16(i+op), uint8(op))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, sel, op uint8, pick uint16, val uint8) {
		formats := []normalize.Format{normalize.JSON, normalize.JSONC, normalize.TOML}
		format := formats[int(sel)%len(formats)]
		doc, ok := parseClean(format, src)
		if !ok || len(doc.Duplicates) > 0 {
			return
		}
		var objs []*normalize.Value
		doc.Root.Walk(func(v *normalize.Value) bool {
			if v.Kind == normalize.Object {
				objs = append(objs, v)
			}
			return len(objs) < 200
		})
		if len(objs) == 0 {
			return
		}
		obj := objs[int(pick)%len(objs)]
		var m *normalize.Member
		if len(obj.Members) > 0 {
			m = obj.Members[int(pick/7)%len(obj.Members)]
		}
		key := "new key"
		if pick%2 == 0 {
			key = "zz_new"
		}
		checkHelper(t, doc, obj, m, int(op%4), key, fuzzValues[int(val)%len(fuzzValues)])
	})
}

// checkHelper runs one helper (op: insert key, replace, rename to key,
// delete) on obj or its member m, and checks the result parses to the
// tree expected.
func checkHelper(t *testing.T, doc *normalize.Document, obj *normalize.Value, m *normalize.Member, op int, key, value string) {
	t.Helper()
	format := doc.Format
	{
		want := doc.Root.Interface()
		target := lookupAny(want, obj.Pointer).(map[string]any)
		var edits []normalize.Edit
		var err error
		switch op {
		case 0:
			if _, ok := target[key]; ok {
				return
			}
			var e normalize.Edit
			e, err = InsertMember(doc, obj, key, value)
			edits = []normalize.Edit{e}
			target[key] = mustDecode(value)
		case 1:
			if m == nil {
				return
			}
			var e normalize.Edit
			e, err = ReplaceValue(doc, m.Value, value)
			edits = []normalize.Edit{e}
			target[m.Key] = mustDecode(value)
		case 2:
			if _, ok := target[key]; m == nil || ok {
				return
			}
			edits, err = RenameKey(doc, m, key)
			target[key] = target[m.Key]
			delete(target, m.Key)
		case 3:
			if m == nil {
				return
			}
			edits, err = DeleteMember(doc, obj, m)
			delete(target, m.Key)
			// a TOML table that only keys below it made goes when they go
			for v := obj; format == normalize.TOML && v != doc.Root && len(lookupAny(want, v.Pointer).(map[string]any)) == 0; {
				if k := kindOf(doc, v); k != impliedTable && k != dottedTable {
					break
				}
				i := strings.LastIndexByte(v.Pointer, '/')
				parent, ok := lookupAny(want, v.Pointer[:i]).(map[string]any)
				if !ok {
					break
				}
				delete(parent, normalize.UnescapePointer(v.Pointer[i+1:]))
				v = doc.Root.Lookup(v.Pointer[:i])
			}
		}
		if err != nil {
			if format == normalize.TOML {
				return // some TOML tables are refused, with a reason
			}
			t.Fatalf("%s: op %d on %q: %v", doc.Path, op, obj.Pointer, err)
		}
		out, err := Apply(doc.Src, edits)
		if err != nil {
			t.Fatal(err)
		}
		after, ok := parseClean(format, out)
		if !ok {
			t.Fatalf("%s: op %d on %q: the result does not parse:\n%s", doc.Path, op, obj.Pointer, out)
		}
		if g, w := after.Root.Interface(), want; !reflect.DeepEqual(g, w) && !reflect.DeepEqual(canon(g), canon(w)) {
			t.Fatalf("%s: op %d on %q:\n%s\ngot  %v\nwant %v", doc.Path, op, obj.Pointer, out, g, w)
		}
	}
}

func parseClean(format normalize.Format, src []byte) (*normalize.Document, bool) {
	doc, diags := discover.Parse("/tmp/x", "x", format, src)
	for _, d := range diags {
		if d.Severity == normalize.Error {
			return nil, false
		}
	}
	return doc, doc.Root != nil
}

func mustDecode(s string) any {
	v, err := decodeJSON(s)
	if err != nil {
		panic(err)
	}
	return v
}

func lookupAny(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = normalize.UnescapePointer(tok)
		switch t := v.(type) {
		case map[string]any:
			v = t[tok]
		case []any:
			i, _ := strconv.Atoi(tok)
			v = t[i]
		}
	}
	return v
}

// canon makes numbers comparable whatever their spelling.
func canon(v any) any {
	b, err := json.Marshal(v)
	if err != nil {
		return v
	}
	var out any
	_ = json.Unmarshal(b, &out)
	return out
}
