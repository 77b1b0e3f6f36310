package edit

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

func ed(start, end int, text string) normalize.Edit {
	return normalize.Edit{Path: "f", Start: normalize.Pos{Line: 1, Offset: start}, End: normalize.Pos{Line: 1, Offset: end}, Text: text}
}

func TestApply(t *testing.T) {
	src := []byte(`{"a": 1, "b": 2}`)
	tests := []struct {
		name  string
		edits []normalize.Edit
		want  string
		err   string
	}{
		{"none", nil, `{"a": 1, "b": 2}`, ""},
		{"replace", []normalize.Edit{ed(6, 7, "10")}, `{"a": 10, "b": 2}`, ""},
		{"insert", []normalize.Edit{ed(15, 15, `, "c": 3`)}, `{"a": 1, "b": 2, "c": 3}`, ""},
		{"unsorted", []normalize.Edit{ed(14, 15, "20"), ed(6, 7, "10")}, `{"a": 10, "b": 20}`, ""},
		{"delete", []normalize.Edit{ed(7, 15, "")}, `{"a": 1}`, ""},
		{"touching", []normalize.Edit{ed(6, 7, "10"), ed(7, 7, " ")}, `{"a": 10 , "b": 2}`, ""},
		{"two inserts keep order", []normalize.Edit{ed(1, 1, "x"), ed(1, 1, "y")}, `{xy"a": 1, "b": 2}`, ""},
		{"overlap", []normalize.Edit{ed(5, 8, ""), ed(7, 9, "")}, "", "edits of bytes 5 to 8 and 7 to 9 overlap: apply one fix, then compute the other again"},
		{"insert inside replaced", []normalize.Edit{ed(5, 8, ""), ed(6, 6, "x")}, "", "overlap"},
		{"outside", []normalize.Edit{ed(10, 99, "")}, "", "edit of bytes 10 to 99 is outside the file (16 bytes): the fix was computed for another version of it"},
		{"backwards", []normalize.Edit{ed(9, 8, "")}, "", "outside the file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Apply(src, tt.edits)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got %s, want %s", got, tt.want)
			}
		})
	}
	if string(src) != `{"a": 1, "b": 2}` {
		t.Errorf("Apply changed its input: %s", src)
	}
}

func TestSelect(t *testing.T) {
	f1 := normalize.Fix{Description: "one", Edits: []normalize.Edit{ed(6, 7, "10")}}
	f2 := normalize.Fix{Description: "overlaps one", Edits: []normalize.Edit{ed(5, 8, "")}}
	f3 := normalize.Fix{Description: "apart", Edits: []normalize.Edit{ed(14, 15, "20")}}
	f4 := normalize.Fix{Description: "same insertion point", Edits: []normalize.Edit{ed(15, 15, "x")}}
	f5 := normalize.Fix{Description: "insertion at 15 again", Edits: []normalize.Edit{ed(15, 15, "y")}}
	other := normalize.Fix{Description: "other file", Edits: []normalize.Edit{{Path: "g", Start: normalize.Pos{Offset: 6}, End: normalize.Pos{Offset: 7}}}}
	chosen, skipped := Select("f", []normalize.Fix{f1, f2, f3, f4, f5, other})
	var names []string
	for _, f := range chosen {
		names = append(names, f.Description)
	}
	var left []string
	for _, f := range skipped {
		left = append(left, f.Description)
	}
	if got := strings.Join(names, ","); got != "one,apart,same insertion point,other file" {
		t.Errorf("chosen %s", got)
	}
	if got := strings.Join(left, ","); got != "overlaps one,insertion at 15 again" {
		t.Errorf("skipped %s", got)
	}
	out, err := Apply([]byte(`{"a": 1, "b": 2}`), Edits("f", chosen))
	if err != nil || string(out) != `{"a": 10, "b": 20x}` {
		t.Errorf("Apply(Select) = %s, %v", out, err)
	}
}

func TestLiteral(t *testing.T) {
	tests := []struct {
		v          any
		json, toml string
	}{
		{"npx", `"npx"`, `"npx"`},
		{`a "q" \ <b>`, `"a \"q\" \\ <b>"`, `"a \"q\" \\ <b>"`},
		{"line\nnext\x01", `"line\nnext\u0001"`, `"line\nnext\u0001"`},
		{"é", `"é"`, `"é"`},
		{true, "true", "true"},
		{false, "false", "false"},
		{30, "30", "30"},
		{1.5, "1.5", "1.5"},
		{json.Number("60000"), "60000", "60000"},
		{[]string{"-y", "pkg"}, `["-y", "pkg"]`, `["-y", "pkg"]`},
		{[]any{}, `[]`, `[]`},
		{map[string]any{"B": "2", "a b": 1}, `{ "B": "2", "a b": 1 }`, `{ B = "2", "a b" = 1 }`},
		{nil, "null", ""},
	}
	for _, tt := range tests {
		j, err := Literal(normalize.JSON, tt.v)
		if err != nil || j != tt.json {
			t.Errorf("Literal(json, %#v) = %s, %v; want %s", tt.v, j, err, tt.json)
		}
		if !json.Valid([]byte(j)) {
			t.Errorf("%s is not JSON", j)
		}
		tm, err := Literal(normalize.TOML, tt.v)
		if tt.toml == "" {
			if err == nil {
				t.Errorf("Literal(toml, %#v) = %s, want an error", tt.v, tm)
			}
			continue
		}
		if err != nil || tm != tt.toml {
			t.Errorf("Literal(toml, %#v) = %s, %v; want %s", tt.v, tm, err, tt.toml)
		}
		mustParse(t, normalize.TOML, "k = "+tm+"\n")
	}
	if _, err := Literal(normalize.JSON, struct{}{}); err == nil {
		t.Error("Literal of a struct: no error")
	}
}

// FuzzApply: random edits of a valid JSON text keep every byte outside
// them, in order, and put each edit's text where it was.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"mcpServers": {"a": {"command": "npx", "args": ["x"]}}}`), uint64(1), uint8(3))
	f.Add([]byte("{\n  // c\n  \"a\": 1,\n}\n"), uint64(7), uint8(1))
	f.Add([]byte(`[]`), uint64(0), uint8(0))
	f.Add([]byte(`{"é": "ü", "n": null}`), uint64(42), uint8(8))
	f.Fuzz(func(t *testing.T, src []byte, seed uint64, n uint8) {
		if !json.Valid(src) {
			return
		}
		r := rand.New(rand.NewPCG(seed, uint64(n)))
		// disjoint ranges: sorted cut points, every other pair an edit
		var cuts []int
		for range int(n%16) * 2 {
			cuts = append(cuts, r.IntN(len(src)+1))
		}
		slicesSort(cuts)
		var edits []normalize.Edit
		for i := 0; i+1 < len(cuts); i += 2 {
			text := strings.Repeat("#", r.IntN(4))
			edits = append(edits, ed(cuts[i], cuts[i+1], text))
		}
		shuffled := append([]normalize.Edit(nil), edits...)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		got, err := Apply(src, shuffled)
		if err != nil {
			// only touching insertions at one offset may reorder; ranges
			// built this way never overlap
			t.Fatalf("Apply: %v", err)
		}
		// rebuild what must come out: untouched bytes, edit texts
		var want bytes.Buffer
		at := 0
		for _, e := range sortEdits(shuffled) {
			want.Write(src[at:e.Start.Offset])
			want.WriteString(e.Text)
			at = e.End.Offset
		}
		want.Write(src[at:])
		if !bytes.Equal(got, want.Bytes()) {
			t.Fatalf("got %q, want %q", got, want.Bytes())
		}
		// and every byte outside the edits is found again, in order
		var kept []byte
		at = 0
		for _, e := range edits {
			kept = append(kept, src[at:e.Start.Offset]...)
			at = e.End.Offset
		}
		kept = append(kept, src[at:]...)
		stripped := bytes.ReplaceAll(got, []byte("#"), nil)
		if !bytes.Contains(src, []byte("#")) && !bytes.Equal(stripped, kept) {
			t.Fatalf("bytes outside the edits changed: %q, want %q", stripped, kept)
		}
	})
}
