package resolve

import (
	"slices"
	"testing"
)

func TestQuotedStrings(t *testing.T) {
	for _, tc := range []struct {
		s    string
		want []string
	}{
		{`["--token", "abc"]`, []string{"--token", "abc"}},
		{`{"k": "a \"quoted\" b", "e": ""}`, []string{"k", `a \"quoted\" b`, "e", ""}},
		{`"ends with backslash \\" "next"`, []string{`ends with backslash \\`, "next"}},
		{`"done" "unterminated`, []string{"done"}},
		{`no quotes`, nil},
	} {
		var got []string
		for start, end := range QuotedStrings(tc.s) {
			got = append(got, tc.s[start:end])
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("QuotedStrings(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
	// stopping early
	n := 0
	for range QuotedStrings(`"a" "b" "c"`) {
		n++
		break
	}
	if n != 1 {
		t.Errorf("break: %d", n)
	}
}
