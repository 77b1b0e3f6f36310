package app

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// FuzzWriteRoundTrip: whatever server define writes for a client, written
// into an empty file of the client's format and read back by the client's
// own decoder, is the server meant: Verify's differences are none. A
// definition the client cannot hold must be refused, never written
// otherwise.
func FuzzWriteRoundTrip(f *testing.F) {
	f.Add(uint8(0), "github", "npx", "-y @modelcontextprotocol/server-github", "GITHUB_TOKEN", "${GITHUB_TOKEN}", "", "", "")
	f.Add(uint8(1), "docs", "", "", "", "", "https://docs.example.com/mcp", "Authorization", "Bearer ${DOCS_TOKEN}")
	f.Add(uint8(2), "events", "", "", "", "", "https://x.example.com/sse", "X-Key", "${KEY}")
	f.Add(uint8(0), "my server", "uvx", "mcp-server-time --tz ${TZ}", "A", "a ${B} c", "", "", "")
	f.Add(uint8(1), "q", "", "", "", "", "https://x.example.com/${PATH_PART}/mcp", "Authorization", "${TOKEN}")
	f.Add(uint8(0x78), "tuned", "run", "a b c", "", "search fetch", "", "", "delete")
	f.Add(uint8(0x39), "t2", "", "", "", "", "https://x.example.com/mcp", "", "")
	f.Fuzz(func(t *testing.T, kind uint8, name, command, args, envKey, envVal, url, hdrKey, hdrVal string) {
		s := define.Server{Name: name}
		// the kind's high bits: timeouts and tool filters
		if kind&0x08 != 0 {
			s.StartupTimeout = time.Duration(len(command)*1500) * time.Millisecond
		}
		if kind&0x10 != 0 {
			s.ToolTimeout = time.Duration(len(args)) * time.Second
		}
		if kind&0x20 != 0 {
			s.IncludeTools = strings.Fields(envVal)
		}
		if kind&0x40 != 0 {
			s.ExcludeTools = strings.Fields(hdrVal)
		}
		switch kind % 3 {
		case 0:
			s.Transport, s.Command, s.Args = normalize.Stdio, command, strings.Fields(args)
			if envKey != "" {
				s.Env = []define.KV{{Key: envKey, Value: envVal}}
			}
		case 1, 2:
			s.Transport, s.URL = normalize.HTTP, url
			if kind%3 == 2 {
				s.Transport = normalize.SSE
			}
			if hdrKey != "" {
				s.Headers = []define.KV{{Key: hdrKey, Value: hdrVal}}
			}
		}
		for _, c := range normalize.Clients() {
			if c.ServersKey == "" || !c.Views() {
				continue
			}
			e, err := define.For(c, s)
			var r *define.Refusal
			if errors.As(err, &r) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			format, empty := normalize.JSON, "{}\n"
			if slices.ContainsFunc(c.Files, func(f normalize.File) bool { return f.Format == normalize.TOML }) {
				format, empty = normalize.TOML, ""
			}
			doc, _ := discover.Parse("/f", "f", format, []byte(empty))
			ins, err := edit.InsertMember(doc, doc.Root, c.ServersKey, fmt.Sprintf("{%s: %s}", jsonKey(name), e.JSON))
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			src, err := edit.Apply([]byte(empty), []normalize.Edit{ins})
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			doc, diags := discover.Parse("/f", "f", format, src)
			if doc.Root == nil || slices.ContainsFunc(diags, func(d normalize.Diagnostic) bool { return d.Severity == normalize.Error }) {
				t.Fatalf("%s: written, it does not parse:\n%s\n%v", c.ID, src, diags)
			}
			got, _ := c.Decode(doc, doc.Root.Get(c.ServersKey), normalize.Source{Path: "f", Client: c})
			i := slices.IndexFunc(got, func(g normalize.Server) bool { return g.Name == name })
			if i < 0 {
				t.Fatalf("%s: %q written, not read back:\n%s", c.ID, name, src)
			}
			if d := differences(c, &got[i], s); len(d) > 0 {
				t.Fatalf("%s: read back otherwise than meant: %s\n%s", c.ID, strings.Join(d, "; "), src)
			}
		}
	})
}

func jsonKey(s string) string {
	b, _ := edit.Literal(normalize.JSON, s)
	return b
}

// FuzzPrivateLiterals: a server with random name, env or header key and
// value, argument and URL, in a private file of a random layout (Claude
// Code's user or local scope in ~/.claude.json, Cursor's or Codex's user
// file), synced into every other client's project file, forced or not,
// over project files that exist or not: no project file ends up with a
// literal env or header value, a URL's credential or a secret argument
// (read back with each client's decoder, in no client's syntax), the
// private value is no string of a project file, and the home is not
// written. The same server added to the project (from the command line)
// is written without a literal secret.
func FuzzPrivateLiterals(f *testing.F) {
	f.Add(uint8(0), "svc", "API_KEY", "Pw9QmZx4Lk2Vb7Nc", "svc-mcp@1.0.0", "https://h.example.com/mcp")
	f.Add(uint8(1), "ids", "SOME_ID", "Rn4Dm8Qz2Lx7Vb5", "--api-key=Pw9QmZx4Lk2Vb7Nc", "https://h.example.com/mcp")
	f.Add(uint8(4), "web", "X-Tenant", "Hd7Kq2Zx9Lm4Wp", "x", "https://u:PASSWORDq7Zx@host.example.com/mcp")
	f.Add(uint8(5), "q", "Authorization", "Bearer abc123def456", "x", "https://h.example.com/mcp?api_key=Pw9QmZx4Lk2Vb7Nc")
	f.Add(uint8(2+8), "cur", "NODE_ENV", "production", "--token", "https://h.example.com/mcp")
	f.Add(uint8(3+16), "cdx", "DB_PASSWORD", "hunter2x", "--password=hunter2x", "https://h.example.com/mcp")
	f.Add(uint8(0+8+16), "ref", "TOKEN", "${TOKEN}", "${ARG}", "https://${HOST}/mcp")
	f.Add(uint8(1+32), "args", "TOKEN", "${TOKEN}", "--token=Pw9QmZx4Lk2Vb7Nc", "https://h.example.com/mcp")
	f.Add(uint8(3+32), "cargs", "TOKEN", "${TOKEN}", "ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3", "https://h.example.com/mcp")
	f.Add(uint8(2+4+32), "curl", "K", "${K}", "x", "https://h.example.com/mcp?token=Zx9Lm4Qw8Rt5")
	f.Add(uint8(3+4), "curl2", "Authorization", "Bearer ${TOKEN}", "x", "https://h.example.com/mcp")
	f.Add(uint8(6+8), "mix", "A", "pre ${A} post", "$Secret123", "https://tok3nZx9Lm4@h.example.com/mcp")
	f.Add(uint8(7+16), "a b", "K", "$uperSecret1", "--key=v@lue1234", "https://h.example.com/p/Ab3xZ9Lm4Qw8Rt5Yu7Io/sse")
	f.Add(uint8(0+32), "plain", "K", "v", "plain-mcp@1.0.0", "https://h.example.com/mcp")
	f.Fuzz(func(t *testing.T, layout uint8, name, key, value, arg, url string) {
		if name == "" || key == "" || len(name)+len(key)+len(value)+len(arg)+len(url) > 400 {
			return
		}
		root, home := testtree.Write(t, nil)
		remote, force, existing, bare := layout&4 != 0, layout&8 != 0, layout&16 != 0, layout&32 != 0
		entry := map[string]any{"command": "npx", "args": []any{"-y", arg}, "env": map[string]any{key: value}}
		if remote {
			entry = map[string]any{"type": "http", "url": url, "headers": map[string]any{key: value}}
		}
		if bare { // no env, no headers: the arguments or the URL alone
			delete(entry, "env")
			delete(entry, "headers")
		}
		var from *normalize.Client
		var path string
		var file map[string]any
		switch layout % 4 {
		case 0: // Claude Code's user scope
			from, path, file = normalize.ClientByID("claude"), ".claude.json", map[string]any{"mcpServers": map[string]any{name: entry}}
		case 1: // its local scope: the project's entry
			from, path, file = normalize.ClientByID("claude"), ".claude.json", map[string]any{"projects": map[string]any{root: map[string]any{"mcpServers": map[string]any{name: entry}}}}
		case 2:
			delete(entry, "type")
			from, path, file = normalize.ClientByID("cursor"), ".cursor/mcp.json", map[string]any{"mcpServers": map[string]any{name: entry}}
		case 3:
			delete(entry, "type")
			if remote {
				entry["http_headers"] = entry["headers"]
				delete(entry, "headers")
			}
			from, path, file = normalize.ClientByID("codex"), ".codex/config.toml", map[string]any{name: entry}
		}
		format := normalize.JSON
		if strings.HasSuffix(path, ".toml") {
			format = normalize.TOML
		}
		src, err := edit.Literal(format, file)
		if err != nil {
			return // no file holds it
		}
		if format == normalize.TOML {
			src = "mcp_servers = " + src + "\n" // a document is a table's members
		}
		writeFile(t, filepath.Join(home, path), src)
		var to []*normalize.Client
		for _, id := range []string{"claude", "cursor", "vscode", "codex", "gemini", "opencode"} {
			if c := normalize.ClientByID(id); c != from {
				to = append(to, c)
			}
		}
		if existing {
			// project files that hold a server of the same name, with
			// references only
			ref := `{"command": "npx", "args": ["-y", "x@1"], "env": {"TOKEN": "${TOKEN}"}}`
			for p, text := range map[string]string{
				".mcp.json": `{"mcpServers": {%s: ` + ref + `}}`, ".cursor/mcp.json": `{"mcpServers": {%s: ` + ref + `}}`,
				".vscode/mcp.json":      `{"servers": {%s: ` + strings.Replace(ref, "${TOKEN}", "${env:TOKEN}", 1) + `}}`,
				".gemini/settings.json": `{"mcpServers": {%s: ` + strings.Replace(ref, "${TOKEN}", "$TOKEN", 1) + `}}`,
			} {
				writeFile(t, filepath.Join(root, p), fmt.Sprintf(text, jsonKey(name)))
			}
		}
		homeBefore := treeOf(t, home)
		o := options(root, home)
		if err := o.Prepare(); err != nil {
			t.Fatal(err)
		}
		if _, err := Sync(SyncRequest{Options: &o, From: from, To: to, Scope: normalize.Project, Force: force}); err != nil {
			t.Fatalf("sync: %v", err)
		}
		if homeAfter := treeOf(t, home); !maps.Equal(homeBefore, homeAfter) {
			t.Fatalf("a sync to the project wrote in the home:\n%v\n%v", homeBefore, homeAfter)
		}
		checkProject(t, root, to, func(c *normalize.Client, s define.Server) string {
			for _, kv := range append(slices.Clone(s.Env), s.Headers...) {
				if secret.Literal(kv.Value) {
					return fmt.Sprintf("the literal value of %q", kv.Key)
				}
			}
			if kind, _, _ := secret.LiteralURL(s.URL); kind != "" {
				return "a literal credential in the url: " + kind
			}
			if i, kind := secret.LiteralArgs(append([]string{s.Command}, s.Args...)); i >= 0 {
				return fmt.Sprintf("a literal secret in argument %d: %s", i, kind)
			}
			return ""
		}, value)
		// the same server given on the command line: no literal secret
		s := define.Server{Name: name + "2", Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", arg}, Env: []define.KV{{Key: key, Value: value}}}
		if remote {
			s = define.Server{Name: name + "2", Transport: normalize.HTTP, URL: url, Headers: []define.KV{{Key: key, Value: value}}}
		}
		if bare {
			s.Env, s.Headers = nil, nil
		}
		if _, err := Add(AddRequest{Options: &o, Clients: to, Scope: normalize.Project, Servers: []define.Server{s}, Force: force}); err != nil {
			t.Fatalf("add: %v", err)
		}
		checkProject(t, root, to, func(c *normalize.Client, s define.Server) string {
			for _, kv := range append(slices.Clone(s.Env), s.Headers...) {
				if kind := secret.LiteralSecret(kv.Key, kv.Value); kind != "" {
					return fmt.Sprintf("a literal secret in %q: %s", kv.Key, kind)
				}
			}
			if kind, _, _ := secret.LiteralURL(s.URL); kind != "" {
				return "a literal credential in the url: " + kind
			}
			if i, kind := secret.LiteralArgs(append([]string{s.Command}, s.Args...)); i >= 0 {
				return fmt.Sprintf("a literal secret in argument %d: %s", i, kind)
			}
			return ""
		}, "")
	})
}

// checkProject reads every client's project file under root back with
// the client's decoder and fails on the first server bad says is wrong
// (in no client's syntax, Neutral), and, when private is a value no
// file would hold by chance (8 bytes or more, no placeholder
// character), on any string of a file equal to it.
func checkProject(t *testing.T, root string, clients []*normalize.Client, bad func(*normalize.Client, define.Server) string, private string) {
	t.Helper()
	o := options(root, filepath.Join(root, "home"))
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	chance := len(private) < 8 || strings.ContainsAny(private, "${}%")
	for _, c := range clients {
		tf, ok := o.TargetFile(c, normalize.Project)
		if !ok {
			continue
		}
		b, err := os.ReadFile(tf.Abs)
		if err != nil {
			continue
		}
		doc, _ := discover.Parse(tf.Abs, tf.Display, tf.Format, b)
		if doc.Root == nil {
			t.Fatalf("%s: written, it does not parse:\n%s", tf.Display, b)
		}
		if !chance && slices.Contains(strs(doc.Root), private) {
			t.Fatalf("%s holds the private value %q:\n%s", tf.Display, private, b)
		}
		servers := doc.Root.Get(c.ServersKey)
		if servers == nil {
			continue
		}
		got, _ := c.Decode(doc, servers, normalize.Source{Path: tf.Display, Client: c})
		for i := range got {
			n, err := Neutral(c, &got[i])
			if err != nil {
				continue // no plain form: nothing literal to tell
			}
			if why := bad(c, n); why != "" {
				t.Fatalf("%s: server %q holds %s:\n%s", tf.Display, n.Name, why, b)
			}
		}
	}
}

// strs are the strings of a value, its keys left out.
func strs(v *normalize.Value) []string {
	var out []string
	switch v.Kind {
	case normalize.String:
		out = append(out, v.Str)
	case normalize.Object:
		for _, m := range v.Members {
			out = append(out, strs(m.Value)...)
		}
	case normalize.Array:
		for _, it := range v.Items {
			out = append(out, strs(it)...)
		}
	}
	return out
}

// treeOf maps each regular file under dir to its content.
func treeOf(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			b, _ := os.ReadFile(p)
			out[p] = string(b)
		}
		return nil
	})
	return out
}

func writeFile(t *testing.T, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}
