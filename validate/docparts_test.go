package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestDocPartsCoverClients keeps the generated tables of the rule docs
// complete: every client has a row in the tables that describe every
// client, and every tool-name scheme says in words how it makes the
// server part.
func TestDocPartsCoverClients(t *testing.T) {
	tables := map[string]string{"types": typesTable(), "placeholders": placeholdersTable()}
	for _, c := range normalize.Clients() {
		for name, table := range tables {
			if !strings.Contains(table, docName(c)) {
				t.Errorf("the %s table of the rule docs has no row for %s:\n%s", name, c.ID, table)
			}
		}
		if sc := c.ToolNames; sc != nil && sc.Server == "" {
			t.Errorf("%s: tool-name scheme %q has no Server text for name-collision's doc", c.ID, sc.ID)
		}
		if c.ToolNames != nil && c.Views() && !strings.Contains(schemesTable(), c.Product) {
			t.Errorf("name-collision's scheme table has no row for %s", c.ID)
		}
	}
}
