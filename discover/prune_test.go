package discover

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/normalize"
)

// sameValue reports where two parsed values differ (kind, text, position,
// pointer, members and items), or "".
func sameValue(a, b *normalize.Value) string {
	switch {
	case a.Kind != b.Kind || a.Str != b.Str || a.Bool != b.Bool || a.Num != b.Num && a.Num == a.Num:
		return fmt.Sprintf("%q: %v %q vs %v %q", a.Pointer, a.Kind, a.Str, b.Kind, b.Str)
	case a.Pointer != b.Pointer || a.Range != b.Range:
		return fmt.Sprintf("%q at %v vs %q at %v", a.Pointer, a.Range, b.Pointer, b.Range)
	case len(a.Members) != len(b.Members) || len(a.Items) != len(b.Items):
		return fmt.Sprintf("%q: %d/%d members or items vs %d/%d", a.Pointer, len(a.Members), len(a.Items), len(b.Members), len(b.Items))
	}
	for i, m := range a.Members {
		if n := b.Members[i]; m.Key != n.Key || m.KeyRange != n.KeyRange {
			return fmt.Sprintf("%q: key %q at %v vs %q at %v", a.Pointer, m.Key, m.KeyRange, n.Key, n.KeyRange)
		}
		if d := sameValue(m.Value, b.Members[i].Value); d != "" {
			return d
		}
	}
	for i := range a.Items {
		if d := sameValue(a.Items[i], b.Items[i]); d != "" {
			return d
		}
	}
	return ""
}

// comparePruned parses src whole and with the table "projects" pruned by
// keep, and fails unless both agree: the pruned parse is taken only for
// plain JSON that parses whole without a finding, and it holds every
// value the whole parse holds, at the same place, but for the entries
// left out, which are "{}" spanning the entry's value. It reports whether
// the pruned parse was taken.
func comparePruned(t *testing.T, src []byte, keep func(string) bool) bool {
	t.Helper()
	full, fullDiags := Parse("/f", "f", normalize.JSON, src)
	pruned, prunedDiags := newTable("/f", "f", src, "projects").doc(keep)
	if fmt.Sprint(fullDiags) != fmt.Sprint(prunedDiags) {
		t.Fatalf("diagnostics differ:\nwhole:  %v\npruned: %v", fullDiags, prunedDiags)
	}
	if full.Root == nil || pruned.Root == nil {
		if full.Root != pruned.Root {
			t.Fatalf("one parse has a tree, the other none")
		}
		return false
	}
	if len(full.Duplicates) != len(pruned.Duplicates) && len(fullDiags) == 0 {
		// duplicates inside entries left out are not looked for
		for _, d := range full.Duplicates {
			if !strings.HasPrefix(d.Pointer, "/projects/") {
				t.Fatalf("duplicate %q lost", d.Pointer)
			}
		}
	}
	a, b := *full.Root, *pruned.Root
	if d := sameValue(&normalize.Value{Kind: a.Kind, Range: a.Range}, &normalize.Value{Kind: b.Kind, Range: b.Range}); d != "" {
		t.Fatal(d)
	}
	took := false
	for i, m := range a.Members {
		n := b.Members[i]
		if m.Key != n.Key || m.KeyRange != n.KeyRange {
			t.Fatalf("top-level key %q vs %q", m.Key, n.Key)
		}
		if m.Key != "projects" || m.Value.Kind != normalize.Object {
			if d := sameValue(m.Value, n.Value); d != "" {
				t.Fatal(d)
			}
			continue
		}
		for j, e := range m.Value.Members {
			f := n.Value.Members[j]
			if e.Key != f.Key || e.KeyRange != f.KeyRange {
				t.Fatalf("project key %q at %v vs %q at %v", e.Key, e.KeyRange, f.Key, f.KeyRange)
			}
			d := sameValue(e.Value, f.Value)
			if d == "" {
				continue
			}
			if keep(e.Key) || len(fullDiags) > 0 {
				t.Fatal(d)
			}
			// left out: "{}" where the entry's value is
			if f.Value.Kind != normalize.Object || len(f.Value.Members) > 0 || f.Value.Range != e.Value.Range || f.Value.Pointer != e.Value.Pointer {
				t.Fatalf("%q left out as %v %v at %v, want {} at %v", e.Key, f.Value.Kind, f.Value.Members, f.Value.Range, e.Value.Range)
			}
			took = true
		}
	}
	return took
}

func TestPruneMatchesWholeParse(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "src", "app")
	path := filepath.Join(dir, ".claude.json")
	if _, err := gen.ClaudeJSON(path, 200<<10, root); err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !comparePruned(t, src, projectsNear(root, "linux")) {
		t.Fatal("nothing was left out: the test tests nothing")
	}
	// the keys a view looks up are kept: the root as written and with a
	// trailing slash, the directories above it, one below it
	keep := projectsNear("/home/dev/src/app", "linux")
	for _, k := range []string{"/home/dev/src/app", "/home/dev/src/app/", "/home/dev", "/", "/home/dev/src/app/pkg/x", "relative/key"} {
		if !keep(k) {
			t.Errorf("%q is left out", k)
		}
	}
	for _, k := range []string{"/home/dev/src/application", "/home/dev/src/other", "/home/devx"} {
		if keep(k) {
			t.Errorf("%q is kept", k)
		}
	}
	// keys compare without case on Windows, and only there
	if !projectsNear("/Users/dev/app", "windows")("/users/DEV/app") || projectsNear("/Users/dev/app", "linux")("/users/DEV/app") {
		t.Error("keys compare without case on Windows only")
	}
}

// TestPruneFallsBack: text that is not plain strict JSON is parsed whole,
// with the findings it always had.
func TestPruneFallsBack(t *testing.T) {
	keep := func(k string) bool { return k == "/keep" }
	for _, src := range []string{
		`{"projects": {"/a": {"x": 1}, "/keep": {}}`,                        // unterminated
		`{"projects": {"/a": {"x": 1,}, "/keep": {}}}`,                      // trailing comma
		"{\"projects\": {\"/a\": {\"x\": 1} // c\n}}",                       // comment
		`{"projects": {"/a": {"x": "a` + "\x01" + `b"}, "/keep": {}}}`,      // control character
		`{"projects": {"/a": {"x": 01}, "/keep": {}}}`,                      // leading zero
		`{"projects": {"/a": {"x": "\q"}, "/keep": {}}}`,                    // bad escape
		`{"projects": {"/a": [1 2], "/keep": {}}}`,                          // missing comma
		`{"projects": {"/a": tru, "/keep": {}}}`,                            // bad literal
		`{"projects": {"/a": {"x": 1}, "/a": {"y": 2}, "/keep": {"z": 3}}}`, // duplicate entries
		`{"projects": {"/a": {"x": 1}, "/keep": {"z": 3}}, "projects": {}}`,
	} {
		comparePruned(t, []byte(src), keep)
	}
}

func FuzzPrune(f *testing.F) {
	fuzzSeeds(f,
		`{"mcpServers": {}, "projects": {"/a": {"history": ["x\"y", 1.5e-3, -0, true, null]}, "/b": {"mcpServers": {"s": {"command": "x"}}}}}`,
		`{"projects": {"/a": {"x": 1,}, "/b": {}}}`,
		`{"projects": {"/a\u0041": {"x": "\ud800"}, "/b": []}}`,
		`{"projects": 3, "x": {"projects": {"/a": 1}}}`,
		"{\"projects\": {\"/a\": \"\xff\"}}",
	)
	f.Fuzz(func(t *testing.T, src []byte) {
		comparePruned(t, src, func(k string) bool { return len(k)%2 == 0 })
	})
}

// TestPrunedViewsMatch: Claude Code's and pisces's views of a project
// whose ~/.claude.json holds many other projects are the same whether the
// file is read pruned or whole, trust and approvals recorded for the
// project included.
func TestPrunedViewsMatch(t *testing.T) {
	dir := t.TempDir()
	root, home := filepath.Join(dir, "src", "app"), filepath.Join(dir, "home")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(`{"mcpServers": {"github": {"command": "npx", "args": ["-y", "x"]}}}`), 0o644)
	if _, err := gen.ClaudeJSON(filepath.Join(home, ".claude.json"), 300<<10, root); err != nil {
		t.Fatal(err)
	}
	views := func(whole bool) []*normalize.Set {
		o := Options{Root: root, Home: home}
		if err := o.Prepare(); err != nil {
			t.Fatal(err)
		}
		if whole {
			o.cache.tablesOnce.Do(func() { o.cache.tables = map[string]string{} })
		}
		var out []*normalize.Set
		for _, id := range []string{"claude", "pisces"} {
			out = append(out, o.View(normalize.ClientByID(id), AllScopes))
		}
		return out
	}
	pruned, whole := views(false), views(true)
	for i, p := range pruned {
		w := whole[i]
		if len(p.Entries) == 0 {
			t.Fatalf("%s: no servers", p.Client.ID)
		}
		for _, c := range []struct {
			what string
			a, b any
		}{{"entries", p.Entries, w.Entries}, {"definitions", p.Definitions, w.Definitions}, {"sources", p.Sources, w.Sources},
			{"diagnostics", p.Diagnostics, w.Diagnostics}, {"refused", p.Refused, w.Refused}, {"lists", p.Lists, w.Lists}} {
			if !reflect.DeepEqual(c.a, c.b) {
				t.Errorf("%s: %s differ when ~/.claude.json is pruned:\n%v\n%v", p.Client.ID, c.what, c.a, c.b)
			}
		}
	}
	doc := func(sets []*normalize.Set) *normalize.Document {
		for _, d := range sets[0].Documents {
			if strings.HasSuffix(d.Abs, ".claude.json") {
				return d
			}
		}
		t.Fatal("~/.claude.json not read")
		return nil
	}
	if n := len(doc(pruned).Root.Get("projects").Members); n < 3 || len(doc(pruned).Root.Get("projects").Members[0].Value.Members) != 0 {
		t.Fatalf("the other projects were not left out (%d projects)", n)
	}
}

// TestForgetDropsTablesReadForRoot: the table of projects read for a root
// (its entries near it) goes when the root is forgotten, and only then;
// another root's stays.
func TestForgetDropsTablesReadForRoot(t *testing.T) {
	dir := t.TempDir()
	a, b, home := filepath.Join(dir, "src", "a"), filepath.Join(dir, "src", "b"), filepath.Join(dir, "home")
	for _, r := range []string{a, b} {
		if err := os.MkdirAll(r, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := gen.ClaudeJSON(filepath.Join(home, ".claude.json"), 64<<10, a); err != nil {
		t.Fatal(err)
	}
	o := Options{Root: a, Home: home}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	claude := normalize.ClientByID("claude")
	o.View(claude, AllScopes)
	ob := o
	ob.Root = b
	ob.View(claude, AllScopes)
	roots := func() map[string]bool {
		out := map[string]bool{}
		for k := range o.cache.m {
			if k.forRoot != "" {
				out[k.forRoot] = true
			}
		}
		return out
	}
	if got := roots(); !got[a] || !got[b] {
		t.Fatalf("tables read for %v, want both roots", got)
	}
	o.Forget(a, func(string) bool { return false })
	if got := roots(); got[a] || !got[b] {
		t.Fatalf("after forgetting %s: tables read for %v, want only %s", a, got, b)
	}
}

// BenchmarkTableScan: the one pass that checks a 50 MB ~/.claude.json as
// JSON and finds where each project's entry ends (newTable), in MB/s.
func BenchmarkTableScan(b *testing.B) {
	path := filepath.Join(b.TempDir(), ".claude.json")
	if _, err := gen.ClaudeJSON(path, 50<<20, "/home/dev/src/app"); err != nil {
		b.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(src)))
	for b.Loop() {
		if t := newTable("/f", "f", src, "projects"); t.entries == nil {
			b.Fatal("not scanned")
		}
	}
}

// TestScannerStrings: the scanner's strings are JSON's (encoding/json
// agrees), escapes before, at and after the quotes it finds ahead.
func TestScannerStrings(t *testing.T) {
	long := strings.Repeat("x", 20)
	for _, str := range []string{
		`""`, `"a"`, `"` + long + `"`, `"\""`, `"\\"`, `"\\\""`, `"a\"b\"c"`, `"\\\\"`,
		`"` + long + `\"` + long + `\n` + long + `"`, `"\u00e9\u0041"`, `"\/\b\f\n\r\t"`,
		`"\"`, `"\\\"`, `"a`, `"\q"`, `"\u00g0"`, `"\u00"`, `"a` + "\x01" + `b"`, `"` + long + "\x1f" + long + `"`,
		`"` + long + `\"` + long, `"` + long + `\` + "\t" + `"`, "\"\t\"", `"é"`,
	} {
		src := []byte(str)
		s := &scanner{src: src}
		got := s.string() && s.i == len(src)
		if want := json.Valid(src); got != want {
			t.Errorf("%q: scanned %v, encoding/json says valid %v", str, got, want)
		}
	}
}
