package discover_test

import (
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
	"github.com/mcpconf/mcpconf/normalize"
)

// testdata/clients holds trees that the real Claude Code, Codex and Gemini
// CLI were run on (scripts/clientcheck), with what each listed in
// observed.json. Each client's view must say the same: which servers it
// loads, their command, args and URL, and their status
// (clientcase.Compare, which scripts/clientcheck's harness uses too).

const realClients = "../testdata/clients"

func TestRealClients(t *testing.T) {
	for _, dir := range clientcase.Dirs(t, realClients) {
		c, obs := clientcase.Load(t, dir)
		for key, o := range obs {
			t.Run(filepath.Base(dir)+"/"+clientcase.ClientIDs[key], func(t *testing.T) {
				st := clientcase.Stage(t, dir, c)
				set, err := replay.View(st, c, key)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range clientcase.Compare(c, o, set, st.Paths()) {
					t.Error(d.Message)
				}
			})
		}
	}
}

// TestCodeCasesUnverified: a client whose cases were written from its code
// ("source": "code" in observed.json: x-code, which cannot run here) has
// every fact of docs/clients.md marked UNVERIFIED or about what mcpconf
// does not model, and its cases replay like the others (TestRealClients).
func TestCodeCasesUnverified(t *testing.T) {
	seen := map[string]bool{}
	for _, dir := range clientcase.Dirs(t, realClients) {
		_, obs := clientcase.Load(t, dir)
		for key, o := range obs {
			if o.Source == "code" {
				seen[clientcase.ClientIDs[key]] = true
			}
		}
	}
	if !seen["x-code"] {
		t.Fatal("no case of x-code written from its code")
	}
	for id := range seen {
		c := normalize.ClientByID(id)
		if c == nil {
			t.Fatalf("no client %q", id)
		}
		if c.Unverified == "" {
			t.Errorf("%s: its cases come from its code, yet its facts are not marked UNVERIFIED (Docs.Unverified)", id)
		}
	}
}
