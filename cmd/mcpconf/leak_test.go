package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// projectFiles reads the project files of cursor, vscode, codex and gemini
// under root ("" for a file that does not exist).
func projectFiles(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, f := range []string{".cursor/mcp.json", ".vscode/mcp.json", ".codex/config.toml", ".gemini/settings.json", ".mcp.json"} {
		b, err := os.ReadFile(filepath.Join(root, f))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		out[f] = string(b)
	}
	return out
}

// TestSyncKeepsPrivateLiterals: a literal value never moves from a
// private scope (Claude Code's user and local scopes, in ~/.claude.json)
// into a project file, whatever it looks like: an env value (API_KEY, and
// SOME_ID that looks like nothing in particular), a header value, a URL's
// user info. sync refuses each such server for each target, --force or
// not, naming the field and never the value, and says how the target
// reads a variable instead; the project files are left as they were.
// What holds no literal (arguments, references) is copied; the same
// servers copied to the user scope are refused only where the value is a
// literal secret.
func TestSyncKeepsPrivateLiterals(t *testing.T) {
	secrets := map[string]string{
		"api key": "Pw9QmZx4Lk2Vb7Nc",
		"some id": "Rn4Dm8Qz2Lx7Vb5",
		"url":     "PASSWORDq7Zx",
		"header":  "Hd7Kq2Zx9Lm4Wp",
	}
	root, home := testtree.Write(t, map[string]string{
		"~/.claude.json": `{"mcpServers": {
			"svc": {"command": "npx", "args": ["-y", "svc-mcp@1.0.0"], "env": {"API_KEY": "` + secrets["api key"] + `"}},
			"ids": {"command": "npx", "args": ["-y", "ids-mcp@1.0.0"], "env": {"SOME_ID": "` + secrets["some id"] + `"}},
			"web": {"type": "http", "url": "https://u:` + secrets["url"] + `@host.example.com/mcp"},
			"plain": {"command": "npx", "args": ["-y", "plain-mcp@1.0.0"], "env": {"TOKEN": "${TOKEN}"}}},
			"projects": {"<ROOT>": {"mcpServers": {
				"loc": {"type": "http", "url": "https://loc.example.com/mcp", "headers": {"X-Tenant": "` + secrets["header"] + `"}}}}}}`,
		".cursor/mcp.json": "{\n  \"theme\": \"ours\",\n  \"mcpServers\": {}\n}\n",
	})
	check := func(what, out string) {
		t.Helper()
		for name, v := range secrets {
			if strings.Contains(out, v) {
				t.Errorf("%s: %s (%q) printed or written:\n%s", what, name, v, out)
			}
		}
	}
	before := projectFiles(t, root)
	for _, force := range []bool{false, true} {
		args := []string{"sync", "svc", "ids", "web", "loc", "--from", "claude", "--to", "cursor,vscode,codex,gemini"}
		if force {
			args = append(args, "--force")
		}
		code, out, errOut := runWith(root, home, args...)
		check("sync", out+errOut)
		if code != 1 {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		for _, want := range []string{
			`Cursor: env "API_KEY" of server "svc" is a literal value from ~/.claude.json (user scope)`,
			`"API_KEY": "${env:API_KEY}"`, // Cursor's syntax
			`Codex: env "SOME_ID" of server "ids" is a literal value from ~/.claude.json (user scope)`,
			`env_vars = ["SOME_ID"]`, // Codex reads variables by name
			`"SOME_ID": "$SOME_ID"`,  // Gemini CLI's
			`VS Code: the user info of the url of server "web" is a literal value from ~/.claude.json (user scope)`,
			`header "X-Tenant" of server "loc" is a literal value from ~/.claude.json (local scope)`,
			`env_http_headers = { "X-Tenant" = "X_TENANT" }`,
			"--scope user",
		} {
			if !strings.Contains(errOut, want) {
				t.Errorf("%v: no %q in\n%s", args, want, errOut)
			}
		}
		if after := projectFiles(t, root); !equalMaps(after, before) {
			t.Errorf("%v: project files changed: %v", args, after)
		}
	}
	code, out, errOut := runWith(root, home, "sync", "--from", "claude", "--to", "cursor,vscode,codex,gemini")
	check("sync", out+errOut)
	files := projectFiles(t, root)
	check("project files", strings.Join(mapValues(files), "\n"))
	if code != 1 || !strings.Contains(files[".cursor/mcp.json"], "plain-mcp@1.0.0") || !strings.Contains(files[".cursor/mcp.json"], `"theme": "ours"`) ||
		!strings.Contains(files[".codex/config.toml"], "plain-mcp@1.0.0") || strings.Contains(files[".vscode/mcp.json"], `"svc"`) {
		t.Errorf("sync of every server: exit %d\n%s%s\n%v", code, out, errOut, files)
	}
	// to the user's own file: only the literal secret is refused
	code, out, errOut = runWith(root, home, "sync", "ids", "svc", "--from", "claude", "--to", "cursor", "--scope", "user")
	check("sync --scope user", out+errOut)
	b, _ := os.ReadFile(filepath.Join(home, ".cursor/mcp.json"))
	if code != 1 || !strings.Contains(string(b), secrets["some id"]) || strings.Contains(string(b), secrets["api key"]) ||
		!strings.Contains(errOut, `env "API_KEY" of server "svc" holds a literal secret`) {
		t.Errorf("sync --scope user: exit %d\n%s%s\n%s", code, out, errOut, b)
	}
}

func mapValues(m map[string]string) []string {
	var out []string
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// TestAddRefusesLiteralSecrets: add never writes a literal secret, in any
// scope, --force or not: an env value under a credential's name however
// short or plain (API_KEY, DB_PASSWORD), a header's, the value of a
// secret flag after -- (--api-key VALUE, --token=VALUE), a URL's user
// info or secret query parameter. Each is refused naming the field and
// not the value, the hint the reference to write; nothing is written.
// References and values that are no secret are written.
func TestAddRefusesLiteralSecrets(t *testing.T) {
	const v = "Pw9QmZx4Lk2Vb7Nc"
	root, home := testtree.Write(t, map[string]string{".cursor/mcp.json": "{\n  \"mcpServers\": {}\n}\n"})
	os.MkdirAll(home, 0o755)
	cases := []struct {
		args         []string
		value, field string
		hint         string
	}{
		{[]string{"-e", "API_KEY=" + v, "--", "npx", "-y", "x@1"}, v, `env "API_KEY"`, `-e 'API_KEY=${API_KEY}'`},
		{[]string{"-e", "DB_PASSWORD=hunter2x", "--", "npx", "-y", "x@1"}, "hunter2x", `env "DB_PASSWORD"`, `-e 'DB_PASSWORD=${DB_PASSWORD}'`},
		{[]string{"https://h.example.com/mcp", "-H", "X-Api-Key: " + v}, v, `header "X-Api-Key"`, `-H 'X-Api-Key: ${X_API_KEY}'`},
		{[]string{"https://h.example.com/mcp", "-H", "Authorization: Bearer " + v}, v, `header "Authorization"`, `-H 'Authorization: Bearer ${TOKEN}'`},
		{[]string{"--", "npx", "srv", "--api-key", v}, v, `argument 3`, `${env:API_KEY}`},
		{[]string{"--", "npx", "srv", "--token=" + v}, v, `argument 2`, `${env:TOKEN}`},
		{[]string{"https://u:hunter2x@h.example.com/mcp"}, "hunter2x", "the user info of the url", ""},
		{[]string{"https://h.example.com/mcp?api_key=" + v}, v, `the query parameter "api_key" of the url`, ""},
	}
	for _, c := range cases {
		for _, extra := range [][]string{nil, {"--force"}, {"--scope", "user"}, {"--force", "--scope", "user"}, {"--dry-run"}} {
			args := append(append([]string{"add", "leak", "--client", "cursor"}, extra...), c.args...)
			code, out, errOut := runWith(root, home, args...)
			if code != 1 || strings.Contains(out+errOut, c.value) || !strings.Contains(errOut, c.field+` of server "leak" holds a literal secret`) ||
				!strings.Contains(errOut, c.hint) || strings.Contains(out, "+++") {
				t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
			}
			for _, f := range []string{filepath.Join(root, ".cursor/mcp.json"), filepath.Join(home, ".cursor/mcp.json")} {
				if b, _ := os.ReadFile(f); strings.Contains(string(b), c.value) || strings.Contains(string(b), "leak") {
					t.Fatalf("%v: written to %s:\n%s", args, f, b)
				}
			}
		}
	}
	for i, args := range [][]string{
		{"-e", "API_KEY=${API_KEY}", "-e", "NODE_ENV=production", "--", "npx", "-y", "x@1", "--token", "${TOKEN}"},
		{"https://h.example.com/mcp?version=2", "-H", "Authorization: Bearer ${TOKEN}"},
	} {
		name := []string{"refs", "web"}[i]
		if code, out, errOut := runWith(root, home, append([]string{"add", name, "--client", "cursor"}, args...)...); code != 0 {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
}

// TestWriteOutputMasks: what explain masks in a file (a literal env value
// under a name that says nothing, SOME_ID) is masked in what add, remove
// and sync print about it, text and JSON, dry run or not: the diff's
// removed and context lines, after a remove whose server is no longer
// there to read, and another project's entry of ~/.claude.json, which a
// write reads only near the project, on the lines its diff shows.
func TestWriteOutputMasks(t *testing.T) {
	const id = "Rn4Dm8Qz2Lx7"
	const key = "Kx8Vb2Nq5Zr7Ty"
	mcp := `{
  "mcpServers": {
    "svc": {
      "command": "npx",
      "args": ["-y", "svc-mcp@1.0.0"],
      "env": {
        "DATA": "` + key + `",
        "SOME_ID": "` + id + `"
      }
    }
  }
}
`
	root, home := testtree.Write(t, map[string]string{".mcp.json": mcp, ".cursor/mcp.json": strings.ReplaceAll(mcp, "svc", "other")})
	os.MkdirAll(home, 0o755)
	check := func(args []string, out string) {
		t.Helper()
		for _, v := range []string{id, key} {
			if strings.Contains(out, v) {
				t.Errorf("%v printed %q:\n%s", args, v, out)
			}
		}
	}
	// explain masks them
	_, out, errOut := runWith(root, home, "explain", "svc")
	if check([]string{"explain"}, out+errOut); !strings.Contains(out, "SOME_ID") {
		t.Fatalf("explain svc:\n%s%s", out, errOut)
	}
	for _, format := range []string{"text", "json"} {
		for _, args := range [][]string{
			{"remove", "svc", "--client", "claude", "--dry-run"},
			{"add", "new", "--client", "claude", "--dry-run", "--", "uvx", "x"},
			{"sync", "--from", "claude", "--to", "cursor", "--dry-run"},
			{"sync", "--from", "cursor", "--to", "claude", "--dry-run"},
		} {
			args = append(args, "--format", format)
			code, out, errOut := runWith(root, home, args...)
			check(args, out+errOut)
			if code != 0 || !strings.Contains(out, "SOME_ID") {
				t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
			}
		}
	}
	// ~/.claude.json is read near the project only: another project's
	// entry on the lines the diff shows is learned all the same
	root, home = testtree.Write(t, map[string]string{"~/.claude.json": `{
  "numStartups": 2,
  "projects": {
    "/other": {"mcpServers": {"o": {"command": "x", "env": {"DATA": "` + key + `", "SOME_ID": "` + id + `"}}}}
  }
}
`})
	for _, format := range []string{"text", "json"} {
		args := []string{"add", "new", "--client", "claude", "--scope", "local", "--dry-run", "--format", format, "--", "uvx", "x"}
		code, out, errOut := runWith(root, home, args...)
		check(args, out+errOut)
		if code != 0 || !strings.Contains(out, "SOME_ID") {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
	}
	for _, format := range []string{"text", "json"} {
		root, home := testtree.Write(t, map[string]string{".mcp.json": mcp})
		os.MkdirAll(home, 0o755)
		args := []string{"remove", "svc", "--client", "claude", "--format", format}
		code, out, errOut := runWith(root, home, args...)
		check(args, out+errOut)
		if code != 0 {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		if format == "json" {
			var v struct{ Files []struct{ Diff []string } }
			if err := json.Unmarshal([]byte(out), &v); err != nil || len(v.Files) != 1 || !strings.Contains(strings.Join(v.Files[0].Diff, "\n"), "SOME_ID") {
				t.Errorf("%v: %v\n%s", args, err, out)
			}
		}
	}
}
