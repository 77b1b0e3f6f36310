package app

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

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

// TestNeutralRefusesWhatItCannotCarry: a definition with fields sync does
// not write is not copied without them.
func TestNeutralRefusesWhatItCannotCarry(t *testing.T) {
	s := &normalize.Server{Name: "x", Transport: normalize.Stdio, Command: "run", EnvFile: ".env"}
	if _, err := Neutral(normalize.ClientByID("vscode"), s); err == nil || !strings.Contains(err.Error(), "an env file") {
		t.Fatalf("got %v", err)
	}
}
