package normalize

import (
	"regexp"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// claudeServerPartRegexp is Claude Code's XVe() written as it is there: a
// regular expression, then a cut at the first "__".
func claudeServerPartRegexp(name string) string {
	p := regexp.MustCompile(`[^A-Za-z0-9_-]`).ReplaceAllString(name, "_")
	if i := strings.Index(p, "__"); i >= 0 {
		p = p[:i]
	}
	return p
}

func FuzzClaudeServerPart(f *testing.F) {
	for _, s := range []string{"workspace", "Claude Preview", "workspace__x", "__proto__", "a_ b", "数据", "x__", "_", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if got, want := claudeServerPart(name), claudeServerPartRegexp(name); got != want {
			t.Fatalf("claudeServerPart(%q) = %q, want %q", name, got, want)
		}
	})
}

func TestClaudeReservedName(t *testing.T) {
	for name, want := range map[string]string{
		"workspace": "workspace", "Claude_Preview": "Claude Preview", "workspace__x": "workspace",
		"__proto__": "__proto__", "my-workspace": "", "github": "", "Claude in Chrome": "Claude in Chrome", "claude_in-chrome": "",
	} {
		if got := claudeReservedName(name); got != want {
			t.Errorf("claudeReservedName(%q) = %q, want %q", name, got, want)
		}
	}
}

// claudeMcpNameJS is Claude Code's Mn() as it is written there: a regular
// expression over UTF-16 units, then, for "claude.ai " names, runs of "_"
// made one and "_" trimmed at both ends.
func claudeMcpNameJS(name string) string {
	units := utf16.Encode([]rune(name))
	out := make([]byte, 0, len(units))
	for _, u := range units {
		if u < 0x80 && regexp.MustCompile(`[A-Za-z0-9_-]`).MatchString(string(rune(u))) {
			out = append(out, byte(u))
		} else {
			out = append(out, '_')
		}
	}
	r := string(out)
	if strings.HasPrefix(name, "claude.ai ") {
		r = strings.Trim(regexp.MustCompile(`_+`).ReplaceAllString(r, "_"), "_")
	}
	return r
}

func FuzzClaudeMcpName(f *testing.F) {
	for _, s := range []string{"a.b", "a_b", "claude.ai  Slack..x_", "数据", "😀x", "plugin:a:b", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, name string) {
		if !utf8.ValidString(name) {
			return // JSON strings are valid UTF-8
		}
		if got, want := claudeMcpName(name), claudeMcpNameJS(name); got != want {
			t.Fatalf("claudeMcpName(%q) = %q, want %q", name, got, want)
		}
	})
}

func TestClaudeDisabledMatch(t *testing.T) {
	for _, c := range []struct {
		entry, name string
		want        bool
	}{
		{"a.b", "a_b", true}, {"a b", "a.b", true}, {"a_b", "a-b", false}, {"A", "a", false},
		{"plugin:x:a.b", "plugin:x:a_b", false}, {"plugin:x:a", "plugin:x:a", true},
	} {
		if got := claudeDisabledMatch(c.entry, c.name); got != c.want {
			t.Errorf("claudeDisabledMatch(%q, %q) = %v, want %v", c.entry, c.name, got, c.want)
		}
	}
}
