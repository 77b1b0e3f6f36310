// Command update regenerates every generated file of the repository, in
// order, and prints the files that changed:
//
//	go run ./internal/dev/update           # after a deliberate change; read the diff
//	go run ./internal/dev/update --check   # CI: fail when a generated file is stale
//
// The generated files are the clients' loading paths as Go data
// (normalize/loadpath_table.go, from normalize/loadpath/*.json), the
// schemas' checks (schemas/check_table.go), the docs made from the client descriptors and
// the rule definitions (docs/clients.md, docs/rules.md, docs/probe.md),
// the VS Code extension's file patterns (editors/vscode),
// .pre-commit-hooks.yaml, and the golden outputs (want.* under
// testdata/fixtures and testdata/realworld, report/testdata). The steps
// below list each with the test that checks it.
//
// With --check it regenerates them into the tree and then fails, listing
// them, when any differs from what git has (tracked, or untracked and not
// ignored): CI runs it after the tests (.ci/run), so a change that makes a
// generated file stale cannot be merged without the file.
//
// Each step shells out to `go test PKG -run TESTS -args -update` rather
// than calling generators: the test that fails when a file is stale is
// the code that writes it, so what this command writes is by construction
// what `go test ./...` checks, and there is one definition of each file
// instead of a test and a generator that can drift apart. The golden
// outputs are made by test-only helpers (fixtures staged in a temporary
// root with @ROOT@ replaced, the injected IO with an empty environment,
// report's hand-built runs), which a program outside those packages could
// only call if they were exported into the packages the binary links. The
// price is one test binary per package (about a second each on a quiet
// machine); the tests are selected by name, so no other test runs.
//
// A new generated file needs a step here (TestStepsCoverUpdateTests fails
// for a test that reads an -update flag and no step runs); a generator that
// is a program rather than a test is a step with argv.
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strings"
	"time"
)

// step is one generator: either the tests of a package run with -update
// (pkg and tests), or a command (argv); outputs are the git pathspecs,
// relative to the repository root, of the files it writes.
type step struct {
	pkg     string
	tests   []string
	argv    []string
	outputs []string
}

// steps regenerate everything generated, in this order: the docs first,
// then the goldens (none reads another's output today; the order is the
// one a reader of the diff expects).
var steps = []step{
	{pkg: "./normalize", tests: []string{"TestLoadPathTable"}, outputs: []string{"normalize/loadpath_table.go"}},
	{pkg: "./schemas", tests: []string{"TestCheckTable"}, outputs: []string{"schemas/check_table.go"}},
	{pkg: "./internal/dev/docs", tests: []string{"TestClientsDoc"}, outputs: []string{"docs/clients.md"}},
	{pkg: "./internal/dev/editors", tests: []string{"TestVSCodeFiles"}, outputs: []string{"editors/vscode/src/files.ts", "editors/vscode/package.json"}},
	{pkg: "./validate", tests: []string{"TestRulesDoc"}, outputs: []string{"docs/rules.md"}},
	{pkg: "./probe", tests: []string{"TestRulesDoc"}, outputs: []string{"docs/probe.md"}},
	{pkg: "./report", tests: []string{"TestLintGolden", "TestLintTextLongLines", "TestProbeGolden", "TestProbeGoldenLive"},
		outputs: []string{"report/testdata/lint", "report/testdata/probe"}},
	{pkg: "./cmd/mcpconf", tests: []string{"TestPreCommitHooksFile", "TestLintGolden", "TestExplainGolden", "TestRealWorld", "TestCLIReference"},
		outputs: []string{".pre-commit-hooks.yaml", ":(glob)testdata/fixtures/**/want.*", ":(glob)testdata/realworld/**/want.*", "docs/cli"}},
}

func main() { os.Exit(run(os.Args[1:], steps, os.Stdout, os.Stderr)) }

// command is what a step runs: go test for a test step, else its argv.
func (s step) command() []string {
	if s.pkg == "" {
		return s.argv
	}
	return []string{"go", "test", "-count=1", "-run", "^(" + strings.Join(s.tests, "|") + ")$", s.pkg, "-args", "-update"}
}

// run regenerates with steps in the repository around the working
// directory and returns the exit status: 0 done (or, with --check,
// nothing differs from git), 1 --check found files that differ, 2 a step
// or git failed.
func run(args []string, steps []step, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("update", flag.ContinueOnError)
	fs.SetOutput(stderr)
	check := fs.Bool("check", false, "fail, listing them, when the regenerated files differ from what git has")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: go run ./internal/dev/update [--check]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "update takes no arguments, got %q\n", fs.Args())
		return 2
	}
	root, err := git("rev-parse", "--show-toplevel")
	if err != nil {
		fmt.Fprintf(stderr, "update: %v: run it inside the repository\n", err)
		return 2
	}
	if err := os.Chdir(strings.TrimSpace(root)); err != nil {
		fmt.Fprintf(stderr, "update: %v\n", err)
		return 2
	}
	var outputs []string
	for _, s := range steps {
		outputs = append(outputs, s.outputs...)
	}
	before, err := snapshot(outputs)
	if err != nil {
		fmt.Fprintf(stderr, "update: %v\n", err)
		return 2
	}
	for _, s := range steps {
		argv := s.command()
		fmt.Fprintf(stdout, "$ %s\n", shellQuote(argv))
		start := time.Now()
		cmd := exec.Command(argv[0], argv[1:]...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			stderr.Write(out.Bytes())
			fmt.Fprintf(stderr, "update: %s: %v: fix it and run update again\n", shellQuote(argv), err)
			return 2
		}
		fmt.Fprintf(stdout, "  %.1fs\n", time.Since(start).Seconds())
	}
	after, err := snapshot(outputs)
	if err != nil {
		fmt.Fprintf(stderr, "update: %v\n", err)
		return 2
	}
	changed := compare(before, after)
	if len(changed) == 0 {
		fmt.Fprintln(stdout, "no generated file changed")
	} else {
		fmt.Fprintf(stdout, "%d generated %s changed (read the diff):\n", len(changed), plural(len(changed), "file", "files"))
		for _, c := range changed {
			fmt.Fprintf(stdout, "  %s\n", c)
		}
	}
	if !*check {
		return 0
	}
	differ, err := gitStatus(outputs)
	if err != nil {
		fmt.Fprintf(stderr, "update: %v\n", err)
		return 2
	}
	if len(differ) > 0 {
		fmt.Fprintf(stderr, "%d generated %s from git; they are regenerated in the tree: read the diff and commit them\n", len(differ), plural(len(differ), "file differs", "files differ"))
		for _, d := range differ {
			fmt.Fprintf(stderr, "  %s\n", d)
		}
		return 1
	}
	fmt.Fprintln(stdout, "every generated file is as git has it")
	return 0
}

// git runs git with args and returns its standard output.
func git(args ...string) (string, error) {
	cmd := exec.Command("git", args...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(errOut.String()))
	}
	return out.String(), nil
}

// snapshot hashes the files the pathspecs match, tracked or untracked and
// not ignored, by path.
func snapshot(pathspecs []string) (map[string][sha256.Size]byte, error) {
	out, err := git(append([]string{"ls-files", "-z", "--cached", "--others", "--exclude-standard", "--"}, pathspecs...)...)
	if err != nil {
		return nil, err
	}
	sums := map[string][sha256.Size]byte{}
	for _, p := range strings.Split(out, "\x00") {
		if p == "" {
			continue
		}
		b, err := os.ReadFile(p)
		if errors.Is(err, os.ErrNotExist) {
			continue // deleted in the tree, still in the index
		}
		if err != nil {
			return nil, err
		}
		sums[p] = sha256.Sum256(b)
	}
	return sums, nil
}

// compare lists what changed between two snapshots, sorted by path, as
// "M path" (modified), "A path" (new) or "D path" (gone).
func compare(before, after map[string][sha256.Size]byte) []string {
	var out []string
	for p, a := range after {
		if b, ok := before[p]; !ok {
			out = append(out, "A "+p)
		} else if a != b {
			out = append(out, "M "+p)
		}
	}
	for p := range before {
		if _, ok := after[p]; !ok {
			out = append(out, "D "+p)
		}
	}
	slices.SortFunc(out, func(a, b string) int { return strings.Compare(a[2:], b[2:]) })
	return out
}

// gitStatus lists the files the pathspecs match that differ from git (in
// the tree or the index, or untracked and not ignored), as git status
// --short prints them.
func gitStatus(pathspecs []string) ([]string, error) {
	out, err := git(append([]string{"status", "--porcelain=v1", "-z", "--untracked-files=all", "--"}, pathspecs...)...)
	if err != nil {
		return nil, err
	}
	var differ []string
	entries := strings.Split(out, "\x00")
	for i := 0; i < len(entries); i++ {
		e := entries[i]
		if len(e) < 4 {
			continue
		}
		differ = append(differ, e)
		if e[0] == 'R' || e[0] == 'C' {
			i++ // the source path of a rename or copy follows
		}
	}
	return differ, nil
}

// shellQuote writes argv as a shell command line a reader can paste.
func shellQuote(argv []string) string {
	q := make([]string, len(argv))
	for i, a := range argv {
		if a != "" && strings.Trim(a, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./=:") == "" {
			q[i] = a
		} else {
			q[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
		}
	}
	return strings.Join(q, " ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
