package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestAdd: one server written for four clients: an existing VS Code file
// keeps its comment and its own server, the other files are created, a
// literal secret is refused, a dry run writes nothing, and lint finds no
// error in what was written.
func TestAdd(t *testing.T) {
	vscode := "{\n  // ours\n  \"servers\": {\n    \"time\": { \"command\": \"uvx\", \"args\": [\"mcp-server-time\"] }\n  }\n}\n"
	root, home := testtree.Write(t, map[string]string{".vscode/mcp.json": vscode})
	os.MkdirAll(home, 0o755)
	var clients []*normalize.Client
	for _, id := range []string{"claude", "vscode", "codex", "opencode"} {
		clients = append(clients, normalize.ClientByID(id))
	}
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	s := define.Server{Name: "github", Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", "@modelcontextprotocol/server-github@2025.4.8"},
		Env: []define.KV{{Key: "GITHUB_PERSONAL_ACCESS_TOKEN", Value: "${GITHUB_PERSONAL_ACCESS_TOKEN}"}}}
	dry, err := Add(AddRequest{Options: &o, Clients: clients, Scope: normalize.Project, Servers: []define.Server{s}, DryRun: true})
	if err != nil || len(dry.Files) != 4 || len(dry.Refused) != 0 {
		t.Fatalf("%v %+v", err, dry)
	}
	if _, err := os.Stat(filepath.Join(root, ".mcp.json")); err == nil {
		t.Fatal("a dry run wrote .mcp.json")
	}
	res, err := Add(AddRequest{Options: &o, Clients: clients, Scope: normalize.Project, Servers: []define.Server{s}})
	if err != nil || len(res.Files) != 4 || len(res.Refused) != 0 {
		t.Fatalf("%v %+v", err, res)
	}
	b, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json"))
	if !strings.Contains(string(b), "// ours") || !strings.Contains(string(b), `"time"`) || !strings.Contains(string(b), `"${env:GITHUB_PERSONAL_ACCESS_TOKEN}"`) {
		t.Errorf(".vscode/mcp.json:\n%s", b)
	}
	if !strings.Contains(string(b), "\n    \"github\": {\n      \"command\": \"npx\",\n") {
		t.Errorf("not written over lines as the servers around it:\n%s", b)
	}
	if b, _ := os.ReadFile(filepath.Join(root, ".mcp.json")); !strings.HasSuffix(string(b), "}\n") || strings.HasSuffix(string(b), "\n\n") {
		t.Errorf("a new file ends in one newline: %q", b)
	}
	b, _ = os.ReadFile(filepath.Join(root, ".codex/config.toml"))
	if !strings.Contains(string(b), "github") || !strings.Contains(string(b), `env_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]`) {
		t.Errorf(".codex/config.toml:\n%s", b)
	}
	run, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range run.Findings {
		if d.Severity == normalize.Error {
			t.Errorf("lint finds %s", d)
		}
	}
	// written twice: refused, nothing changed
	again, err := Add(AddRequest{Options: &o, Clients: clients[:1], Scope: normalize.Project, Servers: []define.Server{s}})
	if err != nil || len(again.Refused) != 1 || !strings.Contains(again.Refused[0].Reason, "already defined") {
		t.Fatalf("%v %+v", err, again)
	}
	secret := s
	secret.Env = []define.KV{{Key: "GITHUB_PERSONAL_ACCESS_TOKEN", Value: "ghp_" + strings.Repeat("a1B2c3D4e5", 4)[:36]}}
	secret.Name = "leak"
	r, err := Add(AddRequest{Options: &o, Clients: clients, Scope: normalize.Project, Servers: []define.Server{secret}})
	if err != nil || len(r.Files) != 0 || len(r.Refused) != 4 {
		t.Fatalf("a literal secret: %v %+v", err, r)
	}
}

// TestRemove: a server is removed from one client's file, its other
// server and comment kept; a client without it is refused.
func TestRemove(t *testing.T) {
	vscode := "{\n  // ours\n  \"servers\": {\n    \"time\": { \"command\": \"uvx\", \"args\": [\"mcp-server-time\"] },\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"x@1.0.0\"] }\n  }\n}\n"
	root, home := testtree.Write(t, map[string]string{".vscode/mcp.json": vscode})
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	res, err := Remove(RemoveRequest{Options: &o, Clients: []*normalize.Client{normalize.ClientByID("vscode"), normalize.ClientByID("cursor")}, Scope: normalize.Project, Name: "github"})
	if err != nil || len(res.Files) != 1 || len(res.Refused) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	b, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json"))
	if want := "{\n  // ours\n  \"servers\": {\n    \"time\": { \"command\": \"uvx\", \"args\": [\"mcp-server-time\"] }\n  }\n}\n"; string(b) != want {
		t.Errorf("got:\n%s\nwant:\n%s", b, want)
	}
}

// TestSync: a .mcp.json's stdio server (its token from a variable of the
// same name) and HTTP server (a bearer token from a variable), synced
// from Claude Code to five clients: every target's view holds both, lint
// finds no error, no difference between clients is listed, an existing
// .vscode/mcp.json keeps its comment and its own server.
func TestSync(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".mcp.json": `{"mcpServers": {
  "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_PERSONAL_ACCESS_TOKEN}"}},
  "docs": {"type": "http", "url": "https://docs.example.com/mcp", "headers": {"Authorization": "Bearer ${DOCS_TOKEN}"}}
}}
`,
		".vscode/mcp.json": "{\n  // ours\n  \"servers\": {\n    \"time\": { \"command\": \"uvx\", \"args\": [\"mcp-server-time\"] }\n  }\n}\n",
	})
	os.MkdirAll(home, 0o755)
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	var to []*normalize.Client
	for _, id := range []string{"cursor", "vscode", "codex", "gemini", "opencode"} {
		to = append(to, normalize.ClientByID(id))
	}
	dry, err := Sync(SyncRequest{Options: &o, From: normalize.ClientByID("claude"), To: to, Scope: normalize.Project, DryRun: true})
	if err != nil || len(dry.Files) != 5 {
		t.Fatalf("dry run: %v %d files", err, len(dry.Files))
	}
	for _, f := range dry.Files {
		// one change per file, with both servers: the diff shows the file as it will be
		if f.Fixed != 2 || !strings.Contains(string(f.After), "github") || !strings.Contains(string(f.After), "docs") {
			t.Errorf("dry run of %s: %d servers\n%s", f.Path, f.Fixed, f.After)
		}
	}
	res, err := Sync(SyncRequest{Options: &o, From: normalize.ClientByID("claude"), To: to, Scope: normalize.Project})
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 5 {
		t.Fatalf("%v %+v %d files", err, res.Refused, len(res.Files))
	}
	for _, f := range dry.Files {
		if b, _ := os.ReadFile(f.Abs); string(b) != string(f.After) {
			t.Errorf("%s is not what the dry run showed", f.Path)
		}
	}
	b, _ := os.ReadFile(filepath.Join(root, ".vscode/mcp.json"))
	if !strings.Contains(string(b), "// ours") || !strings.Contains(string(b), `"time"`) {
		t.Errorf(".vscode/mcp.json:\n%s", b)
	}
	fresh := options(root, home)
	if err := fresh.Prepare(); err != nil {
		t.Fatal(err)
	}
	ws := fresh.Scan(append([]*normalize.Client{normalize.ClientByID("claude")}, to...), discover.AllScopes)
	for _, v := range ws.Views {
		var names []string
		for _, e := range v.Entries {
			names = append(names, e.Server.Name)
		}
		if !slices.Contains(names, "github") || !slices.Contains(names, "docs") {
			t.Errorf("%s lists %v", v.Client.ID, names)
		}
	}
	run, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range run.Findings {
		if d.Severity == normalize.Error || d.Rule == normalize.RuleDrift {
			t.Errorf("lint finds %s", d)
		}
	}
	// again: nothing to change, the same bytes
	again, err := Sync(SyncRequest{Options: &fresh, From: normalize.ClientByID("claude"), To: to, Scope: normalize.Project, DryRun: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range again.Files {
		if string(f.Before) != string(f.After) {
			t.Errorf("a second sync changes %s:\n%s", f.Path, f.After)
		}
	}
}

// TestNeutralRefusesWhatItCannotCarry: a definition turned off by its own
// switch, or a tool filter entry that is a pattern for its client, is not
// copied; an env file, timeouts and tool names are carried.
func TestNeutralRefusesWhatItCannotCarry(t *testing.T) {
	off := &normalize.Server{Name: "x", Transport: normalize.Stdio, Command: "run"}
	off.TurnOff(normalize.Gate{Kind: normalize.ByField, Reason: "enabled = false"})
	if _, err := Neutral(normalize.ClientByID("codex"), off); err == nil || !strings.Contains(err.Error(), "turned off by its own switch") {
		t.Errorf("off: got %v", err)
	}
	args := &normalize.Server{Name: "x", Transport: normalize.Stdio, Command: "run", IncludeTools: []string{"run_shell_command(ls)"}}
	if _, err := Neutral(normalize.ClientByID("gemini"), args); err == nil || !strings.Contains(err.Error(), "is a pattern") {
		t.Errorf("tool(args): got %v", err)
	}
	zed := &normalize.Server{Name: "x", Transport: normalize.Stdio, Command: "run", StartupTimeout: time.Minute}
	if _, err := Neutral(normalize.ClientByID("zed"), zed); err == nil || !strings.Contains(err.Error(), "not verified") {
		t.Errorf("zed's timeout: got %v", err)
	}
	s := &normalize.Server{Name: "x", Transport: normalize.Stdio, Command: "run", EnvFile: "/srv/x/.env", StartupTimeout: time.Second, IncludeTools: []string{}}
	n, err := Neutral(normalize.ClientByID("vscode"), s)
	if err != nil || n.EnvFile != "/srv/x/.env" || n.StartupTimeout != time.Second || n.IncludeTools == nil {
		t.Errorf("got %+v %v", n, err)
	}
}

// TestSyncTimeoutsAndFilters: a Codex server's timeouts and tool filters
// are written for each client that has fields bounding the same things,
// read back as the same values, and refused for a client that has not: one
// startup timeout is no Gemini CLI "timeout" (which bounds each tool call
// too), Claude Code has no startup timeout, opencode no tool-call timeout.
func TestSyncTimeoutsAndFilters(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"~/.codex/config.toml": `[mcp_servers.search]
command = "npx"
args = ["-y", "search-mcp@1.0.0"]
startup_timeout_sec = 30
tool_timeout_sec = 30
enabled_tools = ["search", "fetch"]
disabled_tools = ["delete"]

[mcp_servers.slow]
url = "https://slow.example.com/mcp"
startup_timeout_sec = 1.5
`,
	})
	o := prepared(t, root, home)
	var to []*normalize.Client
	for _, id := range []string{"gemini", "claude", "opencode"} {
		to = append(to, normalize.ClientByID(id))
	}
	res, err := Sync(SyncRequest{Options: o, From: normalize.ClientByID("codex"), To: to, Scope: normalize.Project})
	if err != nil {
		t.Fatal(err)
	}
	var refused []string
	for _, r := range res.Refused {
		refused = append(refused, r.Client.ID+": "+r.Reason)
	}
	slices.Sort(refused)
	want := []string{
		`claude: Claude Code has no per-server startup timeout for "search" ("30s")`,
		`claude: Claude Code has no per-server startup timeout for "slow" ("1.5s")`,
		`gemini: Gemini CLI's "timeout" bounds both the start and each tool call: it cannot hold a startup timeout alone ("1.5s" for "slow")`,
		`opencode: opencode has no per-server tool-call timeout for "search" ("30s")`,
	}
	if !slices.Equal(refused, want) {
		t.Errorf("refused:\n%s\nwant:\n%s", strings.Join(refused, "\n"), strings.Join(want, "\n"))
	}
	b, _ := os.ReadFile(filepath.Join(root, ".gemini/settings.json"))
	for _, w := range []string{`"timeout": 30000`, `"includeTools": [`, `"excludeTools": [`} {
		if !strings.Contains(string(b), w) {
			t.Errorf(".gemini/settings.json lacks %s:\n%s", w, b)
		}
	}
	// read back through discovery, each target holds the source's values
	fresh := prepared(t, root, home)
	src := fresh.View(normalize.ClientByID("codex"), discover.AllScopes)
	byName := map[string]*normalize.Server{}
	for i := range src.Entries {
		byName[src.Entries[i].Server.Name] = &src.Entries[i].Server
	}
	for _, tc := range []struct{ client, server string }{{"gemini", "search"}, {"opencode", "slow"}} {
		v := fresh.View(normalize.ClientByID(tc.client), discover.AllScopes)
		i := slices.IndexFunc(v.Entries, func(e normalize.Entry) bool { return e.Server.Name == tc.server })
		if i < 0 {
			t.Errorf("%s lists no %s", tc.client, tc.server)
			continue
		}
		g, s := &v.Entries[i].Server, byName[tc.server]
		if g.StartupTimeout != s.StartupTimeout || g.ToolTimeout != s.ToolTimeout || !slices.Equal(g.IncludeTools, s.IncludeTools) || !slices.Equal(g.ExcludeTools, s.ExcludeTools) {
			t.Errorf("%s reads %s as %v %v %q %q, Codex as %v %v %q %q", tc.client, tc.server, g.StartupTimeout, g.ToolTimeout, g.IncludeTools, g.ExcludeTools,
				s.StartupTimeout, s.ToolTimeout, s.IncludeTools, s.ExcludeTools)
		}
	}
	run, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range run.Findings {
		if d.Severity == normalize.Error || d.Rule == normalize.RuleTimeoutUnits {
			t.Errorf("lint finds %s", d)
		}
	}
	// forced, Claude Code gets the tool-call timeout and a warning for what
	// it cannot hold
	forced, err := Sync(SyncRequest{Options: fresh, From: normalize.ClientByID("codex"), To: to[1:2], Scope: normalize.Project, Names: []string{"search"}, Force: true, DryRun: true})
	if err != nil || len(forced.Refused) != 0 || len(forced.Files) != 1 || !strings.Contains(string(forced.Files[0].After), `"timeout": 30000`) {
		t.Fatalf("%v %+v", err, forced)
	}
	var warns []string
	for _, w := range forced.Warnings {
		warns = append(warns, w.Reason)
	}
	if w := strings.Join(warns, "\n"); !strings.Contains(w, `Claude Code has no per-server startup timeout: "30s" of "search" is left out`) ||
		!strings.Contains(w, "Claude Code has no per-server tool allow-list") {
		t.Errorf("warnings:\n%s", w)
	}
}
