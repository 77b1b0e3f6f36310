package discover_test

import (
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
)

// TestPiscesReadsNoToolFilter: oh-my-pi 18.2.3 reads no per-server tool
// filter (builtin.ts parseMcpServers, capability/mcp.ts MCPServer have no
// enabledTools, disabledTools, lazy), so pisces's view of
// testdata/clients/pisces-tool-filters-unread, where the real loader
// starts every server, filters no server's tools.
func TestPiscesReadsNoToolFilter(t *testing.T) {
	dir := realClients + "/pisces-tool-filters-unread"
	c, _ := clientcase.Load(t, dir)
	st := clientcase.Stage(t, dir, c)
	set, err := replay.View(st, c, "pisces")
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Entries) != 3 {
		t.Fatalf("got %d servers, want 3", len(set.Entries))
	}
	for _, e := range set.Entries {
		s := e.Server
		if s.IncludeTools != nil || s.ExcludeTools != nil {
			t.Errorf("server %q: tool filter %q / %q, want none: pisces reads no enabledTools or disabledTools", s.Name, s.IncludeTools, s.ExcludeTools)
		}
	}
}
