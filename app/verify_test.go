package app

import (
	"github.com/mcpconf/mcpconf/internal/shell/shelltest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestVerify: after a write, each client's view is read again. A
// definition of higher precedence elsewhere (Claude Code's user and local
// scopes over .mcp.json) is a problem naming it and what to do; a server
// written as meant is none; a server removed from one file but still
// defined in another is a warning; a file read as something other than
// was meant is a problem.
func TestVerify(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"README": ""})
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"mcpServers": {"docs": {"type": "http", "url": "https://old.example.com/mcp"}},
 "projects": {`+jsonQuote(root)+`: {"mcpServers": {"time": {"command": "uvx", "args": ["mcp-server-time"]}}}}}`), 0o600)
	claude, cursor := normalize.ClientByID("claude"), normalize.ClientByID("cursor")
	add := func(s define.Server) *AddResult {
		t.Helper()
		res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude, cursor}, Scope: normalize.Project, Servers: []define.Server{s}})
		if err != nil || len(res.Refused) > 0 {
			t.Fatalf("%v %+v", err, res.Refused)
		}
		res.Verify(prepared(t, root, home), false)
		return res
	}
	res := add(define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time@1"}})
	if len(res.Unverified) != 1 || res.Unverified[0].Client != claude ||
		!strings.Contains(res.Unverified[0].Reason, `it uses the definition of "time" in ~/.claude.json:2:`) ||
		!strings.Contains(res.Unverified[0].Hint, "mcpconf remove time --client claude --scope local") {
		t.Fatalf("shadowed by the local scope: %+v", res.Unverified)
	}
	res = add(define.Server{Name: "docs", Transport: normalize.HTTP, URL: "https://docs.example.com/mcp"})
	if len(res.Unverified) != 1 || !strings.Contains(res.Unverified[0].Hint, "--scope user") {
		t.Fatalf("shadowed by the user scope: %+v", res.Unverified)
	}
	res = add(define.Server{Name: "fresh", Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", "x@1"},
		Env: []define.KV{{Key: "B", Value: "${B}"}, {Key: "A", Value: "literal"}}})
	if len(res.Unverified) != 0 {
		t.Fatalf("written as meant, yet: %+v", res.Unverified)
	}
	rm, err := Remove(RemoveRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude}, Scope: normalize.Project, Name: "time"})
	if err != nil {
		t.Fatal(err)
	}
	rm.Verify(prepared(t, root, home), true)
	if len(rm.Warnings) != 1 || !strings.Contains(rm.Warnings[0].Reason, `it still has "time", from ~/.claude.json`) {
		t.Fatalf("remove: %+v", rm.Warnings)
	}
	// a file changed by hand after the write: read as something else than meant
	w := res.Written[1]
	b, _ := os.ReadFile(w.Abs)
	os.WriteFile(w.Abs, []byte(strings.Replace(string(b), `"x@1"`, `"x@2"`, 1)), 0o644)
	if p, _ := Verify(prepared(t, root, home), res.Written, false); len(p) != 1 || !strings.Contains(p[0].Reason, `args: [-y x@2], meant [-y x@1]`) {
		t.Fatalf("changed: %+v", p)
	}
}

func jsonQuote(s string) string {
	return `"` + strings.ReplaceAll(strings.ReplaceAll(s, `\`, `\\`), `"`, `\"`) + `"`
}

// TestAddWritesTheCopyReadFirst: in a subdirectory of a git repository,
// Codex's project file is written in the start directory (Codex folds
// every .codex/config.toml from the git root down, the deepest first),
// not at the git root.
func TestAddWritesTheCopyReadFirst(t *testing.T) {
	top, home := testtree.Write(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n", "svc/api/README": ""})
	os.MkdirAll(home, 0o755)
	root := filepath.Join(top, "svc", "api")
	s := define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("codex")},
		Scope: normalize.Project, Servers: []define.Server{s}})
	if err != nil || len(res.Refused) > 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	if got, want := res.Files[0].Abs, filepath.Join(root, ".codex", "config.toml"); got != want {
		t.Errorf("codex: wrote %s, want %s", got, want)
	}
}

// TestAddAgentCodeNearest: agent-code reads the nearest
// .agent/settings.toml at or above the start directory: its view from a
// subdirectory holds the file above's servers, and add writes into that
// file (keeping its bytes), not a new one that would hide it.
func TestAddAgentCodeNearest(t *testing.T) {
	top, home := testtree.Write(t, map[string]string{".agent/settings.toml": "# ours\n[mcp_servers.docs]\nurl = \"https://docs.example.com/sse\"\n", "svc/api/README": ""})
	os.MkdirAll(home, 0o755)
	root := filepath.Join(top, "svc", "api")
	agent := normalize.ClientByID("agent-code")
	set := prepared(t, root, home).View(agent, discover.AllScopes)
	if len(set.Entries) != 1 || set.Entries[0].Server.Name != "docs" {
		t.Fatalf("agent-code's view from below: %+v", set.Entries)
	}
	s := define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{agent}, Scope: normalize.Project, Servers: []define.Server{s}})
	if err != nil || len(res.Refused) > 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	if got, want := res.Files[0].Abs, filepath.Join(top, ".agent", "settings.toml"); got != want {
		t.Errorf("wrote %s, want %s", got, want)
	}
	if b, _ := os.ReadFile(filepath.Join(top, ".agent", "settings.toml")); !strings.HasPrefix(string(b), "# ours\n[mcp_servers.docs]") || !strings.Contains(string(b), "[mcp_servers.time]") {
		t.Errorf("the file:\n%s", b)
	}
}

// TestSyncLeavesWhatReadsTheSame: a target's definition written another
// way that the target reads as the source's server (Cursor's
// {"url": …} without the "type" Claude Code needs) is left as the user
// wrote it; one that differs is rewritten.
func TestSyncLeavesWhatReadsTheSame(t *testing.T) {
	cursor := "{\n  \"mcpServers\": {\n    \"docs\": { \"url\": \"https://docs.example.com/mcp\" },\n    \"old\": { \"url\": \"https://old.example.com/mcp\" }\n  }\n}\n"
	root, home := testtree.Write(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"docs": {"type": "http", "url": "https://docs.example.com/mcp"}, "old": {"type": "http", "url": "https://new.example.com/mcp"}}}`,
		".cursor/mcp.json": cursor,
	})
	os.MkdirAll(home, 0o755)
	res, err := Sync(SyncRequest{Options: prepared(t, root, home), From: normalize.ClientByID("claude"), To: []*normalize.Client{normalize.ClientByID("cursor")}, Scope: normalize.Project, DryRun: true})
	if err != nil || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	after := string(res.Files[0].After)
	if !strings.Contains(after, `"docs": { "url": "https://docs.example.com/mcp" }`) || !strings.Contains(after, "new.example.com") {
		t.Errorf("got:\n%s", after)
	}
}

// TestAddUserScopeClaudeJSON: Claude Code's user servers go into the
// ~/.claude.json that exists, never into a new ~/.claude/.config.json
// (the legacy file, which Claude Code would then read instead of
// ~/.claude.json, losing every other setting there).
func TestAddUserScopeClaudeJSON(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"README": ""})
	os.MkdirAll(home, 0o755)
	state := `{"numStartups": 3, "mcpServers": {}, "projects": {}}`
	os.WriteFile(filepath.Join(home, ".claude.json"), []byte(state), 0o600)
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.User,
		Servers: []define.Server{{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}}})
	if err != nil || len(res.Refused) > 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	if _, err := os.Stat(filepath.Join(home, ".claude", ".config.json")); err == nil {
		t.Fatal("~/.claude/.config.json was created")
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".claude.json")); !strings.Contains(string(b), `"numStartups": 3`) || !strings.Contains(string(b), `"time"`) {
		t.Fatalf("~/.claude.json:\n%s", b)
	}
}

// TestVerifyUserUnderLocal: a Claude Code user server written to
// ~/.claude.json while the project's local scope, in the same file,
// defines the name: the local one wins, and Verify says so (the file
// alone does not tell them apart).
func TestVerifyUserUnderLocal(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".git/HEAD": "ref: refs/heads/main\n"})
	os.MkdirAll(home, 0o755)
	os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"projects": {`+jsonQuote(root)+`: {"mcpServers": {"time": {"command": "uvx", "args": ["old"]}}}}}`), 0o600)
	claude := normalize.ClientByID("claude")
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude}, Scope: normalize.User,
		Servers: []define.Server{{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}}})
	if err != nil || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	res.Verify(prepared(t, root, home), false)
	if len(res.Unverified) != 1 || !strings.Contains(res.Unverified[0].Hint, "--scope local") {
		t.Fatalf("%+v", res.Unverified)
	}
}

// TestVerifyHintsQuoted: the commands Verify's notes suggest (remove the
// definition that shadows, remove the one left, explain) give mcpconf the
// server's name as one argument, after "--" when it starts with "-",
// whatever it holds, and run nothing else.
func TestVerifyHintsQuoted(t *testing.T) {
	for _, name := range []string{"x;touch pasted;#", "-rf it's $(touch pasted)", "a b`touch pasted`"} {
		root, home := testtree.Write(t, map[string]string{"README": ""})
		os.MkdirAll(home, 0o755)
		os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"projects": {`+jsonQuote(root)+`: {"mcpServers": {`+jsonQuote(name)+`: {"command": "uvx", "args": ["old"]}}}}}`), 0o600)
		claude := normalize.ClientByID("claude")
		res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude}, Scope: normalize.Project,
			Servers: []define.Server{{Name: name, Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}}})
		if err != nil || len(res.Refused) > 0 {
			t.Fatalf("%v %+v", err, res.Refused)
		}
		res.Verify(prepared(t, root, home), false)
		if len(res.Unverified) != 1 {
			t.Fatalf("%+v", res.Unverified)
		}
		rm, err := Remove(RemoveRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude}, Scope: normalize.Project, Name: name})
		if err != nil {
			t.Fatal(err)
		}
		rm.Verify(prepared(t, root, home), true)
		if len(rm.Warnings) != 1 {
			t.Fatalf("%+v", rm.Warnings)
		}
		gone, _ := Verify(prepared(t, root, home), []Written{{Client: normalize.ClientByID("cursor"), Server: define.Server{Name: name}, Path: ".cursor/mcp.json"}}, false)
		if len(gone) != 1 {
			t.Fatalf("%+v", gone)
		}
		// the name, then the options; after them and "--" when it starts with "-"
		with := func(cmd string, opts ...string) []string {
			if strings.HasPrefix(name, "-") {
				return append(append([]string{cmd}, opts...), "--", name)
			}
			return append([]string{cmd, name}, opts...)
		}
		paren := regexp.MustCompile(`\((mcpconf .*)\)`)
		for _, c := range []struct {
			hint, line string
			want       []string
		}{
			{res.Unverified[0].Hint, paren.FindStringSubmatch(res.Unverified[0].Hint)[1], with("remove", "--client", "claude", "--scope", "local")},
			{rm.Warnings[0].Hint, paren.FindStringSubmatch(rm.Warnings[0].Hint)[1], with("remove", "--client", "claude", "--scope", "local")},
			{gone[0].Hint, strings.TrimSuffix(gone[0].Hint, " says why"), with("explain", "--client", "cursor")},
		} {
			if got := shelltest.Args(t, c.line); !slices.Equal(got, c.want) {
				t.Errorf("%q: mcpconf gets %q, want %q", c.hint, got, c.want)
			}
		}
	}
}
