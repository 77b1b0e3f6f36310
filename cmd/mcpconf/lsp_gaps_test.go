package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"
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
	c.initFolder(root)
	c.open(uri, "json", 1, src)
	c.open(curi, "toml", 1, disk)
	barrier := func() map[string]lspPublishRel { return c.settle(uri) }
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

// TestLSPCompletionMidTyping: completion inside a server's entry in a
// buffer that does not parse, as it is while one types (a key half
// written, a trailing comma, the closing braces not yet there, a string
// not closed, an error further down), offers what it offers in a buffer
// that parses: the readers' keys but those already written, the type
// literals, the variable names; none on a server's name. So does an
// empty line at the end of a TOML table.
func TestLSPCompletionMidTyping(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	for _, d := range []string{filepath.Join(root, ".codex"), filepath.Join(root, ".git"), home} {
		os.MkdirAll(d, 0o755)
	}
	mcp, cdx := filepath.Join(root, ".mcp.json"), filepath.Join(root, ".codex", "config.toml")
	os.WriteFile(mcp, []byte(`{"mcpServers": {}}`+"\n"), 0o644)
	os.WriteFile(cdx, []byte("[mcp_servers.docs]\ncommand = \"npx\"\n"), 0o644)
	uri, curi := "file://"+filepath.ToSlash(mcp), "file://"+filepath.ToSlash(cdx)
	c := startLSPEnv(t, map[string]string{"GH_TOKEN": "ghp_1234567890abcdefghijABCDEFGHIJ123456"}, "--home", home)
	c.initRoot(root)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": `{"mcpServers": {}}` + "\n"}})
	c.open(curi, "toml", 1, "[mcp_servers.docs]\ncommand = \"npx\"\n")
	version := 1
	// complete sets the buffer of u to text without "|" and completes
	// where "|" was
	complete := func(u, text string) []string {
		t.Helper()
		i := strings.Index(text, "|")
		text = text[:i] + text[i+1:]
		version++
		c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": u, "version": version},
			"contentChanges": []any{map[string]any{"text": text}}})
		var items []struct{ Label string }
		c.call("textDocument/completion", map[string]any{"textDocument": map[string]any{"uri": u}, "position": utf16Pos(text, i)}, &items)
		var labels []string
		for _, it := range items {
			labels = append(labels, it.Label)
		}
		return labels
	}
	cases := []struct {
		uri, text  string
		want, none []string
	}{
		// a key half written, nothing closed
		{uri, `{"mcpServers": {"x": {"command": "npx", "e|`, []string{"env", "cwd", "type"}, []string{"command"}},
		// a trailing comma, no closing braces, on lines of their own
		{uri, "{\n  \"mcpServers\": {\n    \"x\": {\"command\": \"npx\",\n      |", []string{"env", "args"}, []string{"command"}},
		// after a value, before its comma
		{uri, `{"mcpServers": {"x": {"command": "npx" |`, []string{"env"}, []string{"command"}},
		// a string value not closed: the type literals
		{uri, `{"mcpServers": {"x": {"type": "h|`, []string{"http", "sse", "stdio"}, nil},
		// the buffer breaks further down, after the cursor
		{uri, "{\"mcpServers\": {\"x\": {\"type\": \"|\"},\n \"y\": {,}}", []string{"http", "stdio"}, nil},
		// a placeholder half written in an env value: variable names
		{uri, `{"mcpServers": {"x": {"command": "npx", "env": {"T": "${GH|`, []string{"${GH_TOKEN}"}, nil},
		// a JSONC comment before the entry
		{uri, "{\"mcpServers\": { // mine\n \"x\": {/* a, b */ \"url\": \"https://e.example/mcp\", |", []string{"type", "headers"}, []string{"url"}},
		// on a server's name, or between servers: no server keys
		{uri, `{"mcpServers": {"x|`, nil, []string{"command", "env"}},
		{uri, `{"mcpServers": {"x": {"command": "a"}, |`, nil, []string{"command", "env"}},
		// TOML: a key half written, and an empty line at the table's end
		{curi, "[mcp_servers.docs]\ncommand = \"npx\"\nenv_v|", []string{"env_vars", "args"}, []string{"command"}},
		{curi, "[mcp_servers.docs]\ncommand = \"npx\"\n|\n", []string{"env_vars", "args"}, []string{"command"}},
	}
	for _, tc := range cases {
		got := complete(tc.uri, tc.text)
		for _, w := range tc.want {
			if !slices.Contains(got, w) {
				t.Errorf("%q: %q not offered among %q", tc.text, w, got)
			}
		}
		for _, n := range tc.none {
			if slices.Contains(got, n) {
				t.Errorf("%q: %q offered: %q", tc.text, n, got)
			}
		}
		if len(tc.want) == 0 && len(got) != 0 {
			t.Errorf("%q: want nothing, got %q", tc.text, got)
		}
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status %d", code)
	}
}

// utf16Pos is the LSP position of byte offset off in src.
func utf16Pos(src string, off int) lspPos {
	line := strings.Count(src[:off], "\n")
	start := strings.LastIndex(src[:off], "\n") + 1
	return lspPos{Line: line, Character: len(utf16.Encode([]rune(src[start:off])))}
}

// TestLSPFolders: each open file is linted at the deepest workspace
// folder that holds it, with that folder's .mcpconf.toml; folders the
// editor adds or removes later (workspace/didChangeWorkspaceFolders,
// advertised in the capabilities) count from then on; with no folder at
// all, a file is linted at the project its path places it in.
func TestLSPFolders(t *testing.T) {
	tmp := t.TempDir()
	outer, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	inner := filepath.Join(outer, "sub")
	for _, d := range []string{filepath.Join(outer, ".git"), inner, home} {
		os.MkdirAll(d, 0o755)
	}
	src := `{"mcpServers": {"gh": {"command": "npx", "args": ["pkg@1.0.0"]}}}` + "\n"
	os.WriteFile(filepath.Join(outer, ".mcpconf.toml"), []byte("disable = [\"npx-without-yes\"]\n"), 0o644)
	os.WriteFile(filepath.Join(outer, ".mcp.json"), []byte(src), 0o644)
	os.WriteFile(filepath.Join(inner, ".mcp.json"), []byte(src), 0o644)
	ouri, iuri := "file://"+filepath.ToSlash(filepath.Join(outer, ".mcp.json")), "file://"+filepath.ToSlash(filepath.Join(inner, ".mcp.json"))
	folder := func(dir string) map[string]any {
		return map[string]any{"uri": "file://" + filepath.ToSlash(dir), "name": filepath.Base(dir)}
	}
	has := func(p lspPublishRel, rule string) bool {
		for _, d := range p.Diagnostics {
			if d.Code == rule {
				return true
			}
		}
		return false
	}
	// barrier: a code action lints its file's tree first, if it changed
	barrier := func(c *lspClient) map[string]lspPublishRel {
		for _, u := range []string{ouri, iuri} {
			c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": u}, "range": lspRange{}, "context": map[string]any{"diagnostics": []any{}}}, nil)
		}
		pub := c.drain()
		if _, ok := pub[iuri]; !ok {
			t.Errorf("sub/.mcp.json was not linted again: %+v", pub)
		}
		return pub
	}
	open := func(c *lspClient) map[string]lspPublishRel {
		c.open(ouri, "json", 1, src)
		c.open(iuri, "json", 1, src)
		return barrier(c)
	}
	end := func(c *lspClient) {
		c.call("shutdown", nil, nil)
		c.notify("exit", nil)
		if code := <-c.done; code != 0 {
			t.Errorf("exit status %d", code)
		}
	}

	// both folders: sub/.mcp.json is linted at sub, without p's config
	c := startLSP(t, "--home", home)
	var init struct {
		Capabilities struct {
			Workspace struct {
				WorkspaceFolders struct {
					Supported           bool `json:"supported"`
					ChangeNotifications bool `json:"changeNotifications"`
				} `json:"workspaceFolders"`
			} `json:"workspace"`
		} `json:"capabilities"`
	}
	c.call("initialize", map[string]any{"processId": nil, "workspaceFolders": []any{folder(outer), folder(inner)}, "capabilities": map[string]any{}}, &init)
	if wf := init.Capabilities.Workspace.WorkspaceFolders; !wf.Supported || !wf.ChangeNotifications {
		t.Errorf("workspace folders not advertised: %+v", init.Capabilities)
	}
	c.notify("initialized", map[string]any{})
	pub := open(c)
	if has(pub[ouri], "npx-without-yes") || !has(pub[iuri], "npx-without-yes") {
		t.Errorf("folders p and p/sub: want npx-without-yes in sub/.mcp.json only: %+v", pub)
	}
	// p/sub removed: sub/.mcp.json is p's, and p's config disables the rule
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{}, "removed": []any{folder(inner)}}})
	if pub := barrier(c); has(pub[iuri], "npx-without-yes") {
		t.Errorf("after removing folder p/sub: sub/.mcp.json is linted at p, want no npx-without-yes: %+v", pub)
	}
	// and added again
	c.notify("workspace/didChangeWorkspaceFolders", map[string]any{"event": map[string]any{"added": []any{folder(inner)}, "removed": []any{}}})
	if pub := barrier(c); !has(pub[iuri], "npx-without-yes") {
		t.Errorf("after adding folder p/sub again: want npx-without-yes in sub/.mcp.json: %+v", pub)
	}
	end(c)

	// no folder: each file at its own project, as lint run there
	c = startLSP(t, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}}, nil)
	c.notify("initialized", map[string]any{})
	pub = open(c)
	if has(pub[ouri], "npx-without-yes") || !has(pub[iuri], "npx-without-yes") {
		t.Errorf("no folder: want npx-without-yes in sub/.mcp.json only: %+v", pub)
	}
	end(c)
}

// TestLSPWatchedFiles: a client that registers watchers dynamically is
// asked, once initialized, to report changes to the config files on
// disk (client/registerCapability for workspace/didChangeWatchedFiles);
// a change to a file that is not open, reported so, lints the open files
// of its tree again. Without the capability, nothing is asked.
func TestLSPWatchedFiles(t *testing.T) {
	root, home, v1, _ := driftTree(t)
	cursor := filepath.Join(root, ".cursor", "mcp.json")
	uri, curi := fileURI(root, ".mcp.json"), fileURI(root, ".cursor/mcp.json")

	c := startLSP(t, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root),
		"capabilities": map[string]any{"workspace": map[string]any{"didChangeWatchedFiles": map[string]any{"dynamicRegistration": true}}}}, nil)
	c.notify("initialized", map[string]any{})
	var reg lspMsg
	select {
	case reg = <-c.notes:
	case <-time.After(10 * time.Second):
		t.Fatal("no client/registerCapability after initialized")
	}
	var params struct {
		Registrations []struct {
			ID, Method      string
			RegisterOptions struct {
				Watchers []struct {
					GlobPattern string `json:"globPattern"`
				} `json:"watchers"`
			} `json:"registerOptions"`
		} `json:"registrations"`
	}
	json.Unmarshal(reg.Params, &params)
	if reg.Method != "client/registerCapability" || reg.ID == nil || len(params.Registrations) != 1 || params.Registrations[0].Method != "workspace/didChangeWatchedFiles" {
		t.Fatalf("want client/registerCapability for workspace/didChangeWatchedFiles, got %s %s", reg.Method, reg.Params)
	}
	var globs []string
	for _, w := range params.Registrations[0].RegisterOptions.Watchers {
		globs = append(globs, w.GlobPattern)
	}
	for _, want := range []string{"**/*.json", "**/*.toml"} {
		if !slices.Contains(globs, want) {
			t.Errorf("watchers %q lack %q", globs, want)
		}
	}
	c.send(map[string]any{"id": *reg.ID, "result": nil})

	c.open(uri, "json", 1, v1)
	barrier := func() map[string]lspPublishRel { return c.settle(uri) }
	if d := barrier()[uri].Diagnostics; len(d) != 1 || d[0].Code != "drift" {
		t.Fatalf("want drift on .mcp.json from .cursor/mcp.json on disk: %+v", d)
	}
	os.WriteFile(cursor, []byte(v1), 0o644)
	c.notify("workspace/didChangeWatchedFiles", map[string]any{"changes": []any{map[string]any{"uri": curi, "type": 2}}})
	if p, ok := barrier()[uri]; !ok || len(p.Diagnostics) != 0 {
		t.Errorf("after .cursor/mcp.json changed on disk: %+v", p)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status %d", code)
	}

	// without the capability: no request
	c = startLSP(t, "--home", home)
	c.initRoot(root)
	c.call("shutdown", nil, nil)
	for {
		select {
		case m, ok := <-c.notes:
			if ok && m.Method == "client/registerCapability" {
				t.Errorf("a client without dynamic registration was asked: %s", m.Params)
			}
			if ok {
				continue
			}
		default:
		}
		break
	}
	c.notify("exit", nil)
	<-c.done
}

// TestLSPUserFile: a user file outside the workspace folder that the
// folder's clients read (~/.claude.json, whose projects entry for the
// folder holds local servers and disabledMcpServers) is linted, hovered
// and followed in the folder's tree, as mcpconf lint ~/.claude.json run
// in the folder: its finding in the folder's entry is reported, a name in
// disabledMcpServers leads to the folder's .mcp.json, a local server's
// hover says what Claude Code does with it.
func TestLSPUserFile(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	os.MkdirAll(filepath.Join(root, ".git"), 0o755)
	os.MkdirAll(home, 0o755)
	mcp, state := filepath.Join(root, ".mcp.json"), filepath.Join(home, ".claude.json")
	src := `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "pkg@1.0.0"]}}}` + "\n"
	ssrc := `{"projects": {"` + filepath.ToSlash(root) + `": {"disabledMcpServers": ["gh"], "mcpServers": {"loc": {"command": "npx", "args": ["pkg@1.0.0"]}}}}}` + "\n"
	os.WriteFile(mcp, []byte(src), 0o644)
	os.WriteFile(state, []byte(ssrc), 0o644)
	uri, suri := "file://"+filepath.ToSlash(mcp), "file://"+filepath.ToSlash(state)

	// what lint says of the file, run in the folder
	stdio, out, _ := testIO(nil)
	stdio.Getwd = func() (string, error) { return root, nil }
	Main([]string{"lint", "--format", "json", "--home", home, state}, stdio)
	var lint struct{ Findings []struct{ Rule string } }
	if err := json.Unmarshal(out.Bytes(), &lint); err != nil || len(lint.Findings) != 1 || lint.Findings[0].Rule != "npx-without-yes" {
		t.Fatalf("lint ~/.claude.json in the folder: want npx-without-yes: %v %s", err, out)
	}

	c := startLSP(t, "--home", home)
	c.initFolder(root)
	c.open(suri, "json", 1, ssrc)
	if d := c.diagnostics(suri, 1); len(d) != 1 || d[0].Code != "npx-without-yes" {
		t.Errorf("~/.claude.json diagnostics: %+v, want lint's npx-without-yes", d)
	}
	var locs []struct {
		URI   string   `json:"uri"`
		Range lspRange `json:"range"`
	}
	c.call("textDocument/definition", map[string]any{"textDocument": map[string]any{"uri": suri}, "position": utf16Pos(ssrc, strings.Index(ssrc, `["gh"]`)+3)}, &locs)
	if len(locs) != 1 || locs[0].URI != uri || locs[0].Range.Start != utf16Pos(src, strings.Index(src, `"gh"`)) {
		t.Errorf("definition of gh in disabledMcpServers: %+v, want .mcp.json's gh", locs)
	}
	var hover struct{ Contents struct{ Value string } }
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": suri}, "position": utf16Pos(ssrc, strings.Index(ssrc, `"loc"`)+2)}, &hover)
	if !strings.Contains(hover.Contents.Value, "Claude Code:") {
		t.Errorf("hover on loc: %q", hover.Contents.Value)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status %d", code)
	}
}
