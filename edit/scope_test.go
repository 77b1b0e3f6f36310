//go:build unix

package edit

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// layout makes dir/name for each entry: "file:TEXT", "dir", or
// "link:TARGET" (a symbolic link, TARGET as written).
func layout(t *testing.T, dir string, entries map[string]string) {
	t.Helper()
	for name, what := range entries {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		switch {
		case what == "dir":
			err = os.MkdirAll(p, 0o755)
		case strings.HasPrefix(what, "file:"):
			err = os.WriteFile(p, []byte(strings.TrimPrefix(what, "file:")), 0o644)
		case strings.HasPrefix(what, "link:"):
			err = os.Symlink(strings.TrimPrefix(what, "link:"), p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// TestScopeRefusesLinksOut: a write whose path leads out of its scope by
// a link (the file's own, a directory's, a dangling one, a chain, a
// relative one with ..) is refused naming the first link that leads
// out, whether the file exists (WriteFile) or is to be created
// (CreateFile); nothing outside changes. A link that stays inside is
// written through and kept.
func TestScopeRefusesLinksOut(t *testing.T) {
	for _, tc := range []struct {
		name    string
		in      map[string]string // OUT in a link is the outside directory
		path    string
		create  bool
		link    string // the link named; "" for a write that is allowed
		written string // for an allowed one: the file written, in the scope
	}{
		{"file links out", map[string]string{".mcpconf.lock": "link:OUT/bashrc"}, ".mcpconf.lock", false, ".mcpconf.lock", ""},
		{"relative link out", map[string]string{"a/.mcp.json": "link:../../out/bashrc"}, "a/.mcp.json", false, "a/.mcp.json", ""},
		{"directory links out", map[string]string{".cursor": "link:OUT"}, ".cursor/bashrc", false, ".cursor", ""},
		{"directory links out, create", map[string]string{".cursor": "link:OUT"}, ".cursor/mcp.json", true, ".cursor", ""},
		{"deeper create under a linked directory", map[string]string{".cursor": "link:OUT"}, ".cursor/x/y/mcp.json", true, ".cursor", ""},
		{"dangling link out", map[string]string{".mcp.json": "link:OUT/new.json"}, ".mcp.json", true, ".mcp.json", ""},
		{"chain inside then out", map[string]string{"a": "link:b", "b": "link:OUT/bashrc"}, "a", false, "a", ""},
		{"inside", map[string]string{"conf/c.json": "file:{}", ".mcp.json": "link:conf/c.json"}, ".mcp.json", false, "", "conf/c.json"},
		{"inside, absolute", map[string]string{"conf/c.json": "file:{}", ".mcp.json": "link:IN/conf/c.json"}, ".mcp.json", false, "", "conf/c.json"},
		{"inside, dangling: created where it leads", map[string]string{"conf": "dir", ".mcp.json": "link:conf/new.json"}, ".mcp.json", true, "", "conf/new.json"},
		{"inside, directory", map[string]string{"real": "dir", ".cursor": "link:real"}, ".cursor/mcp.json", true, "", "real/mcp.json"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			base := t.TempDir()
			in, out := filepath.Join(base, "in"), filepath.Join(base, "out")
			os.MkdirAll(in, 0o755)
			os.MkdirAll(out, 0o755)
			os.WriteFile(filepath.Join(out, "bashrc"), []byte("{}"), 0o644)
			entries := map[string]string{}
			for k, v := range tc.in {
				entries[k] = strings.NewReplacer("OUT", out, "IN", in).Replace(v)
			}
			layout(t, in, entries)
			path := filepath.Join(in, filepath.FromSlash(tc.path))
			scope := Within(in, "the project")
			var err error
			if tc.create {
				err = CreateFile(context.Background(), scope, path, []byte(`{"a": 1}`), normalize.JSON, false)
			} else {
				err = WriteFile(context.Background(), scope, path, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON)
			}
			if ents, _ := os.ReadDir(out); len(ents) != 1 {
				t.Errorf("written outside: %v", ents)
			}
			if b, _ := os.ReadFile(filepath.Join(out, "bashrc")); string(b) != "{}" {
				t.Errorf("the file outside holds %q", b)
			}
			if tc.link == "" {
				if err != nil {
					t.Fatal(err)
				}
				if b, _ := os.ReadFile(filepath.Join(in, tc.written)); string(b) != `{"a": 1}` {
					t.Errorf("%s holds %q", tc.written, b)
				}
				if fi, err := os.Lstat(path); err != nil || tc.path == ".mcp.json" && fi.Mode()&os.ModeSymlink == 0 {
					t.Errorf("the link was replaced: %v", err)
				}
				return
			}
			want := `"` + filepath.Join(in, filepath.FromSlash(tc.link)) + `" is a link to "`
			if err == nil || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), `outside the project "`+in+`": mcpconf writes only inside it`) {
				t.Errorf("err = %v, want one starting %s", err, want)
			}
		})
	}
}

// TestWriteFileLinkSwappedBeforeRename: a directory on the way replaced
// by a link out after the check and before the rename (another program
// racing mcpconf) does not get the file: the write is refused, the file
// outside keeps its bytes and no temporary file is left anywhere.
func TestWriteFileLinkSwappedBeforeRename(t *testing.T) {
	base := t.TempDir()
	in, out := filepath.Join(base, "in"), filepath.Join(base, "out")
	layout(t, in, map[string]string{"sub/c.json": "file:{}"})
	layout(t, out, map[string]string{"c.json": "file:{}"})
	path := filepath.Join(in, "sub", "c.json")
	beforeCheck = func(string) {
		os.Rename(filepath.Join(in, "sub"), filepath.Join(in, "old"))
		os.Symlink(out, filepath.Join(in, "sub"))
	}
	defer func() { beforeCheck = nil }()
	err := WriteFile(context.Background(), Within(in, "the project"), path, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON)
	if err == nil {
		t.Fatal("written through a link made after the check")
	}
	if b, _ := os.ReadFile(filepath.Join(out, "c.json")); string(b) != "{}" {
		t.Errorf("the file outside holds %q", b)
	}
	for _, d := range []string{out, filepath.Join(in, "old")} {
		if ents, _ := os.ReadDir(d); len(ents) != 1 {
			t.Errorf("%s holds %v", d, ents)
		}
	}
}

// TestWriteFileInterrupted: a context done before the rename (Ctrl-C
// while the temporary file was written) leaves the file as it was and
// no temporary file, with an error that wraps ErrInterrupted; one done
// right after the rename does not undo it: the write is reported done.
func TestWriteFileInterrupted(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".claude.json")
	os.WriteFile(path, []byte("{}"), 0o600)
	ctx, cancel := context.WithCancel(context.Background())
	beforeCheck = func(string) { cancel() }
	err := WriteFile(ctx, inDir(path), path, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON)
	beforeCheck = nil
	if !errors.Is(err, ErrInterrupted) || err.Error() != `interrupted before "`+path+`" was written: it is as it was` {
		t.Errorf("err = %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != "{}" {
		t.Errorf("the file holds %q", b)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}
	if err := CreateFile(ctx, inDir(path), filepath.Join(dir, "new.json"), []byte("{}"), normalize.JSON, false); !errors.Is(err, ErrInterrupted) {
		t.Errorf("create: err = %v", err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 1 {
		t.Errorf("files left: %v", ents)
	}

	ctx, cancel = context.WithCancel(context.Background())
	afterRename = cancel
	defer func() { afterRename = nil }()
	if err := WriteFile(ctx, inDir(path), path, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON); err != nil {
		t.Errorf("interrupted after the rename: %v", err)
	}
	if b, _ := os.ReadFile(path); string(b) != `{"a": 1}` {
		t.Errorf("the file holds %q", b)
	}
}

// TestWriteFileReadOnlyAndUTF8: a read-only file is refused, as the
// clients' editors would fail on it; a file that is not UTF-8 is refused
// with the first invalid byte and its line and column.
func TestWriteFileReadOnlyAndUTF8(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "ro.json")
	os.WriteFile(path, []byte("{}"), 0o444)
	err := WriteFile(context.Background(), inDir(path), path, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON)
	if err == nil || err.Error() != `"`+path+`" is read-only (mode 0444): nothing was written; make it writable (chmod u+w) if it should change` {
		t.Errorf("read-only: err = %v", err)
	}
	bad := []byte("{\n  \"a\": \"é\xc3(\"\n}\n")
	path = filepath.Join(dir, "latin1.json")
	os.WriteFile(path, bad, 0o644)
	err = WriteFile(context.Background(), inDir(path), path, bad, []byte("{}"), normalize.JSON)
	if err == nil || err.Error() != `"`+path+`" is not valid UTF-8: byte 0xc3 at 2:10: nothing was written; save it as UTF-8 first` {
		t.Errorf("not UTF-8: err = %v", err)
	}
}
