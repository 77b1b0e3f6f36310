package normalize_test

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	. "github.com/mcpconf/mcpconf/normalize"
)

// TestFieldProblem: Claude Code skips a server whose known field has the
// wrong type, each type checked by its own schema (2.1.331 zod schemas;
// testdata/clients/claude-field-types).
func TestFieldProblem(t *testing.T) {
	c := ClientByID("claude")
	for _, tc := range []struct{ entry, want string }{
		{`{"command": "x"}`, ""},
		{`{"command": "x", "args": "--y"}`, `"args" is a string, not an array of strings`},
		{`{"command": "x", "args": [1]}`, `"args[0]" is 1, not a string`},
		{`{"command": "x", "args": null}`, `"args" is null, not an array of strings`},
		{`{"command": "x", "env": {"N": 1}}`, `"env.N" is 1, not a string`},
		{`{"type": "http", "command": "x"}`, `a "http" server needs "url"`},
		{`{"command": "x", "timeout": 0}`, `"timeout" is 0, not an integer above 0`},
		{`{"command": "x", "timeout": 1500.5}`, `"timeout" is 1500.5, not an integer above 0`},
		{`{"command": "x", "timeout": "5000"}`, `"timeout" is a string, not an integer above 0`},
		{`{"command": "x", "timeout": 500}`, ""},
		{`{"command": "x", "alwaysLoad": "yes"}`, `"alwaysLoad" is a string, not a boolean`},
		{`{"type": "http", "url": "http://h/", "headers": {"X": 1}}`, `"headers.X" is 1, not a string`},
		{`{"type": "http", "url": "http://h/", "oauth": {"callbackPort": "8080"}}`, `"oauth.callbackPort" is a string, not an integer above 0`},
		{`{"type": "sse", "url": "http://h/", "oauth": "x"}`, `"oauth" is a string, not an object`},
		{`{"type": "http", "url": "http://h/", "args": "x"}`, ""}, // not an http field: dropped
		{`{"type": "ws", "url": "ws://h/", "oauth": 5}`, ""},      // ws has no oauth
		{`{"type": "sse", "url": 5}`, `"url" is 5, not a string`},
		{`{"type": "http", "url": "http://h/", "tools": [{"x": 1}]}`, `a "http" server needs "tools[0].name"`},
		{`{"command": 5}`, `"command" is 5, not a non-empty string`},
		{`{"type": "http", "url": "http://h/", "oauth": {"authServerMetadataUrl": "http://h/meta"}}`, `"oauth.authServerMetadataUrl" does not start with "https://"`},
		{`{"type": "sse", "url": "http://h/", "oauth": {"authServerMetadataUrl": "https://h/meta"}}`, ""},
		{`{"type": "ws", "url": "ws://h/", "oauth": {"authServerMetadataUrl": "http://h/meta"}}`, ""}, // ws has no oauth
		{`{"type": "http", "url": "http://h/` + strings.Repeat("a", 65536) + `"}`, `"url" is longer than 65536 characters`},
	} {
		p := c.FieldProblem(mustDecode(t, c, tc.entry))
		got := ""
		if p != nil {
			got = p.String()
		}
		if got != tc.want {
			t.Errorf("%s: %q, want %q", tc.entry, got, tc.want)
		}
		if p != nil && p.At == (Pos{}) {
			t.Errorf("%s: no position", tc.entry)
		}
	}
	if p := ClientByID("cursor").FieldProblem(&Server{}); p != nil {
		t.Errorf("a client without field checks: %v", p)
	}
	if !strings.Contains(c.FieldProblem(mustDecode(t, c, `{"command": "x", "args": "--y"}`)).Why(c), "Claude Code skips the server") {
		t.Error("why names the client")
	}
}

func mustDecode(t *testing.T, c *Client, entry string) *Server {
	t.Helper()
	doc, diags := discover.Parse("/p/.mcp.json", ".mcp.json", JSON, []byte(`{"mcpServers": {"s": `+entry+`}}`))
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	servers, _ := c.Decode(doc, doc.Root.Get("mcpServers"), Source{Path: ".mcp.json"})
	return &servers[0]
}
