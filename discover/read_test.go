package discover

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/normalize"
)

func parse(t *testing.T, format normalize.Format, src string) (*normalize.Document, []normalize.Diagnostic) {
	t.Helper()
	return Parse("/x/f", "f", format, []byte(src))
}

// TestBrokenPositions asserts the exact position and message of each kind
// of broken file.
func TestBrokenPositions(t *testing.T) {
	cases := []struct {
		name   string
		format normalize.Format
		src    string
		rule   normalize.RuleID
		pos    string
		msg    string
	}{
		{"truncated json", normalize.JSON, "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"x\"", "syntax", "3:25", "unexpected end of file"},
		{"truncated string", normalize.JSON, "{\"mcpServers\": {\"a", "syntax", "1:19", "unexpected end of file"},
		{"missing colon", normalize.JSONC, "{\n  // c\n  \"servers\": {\n    \"a\" {}\n  }\n}", "syntax", "4:9", "invalid character '{' after object key (expecting ':')"},
		{"missing comma", normalize.JSON, "{\"a\": 1\n \"b\": 2}", "syntax", "2:2", "after object value"},
		{"comment in strict json", normalize.JSON, "{\n  // no\n  \"mcpServers\": {}\n}", "syntax", "2:3", "comments are not allowed"},
		{"trailing comma in strict json", normalize.JSON, "{\"mcpServers\": {\"a\": {},\n}}", "syntax", "2:1", "trailing comma"},
		{"trailing comma in gemini", normalize.JSONComments, "{ /* ok */ \"mcpServers\": {\"a\": {}, }}", "syntax", "1:36", "trailing comma"},
		{"comment in gemini is fine", normalize.JSONComments, "{ // ok\n \"mcpServers\": {}}", "", "", ""},
		{"jsonc allows both", normalize.JSONC, "{ // ok\n \"servers\": {\"a\": {},},}", "", "", ""},
		{"empty json", normalize.JSON, "", "syntax", "1:1", "file is empty"},
		{"whitespace json", normalize.JSON, "  \n\t\n", "syntax", "1:1", "file is empty"},
		{"bad toml", normalize.TOML, "[mcp_servers.a]\ncommand = \"x\nargs = []\n", "syntax", "2:13", "new lines"},
		{"toml duplicate key", normalize.TOML, "[mcp_servers.a]\ncommand = \"a\"\ncommand = \"b\"\n", "syntax", "3:1", "key \"command\" is already defined"},
		{"toml redefined table", normalize.TOML, "[a]\nx = 1\n[a]\ny = 2\n", "syntax", "3:2", "already"},
		{"toml incomplete array", normalize.TOML, "[mcp_servers.g]\nargs = [\"-y\", \"x\"\n", "syntax", "2:18", "incomplete"},
		{"invalid utf-8 json", normalize.JSON, "{\"a\": \"\xff\"}", "syntax", "1:8", "not valid UTF-8"},
		{"invalid utf-8 toml", normalize.TOML, "a = \"\xff\"\n", "syntax", "1:6", "not valid UTF-8"},
		{"bom", normalize.JSON, "\xef\xbb\xbf{\"mcpServers\": {}}", "syntax", "1:1", "byte order mark"},
		{"deep nesting", normalize.JSON, strings.Repeat("[", MaxDepth+5), "syntax", "1:1001", "nested more than"},
		{"binary", normalize.JSON, "\x00\x01\x02", "syntax", "1:1", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, diags := parse(t, c.format, c.src)
			if c.rule == "" {
				if len(diags) > 0 {
					t.Fatalf("want no diagnostics, got %v", diags)
				}
				return
			}
			if len(diags) == 0 {
				t.Fatalf("want a %s diagnostic at %s, got none", c.rule, c.pos)
			}
			d := diags[0]
			if d.Rule != c.rule || d.Pos.String() != c.pos || !strings.Contains(d.Message, c.msg) {
				t.Errorf("got %s at %s: %q; want %s at %s containing %q", d.Rule, d.Pos, d.Message, c.rule, c.pos, c.msg)
			}
		})
	}
}

// TestPositions checks that every value and key has the right position in
// JSON and TOML, including CRLF files and multi-byte characters.
func TestPositions(t *testing.T) {
	json := "{\r\n  \"mcpServers\": {\r\n    \"é\": { \"command\": \"npx\", \"args\": [\"-y\", \"pkg\"] }\r\n  }\r\n}\r\n"
	doc, diags := parse(t, normalize.JSON, json)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	want := map[string]string{
		"/mcpServers":           "2:17",
		"/mcpServers/é":         "3:10",
		"/mcpServers/é/command": "3:23",
		"/mcpServers/é/args":    "3:38",
		"/mcpServers/é/args/1":  "3:45",
	}
	checkPositions(t, doc, want)
	if m := doc.Root.Get("mcpServers").Member("é"); m.KeyRange.Start.String() != "3:5" {
		t.Errorf("key é at %s, want 3:5", m.KeyRange.Start)
	}
	if got := doc.Lines.Line(3); strings.HasSuffix(got, "\r") {
		t.Errorf("line keeps its CR: %q", got)
	}

	toml := "model = \"x\"\n\n[mcp_servers.gh]\ncommand = \"npx\"\nargs = [ \"-y\",\n  \"pkg\" ]\nenv = { TOKEN = \"t\" }\n\n[mcp_servers.gh.env_http]\nX = \"Y\"\n\n[[profiles]]\nname = \"a\"\n[[profiles]]\nname = \"b\"\n"
	doc, diags = parse(t, normalize.TOML, toml)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	want = map[string]string{
		"/model":                     "1:9",
		"/mcp_servers/gh":            "3:14",
		"/mcp_servers/gh/command":    "4:11",
		"/mcp_servers/gh/args":       "5:8",
		"/mcp_servers/gh/args/1":     "6:3",
		"/mcp_servers/gh/env/TOKEN":  "7:17",
		"/mcp_servers/gh/env_http/X": "10:5",
		"/profiles/1/name":           "15:8",
	}
	checkPositions(t, doc, want)
	if k := doc.Root.Get("mcp_servers").Member("gh").KeyRange.Start.String(); k != "3:14" {
		t.Errorf("server key at %s, want 3:14", k)
	}
}

// checkPositions asserts where each value (by JSON pointer) starts.
func checkPositions(t *testing.T, doc *normalize.Document, want map[string]string) {
	t.Helper()
	for ptr, pos := range want {
		v := doc.Root.Lookup(ptr)
		if v == nil {
			t.Fatalf("%s not found", ptr)
		}
		if v.Range.Start.String() != pos {
			t.Errorf("%s at %s, want %s", ptr, v.Range.Start, pos)
		}
	}
}

// TestTOMLValues checks TOML value kinds survive into the tree.
func TestTOMLValues(t *testing.T) {
	doc, diags := parse(t, normalize.TOML, "a = 0x1F\nb = 1_000\nc = 2.5e3\nd = inf\ne = true\nf = 1979-05-27T07:32:00Z\ng = '''\nraw\n'''\n")
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	for key, want := range map[string]float64{"a": 31, "b": 1000, "c": 2500} {
		if v := doc.Root.Get(key); v.Kind != normalize.Number || v.Num != want {
			t.Errorf("%s = %v (%s), want %v", key, v.Num, v.Kind, want)
		}
	}
	if v := doc.Root.Get("e"); v.Kind != normalize.Bool || !v.Bool {
		t.Errorf("e = %+v", v)
	}
	if v := doc.Root.Get("f"); v.Kind != normalize.String || v.Str != "1979-05-27T07:32:00Z" {
		t.Errorf("f = %+v", v)
	}
	if v := doc.Root.Get("g"); v.Str != "raw\n" {
		t.Errorf("g = %q", v.Str)
	}
}

func TestDuplicateKeysRecorded(t *testing.T) {
	doc, _ := parse(t, normalize.JSON, "{\"mcpServers\": {\"a\": {\"command\": \"1\"},\n \"a\": {\"command\": \"2\"}}}")
	if len(doc.Duplicates) != 1 {
		t.Fatalf("duplicates: %v", doc.Duplicates)
	}
	d := doc.Duplicates[0]
	if d.First.KeyRange.Start.String() != "1:17" || d.Last.KeyRange.Start.String() != "2:2" {
		t.Errorf("first %s last %s", d.First.KeyRange.Start, d.Last.KeyRange.Start)
	}
	if got := doc.Root.Lookup("/mcpServers/a/command").Str; got != "2" {
		t.Errorf("last key must win, got %q", got)
	}
}

// TestReadFileProblems covers files that exist but cannot be read.
func TestReadFileProblems(t *testing.T) {
	dir := t.TempDir()
	loop := filepath.Join(dir, "loop.json")
	if err := os.Symlink(loop, loop); err != nil {
		t.Fatal(err)
	}
	isDir := filepath.Join(dir, "dir.json")
	os.Mkdir(isDir, 0o755)
	fifo := filepath.Join(dir, "fifo.json")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := map[string]string{loop: "symbolic link loop", isDir: "is a directory", fifo: "named pipe"}
	if runtime.GOOS != "windows" && os.Geteuid() != 0 {
		noperm := filepath.Join(dir, "noperm.json")
		os.WriteFile(noperm, []byte("{}"), 0o000)
		cases[noperm] = "permission denied"
	}
	for path, want := range cases {
		doc, diags, err := ReadFile(path, filepath.Base(path), normalize.JSON)
		if err != nil {
			t.Fatalf("%s: err %v", path, err)
		}
		if doc == nil || len(diags) != 1 || diags[0].Rule != "unreadable" || !strings.Contains(diags[0].Message, want) {
			t.Errorf("%s: got %v, want unreadable containing %q", path, diags, want)
		}
	}
	if _, _, err := ReadFile(filepath.Join(dir, "missing.json"), "missing.json", normalize.JSON); !os.IsNotExist(err) {
		t.Errorf("missing file: err %v", err)
	}
}

func TestHugeFile(t *testing.T) {
	p := filepath.Join(t.TempDir(), "huge.json")
	f, _ := os.Create(p)
	f.Truncate(MaxFileSize + 1)
	f.Close()
	_, diags, err := ReadFile(p, "huge.json", normalize.JSON)
	want := fmt.Sprintf("file is %d bytes, more than the 512 MiB mcpconf reads: it was not read, and none of its servers are shown", MaxFileSize+1)
	if err != nil || len(diags) != 1 || diags[0].Message != want || diags[0].Severity != normalize.Error {
		t.Fatalf("got %v %v, want %q", diags, err, want)
	}
}

// TestLargeClaudeJSON: a ~/.claude.json over the 64 MiB mcpconf once
// refused is read as Claude Code reads it: the user's servers and the
// project's local ones are there, approvals and trust recorded for the
// project count, and the other projects' entries are left out of the
// document.
func TestLargeClaudeJSON(t *testing.T) {
	dir := t.TempDir()
	root, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
	os.MkdirAll(root, 0o755)
	os.WriteFile(filepath.Join(root, ".mcp.json"), []byte(`{"mcpServers": {"github": {"command": "npx", "args": ["-y", "x"]}}}`), 0o644)
	path := filepath.Join(home, ".claude.json")
	if _, err := gen.ClaudeJSON(path, 66<<20, root); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() <= 64<<20 {
		t.Fatalf("%v: %d bytes", err, fi.Size())
	}
	set, err := clientView(Options{Root: root, Home: home}, "claude")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range set.Entries {
		got = append(got, fmt.Sprintf("%s %s %v", e.Server.Name, e.Server.Source.Scope, e.Server.Enabled))
	}
	if want := "[github project true local-db local true user-docs user true user-search user true]"; fmt.Sprint(got) != want || len(set.Diagnostics) > 0 {
		t.Fatalf("servers %v, diagnostics %v; want %s", got, set.Diagnostics, want)
	}
}
