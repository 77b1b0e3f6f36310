//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/testtree"
)

// victim writes a file outside every directory a run is given (a
// temporary directory of its own) and returns its path and content.
func victim(t *testing.T, name, content string) (path string, data []byte) {
	t.Helper()
	path = filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path, []byte(content)
}

// unchanged fails when the file at path does not hold want any more.
func unchanged(t *testing.T, path string, want []byte) {
	t.Helper()
	if got, err := os.ReadFile(path); err != nil || string(got) != string(want) {
		t.Errorf("%s was written: it holds %q (%v), want %q", path, got, err, want)
	}
}

// noTemp fails when a temporary file of mcpconf is left in dir.
func noTemp(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".mcpconf-") {
			t.Errorf("a temporary file is left: %s", filepath.Join(dir, e.Name()))
		}
	}
}

// TestWriteLinkOutOfProject: a project file that is a link to a file
// outside the project (ln -s /elsewhere/victim.json .mcp.json) is not
// written by lint --fix, add or remove: each refuses, naming the link and
// where it leads, and the file it leads to keeps every byte.
func TestWriteLinkOutOfProject(t *testing.T) {
	const cfg = `{"mcpServers": {"gh": {"command": "npx", "args": ["@modelcontextprotocol/server-github@2025.4.8"]}}}` + "\n"
	for _, tc := range []struct {
		name string
		args []string
	}{
		{"lint --fix", []string{"lint", "--fix"}},
		{"add", []string{"add", "time", "--client", "claude", "--", "uvx", "mcp-server-time"}},
		{"remove", []string{"remove", "gh", "--client", "claude"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			outside, want := victim(t, "victim.json", cfg)
			root, home := testtree.Write(t, map[string]string{".mcp.json": "symlink:" + outside})
			os.MkdirAll(home, 0o755)
			code, out, errOut := run(t, nil, append(tc.args[:1:1], append([]string{"--root", root, "--home", home}, tc.args[1:]...)...)...)
			unchanged(t, outside, want)
			noTemp(t, filepath.Dir(outside))
			msg := out + errOut
			if code == 0 || !strings.Contains(msg, filepath.Join(root, ".mcp.json")+`" is a link to "`+outside+`", outside the project "`+root+`"`) {
				t.Errorf("exit %d, want a refusal naming the link\nstdout: %s\nstderr: %s", code, out, errOut)
			}
			if fi, err := os.Lstat(filepath.Join(root, ".mcp.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
				t.Errorf("the link was replaced: %v", err)
			}
		})
	}
}

// TestWriteLinkOutOfHome: a user's file that links out of the home
// (~/.claude.json to a file elsewhere) is not written by add --scope
// user, and a project directory that links out of the project
// (.cursor -> /elsewhere) gets no file created through it.
func TestWriteLinkOutOfHome(t *testing.T) {
	outside, want := victim(t, "claude.json", "{\n  \"mcpServers\": {}\n}\n")
	elsewhere := t.TempDir()
	root, home := testtree.Write(t, map[string]string{"~/.claude.json": "symlink:" + outside, ".cursor": "symlink:" + elsewhere})
	code, out, errOut := run(t, nil, "add", "time", "--root", root, "--home", home, "--client", "claude", "--scope", "user", "--", "uvx", "mcp-server-time")
	unchanged(t, outside, want)
	if code == 0 || !strings.Contains(errOut, filepath.Join(home, ".claude.json")+`" is a link to "`+outside+`", outside the home "`+home+`"`) {
		t.Errorf("user scope: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	code, out, errOut = run(t, nil, "add", "time", "--root", root, "--home", home, "--client", "cursor", "--", "uvx", "mcp-server-time")
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("files created through the link: %v", ents)
	}
	if code == 0 || !strings.Contains(errOut, filepath.Join(root, ".cursor")+`" is a link to "`+elsewhere+`", outside the project "`+root+`"`) {
		t.Errorf("created through a linked directory: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}

// TestWriteLinkInsideProject: a link that stays in the project is
// written through: the file it leads to changes, the link stays a link.
func TestWriteLinkInsideProject(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"conf/claude.json": "{\n  \"mcpServers\": {}\n}\n",
		".mcp.json":        "symlink:conf/claude.json",
	})
	os.MkdirAll(home, 0o755)
	code, out, errOut := run(t, nil, "add", "time", "--root", root, "--home", home, "--client", "claude", "--", "uvx", "mcp-server-time")
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	if b, _ := os.ReadFile(filepath.Join(root, "conf/claude.json")); !strings.Contains(string(b), `"time"`) {
		t.Errorf("the file the link leads to was not written:\n%s", b)
	}
	if fi, err := os.Lstat(filepath.Join(root, ".mcp.json")); err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link was replaced: %v", err)
	}
	noTemp(t, filepath.Join(root, "conf"))
}

// TestWriteReadOnly: a file made read-only (0444) is not replaced: the
// clients' own editors could not write it either.
func TestWriteReadOnly(t *testing.T) {
	const cfg = "{\n  \"mcpServers\": {}\n}\n"
	root, home := testtree.Write(t, map[string]string{".mcp.json": cfg})
	os.MkdirAll(home, 0o755)
	path := filepath.Join(root, ".mcp.json")
	if err := os.Chmod(path, 0o444); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, nil, "add", "time", "--root", root, "--home", home, "--client", "claude", "--", "uvx", "mcp-server-time")
	unchanged(t, path, []byte(cfg))
	if code == 0 || !strings.Contains(errOut, `"`+path+`" is read-only`) {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}

// TestWriteInvalidUTF8: a file that is not UTF-8 is refused with what is
// wrong and where (the first invalid byte), not as a bug of mcpconf.
func TestWriteInvalidUTF8(t *testing.T) {
	cfg := "{\n  \"mcpServers\": {\"a\": {\"command\": \"x\xff\xfey\"}}\n}\n"
	root, home := testtree.Write(t, map[string]string{".mcp.json": cfg})
	os.MkdirAll(home, 0o755)
	code, out, errOut := run(t, nil, "add", "time", "--root", root, "--home", home, "--client", "claude", "--", "uvx", "mcp-server-time")
	unchanged(t, filepath.Join(root, ".mcp.json"), []byte(cfg))
	if code == 0 || !strings.Contains(errOut, "is not valid UTF-8") || !strings.Contains(errOut, "2:37") || strings.Contains(errOut, "bug") {
		t.Errorf("exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}

// TestBaselineLinkOutOfProject: --write-baseline does not write a
// baseline that links out of the project, nor one in a directory that
// does, nor replace a file that is no baseline.
func TestBaselineLinkOutOfProject(t *testing.T) {
	const cfg = `{"mcpServers": {"b": {"url": "https://x.example/mcp"}}}` + "\n"
	outside, want := victim(t, "baseline.json", "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
	elsewhere := t.TempDir()
	root, home := testtree.Write(t, map[string]string{
		".mcp.json": cfg, "b.json": "symlink:" + outside, "ci": "symlink:" + elsewhere,
		"notes.json": `{"todo": ["x"]}`,
	})
	os.MkdirAll(home, 0o755)
	code, out, errOut := run(t, nil, "lint", "--root", root, "--home", home, "--write-baseline", "--baseline", filepath.Join(root, "b.json"))
	unchanged(t, outside, want)
	if code == 0 || !strings.Contains(errOut, filepath.Join(root, "b.json")+`" is a link to "`+outside+`", outside the project "`+root+`"`) {
		t.Errorf("linked baseline: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	code, out, errOut = run(t, nil, "lint", "--root", root, "--home", home, "--write-baseline", "--baseline", filepath.Join(root, "ci", "b.json"))
	if ents, _ := os.ReadDir(elsewhere); len(ents) != 0 {
		t.Errorf("a baseline created through the link: %v", ents)
	}
	if code == 0 || !strings.Contains(errOut, filepath.Join(root, "ci")+`" is a link to "`+elsewhere+`", outside the project "`+root+`"`) {
		t.Errorf("linked directory: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
	code, out, errOut = run(t, nil, "lint", "--root", root, "--home", home, "--write-baseline", "--baseline", filepath.Join(root, "notes.json"))
	unchanged(t, filepath.Join(root, "notes.json"), []byte(`{"todo": ["x"]}`))
	if code == 0 || !strings.Contains(errOut, "is not a baseline mcpconf wrote, so it is not replaced") {
		t.Errorf("a file that is no baseline: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}

// TestLockLinkOutOfProject: probe --write-lock does not follow a
// .mcpconf.lock that links out of the project (ln -s ~/.bashrc
// .mcpconf.lock: the lock can carry $(…) from a server's arguments), and
// does not replace a file there that is no lock; both are refused, saying
// why, and keep every byte.
func TestLockLinkOutOfProject(t *testing.T) {
	bashrc, want := victim(t, ".bashrc", "export PATH=$HOME/bin:$PATH\n")
	root, home, _ := lockTree(t, lockTools)
	lock := filepath.Join(root, ".mcpconf.lock")
	if err := os.Symlink(bashrc, lock); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, nil, "probe", "--write-lock", "--root", root, "--home", home)
	unchanged(t, bashrc, want)
	noTemp(t, filepath.Dir(bashrc))
	if code == 0 || !strings.Contains(errOut, `"`+lock+`" is a link to "`+bashrc+`", outside the project "`+root+`"`) {
		t.Errorf("a link out: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}

	// a regular file that is no lock
	os.Remove(lock)
	if err := os.WriteFile(lock, want, 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut = run(t, nil, "probe", "--write-lock", "--root", root, "--home", home)
	unchanged(t, lock, want)
	if code == 0 || !strings.Contains(errOut, `"`+lock+`" is not a tool lock`) {
		t.Errorf("no lock: exit %d\nstdout: %s\nstderr: %s", code, out, errOut)
	}
}
