package main

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLSPLanguage drives completion, go to definition, document symbols
// and the hover on a placeholder through a client over pipes, on a
// project's .mcp.json (read by Claude Code and pisces) and the
// settings.local.json that approves its servers: keys come from the
// readers' descriptors with their types, "type" offers each reader's
// literals, a string offers the environment's names in the reader's
// syntax and never a value, an approved name leads to its definition,
// the file's servers are its symbols, and a placeholder's hover says
// which variable each reader reads and whether it is set, never its
// value.
func TestLSPLanguage(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	for _, d := range []string{filepath.Join(root, ".claude"), filepath.Join(root, ".git"), home} {
		os.MkdirAll(d, 0o755)
	}
	mcp := filepath.Join(root, ".mcp.json")
	src := `{
  "mcpServers": {
    "gh": { "command": "npx", "args": ["-y", "@x/gh@1.0.0"], "env": {"TOKEN": "${GH_TOKEN}", "O": "${UNSET_ONE}"} },
    "web": {"type": "http", "url": "https://example.com/mcp"}
  }
}
`
	os.WriteFile(mcp, []byte(src), 0o644)
	settings := filepath.Join(root, ".claude", "settings.local.json")
	ssrc := `{"enabledMcpjsonServers": ["gh", "web"]}` + "\n"
	os.WriteFile(settings, []byte(ssrc), 0o644)
	const secretValue = "ghp_1234567890abcdefghijABCDEFGHIJ123456"
	c := startLSPEnv(t, map[string]string{"GH_TOKEN": secretValue, "HOME_DIR_X": "v"}, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{}}, nil)
	uri, suri := "file://"+filepath.ToSlash(mcp), "file://"+filepath.ToSlash(settings)
	c.open(uri, "json", 1, src)
	c.open(suri, "json", 1, ssrc)
	pos := func(s, sub string, delta int) lspPos {
		i := strings.Index(s, sub)
		if i < 0 {
			t.Fatalf("%q not in the text", sub)
		}
		line := strings.Count(s[:i], "\n")
		return lspPos{Line: line, Character: i + delta - (strings.LastIndex(s[:i], "\n") + 1)}
	}
	type item struct{ Label, Detail, Documentation, FilterText string }
	complete := func(p lspPos) []item {
		var items []item
		c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}, &items)
		return items
	}
	find := func(items []item, label string) *item {
		for i := range items {
			if items[i].Label == label {
				return &items[i]
			}
		}
		return nil
	}

	// keys: in the entry's whitespace, before "command"
	keys := complete(pos(src, `"command"`, -1))
	if it := find(keys, "cwd"); it == nil || !strings.Contains(it.Documentation, "Claude Code") {
		t.Errorf("no key cwd read by Claude Code among %+v", keys)
	}
	if it := find(keys, "args"); it != nil {
		t.Errorf("args is already in the entry, offered: %+v", it)
	}
	if it := find(keys, "type"); it == nil || it.Detail == "" {
		t.Errorf("no key type with its type: %+v", it)
	}
	// type: the literals
	types := complete(pos(src, `"http"`, 2))
	for _, want := range []string{"http", "sse", "stdio"} {
		if find(types, want) == nil {
			t.Errorf("type literal %q not offered: %+v", want, types)
		}
	}
	// a string: variable names in the readers' syntax, never a value
	vars := complete(pos(src, `${UNSET_ONE}`, 2))
	if find(vars, "${GH_TOKEN}") == nil || find(vars, "${HOME_DIR_X}") == nil {
		t.Errorf("no variable names offered: %+v", vars)
	}
	for _, it := range vars {
		if strings.Contains(it.Label+it.Detail+it.Documentation, secretValue) {
			t.Fatalf("completion sent a value: %+v", it)
		}
	}

	// definition: "web" in enabledMcpjsonServers -> its key in .mcp.json
	var locs []struct {
		URI   string   `json:"uri"`
		Range lspRange `json:"range"`
	}
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": suri}, "position": pos(ssrc, `"web"`, 2)}, &locs)
	if want := pos(src, `"web"`, 0); len(locs) != 1 || locs[0].URI != uri || locs[0].Range.Start != want {
		t.Errorf("definition of web: %+v, want %s at %+v", locs, uri, want)
	}
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": suri}, "position": pos(ssrc, `enabled`, 2)}, &locs)
	if len(locs) != 0 {
		t.Errorf("definition on the key: %+v", locs)
	}

	// symbols: the file's servers in order
	var syms []struct {
		Name           string   `json:"name"`
		Kind           int      `json:"kind"`
		Range          lspRange `json:"range"`
		SelectionRange lspRange `json:"selectionRange"`
	}
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": uri}}, &syms)
	if len(syms) != 2 || syms[0].Name != "gh" || syms[1].Name != "web" || syms[1].SelectionRange.Start != pos(src, `"web"`, 0) || syms[0].Range.End.Line != 2 {
		t.Errorf("symbols: %+v", syms)
	}

	// hover on a placeholder: the variable and whether it is set
	var hover struct {
		Contents struct{ Kind, Value string } `json:"contents"`
		Range    *lspRange                    `json:"range"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(src, `${GH_TOKEN}`, 3)}, &hover)
	if v := hover.Contents.Value; !strings.Contains(v, "\nClaude Code: environment variable \"GH_TOKEN\", which is set\n") ||
		!strings.Contains(v, "\nVS Code: sends \"${GH_TOKEN}\" literally") || !strings.Contains(v, "Claude Code:") || strings.Contains(v, secretValue) {
		t.Errorf("hover on ${GH_TOKEN}:\n%s", v)
	}
	if hover.Range == nil || *hover.Range != (lspRange{pos(src, `${GH_TOKEN}`, 0), pos(src, `${GH_TOKEN}`, len(`${GH_TOKEN}`))}) {
		t.Errorf("hover range %+v", hover.Range)
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": pos(src, `${UNSET_ONE}`, 3)}, &hover)
	if v := hover.Contents.Value; !strings.Contains(v, `"UNSET_ONE", which is not set`) {
		t.Errorf("hover on ${UNSET_ONE}:\n%s", v)
	}
}

// TestLSPLanguageLists: a name in Gemini CLI's mcp.excluded (a deny-list
// in the server file itself) leads to its definition; in a Codex TOML
// table, a placeholder is sent literally (Codex expands none), the keys
// offered are Codex's, and the table is a symbol.
func TestLSPLanguageLists(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	for _, d := range []string{filepath.Join(root, ".gemini"), filepath.Join(root, ".codex"), filepath.Join(root, ".git"), home} {
		os.MkdirAll(d, 0o755)
	}
	gem := filepath.Join(root, ".gemini", "settings.json")
	gsrc := `{"mcpServers": {"alpha": {"command": "a"}, "beta": {"command": "b"}}, "mcp": {"excluded": ["beta"]}}` + "\n"
	os.WriteFile(gem, []byte(gsrc), 0o644)
	cdx := filepath.Join(root, ".codex", "config.toml")
	csrc := "[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"${HOME}\"]\n"
	os.WriteFile(cdx, []byte(csrc), 0o644)
	c := startLSPEnv(t, map[string]string{"HOME": "/x"}, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{}}, nil)
	guri, curi := "file://"+filepath.ToSlash(gem), "file://"+filepath.ToSlash(cdx)
	c.open(guri, "json", 1, gsrc)
	c.open(curi, "toml", 1, csrc)

	var locs []struct {
		URI   string   `json:"uri"`
		Range lspRange `json:"range"`
	}
	at := strings.LastIndex(gsrc, `"beta"`) + 2
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": guri}, "position": lspPos{0, at}}, &locs)
	want := lspRange{lspPos{0, strings.Index(gsrc, `"beta"`)}, lspPos{0, strings.Index(gsrc, `"beta"`) + len(`"beta"`)}}
	if len(locs) != 1 || locs[0].URI != guri || locs[0].Range != want {
		t.Errorf("definition of beta in mcp.excluded: %+v, want %+v", locs, want)
	}

	var hover struct {
		Contents struct{ Value string } `json:"contents"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": curi}, "position": lspPos{2, 11}}, &hover)
	if !strings.Contains(hover.Contents.Value, `Codex: sends "${HOME}" literally`) || strings.Contains(hover.Contents.Value, "/x") {
		t.Errorf("hover on ${HOME} in Codex's config:\n%s", hover.Contents.Value)
	}
	var keys []struct{ Label, Documentation string }
	c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": curi}, "position": lspPos{1, 0}}, &keys)
	var labels []string
	for _, k := range keys {
		labels = append(labels, k.Label)
	}
	if !slices.Contains(labels, "env_vars") || slices.Contains(labels, "args") || !slices.Contains(labels, "command") {
		t.Errorf("Codex keys: %v", labels)
	}
	var syms []struct{ Name string }
	c.call("textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": curi}}, &syms)
	if len(syms) != 1 || syms[0].Name != "docs" {
		t.Errorf("Codex symbols: %+v", syms)
	}
}
