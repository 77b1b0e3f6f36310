package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestSyncMergedPrivate: a Codex server merged key by key from the
// project's layer and the user's takes its env from the user's file: its
// literal value is not copied into Cursor's project file, and the
// refusal names the user's file; once the value is a reference, it is.
func TestSyncMergedPrivate(t *testing.T) {
	for _, value := range []string{`"Rn4Dm8Qz2Lx7"`, `"${SOME_ID}"`} {
		root, home := testtree.Write(t, map[string]string{
			"~/.codex/config.toml": "[projects.\"<ROOT>\"]\ntrust_level = \"trusted\"\n\n[mcp_servers.x]\ncommand = \"npx\"\nenv_vars = []\nenv = { SOME_ID = " + value + " }\n",
			".codex/config.toml":   "[mcp_servers.x]\nargs = [\"-y\", \"pkg@1\"]\n",
		})
		res, err := Sync(SyncRequest{Options: prepared(t, root, home), From: normalize.ClientByID("codex"), To: []*normalize.Client{normalize.ClientByID("cursor")}, Scope: normalize.Project})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(filepath.Join(root, ".cursor/mcp.json"))
		literal := !strings.HasPrefix(value, `"$`)
		switch {
		case literal && (len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Reason, `env "SOME_ID" of server "x" is a literal value from ~/.codex/config.toml (user scope)`) || len(b) > 0):
			t.Errorf("%s: %+v\n%s", value, res.Refused, b)
		case !literal && (len(res.Refused) != 0 || !strings.Contains(string(b), `"SOME_ID": "${env:SOME_ID}"`) || !strings.Contains(string(b), `"pkg@1"`)):
			t.Errorf("%s: %+v\n%s", value, res.Refused, b)
		}
	}
}
