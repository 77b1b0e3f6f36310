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
// refusal names the user's file; once the value is a reference (Codex
// passes variables by name: "${SOME_ID}" in env is sent literally, and is
// not copied as a reference, TestSyncLiteralIsNotAReference), it is.
func TestSyncMergedPrivate(t *testing.T) {
	for _, value := range []string{`"Rn4Dm8Qz2Lx7"`, `by name`} {
		root, home := testtree.Write(t, map[string]string{
			"~/.codex/config.toml": "[projects.\"<ROOT>\"]\ntrust_level = \"trusted\"\n\n[mcp_servers.x]\ncommand = \"npx\"\n" + layer(value),
			".codex/config.toml":   "[mcp_servers.x]\nargs = [\"-y\", \"pkg@1\"]\n",
		})
		res, err := Sync(SyncRequest{Options: prepared(t, root, home), From: normalize.ClientByID("codex"), To: []*normalize.Client{normalize.ClientByID("cursor")}, Scope: normalize.Project})
		if err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(filepath.Join(root, ".cursor/mcp.json"))
		literal := value != "by name"
		switch {
		case literal && (len(res.Refused) != 1 || !strings.Contains(res.Refused[0].Reason, `env "SOME_ID" of server "x" is a literal value from ~/.codex/config.toml (user scope)`) || len(b) > 0):
			t.Errorf("%s: %+v\n%s", value, res.Refused, b)
		case !literal && (len(res.Refused) != 0 || !strings.Contains(string(b), `"SOME_ID": "${env:SOME_ID}"`) || !strings.Contains(string(b), `"pkg@1"`)):
			t.Errorf("%s: %+v\n%s", value, res.Refused, b)
		}
	}
}

// layer is the user layer's env of TestSyncMergedPrivate: a literal, or
// the variable passed by name.
func layer(value string) string {
	if value == "by name" {
		return "env_vars = [\"SOME_ID\"]\n"
	}
	return "env_vars = []\nenv = { SOME_ID = " + value + " }\n"
}
