package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// The cases a new user met when mcpconf judged every tree by pisces's
// model: each answer must be the one of the client that reads the file.

const ghServer = `"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]`

// TestThreeEditorsIdentical: the same server kept for Claude Code, Cursor
// and VS Code, each in its own syntax, lints clean but for VS Code reading
// .mcp.json too (a workspace folder's .mcp.json, WorkspaceDotMcpDiscovery),
// where .vscode/mcp.json's definition hides it; nothing says to delete one
// of them.
func TestThreeEditorsIdentical(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"github": {` + ghServer + `, "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}`,
		".cursor/mcp.json": `{"mcpServers": {"github": {` + ghServer + `, "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}}}}`,
		".vscode/mcp.json": `{"servers": {"github": {"type": "stdio", ` + ghServer + `, "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}}}}`,
	})
	for _, scope := range []string{"project", "all"} {
		_, rep, errOut := lintJSON(t, nil, "--root", root, "--home", t.TempDir(), "--scope", scope, "--fail-on", "info")
		// Qwen Code reads .mcp.json too and sends "${GITHUB_TOKEN}" as
		// written (testdata/clients/qwen-transports): its finding is true
		if len(rep.Findings) != 2 || rep.Findings[0].Rule != "shadowed" || !strings.Contains(rep.Findings[0].Message, `"github" is hidden in VS Code by the definition at .vscode/mcp.json`) ||
			rep.Findings[1].Rule != "foreign-placeholder" || !strings.Contains(rep.Findings[1].Message, `is not expanded by Qwen Code`) {
			t.Errorf("scope %s: findings %+v %s", scope, rep.Findings, errOut)
		}
	}
	_, out, _ := run(t, nil, "lint", "--root", root, "--home", t.TempDir(), "--scope", "all")
	if strings.Contains(out, "delete") {
		t.Errorf("a hint says to delete a definition:\n%s", out)
	}
}

// TestThreeEditorsDrift: when the copies differ, lint reports drift naming
// both files, and still no shadowing.
func TestThreeEditorsDrift(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"github": {` + ghServer + `}}}`,
		".cursor/mcp.json": `{"mcpServers": {"github": {"command": "docker", "args": ["run", "-i", "--rm", "ghcr.io/github/github-mcp-server:v0.9.0"]}}}`,
	})
	code, rep, errOut := lintJSON(t, nil, "--root", root, "--home", t.TempDir(), "--fail-on", "warning")
	if code != 1 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	found := false
	for _, f := range rep.Findings {
		switch f.Rule {
		case "drift":
			found = strings.Contains(f.Message, ".mcp.json") && strings.Contains(f.Message, ".cursor/mcp.json") && f.Severity == "warning"
		case "shadowed":
			t.Errorf("shadowing across clients: %+v", f)
		}
	}
	if !found {
		t.Errorf("no drift warning naming both files: %+v", rep.Findings)
	}
}

// TestCodexPatchLintsClean: a project table that only patches a user's
// server is the Codex idiom; it lints clean in project scope and together
// with the user's config.
func TestCodexPatchLintsClean(t *testing.T) {
	files := map[string]string{
		".codex/config.toml":   "[mcp_servers.playwright]\nenabled = false\n\n[mcp_servers.github]\nargs = [\"-y\", \"@modelcontextprotocol/server-github@2025.8.1\"]\n",
		"~/.codex/config.toml": "[mcp_servers.playwright]\ncommand = \"npx\"\nargs = [\"-y\", \"@playwright/mcp@0.0.41\"]\n\n[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"]\nenv_vars = [\"GITHUB_PERSONAL_ACCESS_TOKEN\"]\n",
	}
	root, home := writeTreeHome(t, files)
	for _, scope := range []string{"project", "all"} {
		code, rep, errOut := lintJSON(t, nil, "--root", root, "--home", home, "--scope", scope, "--fail-on", "info")
		if code != 0 || len(rep.Findings) != 0 {
			t.Errorf("scope %s: exit %d, findings %+v %s", scope, code, rep.Findings, errOut)
		}
	}
	// A patch of a server no layer defines is what Codex refuses: its
	// whole config, at the first such table.
	root, _ = writeTreeHome(t, map[string]string{".codex/config.toml": files[".codex/config.toml"]})
	code, rep, _ := lintJSON(t, nil, "--root", root, "--home", t.TempDir(), "--scope", "all")
	rules := map[string]int{}
	for _, f := range rep.Findings {
		rules[f.Rule]++
	}
	if code != 1 || rules["unknown-transport"] != 2 || rules["refused-config"] != 1 || len(rep.Findings) != 3 {
		t.Errorf("orphan patch with --scope all: exit %d, %+v", code, rep.Findings)
	}
}

// TestLintClientFlag: --client narrows the judges: a url without type in
// .mcp.json is an error for Claude Code and nothing for pisces's merged view
// of the same file... pisces infers http.
func TestLintClientFlag(t *testing.T) {
	root := writeTree(t, map[string]string{
		".mcp.json":        `{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}`,
		".cursor/mcp.json": `{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}`,
	})
	home := t.TempDir()
	rules := func(args ...string) map[string]string {
		t.Helper()
		code, rep, errOut := lintJSON(t, nil, append([]string{"--root", root, "--home", home}, args...)...)
		if code > 1 {
			t.Fatalf("%v: exit %d %s", args, code, errOut)
		}
		out := map[string]string{}
		for _, f := range rep.Findings {
			out[f.Rule] = f.Severity
		}
		return out
	}
	if got := rules("--client", "claude-code"); got["implicit-stdio"] != "error" {
		t.Errorf("--client claude-code: %v", got)
	}
	if got := rules("--client", "cursor"); len(got) != 0 {
		t.Errorf("--client cursor: %v", got)
	}
	if got := rules("--client", "pisces"); got["implicit-stdio"] != "warning" || got["shadowed"] == "" {
		t.Errorf("--client pisces: %v", got)
	}
	if code, _, errOut := run(t, nil, "lint", "--root", root, "--client", "cursr"); code != 2 || !strings.Contains(errOut, `did you mean "cursor"`) {
		t.Errorf("unknown client: exit %d %s", code, errOut)
	}
}

// TestExplainFromSubdirectory: started in a subdirectory, Codex folds the
// layers from the git root down and Claude Code finds .mcp.json above.
func TestExplainFromSubdirectory(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		".git/HEAD":                 "ref: refs/heads/main\n",
		".mcp.json":                 `{"mcpServers": {"top": {"command": "top-server"}}}`,
		".codex/config.toml":        "[mcp_servers.root]\ncommand = \"root-server\"\n",
		"sub/.codex/config.toml":    "[mcp_servers.root]\nargs = [\"from-sub\"]\n",
		"~/.codex/config.toml":      "[projects.\"<ROOT>\"]\ntrust_level = \"trusted\"\n",
		"~/.claude/settings.json":   `{"enableAllProjectMcpServers": true}`,
		"sub/deeper/.keep":          "",
		"~/.gemini/settings.json":   `{}`,
		"sub/.gemini/settings.json": `{"mcpServers": {"not-here": {"command": "x"}}}`,
	})
	code, out, errOut := run(t, nil, "explain", "--root", filepath.Join(root, "sub", "deeper"), "--home", home, "--format", "json")
	if code != 0 {
		t.Fatal(errOut)
	}
	var rep struct {
		Views []struct {
			Client  string
			Servers []struct {
				Name, Command, Status string
				Args                  []string
			}
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, v := range rep.Views {
		for _, s := range v.Servers {
			got[v.Client+"/"+s.Name] = s.Status + " " + s.Command + " " + strings.Join(s.Args, " ")
		}
	}
	want := map[string]string{
		"claude/top": "enabled top-server ",
		"codex/root": "enabled root-server from-sub",
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %q, want %q (all: %v)", k, got[k], w, got)
		}
	}
	if _, ok := got["gemini/not-here"]; ok {
		t.Errorf("Gemini CLI reads only the working directory's .gemini: %v", got)
	}
}

func writeTreeHome(t *testing.T, files map[string]string) (root, home string) {
	t.Helper()
	return testtree.Write(t, files)
}

// TestVSCodeDotMCPJSONLintsClean: what VS Code reads in a workspace
// folder's .mcp.json by its own rules is no finding for VS Code: Copilot's
// "local" type, a url without "type", a file without "mcpServers" whose
// top level holds the servers beside a "$schema" string.
func TestVSCodeDotMCPJSONLintsClean(t *testing.T) {
	for name, src := range map[string]string{
		"wrapped": `{"mcpServers": {"a": {"type": "local", "command": "node"}, "b": {"url": "https://b.example.com/mcp"}}}`,
		"flat":    `{"$schema": "https://example.com/s.json", "a": {"command": "node"}, "b": {"url": "https://b.example.com/mcp"}}`,
	} {
		root, home := writeTreeHome(t, map[string]string{".mcp.json": src, "~/.keep": ""})
		code, rep, errOut := lintJSON(t, nil, "--client", "vscode", "--root", root, "--home", home, "--fail-on", "info")
		if code != 0 || len(rep.Findings) != 0 {
			t.Errorf("%s: exit %d, findings %+v %s", name, code, rep.Findings, errOut)
		}
	}
}
