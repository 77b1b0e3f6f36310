package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExplainJSONPathsFromSubdirectory: explain --format json with --root a
// subdirectory of a git repository, run from another directory, shows
// every file path relative to --root (the repository's files above it as
// "../…") or, under --home, as "~/…": never absolute, never mixed.
func TestExplainJSONPathsFromSubdirectory(t *testing.T) {
	repo := writeTree(t, map[string]string{
		".mcp.json":              `{"mcpServers": {"r": {"command": "r"}}}`,
		".codex/config.toml":     "[mcp_servers.e]\ncommand = \"e\"\n",
		".gemini/settings.json":  `{"mcpServers": {"g": {"command": "g"}}}`,
		"sub/.mcp.json":          `{"mcpServers": {"a": {"command": "a"}}}`,
		"sub/.cursor/mcp.json":   `{"mcpServers": {"c": {"url": "https://x.example/mcp"}}}`,
		"sub/.codex/config.toml": "[mcp_servers.s]\ncommand = \"s\"\n",
	})
	if err := os.MkdirAll(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	home := writeTree(t, map[string]string{
		".codex/config.toml": "[mcp_servers.d]\ncommand = \"d\"\n",
		".claude.json":       `{"mcpServers": {"u": {"command": "u"}}}`,
	})
	root := filepath.Join(repo, "sub")
	for _, args := range [][]string{
		{"explain", "--root", root, "--home", home, "--format", "json"},
		{"explain", "--root", root, "--home", home, "--format", "json", "--client", "claude"},
		{"explain", "--root", root, "--home", home, "--format", "json", "--client", "pisces"},
		{"explain", "r", "--root", root, "--home", home, "--format", "json"},
	} {
		code, out, errOut := run(t, nil, args...)
		if code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", args, code, out, errOut)
		}
		var v any
		if err := json.Unmarshal([]byte(out), &v); err != nil {
			t.Fatalf("%v: bad JSON: %v\n%s", args, err, out)
		}
		var paths []string
		var walk func(key string, v any)
		walk = func(key string, v any) {
			switch v := v.(type) {
			case map[string]any:
				for k, x := range v {
					walk(k, x)
				}
			case []any:
				for _, x := range v {
					walk(key, x)
				}
			case string:
				if key == "path" || key == "file" || key == "source" {
					paths = append(paths, v)
				}
			}
		}
		walk("", v)
		sawAbove := false
		for _, p := range paths {
			if filepath.IsAbs(p) || strings.Contains(p, repo) || strings.Contains(p, home) {
				t.Errorf("%v: path %q is not relative to --root nor ~/…", args[1:2], p)
			}
			sawAbove = sawAbove || strings.HasPrefix(p, "../")
		}
		if !sawAbove && args[1] != "r" && args[len(args)-1] != "pisces" {
			t.Errorf("%v: no file of the repository above --root shown as \"../…\": %q", args, paths)
		}
	}
}
