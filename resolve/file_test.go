//go:build unix

package resolve_test

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// readValueFile reads {file:} values as the commands do.
func readValueFile(path string) ([]byte, error) {
	f, err := safefile.Read(path, safefile.Limits{Max: 1 << 20, Timeout: 2 * time.Second})
	return f.Data, err
}

// TestFileSpecialReturns: {file:} on a named pipe and on /dev/zero returns
// within the read's deadline (long before it), refused, with the reason.
func TestFileSpecialReturns(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for in, want := range map[string]string{
		"{file:" + fifo + "}": "{file:" + fifo + `} is not read: "` + fifo + `" is a named pipe, not a regular file`,
		"{file:/dev/zero}":    `{file:/dev/zero} is not read: "/dev/zero" is a device, not a regular file`,
	} {
		start := time.Now()
		got, un := resolve.Expand(in, resolve.SyntaxesFor(normalize.ClientByID("opencode")), resolve.Context{ReadFile: readValueFile})
		if d := time.Since(start); d > time.Second {
			t.Errorf("%s took %s", in, d)
		}
		if got != in || len(un) != 1 || un[0].Reason != want || un[0].Hint != "point it at a regular file" {
			t.Errorf("Expand(%s) = %q, %+v\nwant reason %q", in, got, un, want)
		}
	}
}

// TestFileProblemAtPlaceholder: a {file:} not read is a diagnostic at the
// placeholder (at the value when the value is written with escapes), with
// what to do.
func TestFileProblemAtPlaceholder(t *testing.T) {
	cfg := "{\"mcp\": {\"s\": {\"type\": \"local\", \"command\": [\"srv\"],\n" +
		"  \"environment\": {\"A\": \"pre {file:./fifo}\", \"B\": \"\\u0041 {file:./missing}\"}}}}"
	s, doc, root := serverOf(t, "opencode", "opencode.json", cfg, "s")
	if err := syscall.Mkfifo(filepath.Join(root, "fifo"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := resolve.Server(normalize.ClientByID("opencode"), s, doc, resolve.Env{ReadFile: readValueFile, WorkspaceFolder: root})
	lines := strings.Split(cfg, "\n")
	col := func(s string) int { return strings.Index(lines[1], s) + 1 }
	want := map[string]normalize.Diagnostic{
		"A": {Pos: normalize.Pos{Line: 2, Col: col("{file:./fifo}")}, Hint: "point it at a regular file",
			Message: `server "s": env "A": {file:./fifo} is not read: "./fifo" is a named pipe, not a regular file`},
		"B": {Pos: normalize.Pos{Line: 2, Col: col(`"\u0041`)}, Hint: "create the file, or fix the path in {file:./missing}",
			Message: `server "s": env "B": {file:./missing} is not read: "./missing" does not exist`},
	}
	if len(r.Diagnostics) != len(want) {
		t.Fatalf("diagnostics %+v", r.Diagnostics)
	}
	for _, d := range r.Diagnostics {
		key := d.Message[len(`server "s": env "`):][:1]
		w := want[key]
		if d.Message != w.Message || d.Hint != w.Hint || d.Pos.Line != w.Pos.Line || d.Pos.Col != w.Pos.Col || d.Path != "opencode.json" {
			t.Errorf("%s: got %s %s (hint %q)\nwant %d:%d %s (hint %q)", key, d.Pos, d.Message, d.Hint, w.Pos.Line, w.Pos.Col, w.Message, w.Hint)
		}
	}
	if f := field(r, "env", "A"); f.Value != "pre {file:./fifo}" || len(f.Problems) != 1 {
		t.Errorf("A: %+v", f)
	}
}
