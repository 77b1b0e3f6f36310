package discover_test

import (
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
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
