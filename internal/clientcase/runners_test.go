package clientcase

import (
	"os/exec"
	"strings"
	"testing"
)

// TestClientcheckRunners: every client runner of scripts/clientcheck
// returns what it observed. Twice a merge cut a runner's last lines
// (run_pisces, then run_copilot), and every case of that client was
// then recorded as observing nothing, with no error.
func TestClientcheckRunners(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("no python3")
	}
	const check = `
import ast, sys
t = ast.parse(open(sys.argv[1]).read())
runners = None
fns = {}
for n in t.body:
    if isinstance(n, ast.FunctionDef):
        fns[n.name] = n
    elif isinstance(n, ast.Assign) and any(getattr(x, "id", "") == "RUNNERS" for x in n.targets):
        runners = [v.id for v in n.value.values]
if not runners:
    print("no RUNNERS table")
for name in runners or []:
    f = fns.get(name)
    if f is None or not any(isinstance(x, ast.Return) and x.value is not None for x in ast.walk(f)):
        print(name, "returns nothing")
`
	out, err := exec.Command(py, "-c", check, "../../scripts/clientcheck/clientcheck.py").CombinedOutput()
	if err != nil || strings.TrimSpace(string(out)) != "" {
		t.Errorf("scripts/clientcheck/clientcheck.py: %v\n%s", err, out)
	}
}
