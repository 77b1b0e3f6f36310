package app

import (
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
)

func options(root, home string) discover.Options {
	return discover.Options{Root: root, Home: home, Cwd: root, Isolated: true,
		Getenv: func(string) string { return "" }}
}

func prepared(t *testing.T, root, home string) *discover.Options {
	t.Helper()
	o := options(root, home)
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return &o
}

func rules(diags []normalize.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, string(d.Rule))
	}
	return out
}

// TestLint: Lint checks a project by the clients whose files are found,
// and a file named is linted with its project, only its own findings
// kept; a path that does not exist is a usage error.
func TestLint(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".cursor/mcp.json": `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"], "transport": "stdio"}}}`,
		".vscode/mcp.json": `{"servers": {"b": {"type": "stdio", "command": "npx", "arg": ["-y", "x"]}}}`,
	})
	res, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if res.Files != 2 || len(res.Findings) == 0 || res.Version != "test" || len(res.Rules) != 1 || res.Rules[0].ID != normalize.RuleUnknownField || res.Rules[0].Help != "" {
		t.Fatalf("files %d, findings %v, version %q, %d rules", res.Files, rules(res.Findings), res.Version, len(res.Rules))
	}
	// the rule's help is built only for a format that shows it (SARIF)
	withHelp, err := Lint(LintRequest{Options: options(root, home), Scope: discover.ProjectScopes, Version: "test", RuleHelp: true})
	if err != nil || len(withHelp.Rules) != 1 || withHelp.Rules[0].Help == "" {
		t.Fatalf("with RuleHelp: %v, %+v", err, withHelp.Rules)
	}
	if !Failing(res.Findings, normalize.Info) {
		t.Errorf("findings %v: none fails at info", res.Findings)
	}
	if !slices.IsSortedFunc(res.Findings, normalize.CompareDiagnostics) {
		t.Errorf("findings not in output order: %v", res.Findings)
	}
	paths := map[string]bool{}
	for _, d := range res.Findings {
		paths[d.Path] = true
	}
	if !paths[".cursor/mcp.json"] || !paths[".vscode/mcp.json"] {
		t.Errorf("findings in %v, want both files", paths)
	}

	one, err := Lint(LintRequest{Options: options(root, home), Paths: []string{".vscode/mcp.json"}, Scope: discover.ProjectScopes})
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Findings) == 0 {
		t.Fatal("no finding for the file named")
	}
	for _, d := range one.Findings {
		if d.Path != ".vscode/mcp.json" {
			t.Errorf("finding in %q, want only the file named: %v", d.Path, d)
		}
	}

	_, err = Lint(LintRequest{Options: options(root, home), Paths: []string{"missing.json"}, Scope: discover.ProjectScopes})
	var ue *UsageError
	if !errors.As(err, &ue) || !strings.Contains(err.Error(), `cannot lint "missing.json"`) {
		t.Errorf("a missing path: %v, want a usage error", err)
	}
}

// TestPlanProbe: PlanProbe starts a server as its client would (Gemini
// CLI drops NODE_OPTIONS, with env-blocked's words, the same as lint's),
// plans the servers a client does not start as results, and a name no
// client defines is a NotFoundError naming the near one.
func TestPlanProbe(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".gemini/settings.json": `{"mcpServers": {
			"tools": {"command": "node", "args": ["server.js"], "env": {"NODE_OPTIONS": "--inspect", "A": "1"}},
			"off": {"command": "node", "args": ["off.js"]}},
		  "mcp": {"excluded": ["off"]}}`,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
	})
	dopts := prepared(t, root, home)
	choice, err := SelectClients(dopts, ClientRequest{Scope: discover.AllScopes})
	if err != nil || len(choice.Clients) != 1 {
		t.Fatalf("clients %v, %v", choice, err)
	}
	clients := choice.Clients
	req := ProbeRequest{Options: dopts, Clients: clients, Env: resolve.Env{Lookup: func(string) (string, bool) { return "", false }},
		GOOS: "linux", Environ: []string{"PATH=/bin", "HOME=" + home}, Wd: root}
	plan, err := PlanProbe(req, secret.New())
	if err != nil {
		t.Fatal(err)
	}
	var tools, off *PlannedServer
	for i := range plan.Servers {
		switch p := &plan.Servers[i]; {
		case p.Result != nil && p.Result.Name == "off":
			off = p
		case p.Target.Name == "tools":
			tools = p
		}
	}
	if tools == nil || off == nil {
		for _, p := range plan.Servers {
			if p.Result != nil {
				t.Logf("%s: %s %s", p.Result.Name, p.Result.Status, p.Result.Reason)
			}
		}
		t.Fatalf("plan %+v: want tools to start and off not", plan.Servers)
	}
	if off.Result.Status == probe.StatusOK {
		t.Errorf("off: %+v, want not started", off.Result)
	}
	tg := tools.Target
	if tg.Command != "node" || !slices.Equal(tg.Args, []string{"server.js"}) || tg.Cwd != root {
		t.Errorf("tools starts %q %q in %q", tg.Command, tg.Args, tg.Cwd)
	}
	if !slices.Contains(tg.Env, "A=1") || slices.ContainsFunc(tg.Env, func(kv string) bool { return strings.HasPrefix(kv, "NODE_OPTIONS=") }) {
		t.Errorf("tools's env %q: want A, not NODE_OPTIONS", tg.Env)
	}
	want, _ := validate.EnvBlockedMessage(normalize.ClientByID("gemini"), "NODE_OPTIONS", "")
	if i := slices.IndexFunc(tg.Notes, func(d normalize.Diagnostic) bool { return d.Rule == normalize.RuleEnvBlocked }); i < 0 || tg.Notes[i].Message != want {
		t.Errorf("notes %v, want env-blocked %q", tg.Notes, want)
	}

	req.Names = []string{"tool"}
	_, err = PlanProbe(req, secret.New())
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(err.Error(), `did you mean "tools"?`) {
		t.Errorf("an unknown name: %v, want a NotFoundError naming tools", err)
	}
}

// TestProbeNotStarted: Probe gives the servers a client does not start
// their planned results, in plan order, without starting anything.
func TestProbeNotStarted(t *testing.T) {
	a := probe.NotStarted(probe.Target{Name: "a", Client: normalize.ClientByID("cursor")}, probe.StatusDisabled, "turned off")
	b := probe.NotStarted(probe.Target{Name: "b", Client: normalize.ClientByID("cursor")}, probe.StatusDisabled, "turned off")
	plan := &ProbePlan{Servers: []PlannedServer{{Result: &a}, {Result: &b}}}
	called := false
	got := Probe(t.Context(), plan, probe.Options{}, func([]probe.Result) { called = true })
	if len(got) != 2 || got[0].Name != "a" || got[1].Name != "b" || called {
		t.Errorf("results %+v (onDone called: %v), want a and b as planned", got, called)
	}
	if ProbeFailed(got) {
		t.Errorf("servers not started count as a failure of probe: %+v", got)
	}
}

// TestExplain: Explain shows each client's view, one per client found;
// a name no client defines is a NotFoundError; with Resolve, the servers
// resolved.
func TestExplain(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".cursor/mcp.json": `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "gh"]}}}`,
		".vscode/mcp.json": `{"servers": {"github": {"type": "stdio", "command": "npx", "args": ["-y", "gh"]}}}`,
	})
	dopts := prepared(t, root, home)
	choice, err := SelectClients(dopts, ClientRequest{Scope: discover.AllScopes})
	if err != nil || len(choice.Clients) != 2 {
		t.Fatalf("clients %v, %v", choice, err)
	}
	clients := choice.Clients
	ex, err := Explain(ExplainRequest{Options: dopts, Clients: clients}, secret.New())
	if err != nil {
		t.Fatal(err)
	}
	if ex.Workspace == nil || len(ex.Workspace.Views) != 2 || ex.NotLoaded {
		t.Fatalf("explanation %+v, want two views", ex)
	}
	named, err := Explain(ExplainRequest{Options: dopts, Clients: clients, Name: "github"}, secret.New())
	if err != nil || named.Workspace == nil || named.NotLoaded {
		t.Errorf("github: %+v, %v", named, err)
	}
	_, err = Explain(ExplainRequest{Options: dopts, Clients: clients, Name: "githb"}, secret.New())
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(err.Error(), `did you mean "github"?`) {
		t.Errorf("githb: %v, want a NotFoundError naming github", err)
	}
	env := resolve.Env{Lookup: func(string) (string, bool) { return "", false }}
	rs, err := Explain(ExplainRequest{Options: dopts, Clients: clients, Resolve: &env}, secret.New())
	if err != nil || len(rs.Resolutions) != 2 {
		t.Errorf("resolved %+v, %v: want github for each client", rs, err)
	}
}

// TestLintReleases: lint -r keeps of a root's files their lines only
// where output quotes them — a file with findings, in a format with
// snippets — and the user files every root reads whole; the roots a
// parent root's job reads are not forgotten before it.
func TestLintReleases(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		".mcp.json":            `{"mcpServers": {"top": {"command": "npx", "args": ["-y", "top@1.0.0"]}}}`,
		"a/.cursor/mcp.json":   `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "x"], "transport": "stdio"}}}`,
		"b/.cursor/mcp.json":   `{"mcpServers": {"b": {"command": "npx", "args": ["-y", "b@1.0.0"]}}}`,
		"~/.cursor/mcp.json":   `{"mcpServers": {"u": {"command": "npx", "args": ["-y", "u@1.0.0"]}}}`,
		"c/d/.vscode/mcp.json": `{"servers": {"d": {"type": "stdio", "command": "npx", "args": ["-y", "d@1.0.0"]}}}`,
	})
	for _, snippets := range []bool{false, true} {
		res, err := Lint(LintRequest{Options: options(root, home), Recursive: true, Paths: []string{root},
			Scope: discover.AllScopes, Snippets: snippets})
		if err != nil {
			t.Fatal(err)
		}
		found := map[string]bool{}
		for _, d := range res.Findings {
			found[d.Path] = true
		}
		if !found["a/.cursor/mcp.json"] || found["b/.cursor/mcp.json"] {
			t.Fatalf("findings in %v, want a's file only", found)
		}
		for _, p := range []string{".mcp.json", "a/.cursor/mcp.json", "b/.cursor/mcp.json", "c/d/.vscode/mcp.json", "~/.cursor/mcp.json"} {
			f := res.Checked[p]
			if f == nil {
				t.Fatalf("snippets %v: %q not checked: %v", snippets, p, res.Checked)
			}
			// the user file and the parent root's are every root's, kept whole
			want := snippets && found[p] || p == "~/.cursor/mcp.json" || p == ".mcp.json"
			if got := f.Lines != nil; got != want {
				t.Errorf("snippets %v: %q has lines %v, want %v", snippets, p, got, want)
			}
		}
	}
}

// TestReleasedBy: a root's files are forgotten once it is checked, but
// the user files when the home is at or below the root; a root below the
// home (a project under ~/code) is released like any other.
func TestReleasedBy(t *testing.T) {
	j := filepath.FromSlash
	for _, tt := range []struct {
		root, home, abs string
		want            bool
	}{
		{"/repo/a", "/home/u", "/repo/a/.mcp.json", true},
		{"/repo/a", "/home/u", "/repo/.mcp.json", false},
		{"/repo/a", "/home/u", "/home/u/.cursor/mcp.json", false},
		{"/home/u/code/a", "/home/u", "/home/u/code/a/.mcp.json", true},
		{"/repo", "/repo/home", "/repo/home/.cursor/mcp.json", false},
		{"/repo", "/repo/home", "/repo/.mcp.json", true},
		{"/home/u", "/home/u", "/home/u/.cursor/mcp.json", false},
		{"/repo/a", "", "/repo/a/.mcp.json", true},
		{"/repo/a", "", "/repo/ab/.mcp.json", false},
	} {
		if got := releasedBy(j(tt.root), j(tt.home), j(tt.abs)); got != tt.want {
			t.Errorf("releasedBy(%q, %q, %q) = %v, want %v", tt.root, tt.home, tt.abs, got, tt.want)
		}
	}
}

// TestPlanProbeSettingsEnv: Claude Code starts a server with the variables
// its user settings set (env in ~/.claude/settings.json) over its own
// environment: ${REGION} expands to the settings' value, and the server
// inherits every variable they set; the command to run by hand sets them,
// the secret-looking one masked (testdata/clients/claude-settings-env-layers).
func TestPlanProbeSettingsEnv(t *testing.T) {
	root, home := testtree.Write(t, map[string]string{
		"~/.claude/settings.json": `{"env": {"REGION": "settings-region", "API_TOKEN": "Tok-Kq7Zx2Lm5Np8Wv"}}`,
		"~/.claude.json":          `{"mcpServers": {"s": {"command": "srv", "args": ["--region", "${REGION}"]}}}`,
	})
	dopts := prepared(t, root, home)
	req := ProbeRequest{Options: dopts, Clients: []*normalize.Client{normalize.ClientByID("claude")},
		Env:  resolve.Env{Lookup: func(k string) (string, bool) { return map[string]string{"REGION": "process-region"}[k], k == "REGION" }},
		GOOS: "linux", Environ: []string{"PATH=/bin", "HOME=" + home, "REGION=process-region"}, Wd: root}
	plan, err := PlanProbe(req, secret.New())
	if err != nil {
		t.Fatal(err)
	}
	if len(plan.Servers) != 1 || plan.Servers[0].Result != nil {
		t.Fatalf("plan %+v: want s to start", plan.Servers)
	}
	tg := plan.Servers[0].Target
	if !slices.Equal(tg.Args, []string{"--region", "settings-region"}) {
		t.Errorf("args %q, want the settings' REGION", tg.Args)
	}
	for _, kv := range []string{"REGION=settings-region", "API_TOKEN=Tok-Kq7Zx2Lm5Np8Wv", "PATH=/bin"} {
		if !slices.Contains(tg.Env, kv) {
			t.Errorf("env %q: no %q", tg.Env, kv)
		}
	}
	hand := fmt.Sprint(tg.HandEnv)
	if strings.Contains(hand, "Tok-Kq7Zx2Lm5Np8Wv") || !strings.Contains(hand, "settings-region") {
		t.Errorf("the command to run by hand sets %s: want REGION's value and API_TOKEN masked", hand)
	}
}
