package discover_test

import (
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
)

// TestPiscesReadsNoToolFilter: oh-my-pi 18.2.3 reads no per-server tool
// filter (builtin.ts parseMcpServers, capability/mcp.ts MCPServer have no
// enabledTools, disabledTools, lazy; codex.ts and gemini.ts no
// enabled_tools, includeTools, …), so pisces's view of
// testdata/clients/pisces-tool-filters-unread and
// pisces-foreign-tool-filters, where the real loader starts every server,
// filters no server's tools.
func TestPiscesReadsNoToolFilter(t *testing.T) {
	for name, n := range map[string]int{"pisces-tool-filters-unread": 3, "pisces-foreign-tool-filters": 2} {
		dir := realClients + "/" + name
		c, _ := clientcase.Load(t, dir)
		st := clientcase.Stage(t, dir, c)
		set, err := replay.View(st, c, "pisces")
		if err != nil {
			t.Fatal(err)
		}
		if len(set.Entries) != n {
			t.Fatalf("%s: got %d servers, want %d", name, len(set.Entries), n)
		}
		for _, e := range set.Entries {
			s := e.Server
			if s.IncludeTools != nil || s.ExcludeTools != nil {
				t.Errorf("%s: server %q: tool filter %q / %q, want none: pisces reads no tool filter", name, s.Name, s.IncludeTools, s.ExcludeTools)
			}
		}
	}
}
