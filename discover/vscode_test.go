package discover

import (
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// vscodeView is VS Code's view of a tree, the environment given.
func vscodeView(t *testing.T, files, env map[string]string) *normalize.Set {
	t.Helper()
	root, home := tree(t, files)
	o := Options{Root: root, Home: home, Isolated: true, Getenv: func(k string) string { return env[k] }}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("vscode"), AllScopes)
}

// TestVSCodeReadsDotMCPJSON: VS Code reads the .mcp.json at a workspace
// folder's root in Claude's shape, by its own rules
// (parseWorkspaceRootMcpConfiguration, normalizeMcpServerConfiguration,
// fromCopilotMcpServerConfiguration in microsoft/vscode): a url without
// "type" is streamable HTTP, "local" is stdio, a "type" it does not know
// drops the entry, JSONC is fine, and a file without "mcpServers" holds
// its servers at the top level.
func TestVSCodeReadsDotMCPJSON(t *testing.T) {
	set := vscodeView(t, map[string]string{
		".mcp.json": `{
			// comments and trailing commas: JSONC
			"mcpServers": {
				"remote": {"url": "https://example.com/mcp"},
				"sse": {"type": "sse", "url": "https://example.com/sse"},
				"local": {"type": "local", "command": "node", "args": ["s.js"]},
				"both": {"command": "node", "url": "https://example.com/mcp"},
				"odd": {"type": "streamable-http", "url": "https://example.com/mcp"},
				"none": {"type": "http"},
			},
		}`,
	}, nil)
	statusIs(t, set, map[string]normalize.Status{"remote": normalize.StatusEnabled, "sse": normalize.StatusEnabled,
		"local": normalize.StatusEnabled, "both": normalize.StatusEnabled, "odd": normalize.StatusInvalid, "none": normalize.StatusInvalid})
	for name, want := range map[string]normalize.Transport{"remote": normalize.HTTP, "sse": normalize.HTTP, "local": normalize.Stdio, "both": normalize.Stdio} {
		if s := server(t, set, name).Server; s.Transport != want {
			t.Errorf("%s: transport %v, want %v", name, s.Transport, want)
		}
	}

	flat := vscodeView(t, map[string]string{".mcp.json": `{"flat": {"command": "node"}, "servers": {"x": {"command": "y"}}}`}, nil)
	if s := server(t, flat, "flat").Server; !s.Enabled || s.Command != "node" {
		t.Errorf("flat file: %+v", s)
	}
	if len(flat.Entries) != 2 || server(t, flat, "servers").Server.Enabled {
		t.Errorf("flat file: a key that is no server is not one: %+v", flat.Entries)
	}

	for name, src := range map[string]string{
		"mcpServers not an object": `{"mcpServers": []}`,
		"malformed":                `{"mcpServers": {"a": {"command": "x"}}`,
	} {
		if set := vscodeView(t, map[string]string{".mcp.json": src}, nil); len(set.Entries) != 0 {
			t.Errorf("%s: VS Code ignores the file, got %+v", name, set.Entries)
		}
	}
}

// TestVSCodeReadsCopilotConfig: VS Code reads Copilot's
// $COPILOT_HOME/mcp-config.json (else ~/.copilot/mcp-config.json) as strict
// JSON, "local" meaning stdio (getCopilotGlobalMcpConfigurationResource,
// parseCopilotGlobalMcpConfiguration).
func TestVSCodeReadsCopilotConfig(t *testing.T) {
	def := `{"mcpServers": {"cop": {"type": "local", "command": "node", "args": ["c.js"], "tools": ["*"]}}}`
	set := vscodeView(t, map[string]string{"~/.copilot/mcp-config.json": def}, nil)
	if s := server(t, set, "cop").Server; !s.Enabled || s.Transport != normalize.Stdio || s.Source.Scope != normalize.User {
		t.Errorf("cop: %+v", s)
	}
	root, home := tree(t, map[string]string{"~/elsewhere/mcp-config.json": def, "~/.copilot/mcp-config.json": `{"mcpServers": {"old": {"command": "x"}}}`})
	o := Options{Root: root, Home: home, Isolated: true, Getenv: func(k string) string {
		if k == "COPILOT_HOME" {
			return filepath.Join(home, "elsewhere")
		}
		return ""
	}}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	moved := o.View(normalize.ClientByID("vscode"), AllScopes)
	if len(moved.Entries) != 1 || moved.Entries[0].Server.Name != "cop" {
		t.Errorf("COPILOT_HOME moves the file: %+v", moved.Entries)
	}
	if set := vscodeView(t, map[string]string{"~/.copilot/mcp-config.json": `{"mcpServers": {"a": {"command": "x"},}}`}, nil); len(set.Entries) != 0 {
		t.Errorf("strict JSON: a trailing comma voids the file, got %+v", set.Entries)
	}
}
