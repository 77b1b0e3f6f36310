package main

import (
	"encoding/json"
	"fmt"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"os"
	"os/exec"
	"regexp"
	"slices"
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

// TestREADMEPreCommitRev: the pre-commit example of the README and docs/
// (docs/guide/ci.md) pins a revision that exists: a full commit SHA of
// this repository (there is no release tag yet), or a tag it has.
func TestREADMEPreCommitRev(t *testing.T) {
	var m [][]byte
	for _, file := range docFiles(t) {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if m = regexp.MustCompile(`(?m)^\s+- repo: https://github.com/mcpconf/mcpconf\n\s+rev: (\S+)`).FindSubmatch(b); m != nil {
			break
		}
	}
	if m == nil {
		t.Fatal("no pre-commit example with rev: in README.md or docs/")
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

// hookSetting is the value of a key of the hook in .pre-commit-hooks.yaml
// ("" when the key is absent).
func hookSetting(t *testing.T, key string) string {
	t.Helper()
	b, err := os.ReadFile(hooksFile)
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^  ` + regexp.QuoteMeta(key) + `: (.*)$`).FindSubmatch(b)
	if m == nil {
		return ""
	}
	return strings.TrimSpace(string(m[1]))
}

// preCommitRuns splits files over the runs pre-commit makes of a hook, as
// its run_xargs and xargs.partition do (pre-commit 3.0.4,
// pre_commit/languages/helpers.py and pre_commit/xargs.py): a serial hook
// is one run; otherwise the files are shuffled and cut into runs of
// max(4, ceil(n/jobs)) files, jobs being the number of CPUs. The length
// limit of a command line (128 KiB) is never reached by a test tree.
// order stands for pre-commit's shuffle, which Go cannot replay.
func preCommitRuns(serial bool, files []string, jobs int) [][]string {
	if serial {
		return [][]string{files}
	}
	size := max(4, (len(files)+jobs-1)/jobs)
	var runs [][]string
	for len(files) > 0 {
		n := min(size, len(files))
		runs = append(runs, files[:n])
		files = files[n:]
	}
	return runs
}

// preCommitTree is a project whose findings span files: a server Claude
// Code and Gemini CLI define differently (drift), one pisces reads twice
// (shadowed: the finding on .cursor/mcp.json, the winner in
// .pisces/mcp.json), the settings of Claude Code's gates (which decide on
// every server of the project) and the linter config.
var preCommitTree = map[string]string{
	".mcp.json": `{"mcpServers": {
  "docs": {"url": "https://docs.example.com/mcp"},
  "mem": {"command": "npx", "args": ["@modelcontextprotocol/server-memory"]}
}}`,
	".gemini/settings.json":       `{"mcpServers": {"mem": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-memory"]}}}`,
	".cursor/mcp.json":            `{"mcpServers": {"github": {"command": "uvx", "args": ["mcp-server-github"]}}}`,
	".pisces/mcp.json":            `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}}}`,
	".vscode/mcp.json":            `{"servers": {"web": {"type": "http", "url": "http://example.com/mcp"}}}`,
	".codex/config.toml":          "[mcp_servers.fetch]\ncommand = \"npx\"\nargs = [\"mcp-server-fetch\"]\n",
	".claude/settings.json":       `{"enabledMcpjsonServers": ["docs", "mem"]}`,
	".claude/settings.local.json": `{"enableAllProjectMcpServers": true}`,
	".mcpconf.toml":               "",
}

// lintFindings lints in root with args and returns each finding as
// "path:line:col rule message", in output order, and the files each
// finding involves: its own and those of its related places.
func lintFindings(t *testing.T, root, home string, args ...string) (got []string, files map[string][]string) {
	t.Helper()
	code, out, errOut := runIn(t, root, nil, append([]string{"lint", "--format", "json", "--home", home}, args...)...)
	if code > 1 {
		t.Fatalf("lint %s: exit %d\n%s%s", strings.Join(args, " "), code, out, errOut)
	}
	var rep struct {
		Findings []struct {
			Rule, Path, Message string
			Line, Column        int
			Related             []struct{ Path string }
		}
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("lint %s: bad JSON (%v)\n%s", strings.Join(args, " "), err, out)
	}
	files = map[string][]string{}
	for _, f := range rep.Findings {
		s := fmt.Sprintf("%s:%d:%d %s %s", f.Path, f.Line, f.Column, f.Rule, f.Message)
		got = append(got, s)
		files[s] = append(files[s], f.Path)
		for _, r := range f.Related {
			files[s] = append(files[s], r.Path)
		}
	}
	return got, files
}

// TestLintFileReportsWhatSpansIt: lint given a server file (what
// pre-commit passes when a commit changes it) reports the findings of the
// project that are about that file: those in it and those about a server
// that spans it and another file (a definition it shadows, one of another
// client it drifts from), which the change may have caused though they are
// written at the other file, and no other finding of the project.
func TestLintFileReportsWhatSpansIt(t *testing.T) {
	root, home := testtree.Write(t, preCommitTree)
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	all, involves := lintFindings(t, root, home)
	spans := 0
	for _, f := range all {
		if len(slices.Compact(slices.Sorted(slices.Values(involves[f])))) > 1 {
			spans++
		}
	}
	if spans < 2 {
		t.Fatalf("want findings that span files, got %q", all)
	}
	servers := map[string]bool{}
	for _, f := range discover.ProjectFiles() {
		servers[f.Path] = f.Servers
	}
	for p := range preCommitTree {
		if !servers[p] {
			continue // a settings file or the linter config: the project whole
		}
		var want []string
		for _, f := range all {
			if slices.Contains(involves[f], p) {
				want = append(want, f)
			}
		}
		got, _ := lintFindings(t, root, home, p)
		if !slices.Equal(got, want) {
			t.Errorf("lint %s:\n got %q\nwant %q", p, got, want)
		}
	}
}

// TestPreCommitReportsEachFindingOnce runs lint as pre-commit runs the
// hook of .pre-commit-hooks.yaml on every file it matches (pre-commit run
// --all-files), split over as many runs as pre-commit makes with 1 to 8
// CPUs and in several orders: every finding of lint on the project is
// printed once, none twice. A settings file or the linter config makes a
// run lint its whole project, so a hook run in parallel once printed every
// finding of the project twice (issue 27 item 12).
func TestPreCommitReportsEachFindingOnce(t *testing.T) {
	root, home := testtree.Write(t, preCommitTree)
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	if e := hookSetting(t, "entry"); e != "mcpconf lint" {
		t.Fatalf("entry: %q, want mcpconf lint", e)
	}
	if a := hookSetting(t, "args"); a != "" {
		t.Fatalf("args: %s: the test runs lint without", a)
	}
	re := hookPattern(t)
	var files []string
	for p := range preCommitTree {
		if !re.MatchString(p) {
			t.Fatalf("the hook does not pass %q", p)
		}
		files = append(files, p)
	}
	slices.Sort(files)
	want, _ := lintFindings(t, root, home)
	if len(want) < 5 {
		t.Fatalf("the tree has too few findings to tell: %q", want)
	}
	serial := hookSetting(t, "require_serial") == "true"
	for jobs := 1; jobs <= 8; jobs++ {
		for turn := range len(files) {
			order := append(slices.Clone(files[turn:]), files[:turn]...)
			if turn%2 == 1 {
				slices.Reverse(order)
			}
			runs := preCommitRuns(serial, order, jobs)
			count := map[string]int{}
			for _, run := range runs {
				got, _ := lintFindings(t, root, home, run...)
				for _, f := range got {
					count[f]++
				}
			}
			for _, f := range want {
				if count[f] != 1 {
					t.Errorf("%d CPUs, runs %q: %s printed %d times, want once", jobs, runs, f, count[f])
				}
				delete(count, f)
			}
			for f := range count {
				t.Errorf("%d CPUs, runs %q: %s printed, which lint of the project does not", jobs, runs, f)
			}
			if t.Failed() {
				return
			}
		}
	}
}
