package edit

import (
	"encoding/json"
	"fmt"
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
	edits, mutate, err := plan(doc, obj, m, op, key, value)
	if mutate == nil {
		return
	}
	if err != nil {
		if doc.Format == normalize.TOML {
			return // some TOML tables are refused, with a reason
		}
		t.Fatalf("%s: op %d on %q: %v", doc.Path, op, obj.Pointer, err)
	}
	want := doc.Root.Interface()
	mutate(want)
	checkResult(t, doc, edits, want, fmt.Sprintf("op %d on %q", op, obj.Pointer))
}

// checkResult applies edits to doc and checks the result parses, to want
// unless it is nil.
func checkResult(t *testing.T, doc *normalize.Document, edits []normalize.Edit, want any, what string) {
	t.Helper()
	out, err := Apply(doc.Src, edits)
	if err != nil {
		t.Fatal(err)
	}
	after, ok := parseClean(doc.Format, out)
	if !ok {
		t.Fatalf("%s: %s: the result does not parse:\n%s", doc.Path, what, out)
	}
	if want == nil {
		return
	}
	if g, w := after.Root.Interface(), want; !reflect.DeepEqual(g, w) && !reflect.DeepEqual(canon(g), canon(w)) {
		t.Fatalf("%s: %s:\n%s\ngot  %v\nwant %v", doc.Path, what, out, g, w)
	}
}

// plan computes the edits of one helper and how the tree (as Interface
// gives it) changes; mutate is nil when the op does not apply.
func plan(doc *normalize.Document, obj *normalize.Value, m *normalize.Member, op int, key, value string) (edits []normalize.Edit, mutate func(any), err error) {
	target := func(want any) map[string]any { return lookupAny(want, obj.Pointer).(map[string]any) }
	has := obj.Member(key) != nil
	switch op {
	case 0:
		if has {
			return nil, nil, nil
		}
		var e normalize.Edit
		e, err = InsertMember(doc, obj, key, value)
		return []normalize.Edit{e}, func(w any) { target(w)[key] = mustDecode(value) }, err
	case 1:
		if m == nil {
			return nil, nil, nil
		}
		var e normalize.Edit
		e, err = ReplaceValue(doc, m.Value, value)
		return []normalize.Edit{e}, func(w any) { target(w)[m.Key] = mustDecode(value) }, err
	case 2:
		if m == nil || has {
			return nil, nil, nil
		}
		edits, err = RenameKey(doc, m, key)
		return edits, func(w any) {
			tg := target(w)
			tg[key] = tg[m.Key]
			delete(tg, m.Key)
		}, err
	case 3:
		if m == nil {
			return nil, nil, nil
		}
		edits, err = DeleteMember(doc, obj, m)
		return edits, func(want any) {
			delete(target(want), m.Key)
			// a TOML table that only keys below it made goes when they go
			for v := obj; doc.Format == normalize.TOML && v != doc.Root && len(lookupAny(want, v.Pointer).(map[string]any)) == 0; {
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
		}, err
	}
	return nil, nil, nil
}

// FuzzTwoFixes: two helpers' edits computed on one file, chosen by Select
// and applied in one pass, give a file that parses, to the tree both
// changes make when they touch unrelated places.
func FuzzTwoFixes(f *testing.F) {
	seeds := []string{claudeJSON, vscodeJSONC, codexTOML, "{\n  \"a\": 1,\n  \"b\": {\"c\": 2}\n}\n", "[s]\nenv.A = \"1\"\nx = 1\n[t]\ny = 2\n"}
	for i, s := range seeds {
		for op := range 16 {
			f.Add([]byte(s), uint8(i), uint8(op), uint16(op*13+i), uint16(op*7+3*i))
		}
	}
	f.Fuzz(func(t *testing.T, src []byte, sel, ops uint8, p1, p2 uint16) {
		formats := []normalize.Format{normalize.JSON, normalize.JSONC, normalize.TOML}
		doc, ok := parseClean(formats[int(sel)%len(formats)], src)
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
		var fixes []normalize.Fix
		var mutates []func(any)
		var ptrs []string
		for i, p := range []uint16{p1, p2} {
			obj := objs[int(p)%len(objs)]
			var m *normalize.Member
			if len(obj.Members) > 0 {
				m = obj.Members[int(p/7)%len(obj.Members)]
			}
			op := int(ops>>(2*i)) % 4
			edits, mutate, err := plan(doc, obj, m, op, fmt.Sprintf("k%d", i), fuzzValues[int(p)%len(fuzzValues)])
			if mutate == nil || err != nil {
				return
			}
			ptr := obj.Pointer
			if m != nil && op != 0 {
				ptr = m.Value.Pointer
			}
			fixes = append(fixes, normalize.Fix{Description: strconv.Itoa(i), Edits: edits})
			mutates = append(mutates, mutate)
			ptrs = append(ptrs, ptr)
		}
		chosen, _ := Select("x", fixes)
		var want any
		related := strings.HasPrefix(ptrs[0]+"/", ptrs[1]+"/") || strings.HasPrefix(ptrs[1]+"/", ptrs[0]+"/")
		if !related {
			want = doc.Root.Interface()
			for _, c := range chosen {
				i, _ := strconv.Atoi(c.Description)
				mutates[i](want)
			}
		}
		checkResult(t, doc, Edits("x", chosen), want, fmt.Sprintf("ops %d, %d on %q, %q", ops%4, ops>>2%4, ptrs[0], ptrs[1]))
	})
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

// mustDecode reads JSON text as encoding/json does (objects as maps), to
// compare with what a document holds.
func mustDecode(s string) any {
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
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
