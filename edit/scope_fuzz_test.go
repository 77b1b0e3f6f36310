//go:build unix

package edit

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// FuzzWriteScope builds random layouts of files, directories and links
// (relative and absolute, inside the scope, out of it, dangling, chained,
// through a linked directory), then writes or creates a random path in
// the scope: whatever the layout, no byte is written outside the scope
// (the directory beside it keeps every file, link and byte, and gets no
// new entry), no temporary file is left, and a write that succeeds went
// to a file inside.
func FuzzWriteScope(f *testing.F) {
	f.Add([]byte{2, 0x30, 0, 0x03, 0})                // .mcp.json -> ../out/bashrc, written
	f.Add([]byte{1, 0x00, 0, 2, 0x10, 1, 0x01, 0x10}) // a dir, b -> ../../out, create under b
	f.Add([]byte{3, 0x30, 2, 0x03, 0x80})             // .mcp.json -> OUT, create
	f.Add([]byte{0, 0x20, 0, 2, 0x30, 5, 0x30, 0})    // c.json, .mcp.json -> b/c.json (dangling)
	f.Add([]byte{2, 0x00, 4, 2, 0x10, 0, 0x00, 0x40}) // a -> a (loop), b -> bashrc
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 64 {
			return
		}
		base := t.TempDir()
		in, out := filepath.Join(base, "in"), filepath.Join(base, "out")
		layout(t, out, map[string]string{"bashrc": "file:{}", "dir/f": "file:{}"})
		os.MkdirAll(in, 0o755)
		names := []string{"a", "b", "c.json", ".mcp.json", "d"}
		targets := []string{"../out/bashrc", "../../out", out, in + "/a", "a", "b/c.json", "..", ".", "missing", out + "/dir", "../out/new.json", "../../out/dir/f"}
		dirs := []string{in}
		// the ops: 3 bytes each (kind, where and name, link target), the
		// last 2 the path written
		for len(data) >= 5 {
			kind, where, to := data[0], data[1], data[2]
			data = data[3:]
			p := filepath.Join(dirs[int(where&0x0f)%len(dirs)], names[int(where>>4)%len(names)])
			if _, err := os.Lstat(p); err == nil {
				continue
			}
			switch kind % 4 {
			case 0:
				os.WriteFile(p, []byte("{}"), 0o644)
			case 1:
				if os.Mkdir(p, 0o755) == nil {
					dirs = append(dirs, p)
				}
			case 2, 3:
				os.Symlink(targets[int(to)%len(targets)], p)
			}
		}
		if len(data) < 2 {
			return
		}
		path := filepath.Join(in, names[int(data[0]&0x0f)%len(names)])
		if data[0]&0x10 != 0 {
			path = filepath.Join(path, names[int(data[0]>>5)%len(names)])
		}
		create := data[1]&0x80 != 0
		before := snapshot(t, out)
		scope := Within(in, "the project")
		var err error
		if create {
			err = CreateFile(context.Background(), scope, path, []byte(`{"x": 1}`), normalize.JSON, false)
		} else {
			orig, _ := os.ReadFile(path)
			err = WriteFile(context.Background(), scope, path, orig, []byte(`{"x": 1}`), normalize.JSON)
		}
		after := snapshot(t, out)
		if len(after) != len(before) {
			t.Fatalf("written outside (err %v): before %v, after %v", err, before, after)
		}
		for k, v := range before {
			if after[k] != v {
				t.Fatalf("%s changed outside (err %v): %q, now %q", k, err, v, after[k])
			}
		}
		filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err == nil && strings.Contains(d.Name(), ".mcpconf-") {
				t.Errorf("temporary file left: %s", p)
			}
			return nil
		})
		if err == nil {
			real, rerr := filepath.EvalSymlinks(path)
			inReal, _ := filepath.EvalSymlinks(in)
			if rel, e := filepath.Rel(inReal, real); rerr != nil || e != nil || !filepath.IsLocal(rel) {
				t.Fatalf("written %q, which leads to %q (%v), outside %q", path, real, rerr, inReal)
			}
		}
	})
}

// snapshot is every entry under dir, by path: a file's mode and bytes, a
// link's target, a directory's mode.
func snapshot(t *testing.T, dir string) map[string]string {
	out := map[string]string{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			out[p] = "error: " + err.Error()
			return nil
		}
		fi, err := os.Lstat(p)
		if err != nil {
			out[p] = "error: " + err.Error()
			return nil
		}
		switch {
		case fi.Mode()&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			out[p] = "link " + to
		case fi.IsDir():
			out[p] = "dir " + fi.Mode().String()
		default:
			b, _ := os.ReadFile(p)
			out[p] = fi.Mode().String() + " " + string(b)
		}
		return nil
	})
	return out
}
