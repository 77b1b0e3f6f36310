package discover_test

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestQwenApprovalHash: the hash of a definition is Qwen Code's own
// (hashMcpServerConfig of 0.24.4): each want is what `qwen mcp approve`
// wrote into mcpApprovals.json for that entry — .mcp.json entries
// normalized and not expanded ("type": "local" dropped, "type": "http"
// made httpUrl, 1e21 written "1e+21", 1.50 "1.5", keys sorted,
// "description" left out), a settings entry with $HOME expanded.
func TestQwenApprovalHash(t *testing.T) {
	c := normalize.ClientByID("qwen")
	if c == nil || c.Approvals == nil {
		t.Fatal("no qwen client with stored approvals")
	}
	mcpJSON, settings := c.Files[0], c.Files[0]
	for _, f := range c.Files {
		switch f.Path {
		case ".mcp.json":
			mcpJSON = f
		case ".qwen/settings.json":
			settings = f
		}
	}
	home := func(s string) string {
		if s == "$HOME" {
			return "/tmp/qx/b/home"
		}
		return s
	}
	for _, tc := range []struct {
		name, entry, want string
		f                 normalize.File
		expand            func(string) string
	}{
		{"url, headers, description", `{"url":"http://127.0.0.1:1/x","headers":{"B":"2","A":"é\u2028<"},"description":"d"}`,
			"eedd80ce2d9ef48fb3ecc6cafa6e5ed9fe6ef7ca5e77cb75ce9370608f6e9623", mcpJSON, nil},
		{"type http", `{"url":"http://127.0.0.1:1/x","type":"http","timeout":1e21}`,
			"87dbb28f93de1b2d324ac679a1e657305adbff3662f16d34f3f5daece75dfa18", mcpJSON, nil},
		{"type local", `{"command":"/nonexistent/c","args":["$HOME", 1.50],"type":"local","env":{"z":"1","a":null}}`,
			"ef7ea75a0a39b467ca314b9a16f0a9c5e91971fb19d23353e06081296bedd1fa", mcpJSON, nil},
		{"settings expanded", `{"command":"/nonexistent/w","args":["$HOME"]}`,
			"f03f3b316cb952adf77131a59e9890ad1eb21a436ac5a0517857a4cab0c27d1b", settings, home},
	} {
		doc, diags := discover.Parse("/x.json", "x.json", normalize.JSON, []byte(tc.entry))
		if doc == nil || len(diags) > 0 {
			t.Fatalf("%s: %v", tc.name, diags)
		}
		if got := c.Approvals.Hash(doc.Root, tc.f, tc.expand); got != tc.want {
			t.Errorf("%s: hash %s, Qwen Code's is %s", tc.name, got, tc.want)
		}
	}
}

// TestJSNumber: numbers as JavaScript writes them.
func TestJSNumber(t *testing.T) {
	for f, want := range map[float64]string{1e21: "1e+21", 1.5: "1.5", 100: "100", 1e20: "100000000000000000000", 1e-7: "1e-7", 0.000001: "0.000001", -2.5e-8: "-2.5e-8", 123.456: "123.456", 1.2345e25: "1.2345e+25"} {
		if got := normalize.JSNumber(f); got != want {
			t.Errorf("%v: %s, want %s", f, got, want)
		}
	}
}
