//go:build unix

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestTimepair: two commands run in turn, each n times; a non-zero exit
// is counted, not fatal; the ratio of the medians is printed.
func TestTimepair(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := run([]string{"-n", "3", "-warm", "0", "--", "true", "--", "sh", "-c", "sleep 0.05; exit 1"}, &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	got := out.String()
	for _, want := range []string{"A: [true]", "B: [sh -c sleep 0.05; exit 1]", "(3 of 3 runs exited non-zero)", "medians of 3 interleaved runs"} {
		if !strings.Contains(got, want) {
			t.Errorf("output lacks %q:\n%s", want, got)
		}
	}
	if strings.Count(got, "exited non-zero") != 1 {
		t.Errorf("true counted as failing:\n%s", got)
	}
	if code := run([]string{"--", "/nonexistent/cmd"}, &out, &errOut); code != 1 {
		t.Errorf("a command that cannot start: exit %d, want 1", code)
	}
	if code := run([]string{"-n", "1"}, &out, &errOut); code != 2 {
		t.Errorf("no command: exit %d, want 2", code)
	}
}
