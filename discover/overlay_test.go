package discover

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestOverlay: an editor's buffers stand for the files on disk (mcpconf
// lsp): an overlaid file is read from the overlay, not the disk, and a
// file the disk does not have yet is found when the overlay holds it;
// the others are read from the disk. ~/.claude.json, a table of
// projects read apart, is overlaid too.
func TestOverlay(t *testing.T) {
	root, home := tree(t, map[string]string{
		".mcp.json":      `{"mcpServers": {"on-disk": {"command": "a"}}}`,
		"~/.claude.json": `{"mcpServers": {"user-disk": {"command": "u"}}}`,
	})
	buffers := map[string]string{
		filepath.Join(root, ".mcp.json"):           `{"mcpServers": {"in-buffer": {"command": "b"}}}`,
		filepath.Join(root, ".cursor", "mcp.json"): `{"mcpServers": {"unsaved": {"command": "c"}}}`,
		filepath.Join(home, ".claude.json"):        `{"mcpServers": {"user-buffer": {"command": "u"}}}`,
	}
	o := Options{Root: root, Home: home, Cwd: root, Overlay: func(abs string) ([]byte, bool) {
		s, ok := buffers[abs]
		return []byte(s), ok
	}}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	names := func(id string) []string {
		var out []string
		for _, e := range o.View(normalize.ClientByID(id), AllScopes).Entries {
			out = append(out, e.Server.Name)
		}
		slices.Sort(out)
		return out
	}
	if got := names("claude"); !slices.Equal(got, []string{"in-buffer", "user-buffer"}) {
		t.Errorf("Claude Code reads %v, want the buffers' servers", got)
	}
	if got := names("cursor"); !slices.Equal(got, []string{"unsaved"}) {
		t.Errorf("Cursor reads %v, want the unsaved file's server", got)
	}
	// without the overlay, the disk
	o = Options{Root: root, Home: home, Cwd: root}
	o.Prepare()
	if got := names("claude"); !slices.Equal(got, []string{"on-disk", "user-disk"}) {
		t.Errorf("without an overlay Claude Code reads %v", got)
	}
}
