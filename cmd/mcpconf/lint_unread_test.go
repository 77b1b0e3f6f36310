package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A bare mcp.json is read by pisces only (its mcp-json provider). Named on
// the command line, or the only MCP file of a tree, it is linted as pisces
// reads it, and lint says so; read by none of the selected clients, it is
// said to be found and not read, never "not found" (pre-commit passed it
// unread, exit 0).
func TestLintBareMCPJSON(t *testing.T) {
	const bad = `{"mcpServers": {"gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "ghp_` + "0123456789abcdefghijABCDEFGHIJk1m2n3" + `"}}}}`
	only := writeTree(t, map[string]string{"mcp.json": bad})
	mixed := writeTree(t, map[string]string{"mcp.json": bad, ".cursor/mcp.json": `{"mcpServers": {}}`})
	home := t.TempDir()
	linted := `note: mcp.json is read by pisces only: linted as pisces reads it`
	cases := []struct {
		name  string
		dir   string
		args  []string
		code  int
		want  []string
		never []string
	}{
		{"named", only, []string{"mcp.json"}, 1,
			[]string{"mcp.json:1:", "[hardcoded-secret]", linted}, []string{"no MCP config files found"}},
		{"the only file of the tree", only, nil, 1,
			[]string{"mcp.json:1:", "[hardcoded-secret]", linted}, []string{"no MCP config files found"}},
		{"walked", only, []string{"-r", "."}, 1,
			[]string{"[hardcoded-secret]", linted}, []string{"no MCP config files found"}},
		{"named beside another client's file", mixed, []string{"mcp.json"}, 1,
			[]string{"mcp.json:1:", "[hardcoded-secret]", linted}, nil},
		{"not named, beside another client's file", mixed, nil, 0,
			[]string{`note: mcp.json was found but is read by none of the clients linted here (Cursor): pisces reads it; lint it with --client pisces, or name it on the command line`},
			[]string{"[hardcoded-secret]"}},
		{"read by none of the selected clients", only, []string{"--client", "cursor", "mcp.json"}, 0,
			[]string{`note: mcp.json was found but is read by none of the selected clients (Cursor): pisces reads it; lint it with --client pisces`,
				`no file read by the selected clients: 1 file found that none of them reads`},
			[]string{"no MCP config files found", "[hardcoded-secret]"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			io, out, errOut := testIO(nil)
			io.Getwd = func() (string, error) { return c.dir, nil }
			args := append([]string{"lint", "--home", home, "--no-color"}, c.args...)
			code := Main(args, io)
			text := out.String() + errOut.String()
			if code != c.code {
				t.Errorf("exit %d, want %d:\n%s", code, c.code, text)
			}
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("no %q in:\n%s", w, text)
				}
			}
			for _, n := range c.never {
				if strings.Contains(text, n) {
					t.Errorf("%q in:\n%s", n, text)
				}
			}
		})
	}
	// JSON carries the notes too
	io, out, _ := testIO(nil)
	io.Getwd = func() (string, error) { return only, nil }
	Main([]string{"lint", "--home", home, "--format", "json", "mcp.json"}, io)
	if !strings.Contains(out.String(), `"notes": [`) || !strings.Contains(out.String(), "linted as pisces reads it") {
		t.Errorf("json: %s", out)
	}
	if _, err := os.Stat(filepath.Join(only, "mcp.json")); err != nil {
		t.Fatal(err)
	}
}

// A file .mcpconf.toml ignores for every rule gets no note either.
func TestLintUnreadIgnored(t *testing.T) {
	root := writeTree(t, map[string]string{"mcp.json": `{"mcpServers": {}}`, ".cursor/mcp.json": `{"mcpServers": {}}`,
		".mcpconf.toml": "[[ignore]]\npaths = [\"mcp.json\"]\nreason = \"a sample\"\n"})
	_, out, errOut := run(t, nil, "lint", "--root", root, "--home", t.TempDir(), "--no-color")
	if strings.Contains(out+errOut, "note:") || strings.Contains(out+errOut, "lint-config") {
		t.Errorf("a note about an ignored file:\n%s%s", out, errOut)
	}
}
