package lsp

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// typicalMCP is a project's .mcp.json of ten servers, stdio and HTTP,
// with env references and a few findings.
func typicalMCP(n int) string {
	var b strings.Builder
	b.WriteString("{\n  \"mcpServers\": {\n")
	for i := range 10 {
		if i%3 == 2 {
			fmt.Fprintf(&b, "    \"remote-%d\": {\"type\": \"http\", \"url\": \"https://mcp.example.com/%d/mcp\", \"headers\": {\"Authorization\": \"Bearer ${API_TOKEN}\"}}", i, i)
		} else {
			fmt.Fprintf(&b, "    \"tool-%d\": {\"command\": \"npx\", \"args\": [\"-y\", \"@scope/server-%d@1.%d.0\"], \"env\": {\"TOKEN\": \"${TOKEN_%d}\"}}", i, i, n, i)
		}
		if i < 9 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("  }\n}\n")
	return b.String()
}

type benchClient struct {
	w io.Writer
	r *bufio.Reader
}

func (c *benchClient) send(b testing.TB, m map[string]any) {
	m["jsonrpc"] = "2.0"
	body, _ := json.Marshal(m)
	if _, err := fmt.Fprintf(c.w, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		b.Fatal(err)
	}
}

// until reads messages until one for which stop says so.
func (c *benchClient) until(b testing.TB, stop func(m *message) bool) {
	for {
		h, err := textproto.NewReader(c.r).ReadMIMEHeader()
		if err != nil {
			b.Fatal(err)
		}
		n, _ := strconv.Atoi(h.Get("Content-Length"))
		body := make([]byte, n)
		if _, err := io.ReadFull(c.r, body); err != nil {
			b.Fatal(err)
		}
		var m message
		json.Unmarshal(body, &m)
		if stop(&m) {
			return
		}
	}
}

func publishedVersion(m *message, v int) bool {
	if m.Method != "textDocument/publishDiagnostics" {
		return false
	}
	var p PublishDiagnosticsParams
	json.Unmarshal(m.Params, &p)
	return p.Version != nil && *p.Version == v
}

// BenchmarkDiagnostics measures the time from a change to a typical
// .mcp.json (full sync) to its diagnostics, through the server over
// pipes: lint of the buffer, views of every client that reads it, the
// boundary, the publish. heap-MiB is the live heap after b.N edits: it
// must not grow with them.
func BenchmarkDiagnostics(b *testing.B) {
	root := b.TempDir()
	home := b.TempDir()
	file := filepath.Join(root, ".mcp.json")
	if err := os.WriteFile(file, []byte(typicalMCP(0)), 0o644); err != nil {
		b.Fatal(err)
	}
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- Serve(b.Context(), Options{In: inR, Out: outW, Home: home, Getenv: func(string) string { return "" },
			HomeDir: func() (string, error) { return home, nil }, Getwd: func() (string, error) { return root, nil }})
		outW.Close()
	}()
	c := &benchClient{w: inW, r: bufio.NewReader(outR)}
	uri := uriOf(file)
	c.send(b, map[string]any{"id": 1, "method": "initialize", "params": map[string]any{"rootUri": uriOf(root), "capabilities": map[string]any{}}})
	c.until(b, func(m *message) bool { return string(m.ID) == "1" })
	c.send(b, map[string]any{"method": "initialized", "params": map[string]any{}})
	c.send(b, map[string]any{"method": "textDocument/didOpen", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "json", "version": 1, "text": typicalMCP(0)}}})
	c.until(b, func(m *message) bool { return publishedVersion(m, 1) })
	texts := [2]string{typicalMCP(1), typicalMCP(2)}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		v := i + 2
		c.send(b, map[string]any{"method": "textDocument/didChange", "params": map[string]any{"textDocument": map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"text": texts[i%2]}}}})
		c.until(b, func(m *message) bool { return publishedVersion(m, v) })
	}
	b.StopTimer()
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	b.ReportMetric(float64(ms.HeapAlloc)/(1<<20), "heap-MiB")
	c.send(b, map[string]any{"id": 2, "method": "shutdown"})
	c.until(b, func(m *message) bool { return string(m.ID) == "2" })
	c.send(b, map[string]any{"method": "exit"})
	if err := <-done; err != nil {
		b.Fatal(err)
	}
}
