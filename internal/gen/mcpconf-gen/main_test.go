package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestMinifiedAlone: -minified N writes the one minified .mcp.json and
// nothing else (it once wrote the 2,000-file monorepo beside it).
func TestMinifiedAlone(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"-minified", "3", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, &stderr)
	}
	var names []string
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{".mcp.json"}) {
		t.Errorf("-minified 3 wrote %q, want only .mcp.json", names)
	}
}

// TestMonorepo: without -minified, the monorepo of -files files.
func TestMonorepo(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"-files", "3", "-per", "2", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, &stderr)
	}
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	if n != 3 {
		t.Errorf("-files 3 wrote %d files", n)
	}
	if _, err := os.Stat(filepath.Join(dir, ".mcp.json")); err == nil {
		t.Error("the monorepo has a minified .mcp.json at its top")
	}
}

func TestUsage(t *testing.T) {
	var stderr bytes.Buffer
	if code := run(nil, &stderr); code != 2 || !bytes.Contains(stderr.Bytes(), []byte("usage:")) {
		t.Errorf("no DIR: exit %d: %s", code, &stderr)
	}
}

// TestServersFlag: -servers N writes the user's ~/.claude.json and the
// project's .mcp.json of N servers each, on one line with -one-line.
func TestServersFlag(t *testing.T) {
	for _, oneLine := range []bool{false, true} {
		dir := t.TempDir()
		args := []string{"-servers", "3", dir}
		if oneLine {
			args = append([]string{"-one-line"}, args...)
		}
		var stderr bytes.Buffer
		if code := run(args, &stderr); code != 0 {
			t.Fatalf("%q: exit %d: %s", args, code, &stderr)
		}
		for _, f := range []string{filepath.Join("home", ".claude.json"), filepath.Join("project", ".mcp.json")} {
			b, err := os.ReadFile(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			if lines := bytes.Count(b, []byte("\n")); (lines == 1) != oneLine || !bytes.Contains(b, []byte(`"s2"`)) {
				t.Errorf("%q: %s has %d lines:\n%s", args, f, lines, b)
			}
		}
	}
}

// TestTypical: -typical writes the four clients' files of a project in a
// git repository, and a home with nothing in it.
func TestTypical(t *testing.T) {
	dir := t.TempDir()
	var stderr bytes.Buffer
	if code := run([]string{"-typical", dir}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, &stderr)
	}
	var files []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			files = append(files, filepath.ToSlash(rel))
		}
		return nil
	})
	want := []string{"project/.cursor/mcp.json", "project/.gemini/settings.json", "project/.mcp.json", "project/.vscode/mcp.json"}
	if !slices.Equal(files, want) {
		t.Errorf("wrote %q, want %q", files, want)
	}
	for _, d := range []string{"project/.git", "home"} {
		if fi, err := os.Stat(filepath.Join(dir, d)); err != nil || !fi.IsDir() {
			t.Errorf("%s: not a directory (%v)", d, err)
		}
	}
}
