package app

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// claudeJSON is a ~/.claude.json as Claude Code leaves it after some use:
// settings of its own around "projects", many projects, a project entry
// with fields of its own, a tab and odd spacing here and there; "@ROOT@"
// stands for the project's key (when present) and "@OTHER@" for the
// entries of other projects.
const claudeJSON = "{\n  \"numStartups\": 42,\n  \"theme\":\t\"dark\" ,\n  \"tipsHistory\": {\"a\": 1,   \"b\": 2},\n  \"projects\": {\n@PROJECT@@OTHER@  },\n  \"userID\": \"0123abcd\",\n  \"oauthAccount\": {\n    \"emailAddress\": \"me@example.com\"\n  }\n}\n"

const otherProject = "    \"/src/p%d\": {\n      \"allowedTools\": [],\n      \"history\": [{\"display\": \"fix the build\", \"pastedContents\": {}}],\n      \"mcpServers\": {\"p%d\": {\"command\": \"run\"}},\n      \"hasTrustDialogAccepted\": true\n    }"

func claudeState(project string) string {
	var others []string
	for i := range 40 {
		others = append(others, fmt.Sprintf(otherProject, i, i))
	}
	return strings.NewReplacer("@OTHER@", strings.Join(others, ",\n")+"\n", "@PROJECT@", project).Replace(claudeJSON)
}

// inserted checks that after is before with one run of text inserted
// (every other byte kept), and returns that text.
func inserted(t *testing.T, before, after []byte) string {
	t.Helper()
	p := 0
	for p < len(before) && p < len(after) && before[p] == after[p] {
		p++
	}
	s := 0
	for s < len(before)-p && s < len(after)-p && before[len(before)-1-s] == after[len(after)-1-s] {
		s++
	}
	if p+s != len(before) {
		t.Fatalf("bytes around the change are not kept:\nbefore:\n%s\nafter:\n%s", before, after)
	}
	return string(after[p : len(after)-s])
}

var ghServer = define.Server{Name: "gh", Transport: normalize.Stdio, Command: "false", Args: []string{"--stdio"},
	Env: []define.KV{{Key: "GITHUB_TOKEN", Value: "${GITHUB_TOKEN}"}}}

// claudeLocal is Claude Code's view of the local scope after a write: the
// servers its projects[<root>] entry defines.
func claudeLocal(t *testing.T, root, home string) map[string]*normalize.Server {
	t.Helper()
	o := prepared(t, root, home)
	set := o.View(normalize.ClientByID("claude"), discover.AllScopes)
	out := map[string]*normalize.Server{}
	for i := range set.Entries {
		if s := &set.Entries[i].Server; s.Source.Scope == normalize.Local {
			out[s.Name] = s
		}
	}
	return out
}

// TestAddLocal: a server added for Claude Code at local scope goes into
// projects[<root>].mcpServers of ~/.claude.json, the root written as
// Claude Code keys it, whatever the entry holds already; every other
// byte of the file is kept, and so is its mode.
func TestAddLocal(t *testing.T) {
	entryFields := "    \"@ROOT@\": {\n      \"allowedTools\": [],\n      \"hasTrustDialogAccepted\": true,\n      \"lastCost\": 0.5\n    },\n"
	entryServers := "    \"@ROOT@\": {\n      \"mcpServers\": {\n        \"own\": {\"command\": \"own\"}\n      },\n      \"hasTrustDialogAccepted\": false\n    },\n"
	for _, tc := range []struct {
		name, file string
		want       []string // what the inserted text holds
		others     []string // local servers besides gh
	}{
		{"no entry for the project", claudeState(""), []string{"\"@ROOT@\": {\n      \"mcpServers\": {\n        \"gh\": {\n          \"command\": \"false\","}, nil},
		{"an entry with other fields", claudeState(entryFields), []string{"\"mcpServers\": {\n        \"gh\": {"}, nil},
		{"an entry with servers", claudeState(entryServers), []string{"\"gh\": {\n          \"command\": \"false\""}, []string{"own"}},
		{"no projects", "{\n  \"numStartups\": 1\n}\n", []string{"\"projects\": {\n    \"@ROOT@\": {\n      \"mcpServers\": {"}, nil},
		{"one line", `{"numStartups":1,"projects":{"/src/x":{}}}`, []string{`,"@ROOT@":{"mcpServers": {"gh": {"command": "false"`}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, home := testtree.Write(t, map[string]string{"~/.claude.json": tc.file, ".git/HEAD": ""})
			key, _ := filepath.EvalSymlinks(root)
			path := filepath.Join(home, ".claude.json")
			os.Chmod(path, 0o600)
			before, _ := os.ReadFile(path)
			res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.Local, Servers: []define.Server{ghServer}})
			if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
				t.Fatalf("%v %+v", err, res)
			}
			after, _ := os.ReadFile(path)
			got := inserted(t, before, after)
			for _, w := range tc.want {
				if w = strings.ReplaceAll(w, "@ROOT@", key); !strings.Contains(got, w) {
					t.Errorf("inserted %q, want it to hold %q", got, w)
				}
			}
			if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v", fi.Mode().Perm())
			}
			local := claudeLocal(t, root, home)
			if s := local["gh"]; s == nil || s.Command != "false" {
				t.Errorf("Claude Code's local servers: %v", local)
			}
			for _, n := range tc.others {
				if local[n] == nil {
					t.Errorf("%q lost: %v", n, local)
				}
			}
			// the user's servers stay as they were: none
			for _, e := range prepared(t, root, home).View(normalize.ClientByID("claude"), discover.AllScopes).Entries {
				if e.Server.Source.Scope != normalize.Local {
					t.Errorf("a %s server: %s", e.Server.Source.Scope, e.Server.Name)
				}
			}
		})
	}
}

// TestAddLocalCreates: without ~/.claude.json, a local-scope write
// creates it with the project's entry and nothing else.
func TestAddLocalCreates(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".git/HEAD": ""})
	os.MkdirAll(home, 0o755)
	key, _ := filepath.EvalSymlinks(root)
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.Local, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	b, _ := os.ReadFile(filepath.Join(home, ".claude.json"))
	want := fmt.Sprintf("{\n  \"projects\": {\n    %q: {\n      \"mcpServers\": {\n        \"gh\": {\n          \"command\": \"false\",\n          \"args\": [\n            \"--stdio\"\n          ],\n          \"env\": {\n            \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\"\n          }\n        }\n      }\n    }\n  }\n}\n", key)
	if string(b) != want {
		t.Errorf("got:\n%s\nwant:\n%s", b, want)
	}
	if claudeLocal(t, root, home)["gh"] == nil {
		t.Error("Claude Code does not list it")
	}
	// created as Claude Code creates it: readable by its owner only
	if fi, _ := os.Stat(filepath.Join(home, ".claude.json")); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
}

// TestLocalOtherClients: a client with a local file of its own (Agent
// Code's .agent/settings.local.toml) is written there; one without is
// refused with the reason.
func TestLocalOtherClients(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{".keep": ""})
	os.MkdirAll(home, 0o755)
	time := define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("agent-code"), normalize.ClientByID("cursor")},
		Scope: normalize.Local, Servers: []define.Server{time}})
	if err != nil || len(res.Files) != 1 || len(res.Refused) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	if res.Files[0].Abs != filepath.Join(root, ".agent", "settings.local.toml") {
		t.Errorf("written to %s", res.Files[0].Abs)
	}
	if r := res.Refused[0]; r.Client.ID != "cursor" || r.Reason != "Cursor has no local file mcpconf writes servers to" {
		t.Errorf("refused %+v", r)
	}
}

// TestRemoveLocal: a local server is removed from the project's entry;
// the entry's other fields, the other projects and the rest of the file
// are kept. A project without the server is refused.
func TestRemoveLocal(t *testing.T) {
	entry := "    \"@ROOT@\": {\n      \"mcpServers\": {\n        \"own\": {\"command\": \"own\"},\n        \"gh\": {\"command\": \"false\"}\n      },\n      \"hasTrustDialogAccepted\": false\n    },\n"
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": claudeState(entry), ".git/HEAD": ""})
	path := filepath.Join(home, ".claude.json")
	before, _ := os.ReadFile(path)
	claude := []*normalize.Client{normalize.ClientByID("claude")}
	res, err := Remove(RemoveRequest{Options: prepared(t, root, home), Clients: claude, Scope: normalize.Local, Name: "gh"})
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	after, _ := os.ReadFile(path)
	if want := strings.Replace(string(before), ",\n        \"gh\": {\"command\": \"false\"}", "", 1); string(after) != want {
		t.Errorf("got:\n%s\nwant:\n%s", after, want)
	}
	local := claudeLocal(t, root, home)
	if local["gh"] != nil || local["own"] == nil {
		t.Errorf("local servers after: %v", local)
	}
	// the user scope does not hold it, another project's "p1" neither
	for _, tc := range []struct {
		scope normalize.Scope
		name  string
	}{{normalize.User, "own"}, {normalize.Local, "p1"}, {normalize.Local, "gh"}} {
		r, err := Remove(RemoveRequest{Options: prepared(t, root, home), Clients: claude, Scope: tc.scope, Name: tc.name})
		if err != nil || len(r.Refused) != 1 || !strings.Contains(r.Refused[0].Reason, "does not define") {
			t.Errorf("%s %s: %v %+v", tc.scope, tc.name, err, r)
		}
	}
	if b, _ := os.ReadFile(path); string(b) != string(after) {
		t.Error("a refused remove changed the file")
	}
}

// TestSyncLocal: servers synced to Claude Code's local scope land in the
// project's entry; a second sync has nothing to change.
func TestSyncLocal(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".cursor/mcp.json": `{"mcpServers": {"gh": {"command": "false", "args": ["--stdio"], "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}}}}`,
		"~/.claude.json":   claudeState("    \"@ROOT@\": {\n      \"hasTrustDialogAccepted\": true\n    },\n"),
		".git/HEAD":        "",
	})
	req := SyncRequest{Options: prepared(t, root, home), From: normalize.ClientByID("cursor"), To: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.Local}
	res, err := Sync(req)
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	inserted(t, res.Files[0].Before, res.Files[0].After)
	s := claudeLocal(t, root, home)["gh"]
	if s == nil || s.Env["GITHUB_TOKEN"] != "${GITHUB_TOKEN}" {
		t.Fatalf("Claude Code's local gh: %+v", s)
	}
	req.Options = prepared(t, root, home)
	again, err := Sync(req)
	if err != nil || len(again.Files) != 0 || len(again.Refused) != 0 {
		t.Errorf("a second sync: %v %+v", err, again)
	}
}

// TestAddUserClaudeJSON: a user-scope server for Claude Code goes to the
// top-level mcpServers of an existing ~/.claude.json, every other byte
// kept (the projects' own servers too) and its mode.
func TestAddUserClaudeJSON(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": claudeState(""), ".git/HEAD": ""})
	path := filepath.Join(home, ".claude.json")
	os.Chmod(path, 0o600)
	before, _ := os.ReadFile(path)
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.User, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	after, _ := os.ReadFile(path)
	if got := inserted(t, before, after); !strings.HasPrefix(got, ",\n  \"mcpServers\": {") {
		t.Errorf("inserted %q", got)
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
	set := prepared(t, root, home).View(normalize.ClientByID("claude"), discover.AllScopes)
	if len(set.Entries) != 1 || set.Entries[0].Server.Name != "gh" || set.Entries[0].Server.Source.Scope != normalize.User {
		t.Errorf("Claude Code's view: %+v", set.Entries)
	}
}

// TestClaudeJSONDoesNotParse: a ~/.claude.json that does not parse is not
// written at any scope, and stays byte for byte as it was.
func TestClaudeJSONDoesNotParse(t *testing.T) {
	broken := "{\n  \"projects\": {\n    \"/src/x\": {\"mcpServers\": {}},\n  \"numStartups\": 3\n"
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": broken, ".git/HEAD": ""})
	claude := []*normalize.Client{normalize.ClientByID("claude")}
	for _, scope := range WriteScopes[1:] {
		res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: claude, Scope: scope, Servers: []define.Server{ghServer}})
		if err != nil || len(res.Files) != 0 || len(res.Refused) != 1 || res.Refused[0].Reason != "~/.claude.json:5:1: unexpected end of file; the file looks truncated (a closing bracket or quote is missing): nothing was written to it" {
			t.Errorf("%s: %v %+v", scope, err, res)
		}
		r, err := Remove(RemoveRequest{Options: prepared(t, root, home), Clients: claude, Scope: scope, Name: "x"})
		if err != nil || len(r.Refused) != 1 || !strings.Contains(r.Refused[0].Reason, "~/.claude.json:5:1: unexpected end of file") {
			t.Errorf("%s: %v %+v", scope, err, r)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".claude.json")); string(b) != broken {
		t.Errorf("changed:\n%s", b)
	}
}

// TestLocalProjectsNotAnObject: a "projects" that is not an object is
// not replaced: the write is refused with where it is.
func TestLocalProjectsNotAnObject(t *testing.T) {
	file := "{\"projects\": [], \"x\": 1}\n"
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": file})
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{normalize.ClientByID("claude")}, Scope: normalize.Local, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Reason, "not an object") {
		t.Fatalf("%v %+v", err, res)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".claude.json")); string(b) != file {
		t.Errorf("changed:\n%s", b)
	}
}

// TestClaudeJSONLock: Claude Code writes ~/.claude.json under
// ~/.claude.json.lock; while another program holds it, the write is
// refused and the file left as it was; after a write the lock is gone.
func TestClaudeJSONLock(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": claudeState(""), ".git/HEAD": ""})
	path := filepath.Join(home, ".claude.json")
	before, _ := os.ReadFile(path)
	if err := os.Mkdir(path+".lock", 0o755); err != nil {
		t.Fatal(err)
	}
	claude := []*normalize.Client{normalize.ClientByID("claude")}
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: claude, Scope: normalize.Local, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Reason, "is locked by the program that writes it") {
		t.Fatalf("%v %+v", err, res)
	}
	if b, _ := os.ReadFile(path); string(b) != string(before) {
		t.Error("written under another program's lock")
	}
	if _, err := os.Stat(path + ".lock"); err != nil {
		t.Error("another program's lock removed")
	}
	os.Remove(path + ".lock")
	res, err = Add(AddRequest{Options: prepared(t, root, home), Clients: claude, Scope: normalize.Local, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 {
		t.Fatalf("%v %+v", err, res)
	}
	if _, err := os.Stat(path + ".lock"); !os.IsNotExist(err) {
		t.Errorf("the lock left behind: %v", err)
	}
}

// TestLocalWorktree: in a linked git worktree Claude Code keys the
// project's entry by the main checkout: a local write goes there (not
// under the worktree's path, where Claude Code does not look), and
// Claude Code's view from the worktree lists it; the worktree's own entry
// is not read.
func TestLocalWorktree(t *testing.T) {
	dir, home := testtree.Write(t, map[string]string{
		"main/.git/worktrees/wt/commondir": "../..\n",
		"wt/.git":                          "gitdir: ../main/.git/worktrees/wt\n",
		"~/.claude.json":                   "{}\n",
	})
	root, main := filepath.Join(dir, "wt"), filepath.Join(dir, "main")
	os.WriteFile(filepath.Join(home, ".claude.json"), []byte(`{"projects": {`+jsonQuote(root)+`: {"mcpServers": {"locwt": {"command": "false"}}}}}`+"\n"), 0o600)
	claude := normalize.ClientByID("claude")
	res, err := Add(AddRequest{Options: prepared(t, root, home), Clients: []*normalize.Client{claude}, Scope: normalize.Local, Servers: []define.Server{ghServer}})
	if err != nil || len(res.Files) != 1 || len(res.Refused) != 0 {
		t.Fatalf("%v %+v", err, res)
	}
	if b, _ := os.ReadFile(filepath.Join(home, ".claude.json")); !strings.Contains(string(b), jsonQuote(main)+`: {"mcpServers": {"gh"`) {
		t.Errorf("written: %s", b)
	}
	res.Verify(prepared(t, root, home), false)
	if len(res.Unverified) != 0 {
		t.Errorf("Claude Code's view does not use it: %+v", res.Unverified)
	}
	set := prepared(t, root, home).View(claude, discover.AllScopes)
	var names []string
	for _, e := range set.Entries {
		names = append(names, e.Server.Name)
	}
	if !slices.Equal(names, []string{"gh"}) {
		t.Errorf("Claude Code's view from the worktree: %v", names)
	}
}
