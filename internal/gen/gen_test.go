package gen

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestTargets: Tree writes a project and a user file for every row of
// the providers table that has them, Monorepo a project file of every
// client that has one among its own files (a shared one once).
func TestTargets(t *testing.T) {
	for _, goos := range []string{"linux", "darwin", "windows"} {
		tree := treeTargets(goos)
		for _, p := range normalize.Providers() {
			for _, scope := range []normalize.Scope{normalize.Project, normalize.User} {
				_, want := first(p.Files, scope, goos)
				got := slices.ContainsFunc(tree, func(t target) bool { return t.c == p.Client && t.f.Scope == scope })
				if got != want {
					t.Errorf("%s: Tree writes a %s file of provider %s: %v, want %v", goos, scope, p.Client.ID, got, want)
				}
			}
		}
		mono := monorepoTargets(goos)
		for _, c := range normalize.Clients() {
			want := slices.ContainsFunc(c.Files, func(f normalize.File) bool { return f.Scope == normalize.Project })
			f, _ := first(c.Files, normalize.Project, goos)
			// a file another client reads too is written once, as the
			// first client's (.mcp.json: Claude Code's, Copilot CLI's)
			got := slices.ContainsFunc(mono, func(t target) bool { return t.c == c || t.f.Path == f.Path && t.f.Base == f.Base })
			if got != want {
				t.Errorf("%s: Monorepo writes a project file of %s: %v, want %v", goos, c.ID, got, want)
			}
		}
		for _, tg := range mono {
			if !tg.f.Base.ProjectRoot() {
				t.Errorf("%s: Monorepo writes %s of %s, not a project file", goos, tg.f.Path, tg.c.ID)
			}
		}
	}
}

// TestRender: every file the generators write reads back, with its
// client's own decoder, as the servers it was meant to hold: no
// diagnostic, no unknown key, a local server where one was written and a
// remote one where the client has them.
func TestRender(t *testing.T) {
	names := []string{"svc-a", "svc-b", "svc-c", "svc-d", "svc-e", "svc-f"}
	for _, tg := range slices.Concat(treeTargets(runtime.GOOS), monorepoTargets(runtime.GOOS)) {
		t.Run(tg.c.ID+"/"+tg.f.Path, func(t *testing.T) {
			src := render(tg.c, tg.f, names)
			doc, diags := discover.Parse(filepath.FromSlash("/x/"+tg.f.Path), tg.f.Path, tg.f.Format, src)
			if len(diags) > 0 || doc.Root == nil {
				t.Fatalf("%s does not parse: %v\n%s", tg.f.Path, diags, src)
			}
			servers := doc.Root
			at := tg.f.ServersPath
			if at == nil {
				at = []string{tg.c.ServersKey}
			}
			for _, k := range at {
				servers = servers.Get(k)
			}
			got, diags := tg.c.Decode(doc, servers, normalize.Source{Client: tg.c, Scope: tg.f.Scope})
			if len(diags) > 0 || len(got) != len(names) {
				t.Fatalf("%d servers, diagnostics %v\n%s", len(got), diags, src)
			}
			for i, s := range got {
				if s.Name != names[i] || len(s.Unknown) > 0 {
					t.Errorf("server %d: %q, unknown keys %v", i, s.Name, s.Unknown)
				}
				remote := i%3 == 2 && tg.c.Knows(tg.c.FieldKey("url")) && tg.c.RemoteProtocol == ""
				switch {
				case remote && (s.Transport != normalize.HTTP && s.Transport != normalize.SSE || s.URL == ""):
					t.Errorf("%s: %s %q, want a remote server", s.Name, s.Transport, s.URL)
				case remote && tg.c.Knows(tg.c.FieldKey("headers")) && s.Headers["X-Team"] != "core":
					t.Errorf("%s: headers %v", s.Name, s.Headers)
				case !remote && (s.Transport != normalize.Stdio || s.Command != "npx" || len(s.Args) != 4 || s.Env["LOG_LEVEL"] != "info"):
					t.Errorf("%s: %s %q %q %v, want npx with 4 arguments and an environment", s.Name, s.Transport, s.Command, s.Args, s.Env)
				}
			}
		})
	}
}

// TestTree: Tree says what it wrote.
func TestTree(t *testing.T) {
	dir := t.TempDir()
	w, err := Tree(filepath.Join(dir, "root"), filepath.Join(dir, "home"), 100)
	if err != nil {
		t.Fatal(err)
	}
	// 100 servers; one in five (5, 10, …, 95) takes the previous name
	if want := (Written{Files: len(treeTargets(runtime.GOOS)), Definitions: 100, Names: 81}); w != want {
		t.Errorf("Tree wrote %+v, want %+v", w, want)
	}
}

func ExampleMonorepo() {
	for _, t := range monorepoTargets("linux") {
		fmt.Printf("%s: %s\n", t.c.ID, t.f.Path)
	}
	// Output:
	// pisces: .pisces/mcp.json
	// claude: .mcp.json
	// codex: .codex/config.toml
	// gemini: .gemini/settings.json
	// qwen: .qwen/settings.json
	// opencode: .opencode/opencode.json
	// kilo: kilo.json
	// cursor: .cursor/mcp.json
	// windsurf: .windsurf/mcp_config.json
	// agent-code: .agent/settings.toml
	// vscode: .vscode/mcp.json
	// zed: .zed/settings.json
	// roo: .roo/mcp.json
	// x-code: .x-code/config.json
}
