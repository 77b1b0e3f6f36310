package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestGateHintsInOrder: a gate's hint lists every step the client needs,
// in order, and no step that does nothing until an earlier gate is passed
// alone: in a project Claude Code never trusted, adding a name to
// "enabledMcpjsonServers" in .claude/settings.local.json does nothing, so
// the hint says to trust the project first (how, and what that sets), then
// to approve; a server a list blocks or a "disabledMcpjsonServers" entry
// rejects needs the same steps after that; Gemini CLI in an untrusted
// folder starts no server, so a server its lists exclude needs trust too.
// want holds the pieces the hint holds, in this order; not, pieces it
// must not hold.
func TestGateHintsInOrder(t *testing.T) {
	mcp := `{"mcpServers": {"p1": {"command": "false"}}}`
	trust := `run claude in the project and accept its trust dialog (it sets projects["@ROOT@"].hasTrustDialogAccepted to true in ~/.claude.json)`
	approve := `approve the server when claude asks, or add "p1" to "enabledMcpjsonServers" in .claude/settings.local.json`
	for _, tc := range []struct {
		name   string
		client string
		files  map[string]string
		status normalize.Status
		want   []string
		not    []string
	}{
		{"claude, never trusted: trust, then approve", "claude", map[string]string{".mcp.json": mcp},
			normalize.StatusPending, []string{"first trust the project: " + trust, "; then " + approve}, nil},
		{"claude, trust declined: trust, then approve", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude.json": `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": false}}}`},
			normalize.StatusPending, []string{"first trust the project: " + trust, "; then " + approve}, nil},
		{"claude, trusted: approve only", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude.json": `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`},
			normalize.StatusPending, []string{"run claude in the project and approve the server when it asks, or add \"p1\" to \"enabledMcpjsonServers\""}, []string{"trust"}},
		{"claude, untrusted, approved in the project's settings: trust only", "claude", map[string]string{".mcp.json": mcp,
			".claude/settings.local.json": `{"enabledMcpjsonServers": ["p1"]}`},
			normalize.StatusPending, []string{"trust the project: " + trust}, []string{"then", "enabledMcpjsonServers\" in"}},
		{"claude, untrusted, the project's settings approve another: trust, then approve", "claude", map[string]string{".mcp.json": mcp,
			".claude/settings.local.json": `{"enabledMcpjsonServers": ["p2"]}`},
			normalize.StatusPending, []string{"first trust the project: " + trust, "; then " + approve}, nil},
		{"claude, untrusted, rejected: remove, trust, approve", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude/settings.json": `{"disabledMcpjsonServers": ["p1"]}`},
			normalize.StatusRejected, []string{`remove "p1" from "disabledMcpjsonServers" at ~/.claude/settings.json:1:29`, "; then trust the project: " + trust, "; then " + approve}, nil},
		{"claude, untrusted, denied: unblock, trust, approve", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude/settings.json": `{"deniedMcpServers": [{"serverName": "p1"}]}`},
			normalize.StatusBlocked, []string{`remove the entry`, "; then trust the project: " + trust, "; then " + approve}, nil},
		{"claude, trusted, rejected: remove, approve", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude.json":          `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
			"~/.claude/settings.json": `{"disabledMcpjsonServers": ["p1"]}`},
			normalize.StatusRejected, []string{`remove "p1" from "disabledMcpjsonServers"`, "; then run claude in the project and approve the server when it asks"}, []string{"trust"}},
		{"claude, trusted, rejected and approved: remove only", "claude", map[string]string{".mcp.json": mcp,
			"~/.claude.json":          `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
			"~/.claude/settings.json": `{"disabledMcpjsonServers": ["p1"], "enabledMcpjsonServers": ["p1"]}`},
			normalize.StatusRejected, []string{`remove "p1" from "disabledMcpjsonServers"`}, []string{"then"}},
		{"gemini, untrusted, excluded: trust, then remove", "gemini", map[string]string{
			"~/.gemini/settings.json":       `{"security": {"folderTrust": {"enabled": true}}, "mcp": {"excluded": ["p1"]}, "mcpServers": {"p1": {"command": "false"}}}`,
			"~/.gemini/trustedFolders.json": `{}`},
			normalize.StatusBlocked, []string{"first trust the project: ", "TRUST_FOLDER", `; then remove`}, nil},
		{"gemini, trusted, excluded: remove only", "gemini", map[string]string{
			"~/.gemini/settings.json":       `{"security": {"folderTrust": {"enabled": true}}, "mcp": {"excluded": ["p1"]}, "mcpServers": {"p1": {"command": "false"}}}`,
			"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`},
			normalize.StatusBlocked, []string{`remove`}, []string{"trust"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root, home := tree(t, tc.files)
			o := Options{Root: root, Home: home, Cwd: root, Isolated: true}
			if err := o.Prepare(); err != nil {
				t.Fatal(err)
			}
			set := o.View(normalize.ClientByID(tc.client), AllScopes)
			statusIs(t, set, map[string]normalize.Status{"p1": tc.status})
			off := server(t, set, "p1").Server.Off
			if off == nil {
				t.Fatal("p1 starts")
			}
			hint, at := off.Hint, 0
			for _, w := range tc.want {
				w = strings.ReplaceAll(w, "@ROOT@", root)
				i := strings.Index(hint[at:], w)
				if i < 0 {
					t.Fatalf("hint %q\nlacks %q after byte %d", hint, w, at)
				}
				at += i + len(w)
			}
			for _, n := range tc.not {
				if strings.Contains(hint, n) {
					t.Errorf("hint %q holds %q", hint, n)
				}
			}
		})
	}
}
