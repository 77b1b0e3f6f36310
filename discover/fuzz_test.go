package discover

import (
	"reflect"
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

// FuzzEntryAsRead runs opencode's and Kilo Code CLI's readings of an entry
// and of a servers object (Layout.AsRead, Patch, ServersAsRead, Retype) on
// any JSON: no panic, reading twice reads the same, and a merge holds no
// key twice.
func FuzzEntryAsRead(f *testing.F) {
	fuzzSeeds(f,
		`[{"type": "local", "command": ["a"], "disabled": true}, {"type": "remote", "url": "u", "headers": {"A": "b"}}]`,
		`[{"enabled": false, "url": "x", "headers": {"A": "b"}}, {"type": "local", "command": ["a"], "codemode": true, "timeout": {"catalog": 1, "execution": 1}}]`,
		`[{"type": "remote", "url": "a", "oauth": {"client_id": "x", "callback_port": 80}}, {"type": "remote", "url": "b", "oauth": false}]`,
		`[{"servers": {"a": {"type": "local", "command": ["a"]}, "b": {"enabled": true}, "c": 1}, "timeout": {}}, {"servers": {"type": "x"}}]`,
	)
	oc, kilo := normalize.ClientByID("opencode"), normalize.ClientByID("kilo")
	f.Fuzz(func(t *testing.T, src []byte) {
		doc, _ := Parse("/f", "f", normalize.JSON, src)
		if doc.Root == nil || doc.Root.Kind != normalize.Array || len(doc.Root.Items) != 2 {
			return
		}
		lower, higher := doc.Root.Items[0], doc.Root.Items[1]
		for _, c := range []*normalize.Client{oc, kilo} {
			for _, e := range []*normalize.Value{lower, higher} {
				once := c.LayerAsRead(e)
				if twice := c.LayerAsRead(once); !reflect.DeepEqual(once.Interface(), twice.Interface()) {
					t.Fatalf("%s: read twice %v, once %v", c.ID, twice.Interface(), once.Interface())
				}
				if sv, dropped := c.ServersOf(e); sv != nil && sv.Kind == normalize.Object {
					for _, m := range dropped {
						if sv.Member(m.Key) != nil && sv.Get(m.Key) == m.Value {
							t.Fatalf("%s: %q dropped and kept", c.ID, m.Key)
						}
					}
				}
			}
			if c.Retype == nil {
				continue
			}
			merged, _ := c.Retype.Merge(c.LayerAsRead(lower), c.LayerAsRead(higher), func(l, h *normalize.Value) *normalize.Value {
				o := cloneObject(l)
				overlay(o, h)
				return o
			})
			seen := map[string]bool{}
			for _, m := range merged.Members {
				if seen[m.Key] && merged.Kind == normalize.Object {
					t.Fatalf("%s: %q twice in %v", c.ID, m.Key, merged.Interface())
				}
				seen[m.Key] = true
			}
		}
	})
}
