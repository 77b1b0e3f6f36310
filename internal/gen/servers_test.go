package gen

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestServers: either layout is valid JSON holding the same n servers,
// the one-line one on a single line, the indented one a member per line.
func TestServers(t *testing.T) {
	for _, oneLine := range []bool{true, false} {
		src := Servers(3, oneLine)
		var v struct {
			MCPServers map[string]struct {
				Command string
				Args    []string
				Env     map[string]string
			} `json:"mcpServers"`
		}
		if err := json.Unmarshal(src, &v); err != nil {
			t.Fatalf("oneLine=%v: %v\n%s", oneLine, err, src)
		}
		if len(v.MCPServers) != 3 || v.MCPServers["s2"].Args[1] != "@example/s2@1.2.3" || v.MCPServers["s0"].Env["LOG_LEVEL"] != "info" {
			t.Errorf("oneLine=%v: %+v", oneLine, v)
		}
		lines := strings.Count(string(src), "\n")
		if want := map[bool]int{true: 1, false: 4 + 3*10}[oneLine]; lines != want {
			t.Errorf("oneLine=%v: %d lines, want %d:\n%s", oneLine, lines, want, src)
		}
	}
}
