// Package shelltest pastes a command mcpconf suggests into a real
// /bin/sh, for tests: what each program it names was given, and whether
// anything else happened.
package shelltest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// Programs are the programs Pasted replaces when given none: those
// mcpconf's hints name.
var Programs = []string{"mcpconf", "chmod", "chown", "sudo", "gemini", "env"}

// Pasted runs line in /bin/sh, as a user pastes it, in an empty
// directory, with programs (Programs when none) replaced by functions
// that only print their arguments: it returns each call, its program
// first. A line the shell refuses, or one that creates a file, fails the
// test (and a refused one returns nil).
func Pasted(t testing.TB, line string, programs ...string) [][]string {
	t.Helper()
	if len(programs) == 0 {
		programs = Programs
	}
	dir := t.TempDir()
	var stubs strings.Builder
	for _, p := range programs {
		stubs.WriteString(p + `() { printf '%s\0' ` + p + ` "$@"; printf '\001'; }` + "\n")
	}
	cmd := exec.Command("/bin/sh", "-c", stubs.String()+line)
	cmd.Dir = dir
	out, err := cmd.Output()
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		t.Errorf("pasting %q created %s", line, ents[0].Name())
	}
	if err != nil {
		t.Errorf("sh -c %q: %v", line, err)
		return nil
	}
	var calls [][]string
	for _, c := range strings.Split(strings.TrimSuffix(string(out), "\x01"), "\x01") {
		calls = append(calls, strings.Split(strings.TrimSuffix(c, "\x00"), "\x00"))
	}
	return calls
}

// Args are the arguments of the one call of Pasted, the program left
// out; nil when the line made no call or several.
func Args(t testing.TB, line string, programs ...string) []string {
	t.Helper()
	calls := Pasted(t, line, programs...)
	if len(calls) != 1 {
		if calls != nil {
			t.Errorf("pasting %q made %d calls, want 1: %q", line, len(calls), calls)
		}
		return nil
	}
	return calls[0][1:]
}
