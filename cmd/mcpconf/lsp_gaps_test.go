package main

import (
	"os"
	"path/filepath"
	"testing"
)

// TestLSPConfigBuffer: an open .mcpconf.toml counts as the editor has
// it, unsaved: disabling a rule in its buffer drops that rule's
// diagnostics from the open .mcp.json, and closing it brings the disk's
// config back.
func TestLSPConfigBuffer(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	os.MkdirAll(filepath.Join(root, ".git"), 0o755)
	os.MkdirAll(home, 0o755)
	mcp, cfg := filepath.Join(root, ".mcp.json"), filepath.Join(root, ".mcpconf.toml")
	src := `{"mcpServers": {"gh": {"command": "npx", "args": ["pkg@1.0.0"]}}}` + "\n"
	disk := "# the linter's config\n"
	os.WriteFile(mcp, []byte(src), 0o644)
	os.WriteFile(cfg, []byte(disk), 0o644)
	uri, curi := "file://"+filepath.ToSlash(mcp), "file://"+filepath.ToSlash(cfg)

	c := startLSP(t, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "workspaceFolders": []any{map[string]any{"uri": "file://" + filepath.ToSlash(root), "name": "p"}}, "capabilities": map[string]any{}}, nil)
	c.notify("initialized", map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": src}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": curi, "languageId": "toml", "version": 1, "text": disk}})
	barrier := func() map[string]lspPublishRel {
		c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": lspRange{}, "context": map[string]any{"diagnostics": []any{}}}, nil)
		return c.drain()
	}
	has := func(p lspPublishRel, rule string) bool {
		for _, d := range p.Diagnostics {
			if d.Code == rule {
				return true
			}
		}
		return false
	}
	if pub := barrier(); !has(pub[uri], "npx-without-yes") {
		t.Fatalf("want npx-without-yes on .mcp.json: %+v", pub)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": curi, "version": 2},
		"contentChanges": []any{map[string]any{"text": disk + "disable = [\"npx-without-yes\"]\n"}}})
	if pub := barrier(); has(pub[uri], "npx-without-yes") {
		t.Errorf("the unsaved .mcpconf.toml disables npx-without-yes, still reported: %+v", pub[uri])
	}
	// a mistake in the buffer is its lint-config finding, at its place
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": curi, "version": 3},
		"contentChanges": []any{map[string]any{"text": disk + "disable = [\"npx-without-yes\"]\nseverity = 3\n"}}})
	pub := barrier()
	if !has(pub[curi], "lint-config") || has(pub[uri], "npx-without-yes") {
		t.Errorf("a bad key in the buffer: want a lint-config finding on .mcpconf.toml and npx-without-yes still off: %+v", pub)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": curi}})
	if pub := barrier(); !has(pub[uri], "npx-without-yes") {
		t.Errorf("after closing .mcpconf.toml, its disk text applies again: %+v", pub[uri])
	}
	if b, _ := os.ReadFile(cfg); string(b) != disk {
		t.Errorf("the server wrote .mcpconf.toml")
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status %d", code)
	}
}
