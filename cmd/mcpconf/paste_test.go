package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// pasted runs line in /bin/sh, as a user pastes a command mcpconf
// suggests, in an empty directory, with the programs it may name
// (mcpconf, chmod, chown, sudo, gemini, env) replaced by functions that
// only print their arguments: it returns each call's program and
// arguments, and fails when anything else happened (a file created).
func pasted(t *testing.T, line string) [][]string {
	t.Helper()
	dir := t.TempDir()
	var stubs strings.Builder
	for _, p := range []string{"mcpconf", "chmod", "chown", "sudo", "gemini", "env"} {
		stubs.WriteString(p + `() { printf '%s\0' ` + p + ` "$@"; printf '\001'; }` + "\n")
	}
	cmd := exec.Command("/bin/sh", "-c", stubs.String()+line)
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("sh -c %q: %v", line, err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) > 0 {
		t.Errorf("pasting %q created %s", line, ents[0].Name())
	}
	var calls [][]string
	for _, c := range strings.Split(strings.TrimSuffix(string(out), "\x01"), "\x01") {
		calls = append(calls, strings.Split(strings.TrimSuffix(c, "\x00"), "\x00"))
	}
	return calls
}

// evilNames are server names a shell must not read as syntax.
var evilNames = []string{"x;touch pasted;#", "-rf it's $(touch pasted) `touch pasted`"}

// TestCheckLockHintsQuoted: --check-lock's hints name each server in a
// command the user can paste: a name holding ";", "#", quotes, "$(…)",
// backquotes or starting with "-" reaches mcpconf as that one name, after
// "--", and runs nothing else. Both kinds: a server not in the lock, and
// a recorded server whose tools changed.
func TestCheckLockHintsQuoted(t *testing.T) {
	root, home, toolsFile := lockTree(t, lockTools)
	os.Remove(filepath.Join(root, ".mcp.json"))
	servers := map[string]any{"calc": map[string]any{"command": testBin(t), "args": []string{"mcp-test-server", "--tools-file=" + toolsFile}}}
	writeDef := func() {
		def, _ := json.Marshal(map[string]any{"mcpServers": servers})
		if err := os.WriteFile(filepath.Join(root, ".cursor", "mcp.json"), def, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	writeDef()
	args := []string{"--root", root, "--home", home, "--client", "cursor"}
	if code, _, errOut := run(t, nil, append([]string{"probe", "--write-lock", "--lock-descriptions"}, args...)...); code != 0 {
		t.Fatalf("write: exit %d\n%s", code, errOut)
	}
	for i, n := range evilNames {
		servers[n] = map[string]any{"command": testBin(t), "args": []string{"mcp-test-server", "--tools-file=" + toolsFile, "--v" + string(rune('2'+i))}}
	}
	writeDef()
	review := regexp.MustCompile(`\((mcpconf probe .*?)\)(?:, then run|; if)`)
	check := func(want []string) {
		t.Helper()
		code, out, errOut := run(t, nil, append([]string{"probe", "--check-lock"}, args...)...)
		if code != 1 {
			t.Fatalf("check: exit %d\n%s%s", code, out, errOut)
		}
		var named []string
		for _, m := range review.FindAllStringSubmatch(out, -1) {
			for _, call := range pasted(t, m[1]) {
				// mcpconf probe NAME --tools, or mcpconf probe --tools -- -NAME
				switch {
				case len(call) == 4 && call[0] == "mcpconf" && call[1] == "probe" && call[3] == "--tools" && !strings.HasPrefix(call[2], "-"):
					named = append(named, call[2])
				case len(call) == 5 && call[0] == "mcpconf" && call[1] == "probe" && call[2] == "--tools" && call[3] == "--":
					named = append(named, call[4])
				default:
					t.Errorf("%s runs %q", m[1], call)
				}
			}
		}
		slices.Sort(named)
		named = slices.Compact(named)
		if !slices.Equal(named, want) {
			t.Errorf("the hints name %q, want %q\n%s", named, want, out)
		}
	}
	check(slices.Sorted(slices.Values(evilNames)))
	if code, _, errOut := run(t, nil, append([]string{"probe", "--write-lock", "--lock-descriptions"}, args...)...); code != 0 {
		t.Fatalf("write: exit %d\n%s", code, errOut)
	}
	changed := strings.Replace(lockTools, "Adds two numbers.", "Adds three numbers.", 1)
	changed = strings.Replace(changed, "\n]", ",\n  {\"name\": \"mul\", \"description\": \"Multiplies.\"}\n]", 1)
	if err := os.WriteFile(toolsFile, []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	check(slices.Sorted(slices.Values(append([]string{"calc"}, evilNames...))))
}
