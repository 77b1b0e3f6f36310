package discover

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

func tree(t *testing.T, files map[string]string) (root, home string) {
	t.Helper()
	return testtree.Write(t, files)
}

func server(t *testing.T, set *normalize.Set, name string) *normalize.Entry {
	t.Helper()
	for i := range set.Entries {
		if set.Entries[i].Server.Name == name {
			return &set.Entries[i]
		}
	}
	t.Fatalf("no server %q", name)
	return nil
}

// TestCodexViewMergesKeyByKey: a project table holding only enabled = false
// patches the user's server (Codex folds its layers with a TOML merge).
func TestCodexViewMergesKeyByKey(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.codex/config.toml": "[projects.\"@ROOT@\"]\ntrust_level = \"trusted\"\n[mcp_servers.gh]\ncommand = \"npx\"\nargs = [\"-y\", \"gh@1.0.0\"]\n[mcp_servers.gh.env]\nA = \"1\"\nB = \"2\"\n",
		".codex/config.toml":   "[mcp_servers.gh]\nenabled = false\n[mcp_servers.gh.env]\nB = \"3\"\n",
	})
	set, err := clientView(Options{Root: root, Home: home}, "codex")
	if err != nil {
		t.Fatal(err)
	}
	e := server(t, set, "gh")
	s := e.Server
	if s.Command != "npx" || !slices.Equal(s.Args, []string{"-y", "gh@1.0.0"}) || s.Enabled {
		t.Errorf("merged: %+v", s)
	}
	if s.Env["A"] != "1" || s.Env["B"] != "3" {
		t.Errorf("env merged key by key: %v", s.Env)
	}
	if !strings.Contains(s.DisabledBy(), ".codex/config.toml:2:11") {
		t.Errorf("disabled by %q", s.DisabledBy())
	}
	if s.FieldPath("command") != "~/.codex/config.toml" || s.FieldPath("enabled") != ".codex/config.toml" {
		t.Errorf("field paths: %v", s.FieldPaths)
	}
	if len(e.Shadowed) != 1 || len(e.Shadowed[0].Differences) != 0 {
		t.Errorf("shadowed: %+v", e.Shadowed)
	}
	// The merged view of all providers does not merge: the project wins whole.
	all, _ := piscesView(Options{Root: root, Home: home})
	if w := server(t, all, "gh").Server; w.Command != "" || w.Transport != normalize.NoTransport {
		t.Errorf("merged view should keep the project table whole: %+v", w)
	}
}

// TestOpencodeToggle: {"enabled": false} in a project file turns off a
// server defined globally.
func TestOpencodeToggle(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.config/opencode/opencode.json": `{"mcp": {"fs": {"type": "local", "command": ["fs-server"]}}}`,
		"opencode.json":                    `{"mcp": {"fs": {"enabled": false}}}`,
	})
	set, err := clientView(Options{Root: root, Home: home}, "opencode")
	if err != nil {
		t.Fatal(err)
	}
	s := server(t, set, "fs").Server
	if s.Command != "fs-server" || s.Transport != normalize.Stdio || s.Enabled {
		t.Errorf("toggle: %+v", s)
	}
}

// TestClaudeView: local > project (.mcp.json) > user, and pisces-only
// locations are not Claude Code's.
func TestClaudeView(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.claude.json":   `{"mcpServers": {"a": {"command": "user-a"}, "b": {"command": "user-b"}, "c": {"command": "user-c"}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true, "enableAllProjectMcpServers": true, "mcpServers": {"a": {"command": "local-a"}}}}}`,
		".mcp.json":        `{"mcpServers": {"a": {"command": "project-a"}, "b": {"command": "project-b"}, "r": {"url": "https://x.example.com/mcp"}}}`,
		".claude/mcp.json": `{"mcpServers": {"p": {"command": "pisces-only"}}}`,
	})
	set, err := clientView(Options{Root: root, Home: home}, "claude")
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"a": "local-a", "b": "project-b", "c": "user-c"} {
		if got := server(t, set, name).Server.Command; got != want {
			t.Errorf("%s: %q, want %q", name, got, want)
		}
	}
	if got := server(t, set, "r").Server.Transport; got != normalize.Stdio {
		t.Errorf("url without type in Claude's view: %s, want stdio (Claude rejects it)", got)
	}
	for _, e := range set.Entries {
		if e.Server.Name == "p" {
			t.Error(".claude/mcp.json is not read by Claude Code")
		}
	}
}

func TestUnknownClient(t *testing.T) {
	_, err := clientView(Options{Root: t.TempDir(), Home: t.TempDir()}, "cursr")
	var uc *UnknownClientError
	if !errors.As(err, &uc) || !strings.Contains(err.Error(), `did you mean "cursor"?`) {
		t.Errorf("err %v", err)
	}
}

// TestStrictFileRejectedWhole: a comment in strict JSON or a trailing comma
// in Gemini settings makes the client reject the file, so its servers are
// not effective and its source is an error with the position.
func TestStrictFileRejectedWhole(t *testing.T) {
	root, home := tree(t, map[string]string{
		".mcp.json":             "{\n  // note\n  \"mcpServers\": {\"a\": {\"command\": \"a\"}}\n}",
		".gemini/settings.json": "{ // fine\n  \"mcpServers\": {\"b\": {\"command\": \"b\"},}\n}",
		".vscode/mcp.json":      "{ // fine\n  \"mcp\": {\"servers\": {\"c\": {\"command\": \"c\"},},},\n}",
	})
	set, err := piscesView(Options{Root: root, Home: home})
	if err != nil {
		t.Fatal(err)
	}
	status := map[string]normalize.SourceFile{}
	for _, s := range set.Sources {
		status[s.Path] = s
	}
	if s := status[".mcp.json"]; s.Status != normalize.Failed || !strings.HasPrefix(s.Error, "2:3: comments are not allowed") {
		t.Errorf(".mcp.json: %+v", s)
	}
	if s := status[".gemini/settings.json"]; s.Status != normalize.Failed || !strings.HasPrefix(s.Error, "2:40: trailing comma") {
		t.Errorf("gemini: %+v", s)
	}
	if s := status[".vscode/mcp.json"]; s.Status != normalize.Found || s.Servers != 1 {
		t.Errorf("vscode (JSONC): %+v", s)
	}
	if len(set.Entries) != 1 || set.Entries[0].Server.Name != "c" {
		t.Errorf("servers: %+v", set.Entries)
	}
}

// TestVSCodeDeprecatedKey: VS Code tolerates the old "mcpServers" key for
// stdio servers, so it is a warning there, and an error elsewhere.
func TestVSCodeDeprecatedKey(t *testing.T) {
	root, home := tree(t, map[string]string{
		".vscode/mcp.json": `{"mcpServers": {"a": {"command": "a"}}}`,
		".cursor/mcp.json": `{"servers": {"b": {"command": "b"}}}`,
	})
	set, _ := piscesView(Options{Root: root, Home: home})
	got := map[string]normalize.Diagnostic{}
	for _, d := range set.Diagnostics {
		got[d.Path] = d
	}
	// pisces reads .vscode/mcp.json under "mcp.servers": VS Code's own view
	// says what VS Code tolerates
	vs, err := clientView(Options{Root: root, Home: home}, "vscode")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range vs.Diagnostics {
		got[d.Path] = d
	}
	if d := got[".vscode/mcp.json"]; d.Severity != normalize.Warning || !strings.Contains(d.Message, "tolerates \"mcpServers\" for stdio servers only") || d.Pos.String() != "1:2" {
		t.Errorf("vscode: %v", d)
	}
	if d := got[".cursor/mcp.json"]; d.Severity != normalize.Error || d.Rule != "wrong-root-key" || d.Pos.String() != "1:2" {
		t.Errorf("cursor: %v", d)
	}
}

// TestClaudeReservedAndFields: Claude Code 2.1.331 skips an entry under a
// name it reserves, and reads "timeout" (ms per tool call, ignored below
// 1000) and "alwaysLoad".
func TestClaudeReservedAndFields(t *testing.T) {
	root, home := tree(t, map[string]string{
		"~/.claude.json": `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true, "enableAllProjectMcpServers": true}}}`,
		".mcp.json":      `{"mcpServers": {"workspace": {"command": "ws"}, "notes": {"command": "notes", "timeout": 600000, "alwaysLoad": true}, "quick": {"command": "q", "timeout": 30}}}`,
	})
	set, err := clientView(Options{Root: root, Home: home}, "claude")
	if err != nil {
		t.Fatal(err)
	}
	ws := server(t, set, "workspace").Server
	if ws.Enabled || ws.Off == nil || ws.Off.Status != normalize.StatusInvalid || !strings.Contains(ws.Off.Reason, "reserves for its own servers") {
		t.Errorf("workspace: enabled %v, off %+v", ws.Enabled, ws.Off)
	}
	notes := server(t, set, "notes").Server
	if !notes.Enabled || len(notes.Unknown) != 0 || notes.ToolTimeout.Minutes() != 10 {
		t.Errorf("notes: enabled %v, unknown %v, tool timeout %v", notes.Enabled, notes.Unknown, notes.ToolTimeout)
	}
	if q := server(t, set, "quick").Server; q.ToolTimeout != 0 {
		t.Errorf("a timeout below 1000 ms is ignored: %v", q.ToolTimeout)
	}
}

// clientView is one client's view of every scope (explain --client ID),
// for an id or alias.
func clientView(o Options, id string) (*normalize.Set, error) {
	c := normalize.ClientByID(id)
	if c == nil || !c.Views() {
		return nil, &UnknownClientError{Client: id}
	}
	if err := o.Prepare(); err != nil {
		return nil, err
	}
	return o.View(c, AllScopes), nil
}

// piscesView is pisces's view of every scope (explain --client pisces):
// every provider's files, merged by priority.
func piscesView(o Options) (*normalize.Set, error) { return clientView(o, "pisces") }

// TestTargetFile: a definition for Claude Code's user scope goes to
// ~/.claude.json, not to the legacy ~/.claude/.config.json listed first in
// their group, unless that one exists (Claude Code then reads it instead).
func TestTargetFile(t *testing.T) {
	home := t.TempDir()
	o := Options{Root: t.TempDir(), Home: home}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	c := normalize.ClientByID("claude")
	if t1, ok := o.TargetFile(c, normalize.User); !ok || t1.Abs != filepath.Join(home, ".claude.json") || len(t1.Within) != 0 {
		t.Errorf("got %+v", t1)
	}
	os.MkdirAll(filepath.Join(home, ".claude"), 0o755)
	os.WriteFile(filepath.Join(home, ".claude", ".config.json"), []byte("{}"), 0o644)
	o2 := Options{Root: o.Root, Home: home}
	if err := o2.Prepare(); err != nil {
		t.Fatal(err)
	}
	if t2, ok := o2.TargetFile(c, normalize.User); !ok || t2.Abs != filepath.Join(home, ".claude", ".config.json") {
		t.Errorf("with the legacy file: got %+v", t2)
	}
	if t3, ok := o.TargetFile(c, normalize.Project); !ok || filepath.Base(t3.Abs) != ".mcp.json" {
		t.Errorf("project: got %+v", t3)
	}
	// local: the project's entry of ~/.claude.json's projects, keyed by
	// the root with its links resolved, as claude mcp add --scope local
	// writes it
	real := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(real, link); err != nil {
		t.Skip(err)
	}
	o3 := Options{Root: link, Home: home}
	if err := o3.Prepare(); err != nil {
		t.Fatal(err)
	}
	want, _ := filepath.EvalSymlinks(real)
	if t4, ok := o3.TargetFile(c, normalize.Local); !ok || t4.Abs != filepath.Join(home, ".claude", ".config.json") || !slices.Equal(t4.Within, []string{"projects", want}) {
		t.Errorf("local: got %+v", t4)
	}
	if _, ok := o.TargetFile(normalize.ClientByID("cursor"), normalize.Local); ok {
		t.Error("cursor has a local file")
	}
}
