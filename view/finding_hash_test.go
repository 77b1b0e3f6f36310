package view

import "testing"

// TestStablePointer: an element of a server's field loses its index; a
// server, a field or a key that looks like a number does not.
func TestStablePointer(t *testing.T) {
	for in, want := range map[string]string{
		"/mcpServers/gh/args/1":               "/mcpServers/gh/args/*",
		"/mcp/web/command/0":                  "/mcp/web/command/*",
		"/projects/~1p/mcpServers/gh/args/12": "/projects/~1p/mcpServers/gh/args/*",
		"/mcpServers/2":                       "/mcpServers/2",
		"/mcpServers/2/url":                   "/mcpServers/2/url",
		"/mcpServers/gh/args/01":              "/mcpServers/gh/args/01",
		"/mcpServers/gh/args":                 "/mcpServers/gh/args",
		"":                                    "",
	} {
		if got := StablePointer(in); got != want {
			t.Errorf("StablePointer(%q) = %q, want %q", in, got, want)
		}
	}
	if PointerHash("r", "p", "/s/a/args/1") != PointerHash("r", "p", "/s/a/args/2") {
		t.Error("the hash of an argument depends on its index")
	}
	if PointerHash("r", "p", "/s/a/url") != IndexHash("r", "p", "/s/a/url") {
		t.Error("the hash of a pointer without an index changed from version 1")
	}
}
