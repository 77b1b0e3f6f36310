package edit

import (
	"path"
	"strconv"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestAppendItem: an item goes at the end of its array in the array's
// layout, and every other byte is kept.
func TestAppendItem(t *testing.T) {
	for _, tc := range []struct {
		format    normalize.Format
		src, want string
		two       bool // add "w" too
	}{
		{normalize.JSON, `{"a": ["x"]}`, `{"a": ["x", "v"]}`, false},
		{normalize.JSON, `{"a": []}`, `{"a": ["v"]}`, false},
		{normalize.JSON, "{\"a\": [\n  \"x\"\n]}", "{\"a\": [\n  \"x\",\n  \"v\"\n]}", false},
		{normalize.JSON, "{\"a\": [\r\n    \"x\"\r\n]}", "{\"a\": [\r\n    \"x\",\r\n    \"v\"\r\n]}", false},
		{normalize.JSONC, "{\"a\": [\n  \"x\", // one, two\n]}", "{\"a\": [\n  \"x\", // one, two\n  \"v\",\n]}", false},
		{normalize.JSONC, "{\"a\": [\n  \"x\" // one, two\n]}", "{\"a\": [\n  \"x\", // one, two\n  \"v\"\n]}", false},
		{normalize.JSONC, `{"a": ["x" /* , */ ,]}`, `{"a": ["x" /* , */ , "v",]}`, false},
		{normalize.TOML, "a = [\"x\"]\n", "a = [\"x\", \"v\"]\n", false},
		{normalize.JSON, "{\"a\": [\n  \"x\"\n]}", "{\"a\": [\n  \"x\",\n  \"v\",\n  \"w\"\n]}", true},
		{normalize.JSON, "{\"a\": [\n  \"x\"\n]}", "{\"a\": [\n  \"x\",\n  \"v\",\n  \"w\"\n]}", true},
		{normalize.JSON, `{"a": ["x"]}`, `{"a": ["x", "v", "w"]}`, true},
		{normalize.TOML, "a = [\n  \"x\", # one, two\n]\n", "a = [\n  \"x\", # one, two\n  \"v\",\n]\n", false},
	} {
		doc, ok := parseClean(tc.format, []byte(tc.src))
		if !ok {
			t.Fatalf("%q does not parse", tc.src)
		}
		values := []string{`"v"`}
		if tc.two {
			values = append(values, `"w"`)
		}
		edits, err := AppendItem(doc, doc.Root.Get("a"), values...)
		if err != nil {
			t.Fatalf("%q: %v", tc.src, err)
		}
		out, err := Apply(doc.Src, edits)
		if err != nil || string(out) != tc.want {
			t.Errorf("%q:\ngot  %q (%v)\nwant %q", tc.src, out, err, tc.want)
		}
	}
	doc, _ := parseClean(normalize.JSON, []byte(`{"a": {}}`))
	if _, err := AppendItem(doc, doc.Root.Get("a"), `"v"`); err == nil {
		t.Error("an item added to an object")
	}
}

// FuzzAppendItem: on any file that parses, the item appended to any array
// gives a file that parses to the same tree with that item added.
func FuzzAppendItem(f *testing.F) {
	seeds := []string{claudeJSON, vscodeJSONC, codexTOML, "{\"a\": [\n  1, // c\n  2 /* , */\n]}\n",
		"[s]\nargs = [\n  \"a\", # one\n]\n", "a = [ ]\nb = [[1], [2,],]\n"}
	for i, s := range seeds {
		f.Add([]byte(s), uint8(i), uint16(i), uint8(i))
	}
	f.Fuzz(func(t *testing.T, src []byte, sel uint8, pick uint16, val uint8) {
		formats := []normalize.Format{normalize.JSON, normalize.JSONC, normalize.TOML}
		doc, ok := parseClean(formats[int(sel)%len(formats)], src)
		if !ok || len(doc.Duplicates) > 0 {
			return
		}
		var arrs []*normalize.Value
		doc.Root.Walk(func(v *normalize.Value) bool {
			if v.Kind == normalize.Array {
				arrs = append(arrs, v)
			}
			return len(arrs) < 200
		})
		if len(arrs) == 0 {
			return
		}
		arr := arrs[int(pick)%len(arrs)]
		value := fuzzValues[int(val)%len(fuzzValues)]
		values := []string{value}
		if val%3 == 0 {
			values = append(values, `"w"`)
		}
		edits, err := AppendItem(doc, arr, values...)
		if err != nil {
			if doc.Format == normalize.TOML {
				return
			}
			t.Fatal(err)
		}
		want := doc.Root.Interface()
		grown := lookupAny(want, arr.Pointer).([]any)
		for _, v := range values {
			grown = append(grown, mustDecode(v))
		}
		if arr.Pointer == "" {
			want = grown
		} else {
			parent, last := path.Split(arr.Pointer)
			switch p := lookupAny(want, parent[:len(parent)-1]).(type) {
			case map[string]any:
				p[normalize.UnescapePointer(last)] = grown
			case []any:
				i, _ := strconv.Atoi(last)
				p[i] = grown
			}
		}
		checkResult(t, doc, edits, want, "append to "+strconv.Quote(arr.Pointer))
	})
}
