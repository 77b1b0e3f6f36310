package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata/fixtures")

const fixtures = "../../testdata/fixtures"

// testIO is an IO over buffers with an empty environment, so results do
// not depend on the machine.
func testIO(env map[string]string) (*IO, *bytes.Buffer, *bytes.Buffer) {
	var out, errOut bytes.Buffer
	return &IO{
		In: strings.NewReader(""), Out: &out, ErrOut: &errOut,
		Getenv: func(k string) string { return env[k] },
		Environ: func() []string {
			var kv []string
			for k, v := range env {
				kv = append(kv, k+"="+v)
			}
			return kv
		},
		Getwd:   func() (string, error) { return "/nonexistent-cwd", nil },
		HomeDir: func() (string, error) { return "/nonexistent-home", nil },
	}, &out, &errOut
}

// controlFiles steer the golden tests and are not part of a fixture tree.
var controlFiles = map[string]bool{"names": true, "formats": true, "clients": true}

// copyTree copies the tree at src into a temporary directory, without
// golden files (want.*) and control files, so that only the config files
// are read. "@ROOT@" in any file becomes the copy's absolute path (Claude
// Code keys ~/.claude.json projects by it).
func copyTree(t *testing.T, src string) (root string) {
	t.Helper()
	root = filepath.Join(t.TempDir(), filepath.Base(src))
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		dst := filepath.Join(root, rel)
		if d.IsDir() {
			return os.MkdirAll(dst, 0o755)
		}
		if strings.HasPrefix(d.Name(), "want.") || controlFiles[d.Name()] {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		b = bytes.ReplaceAll(b, []byte("@ROOT@"), []byte(filepath.ToSlash(root)))
		return os.WriteFile(dst, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return root
}

// stage copies a fixture; its home is the fixture's home/ when it has one,
// else an empty directory.
func stage(t *testing.T, name string) (root, home string) {
	t.Helper()
	root = copyTree(t, filepath.Join(fixtures, name))
	home = filepath.Join(root, "home")
	if _, err := os.Stat(home); err != nil {
		home = t.TempDir()
	}
	return root, home
}

// eachFixture runs fn on a staged copy of every fixture tree, as a subtest.
func eachFixture(t *testing.T, fn func(t *testing.T, name, root, home string)) {
	entries, err := os.ReadDir(fixtures)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		name := e.Name()
		t.Run(name, func(t *testing.T) {
			root, home := stage(t, name)
			fn(t, name, root, home)
		})
	}
}

// golden compares got with the file, or rewrites it under -update. Paths
// of the temporary root and home are replaced by <ROOT> and <HOME>.
func golden(t *testing.T, file string, got []byte, root, home string) {
	t.Helper()
	got = bytes.ReplaceAll(got, []byte(strings.ReplaceAll(root, "/", "~1")), []byte("<ROOT>"))
	got = bytes.ReplaceAll(got, []byte(root), []byte("<ROOT>"))
	got = bytes.ReplaceAll(got, []byte(home), []byte("<HOME>"))
	if *update {
		if err := os.WriteFile(file, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go run ./internal/dev/update creates it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the output (go test ./cmd/mcpconf -run %s -update rewrites it; go run ./internal/dev/update rewrites every generated file):\n--- got\n%s\n--- want\n%s", file, t.Name(), got, want)
	}
}

// TestLintGolden lints every fixture tree with --scope all, as text, and
// in the formats listed in the fixture's "formats" file.
func TestLintGolden(t *testing.T) {
	eachFixture(t, func(t *testing.T, name, root, home string) {
		formats := fixtureList(t, name, "formats")
		if formats == nil {
			formats = []string{"text"}
		}
		for _, format := range formats {
			io, out, errOut := testIO(nil)
			argv := append([]string{"lint", "--root", root, "--home", home, "--scope", "all", "--format", format}, systemArgs(root)...)
			if code := Main(argv, io); code > 1 {
				t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
			}
			ext, ok := map[string]string{"text": "txt", "github": "github.txt"}[format]
			if !ok {
				ext = format // want.lint.json, want.lint.sarif, a new format's
			}
			golden(t, filepath.Join(fixtures, name, "want.lint."+ext), out.Bytes(), root, home)
		}
		// pisces's merged view is kept exactly as it was before lint judged
		// each file by its own clients.
		io, out, errOut := testIO(nil)
		argv := append([]string{"lint", "--root", root, "--home", home, "--scope", "all", "--client", "pisces"}, systemArgs(root)...)
		if code := Main(argv, io); code > 1 {
			t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
		}
		golden(t, filepath.Join(fixtures, name, "want.lint_client_pisces.txt"), out.Bytes(), root, home)
	})
}

// TestExplainGolden runs explain over every fixture tree, in text and JSON,
// and for each name listed in the fixture's "names" file.
func TestExplainGolden(t *testing.T) {
	eachFixture(t, func(t *testing.T, name, root, home string) {
		runs := [][]string{{"explain"}}
		for _, n := range fixtureList(t, name, "names") {
			runs = append(runs, []string{"explain", n}, []string{"explain", n, "--client", "pisces"})
		}
		// pisces's merged view, for every tree: it must not change.
		runs = append(runs, []string{"explain", "--client", "pisces"})
		for _, c := range fixtureList(t, name, "clients") {
			runs = append(runs, []string{"explain", "--client", c})
		}
		for _, args := range runs {
			for _, format := range []string{"text", "json"} {
				io, out, errOut := testIO(nil)
				argv := append(append(append([]string{}, args...), "--root", root, "--home", home, "--format", format), systemArgs(root)...)
				if code := Main(argv, io); code != 0 {
					t.Fatalf("mcpconf %v: exit %d: %s", argv, code, errOut)
				}
				ext := map[string]string{"text": "txt", "json": "json"}[format]
				file := filepath.Join(fixtures, name, "want."+strings.ReplaceAll(strings.Join(args, "_"), "--", "")+"."+ext)
				golden(t, file, out.Bytes(), root, home)
			}
		}
	})
}

// systemArgs points --system at a fixture's system/ directory, which stands
// for the machine's root (Gemini CLI's /etc/gemini-cli), when it has one.
func systemArgs(root string) []string {
	if fi, err := os.Stat(filepath.Join(root, "system")); err == nil && fi.IsDir() {
		return []string{"--system", filepath.Join(root, "system")}
	}
	return nil
}

// fixtureList reads a control file of a fixture (names, clients, formats):
// whitespace-separated words, none when the file does not exist.
func fixtureList(t *testing.T, name, file string) []string {
	b, err := os.ReadFile(filepath.Join(fixtures, name, file))
	if err != nil {
		return nil
	}
	return strings.Fields(string(b))
}
