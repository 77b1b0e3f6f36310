package edit

import (
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

func TestDiff(t *testing.T) {
	tests := []struct {
		name, a, b, want string
	}{
		{"equal", "a\n", "a\n", ""},
		{"one line", "{\n  \"a\": 1\n}\n", "{\n  \"a\": 2\n}\n",
			"--- a/x.json\n+++ b/x.json\n@@ -1,3 +1,3 @@\n {\n-  \"a\": 1\n+  \"a\": 2\n }\n"},
		{"insert into empty", "", "a\n", "--- a/x.json\n+++ b/x.json\n@@ -0,0 +1 @@\n+a\n"},
		{"delete all", "a\nb\n", "", "--- a/x.json\n+++ b/x.json\n@@ -1,2 +0,0 @@\n-a\n-b\n"},
		{"no newline at end", "a\nb", "a\nc", "--- a/x.json\n+++ b/x.json\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n"},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\n11\nY\n",
			"--- a/x.json\n+++ b/x.json\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -9,4 +9,4 @@\n 9\n 10\n 11\n-12\n+Y\n"},
		{"merged hunk", "1\n2\n3\n4\n5\n6\n7\n8\n", "1\nX\n3\n4\n5\n6\n7\nY\n",
			"--- a/x.json\n+++ b/x.json\n@@ -1,8 +1,8 @@\n 1\n-2\n+X\n 3\n 4\n 5\n 6\n 7\n-8\n+Y\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Diff("x.json", []byte(tt.a), []byte(tt.b)); got != tt.want {
				t.Errorf("got\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestDiffGit compares with git diff on random line edits where git is
// installed: the hunks must be the same (an edit script of the same
// length can differ in where a moved line is said to go, so the inputs
// avoid repeated lines).
func TestDiffGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(1, 2))
	for i := range 60 {
		var a, b []string
		for j := range 5 + r.IntN(30) {
			line := "line " + string(rune('a'+j%26)) + strings.Repeat("x", j/26)
			if r.IntN(5) > 0 {
				a = append(a, line)
			}
			if r.IntN(5) > 0 {
				if r.IntN(8) == 0 {
					line += " changed"
				}
				b = append(b, line)
			}
		}
		as, bs := strings.Join(a, "\n")+"\n", strings.Join(b, "\n")+"\n"
		pa, pb := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		os.WriteFile(pa, []byte(as), 0o644)
		os.WriteFile(pb, []byte(bs), 0o644)
		out, _ := exec.Command(git, "diff", "--no-index", "--no-color", "--no-ext-diff", "--diff-algorithm=myers", pa, pb).Output()
		// git follows a hunk header with the nearest line of "function
		// context"; mcpconf's has none
		want := regexp.MustCompile(`(?m)^(@@ [^@]* @@).*$`).ReplaceAllString(string(out), "$1")
		if k := strings.Index(want, "@@"); k >= 0 {
			want = want[k:]
		}
		got := Diff("f", []byte(as), []byte(bs))
		if k := strings.Index(got, "@@"); k >= 0 {
			got = got[k:]
		}
		if got != want {
			t.Fatalf("case %d:\n%s\n----\n%s\ngot\n%s\nwant (git)\n%s", i, as, bs, got, want)
		}
	}
}
