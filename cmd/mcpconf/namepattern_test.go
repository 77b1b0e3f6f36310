package main

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestNamePatternRefusesStart: Codex lists a server whose name is outside
// its pattern but refuses to start it (testdata/clients/codex-name-chars;
// "Invalid MCP server name 'my server': must match pattern
// ^[a-zA-Z0-9_:@/.-]+$"). explain said "Codex: starts it" and probe
// started it. Both say Codex refuses to start it, quote the pattern from
// the descriptor (normalize.NamePattern) and say to rename it; a name
// inside the pattern (docs.v2) still starts (issue 27).
func TestNamePatternRefusesStart(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	server := fmt.Sprintf("command = %q\nargs = [\"mcp-test-server\", \"--log=%s\"]\n", bin, log)
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": "[mcp_servers.\"my server\"]\n" + server + "\n[mcp_servers.\"docs.v2\"]\n" + server,
	})
	const pattern = `"^[a-zA-Z0-9_:@/.-]+$"`
	code, out, errOut := run(t, nil, "explain", "my server", "--root", root, "--home", home, "--client", "codex")
	if code != 0 {
		t.Fatalf("explain: exit %d\n%s", code, errOut)
	}
	for _, want := range []string{`Codex refuses to start a server named "my server"`, pattern, `rename it, e.g. to "my-server"`} {
		if !strings.Contains(out, want) {
			t.Errorf("explain \"my server\" lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "starts it") {
		t.Errorf("explain says Codex starts \"my server\":\n%s", out)
	}
	// explain --resolve says why beside the status
	_, out, _ = run(t, nil, "explain", "my server", "--resolve", "--root", root, "--home", home, "--client", "codex")
	if !strings.Contains(out, `invalid: Codex refuses to start a server named "my server"`) {
		t.Errorf("explain --resolve \"my server\" does not say why:\n%s", out)
	}
	_, out, _ = run(t, nil, "explain", "docs.v2", "--root", root, "--home", home, "--client", "codex")
	if !strings.Contains(out, "Codex: starts it") {
		t.Errorf("docs.v2 is inside the pattern and starts:\n%s", out)
	}
	_, out, _ = run(t, nil, "explain", "--root", root, "--home", home, "--client", "codex")
	if !strings.Contains(out, "Servers (2, 1 starts)") && !strings.Contains(out, "Servers (2, 1 start)") {
		t.Errorf("explain counts \"my server\" as started:\n%s", out)
	}

	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "codex")
	if code != 1 {
		t.Errorf("probe: exit %d, want 1 (a server Codex does not start)\n%s", code, errOut)
	}
	for _, s := range rep.Servers {
		switch s.Name {
		case "my server":
			if s.Status == "ok" || !strings.Contains(s.Reason, `Codex refuses to start a server named "my server"`) ||
				!strings.Contains(s.Reason, pattern) || !strings.Contains(s.Hint, `rename it, e.g. to "my-server"`) {
				t.Errorf("probe \"my server\": %s: %s (hint %q)", s.Status, s.Reason, s.Hint)
			}
		case "docs.v2":
			if s.Status != "ok" {
				t.Errorf("probe docs.v2: %s: %s", s.Status, s.Reason)
			}
		}
	}
	b, _ := os.ReadFile(log)
	if n := strings.Count(string(b), "\n"); n > 1 {
		t.Errorf("probe started %d servers, want 1 (docs.v2):\n%s", n, b)
	}
}
