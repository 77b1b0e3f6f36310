package textwrap

import (
	"strings"
	"testing"
)

func TestLines(t *testing.T) {
	for _, c := range []struct {
		text  string
		width int
		want  string
	}{
		{"a bb ccc dddd", 6, "a bb|ccc|dddd"},
		{"a  bb\tccc", 0, "a bb ccc"},
		{"https://example.com/a/long/path x", 10, "https://example.com/a/long/path|x"},
		{"", 10, ""},
	} {
		if got := strings.Join(Lines(c.text, c.width), "|"); got != c.want {
			t.Errorf("Lines(%q, %d) = %q, want %q", c.text, c.width, got, c.want)
		}
	}
}

// FuzzLines: no line is longer than the width unless it is one word, and
// the words are kept in order.
func FuzzLines(f *testing.F) {
	f.Add("the file exists but cannot be read", 12)
	f.Fuzz(func(t *testing.T, text string, width int) {
		if width < 1 || width > 200 {
			return
		}
		lines := Lines(text, width)
		for _, l := range lines {
			if len(l) > width && strings.Contains(l, " ") {
				t.Fatalf("line %q longer than %d", l, width)
			}
		}
		if strings.Join(strings.Fields(strings.Join(lines, " ")), " ") != strings.Join(strings.Fields(text), " ") {
			t.Fatalf("Lines(%q) = %q lost words", text, lines)
		}
	})
}
