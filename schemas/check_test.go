package schemas

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/pelletier/go-toml/v2"
)

// libraryValid is the library's verdict: the schema compiled, the
// instance validated.
func libraryValid(t testing.TB, name string, instance any) bool {
	t.Helper()
	sch, err := schema(name)
	if err != nil {
		t.Fatal(err)
	}
	return sch.Validate(jsonValue(instance)) == nil
}

// agree fails when the check and the library judge an instance
// differently. A check that calls a valid instance invalid only costs a
// compilation, but the two are kept equal all the same.
func agree(t testing.TB, name string, instance any, what string) {
	t.Helper()
	lib := libraryValid(t, name, instance)
	if c := surelyValid(name, jsonValue(instance)); c != lib {
		b, _ := json.Marshal(instance)
		t.Errorf("%s: schema %q: check says valid=%v, the library valid=%v, on %s", what, name, c, lib, b)
	}
}

// Every schema mcpconf ships has a check: none is compiled for a valid
// file.
func TestCheckAllSchemas(t *testing.T) {
	for _, name := range schemaNames() {
		if checkTable(name) == nil {
			src, _ := Source(name)
			_, err := buildCheck(src)
			t.Errorf("schema %q has no check: %v", name, err)
		}
	}
}

// A schema using a keyword the check does not know has none, so the
// library decides alone.
func TestCheckUncheckable(t *testing.T) {
	for _, src := range []string{
		`{"uniqueItems": true}`,
		`{"properties": {"a": {"patternProperties": {"^x": {"type": "string"}}}}}`,
		`{"$ref": "other.json#/x"}`,
		`{"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}`,
		`{"items": {"$id": "https://example.com/x", "type": "string"}}`,
	} {
		if _, err := buildCheck([]byte(src)); err == nil {
			t.Errorf("%s: built a check", src)
		}
	}
	// a $ref that descends into the value is no cycle
	c, err := buildCheck([]byte(`{"$defs": {"tree": {"type": "object", "additionalProperties": {"$ref": "#/$defs/tree"}}}, "$ref": "#/$defs/tree"}`))
	if err != nil {
		t.Fatal(err)
	}
	nodes := layOut(c)
	if !valid(nodes, 0, map[string]any{"a": map[string]any{"b": map[string]any{}}}) || valid(nodes, 0, map[string]any{"a": "x"}) {
		t.Error("recursive schema judged wrongly")
	}
}

// examples returns every document the tests know, with the schema it is
// written for.
func examples(t *testing.T) (out []struct {
	schema string
	doc    any
}) {
	add := func(schema string, doc any) {
		out = append(out, struct {
			schema string
			doc    any
		}{schema, doc})
	}
	for _, tc := range cleanExamples {
		add(tc.schema, decode(t, tc.schema, tc.src))
	}
	for _, tc := range badInstances {
		add(tc.schema, decode(t, tc.schema, tc.src))
	}
	err := filepath.WalkDir("../testdata/formats", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) == ".md" {
			return err
		}
		schema := ForClient(strings.Split(filepath.ToSlash(p), "/")[3])
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		add(schema, decode(t, schema, string(src)))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestCheckAgrees compares the check with the library on every example
// document, and on thousands of documents made from them by changing one
// value, dropping one key or adding one the schemas name, with values the
// schemas name (enum members, constants) among others.
func TestCheckAgrees(t *testing.T) {
	ex := examples(t)
	if len(ex) < 50 {
		t.Fatalf("only %d examples", len(ex))
	}
	keys, values := vocabulary(t)
	rng := rand.New(rand.NewPCG(1, 2))
	n, valid := 0, 0
	for _, e := range ex {
		for _, name := range schemaNames() {
			agree(t, name, e.doc, "example")
		}
		for range 300 {
			m := mutate(rng, clone(e.doc), keys, values)
			agree(t, e.schema, m, "mutant")
			n++
			if libraryValid(t, e.schema, m) {
				valid++
			}
		}
	}
	t.Logf("%d examples, %d mutants, %d of them valid", len(ex), n, valid)
	if valid < n/5 || valid > n*4/5 {
		t.Errorf("%d of %d mutants valid: the mutants should be of both kinds", valid, n)
	}
}

// FuzzCheck compares the check with the library on any JSON document, as
// the root of a file and as a server entry in each shape.
func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		`{"command": "npx", "args": ["-y", "x"]}`,
		`{"type": "http", "url": "https://example.com", "headers": {"a": "b"}}`,
		`{"command": 3}`, `{"timeout": 1.5}`, `{"timeout": -1}`, `{"enabled": "yes"}`,
		`{"type": "local", "command": ["a"]}`, `{"transport": {"type": "sse"}}`, `[]`, `null`, `{"": {}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v any
		if dec.Decode(&v) != nil {
			return
		}
		for _, name := range schemaNames() {
			agree(t, name, v, "root")
			for _, key := range []string{"mcpServers", "servers", "mcp", "mcp_servers", "context_servers"} {
				agree(t, name, map[string]any{key: map[string]any{"x": v}}, "entry under "+key)
			}
		}
	})
}

// vocabulary collects the property names and the enum and const values
// of every schema.
func vocabulary(t *testing.T) (keys []string, values []any) {
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				switch k {
				case "properties":
					if m, ok := e.(map[string]any); ok {
						for name := range m {
							keys = append(keys, name)
						}
					}
				case "enum":
					if arr, ok := e.([]any); ok {
						values = append(values, arr...)
					}
				case "const":
					values = append(values, e)
				}
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for _, name := range schemaNames() {
		src, _ := Source(name)
		var doc any
		dec := json.NewDecoder(bytes.NewReader(src))
		dec.UseNumber()
		if err := dec.Decode(&doc); err != nil {
			t.Fatal(err)
		}
		walk(doc)
	}
	slices.Sort(keys)
	return slices.Compact(keys), values
}

var oddValues = []any{
	nil, true, false, "", "x", "https://example.com/mcp", "${HOME}", json.Number("0"), json.Number("-1"),
	json.Number("1"), json.Number("1.5"), json.Number("1.0"), json.Number("1e3"), json.Number("99999999999999999999"),
	int64(3), float64(2.5), []any{}, []any{"a"}, []any{json.Number("1")}, map[string]any{}, map[string]any{"a": "b"},
	map[string]any{"command": "npx"}, "ab\u00e9c", strings.Repeat("x", 300),
}

// mutate changes v at one random place: a value replaced, a key dropped,
// or a key added.
func mutate(rng *rand.Rand, v any, keys []string, values []any) any {
	pick := func() any {
		if rng.IntN(2) == 0 && len(values) > 0 {
			return clone(values[rng.IntN(len(values))])
		}
		return clone(oddValues[rng.IntN(len(oddValues))])
	}
	// the containers on a random path down from the root
	var path []any
	cur := v
	for {
		path = append(path, cur)
		var next []any
		switch x := cur.(type) {
		case map[string]any:
			for _, e := range x {
				next = append(next, e)
			}
		case []any:
			next = x
		}
		if len(next) == 0 || rng.IntN(4) == 0 {
			break
		}
		cur = next[rng.IntN(len(next))]
	}
	target := path[rng.IntN(len(path))]
	switch x := target.(type) {
	case map[string]any:
		names := make([]string, 0, len(x))
		for k := range x {
			names = append(names, k)
		}
		slices.Sort(names)
		switch op := rng.IntN(3); {
		case op == 0 && len(names) > 0:
			delete(x, names[rng.IntN(len(names))])
		case op == 1 && len(names) > 0:
			x[names[rng.IntN(len(names))]] = pick()
		default:
			x[keys[rng.IntN(len(keys))]] = pick()
		}
	case []any:
		if len(x) > 0 {
			x[rng.IntN(len(x))] = pick()
		}
	default:
		return pick()
	}
	return v
}

func clone(v any) any {
	switch x := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = clone(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = clone(e)
		}
		return out
	}
	return v
}

// TOML documents hold Go values the check reads as the library does.
func TestCheckGoValues(t *testing.T) {
	var doc map[string]any
	src := "[mcp_servers.x]\ncommand = \"npx\"\nstartup_timeout_sec = 1.5\ntool_timeout_sec = 3\nenabled = true\n[mcp_servers.y]\nurl = 5\n"
	if err := toml.Unmarshal([]byte(src), &doc); err != nil {
		t.Fatal(err)
	}
	agree(t, "codex", doc, "toml")
	agree(t, "codex", map[string]any{"mcp_servers": map[string]any{"x": map[string]any{"command": "a", "startup_timeout_sec": float64(1.5)}}}, "float")
}
