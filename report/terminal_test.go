package report

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

var codes = regexp.MustCompile("\x1b\\[[0-9;]*m")

func TestVisibleWidth(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"abc", 3},
		{"\x1b[33mabc\x1b[0m", 3},
		{"数据", 4},
		{"e\u0301", 1},
		{"\x1b[1;2mx\x1b[22m", 1},
		{"a\tb", 3},
	} {
		if got := visibleWidth(c.s); got != c.want {
			t.Errorf("visibleWidth(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}

// TestTableColors: a colored cell takes the room of its text, so a
// colored table is the plain one once its codes are removed.
func TestTableColors(t *testing.T) {
	yellow := func(s string) string { return "\x1b[33m" + s + "\x1b[0m" }
	for _, width := range []int{0, 40} {
		var plain, colored bytes.Buffer
		for _, p := range []struct {
			b *bytes.Buffer
			f func(string) string
		}{{&plain, func(s string) string { return s }}, {&colored, yellow}} {
			tw := &table{indent: "  ", head: true}
			tw.add("NAME", "STATUS", "PATH")
			tw.add("github", p.f("pending-approval"), "a/long/path/to/the/file/that/wraps.json")
			tw.add("数据", p.f("ok"), "")
			tw.add("x", p.f(""), "short")
			tw.write(p.b, width)
		}
		if got := codes.ReplaceAllString(colored.String(), ""); got != plain.String() {
			t.Errorf("width %d: colored table without codes:\n%s\nplain:\n%s", width, got, plain.String())
		}
		for _, l := range strings.Split(plain.String(), "\n") {
			if width > 0 && visibleWidth(l) > width {
				t.Errorf("width %d: line %q is %d wide", width, l, visibleWidth(l))
			}
			if strings.HasSuffix(l, " ") {
				t.Errorf("line %q ends in a blank", l)
			}
		}
	}
}

// TestTableColumns: a matrix too wide for the terminal is printed as
// several, each with the names, every cell whole.
func TestTableColumns(t *testing.T) {
	tw := &table{indent: "  ", head: true}
	tw.add("NAME", "PISCES", "CLAUDE CODE", "CODEX", "CURSOR")
	tw.add("github", ".pisces/mcp.json:3", "pending-approval", "~/.codex/config.toml:1", ".cursor/mcp.json:3")
	var b bytes.Buffer
	tw.writeColumns(&b, 60, 1)
	want := `  NAME    PISCES              CLAUDE CODE
  github  .pisces/mcp.json:3  pending-approval

  NAME    CODEX                   CURSOR
  github  ~/.codex/config.toml:1  .cursor/mcp.json:3
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
	b.Reset()
	tw.writeColumns(&b, 0, 1)
	if n := strings.Count(b.String(), "\n"); n != 2 {
		t.Errorf("on a pipe the matrix is one table, got\n%s", b.String())
	}
}

func TestWrap(t *testing.T) {
	got := wrap("  to start it: run claude in the project and approve it", 24, "      ")
	want := []string{"  to start it: run", "      claude in the", "      project and", "      approve it"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("got %q, want %q", got, want)
	}
	// a URL longer than a line is not cut: it overflows on a line of its own
	got = wrap("  see https://code.example.com/docs/en/mcp-servers/configuration for more", 30, "    ")
	want = []string{"  see", "    https://code.example.com/docs/en/mcp-servers/configuration", "    for more"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("URL: got %q, want %q", got, want)
	}
	// a colored span cut by a break is closed and reopened
	got = wrap("\x1b[33mone two three\x1b[0m", 8, "")
	if got[0] != "\x1b[33mone two\x1b[0m" || got[1] != "\x1b[33mthree\x1b[0m" {
		t.Errorf("colored wrap: %q", got)
	}
}

// urlAlone reports a line that is one URL (after its indent): it may run
// past the width.
func urlAlone(l string) bool {
	w := strings.TrimSpace(codes.ReplaceAllString(l, ""))
	return strings.Contains(w, "://") && !strings.Contains(w, " ")
}

// FuzzWrap: wrapped lines fit (a word longer than a line is broken, but
// for a URL),
// keep every visible character but the spaces the breaks fell on, and
// each line closes the colors it leaves open.
func FuzzWrap(f *testing.F) {
	f.Add("  filesystem in Claude Code: no \"enabledMcpjsonServers\" setting lists it", 30)
	f.Add("\x1b[33muntrusted: (projects.\"/tmp/a/very/long/path/that/goes/on\".trust_level)\x1b[0m", 20)
	f.Add("数据数据数据 e\u0301e\u0301 x", 5)
	f.Fuzz(func(t *testing.T, s string, w int) {
		if w < 4 || w > 200 || strings.ContainsAny(s, "\x1b\n\r") && !strings.Contains(s, "\x1b[") {
			return
		}
		s = strings.ToValidUTF8(strings.ReplaceAll(s, "\n", " "), "?")
		lines := wrap(s, w, "  ")
		var seen strings.Builder
		for i, l := range lines {
			if n := visibleWidth(l); n > w && len(lines) > 1 && !wideAlone(l, w) && !urlAlone(l) {
				t.Fatalf("line %d of %q is %d wide, want at most %d: %q", i, s, n, w, lines)
			}
			seen.WriteString(codes.ReplaceAllString(l, ""))
		}
		strip := func(s string) string {
			return strings.Map(func(r rune) rune {
				if r == ' ' {
					return -1
				}
				return r
			}, codes.ReplaceAllString(s, ""))
		}
		if strip(seen.String()) != strip(s) {
			t.Fatalf("wrap(%q, %d) lost text: %q", s, w, lines)
		}
	})
}

// wideAlone: a line over the width only because a wide character or a
// lone escape fragment cannot be split.
func wideAlone(l string, w int) bool {
	return visibleWidth(l) <= w+1
}
