package release

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// action is the part of action.yml the tests read.
type action struct {
	Inputs map[string]struct {
		Default string `json:"default"`
	} `json:"inputs"`
	Runs struct {
		Using string `json:"using"`
		Steps []step `json:"steps"`
	} `json:"runs"`
}

type step struct {
	ID    string            `json:"id"`
	If    string            `json:"if"`
	Shell string            `json:"shell"`
	Run   string            `json:"run"`
	Uses  string            `json:"uses"`
	Env   map[string]string `json:"env"`
	With  map[string]string `json:"with"`
}

// readAction reads action.yml with python3's YAML parser (the module has
// no YAML dependency) and returns it and its text.
func readAction(t *testing.T) (action, string) {
	t.Helper()
	needTools(t, "python3")
	path := filepath.Join(repoRoot, "action.yml")
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("python3", "-c", "import json, sys, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)")
	cmd.Stdin = strings.NewReader(string(text))
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && strings.Contains(string(ee.Stderr), "No module named 'yaml'") {
			t.Skip("python3 has no yaml module")
		}
		t.Fatalf("action.yml does not parse as YAML: %v", err)
	}
	var a action
	if err := json.Unmarshal(out, &a); err != nil {
		t.Fatal(err)
	}
	return a, string(text)
}

var exprRE = regexp.MustCompile(`\$\{\{\s*([^}]*?)\s*\}\}`)
var inputRefRE = regexp.MustCompile(`inputs\.([A-Za-z0-9_-]+)`)

// TestActionInputs: action.yml is a composite action whose every input is
// used and whose every reference to an input names one it declares.
func TestActionInputs(t *testing.T) {
	a, text := readAction(t)
	if a.Runs.Using != "composite" {
		t.Errorf("runs.using = %q, want composite", a.Runs.Using)
	}
	used := map[string]bool{}
	for _, m := range inputRefRE.FindAllStringSubmatch(text, -1) {
		used[m[1]] = true
		if _, ok := a.Inputs[m[1]]; !ok {
			t.Errorf("action.yml uses inputs.%s, which it does not declare", m[1])
		}
	}
	for name := range a.Inputs {
		if !used[name] {
			t.Errorf("input %q is declared but not used", name)
		}
	}
	for _, name := range []string{"args", "version", "format", "fail-on"} {
		if _, ok := a.Inputs[name]; !ok {
			t.Errorf("no input %q", name)
		}
	}
	if d := a.Inputs["args"].Default; d != "lint -r ." {
		t.Errorf("args defaults to %q, want %q", d, "lint -r .")
	}
	for i, s := range a.Runs.Steps {
		if s.Run != "" && s.Shell == "" {
			t.Errorf("step %d (%s): a composite run step needs a shell", i, s.ID)
		}
		// Inputs reach the scripts through env, never spliced into the script.
		if exprRE.MatchString(s.Run) {
			t.Errorf("step %d (%s): an expression inside run: (pass it through env)", i, s.ID)
		}
	}
}

// simulation runs action.yml's steps as a runner would for a composite
// action: expressions in env, with and if resolved from the inputs and
// the steps' outputs, run steps in bash with GITHUB_OUTPUT, RUNNER_TEMP
// and GITHUB_WORKSPACE, the job failing at the first failing step.
type simulation struct {
	stdout   string
	failedAt string // id of the step that failed, "" if none
	code     int
	uploaded string // sarif_file passed to upload-sarif, "" if it did not run
}

func simulate(t *testing.T, a action, workspace string, inputs map[string]string) simulation {
	t.Helper()
	values := map[string]string{}
	for name, in := range a.Inputs {
		values["inputs."+name] = in.Default
	}
	for name, v := range inputs {
		if _, ok := a.Inputs[name]; !ok {
			t.Fatalf("the test sets input %q, which action.yml does not declare", name)
		}
		values["inputs."+name] = v
	}
	temp := t.TempDir()
	resolve := func(s string) string {
		return exprRE.ReplaceAllStringFunc(s, func(e string) string {
			key := exprRE.FindStringSubmatch(e)[1]
			v, ok := values[key]
			if !ok {
				t.Fatalf("action.yml: no value for ${{ %s }}", key)
			}
			return v
		})
	}
	var sim simulation
	for i, s := range a.Runs.Steps {
		if s.If != "" && !evalIf(t, s.If, values) {
			continue
		}
		if s.Uses != "" {
			if !strings.HasPrefix(s.Uses, "github/codeql-action/upload-sarif@") {
				t.Fatalf("step %d uses %q, which the simulation does not know", i, s.Uses)
			}
			sim.uploaded = resolve(s.With["sarif_file"])
			continue
		}
		output := filepath.Join(temp, "output")
		if err := os.WriteFile(output, nil, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := exec.Command("bash", "--noprofile", "--norc", "-e", "-o", "pipefail", "-c", s.Run)
		cmd.Dir = workspace
		cmd.Env = append(npmEnv(temp), "GITHUB_OUTPUT="+output, "RUNNER_TEMP="+temp,
			"GITHUB_WORKSPACE="+workspace, "GITHUB_ACTIONS=true", "CI=true")
		for k, v := range s.Env {
			cmd.Env = append(cmd.Env, k+"="+resolve(v))
		}
		var stdout, stderr strings.Builder
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		err := cmd.Run()
		sim.stdout += stdout.String()
		if err != nil {
			ee, ok := err.(*exec.ExitError)
			if !ok {
				t.Fatal(err)
			}
			sim.failedAt, sim.code = s.ID, ee.ExitCode()
			t.Logf("step %s: exit %d\n%s", s.ID, sim.code, stderr.String())
			return sim
		}
		out, _ := os.ReadFile(output)
		for _, line := range strings.Split(string(out), "\n") {
			if k, v, ok := strings.Cut(line, "="); ok && s.ID != "" {
				values["steps."+s.ID+".outputs."+k] = v
			}
		}
	}
	return sim
}

// evalIf evaluates the expressions action.yml's ifs use: terms
// "inputs.x != ”" or "inputs.x == 'lit'" joined by &&.
func evalIf(t *testing.T, cond string, values map[string]string) bool {
	t.Helper()
	termRE := regexp.MustCompile(`^(inputs\.[A-Za-z0-9_-]+) (==|!=) '([^']*)'$`)
	for _, term := range strings.Split(cond, "&&") {
		m := termRE.FindStringSubmatch(strings.TrimSpace(term))
		if m == nil {
			t.Fatalf("if: %q: the simulation evaluates only inputs.x == / != 'literal' joined by &&", cond)
		}
		if (values[m[1]] == m[3]) != (m[2] == "==") {
			return false
		}
	}
	return true
}

// TestActionSteps runs action.yml's steps on the planted fixture, with
// mcpconf installed from the tarballs of scripts/release/npm: the job
// fails with lint's exit code and ::error annotations on the lines; with
// sarif set the SARIF is written and uploaded before; on a clean
// workspace the job passes.
func TestActionSteps(t *testing.T) {
	a, _ := readAction(t)
	needTools(t, "node", "npm", "go", "bash")
	dir := tarballs(t)
	fixture := filepath.Join(repoRoot, "testdata", "fixtures", "lint-planted")

	sim := simulate(t, a, fixture, map[string]string{"version": dir})
	if sim.failedAt != "lint" || sim.code != 1 {
		t.Errorf("defaults on lint-planted: failed at %q with %d, want the lint step with 1", sim.failedAt, sim.code)
	}
	if !strings.Contains(sim.stdout, "::error file=.codex/config.toml,line=3,col=1") {
		t.Errorf("no ::error annotation on .codex/config.toml:3 in:\n%s", sim.stdout)
	}
	if !strings.Contains(sim.stdout, "mcpconf "+testVersion+"\n") {
		t.Errorf("the install step did not print the installed version %q:\n%s", testVersion, sim.stdout)
	}
	if sim.uploaded != "" {
		t.Errorf("upload-sarif ran without the sarif input")
	}

	sarif := filepath.Join(t.TempDir(), "mcpconf.sarif")
	sim = simulate(t, a, fixture, map[string]string{"version": dir, "sarif": sarif, "fail-on": "info"})
	if sim.failedAt != "lint" || sim.code != 1 {
		t.Errorf("with sarif: failed at %q with %d, want the lint step with 1", sim.failedAt, sim.code)
	}
	if sim.uploaded != sarif {
		t.Errorf("upload-sarif got %q, want %q", sim.uploaded, sarif)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Results []json.RawMessage `json:"results"`
		} `json:"runs"`
	}
	if b, err := os.ReadFile(sarif); err != nil {
		t.Error(err)
	} else if err := json.Unmarshal(b, &log); err != nil || log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) == 0 {
		t.Errorf("%s is no SARIF 2.1.0 log with results (%v):\n%.300s", sarif, err, b)
	}

	sim = simulate(t, a, fixture, map[string]string{"version": dir, "sarif": sarif, "upload-sarif": "false", "args": "lint --bogus"})
	if sim.failedAt != "sarif" || sim.code != 2 || sim.uploaded != "" {
		t.Errorf("bad args: failed at %q with %d (uploaded %q), want the sarif step with 2 and no upload", sim.failedAt, sim.code, sim.uploaded)
	}

	clean := t.TempDir()
	if err := os.WriteFile(filepath.Join(clean, ".mcp.json"), []byte(`{"mcpServers": {"fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]}}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	sim = simulate(t, a, clean, map[string]string{"version": dir})
	if sim.failedAt != "" {
		t.Errorf("clean workspace: failed at %q with %d, output:\n%s", sim.failedAt, sim.code, sim.stdout)
	}
}
