package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// checkTree asserts the invariants every parsed document keeps: positions
// inside the file, pointers that lead back to their value.
func checkTree(t *testing.T, doc *normalize.Document) {
	if doc.Root == nil {
		return
	}
	n := 0
	doc.Root.Walk(func(v *normalize.Value) bool {
		n++
		if n > 5000 {
			return false // enough for one input; Walk itself is linear
		}
		if v.Range.Start.Offset > len(doc.Src) || v.Range.Start.Offset < 0 {
			t.Fatalf("value %q at offset %d outside the file (%d bytes)", v.Pointer, v.Range.Start.Offset, len(doc.Src))
		}
		if !v.Range.Start.IsValid() && len(doc.Src) > 0 {
			t.Fatalf("value %q has no position", v.Pointer)
		}
		// With duplicate keys the earlier value is unreachable by design.
		if got := doc.Root.Lookup(v.Pointer); got == nil && len(doc.Duplicates) == 0 {
			t.Fatalf("pointer %q does not resolve", v.Pointer)
		}
		return true
	})
	_ = doc.Root.Interface()
}

func fuzzSeeds(f *testing.F, seeds ...string) {
	for _, s := range seeds {
		f.Add([]byte(s))
	}
}

func FuzzParseJSON(f *testing.F) {
	fuzzSeeds(f,
		`{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"], "env": {"K": "v"}}}}`,
		"{\n // c\n \"servers\": {\"a\": {\"url\": \"https://x\"},},\n}",
		`{"a": {"a": 1}, "a": 2}`,
		`{"k~/": {"": [1, 2.5e3, -0, true, null]}}`,
		"\xef\xbb\xbf{}",
		`[[[[[[[[[[`,
		`{"a": "\ud800"}`,
		"/* unterminated",
	)
	f.Fuzz(func(t *testing.T, src []byte) {
		for _, format := range []normalize.Format{normalize.JSON, normalize.JSONC, normalize.JSONComments} {
			doc, diags := Parse("/f", "f", format, src)
			for _, d := range diags {
				if d.Rule == "" || d.Message == "" || strings.HasSuffix(d.Message, ".") {
					t.Fatalf("bad diagnostic %+v", d)
				}
			}
			checkTree(t, doc)
		}
	})
}

func FuzzParseTOML(f *testing.F) {
	fuzzSeeds(f,
		"[mcp_servers.a]\ncommand = \"npx\"\nargs = [\"-y\", \"x\"]\nenv = { K = \"v\" }\n",
		"a.b.c = 1\n[a.d]\ne = 2\n[[x]]\ny = 3\n[[x]]\ny = 4\n",
		"s = '''\nmulti\n'''\nt = \"\"\"\nbasic\"\"\"\n",
		"d = 1979-05-27T07:32:00Z\nl = 07:32:00\nf = inf\nn = nan\nh = 0xff\n",
		"arr = [ [1, 2], [\"a\"], { x = 1 } ]\n",
		"[a]\n[a]\n",
		"x = [\n# comment\n1,\n]\n",
		"\"quoted.key\" = 1\n'lit' = 2\n",
	)
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, _ := Parse("/f", "f", normalize.TOML, src)
		checkTree(t, doc)
	})
}
