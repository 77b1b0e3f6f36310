package discover

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// secretContent stands for a file outside the project that a link in it
// points at: it does not parse, and none of it may reach a diagnostic.
const secretContent = "root:x:0:0:SECRET-Qz81 \"quoted' {\n[broken = \n"

func mustWrite(t *testing.T, p, content string) string {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func mustLink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func realOf(t *testing.T, p string) string {
	t.Helper()
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestConfineOutsideLinks: a config file that is a link out of the project
// and the home, and does not parse as a config, is kept without its source,
// with one diagnostic saying so; any other file is read as always.
func TestConfineOutsideLinks(t *testing.T) {
	outside := t.TempDir()
	secret := mustWrite(t, filepath.Join(outside, "secret"), secretContent)
	array := mustWrite(t, filepath.Join(outside, "array.json"), `["SECRET-Qz81"]`)
	object := mustWrite(t, filepath.Join(outside, "object.json"), `{"mcpServers": {"far": {"command": "far"}}}`)
	mustWrite(t, filepath.Join(outside, "cursor", "mcp.json"), secretContent)

	parent := t.TempDir()
	root := filepath.Join(parent, "project")
	home := t.TempDir()
	inProject := mustWrite(t, filepath.Join(root, "broken.json"), "{SECRET-in-project")
	inHome := mustWrite(t, filepath.Join(home, "broken.json"), "{SECRET-in-home")
	mustLink(t, secret, filepath.Join(root, ".mcp.json"))                         // Claude Code, project
	mustLink(t, filepath.Join(outside, "cursor"), filepath.Join(root, ".cursor")) // a linked directory
	mustLink(t, secret, filepath.Join(root, ".codex", "config.toml"))             // TOML
	mustLink(t, array, filepath.Join(root, ".gemini", "settings.json"))           // parses, not an object
	mustLink(t, object, filepath.Join(root, ".roo", "mcp.json"))                  // a config, wherever it is
	mustLink(t, inProject, filepath.Join(root, ".vscode", "mcp.json"))            // inside the project
	mustLink(t, inHome, filepath.Join(root, ".windsurf", "mcp_config.json"))      // inside the home
	mustWrite(t, filepath.Join(parent, ".mcp.json"), "{SECRET-in-parent")         // a parent's own file

	o := Options{Root: root, Home: home}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	clients, err := o.SelectClients(nil, AllScopes)
	if err != nil {
		t.Fatal(err)
	}
	set := o.Scan(clients, AllScopes)
	docs := map[string]*normalize.Document{}
	for _, d := range set.Documents {
		docs[d.Path] = d
	}
	diags := map[string][]string{}
	for _, d := range set.Diagnostics {
		diags[d.Path] = append(diags[d.Path], string(d.Rule)+" "+d.Message)
		if strings.Contains(d.Message, "SECRET-Qz81") || strings.Contains(d.Message, "root:x") || strings.Contains(d.Hint, "SECRET-Qz81") {
			t.Errorf("%s: a diagnostic quotes the linked file: %s", d.Path, d.Message)
		}
	}
	confined := map[string]string{
		".mcp.json":          `syntax ".mcp.json" is a link to "` + realOf(t, secret) + `", outside the project and the home directory, and does not parse as JSON; its content is not shown`,
		".cursor/mcp.json":   `syntax ".cursor/mcp.json" leads through a link to "` + realOf(t, filepath.Join(outside, "cursor", "mcp.json")) + `", outside the project and the home directory, and does not parse as JSON; its content is not shown`,
		".codex/config.toml": `syntax ".codex/config.toml" is a link to "` + realOf(t, secret) + `", outside the project and the home directory, and does not parse as TOML; its content is not shown`,
		".gemini/settings.json": `schema ".gemini/settings.json" is a link to "` + realOf(t, array) + `", outside the project and the home directory, and does not hold a JSON object; its content is not shown` +
			`; Gemini CLI then starts no server at all, from this file or any other (it stops: "Please fix the configuration file(s) and try again", exit code 52)`,
	}
	for path, want := range confined {
		d := docs[path]
		if d == nil {
			t.Errorf("%s: not read", path)
			continue
		}
		if d.Src != nil || d.Root != nil || d.Lines == nil || d.Lines.Count() > 1 {
			t.Errorf("%s: the source is kept (%d bytes)", path, len(d.Src))
		}
		if got := diags[path]; len(got) != 1 || got[0] != want {
			t.Errorf("%s: diagnostics\n%q\nwant\n%q", path, got, want)
		}
	}
	for _, path := range []string{".roo/mcp.json", ".vscode/mcp.json", ".windsurf/mcp_config.json", filepath.Join(parent, ".mcp.json")} {
		if d := docs[path]; d == nil || len(d.Src) == 0 {
			t.Errorf("%s: not read whole: %+v (documents %v)", path, d, slices.Collect(maps.Keys(docs)))
		}
	}
}

// TestReadFileConfinedToItsDirectory: ReadFile (the linter's own config)
// counts the file's directory as the project.
func TestReadFileConfinedToItsDirectory(t *testing.T) {
	secret := mustWrite(t, filepath.Join(t.TempDir(), "secret"), secretContent)
	root := t.TempDir()
	p := filepath.Join(root, ".mcpconf.toml")
	mustLink(t, secret, p)
	doc, diags, err := ReadFile(p, ".mcpconf.toml", normalize.TOML)
	if err != nil || doc == nil || doc.Src != nil {
		t.Fatalf("got %+v, %v", doc, err)
	}
	want := `".mcpconf.toml" is a link to "` + realOf(t, secret) + `", outside the project, and does not parse as TOML; its content is not shown`
	if len(diags) != 1 || diags[0].Message != want || diags[0].Hint == "" {
		t.Errorf("diagnostics %+v\nwant %q", diags, want)
	}
}

func TestEscapes(t *testing.T) {
	dir := t.TempDir()
	root := filepath.Join(dir, "repo", "sub")
	home := filepath.Join(dir, "home")
	for _, d := range []string{root, home, filepath.Join(dir, "elsewhere")} {
		os.MkdirAll(d, 0o755)
	}
	mustLink(t, filepath.Join(dir, "elsewhere"), filepath.Join(dir, "repo", ".codex"))
	r := func(p string) string { return filepath.Join(realOf(t, dir), p) }
	cases := []struct {
		abs, real string
		want      bool
	}{
		{filepath.Join(root, ".mcp.json"), r("repo/sub/.mcp.json"), false},
		{filepath.Join(root, ".mcp.json"), r("elsewhere/x"), true},
		{filepath.Join(root, ".mcp.json"), r("home/x"), false},
		{filepath.Join(home, ".claude.json"), r("elsewhere/x"), true},
		// above the root: kept unless a link below the shared directory
		// leads away
		{filepath.Join(dir, "repo", ".mcp.json"), r("repo/.mcp.json"), false},
		{filepath.Join(dir, ".mcp.json"), r(".mcp.json"), false},
		{filepath.Join(dir, "repo", ".mcp.json"), r("elsewhere/x"), true},
		{filepath.Join(dir, "repo", ".codex", "config.toml"), r("elsewhere/config.toml"), true},
	}
	for _, c := range cases {
		if got := escapes(c.abs, c.real, root, home); got != c.want {
			t.Errorf("escapes(%s, %s) = %v, want %v", c.abs, c.real, got, c.want)
		}
	}
}

// FuzzEscapes checks the path arithmetic of confine on paths that do not
// exist (so no link resolves): the directory two paths share holds both; a
// file never escapes by its own path, and always does when it resolves
// out of the root and the home.
func FuzzEscapes(f *testing.F) {
	f.Add("repo/sub", "repo/sub/.mcp.json")
	f.Add("repo/sub", "repo/.mcp.json")
	f.Add("repo", "home/.claude.json")
	f.Add("a/../b", "b/./c/../d")
	f.Add("", ".mcp.json")
	f.Fuzz(func(t *testing.T, r, a string) {
		base := filepath.Join(string(filepath.Separator), "nonexistent-mcpconf-fuzz")
		root := filepath.Join(base, filepath.FromSlash(r))
		abs := filepath.Join(base, filepath.FromSlash(a))
		home := filepath.Join(base, "home")
		if !within(base, root) || !within(base, abs) {
			return // ".." led out of base: not a path a location has
		}
		d := commonDir(abs, root)
		if !within(d, abs) || !within(d, root) {
			t.Fatalf("commonDir(%q, %q) = %q does not hold both", abs, root, d)
		}
		// no link on the way: a file is where its path says
		if escapes(abs, abs, root, home) {
			t.Fatalf("escapes(%q) by its own path (root %q, home %q)", abs, root, home)
		}
		elsewhere := filepath.Join(string(filepath.Separator), "elsewhere-mcpconf-fuzz", "x")
		if !escapes(abs, elsewhere, root, home) {
			t.Fatalf("%q resolving to %q does not escape root %q and home %q", abs, elsewhere, root, home)
		}
	})
}
