package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf16"
	"unicode/utf8"
)

// lspClient is a language client over pipes, as an editor speaks to
// mcpconf lsp: requests answered by id, notifications kept in order.
type lspClient struct {
	t      *testing.T
	w      io.WriteCloser
	mu     sync.Mutex
	nextID int
	waits  map[int]chan lspMsg
	notes  chan lspMsg
	done   chan int // Main's exit code
}

type lspMsg struct {
	ID     *int            `json:"id,omitempty"`
	Method string          `json:"method,omitempty"`
	Params json.RawMessage `json:"params,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Error  *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error,omitempty"`
}

// startLSP runs mcpconf lsp args in the test, over pipes.
func startLSP(t *testing.T, args ...string) *lspClient {
	t.Helper()
	return startLSPEnv(t, nil, args...)
}

// startLSPEnv is startLSP with the environment env.
func startLSPEnv(t *testing.T, env map[string]string, args ...string) *lspClient {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	stdio, _, _ := testIO(env)
	stdio.In, stdio.Out = inR, outW
	c := &lspClient{t: t, w: inW, waits: map[int]chan lspMsg{}, notes: make(chan lspMsg, 1000), done: make(chan int, 1)}
	go func() {
		code := Main(append([]string{"lsp"}, args...), stdio)
		outW.Close()
		c.done <- code
	}()
	go func() {
		r := bufio.NewReader(outR)
		for {
			h, err := textproto.NewReader(r).ReadMIMEHeader()
			if err != nil {
				close(c.notes)
				return
			}
			n, _ := strconv.Atoi(h.Get("Content-Length"))
			body := make([]byte, n)
			if _, err := io.ReadFull(r, body); err != nil {
				close(c.notes)
				return
			}
			var m lspMsg
			if err := json.Unmarshal(body, &m); err != nil {
				t.Errorf("server sent what is not JSON: %q", body)
				continue
			}
			if m.ID != nil && m.Method == "" {
				c.mu.Lock()
				ch := c.waits[*m.ID]
				c.mu.Unlock()
				ch <- m
				continue
			}
			c.notes <- m
		}
	}()
	t.Cleanup(func() { inW.Close(); outR.Close() })
	return c
}

func (c *lspClient) send(m map[string]any) {
	c.t.Helper()
	m["jsonrpc"] = "2.0"
	body, err := json.Marshal(m)
	if err != nil {
		c.t.Fatal(err)
	}
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *lspClient) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"method": method, "params": params})
}

// driftTree writes a project, in a git repository, whose .mcp.json (v1)
// and .cursor/mcp.json (v2) define "gh" with different package versions,
// and an empty home.
func driftTree(t *testing.T) (root, home, v1, v2 string) {
	t.Helper()
	tmp := t.TempDir()
	root, home = filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	v1 = `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "pkg@1.0.0"]}}}` + "\n"
	v2 = `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "pkg@2.0.0"]}}}` + "\n"
	for _, d := range []string{filepath.Join(root, ".cursor"), filepath.Join(root, ".git"), home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, text := range map[string]string{".mcp.json": v1, ".cursor/mcp.json": v2} {
		if err := os.WriteFile(filepath.Join(root, filepath.FromSlash(name)), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root, home, v1, v2
}

// fileURI is the file: URI of name (slash-separated) under dir.
func fileURI(dir, name string) string {
	return "file://" + filepath.ToSlash(filepath.Join(dir, filepath.FromSlash(name)))
}

// request sends a request and returns its answer, error or result.
func (c *lspClient) request(method string, params any) lspMsg {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan lspMsg, 1)
	c.waits[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"id": id, "method": method, "params": params})
	select {
	case m := <-ch:
		return m
	case <-time.After(30 * time.Second):
		c.t.Fatalf("%s: no answer", method)
	}
	return lspMsg{}
}

// call sends a request and decodes its result into out (nil: ignored).
func (c *lspClient) call(method string, params any, out any) {
	c.t.Helper()
	m := c.request(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: error %d %s", method, m.Error.Code, m.Error.Message)
	}
	if out != nil {
		if err := json.Unmarshal(m.Result, out); err != nil {
			c.t.Fatalf("%s: result %s: %v", method, m.Result, err)
		}
	}
}

type lspPos struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}
type lspRange struct {
	Start lspPos `json:"start"`
	End   lspPos `json:"end"`
}
type lspDiag struct {
	Range           lspRange `json:"range"`
	Severity        int      `json:"severity"`
	Code            string   `json:"code"`
	CodeDescription struct {
		Href string `json:"href"`
	} `json:"codeDescription"`
	Source  string `json:"source"`
	Message string `json:"message"`
}
type lspPublish struct {
	URI         string    `json:"uri"`
	Version     *int      `json:"version"`
	Diagnostics []lspDiag `json:"diagnostics"`
}

// diagnostics waits for the diagnostics of uri at version.
func (c *lspClient) diagnostics(uri string, version int) []lspDiag {
	c.t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		select {
		case m, ok := <-c.notes:
			if !ok {
				c.t.Fatal("server closed its output")
			}
			if m.Method != "textDocument/publishDiagnostics" {
				continue
			}
			var p lspPublish
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Fatal(err)
			}
			if p.URI == uri && p.Version != nil && *p.Version == version {
				return p.Diagnostics
			}
		case <-deadline:
			c.t.Fatalf("no diagnostics for %s version %d", uri, version)
		}
	}
}

// utf16At is LSP's position of lint's 1-based line and column (code
// points) in src.
func utf16At(src string, line, col int) lspPos {
	lines := strings.Split(src, "\n")
	runes := []rune(lines[line-1])
	return lspPos{Line: line - 1, Character: len(utf16.Encode(runes[:col-1]))}
}

// offsetOf is the byte offset of an LSP position (UTF-16) in src.
func offsetOf(src string, p lspPos) int {
	off := 0
	lines := strings.SplitAfter(src, "\n")
	for i := 0; i < p.Line; i++ {
		off += len(lines[i])
	}
	units := 0
	for _, r := range lines[p.Line] {
		if units >= p.Character {
			break
		}
		units += len(utf16.Encode([]rune{r}))
		off += utf8.RuneLen(r)
	}
	return off
}

type lspTextEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

// applyEdits applies LSP edits (all against src) as an editor does.
func applyEdits(src string, edits []lspTextEdit) string {
	type span struct {
		a, b int
		text string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{offsetOf(src, e.Range.Start), offsetOf(src, e.Range.End), e.NewText})
	}
	for i := len(spans) - 1; i >= 0; i-- { // edits come in order
		s := spans[i]
		src = src[:s.a] + s.text + src[s.b:]
	}
	return src
}

const lspPlanted = `{
  "mcpServers": {
    "gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github"], "env": {"TOKEN": "ghp_1234567890abcdefghijABCDEFGHIJ123456"}},
    "wé😀b": {"type": "sse", "url": "http://example.com/mcp"}
  }
}
`

// TestLSP drives mcpconf lsp as an editor would, through a client over
// pipes: its diagnostics for a planted .mcp.json are what lint --format
// json reports for it (rule, doc link, severity, message and hint, range
// in UTF-16 past an emoji); an incremental change and then a full one
// are linted as the buffer is, the disk unchanged; a syntax error is
// reported and the server keeps answering; a hover on a server names
// every client that reads the file, as explain does, and never the
// secret; a quick fix and the fix-all action give the bytes lint --fix
// writes; shutdown and exit end it with status 0.
func TestLSP(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	for _, d := range []string{root, home} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	file := filepath.Join(root, ".mcp.json")
	if err := os.WriteFile(file, []byte(lspPlanted), 0o644); err != nil {
		t.Fatal(err)
	}
	uri := "file://" + filepath.ToSlash(file)

	// what lint says of the file, run at the root
	stdio, out, _ := testIO(nil)
	stdio.Getwd = func() (string, error) { return root, nil }
	Main([]string{"lint", "--format", "json", "--home", home}, stdio)
	var lint struct {
		Findings []struct {
			Rule, Severity, Message, Path, Hint string
			Line, Column                        int
			EndLine                             int    `json:"end_line"`
			EndColumn                           int    `json:"end_column"`
			DocURL                              string `json:"doc_url"`
			Fix                                 *struct {
				Safe bool
			}
		}
	}
	if err := json.Unmarshal(out.Bytes(), &lint); err != nil {
		t.Fatalf("lint json: %v\n%s", err, out)
	}
	if len(lint.Findings) < 4 {
		t.Fatalf("the planted file should have findings: %s", out)
	}
	sev := map[string]int{"error": 1, "warning": 2, "info": 3}
	var want []lspDiag
	for _, f := range lint.Findings {
		if f.Path != ".mcp.json" {
			continue
		}
		d := lspDiag{Severity: sev[f.Severity], Code: f.Rule, Source: "mcpconf", Message: f.Message}
		d.CodeDescription.Href = f.DocURL
		if f.Hint != "" {
			d.Message += "\n" + f.Hint
		}
		d.Range.Start = utf16At(lspPlanted, f.Line, f.Column)
		d.Range.End = d.Range.Start
		if f.EndLine > 0 {
			d.Range.End = utf16At(lspPlanted, f.EndLine, f.EndColumn)
		}
		want = append(want, d)
	}

	c := startLSP(t, "--home", home)
	var init struct {
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
			TextDocumentSync struct {
				Change int `json:"change"`
			} `json:"textDocumentSync"`
		} `json:"capabilities"`
	}
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root),
		"capabilities": map[string]any{"textDocument": map[string]any{"hover": map[string]any{"contentFormat": []string{"markdown"}}}}}, &init)
	if init.Capabilities.PositionEncoding != "utf-16" || init.Capabilities.TextDocumentSync.Change != 2 {
		t.Fatalf("capabilities: %+v", init.Capabilities)
	}
	c.notify("initialized", map[string]any{})
	c.open(uri, "json", 1, lspPlanted)
	got := c.diagnostics(uri, 1)
	gj, _ := json.MarshalIndent(got, "", " ")
	wj, _ := json.MarshalIndent(want, "", " ")
	if !bytes.Equal(gj, wj) {
		t.Fatalf("diagnostics differ from lint's JSON:\ngot  %s\nwant %s", gj, wj)
	}
	for _, d := range got {
		if strings.Contains(d.Message, "ghp_1234567890") {
			t.Errorf("a diagnostic shows the secret: %q", d.Message)
		}
	}

	// a quick fix on npx-without-yes gives what lint --fix writes
	var npx *lspDiag
	for i := range got {
		if got[i].Code == "npx-without-yes" {
			npx = &got[i]
		}
	}
	if npx == nil {
		t.Fatal("no npx-without-yes diagnostic")
	}
	var actions []struct {
		Title       string `json:"title"`
		Kind        string `json:"kind"`
		IsPreferred bool   `json:"isPreferred"`
		Edit        struct {
			DocumentChanges []struct {
				TextDocument struct {
					URI     string `json:"uri"`
					Version int    `json:"version"`
				} `json:"textDocument"`
				Edits []lspTextEdit `json:"edits"`
			} `json:"documentChanges"`
		} `json:"edit"`
	}
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": npx.Range,
		"context": map[string]any{"diagnostics": []any{npx}}}, &actions)
	fixCopy := filepath.Join(tmp, "fixcopy")
	os.MkdirAll(fixCopy, 0o755)
	os.WriteFile(filepath.Join(fixCopy, ".mcp.json"), []byte(lspPlanted), 0o644)
	stdio, _, _ = testIO(nil)
	stdio.Getwd = func() (string, error) { return fixCopy, nil }
	Main([]string{"lint", "--fix", "--home", home, ".mcp.json"}, stdio)
	fixed, err := os.ReadFile(filepath.Join(fixCopy, ".mcp.json"))
	if err != nil || string(fixed) == lspPlanted {
		t.Fatalf("lint --fix fixed nothing: %v", err)
	}
	quick := 0
	for _, a := range actions {
		if a.Kind != "quickfix" || !strings.Contains(a.Title, `"-y"`) {
			continue
		}
		quick++
		if !a.IsPreferred {
			t.Errorf("the safe fix %q is not preferred", a.Title)
		}
		dc := a.Edit.DocumentChanges
		if len(dc) != 1 || dc[0].TextDocument.URI != uri || dc[0].TextDocument.Version != 1 {
			t.Fatalf("quick fix edits %+v", dc)
		}
		if after := applyEdits(lspPlanted, dc[0].Edits); after != string(fixed) {
			t.Errorf("quick fix gives\n%s\nlint --fix writes\n%s", after, fixed)
		}
	}
	if quick != 1 {
		t.Fatalf("want one quick fix adding -y, got %+v", actions)
	}
	// the unsafe fix of the literal secret: offered, marked, not preferred
	for _, d := range got {
		if d.Code != "hardcoded-secret" {
			continue
		}
		actions = nil // isPreferred false is left out: decode afresh
		c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": d.Range,
			"context": map[string]any{"diagnostics": []any{d}}}, &actions)
		n := 0
		for _, a := range actions {
			if a.Kind == "quickfix" && strings.Contains(a.Title, "TOKEN") {
				n++
				if a.IsPreferred || !strings.Contains(a.Title, "unsafe") || len(a.Edit.DocumentChanges) != 1 ||
					!strings.Contains(applyEdits(lspPlanted, a.Edit.DocumentChanges[0].Edits), `"TOKEN": "${TOKEN}"`) {
					t.Errorf("the unsafe fix: %+v", a)
				}
			}
		}
		if n != 1 {
			t.Errorf("want the unsafe fix of the secret among %+v", actions)
		}
	}
	// and every safe fix at once: the file lint --fix writes
	actions = nil
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": lspRange{},
		"context": map[string]any{"diagnostics": []any{}, "only": []string{"source.fixAll"}}}, &actions)
	if len(actions) != 1 || actions[0].Kind != "source.fixAll.mcpconf" || applyEdits(lspPlanted, actions[0].Edit.DocumentChanges[0].Edits) != string(fixed) {
		t.Errorf("fix-all action %+v does not give lint --fix's bytes", actions)
	}

	// hover on the server's name: every client that reads the file
	var hover struct {
		Contents struct {
			Kind  string `json:"kind"`
			Value string `json:"value"`
		} `json:"contents"`
		Range *lspRange `json:"range"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPos{Line: 2, Character: 6}}, &hover)
	for _, reader := range []string{"Claude Code", "Qwen Code", "VS Code", "Copilot CLI"} {
		if !strings.Contains(hover.Contents.Value, reader+":") {
			t.Errorf("hover does not say what %s does:\n%s", reader, hover.Contents.Value)
		}
	}
	if !strings.Contains(hover.Contents.Value, "Claude Code: pending-approval") || strings.Contains(hover.Contents.Value, "ghp_1234567890") || hover.Contents.Kind != "markdown" {
		t.Errorf("hover should say Claude Code waits for approval, without the secret:\n%s", hover.Contents.Value)
	}
	if hover.Range == nil || hover.Range.Start != (lspPos{2, 4}) || hover.Range.End != (lspPos{2, 8}) {
		t.Errorf("hover range %+v, want the name key \"gh\"", hover.Range)
	}
	// on a field of the server with the emoji (line 4, after it)
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPos{Line: 3, Character: 30}}, &hover)
	if !strings.Contains(hover.Contents.Value, "wé😀b") {
		t.Errorf("hover on a field of wé😀b:\n%s", hover.Contents.Value)
	}

	// an incremental change adds -y: that finding goes, the buffer is
	// linted, not the disk
	ins := utf16At(lspPlanted, 3, 39)
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"range": lspRange{ins, ins}, "text": `"-y", `}}})
	got = c.diagnostics(uri, 2)
	if len(got) != len(want)-1 {
		t.Errorf("after adding -y: %d diagnostics, want %d: %+v", len(got), len(want)-1, got)
	}
	for _, d := range got {
		if d.Code == "npx-without-yes" {
			t.Errorf("npx-without-yes still reported after the change")
		}
	}
	// a file that does not parse: its syntax diagnostic
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 3},
		"contentChanges": []any{map[string]any{"text": "{\"mcpServers\": {\n"}}})
	got = c.diagnostics(uri, 3)
	if len(got) == 0 || got[0].Code != "syntax" || got[0].Severity != 1 {
		t.Errorf("a broken file: %+v", got)
	}
	// a full change to a clean file clears them
	clean := "{\n  \"mcpServers\": {\n    \"gh\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@1.0.0\"]}\n  }\n}\n"
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": uri, "version": 4},
		"contentChanges": []any{map[string]any{"text": clean}}})
	if got := c.diagnostics(uri, 4); len(got) != 0 {
		t.Errorf("a clean buffer has diagnostics: %+v", got)
	}
	if disk, _ := os.ReadFile(file); string(disk) != lspPlanted {
		t.Errorf("the server wrote the file")
	}

	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	select {
	case code := <-c.done:
		if code != 0 {
			t.Errorf("exit status %d after shutdown and exit", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit")
	}
}

// initRoot initializes the server on the workspace root (rootUri), and
// says it is initialized.
func (c *lspClient) initRoot(root string) {
	c.t.Helper()
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{}}, nil)
	c.notify("initialized", map[string]any{})
}

// initFolder initializes the server on one workspace folder, and says it
// is initialized.
func (c *lspClient) initFolder(root string) {
	c.t.Helper()
	c.call("initialize", map[string]any{"processId": nil, "workspaceFolders": []any{map[string]any{"uri": "file://" + filepath.ToSlash(root), "name": "p"}}, "capabilities": map[string]any{}}, nil)
	c.notify("initialized", map[string]any{})
}

// open says the editor opened uri with text.
func (c *lspClient) open(uri, lang string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": lang, "version": version, "text": text}})
}

// settle asks the server something about uri, whose answer comes after
// every diagnostic it published before, and returns those (drain).
func (c *lspClient) settle(uri string) map[string]lspPublishRel {
	c.t.Helper()
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": lspRange{}, "context": map[string]any{"diagnostics": []any{}}}, nil)
	return c.drain()
}

// drain is every publishDiagnostics received so far, the last per URI.
// Called after a request is answered, it holds what the server published
// before answering.
func (c *lspClient) drain() map[string]lspPublishRel {
	out := map[string]lspPublishRel{}
	for {
		select {
		case m, ok := <-c.notes:
			if !ok {
				return out
			}
			if m.Method == "textDocument/publishDiagnostics" {
				var p lspPublishRel
				json.Unmarshal(m.Params, &p)
				out[p.URI] = p
			}
		default:
			return out
		}
	}
}

type lspPublishRel struct {
	URI         string `json:"uri"`
	Diagnostics []struct {
		Code               string `json:"code"`
		RelatedInformation []struct {
			Location struct {
				URI   string   `json:"uri"`
				Range lspRange `json:"range"`
			} `json:"location"`
			Message string `json:"message"`
		} `json:"relatedInformation"`
	} `json:"diagnostics"`
}

// TestLSPTree: a change to one open file lints the other open files of
// its tree again. Cursor's definition of "gh" drifts from Claude Code's
// in .mcp.json (a finding in .cursor/mcp.json, its related place in
// .mcp.json); an unsaved edit of .mcp.json that makes them agree clears
// .cursor/mcp.json's diagnostics.
func TestLSPTree(t *testing.T) {
	root, home, v1, v2 := driftTree(t)
	claudeURI, cursorURI := fileURI(root, ".mcp.json"), fileURI(root, ".cursor/mcp.json")

	c := startLSP(t, "--home", home)
	c.initFolder(root)
	c.open(claudeURI, "json", 1, v1)
	c.open(cursorURI, "json", 1, v2)
	barrier := func() map[string]lspPublishRel { return c.settle(cursorURI) }
	pub := barrier()
	d := pub[cursorURI].Diagnostics
	if len(d) != 1 || d[0].Code != "drift" || len(d[0].RelatedInformation) != 1 || d[0].RelatedInformation[0].Location.URI != claudeURI ||
		d[0].RelatedInformation[0].Location.Range.Start != (lspPos{0, 16}) {
		t.Fatalf("want drift in .cursor/mcp.json, related to .mcp.json:1:17: %+v", pub)
	}
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": claudeURI, "version": 2},
		"contentChanges": []any{map[string]any{"text": v2}}})
	pub = barrier()
	if p, ok := pub[cursorURI]; !ok || len(p.Diagnostics) != 0 {
		t.Errorf(".cursor/mcp.json was not linted again, or still drifts: %+v", pub)
	}
	// closing .mcp.json: the disk's text counts again, and drifts
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": claudeURI}})
	pub = barrier()
	if p := pub[cursorURI]; len(p.Diagnostics) != 1 {
		t.Errorf("after closing .mcp.json, its text on disk drifts again: %+v", pub)
	}
	if p, ok := pub[claudeURI]; !ok || len(p.Diagnostics) != 0 {
		t.Errorf("a closed file's diagnostics are cleared: %+v", pub)
	}
	// .mcp.json open alone: the drift written in .cursor/mcp.json is shown
	// at its place in .mcp.json, the finding's own place related
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": cursorURI}})
	c.open(claudeURI, "json", 3, v1)
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": claudeURI}, "range": lspRange{}, "context": map[string]any{"diagnostics": []any{}}}, nil)
	pub = c.drain()
	d = pub[claudeURI].Diagnostics
	if len(d) != 1 || d[0].Code != "drift" || len(d[0].RelatedInformation) == 0 || d[0].RelatedInformation[0].Location.URI != cursorURI {
		t.Errorf("want drift on .mcp.json, related to .cursor/mcp.json: %+v", pub)
	}
	c.call("shutdown", nil, nil)
	c.notify("exit", nil)
	if code := <-c.done; code != 0 {
		t.Errorf("exit status %d", code)
	}
}

// TestLSPProtocol: bad input gets an error answer and the server keeps
// answering; requests before initialize are refused; an unknown method
// is not found; exit without shutdown exits 1.
func TestLSPProtocol(t *testing.T) {
	c := startLSP(t, "--home", t.TempDir())
	errCode := func(method string, params any) int {
		t.Helper()
		if m := c.request(method, params); m.Error != nil {
			return m.Error.Code
		}
		return 0
	}
	if code := errCode("textDocument/hover", map[string]any{}); code != -32002 {
		t.Errorf("hover before initialize: code %d, want -32002", code)
	}
	// not JSON: a parse error, and the stream goes on
	fmt.Fprintf(c.w, "Content-Length: 5\r\n\r\n{nope")
	if code := errCode("initialize", map[string]any{"processId": nil, "capabilities": map[string]any{}}); code != 0 {
		t.Fatalf("initialize after a bad message: code %d", code)
	}
	if code := errCode("textDocument/references", map[string]any{}); code != -32601 {
		t.Errorf("an unknown method: code %d, want -32601", code)
	}
	if code := errCode("textDocument/hover", "not an object"); code != -32602 {
		t.Errorf("bad params: code %d, want -32602", code)
	}
	// a change to a document never opened, one out of range: logged, no crash
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/.mcp.json", "version": 2}, "contentChanges": []any{map[string]any{"text": "x"}}})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/.mcp.json", "languageId": "json", "version": 1, "text": "{}"}})
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/.mcp.json", "version": 2},
		"contentChanges": []any{map[string]any{"range": lspRange{lspPos{0, 1}, lspPos{0, 0}}, "text": "x"}}})
	if code := errCode("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": "file:///nowhere/.mcp.json"}, "position": lspPos{9, 9}}); code != 0 {
		t.Errorf("hover after bad changes: code %d", code)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.done:
		if code != 1 {
			t.Errorf("exit without shutdown: status %d, want 1", code)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the server did not exit")
	}
}

// TestLSPCodexHover: a hover on a field of a TOML table ([mcp_servers.X]:
// its keys follow the header) explains the server for Codex, the secret
// masked; a buffer that starts with a byte order mark keeps its ranges
// (lint counts columns after the mark).
func TestLSPCodexHover(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	os.MkdirAll(filepath.Join(root, ".codex"), 0o755)
	os.MkdirAll(filepath.Join(root, ".git"), 0o755)
	os.MkdirAll(home, 0o755)
	file := filepath.Join(root, ".codex", "config.toml")
	src := "[mcp_servers.docs]\ncommand = \"npx\"\nargs = [\"-y\", \"@x/docs@1.0.0\"]\nenv = { API_KEY = \"sk-proj-abcdefghijklmnopqrstuvwxyz0123456789ABCD\" }\n"
	os.WriteFile(file, []byte(src), 0o644)
	uri := "file://" + filepath.ToSlash(file)
	c := startLSP(t, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{}}, nil)
	c.open(uri, "toml", 1, src)
	c.diagnostics(uri, 1)
	var hover struct {
		Contents struct{ Kind, Value string } `json:"contents"`
		Range    *lspRange                    `json:"range"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPos{Line: 3, Character: 3}}, &hover)
	if !strings.Contains(hover.Contents.Value, "Codex:") || strings.Contains(hover.Contents.Value, "sk-proj-abc") || hover.Contents.Kind != "plaintext" {
		t.Errorf("hover on env of [mcp_servers.docs]:\n%+v", hover.Contents)
	}
	if hover.Range == nil || hover.Range.Start != (lspPos{0, 13}) {
		t.Errorf("hover range %+v, want the name in the header", hover.Range)
	}

	// a byte order mark: ranges past it as the editor counts them
	mcp := filepath.Join(root, ".mcp.json")
	withBOM := "\ufeff{\"mcpServers\": {\"w\": {\"command\": \"npx\", \"args\": [\"pkg@1.0.0\"]}}}\n"
	os.WriteFile(mcp, []byte(withBOM), 0o644)
	muri := "file://" + filepath.ToSlash(mcp)
	c.open(muri, "json", 1, withBOM)
	for _, d := range c.diagnostics(muri, 1) {
		if d.Code == "npx-without-yes" {
			if want := strings.Index(withBOM, `"pkg`) - 2; d.Range.Start != (lspPos{0, want}) { // the mark: 3 bytes, 1 UTF-16 unit
				t.Errorf("npx-without-yes at %+v, want 0:%d", d.Range.Start, want)
			}
		}
	}
}

// TestLSPRunsNothing: a pisces !command in an open file is linted and
// explained on hover, never run (lsp never resolves a value).
func TestLSPRunsNothing(t *testing.T) {
	tmp := t.TempDir()
	root, home := filepath.Join(tmp, "p"), filepath.Join(tmp, "h")
	os.MkdirAll(filepath.Join(root, ".pisces"), 0o755)
	os.MkdirAll(home, 0o755)
	marker := filepath.Join(tmp, "ran")
	file := filepath.Join(root, ".pisces", "mcp.json")
	src := fmt.Sprintf("{\"mcpServers\": {\"p\": {\"command\": \"p\",\n  \"env\": {\"T\": \"!touch %s\"}}}}\n", marker)
	os.WriteFile(file, []byte(src), 0o644)
	uri := "file://" + filepath.ToSlash(file)
	c := startLSP(t, "--home", home)
	c.call("initialize", map[string]any{"processId": nil, "rootUri": "file://" + filepath.ToSlash(root), "capabilities": map[string]any{}}, nil)
	c.open(uri, "json", 1, src)
	if len(c.diagnostics(uri, 1)) == 0 {
		t.Error("the !command is a finding")
	}
	var hover struct {
		Contents struct{ Value string } `json:"contents"`
	}
	c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": lspPos{Line: 1, Character: 5}}, &hover)
	if !strings.Contains(hover.Contents.Value, "pisces") {
		t.Errorf("hover: %q", hover.Contents.Value)
	}
	c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri}, "range": lspRange{}, "context": map[string]any{"diagnostics": []any{}}}, nil)
	if _, err := os.Stat(marker); err == nil {
		t.Fatal("lsp ran the !command")
	}
}
