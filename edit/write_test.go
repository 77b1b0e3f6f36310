package edit

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

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
	if err := WriteFile(path, orig, updated, normalize.JSONC); err != nil {
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
	err := WriteFile(path, orig, []byte("{}"), normalize.JSONC)
	if err == nil || !strings.Contains(err.Error(), `changed since it was read: nothing was written`) {
		t.Errorf("changed file: err = %v", err)
	}
	// an unparsable result
	err = WriteFile(path, updated, []byte(`{"a": }`), normalize.JSONC)
	if err == nil || !strings.Contains(err.Error(), `would not parse`) || !strings.Contains(err.Error(), "nothing was written") {
		t.Errorf("unparsable: err = %v", err)
	}
	// a comment in strict JSON is an error finding
	err = WriteFile(path, updated, []byte("// c\n{}"), normalize.JSON)
	if err == nil || !strings.Contains(err.Error(), `would not parse`) {
		t.Errorf("comment in strict JSON: err = %v", err)
	}
	got, _ = os.ReadFile(path)
	if string(got) != string(updated) {
		t.Errorf("a refused write changed the file: %q", got)
	}
	// a missing file
	if err := WriteFile(filepath.Join(dir, "none.json"), nil, []byte("{}"), normalize.JSON); err == nil {
		t.Error("missing file: no error")
	}
}

func TestWriteFileTOMLAndBOM(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.toml")
	orig := []byte("[mcp_servers.a]\ncommand = \"npx\"\n")
	os.WriteFile(path, orig, 0o600)
	if err := WriteFile(path, orig, []byte("[mcp_servers.a]\ncommand = npx\n"), normalize.TOML); err == nil {
		t.Error("unparsable TOML written")
	}
	if err := WriteFile(path, orig, []byte("[mcp_servers.a]\ncommand = \"uvx\"\n"), normalize.TOML); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(path); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}

	// the document of a file with a byte order mark is without it: the
	// mark stays
	bomPath := filepath.Join(dir, "bom.json")
	os.WriteFile(bomPath, []byte("\xEF\xBB\xBF{}"), 0o644)
	if err := WriteFile(bomPath, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON); err != nil {
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
	if err := WriteFile(link, []byte("{}"), []byte(`{"a": 1}`), normalize.JSON); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&os.ModeSymlink == 0 {
		t.Error("the link was replaced by a file")
	}
	if got, _ := os.ReadFile(real); string(got) != `{"a": 1}` {
		t.Errorf("target holds %q", got)
	}
}
