package discover

import "testing"

// TestURLPatternMatch follows Claude Code 2.1.331's serverUrl matching
// (Hcn and VSo): "*" anywhere, host case-insensitive, the port as written
// (a default port is no port), a pattern without a path matching every
// path, a pattern without a query matching any query and a trailing slash
// more or less.
func TestURLPatternMatch(t *testing.T) {
	for _, tc := range []struct {
		url, pattern string
		want         bool
	}{
		{"https://api.example.com/mcp", "*", true},
		{"https://api.example.com/mcp", "https://*.example.com/*", true},
		{"https://example.com/mcp", "https://*.example.com/*", false},
		{"https://API.Example.com:443/x?y=1", "https://api.example.com/x*", true},
		{"http://127.0.0.1:9/a/b", "http://127.0.0.1:9", true},
		{"http://127.0.0.1:9/a/b", "http://127.0.0.1", false},
		{"http://127.0.0.1:9/a/b", "http://127.0.0.1:*/a/*", true},
		{"http://localhost:9/mcp", "http://*host:9/mcp", true},
		{"http://localhost:8080/mcp", "http://*host/mcp", true},
		{"https://h/mcp", "http://h/mcp", false},
		{"https://h/mcp", "*://h/mcp", true},
		{"https://h/mcp?x=1", "https://h/mcp", true},
		{"https://h/mcp/", "https://h/mcp", true},
		{"https://h/mcp", "https://h/mcp/", true},
		{"https://h/other", "https://h/mcp", false},
		{"https://h/", "https://h/", true},
		{"https://h/mcp", "https://h/", false},
		{"https://h/a/b", "h/a/*", false},
		{"not a url", "*", true},
		{"not a url", "https://h/*", false},
	} {
		if got := urlMatches(tc.url, tc.pattern); got != tc.want {
			t.Errorf("urlMatches(%q, %q) = %v, want %v", tc.url, tc.pattern, got, tc.want)
		}
	}
}
