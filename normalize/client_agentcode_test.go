package normalize

import "testing"

// TestAgentCodeToolNames: agent-code names a tool
// mcp__<server>__<tool>, each part through normalize_name
// (crates/lib/src/tools/mcp_proxy.rs at c25b885f): a character Rust's
// char::is_alphanumeric accepts is kept, ASCII capitals lower-cased; any
// other becomes "_"; no length limit. The expected names were printed by
// that function transcribed into a throwaway Rust program, not by this
// package.
func TestAgentCodeToolNames(t *testing.T) {
	s := ClientByID("agent-code").ToolNames
	if s == nil {
		t.Fatal("agent-code has no tool-name scheme")
	}
	for _, tt := range []struct{ server, tool, name, prefix string }{
		{"github", "create_issue", "mcp__github__create_issue", "github"},
		{"my-server", "search", "mcp__my_server__search", "my_server"},
		{"My_Server", "Search.V2", "mcp__my_server__search_v2", "my_server"},
		{"日本", "ツール", "mcp__日本__ツール", "日本"},
		{"emoji😀", "x", "mcp__emoji___x", "emoji_"},
		{"İstanbul", "KelvinK", "mcp__İstanbul__kelvink", "İstanbul"},
		{"x²", "Ⅻ", "mcp__x²__Ⅻ", "x²"},
		{"é-x", "ü_y", "mcp__é_x__ü_y", "é_x"},
		{"", "", "mcp____", ""},
		{"a b", "c\u0301d", "mcp__a_b__c_d", "a_b"},
	} {
		if got := s.ToolName(tt.server, tt.tool); got != tt.name {
			t.Errorf("ToolName(%q, %q) = %q, want %q", tt.server, tt.tool, got, tt.name)
		}
		if got := s.ServerPrefix(tt.server); got != tt.prefix {
			t.Errorf("ServerPrefix(%q) = %q, want %q", tt.server, got, tt.prefix)
		}
	}
}
