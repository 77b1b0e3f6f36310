package main

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// nvimScript drives Neovim's own LSP client (0.7 and later): it opens
// the planted .mcp.json, starts mcpconf lsp on it, waits for the
// diagnostics, hovers on the server's name, applies the quick fix to the
// buffer, waits for the diagnostics to clear, stops the server, and
// writes what it saw to NV_OUT, one line each.
const nvimScript = `
local out = os.getenv("NV_OUT")
local function write(s) local f = io.open(out, "a"); f:write(s .. "\n"); f:close() end
local ok, err = pcall(function()
  local root = os.getenv("NV_ROOT")
  vim.cmd("edit " .. root .. "/.mcp.json")
  local buf = vim.api.nvim_get_current_buf()
  local id = vim.lsp.start_client({ name = "mcpconf", root_dir = root,
    cmd = { os.getenv("NV_BIN"), "mcpconf-main", "lsp", "--home", os.getenv("NV_HOME") } })
  vim.lsp.buf_attach_client(buf, id)
  vim.wait(20000, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code) or "?"
    write(string.format("diag %s %d:%d-%d:%d", code, d.lnum, d.col, d.end_lnum, d.end_col))
  end
  local client = vim.lsp.get_client_by_id(id)
  local uri = vim.uri_from_bufnr(buf)
  local res = client.request_sync("textDocument/hover", { textDocument = { uri = uri }, position = { line = 2, character = 6 } }, 20000, buf)
  if res and res.result then write("hover " .. res.result.contents.value:gsub("\n", " | ")) end
  local ca = client.request_sync("textDocument/codeAction", { textDocument = { uri = uri },
    range = { start = { line = 2, character = 40 }, ["end"] = { line = 2, character = 40 } }, context = { diagnostics = {} } }, 20000, buf)
  for _, a in ipairs((ca and ca.result) or {}) do
    write("action " .. a.kind)
    if a.kind == "quickfix" then vim.lsp.util.apply_workspace_edit(a.edit, "utf-16") end
  end
  write("buffer " .. table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\n"):gsub("\n", "\\n"))
  vim.wait(20000, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  write("after " .. #vim.diagnostic.get(buf))
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 50)
  write("stopped " .. tostring(client.is_stopped()))
end)
if not ok then write("error " .. tostring(err)) end
vim.cmd("qall!")
`

// TestLSPNeovim runs mcpconf lsp (the test binary as mcpconf) under a
// real editor's LSP client, Neovim headless: diagnostics shown where
// lint puts them, a hover naming Claude Code's status, the quick fix
// applied by Neovim giving lint --fix's bytes, the diagnostics then
// cleared, and a clean stop. Skipped where nvim is not installed.
func TestLSPNeovim(t *testing.T) {
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Skip("nvim is not installed")
	}
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	os.MkdirAll(root, 0o755)
	os.MkdirAll(home, 0o755)
	src := "{\n  \"mcpServers\": {\n    \"gh\": {\"command\": \"npx\", \"args\": [\"@modelcontextprotocol/server-github\"]}\n  }\n}\n"
	os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(src), 0o644)
	fixCopy := filepath.Join(tmp, "fixcopy")
	os.MkdirAll(fixCopy, 0o755)
	os.WriteFile(filepath.Join(fixCopy, ".mcp.json"), []byte(src), 0o644)
	stdio, _, _ := testIO(nil)
	stdio.Getwd = func() (string, error) { return fixCopy, nil }
	Main([]string{"lint", "--fix", "--home", home, ".mcp.json"}, stdio)
	fixed, _ := os.ReadFile(filepath.Join(fixCopy, ".mcp.json"))

	script, out := filepath.Join(tmp, "init.lua"), filepath.Join(tmp, "out")
	os.WriteFile(script, []byte(nvimScript), 0o644)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, nvim, "--headless", "--clean", "-u", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "NV_OUT="+out, "NV_BIN="+self, "NV_HOME="+home, "NV_ROOT="+root, "XDG_STATE_HOME="+tmp, "XDG_DATA_HOME="+tmp)
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, b)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	lines := string(got)
	for _, want := range []string{
		"diag npx-without-yes 2:38-2:75\n",
		"hover **mcpconf explain gh**",
		"Claude Code: pending-approval",
		"action quickfix\n",
		"buffer " + strings.ReplaceAll(strings.TrimSuffix(string(fixed), "\n"), "\n", `\n`) + "\n",
		"after 0\n",
		"stopped true\n",
	} {
		if !strings.Contains(lines, want) {
			t.Errorf("Neovim did not see %q; it saw:\n%s", want, lines)
		}
	}
}
