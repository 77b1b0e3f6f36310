package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// lintSystem lints a tree and a machine root (--system) as mcpconf lint
// --scope all does; modes are set on paths under the machine root.
func lintSystem(t *testing.T, files, system map[string]string, modes map[string]os.FileMode) ([]normalize.Diagnostic, string) {
	t.Helper()
	root, home := testtree.Write(t, files)
	sys := t.TempDir()
	for p, content := range system {
		abs := filepath.Join(sys, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for p, m := range modes {
		if err := os.Chmod(filepath.Join(sys, filepath.FromSlash(p)), m); err != nil {
			t.Fatal(err)
		}
	}
	o := discover.Options{Root: root, Home: home, Isolated: true, AssumeTrusted: true, System: sys}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	clients, err := o.SelectClients([]string{"gemini"}, discover.AllScopes)
	if err != nil {
		t.Fatal(err)
	}
	return RunWorkspace(o.Scan(clients, discover.AllScopes), nil), sys
}

// TestSystemFileSkipped: Gemini CLI 0.61.0 skips its system settings and
// defaults under a directory group or others can write
// (testdata/clients/gemini-system-writable, gemini-system-file-writable).
func TestSystemFileSkipped(t *testing.T) {
	files := map[string]string{"~/.gemini/settings.json": `{"mcpServers": {"u": {"command": "u"}}}`}
	system := map[string]string{
		"etc/gemini-cli/settings.json":        `{"mcp": {"excluded": ["u"]}}`,
		"etc/gemini-cli/system-defaults.json": `{}`,
	}
	diags, sys := lintSystem(t, files, system, map[string]os.FileMode{"etc/gemini-cli": 0o777})
	dir := filepath.Join(sys, "etc", "gemini-cli")
	got := only(diags, "system-file-skipped")
	var want []string
	for _, f := range []string{"settings.json", "system-defaults.json"} {
		want = append(want, "error "+filepath.Join(dir, f)+`:1:1: Gemini CLI skips this file: the directory "`+dir+`" above it is writable by group or others (mode 0777), so none of its servers or settings apply [system-file-skipped]`)
	}
	if len(got) != 2 || got[0].Severity.String()+" "+got[0].String() != want[0] || got[1].Severity.String()+" "+got[1].String() != want[1] {
		t.Errorf("findings:\n%v\nwant\n%q", got, want)
	}
	for _, d := range got {
		if d.Hint != "run: sudo chmod g-w,o-w "+dir {
			t.Errorf("hint %q", d.Hint)
		}
	}

	diags, _ = lintSystem(t, files, system, nil)
	if got := only(diags, "system-file-skipped"); len(got) != 0 {
		t.Errorf("root's files, mode 0755 and 0644: %v", got)
	}
}
