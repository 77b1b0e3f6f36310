package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// realworld holds MCP configs copied from public repositories, one project
// per directory: <client>/<owner>__<repo>/<original path>. SOURCES.md says
// where each came from. The expected findings beside each project
// (want.lint.txt) were reviewed by hand, and SOURCES.md says of every line
// whether it is a true or a false positive for the client that reads the
// file (and what lint misses): false positives stay in the goldens until
// their rule is fixed, so a fix shows up as a golden change.
const realworld = "../../testdata/realworld"

// realworldProjects lists the project directories under realworld, as
// "<client>/<owner>__<repo>".
func realworldProjects(t *testing.T) []string {
	t.Helper()
	clients, err := os.ReadDir(realworld)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, c := range clients {
		if !c.IsDir() {
			continue
		}
		projects, err := os.ReadDir(filepath.Join(realworld, c.Name()))
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range projects {
			if p.IsDir() {
				out = append(out, c.Name()+"/"+p.Name())
			}
		}
	}
	if len(out) == 0 {
		t.Fatal("no projects under " + realworld)
	}
	return out
}

// stageRealworld copies one real-world project into a temporary root
// without its golden files, and gives it an empty home, so that nothing
// from the machine (or the goldens) is read.
func stageRealworld(t *testing.T, project string) (root, home string) {
	t.Helper()
	return copyTree(t, filepath.Join(realworld, filepath.FromSlash(project))), t.TempDir()
}

// TestRealWorld lints every real-world project with default settings and
// compares the text output with want.lint.txt
// (go test ./cmd/mcpconf -run TestRealWorld -update rewrites them; review
// every line before keeping it).
func TestRealWorld(t *testing.T) {
	for _, project := range realworldProjects(t) {
		t.Run(project, func(t *testing.T) {
			root, home := stageRealworld(t, project)
			io, out, errOut := testIO(nil)
			argv := []string{"lint", "--root", root, "--home", home, "--no-color"}
			if code := Main(argv, io); code > 1 {
				t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
			}
			golden(t, filepath.Join(realworld, filepath.FromSlash(project), "want.lint.txt"), out.Bytes(), root, home)
		})
	}
}

// TestRealWorldPositions lints and explains every real-world project in
// JSON with every scope: no tool error, and every finding has a file and a
// position.
func TestRealWorldPositions(t *testing.T) {
	for _, project := range realworldProjects(t) {
		t.Run(project, func(t *testing.T) {
			root, home := stageRealworld(t, project)
			io, out, errOut := testIO(nil)
			argv := []string{"lint", "--root", root, "--home", home, "--scope", "all", "--format", "json"}
			if code := Main(argv, io); code > 1 {
				t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
			}
			var rep lintReport
			if err := json.Unmarshal(out.Bytes(), &rep); err != nil {
				t.Fatalf("bad JSON (%v):\n%s", err, out)
			}
			if len(rep.Errors) > 0 {
				t.Errorf("tool errors: %+v", rep.Errors)
			}
			for _, f := range rep.Findings {
				if f.Path == "" || f.Line < 1 || f.Column < 1 {
					t.Errorf("finding without a position: %+v", f)
				}
			}
			for _, format := range []string{"text", "json"} {
				io, _, errOut := testIO(nil)
				argv := []string{"explain", "--root", root, "--home", home, "--format", format}
				if code := Main(argv, io); code != 0 {
					t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
				}
			}
		})
	}
}

// TestRealWorldSources: every real-world project is listed in SOURCES.md
// with a link to its repository, and every listed repository has a project.
func TestRealWorldSources(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(realworld, "SOURCES.md"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, " | ")
		if len(cells) < 5 || !strings.HasPrefix(cells[0], "| ") {
			continue
		}
		client := strings.TrimPrefix(cells[0], "| ")
		repo, _, ok := strings.Cut(strings.TrimPrefix(cells[1], "["), "]")
		if !ok {
			continue
		}
		listed[client+"/"+strings.Replace(repo, "/", "__", 1)] = true
	}
	projects := realworldProjects(t)
	for _, p := range projects {
		if !listed[p] {
			t.Errorf("%s is not listed in SOURCES.md", p)
		}
		delete(listed, p)
	}
	for p := range listed {
		t.Errorf("SOURCES.md lists %s, which has no project directory", p)
	}
}
