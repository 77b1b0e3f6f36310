//go:build unix

package app

import (
	"bytes"
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// doneWhen is a context that is done once a file exists: a signal that
// arrives right after that file's rename, before the next one.
type doneWhen struct {
	context.Context
	path string
}

func (c doneWhen) Err() error {
	if _, err := os.Stat(c.path); err == nil {
		return context.Canceled
	}
	return nil
}

// TestAddInterruptedBetweenClients: Ctrl-C once the first client's file
// is written: that write stands and is reported (Files, Written), the
// next client is refused as interrupted and its file is not written.
func TestAddInterruptedBetweenClients(t *testing.T) {
	root, home := testtree.Write(t, nil)
	os.MkdirAll(home, 0o755)
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	s := define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}
	ctx := doneWhen{context.Background(), filepath.Join(root, ".cursor", "mcp.json")}
	res, err := Add(AddRequest{Options: &o, Clients: []*normalize.Client{normalize.ClientByID("cursor"), normalize.ClientByID("vscode")},
		Scope: normalize.Project, Servers: []define.Server{s}, Context: ctx})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 1 || res.Files[0].Path != ".cursor/mcp.json" || len(res.Written) != 1 {
		t.Errorf("the write done is not reported: %+v", res)
	}
	if len(res.Refused) != 1 || res.Refused[0].Client.ID != "vscode" || !strings.Contains(res.Refused[0].Reason, "interrupted") {
		t.Errorf("refused: %+v", res.Refused)
	}
	if _, err := os.Stat(filepath.Join(root, ".vscode", "mcp.json")); err == nil {
		t.Error("written after the interruption")
	}
}

// FuzzAddLayout runs add, in every scope, for a client on random
// layouts of the project and the home whose files and directories may
// be links, in or out of them: whatever the layout, nothing outside the
// project and the home changes (the directory beside them keeps every
// entry and byte), and a refusal of a link says which link.
func FuzzAddLayout(f *testing.F) {
	f.Add(uint8(0), uint8(0), uint8(0), uint8(1)) // .mcp.json -> outside file
	f.Add(uint8(1), uint8(1), uint8(1), uint8(2)) // .cursor -> outside dir
	f.Add(uint8(2), uint8(2), uint8(0), uint8(3)) // ~/.claude.json -> outside file, user scope
	f.Add(uint8(3), uint8(0), uint8(2), uint8(0)) // inside link
	f.Add(uint8(4), uint8(3), uint8(1), uint8(1))
	f.Fuzz(func(t *testing.T, client, which, scope, target uint8) {
		ids := []string{"claude", "cursor", "claude", "vscode", "codex", "gemini", "opencode"}
		c := normalize.ClientByID(ids[int(client)%len(ids)])
		scopes := []normalize.Scope{normalize.Project, normalize.User, normalize.Local}
		sc := scopes[int(scope)%len(scopes)]
		base := t.TempDir()
		root, home, out := filepath.Join(base, "project"), filepath.Join(base, "home"), filepath.Join(base, "outside")
		for _, d := range []string{root, home, filepath.Join(out, "dir")} {
			os.MkdirAll(d, 0o755)
		}
		os.WriteFile(filepath.Join(out, "file.json"), []byte("{\n  \"mcpServers\": {}\n}\n"), 0o644)
		os.WriteFile(filepath.Join(root, "inside.json"), []byte("{\n  \"mcpServers\": {}\n}\n"), 0o644)
		o := options(root, home)
		if err := o.Prepare(); err != nil {
			t.Fatal(err)
		}
		tf, ok := o.TargetFile(c, sc)
		if !ok {
			return
		}
		// the link: the file itself, or one of its directories
		link := tf.Abs
		for range int(which) % 3 {
			if d := filepath.Dir(link); d != root && d != home && strings.HasPrefix(d, base) {
				link = d
			}
		}
		if link == root || link == home {
			return
		}
		to := []string{filepath.Join(out, "file.json"), filepath.Join(out, "dir"), out, filepath.Join(root, "inside.json"), "../outside/file.json", filepath.Join(out, "missing.json")}[int(target)%6]
		os.MkdirAll(filepath.Dir(link), 0o755)
		if err := os.Symlink(to, link); err != nil {
			t.Fatal(err)
		}
		before := tree(out)
		s := define.Server{Name: "time", Transport: normalize.Stdio, Command: "uvx", Args: []string{"mcp-server-time"}}
		res, err := Add(AddRequest{Options: &o, Clients: []*normalize.Client{c}, Scope: sc, Servers: []define.Server{s}})
		if err != nil {
			t.Fatal(err)
		}
		if after := tree(out); after != before {
			t.Fatalf("%s, %s scope, %s -> %s: written outside\nbefore:\n%s\nafter:\n%s\nrefused: %+v", c.ID, sc, link, to, before, after, res.Refused)
		}
		for _, r := range res.Refused {
			// the write's refusal names the link by its path, the read's
			// (a file out of the project that does not parse as a
			// config) as displayed
			if strings.Contains(r.Reason, "outside") && !strings.Contains(r.Reason, filepath.Base(link)+`" is a link to`) {
				t.Errorf("the refusal does not name the link %s: %s", link, r.Reason)
			}
		}
	})
}

// tree lists every entry under dir with its bytes or link target.
func tree(dir string) string {
	var b bytes.Buffer
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			b.WriteString(p + " error\n")
			return nil
		}
		fi, _ := os.Lstat(p)
		b.WriteString(p + " " + fi.Mode().String())
		if fi.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			b.WriteString(" " + string(data))
		}
		if fi.Mode()&fs.ModeSymlink != 0 {
			to, _ := os.Readlink(p)
			b.WriteString(" -> " + to)
		}
		b.WriteString("\n")
		return nil
	})
	return b.String()
}

// TestWriteScope: a write stays in the deepest of the project, the home
// and the directories lint was given that holds the file as named; a
// file under none, in its own directory.
func TestWriteScope(t *testing.T) {
	for _, tc := range []struct {
		root, home, abs string
		more            []string
		dir, what       string
	}{
		{"/src/p", "/home/u", "/src/p/.mcp.json", nil, "/src/p", "the project"},
		{"/src/p", "/home/u", "/home/u/.claude.json", nil, "/home/u", "the home"},
		{"/home/u/p", "/home/u", "/home/u/p/.mcp.json", nil, "/home/u/p", "the project"},
		{"/", "/home/u", "/home/u/.claude.json", nil, "/home/u", "the home"},
		{"/src/p", "/src/p/home", "/src/p/home/.claude.json", nil, "/src/p/home", "the home"},
		{"/src/p", "/home/u", "/opt/codex/config.toml", nil, "/opt/codex", "the directory"},
		{"/src/p", "/home/u", "/other/q/.cursor/mcp.json", []string{"/other/q"}, "/other/q", "the project"},
	} {
		got := writeScope(tc.root, tc.home, tc.abs, tc.more...)
		if got.Dir != tc.dir || got.What != tc.what {
			t.Errorf("writeScope(%q, %q, %q, %q) = %+v, want %s %s", tc.root, tc.home, tc.abs, tc.more, got, tc.what, tc.dir)
		}
	}
}
