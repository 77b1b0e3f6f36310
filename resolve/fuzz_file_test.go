//go:build unix

package resolve

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/internal/safefile"
)

// Seeds live in testdata/fuzz/FuzzFilePlaceholder.

// FuzzFilePlaceholder expands opencode {file:path} values with the reader
// the commands use, over a directory holding a regular file, a named pipe,
// a directory and links to them and to /dev/zero: whatever the path, the
// expansion returns at once, reads only what the placeholder names ("~/"
// from the home, the rest as written), substitutes only the trimmed content
// of a file read, and says why it did not in one line that quotes the path
// and ends without a period.
func FuzzFilePlaceholder(f *testing.F) {
	f.Add("{file:token}")
	f.Add("Bearer {file:~/token} {file:fifo}")
	f.Add("{file:zero} {file:dir} {file:link-to-fifo} {file:missing}")
	f.Add("{file:~/../token}{file:\n}{file:\x00}")
	dir := f.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "token"), []byte("  tok-value \n"), 0o600); err != nil {
		f.Fatal(err)
	}
	os.Mkdir(filepath.Join(dir, "dir"), 0o700)
	if err := syscall.Mkfifo(filepath.Join(dir, "fifo"), 0o600); err != nil {
		f.Fatal(err)
	}
	os.Symlink("fifo", filepath.Join(dir, "link-to-fifo"))
	os.Symlink("/dev/zero", filepath.Join(dir, "zero"))
	f.Fuzz(func(t *testing.T, s string) {
		var asked []string
		read := map[string]bool{} // the trimmed content of the files read
		ctx := Context{UserHome: dir, ReadFile: func(path string) ([]byte, error) {
			asked = append(asked, path)
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, path) // as the resolver does, from the config's directory
			}
			file, err := safefile.Read(path, safefile.Limits{Max: 1 << 10, Timeout: time.Second})
			if err == nil {
				read[strings.TrimSpace(string(file.Data))] = true
			}
			return file.Data, err
		}}
		start := time.Now()
		got, pieces, un := trace(s, []Syntax{BraceFile}, ctx)
		if d := time.Since(start); d > 2*time.Second {
			t.Fatalf("Trace(%q) took %s", s, d)
		}
		var want []string
		for _, p := range Scan(s) {
			if p.Syntax != BraceFile {
				continue
			}
			path := p.Name
			if rest, ok := strings.CutPrefix(path, "~/"); ok {
				path = filepath.Join(dir, rest)
			}
			want = append(want, path)
		}
		if !slices.Equal(asked, want) {
			t.Fatalf("Trace(%q) read %q, want %q", s, asked, want)
		}
		for _, p := range pieces {
			if v := got[p.Start:p.End]; p.Kind != FromFile || !read[v] {
				t.Fatalf("Trace(%q): piece %+v is %q, not the trimmed content of a file read", s, p, v)
			}
		}
		for _, u := range un {
			if !strings.Contains(u.Reason, " is not read: ") || strings.HasSuffix(u.Reason, ".") ||
				strings.ContainsAny(u.Reason, "\n\r\x00") || u.Reason[0] != '{' && u.Reason[0] != '"' {
				t.Fatalf("Trace(%q): reason %q", s, u.Reason)
			}
			if !strings.Contains(u.Reason, strconv.Quote(u.Name)) {
				t.Fatalf("Trace(%q): reason %q does not quote the path %q", s, u.Reason, u.Name)
			}
		}
	})
}
