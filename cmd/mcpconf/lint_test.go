package main

import (
	"fmt"

	"github.com/mcpconf/mcpconf/internal/testtree"

	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func writeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root, _ := testtree.Write(t, files)
	return root
}

type lintReport struct {
	Findings []struct {
		Rule, Severity, Path, Message string
		Line, Column                  int
	}
	Errors []struct{ Path, Message string }
}

func lintJSON(t *testing.T, env map[string]string, args ...string) (int, lintReport, string) {
	t.Helper()
	code, out, errOut := run(t, env, append([]string{"lint", "--format", "json"}, args...)...)
	var rep lintReport
	if out != "" {
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("bad JSON (%v):\n%s", err, out)
		}
	}
	return code, rep, errOut
}

// TestLintNeverExecutes plants commands and !cmd values that would create a
// marker file; lint must leave no marker, in every format and scope.
func TestLintNeverExecutes(t *testing.T) {
	dir := t.TempDir()
	marker := filepath.Join(dir, "marker")
	touch := "touch " + marker
	root := writeTree(t, map[string]string{
		".pisces/mcp.json":   `{"mcpServers": {"a": {"command": "sh", "args": ["-c", "` + touch + `"], "env": {"K": "!` + touch + `"}, "headers": {"H": "!` + touch + `"}}}}`,
		".mcp.json":          `{"mcpServers": {"b": {"command": "` + touch + `", "env": {"X": "$(` + touch + `)"}}}}`,
		".codex/config.toml": "[mcp_servers.c]\ncommand = \"sh\"\nargs = [\"-c\", \"" + touch + "\"]\n",
		"opencode.json":      `{"mcp": {"d": {"type": "local", "command": ["sh", "-c", "` + touch + `"], "environment": {"T": "{file:` + marker + `}"}}}}`,
		".vscode/mcp.json":   `{"servers": {"e": {"type": "http", "url": "http://127.0.0.1:1/mcp"}}}`,
	})
	for _, format := range []string{"text", "json", "sarif", "github"} {
		for _, scope := range []string{"project", "all"} {
			run(t, nil, "lint", "--root", root, "--home", root, "--format", format, "--scope", scope)
		}
	}
	run(t, nil, "lint", "-r", root, "--home", root)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("lint executed a configured command")
	}
}

func TestLintExitCodes(t *testing.T) {
	clean := writeTree(t, map[string]string{".mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}}}`})
	warn := writeTree(t, map[string]string{".mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"]}}}`})
	bad := writeTree(t, map[string]string{".mcp.json": `{"mcpServers": {"gh": {"args": []}}}`})
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"clean", []string{"lint", "--root", clean}, 0},
		{"warning below fail-on", []string{"lint", "--root", warn}, 0},
		{"warning at fail-on warning", []string{"lint", "--root", warn, "--fail-on", "warning"}, 1},
		{"info level", []string{"lint", "--root", clean, "--fail-on", "info"}, 0},
		{"error", []string{"lint", "--root", bad}, 1},
		{"bad fail-on", []string{"lint", "--root", clean, "--fail-on", "fatal"}, 2},
		{"bad scope", []string{"lint", "--root", clean, "--scope", "everything"}, 2},
		{"bad format", []string{"lint", "--root", clean, "--format", "xml"}, 2},
		{"missing path", []string{"lint", filepath.Join(clean, "nope.json")}, 2},
		{"unknown file kind", []string{"lint", filepath.Join(clean, "README")}, 2},
		{"unreadable root", []string{"lint", "--root", filepath.Join(clean, "nope")}, 3},
		{"missing --config", []string{"lint", "--root", clean, "--config", filepath.Join(clean, "nope.toml")}, 2},
	}
	os.WriteFile(filepath.Join(clean, "README"), []byte("hi"), 0o644)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if code, out, errOut := run(t, nil, append(c.args, "--home", t.TempDir())...); code != c.code {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, c.code, out, errOut)
			}
		})
	}
}

// TestLintFileArgs is what pre-commit does: pass changed files, in any
// directory, and get findings with paths as given.
func TestLintFileArgs(t *testing.T) {
	root := writeTree(t, map[string]string{
		"svc/a/.mcp.json":          `{"mcpServers": {"x": {"url": "https://example.com/mcp"}}}`,
		"svc/a/.cursor/mcp.json":   `{"mcpServers": {"x": {"command": "cursor-x"}}}`,
		"svc/b/.codex/config.toml": "[mcp_servers.y]\nargs = [\"a\"]\n",
		"svc/b/.vscode/mcp.json":   `{"mcpServers": {}}`,
	})
	code, rep, errOut := lintJSON(t, nil, "--root", root, "--home", t.TempDir(),
		filepath.Join(root, "svc/a/.mcp.json"), filepath.Join(root, "svc/a/.cursor/mcp.json"), filepath.Join(root, "svc/b/.codex/config.toml"), filepath.Join(root, "svc/b/.vscode/mcp.json"))
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := map[string]bool{}
	for _, f := range rep.Findings {
		got[f.Rule+" "+filepath.Base(filepath.Dir(filepath.Dir(f.Path)))+"|"+f.Path] = true
	}
	// x differs between Claude Code's .mcp.json and Cursor's file (drift,
	// not shadowing: each client reads only its own); y is a Codex patch
	// of a user server, which project scope cannot judge: no finding.
	for _, f := range rep.Findings {
		if f.Rule == "unknown-transport" || f.Rule == "shadowed" {
			t.Errorf("unexpected %s: %+v", f.Rule, f)
		}
	}
	for _, want := range []string{"implicit-stdio", "drift", "wrong-root-key"} {
		found := false
		for k := range got {
			if strings.HasPrefix(k, want+" ") {
				found = true
			}
		}
		if !found {
			t.Errorf("no %s finding in %v", want, rep.Findings)
		}
	}
	for _, f := range rep.Findings {
		if filepath.IsAbs(f.Path) {
			t.Errorf("path %q should be relative to the working directory or absolute only outside it", f.Path)
		}
	}
}

func TestLintRecursive(t *testing.T) {
	root := writeTree(t, map[string]string{
		"a/.mcp.json":                 `{"mcpServers": {"x": {"command": "npx", "args": ["pkg@1.0.0"]}}}`,
		"b/c/.cursor/mcp.json":        `{"servers": {}}`,
		"node_modules/m/.mcp.json":    `{"broken`,
		".git/x/.mcp.json":            `{"broken`,
		"vendor/v/.codex/config.toml": "[[[",
		"deep/er/still/opencode.json": `{"mcp": {"o": {"command": ["x"]}}}`,
		// files of clients that are not pisces providers
		"r/.roo/mcp.json":      `{"mcpServers": {"r": {"type": "http", "url": "https://r.example.com/mcp"}}}`,
		"z/.zed/settings.json": `{"context_servers": {"z": {"command": "srv", "url": "ftp://x"}}}`,
	})
	io, out, _ := testIO(nil)
	io.Getwd = func() (string, error) { return root, nil }
	code := Main([]string{"lint", "-r", ".", "--home", t.TempDir(), "--format", "json"}, io)
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	var rep lintReport
	json.Unmarshal(out.Bytes(), &rep)
	paths := map[string]bool{}
	for _, f := range rep.Findings {
		paths[f.Path] = true
	}
	for _, want := range []string{"a/.mcp.json", "b/c/.cursor/mcp.json", "deep/er/still/opencode.json", "r/.roo/mcp.json", "z/.zed/settings.json"} {
		if !paths[want] {
			t.Errorf("no finding in %s: %v", want, paths)
		}
	}
	for p := range paths {
		if strings.Contains(p, "node_modules") || strings.Contains(p, ".git/") || strings.Contains(p, "vendor/") {
			t.Errorf("walked into %s", p)
		}
	}
	// what pre-commit passes: the file alone is classified the same way
	for _, file := range []string{"r/.roo/mcp.json", "z/.zed/settings.json"} {
		io, out, errOut := testIO(nil)
		io.Getwd = func() (string, error) { return root, nil }
		code := Main([]string{"lint", file, "--home", t.TempDir(), "--format", "json"}, io)
		var rep lintReport
		json.Unmarshal(out.Bytes(), &rep)
		if code != 1 || len(rep.Findings) == 0 || rep.Findings[0].Path != file {
			t.Errorf("lint %s: exit %d, %+v %s", file, code, rep.Findings, errOut)
		}
	}
}

func TestLintScope(t *testing.T) {
	root := writeTree(t, map[string]string{".mcp.json": `{"mcpServers": {"p": {"command": "npx", "args": ["-y", "x@1.0.0"]}}}`})
	home := writeTree(t, map[string]string{".cursor/mcp.json": `{"mcpServers": {"u": {"url": "ftp://example.com"}}}`})
	code, rep, _ := lintJSON(t, nil, "--root", root, "--home", home)
	if code != 0 || len(rep.Findings) != 0 {
		t.Errorf("project scope must not read the home: %d %v", code, rep.Findings)
	}
	code, rep, _ = lintJSON(t, nil, "--root", root, "--home", home, "--scope", "all")
	if code != 1 || len(rep.Findings) == 0 || rep.Findings[0].Path != "~/.cursor/mcp.json" {
		t.Errorf("scope all: %d %v", code, rep.Findings)
	}
	code, rep, _ = lintJSON(t, nil, "--root", root, "--home", home, "--scope", "user")
	if code != 1 || len(rep.Findings) == 0 {
		t.Errorf("scope user must read the home: %d %v", code, rep.Findings)
	}
	for _, f := range rep.Findings {
		if !strings.HasPrefix(f.Path, "~/") {
			t.Errorf("scope user reported %s", f.Path)
		}
	}
}

func TestLintConfigFile(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json": `{"mcpServers": {
  "gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "ghp_0123456789abcdefghijklmnopqrstuvwxyz"}},
  "web": {"type": "http", "url": "https://evil.example.com/mcp"}}}`,
		"fixtures/.cursor/mcp.json": `{"mcpServers": {"f": {"command": "x", "env": {"API_KEY": "sk-ant-0123456789abcdefghijklmnopqrstuvwxyz"}}}}`,
		".mcpconf.toml": `disable = ["npx-without-yes"]
[severity]
hardcoded-secret = "warning"
[[ignore]]
paths = ["fixtures/**"]
reason = "fake keys"
[[ignore]]
paths = ["nowhere/**"]
reason = "stale"
[[ignore]]
paths = [".mcp.json"]
rules = ["shadowd"]
[policy]
deny_urls = ["https://evil.example.com/*"]
colour = "red"
`,
	})
	io, out, errOut := testIO(nil)
	io.Getwd = func() (string, error) { return root, nil }
	code := Main([]string{"lint", "-r", ".", "--home", t.TempDir(), "--format", "json"}, io)
	var rep lintReport
	if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
		t.Fatalf("%v: %s %s", err, out, errOut)
	}
	var got []string
	for _, f := range rep.Findings {
		got = append(got, f.Path+":"+f.Rule+":"+f.Severity+":"+f.Message)
	}
	all := strings.Join(got, "\n")
	for _, want := range []string{
		".mcp.json:hardcoded-secret:warning:",
		".mcp.json:policy:error:",
		`.mcpconf.toml:lint-config:error:unknown rule "shadowd"; did you mean "shadowed"?`,
		`.mcpconf.toml:lint-config:error:[[ignore]] has no "reason"`,
		`.mcpconf.toml:lint-config:warning:this [[ignore]] entry matches no finding`,
		`.mcpconf.toml:lint-config:error:unknown key "colour" in [policy]`,
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
	for _, bad := range []string{"npx-without-yes", "fixtures/.cursor/mcp.json"} {
		if strings.Contains(all, bad) {
			t.Errorf("%q should be silenced:\n%s", bad, all)
		}
	}
	if code != 1 {
		t.Errorf("exit %d", code)
	}
}

// TestLintMasksSecrets: no secret reaches any lint format, in messages,
// hints or source snippets.
func TestLintMasksSecrets(t *testing.T) {
	secrets := []string{"pwInUserInfo1", "queryTokenValue2", "flagValueSecret3", "flagEqualsSecret4", "headerSecretValue5x9", "ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N"}
	root := writeTree(t, map[string]string{
		".mcp.json": `{ "mcpServers": {
  "a": { "type": "http", "url": "http://user:pwInUserInfo1@mcp.example.com/mcp?token=queryTokenValue2" },
  "b": { "type": "http", "url": "ftp://user:pwInUserInfo1@files.example.com/x?api_key=queryTokenValue2" },
  "c": { "command": "npx", "args": ["srv@1.0.0", "--api-key", "flagValueSecret3", "--token=flagEqualsSecret4"], "env": { "GITHUB_TOKEN": "ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N" } },
  "d": { "type": "http", "url": "https://mcp.example.com/mcp", "headers": { "X-Api-Key": "headerSecretValue5x9" } }
} }`,
		".mcpconf.toml": "[policy]\ndeny_urls = [\"*example.com*\"]\n",
	})
	for _, format := range []string{"text", "json", "sarif", "github"} {
		code, out, errOut := run(t, nil, "lint", "--root", root, "--home", t.TempDir(), "--format", format)
		if code != 1 {
			t.Fatalf("%s: exit %d: %s", format, code, errOut)
		}
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%s output prints %q", format, s)
			}
		}
	}
}

// TestLintNoFilesSaysWhere: a tree without config files says where lint
// looked, for which clients, and what to try.
func TestLintNoFilesSaysWhere(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, fmt.Sprintf(`no MCP config files found in %q (and the directories the clients look in above it) for any client; pass --root DIR for another project, or -r to walk its subdirectories`, root)},
		{[]string{"--scope", "all", "--client", "codex,cursor"}, fmt.Sprintf(`no MCP config files found in %q (and the directories the clients look in above it) or under %q for codex, cursor; pass --root DIR`, root, home)},
		{[]string{"-r", root}, fmt.Sprintf(`no MCP config files found under %q (walked for every known config file) for any client; pass another directory, or --root DIR`, root)},
	} {
		io, out, errOut := testIO(nil)
		args := append([]string{"lint", "--root", root, "--home", home}, c.args...)
		if code := Main(args, io); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%v:\n got %q\nwant %q", args, out, c.want)
		}
	}
}

// TestLintRecursiveNested: with -r, a file above a nested project root is
// linted with that root too (Claude Code reads .mcp.json up to the git
// root). It is shown relative to the working directory like everywhere
// else, so an [[ignore]] path matches it, whichever root reads it first.
func TestLintRecursiveNested(t *testing.T) {
	root := writeTree(t, map[string]string{
		".git/HEAD":       "ref: refs/heads/main\n",
		"n/.mcp.json":     `{"mcpServers": {"dup": {"command": "a"}}}`,
		"n/sub/.mcp.json": `{"mcpServers": {"dup": {"command": "b"}}}`,
		".mcpconf.toml":   "[[ignore]]\npaths = [\"n/.mcp.json\"]\nreason = \"kept on purpose\"\n",
	})
	var first string
	for i := range 6 {
		io, out, errOut := testIO(nil)
		io.Getwd = func() (string, error) { return root, nil }
		code := Main([]string{"lint", "-r", ".", "--home", t.TempDir(), "--format", "json"}, io)
		var rep lintReport
		if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
			t.Fatalf("exit %d: %v %s", code, err, errOut)
		}
		for _, f := range rep.Findings {
			if filepath.IsAbs(f.Path) || f.Path == "n/.mcp.json" {
				t.Errorf("run %d: %s %s: %s", i, f.Path, f.Rule, f.Message)
			}
		}
		if i == 0 {
			first = out.String()
		} else if out.String() != first {
			t.Fatalf("run %d differs from the first:\n%s\n---\n%s", i, out.String(), first)
		}
	}
}
