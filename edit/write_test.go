package edit

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, ".mcp.json")
	orig := []byte("{\n  // c\n  \"mcpServers\": {}\n}\n")
	if err := os.WriteFile(path, orig, 0o640); err != nil {
		t.Fatal(err)
	}
	updated := []byte("{\n  // c\n  \"mcpServers\": {\"a\": {\"command\": \"x\"}}\n}\n")
	if err := WriteFile(context.Background(), inDir(path), path, orig, updated, normalize.JSONC); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != string(updated) {
		t.Errorf("file holds %q", got)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o640 {
		t.Errorf("mode %v, want 0640", fi.Mode().Perm())
	}
	left, _ := os.ReadDir(dir)
	if len(left) != 1 {
		t.Errorf("temporary files left: %v", left)
	}

	// changed since read: orig is no longer on disk
	err := WriteFile(context.Background(), inDir(path), path, orig, []byte("{}"), normalize.JSONC)
	if err == nil || !strings.Contains(err.Error(), `changed since it was read: nothing was written`) {
		t.Errorf("changed file: err = %v", err)
	}
	// an unparsable result
	err = WriteFile(context.Background(), inDir(path), path, updated, []byte(`{"a": }`), normalize.JSONC)
	if err == nil || !strings.Contains(err.Error(), `would not parse`) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("unparsable: err = %v", err)
	}
	// a comment in strict JSON is an error finding
	err = WriteFile(context.Background(), inDir(path), path, updated, []byte("// c\n{}"), normalize.JSON)
	if err == nil || !strings.Contains(err.Error(), `would not parse`) {
		t.Errorf("comment in strict JSON: err = %v", err)
	}
	got, _ = os.ReadFile(path)
	if string(got) != string(updated) {
		t.Errorf("a refused write changed the file: %q", got)
	}
	// a missing file
	if err := WriteFile(context.Background(), inDir(filepath.Join(dir, "none.json")), filepath.Join(dir, "none.json"), nil, []byte("{}"), normalize.JSON); err == nil {
		t.Error("missing file: no error")
	}
}

func TestWriteFileTOMLAndBOM(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	orig := []byte("[mcp_servers.a]\ncommand = \"npx\"\n")
	os.WriteFile(path, orig, 0o600)
	if err := WriteFile(context.Background(), inDir(path), path, orig, []byte("[mcp_servers.a]\ncommand = npx\n"), normalize.TOML); err == nil {
		t.Error("unparsable TOML written")
	}
	if err := WriteFile(context.Background(), inDir(path), path, orig, []byte("[mcp_servers.a]\ncommand = \"uvx\"\n"), normalize.TOML); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}

	// the document of a file with a byte order mark is without it: the
	// mark stays
	bomPath := filepath.Join(dir, "bom.json")
	os.WriteFile(bomPath, []byte("\xEF\xBB\xBF{}"), 0o644)
	if err := WriteFile(context.Background(), inDir(bomPath), bomPath, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(bomPath); string(got) != "\xEF\xBB\xBF{\"a\": 1}" {
		t.Errorf("bom file holds %q", got)
	}
}

func TestWriteFileThroughLink(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("symbolic links")
	}
	dir := t.TempDir()
	real := filepath.Join(dir, "real.json")
	link := filepath.Join(dir, "link.json")
	os.WriteFile(real, []byte("{}"), 0o644)
	if err := os.Symlink("real.json", link); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(context.Background(), inDir(link), link, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(real); string(got) != `{"a": 1}` {
		t.Errorf("target holds %q", got)
	}
}

// TestWriteFileConcurrentChange: another program (Claude Code rewriting
// ~/.claude.json while it runs) writes the file after mcpconf read it and
// checked it, while the new content is being written: the rename is not
// made, the refusal says why, the other program's file stays as it wrote
// it, its mode is kept and no temporary file is left.
func TestWriteFileConcurrentChange(t *testing.T) {
	orig := []byte("{\n  \"numStartups\": 1,\n  \"projects\": {}\n}\n")
	for _, tc := range []struct {
		name  string
		write func(path string) []byte // what the other program leaves
	}{
		{"in place", func(path string) []byte {
			b := []byte("{\n  \"numStartups\": 2,\n  \"projects\": {}\n}\n")
			os.WriteFile(path, b, 0o600)
			return b
		}},
		{"renamed over, the same size", func(path string) []byte {
			b := []byte("{\n  \"numStartups\": 3,\n  \"projects\": {}\n}\n")
			tmp := path + ".tmp"
			os.WriteFile(tmp, b, 0o600)
			os.Rename(tmp, path)
			return b
		}},
		{"renamed over, the same bytes", func(path string) []byte {
			tmp := path + ".tmp"
			os.WriteFile(tmp, orig, 0o600)
			os.Rename(tmp, path)
			return orig
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join(dir, ".claude.json")
			if err := os.WriteFile(path, orig, 0o600); err != nil {
				t.Fatal(err)
			}
			var left []byte
			beforeCheck = func(target string) { left = tc.write(target) }
			defer func() { beforeCheck = nil }()
			err := WriteFile(context.Background(), inDir(path), path, orig, []byte("{\n  \"numStartups\": 1,\n  \"projects\": {},\n  \"mcpServers\": {}\n}\n"), normalize.JSON)
			if err == nil || err.Error() != `"`+path+`" changed since it was read: nothing was written; run mcpconf again to compute the fixes on its new content` {
				t.Fatalf("err = %v", err)
			}
			if got, _ := os.ReadFile(path); string(got) != string(left) {
				t.Errorf("file holds %q, want the other program's %q", got, left)
			}
			if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
				t.Errorf("mode %v", fi.Mode().Perm())
			}
			if ents, _ := os.ReadDir(dir); len(ents) != 1 {
				t.Errorf("files left: %v", ents)
			}
		})
	}
}

// TestWriteFileBig: a ~/.claude.json of tens of MB (Claude Code keeps
// every project's history in it) is written whole: one member added, every
// other byte kept, the mode kept.
func TestWriteFileBig(t *testing.T) {
	var b strings.Builder
	b.WriteString("{\n  \"projects\": {\n")
	for i := range 8000 {
		fmt.Fprintf(&b, "    \"/src/p%d\": {\"history\": [{\"display\": %q}], \"mcpServers\": {}},\n", i, strings.Repeat("x", 1000))
	}
	b.WriteString("    \"/src/last\": {}\n  },\n  \"userID\":  \"u\"\n}\n")
	orig := []byte(b.String())
	path := filepath.Join(t.TempDir(), ".claude.json")
	if err := os.WriteFile(path, orig, 0o600); err != nil {
		t.Fatal(err)
	}
	doc, _, err := discover.ReadFile(path, "~/.claude.json", normalize.JSON)
	if err != nil || len(doc.Src) != len(orig) {
		t.Fatalf("read %d of %d bytes: %v", len(doc.Src), len(orig), err)
	}
	e, err := InsertMember(doc, doc.Root, "mcpServers", `{"gh": {"command": "false"}}`)
	if err != nil {
		t.Fatal(err)
	}
	updated, err := Apply(doc.Src, []normalize.Edit{e})
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(context.Background(), inDir(path), path, doc.Src, updated, normalize.JSON); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	want := strings.Replace(string(orig), "\"u\"\n}", "\"u\",\n  \"mcpServers\": {\"gh\": {\"command\": \"false\"}}\n}", 1)
	if string(got) != want {
		t.Errorf("%d bytes written, want %d", len(got), len(want))
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v", fi.Mode().Perm())
	}
}

// inDir is the scope of a test's file: its directory.
func inDir(path string) Scope { return Within(filepath.Dir(path), "the directory") }
