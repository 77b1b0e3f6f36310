package probe

import (
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/secret"
)

// TestHandCommand: the command to run by hand, pasted into sh, gives the
// program the environment the client gives it: nothing inherited but
// what is named, values from the user's shell by reference, literals
// quoted, secrets masked.
func TestHandCommand(t *testing.T) {
	b := secret.NewKeyed(nil)
	b.Learn("LearnedSecret-Zx1Cv3Bn5Mm7")
	target := &Target{Command: "env", HandEnv: &ShellEnv{Client: "Codex", Clear: true, Set: []ShellVar{
		{Name: "PATH", Parts: []ShellPart{{Text: "PATH", Var: true}}},
		{Name: "A", Parts: []ShellPart{{Text: `it's $x "q" \`}}},
		{Name: "B", Parts: []ShellPart{{Text: "pre-"}, {Text: "SRC", Var: true}, {Text: "_post $y"}}},
		{Name: "S", Parts: []ShellPart{{Text: "LearnedSecret-Zx1Cv3Bn5Mm7"}}},
		{Name: "T", Parts: []ShellPart{{Text: "Bearer "}, {Text: "LearnedSecret-Zx1Cv3Bn5Mm7"}, {Text: "SRC", Var: true}}},
	}}}
	hint := handHint(masker{b}, target, "to see the whole error")
	line, ok := strings.CutPrefix(hint, "run it by hand as Codex starts it to see the whole error: ")
	if !ok || !strings.HasPrefix(line, "env -i PATH=\"$PATH\" ") || strings.Contains(line, "LearnedSecret") {
		t.Fatalf("%q", hint)
	}
	cmd := exec.Command("sh", "-c", line)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "SRC=from-shell", "LEAK=1"}
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", line, err)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	slices.Sort(got)
	want := []string{`A=it's $x "q" \`, "B=pre-from-shell_post $y", "PATH=" + os.Getenv("PATH"), "S=***", "T=Bearer ***from-shell"}
	if !slices.Equal(got, want) {
		t.Errorf("%s\ngave %q\nwant %q", line, got, want)
	}

	// a client that passes its environment less some variables
	target.HandEnv = &ShellEnv{Unset: []string{"LEAK"}, Set: []ShellVar{{Name: "X", Parts: []ShellPart{{Text: "1"}}}}, Dir: "/"}
	if got := handCommand(masker{b}, target); got != "cd / && env -u LEAK X=1 env" {
		t.Errorf("%q", got)
	}
	// and one that passes it all
	target.HandEnv = &ShellEnv{Client: "Claude Code"}
	if got := handHint(masker{b}, target, "to see why"); got != "run it by hand as Claude Code starts it to see why: env" {
		t.Errorf("%q", got)
	}
}

// TestEnvFromStderr: the variables not passed that a failing server's
// stderr names come first, marked; the others keep their order.
func TestEnvFromStderr(t *testing.T) {
	target := stdioTarget(t, "exit") // "error: OPENAI_API_KEY is wrong: …"
	target.EnvNotPassed = []EnvVar{{Name: "GH_TOKEN", Why: "named in its definition"}, {Name: "AAA"}, {Name: "OPENAI_API_KEY"}, {Name: "OPENAI"}}
	r := probe1(t, target, Options{})
	want := []EnvVar{{Name: "OPENAI_API_KEY", Why: NamedOnStderr}, {Name: "GH_TOKEN", Why: "named in its definition"}, {Name: "AAA"}, {Name: "OPENAI"}}
	if !slices.Equal(r.EnvNotPassed, want) {
		t.Errorf("%+v, want %+v", r.EnvNotPassed, want)
	}
	for line, names := range map[string]bool{
		"DEBUG: starting":                 false, // a log level, not a variable
		"set DEBUG in the env for more":   true,
		"error: API_KEY missing":          true,
		"MY_TOKEN_X is not set":           false, // another variable
		"the PAT variable is required":    true,
		"cannot read the PAT file at ~/x": false,
	} {
		name := "API_KEY"
		for _, n := range []string{"DEBUG", "MY_TOKEN", "PAT"} {
			if strings.Contains(line, n) {
				name = n
			}
		}
		if got := namesVariable(line, name); got != names {
			t.Errorf("%q names %s: %v, want %v", line, name, got, names)
		}
	}
}

// TestHandCommandInteractiveBash: the command to run by hand survives an
// interactive bash, whose history expansion acts on "!" in double quotes
// ("event not found"): literal parts are single-quoted beside "$NAME".
func TestHandCommandInteractiveBash(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	target := &Target{Command: "printenv", Args: []string{"A"}, HandEnv: &ShellEnv{Set: []ShellVar{
		{Name: "A", Parts: []ShellPart{{Text: "x!y "}, {Text: "SRC", Var: true}, {Text: "!!"}}},
	}}}
	line := handCommand(masker{secret.New()}, target)
	cmd := exec.Command("bash")
	cmd.Stdin = strings.NewReader("set -o history -H\n" + line + "\n")
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "SRC=from-shell"}
	out, err := cmd.CombinedOutput()
	if err != nil || string(out) != "x!y from-shell!!\n" {
		t.Errorf("%s: %v\n%q", line, err, out)
	}
}
