package safefile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

const testMax = 1 << 10

// readQuickly reads path and fails the test if the read takes anywhere
// near the deadline: every refusal below is decided without waiting.
func readQuickly(t *testing.T, path string, l Limits) (File, error) {
	t.Helper()
	if l.Max == 0 {
		l.Max = testMax
	}
	if l.Timeout == 0 {
		l.Timeout = 5 * time.Second
	}
	start := time.Now()
	f, err := Read(path, l)
	if d := time.Since(start); d > time.Second {
		t.Errorf("Read(%q) took %s", path, d)
	}
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Read(%q): %T is not an *Error", path, err)
		} else if e.Reason == "" || strings.HasSuffix(e.Reason, ".") || e.Reason != strings.ToLower(e.Reason[:1])+e.Reason[1:] {
			t.Errorf("Read(%q): reason %q is empty, ends with a period or starts upper case", path, e.Reason)
		}
	}
	return f, err
}

func TestReadRegular(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "token")
	if err := os.WriteFile(p, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink("token", link); err != nil {
		t.Fatal(err)
	}
	real, _ := filepath.EvalSymlinks(p)
	for _, path := range []string{p, link} {
		var gotPath, gotReal string
		f, err := readQuickly(t, path, Limits{Allow: func(path, real string) error { gotPath, gotReal = path, real; return nil }})
		fr, rerr := f.Real()
		if err != nil || string(f.Data) != "s3cret\n" || fr != real || rerr != nil {
			t.Errorf("Read(%q) = %q, real %q, %v, %v; want the content and real %q", path, f.Data, fr, err, rerr, real)
		}
		if gotPath != path || gotReal != real {
			t.Errorf("Allow got (%q, %q), want (%q, %q)", gotPath, gotReal, path, real)
		}
		// without Allow, the real path is worked out when asked for
		f, err = readQuickly(t, path, Limits{})
		if fr, rerr := f.Real(); err != nil || fr != real || rerr != nil {
			t.Errorf("Read(%q) without Allow: real %q, %v, %v", path, fr, err, rerr)
		}
	}
	// exactly at the cap is fine
	full := filepath.Join(dir, "full")
	os.WriteFile(full, []byte(strings.Repeat("x", testMax)), 0o600)
	if f, err := readQuickly(t, full, Limits{}); err != nil || len(f.Data) != testMax {
		t.Errorf("a file of exactly Max bytes: %d bytes, %v", len(f.Data), err)
	}
}

func TestReadRefusals(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	link := func(name, target string) string {
		p := filepath.Join(dir, name)
		if err := os.Symlink(target, p); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := write("big", strings.Repeat("x", testMax+1))
	cases := []struct {
		name, path, reason string
		is                 error
	}{
		{"missing", filepath.Join(dir, "none"), "does not exist", fs.ErrNotExist},
		{"dangling link", link("dangling", "none"), "is a symbolic link to a file that does not exist", ErrDangling},
		{"directory", dir, "is a directory, not a regular file", ErrNotRegular},
		{"too large", big, "is 1025 bytes, larger than 1 KiB", ErrTooLarge},
	}
	if runtime.GOOS != "windows" {
		cases = append(cases, struct {
			name, path, reason string
			is                 error
		}{"link loop", link("loop", "loop"), "is a symbolic link loop", nil})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := readQuickly(t, c.path, Limits{})
			var e *Error
			if !errors.As(err, &e) || e.Reason != c.reason || e.Path != c.path {
				t.Fatalf("got %v, want %q %s", err, c.path, c.reason)
			}
			if c.is != nil && !errors.Is(err, c.is) {
				t.Errorf("%v is not %v", err, c.is)
			}
		})
	}
	t.Run("refused by Allow", func(t *testing.T) {
		p := write("outside", "secret")
		_, err := readQuickly(t, p, Limits{Allow: func(path, real string) error { return hinted{} }})
		var e *Error
		if !errors.As(err, &e) || e.Reason != "is not allowed" || e.Hint != "allow it" || !errors.Is(err, hinted{}) {
			t.Fatalf("got %#v", err)
		}
	})
}

type hinted struct{}

func (hinted) Error() string { return "is not allowed" }
func (hinted) Hint() string  { return "allow it" }

// TestReadTimeout: a file system that never answers holds the read only
// until the deadline.
func TestReadTimeout(t *testing.T) {
	p := filepath.Join(t.TempDir(), "slow")
	if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	hang := make(chan struct{})
	defer close(hang) // lets the goroutine left behind end
	defer func(o func(string) (*os.File, error)) { openFile = o }(openFile)
	openFile = func(path string) (*os.File, error) {
		<-hang
		return nil, errors.New("never")
	}
	start := time.Now()
	_, err := Read(p, Limits{Max: testMax, Timeout: 50 * time.Millisecond})
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("a hung open held Read for %s", d)
	}
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrTimeout) || e.Reason != "could not be read within 50ms" {
		t.Errorf("got %v, want a timeout", err)
	}
}

// TestRealChanged: a path that leads to another file by the time the real
// path is asked for is not named as the file read.
func TestRealChanged(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	os.WriteFile(a, []byte("a"), 0o600)
	os.WriteFile(b, []byte("b"), 0o600)
	link := filepath.Join(dir, "link")
	if err := os.Symlink(a, link); err != nil {
		t.Fatal(err)
	}
	f, err := readQuickly(t, link, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(link)
	os.Symlink(b, link)
	if r, err := f.Real(); !errors.Is(err, ErrChanged) {
		t.Errorf("Real() = %q, %v after the link changed", r, err)
	}
}

// TestReadGrown: a file larger than its fstat size said (a file still
// being written, a FUSE file reporting 0) is read whole, up to Max.
func TestReadGrown(t *testing.T) {
	for _, n := range []int{0, 511, 512, 513, 4000} {
		data, err := readAll(strings.NewReader(strings.Repeat("x", n)), 0, 5000)
		if err != nil || len(data) != n {
			t.Errorf("readAll of %d bytes said to be 0: %d, %v", n, len(data), err)
		}
	}
	if _, err := readAll(strings.NewReader(strings.Repeat("x", 5001)), 10, 5000); !errors.Is(err, ErrTooLarge) {
		t.Errorf("readAll past the limit: %v", err)
	}
}
