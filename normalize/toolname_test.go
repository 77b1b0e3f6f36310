package normalize

import (
	"slices"
	"strings"
	"testing"
)

// The expected names were produced by running the upstream functions
// themselves (transcribed into a throwaway Node.js script for pisces /
// oh-my-pi, opencode and Gemini CLI, and Python's hashlib for Codex), not
// by this package.
func TestToolNames(t *testing.T) {
	tests := []struct {
		server, tool             string
		pisces, piscesPrefix     string
		codex, codexPrefix       string
		opencode, opencodePrefix string
		gemini, geminiPrefix     string
	}{
		{server: "github", tool: "create_issue",
			pisces: "mcp_github_create_issue", piscesPrefix: "github",
			codex: "mcp__github__create_issue", codexPrefix: "github",
			opencode: "github_create_issue", opencodePrefix: "github",
			gemini: "github__create_issue", geminiPrefix: "github"},
		{server: "my-server", tool: "search",
			pisces: "mcp_my_server_search", piscesPrefix: "my_server",
			codex: "mcp__my-server__search", codexPrefix: "my-server",
			opencode: "my-server_search", opencodePrefix: "my-server",
			gemini: "my-server__search", geminiPrefix: "my-server"},
		{server: "my_server", tool: "search",
			pisces: "mcp_my_server_search", piscesPrefix: "my_server",
			codex: "mcp__my_server__search", codexPrefix: "my_server",
			opencode: "my_server_search", opencodePrefix: "my_server",
			gemini: "my_server__search", geminiPrefix: "my_server"},
		{server: "GitHub", tool: "GitHub_Create-Issue",
			pisces: "mcp_github_create_issue", piscesPrefix: "github",
			codex: "mcp__GitHub__GitHub_Create-Issue", codexPrefix: "GitHub",
			opencode: "GitHub_GitHub_Create-Issue", opencodePrefix: "GitHub",
			gemini: "GitHub__GitHub_Create-Issue", geminiPrefix: "GitHub"},
		{server: "a.b", tool: "t",
			pisces: "mcp_a_b_t", piscesPrefix: "a_b",
			codex: "mcp__a_b__t", codexPrefix: "a_b",
			opencode: "a_b_t", opencodePrefix: "a_b",
			gemini: "a.b__t", geminiPrefix: "a.b"},
		{server: "srv 2", tool: "tool.v2",
			pisces: "mcp_srv_tool_v", piscesPrefix: "srv",
			codex: "mcp__srv_2__tool_v2", codexPrefix: "srv_2",
			opencode: "srv_2_tool_v2", opencodePrefix: "srv_2",
			gemini: "srv_2__tool.v2", geminiPrefix: "srv_2"},
		{server: "日本", tool: "ツール",
			pisces: "mcp_server_tool", piscesPrefix: "server",
			codex: "mcp_________", codexPrefix: "__",
			opencode: "______", opencodePrefix: "__",
			gemini: "_______", geminiPrefix: "__"},
		{server: "emoji😀", tool: "x",
			pisces: "mcp_emoji_x", piscesPrefix: "emoji",
			codex: "mcp__emoji___x", codexPrefix: "emoji_",
			opencode: "emoji___x", opencodePrefix: "emoji__",
			gemini: "emoji____x", geminiPrefix: "emoji__"},
		{server: "İstanbul", tool: "KelvinK",
			pisces: "mcp_i_stanbul_kelvink", piscesPrefix: "i_stanbul",
			codex: "mcp___stanbul__Kelvin_", codexPrefix: "_stanbul",
			opencode: "_stanbul_Kelvin_", opencodePrefix: "_stanbul",
			gemini: "_stanbul__Kelvin_", geminiPrefix: "_stanbul"},
		{server: "a-very-long-server-name-for-testing", tool: "and_an_even_longer_tool_name_that_overflows_the_limit",
			pisces: "mcp_a_very_long_server_name_for_testing_and_an_even_longer_tool_name_that_overflows_the_limit", piscesPrefix: "a_very_long_server_name_for_testing",
			codex: "mcp__a-very-long-server-7b4ae429c66f20390ac072e72a45464398fba475", codexPrefix: "a-very-long-server-name-for-testing",
			opencode: "a-very-long-server-name-for-testing_and_an_even_longer_tool_name_that_overflows_the_limit", opencodePrefix: "a-very-long-server-name-for-testing",
			gemini: "a-very-long-server-name-for-___ol_name_that_overflows_the_limit", geminiPrefix: "a-very-long-server-name-for-testing"},
		{server: "123", tool: "456",
			pisces: "mcp_server_tool", piscesPrefix: "server",
			codex: "mcp__123__456", codexPrefix: "123",
			opencode: "123_456", opencodePrefix: "123",
			gemini: "123__456", geminiPrefix: "123"},
		{server: "", tool: "",
			pisces: "mcp_server_tool", piscesPrefix: "server",
			codex: "mcp____", codexPrefix: "",
			opencode: "_", opencodePrefix: "",
			gemini: "__", geminiPrefix: ""},
		{server: "srv", tool: "srv_",
			pisces: "mcp_srv_srv", piscesPrefix: "srv",
			codex: "mcp__srv__srv_", codexPrefix: "srv",
			opencode: "srv_srv_", opencodePrefix: "srv",
			gemini: "srv__srv_", geminiPrefix: "srv"},
		{server: "x", tool: "x_x_y",
			pisces: "mcp_x_x_y", piscesPrefix: "x",
			codex: "mcp__x__x_x_y", codexPrefix: "x",
			opencode: "x_x_x_y", opencodePrefix: "x",
			gemini: "x__x_x_y", geminiPrefix: "x"},
		{server: "docs", tool: "get-library-docs",
			pisces: "mcp_docs_get_library_docs", piscesPrefix: "docs",
			codex: "mcp__docs__get-library-docs", codexPrefix: "docs",
			opencode: "docs_get-library-docs", opencodePrefix: "docs",
			gemini: "docs__get-library-docs", geminiPrefix: "docs"},
		{server: "context7", tool: "resolve-library-id",
			pisces: "mcp_context_resolve_library_id", piscesPrefix: "context",
			codex: "mcp__context7__resolve-library-id", codexPrefix: "context7",
			opencode: "context7_resolve-library-id", opencodePrefix: "context7",
			gemini: "context7__resolve-library-id", geminiPrefix: "context7"},
		{server: "a", tool: strings.Repeat("b", 70),
			pisces: "mcp_a_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", piscesPrefix: "a",
			codex: "mcp__a__bbbbbbbbbbbbbbbba95479f14d255fffb4fbfa8eb8f819a8cfea9bf3", codexPrefix: "a",
			opencode: "a_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", opencodePrefix: "a",
			gemini: "a__bbbbbbbbbbbbbbbbbbbbbbbbb___bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb", geminiPrefix: "a"},
	}
	byID := map[string]Scheme{}
	for _, s := range schemes() {
		byID[s.ID] = s
	}
	for _, tt := range tests {
		check := func(id, wantName, wantPrefix string) {
			t.Helper()
			s, ok := byID[id]
			if !ok {
				t.Fatalf("no scheme %q", id)
			}
			if got := s.ToolName(tt.server, tt.tool); got != wantName {
				t.Errorf("%s.ToolName(%q, %q) = %q, want %q", id, tt.server, tt.tool, got, wantName)
			}
			if got := s.ServerPrefix(tt.server); got != wantPrefix {
				t.Errorf("%s.ServerPrefix(%q) = %q, want %q", id, tt.server, got, wantPrefix)
			}
		}
		check("pisces", tt.pisces, tt.piscesPrefix)
		check("codex", tt.codex, tt.codexPrefix)
		check("claude", tt.codex, tt.codexPrefix)
		check("opencode", tt.opencode, tt.opencodePrefix)
		check("gemini", tt.gemini, tt.geminiPrefix)
	}
}

func TestToolNameLimits(t *testing.T) {
	for _, s := range schemes() {
		long := s.ToolName(strings.Repeat("s", 80), strings.Repeat("t", 80))
		switch s.ID {
		case "codex", "claude":
			if len(long) != 64 {
				t.Errorf("%s: long name has %d bytes, want 64", s.ID, len(long))
			}
		case "gemini":
			if len(long) != 63 || !strings.Contains(long, "___") {
				t.Errorf("%s: long name %q, want 63 characters with ___", s.ID, long)
			}
		}
	}
	// Distinct raw names keep distinct hashes even when they sanitize alike.
	c := *codexScheme
	a, b := c.ToolName("a.b", strings.Repeat("x", 70)), c.ToolName("a_b", strings.Repeat("x", 70))
	if a == b {
		t.Errorf("codex: %q and %q should differ by their hash", a, b)
	}
}

func TestClientSees(t *testing.T) {
	// The providers of the merged set whose servers each client loads: its
	// own, and those it reads beside pisces (Claude Code's .mcp.json).
	want := map[string][]string{
		"codex":    {"codex"},
		"claude":   {"claude", "mcp-json"},
		"opencode": {"opencode"},
		"gemini":   {"gemini"},
	}
	for id, providers := range want {
		c := ClientByID(id)
		var got []string
		for _, p := range clients {
			if p == c || p.CoReader == c.ID {
				got = append(got, p.ID)
			}
		}
		if !slices.Equal(got, providers) {
			t.Errorf("%s sees %v, want %v", id, got, providers)
		}
	}
}

// FullName must agree with the schemes wherever they do not shorten.
func TestFullNameMatchesSchemes(t *testing.T) {
	for _, s := range schemes() {
		for _, c := range [][2]string{{"github", "search"}, {"my server", "get.item"}, {"é-x", "ü_y"}, {"a", "b-c"}} {
			full, shown := s.FullName(c[0], c[1]), s.ToolName(c[0], c[1])
			if full != shown {
				t.Errorf("%s: FullName(%q, %q) = %q, the scheme says %q", s.ID, c[0], c[1], full, shown)
			}
		}
	}
}

// schemes returns every tool-name scheme a client uses, once each, in the
// order of the clients.
func schemes() []Scheme {
	var out []Scheme
	for _, c := range clients {
		if c.ToolNames != nil && !slices.ContainsFunc(out, func(s Scheme) bool { return s.ID == c.ToolNames.ID }) {
			out = append(out, *c.ToolNames)
		}
	}
	return out
}

// TestXcodeToolNames: x-code's buildCallableName (name-mangling.ts,
// 4ded888c) as formats.md § 13 records it run: runs of other characters
// become one "_", ends trimmed, an empty part the SHA-256 of its text, a
// name over 64 characters cut to 57 with a hash of "server::tool".
func TestXcodeToolNames(t *testing.T) {
	for _, c := range []struct{ server, tool, want string }{
		{"my-srv", "read_file", "my_srv__read_file"},
		{"my.srv", "read-file", "my_srv__read_file"},
		{"_a--b_", "t", "a_b__t"},
		{"工具", "x", "5ca673__x"},
	} {
		if got := xcodeScheme.ToolName(c.server, c.tool); got != c.want {
			t.Errorf("ToolName(%q, %q) = %q, want %q", c.server, c.tool, got, c.want)
		}
	}
	long := xcodeScheme.ToolName("server", strings.Repeat("t", 80))
	if len(long) != 64 || !strings.HasPrefix(long, "server__ttt") || long[57] != '_' {
		t.Errorf("long name %q (%d)", long, len(long))
	}
	if xcodeScheme.ServerPrefix("my-srv") != xcodeScheme.ServerPrefix("my.srv") {
		t.Error("my-srv and my.srv must collide")
	}
}
