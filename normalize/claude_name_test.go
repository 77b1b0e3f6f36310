package normalize

import (
	"regexp"
	"strings"
	"testing"
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
