package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

func run(t *testing.T, env map[string]string, args ...string) (code int, out, errOut string) {
	t.Helper()
	io, o, e := testIO(env)
	code = Main(args, io)
	return code, o.String(), e.String()
}

func TestExitCodes(t *testing.T) {
	root, home := stage(t, "demo")
	cases := []struct {
		name string
		args []string
		code int
		err  string
	}{
		{"report", []string{"explain", "--root", root, "--home", home}, 0, ""},
		{"name", []string{"explain", "github", "--root", root, "--home", home}, 0, ""},
		{"unknown name with suggestion", []string{"explain", "githb", "--root", root, "--home", home}, 1, `no server named "githb" in any source; did you mean "github"?`},
		{"bad format", []string{"explain", "--format", "yaml", "--root", root, "--home", home}, 2, `unknown format "yaml"`},
		{"unknown flag", []string{"explain", "--nope"}, 2, "unknown flag: --nope"},
		{"too many args", []string{"explain", "a", "b", "--root", root}, 2, "explain takes at most one NAME, got 2 arguments"},
		{"unknown command", []string{"frobnicate"}, 2, "unknown command"},
		{"unknown command usage hint", []string{"frobnicate"}, 2, "run 'mcpconf --help' for usage"},
		{"subcommand usage hint", []string{"explain", "--nope"}, 2, "run 'mcpconf explain --help' for usage"},
		{"missing root", []string{"explain", "--root", filepath.Join(root, "nope"), "--home", home}, 3, "cannot read root"},
		{"unknown client", []string{"explain", "--client", "cursr", "--root", root, "--home", home}, 2, `"cursor"`},
		{"root is a file", []string{"explain", "--root", filepath.Join(root, ".mcp.json"), "--home", home}, 3, "cannot read root"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, _, errOut := run(t, nil, c.args...)
			if code != c.code || !strings.Contains(errOut, c.err) {
				t.Errorf("exit %d, stderr %q; want exit %d and %q", code, errOut, c.code, c.err)
			}
		})
	}
}

func TestVersionAndHelp(t *testing.T) {
	code, out, _ := run(t, nil, "--version")
	if code != 0 || !strings.HasPrefix(out, "mcpconf ") {
		t.Errorf("--version: %d %q", code, out)
	}
	for _, args := range [][]string{{"--help"}, {"explain", "--help"}} {
		code, out, _ := run(t, nil, args...)
		if code != 0 || !strings.Contains(out, "Examples:") {
			t.Errorf("%v: exit %d, no examples in:\n%s", args, code, out)
		}
	}
}

// TestColor: by default colors only on a terminal, and never with
// NO_COLOR, TERM=dumb or --no-color; --color always colors a pipe (CI
// logs) and overrides NO_COLOR; --color never does not color a terminal.
// explain and lint decide the same way.
func TestColor(t *testing.T) {
	root, home := stage(t, "demo")
	for _, c := range []struct {
		tty   bool
		env   map[string]string
		flags []string
		color bool
	}{
		{false, nil, nil, false},
		{true, nil, nil, true},
		{true, map[string]string{"NO_COLOR": "1"}, nil, false},
		{true, nil, []string{"--no-color"}, false},
		{true, map[string]string{"TERM": "dumb"}, nil, false},
		{false, nil, []string{"--color", "auto"}, false},
		{true, nil, []string{"--color=auto"}, true},
		{false, nil, []string{"--color", "always"}, true},
		{false, map[string]string{"NO_COLOR": "1", "TERM": "dumb"}, []string{"--color", "always"}, true},
		{true, nil, []string{"--color", "never"}, false},
	} {
		for _, cmd := range []string{"explain", "lint"} {
			io, out, _ := testIO(c.env)
			io.OutTTY = c.tty
			args := append([]string{cmd, "--root", root, "--home", home}, c.flags...)
			Main(args, io)
			if got := strings.Contains(out.String(), "\x1b["); got != c.color {
				t.Errorf("%s tty=%v env=%v %v: colored %v, want %v", cmd, c.tty, c.env, c.flags, got, c.color)
			}
		}
	}
	for _, bad := range [][]string{{"--color", "sometimes"}, {"--color", "always", "--no-color"}} {
		io, _, errOut := testIO(nil)
		if code := Main(append([]string{"lint", "--root", root}, bad...), io); code != exitUsage {
			t.Errorf("%v: exit %d, want %d: %s", bad, code, exitUsage, errOut)
		}
	}
}

// TestExplainEnvironment: CODEX_HOME and XDG_CONFIG_HOME move user files;
// with --home, a variable that points outside it is ignored, and said so.
func TestExplainEnvironment(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	codex, xdg := filepath.Join(home, "codex"), filepath.Join(home, "xdg")
	os.MkdirAll(codex, 0o755)
	os.WriteFile(filepath.Join(codex, "config.toml"), []byte("[mcp_servers.c]\ncommand = \"c\"\n"), 0o644)
	os.MkdirAll(filepath.Join(xdg, "opencode"), 0o755)
	os.WriteFile(filepath.Join(xdg, "opencode", "opencode.json"), []byte(`{"mcp": {"o": {"type": "local", "command": ["o"]}}}`), 0o644)
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "config.toml"), []byte("[mcp_servers.real]\ncommand = \"real\"\n"), 0o644)

	type report struct {
		Views []struct {
			Client  string
			Servers []struct {
				Name   string
				Source struct{ Path string }
			}
		}
		Notes []string
	}
	explain := func(env map[string]string) report {
		t.Helper()
		code, out, errOut := run(t, env, "explain", "--root", root, "--home", home, "--client", "codex,opencode", "--format", "json")
		if code != 0 {
			t.Fatal(errOut)
		}
		var rep report
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return rep
	}
	got := map[string]string{}
	for _, v := range explain(map[string]string{"CODEX_HOME": codex, "XDG_CONFIG_HOME": xdg}).Views {
		for _, s := range v.Servers {
			got[s.Name] = s.Source.Path
		}
	}
	if got["c"] != "~/codex/config.toml" || got["o"] != "~/xdg/opencode/opencode.json" {
		t.Errorf("sources: %v", got)
	}
	rep := explain(map[string]string{"CODEX_HOME": outside})
	for _, v := range rep.Views {
		for _, s := range v.Servers {
			if s.Name == "real" {
				t.Errorf("CODEX_HOME outside --home was read: %+v", s)
			}
		}
	}
	if !slices.ContainsFunc(rep.Notes, func(n string) bool { return strings.Contains(n, "CODEX_HOME") && strings.Contains(n, "ignored") }) {
		t.Errorf("notes: %q", rep.Notes)
	}
}

// TestExplainRelativeHomes: a relative client home (CODEX_HOME=cfg) is
// where the client starts, --root, not mcpconf's working directory; with
// --home, one that leaves both --home and --root is ignored, and said so.
// testdata/clients/homes-relative and homes-tilde show the clients do so.
func TestExplainRelativeHomes(t *testing.T) {
	base := t.TempDir()
	root, home := filepath.Join(base, "project"), filepath.Join(base, "home")
	for dir, name := range map[string]string{filepath.Join(root, "cfg"): "start", filepath.Join(root, "~", "cfg"): "tilde",
		filepath.Join(home, "cfg"): "home", filepath.Join(base, "out"): "out"} {
		os.MkdirAll(dir, 0o755)
		os.WriteFile(filepath.Join(dir, "config.toml"), []byte("[mcp_servers."+name+"]\ncommand = \"false\"\n"), 0o644)
	}
	for _, tt := range []struct{ value, want, note string }{
		{"cfg", "start", ""},
		{"~/cfg", "tilde", ""},
		{"../out", "", "CODEX_HOME=../out is outside --home and --root and is ignored"},
	} {
		code, out, errOut := run(t, map[string]string{"CODEX_HOME": tt.value}, "explain", "--root", root, "--home", home, "--client", "codex", "--format", "json")
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", tt.value, code, errOut)
		}
		var rep struct {
			Servers []struct{ Name string }
			Notes   []string
		}
		if err := json.Unmarshal([]byte(out), &rep); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		var got []string
		for _, s := range rep.Servers {
			got = append(got, s.Name)
		}
		if want := []string{tt.want}; tt.want == "" && len(got) != 0 || tt.want != "" && !slices.Equal(got, want) {
			t.Errorf("CODEX_HOME=%s: servers %q, want %q", tt.value, got, tt.want)
		}
		if tt.note != "" && !slices.Contains(rep.Notes, tt.note) {
			t.Errorf("CODEX_HOME=%s: notes %q, want %q", tt.value, rep.Notes, tt.note)
		}
	}
}

// TestExplainNeverExecutes: explain reads commands, it never runs them.
func TestExplainNeverExecutes(t *testing.T) {
	root := t.TempDir()
	marker := filepath.Join(root, "ran")
	cfg := `{"mcpServers": {"x": {"command": "sh", "args": ["-c", "touch ` + marker + `"], "env": {"T": "!touch ` + marker + `"}}}}`
	os.MkdirAll(filepath.Join(root, ".pisces"), 0o755)
	os.WriteFile(filepath.Join(root, ".pisces", "mcp.json"), []byte(cfg), 0o644)
	for _, args := range [][]string{{"explain"}, {"explain", "x"}, {"explain", "--format", "json"}} {
		run(t, nil, append(args, "--root", root, "--home", t.TempDir())...)
	}
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("explain executed a configured command")
	}
}

// TestExplainMasksSecrets: no secret value reaches any explain output.
func TestExplainMasksSecrets(t *testing.T) {
	root := t.TempDir()
	secrets := []string{"ghp_abcdefghijklmnopqrstuvwxyz0123456789", "s3cr3t-header-value", "hunter2hunter2", "querytokenvalue", "pw-in-userinfo", "clientsecretvalue"}
	cfg := `{"mcpServers": {
  "x": {"command": "srv", "args": ["--api-key=hunter2hunter2", "--token", "ghp_abcdefghijklmnopqrstuvwxyz0123456789"],
        "env": {"GITHUB_TOKEN": "ghp_abcdefghijklmnopqrstuvwxyz0123456789"}},
  "y": {"type": "http", "url": "https://user:pw-in-userinfo@example.com/mcp?token=querytokenvalue",
        "headers": {"X-Custom": "s3cr3t-header-value"}, "oauth": {"clientId": "id", "clientSecret": "clientsecretvalue"}}}}`
	os.MkdirAll(filepath.Join(root, ".pisces"), 0o755)
	os.WriteFile(filepath.Join(root, ".pisces", "mcp.json"), []byte(cfg), 0o644)
	for _, args := range [][]string{{"explain"}, {"explain", "--format", "json"}, {"explain", "x"}, {"explain", "y"}, {"explain", "x", "--format", "json"}, {"explain", "y", "--format", "json"}} {
		code, out, errOut := run(t, nil, append(args, "--root", root, "--home", t.TempDir())...)
		if code != 0 {
			t.Fatalf("%v: %s", args, errOut)
		}
		for _, s := range secrets {
			if strings.Contains(out, s) {
				t.Errorf("%v prints the secret %q:\n%s", args, s, out)
			}
		}
		if !strings.Contains(out, "***") {
			t.Errorf("%v: nothing masked", args)
		}
	}
}

// TestMaskingNoise: what plainly is not a secret reads as written — a path
// under MEMORY_FILE_PATH, $HOME/mem.json — and a placeholder of another
// client's syntax is named as such in --resolve, not as a literal.
func TestMaskingNoise(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json": `{"mcpServers": {
			"mem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory@2025.4.25"], "env": {"MEMORY_FILE_PATH": "/home/me/mem.json", "BACKUP": "$HOME/mem.json", "DATA": "Zq8Wm2Lp5Rt7Yx3Vb9Nc"}},
			"docs": {"type": "http", "url": "https://d.example.com/mcp", "headers": {"Authorization": "Bearer ${env:DOCS_TOKEN}"}}}}`,
	})
	home := t.TempDir()
	_, out, _ := run(t, nil, "explain", "mem", "--root", root, "--home", home)
	for _, want := range []string{"/home/me/mem.json", "$HOME/mem.json", `"DATA":"***"`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain mem: no %q in\n%s", want, out)
		}
	}
	_, out, _ = run(t, nil, "explain", "docs", "--resolve", "--root", root, "--home", home)
	if !strings.Contains(out, "${env:DOCS_TOKEN}: a placeholder Claude Code does not expand") || strings.Contains(out, "literal (") {
		t.Errorf("explain docs --resolve:\n%s", out)
	}
}

// TestExplainNameNotLoaded: explain NAME answers exactly when a server
// "doesn't show up": defined in a file that does not parse, or under a
// key the client does not read, it names the place and why, in text and
// JSON (with the files' findings), and exits 1.
func TestExplainNameNotLoaded(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json":          `{"mcpServers": {"fs": {"command": "npx", "args": ["-y"`,
		".cursor/mcp.json":   `{"servers": {"fs": {"command": "npx"}}}`,
		".codex/config.toml": "[mcp_servers.fs\ncommand = \"npx\"\n",
	})
	home := t.TempDir()
	code, out, errOut := run(t, nil, "explain", "fs", "--root", root, "--home", home, "--client", "claude,cursor,codex")
	if code != 1 {
		t.Errorf("exit %d, want 1: %s", code, errOut)
	}
	for _, want := range []string{
		"Claude Code: not loaded", "defined at .mcp.json:1:17: it is in .mcp.json, which Claude Code cannot read (.mcp.json:",
		"Cursor: not loaded", `defined at .cursor/mcp.json:1:14: it is under "servers", which Cursor does not read; it reads "mcpServers"`,
		`to load it: rename "servers" to "mcpServers"`,
		"Codex: not loaded", "defined at .codex/config.toml:1:14: it is in .codex/config.toml, which Codex cannot read",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if strings.Contains(errOut, "no server named") {
		t.Errorf("says the server is not defined: %s", errOut)
	}
	_, js, _ := run(t, nil, "explain", "fs", "--root", root, "--home", home, "--client", "claude,cursor", "--format", "json")
	var doc struct {
		Clients []struct {
			Client, Status string
			NotLoaded      []struct{ Path, Why string } `json:"not_loaded"`
		}
		Diagnostics []struct{ Rule, Path string }
	}
	if err := json.Unmarshal([]byte(js), &doc); err != nil {
		t.Fatalf("%v\n%s", err, js)
	}
	if len(doc.Clients) != 2 || doc.Clients[0].Status != "not-loaded" || len(doc.Clients[1].NotLoaded) != 1 || len(doc.Diagnostics) < 2 {
		t.Errorf("%+v", doc)
	}
	// a name defined nowhere is still "not defined"
	if code, _, errOut := run(t, nil, "explain", "nope", "--root", root, "--home", home); code != 1 || !strings.Contains(errOut, `no server named "nope"`) {
		t.Errorf("exit %d: %s", code, errOut)
	}
}

// TestExplainIgnoredField: a field the client does not read is marked as
// such in explain NAME (text and JSON), with what was likely meant, and
// the status line says the server starts without it.
func TestExplainIgnoredField(t *testing.T) {
	// the global file: Cursor starts its servers without approval
	root, home := writeTreeHome(t, map[string]string{"~/.cursor/mcp.json": `{"mcpServers": {"memory": {"command": "npx", "arguments": ["-y", "@modelcontextprotocol/server-memory@2025.4.25"]}}}`})
	_, out, _ := run(t, nil, "explain", "memory", "--root", root, "--home", home)
	for _, want := range []string{`Cursor: starts it, without "arguments", which it does not read`, `ignored: Cursor does not read it; did you mean "args"?`} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	_, js, _ := run(t, nil, "explain", "memory", "--root", root, "--home", home, "--format", "json")
	if !strings.Contains(js, `"ignored": "Cursor does not read it; did you mean \"args\"?"`) || strings.Count(js, `"ignored"`) != 1 {
		t.Errorf("json:\n%s", js)
	}
}

// TestExplainUntrustedPatch: an untrusted Codex project layer that only
// patches a user server says what it would change once trusted, not that
// it differs in every field it does not set.
func TestExplainUntrustedPatch(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": "[mcp_servers.slow]\ncommand = \"python\"\nargs = [\"-m\", \"slow\"]\nstartup_timeout_sec = 20\n",
		".codex/config.toml":   "[mcp_servers.slow]\nstartup_timeout_sec = 60\n",
	})
	_, out, _ := run(t, nil, "explain", "--root", root, "--home", home, "--client", "codex")
	if !strings.Contains(out, "would change startup_timeout_sec 20 → 60 once the project is trusted") || strings.Contains(out, "differs in transport") {
		t.Errorf("explain:\n%s", out)
	}
	_, out, _ = run(t, nil, "explain", "slow", "--root", root, "--home", home, "--client", "codex")
	if !strings.Contains(out, "would change once the project is trusted: startup_timeout_sec 20 → 60") || !strings.Contains(out, "a patch: it sets only the fields below") {
		t.Errorf("explain slow:\n%s", out)
	}
	_, js, _ := run(t, nil, "explain", "--root", root, "--home", home, "--client", "codex", "--format", "json")
	if !strings.Contains(js, `"would_change": [`) || !strings.Contains(js, `"startup_timeout_sec 20 → 60"`) {
		t.Errorf("json:\n%s", js)
	}
}

// TestExplainJSONNoFiles: with no config file anywhere, explain --format
// json still prints a document (no views, the reason in its notes), as
// lint does; the sentence for people stays on stderr. With --resolve, an
// empty resolution document.
func TestExplainJSONNoFiles(t *testing.T) {
	root, home := t.TempDir(), t.TempDir()
	code, out, errOut := run(t, nil, "explain", "--root", root, "--home", home, "--format", "json")
	var doc struct {
		Root   string
		Views  []any
		Matrix []any
		Notes  []string
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || code != 0 {
		t.Fatalf("exit %d, not a JSON document (%v):\n%s\nstderr: %s", code, err, out, errOut)
	}
	if doc.Root != root || doc.Views == nil || len(doc.Views) != 0 || doc.Matrix == nil {
		t.Errorf("document: %+v", doc)
	}
	if len(doc.Notes) == 0 || !strings.HasPrefix(doc.Notes[len(doc.Notes)-1], "no MCP config files found for any client in ") {
		t.Errorf("the notes do not say no file was found: %q", doc.Notes)
	}
	if !strings.Contains(errOut, "no MCP config files found") {
		t.Errorf("stderr: %q", errOut)
	}

	code, out, errOut = run(t, nil, "explain", "--resolve", "--root", root, "--home", home, "--format", "json")
	var res struct{ Servers, Unresolved []any }
	if err := json.Unmarshal([]byte(out), &res); err != nil || code != 0 || res.Servers == nil || len(res.Servers) != 0 {
		t.Errorf("--resolve: exit %d (%v):\n%s\nstderr: %s", code, err, out, errOut)
	}

	// text is as before: the sentence alone
	code, out, errOut = run(t, nil, "explain", "--root", root, "--home", home)
	if code != 0 || out != "" || !strings.Contains(errOut, "no MCP config files found") {
		t.Errorf("text: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}

// TestExplainBareMCPJSON: a tree whose only MCP file is a bare mcp.json
// (pisces reads it) is shown as pisces reads it, by explain, explain NAME
// and probe, as lint lints it, never "no MCP config files found".
func TestExplainBareMCPJSON(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		"mcp.json": `{"mcpServers": {"a": {"command": "mcpconf-no-such-program"}}}`, "~/.keep": "",
	})
	for _, args := range [][]string{{"explain"}, {"explain", "a"}, {"probe"}} {
		code, out, errOut := run(t, nil, append(args, "--root", root, "--home", home)...)
		if strings.Contains(errOut, "no MCP config files found") || !strings.Contains(out, "mcp.json") && args[0] == "explain" || code > 1 {
			t.Errorf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		if args[0] == "probe" && !strings.Contains(out, `"mcpconf-no-such-program" not found`) {
			t.Errorf("probe did not try the server:\n%s%s", out, errOut)
		}
	}
}

// TestExplainSkippedExtension: explain NAME finds a server in an extension
// Gemini CLI skips, and says why (testdata/clients/gemini-extension-skipped).
func TestExplainSkippedExtension(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"~/.gemini/settings.json":                      `{"mcpServers": {"u": {"command": "u"}}}`,
		"~/.gemini/extensions/d/gemini-extension.json": `{"name": "nov", "mcpServers": {"d": {"command": "false"}}}`,
	})
	code, out, errOut := run(t, nil, "explain", "d", "--root", root, "--home", home, "--client", "gemini", "--color", "never")
	want := `defined at ~/.gemini/extensions/d/gemini-extension.json:1:32: it is in ~/.gemini/extensions/d/gemini-extension.json: Gemini CLI skips this extension: "version" is missing`
	if code != exitFindings || !strings.Contains(out, want) {
		t.Errorf("exit %d\n%s%s\nwant %q", code, out, errOut, want)
	}
}
