package main

import (
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/gen/hooks"
	goldenfile "github.com/mcpconf/mcpconf/internal/golden"
	"github.com/mcpconf/mcpconf/validate"
)

const hooksFile = "../../.pre-commit-hooks.yaml"

// TestPreCommitHooksFile fails when .pre-commit-hooks.yaml is not what the
// generator writes from the client descriptors (go test ./cmd/mcpconf
// -update rewrites it).
func TestPreCommitHooksFile(t *testing.T) {
	goldenfile.File(t, hooksFile, hooks.PreCommitHooks(), *update, "go test ./cmd/mcpconf -run TestPreCommitHooksFile -update")
}

// hookPattern is the hook's files: pattern as Go reads it.
func hookPattern(t *testing.T) *regexp.Regexp {
	t.Helper()
	b, err := os.ReadFile(hooksFile)
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	i := strings.Index(s, "files: >-")
	if i < 0 {
		t.Fatal("no files: >- block")
	}
	var pat strings.Builder
	for _, line := range strings.Split(s[i+len("files: >-"):], "\n")[1:] {
		if !strings.HasPrefix(line, "    ") {
			break
		}
		pat.WriteString(strings.TrimSpace(line))
	}
	// pre-commit uses Python's verbose mode; drop the flag, whitespace is gone.
	return regexp.MustCompile(strings.TrimPrefix(pat.String(), "(?x)"))
}

// hookFiles are the paths the hook must pass: every project file a client
// reads, servers or its gates' settings, and lint's own config.
func hookFiles() []string {
	var out []string
	for _, f := range discover.ProjectFiles() {
		out = append(out, f.Path)
	}
	return append(out, validate.ConfigFile)
}

// TestPreCommitFiles keeps the hook's files: pattern in step with the
// descriptors: every project file a client reads (Zed's, Roo Code's, the
// .claude/settings*.json whose approvals and rejections lint honors) and
// .mcpconf.toml match, at the root and in a package; other files do not.
func TestPreCommitFiles(t *testing.T) {
	re := hookPattern(t)
	for _, p := range hookFiles() {
		for _, p := range []string{p, "services/api/" + p} {
			if !re.MatchString(p) {
				t.Errorf("hook does not match %q", p)
			}
		}
	}
	for _, p := range []string{"package.json", "src/mcp.json.bak", ".vscode/extensions.json", "config.toml", "docs/mcp.jsonc", "settings.json", ".claude/agents.json", "x.mcpconf.toml"} {
		if re.MatchString(p) {
			t.Errorf("hook matches %q", p)
		}
	}
}

// TestPreCommitLintTakesEveryFile: lint takes every file the hook passes
// (it once refused .claude/settings.json and .mcpconf.toml as no MCP
// config, exit 2, failing the commit). A server file is linted with its
// project, its own findings kept; a settings file or the linter config
// decides on every server of its project, which is linted whole.
func TestPreCommitLintTakesEveryFile(t *testing.T) {
	servers := map[string]bool{}
	for _, f := range discover.ProjectFiles() {
		servers[f.Path] = f.Servers
	}
	for _, p := range hookFiles() {
		for _, dir := range []string{"", "services/api/"} {
			content := "{}"
			if strings.HasSuffix(p, ".toml") {
				content = ""
			}
			files := map[string]string{dir + p: content}
			if p != ".mcp.json" {
				files[dir+".mcp.json"] = `{"mcpServers": {"x": {"args": []}}}`
			}
			root := writeTree(t, files)
			code, out, errOut := runIn(t, root, nil, "lint", "--home", t.TempDir(), dir+p)
			// the project's .mcp.json has a server "x" with no command:
			// linted with a settings file, not with another server file,
			// whose own findings (an empty file Claude Code refuses) are
			// its own
			project := strings.Contains(out, `"x"`)
			switch {
			case code > 1:
				t.Errorf("lint %s: exit %d, a usage error\n%s%s", dir+p, code, out, errOut)
			case servers[p] && p != ".mcp.json" && project:
				t.Errorf("lint %s: the project's .mcp.json was linted too\n%s", dir+p, out)
			case !servers[p] && (!project || code != 1):
				t.Errorf("lint %s: exit %d, want the project linted whole (1)\n%s%s", dir+p, code, out, errOut)
			}
		}
	}
}

// TestREADMEPreCommitRev: the README's pre-commit example pins a revision
// that exists: a full commit SHA of this repository (there is no release
// tag yet), or a tag it has.
func TestREADMEPreCommitRev(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s+- repo: https://github.com/mcpconf/mcpconf\n\s+rev: (\S+)`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no pre-commit example with rev: in README.md")
	}
	rev := string(m[1])
	git := func(args ...string) (string, error) {
		out, err := exec.Command("git", append([]string{"-C", "../.."}, args...)...).Output()
		return strings.TrimSpace(string(out)), err
	}
	shallow, err := git("rev-parse", "--is-shallow-repository")
	if err != nil || shallow != "false" {
		if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(rev) {
			t.Errorf("rev: %s is not a full commit SHA (no git history here to look tags up)", rev)
		}
		t.Skip("no full git history: the commit cannot be looked up")
	}
	if _, err := git("cat-file", "-e", rev+"^{commit}"); err != nil {
		t.Errorf("rev: %s names no commit or tag of this repository", rev)
	}
	if !regexp.MustCompile(`^[0-9a-f]{40}$`).MatchString(rev) {
		if _, err := git("rev-parse", "--verify", "refs/tags/"+rev); err != nil {
			t.Errorf("rev: %s is neither a full commit SHA nor a tag", rev)
		}
	}
}
