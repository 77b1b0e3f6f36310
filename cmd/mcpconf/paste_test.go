package main

import (
	"encoding/json"
	"github.com/mcpconf/mcpconf/internal/shell/shelltest"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

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
			for _, call := range shelltest.Pasted(t, m[1]) {
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

// evilDir is a directory under dir whose name a shell must not read as
// syntax.
func evilDir(t *testing.T, dir string) string {
	t.Helper()
	d := filepath.Join(dir, "it's $(touch pasted) `touch pasted`;touch pasted #")
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return d
}

// TestHintsQuoted: every command mcpconf suggests that holds a name or a
// path from the files it reads, pasted into sh, runs that program with
// those arguments and nothing else. One row per place a hint suggests
// one; the lock's and Verify's are TestCheckLockHintsQuoted and
// app.TestVerifyHintsQuoted.
func TestHintsQuoted(t *testing.T) {
	for _, c := range []struct {
		name string
		// setup returns mcpconf's arguments and the arguments the pasted
		// command must give its program
		setup func(t *testing.T, root, home string) (args []string, want []string)
		// cmd finds the command in the output
		cmd *regexp.Regexp
	}{
		{"a name that is a directory", func(t *testing.T, root, home string) ([]string, []string) {
			d := evilDir(t, t.TempDir())
			return []string{"explain", d, "--root", root, "--home", home}, []string{"mcpconf", "explain", "--root", d}
		}, regexp.MustCompile(`run (mcpconf explain .*)$`)},
		{"a system file writable by others", func(t *testing.T, root, home string) ([]string, []string) {
			sys := evilDir(t, t.TempDir())
			f := filepath.Join(sys, "etc", "gemini-cli", "settings.json")
			os.MkdirAll(filepath.Dir(f), 0o755)
			os.WriteFile(f, []byte(`{}`), 0o644)
			os.Chmod(f, 0o666)
			return []string{"lint", "--scope", "all", "--system", sys, "--client", "gemini", "--root", root, "--home", home}, []string{"sudo", "chmod", "g-w,o-w", f}
		}, regexp.MustCompile(`run: (sudo chmod .*)$`)},
		{"a command that is not executable", func(t *testing.T, root, home string) ([]string, []string) {
			bin := filepath.Join(evilDir(t, t.TempDir()), "server")
			os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o644)
			def, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"s": map[string]any{"command": bin}}})
			// the global file: Cursor starts its servers without approval
			os.MkdirAll(filepath.Join(home, ".cursor"), 0o755)
			os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), def, 0o644)
			return []string{"probe", "--client", "cursor", "--root", root, "--home", home}, []string{"chmod", "+x", bin}
		}, regexp.MustCompile(`\((chmod .*)\)$`)},
		{"an extension disabled in this folder", func(t *testing.T, root, home string) ([]string, []string) {
			ext := filepath.Join(home, ".gemini", "extensions")
			os.MkdirAll(filepath.Join(ext, "off"), 0o755)
			os.WriteFile(filepath.Join(ext, "off", "gemini-extension.json"), []byte(`{"name": "-rf", "version": "1", "mcpServers": {"off-srv": {"command": "false"}}}`), 0o644)
			rules, _ := json.Marshal(map[string]any{"-rf": map[string]any{"overrides": []string{"!" + root + "/*"}}})
			os.WriteFile(filepath.Join(ext, "extension-enablement.json"), rules, 0o644)
			trust, _ := json.Marshal(map[string]string{root: "TRUST_FOLDER"})
			os.WriteFile(filepath.Join(home, ".gemini", "trustedFolders.json"), trust, 0o644)
			return []string{"explain", "--client", "gemini", "--root", root, "--home", home}, []string{"gemini", "extensions", "enable", "--", "-rf"}
		}, regexp.MustCompile(`run (gemini extensions .*) in this folder$`)},
		{"a server to run by hand", func(t *testing.T, root, home string) ([]string, []string) {
			arg := "it's $(touch pasted) `touch pasted`;touch pasted #"
			// env runs the server, and stands for it when the command is pasted
			def, _ := json.Marshal(map[string]any{"mcpServers": map[string]any{"s": map[string]any{"command": "env", "args": []string{testBin(t), "mcp-test-server", "--stderr=boom", arg}}}})
			os.MkdirAll(filepath.Join(home, ".cursor"), 0o755)
			os.WriteFile(filepath.Join(home, ".cursor", "mcp.json"), def, 0o644)
			return []string{"probe", "--client", "cursor", "--root", root, "--home", home}, []string{"env", testBin(t), "mcp-test-server", "--stderr=boom", arg}
		}, regexp.MustCompile(`to see the whole error: (?:cd \S+ && )?(.*)$`)},
	} {
		t.Run(c.name, func(t *testing.T) {
			root, home, _ := lockTree(t, lockTools)
			args, want := c.setup(t, root, home)
			_, out, errOut := run(t, map[string]string{"PATH": os.Getenv("PATH")}, args...)
			var found bool
			for _, line := range strings.Split(out+errOut, "\n") {
				m := c.cmd.FindStringSubmatch(strings.TrimSpace(line))
				if m == nil {
					continue
				}
				found = true
				calls := shelltest.Pasted(t, m[1])
				if len(calls) != 1 || !slices.Equal(stripEnv(calls[0]), want) {
					t.Errorf("%s runs %q, want %q", m[1], calls, want)
				}
			}
			if !found {
				t.Errorf("no command suggested:\n%s%s", out, errOut)
			}
		})
	}
}

// stripEnv drops env's options and assignments: the program and its
// arguments stay.
func stripEnv(call []string) []string {
	if len(call) == 0 || call[0] != "env" {
		return call
	}
	i := 1
	for i < len(call) && (strings.HasPrefix(call[i], "-") || strings.Contains(call[i], "=") && !strings.HasPrefix(call[i], "/")) {
		if call[i] == "-u" {
			i++
		}
		i++
	}
	return append([]string{"env"}, call[i:]...)
}

// TestCheckLockHintMasked: a value the run masks that spans part of the
// quoting of a name in a hint (here an env value ending in '\', which the
// quoted name Qz8Lm3Xp9W'; touch pasted; # holds) is masked without
// taking a quote away: the command still runs nothing but mcpconf.
func TestCheckLockHintMasked(t *testing.T) {
	root, home, toolsFile := lockTree(t, lockTools)
	os.Remove(filepath.Join(root, ".mcp.json"))
	servers := map[string]any{"calc": map[string]any{"command": testBin(t), "args": []string{"mcp-test-server", "--tools-file=" + toolsFile}}}
	def, _ := json.Marshal(map[string]any{"mcpServers": servers})
	os.WriteFile(filepath.Join(root, ".cursor", "mcp.json"), def, 0o644)
	args := []string{"--root", root, "--home", home, "--client", "cursor"}
	if code, _, errOut := run(t, nil, append([]string{"probe", "--write-lock"}, args...)...); code != 0 {
		t.Fatalf("write: exit %d\n%s", code, errOut)
	}
	servers["Qz8Lm3Xp9W'; touch pasted; #"] = map[string]any{"command": testBin(t), "args": []string{"mcp-test-server", "--tools-file=" + toolsFile, "--v2"},
		"env": map[string]string{"API_KEY": `Qz8Lm3Xp9W'\'`}}
	def, _ = json.Marshal(map[string]any{"mcpServers": servers})
	os.WriteFile(filepath.Join(root, ".cursor", "mcp.json"), def, 0o644)
	_, out, _ := run(t, nil, append([]string{"probe", "--check-lock"}, args...)...)
	m := regexp.MustCompile(`\((mcpconf probe .*?)\), then run`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no hint:\n%s", out)
	}
	if calls := shelltest.Pasted(t, m[1]); len(calls) != 1 || len(calls[0]) != 4 || calls[0][3] != "--tools" || strings.Contains(calls[0][2], "Qz8Lm3Xp9W") {
		t.Errorf("%s runs %q", m[1], calls)
	}
}
