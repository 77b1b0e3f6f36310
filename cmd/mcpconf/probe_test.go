package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/probe"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The test binary doubles as the stdio server of the probe tests: run as
// "TESTBIN mcp-test-server [--log=LOG] [--leak] [--stderr=TEXT]" it serves one tool per variable of its
// environment whose name starts with T_ ("env_t_name", described by the
// length of its value), reports its working directory as its version, and
// appends a line to LOG when given, so tests can count its starts; with
// --leak it prints its environment on stderr and exits at once. It is
// selected by its arguments, not by the environment, because Codex clears
// the environment of the servers it starts.
//
// Started through a link named npx, it stands in for npx: with arguments
// it runs the test server whatever the package (the first argument),
// without any it does what npm exec does without a package when stdin is
// not a terminal: it runs a shell that reads its commands from stdin, so
// the handshake goes to a shell and nothing ever answers.
func TestMain(m *testing.M) {
	if filepath.Base(os.Args[0]) == "npx" {
		args := os.Args[1:]
		if len(args) > 0 && args[0] == "-y" {
			args = args[1:]
		}
		if len(args) == 0 {
			io.Copy(io.Discard, os.Stdin)
			os.Exit(0)
		}
		// any package is the test server
		os.Exit(testServer(args[1:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "mcp-test-server" {
		os.Exit(testServer(os.Args[2:]))
	}
	if len(os.Args) > 1 && os.Args[1] == "mcpconf-main" {
		// the test binary as mcpconf itself, its signal handling included
		os.Args = append(os.Args[:1], os.Args[2:]...)
		main()
	}
	code := m.Run()
	removeBuilt()
	os.Exit(code)
}

func testServer(args []string) int {
	for _, a := range args {
		switch {
		case strings.HasPrefix(a, "--log="):
			f, err := os.OpenFile(strings.TrimPrefix(a, "--log="), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
			if err != nil {
				fmt.Fprintln(os.Stderr, err)
				return 1
			}
			fmt.Fprintln(f, "started")
			f.Close()
		case strings.HasPrefix(a, "--stderr="):
			// a server that fails and prints what it is given
			os.Stderr.WriteString(strings.ReplaceAll(strings.TrimPrefix(a, "--stderr="), `\n`, "\n"))
			return 1
		case strings.HasPrefix(a, "--need="):
			// a server that needs a variable and says so on stderr
			if name := strings.TrimPrefix(a, "--need="); os.Getenv(name) == "" {
				fmt.Fprintf(os.Stderr, "error: %s is not set; export it before starting the server\n", name)
				return 1
			}
		case a == "--need-token":
			// a server that needs a token the definition does not name
			if os.Getenv("ZEBRA_SERVICE_TOKEN") == "" {
				fmt.Fprintln(os.Stderr, "fatal: ZEBRA_SERVICE_TOKEN environment variable is required")
				return 1
			}
		case a == "--hang":
			// a server that never answers
			fmt.Fprintln(os.Stderr, "waiting for the database")
			select {}
		case strings.HasPrefix(a, "--banner="):
			// a program that is not an MCP server: it prints a banner on
			// stdout and exits
			fmt.Println(strings.TrimPrefix(a, "--banner="))
			return 0
		case a == "--echo-last":
			// a server that fails quoting its last argument as a token:
			// only what it prints says the argument is a secret
			fmt.Fprintf(os.Stderr, "auth failed: token=%s\n", args[len(args)-1])
			return 1
		case a == "--echo-last-stdout":
			// the same on stdout, where a server must write only JSON-RPC
			fmt.Printf("auth failed: token=%s\n", args[len(args)-1])
			return 1
		case a == "--leak":
			// a server that fails and prints its whole environment
			for _, kv := range os.Environ() {
				fmt.Fprintln(os.Stderr, "env:", kv)
			}
			return 1
		}
	}
	for _, a := range args {
		if path, ok := strings.CutPrefix(a, "--tools-file="); ok {
			return toolsFileServer(path, slices.Contains(args, "--roots-tool"))
		}
	}
	wd, _ := os.Getwd()
	s := mcp.NewServer(&mcp.Implementation{Name: "env-server", Version: wd}, nil)
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "T_") {
			continue
		}
		s.AddTool(&mcp.Tool{Name: "env_" + strings.ToLower(k), Description: fmt.Sprintf("len=%d", len(v)), InputSchema: json.RawMessage(`{"type":"object"}`)},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	if slices.Contains(args, "--roots-tool") {
		// a tool for clients that declare roots, as server-everything has
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if r, ok := req.(*mcp.ListToolsRequest); ok {
					//lint:ignore SA1019 a server like server-everything, which reads roots
					if caps := r.ClientCapabilities(); caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
						s.AddTool(&mcp.Tool{Name: "get-roots-list", InputSchema: json.RawMessage(`{"type":"object"}`)},
							func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
								return &mcp.CallToolResult{}, nil
							})
					}
				}
				return next(ctx, method, req)
			}
		})
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// toolsFileServer serves the tools a JSON file lists when it starts (and,
// with rootsTool, one more to a client that declares roots)
// ([{"name", "description", "inputSchema", "annotations"}]), and says it
// is version "version" of the file's sibling version.txt, if any: a server
// whose tools change between runs.
func toolsFileServer(path string, rootsTool bool) int {
	b, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var tools []*mcp.Tool
	if err := json.Unmarshal(b, &tools); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	version := "1.0.0"
	if v, err := os.ReadFile(filepath.Join(filepath.Dir(path), "version.txt")); err == nil {
		version = strings.TrimSpace(string(v))
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "file-tools", Version: version}, nil)
	if rootsTool {
		// one more tool for a client that declares roots
		s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
			return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
				if r, ok := req.(*mcp.ListToolsRequest); ok {
					//lint:ignore SA1019 a server like server-everything, which reads roots
					if caps := r.ClientCapabilities(); caps != nil && (caps.RootsV2 != nil || caps.Roots.ListChanged) {
						s.AddTool(&mcp.Tool{Name: "get-roots-list", InputSchema: json.RawMessage(`{"type":"object"}`)},
							func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
								return &mcp.CallToolResult{}, nil
							})
					}
				}
				return next(ctx, method, req)
			}
		})
	}
	for _, t := range tools {
		if t.InputSchema == nil {
			t.InputSchema = json.RawMessage(`{"type":"object"}`)
		}
		s.AddTool(t, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{}, nil
		})
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	return 0
}

// testBin is the absolute path of the test binary, for configs.
func testBin(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return exe
}

type probeReport struct {
	Servers []struct {
		Name, Client, Status, Reason, Transport, Hint string
		Server                                        struct{ Name, Version string }
		Tools                                         []struct{ Name, Description string }
		Diagnostics                                   []struct{ Rule, Severity, Message, Hint string }
		EnvNotPassed                                  []struct{ Name, Why string } `json:"env_not_passed"`
	}
}

func probeJSON(t *testing.T, env map[string]string, args ...string) (int, probeReport, string) {
	t.Helper()
	code, out, errOut := run(t, env, append([]string{"probe", "--format", "json"}, args...)...)
	var rep probeReport
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("exit %d, not JSON: %v\n%s\n%s", code, err, out, errOut)
	}
	// every diagnostic is documented (docs/probe.md)
	for _, s := range rep.Servers {
		for _, d := range s.Diagnostics {
			if !slices.ContainsFunc(probe.Rules(), func(r probe.Rule) bool { return string(r.ID) == d.Rule }) {
				t.Errorf("%s: rule %q is not in probe.Rules()", s.Name, d.Rule)
			}
		}
	}
	return code, rep, errOut
}

// TestProbeChildEnvPerClient: the same server, defined for Claude Code,
// Codex and Gemini CLI, gets the environment each client gives it: Claude
// Code passes everything, Codex clears it but for env_vars, Gemini CLI
// removes the secret-looking variables.
func TestProbeChildEnvPerClient(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.claude.json":                fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server"], "env": {"T_SET": "abc"}}}}`, bin),
		"~/.codex/config.toml":          fmt.Sprintf("[mcp_servers.s]\ncommand = %q\nargs = [\"mcp-test-server\"]\nenv = { T_SET = \"abc\" }\nenv_vars = [\"T_PASSED\"]\n", bin),
		"~/.gemini/settings.json":       fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server"], "env": {"T_SET": "abc", "NODE_OPTIONS": "--x"}}}}`, bin),
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
		".roo/mcp.json":                 fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server"], "env": {"T_SET": "abc", "T_PASSED": "${env:T_PASSED}"}}}}`, bin),
	})
	env := map[string]string{"T_PASSED": "1", "T_TOKEN": "planted-secret-value", "T_PLAIN": "22"}
	code, rep, errOut := probeJSON(t, env, "--root", root, "--home", home, "--client", "claude,codex,gemini,roo")
	if code != 0 {
		t.Fatalf("exit %d: %+v\n%s", code, rep, errOut)
	}
	want := map[string][]string{
		"claude": {"env_t_passed", "env_t_plain", "env_t_set", "env_t_token"},
		"codex":  {"env_t_passed", "env_t_set"},
		"gemini": {"env_t_passed", "env_t_plain", "env_t_set"},
		// Roo Code: the MCP SDK's few defaults, then env
		"roo": {"env_t_passed", "env_t_set"},
	}
	if len(rep.Servers) != 4 {
		t.Fatalf("want one server per client: %+v", rep.Servers)
	}
	for _, s := range rep.Servers {
		var tools []string
		for _, tl := range s.Tools {
			tools = append(tools, tl.Name)
		}
		slices.Sort(tools)
		if s.Status != "ok" || !slices.Equal(tools, want[s.Client]) {
			t.Errorf("%s: %s, tools %q, want %q (%s)", s.Client, s.Status, tools, want[s.Client], s.Reason)
		}
		if s.Server.Version != root {
			t.Errorf("%s: started in %q, want the project %q", s.Client, s.Server.Version, root)
		}
		rules := map[string]string{}
		for _, d := range s.Diagnostics {
			rules[d.Rule] = d.Message
		}
		switch s.Client {
		case "codex", "roo":
			if m := rules["env-not-passed"]; !strings.Contains(m, `"T_PLAIN", "T_TOKEN"`) || !strings.Contains(m, "clears the environment") {
				t.Errorf("codex: no note naming the variables not passed: %+v", s.Diagnostics)
			}
		case "gemini":
			if m := rules["env-not-passed"]; !strings.Contains(m, `"T_TOKEN"`) || strings.Contains(m, "T_PLAIN") {
				t.Errorf("gemini: the note must name T_TOKEN only: %+v", s.Diagnostics)
			}
			if m := rules["env-blocked"]; !strings.Contains(m, `"NODE_OPTIONS"`) {
				t.Errorf("gemini: NODE_OPTIONS dropped without a word: %+v", s.Diagnostics)
			}
		case "claude":
			if _, ok := rules["env-not-passed"]; ok {
				t.Errorf("claude passes everything: %+v", s.Diagnostics)
			}
		}
	}
}

// TestProbeEnvFile: VS Code loads a definition's envFile between its own
// environment and env, and does not start a server whose envFile it cannot
// read; for Cursor, whose reading of envFile is not verified, probe says
// it does not load the file.
func TestProbeEnvFile(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	root, home := writeTreeHome(t, map[string]string{
		".vscode/mcp.json": fmt.Sprintf(`{"servers": {
			"s": {"command": %[1]q, "args": ["mcp-test-server"], "envFile": "${workspaceFolder}/.env", "env": {"T_SET": "abc"}},
			"missing": {"command": %[1]q, "args": ["mcp-test-server", "--log=%[2]s"], "envFile": "${workspaceFolder}/.env.local"}}}`, bin, log),
		// the global file: Cursor starts its servers without approval
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server"], "envFile": ".env"}}}`, bin),
		".env":               "# for the servers\nexport T_FROM_FILE='quoted value' # not part of it\nT_SET=from-the-file\nT_TOKEN: sk-file-secret-value\n",
	})
	code, rep, errOut := probeJSON(t, nil, "--tools", "--root", root, "--home", home, "--client", "vscode,cursor")
	if code != 1 || len(rep.Servers) != 3 {
		t.Fatalf("exit %d: %+v\n%s", code, rep, errOut)
	}
	for _, s := range rep.Servers {
		tools := map[string]string{}
		for _, tl := range s.Tools {
			tools[tl.Name] = tl.Description
		}
		rules := map[string]string{}
		for _, d := range s.Diagnostics {
			rules[d.Rule] = d.Message
		}
		switch s.Client + "/" + s.Name {
		case "vscode/s":
			want := map[string]string{"env_t_from_file": "len=12", "env_t_set": "len=3", "env_t_token": "len=20"}
			if s.Status != "ok" || !maps.Equal(tools, want) {
				t.Errorf("vscode: %s, tools %v, want %v", s.Status, tools, want)
			}
		case "vscode/missing":
			if s.Status != "failed" || s.Reason != "envFile not readable" || !strings.Contains(rules["env-file"], "does not exist") {
				t.Errorf("vscode missing: %s %q %+v", s.Status, s.Reason, s.Diagnostics)
			}
			if !strings.Contains(rules["env-file"], "VS Code cannot read envFile") {
				t.Errorf("vscode missing: %+v", s.Diagnostics)
			}
			if _, err := os.Stat(log); err == nil {
				t.Error("a server whose envFile is missing was started")
			}
		case "cursor/s":
			if s.Status != "ok" || len(tools) != 0 {
				t.Errorf("cursor: %s, tools %v: the envFile must not be loaded", s.Status, tools)
			}
			if !strings.Contains(rules["env-file"], `envFile ".env" is not loaded`) {
				t.Errorf("cursor: no note that envFile is not loaded: %+v", s.Diagnostics)
			}
		default:
			t.Errorf("unexpected %s/%s", s.Client, s.Name)
		}
	}
}

// TestProbeCapabilitiesPerClient: each client's probe declares what that
// client declares (its descriptor): a server that lists a tool only to
// clients with roots lists it to Claude Code's and Gemini CLI's probes,
// not to Codex's.
func TestProbeCapabilitiesPerClient(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.claude.json":       fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server", "--roots-tool"]}}}`, bin),
		"~/.codex/config.toml": fmt.Sprintf("[mcp_servers.s]\ncommand = %q\nargs = [\"mcp-test-server\", \"--roots-tool\"]\n", bin),
	})
	_, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "claude,codex")
	got := map[string]bool{}
	for _, s := range rep.Servers {
		got[s.Client] = slices.ContainsFunc(s.Tools, func(tl struct{ Name, Description string }) bool { return tl.Name == "get-roots-list" })
	}
	if !got["claude"] || got["codex"] || len(rep.Servers) != 2 {
		t.Errorf("get-roots-list listed to: %v, want Claude Code only\n%+v\n%s", got, rep, errOut)
	}
}

// TestProbeSharedServer: the same server with the same values in two
// clients is started once, and both clients get its result.
func TestProbeSharedServer(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	def := fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server", "--log=%s"]}}}`, bin, log)
	// Cursor and Windsurf start it alike and declare the same (nothing
	// known); Claude Code declares roots and elicitation, so a server
	// may list other tools to it: it gets a start of its own
	root, home := writeTreeHome(t, map[string]string{"~/.codeium/windsurf/mcp_config.json": def, "~/.cursor/mcp.json": def})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "windsurf,cursor")
	if code != 0 || len(rep.Servers) != 2 {
		t.Fatalf("exit %d: %+v\n%s", code, rep, errOut)
	}
	for _, s := range rep.Servers {
		if s.Status != "ok" || s.Server.Name != "env-server" {
			t.Errorf("%s: %s %s", s.Client, s.Status, s.Reason)
		}
	}
	b, err := os.ReadFile(log)
	if err != nil || strings.Count(string(b), "started") != 1 {
		t.Errorf("the server started %d times, want once (%v)", strings.Count(string(b), "started"), err)
	}
}

// TestProbeSharedServerNames: two names for the same server in one client
// are probed once, and each is reported under its own name, in the lines
// printed live and in the report.
func TestProbeSharedServerNames(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	def := fmt.Sprintf(`{"command": %q, "args": ["mcp-test-server", "--log=%s"]}`, bin, log)
	root, home := writeTreeHome(t, map[string]string{"~/.claude.json": `{"mcpServers": {"first": ` + def + `, "second": ` + def + `}}`})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "claude")
	if code != 0 || len(rep.Servers) != 2 || rep.Servers[0].Name != "first" || rep.Servers[1].Name != "second" {
		t.Fatalf("exit %d: %+v\n%s", code, rep, errOut)
	}
	_, out, _ := run(t, nil, "probe", "--root", root, "--home", home, "--client", "claude")
	if !strings.Contains(out, " first [claude]") || !strings.Contains(out, " second [claude]") {
		t.Errorf("live lines:\n%s", out)
	}
}

// TestProbeNotStarted: servers a client would not start are listed with
// the client's reason and never started; pisces's !command values run
// only with --allow-exec.
func TestProbeNotStarted(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": fmt.Sprintf("[mcp_servers.off]\ncommand = %q\nargs = [\"mcp-test-server\", \"--log=%s\"]\nenabled = false\n", bin, log),
		".pisces/mcp.json":     fmt.Sprintf(`{"mcpServers": {"cmd": {"command": %q, "args": ["mcp-test-server", "--log=%s"], "env": {"T_CMD": "!printf abcd"}}}}`, bin, log),
	})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "codex,pisces")
	if code != 1 {
		t.Errorf("a server skipped is not ok: exit %d, want 1\n%s", code, errOut)
	}
	got := map[string]string{}
	for _, s := range rep.Servers {
		got[s.Client+"/"+s.Name] = s.Status + ": " + s.Reason
	}
	if !strings.HasPrefix(got["codex/off"], "disabled: ") {
		t.Errorf("codex/off: %q", got["codex/off"])
	}
	if got["pisces/cmd"] != `skipped: env "T_CMD" is a command, which runs only with --allow-exec` {
		t.Errorf("pisces/cmd: %q", got["pisces/cmd"])
	}
	if _, err := os.Stat(log); err == nil {
		t.Errorf("a server was started")
	}

	// pisces reads Codex's file too, and starts neither "off" nor, without
	// --allow-exec, "cmd"; with it, the command's output is the value
	code, rep, errOut = probeJSON(t, nil, "cmd", "--root", root, "--home", home, "--client", "pisces", "--allow-exec", "--tools")
	if code != 0 || len(rep.Servers) != 1 || len(rep.Servers[0].Tools) != 1 || rep.Servers[0].Tools[0].Description != "len=4" {
		t.Errorf("with --allow-exec the command's output is the value: exit %d %+v\n%s", code, rep, errOut)
	}
}

// TestProbeExitAndText: a server that cannot start fails the run, named
// with the cause; unknown names and bad flags are usage errors.
func TestProbeExitAndText(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"good": {"command": %q, "args": ["mcp-test-server"]}, "missing": {"command": "/nonexistent/mcp-server-xyz"}}}`, bin),
	})
	code, out, errOut := run(t, nil, "probe", "--root", root, "--home", home, "--client", "cursor")
	if code != 1 {
		t.Errorf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"ok", "good [cursor] stdio", "failed", "missing [cursor]", "/nonexistent/mcp-server-xyz", "2 servers: 1 ok, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = run(t, nil, "probe", "good", "--root", root, "--home", home, "--client", "cursor")
	if code != 0 || strings.Contains(out, "missing") {
		t.Errorf("probe good: exit %d\n%s", code, out)
	}
	code, _, errOut = run(t, nil, "probe", "nope", "--root", root, "--home", home, "--client", "cursor")
	if code != 1 || !strings.Contains(errOut, `no server named "nope"`) {
		t.Errorf("unknown name: exit %d %s", code, errOut)
	}
	for _, args := range [][]string{{"--timeout", "-1s"}, {"--parallel", "-2"}, {"--format", "yaml"}} {
		code, _, errOut = run(t, nil, append([]string{"probe", "--root", root, "--home", home}, args...)...)
		if code != 2 {
			t.Errorf("%q: exit %d, want 2: %s", args, code, errOut)
		}
	}
}

// TestProbeMasksSecrets: a stdio server that prints its environment as it
// fails, and an HTTP server that echoes the credentials it was sent in a
// 401, never make a secret appear in probe's output, in either format.
func TestProbeMasksSecrets(t *testing.T) {
	const (
		fromEnv   = "ghp_EnvSecret0123456789abcdefghijKLMNOPqr"
		literal   = "LiteralSecret-Qw3Er5Ty7Ui9"
		inherited = "InheritedSecret-Zx1Cv3Bn5Mm7"
	)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, "bad credentials %q and key %q", r.Header.Get("Authorization"), r.Header.Get("X-Api-Key"))
	}))
	defer srv.Close()
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.claude.json": fmt.Sprintf(`{"mcpServers": {
			"leaky": {"command": %q, "args": ["mcp-test-server", "--leak"], "env": {"T_KEY": "${GITHUB_TOKEN}", "T_API_KEY": %q}},
			"web": {"type": "http", "url": %q, "headers": {"Authorization": "Bearer ${GITHUB_TOKEN}", "X-Api-Key": %q}}}}`, bin, literal, srv.URL+"/mcp", literal),
	})
	env := map[string]string{"GITHUB_TOKEN": fromEnv, "MY_SERVICE_TOKEN": inherited}
	for _, format := range []string{"text", "json"} {
		code, out, errOut := run(t, env, "probe", "--root", root, "--home", home, "--client", "claude", "--format", format)
		if code != 1 || !strings.Contains(out, "leaky") || !strings.Contains(out, "env: T_") {
			t.Errorf("%s: exit %d, the failure and its stderr are not shown:\n%s%s", format, code, out, errOut)
		}
		if testing.Verbose() {
			t.Log(out)
		}
		for _, s := range []string{fromEnv, literal, inherited} {
			if strings.Contains(out+errOut, s) {
				t.Errorf("%s: printed the secret %q:\n%s%s", format, s, out, errOut)
			}
		}
	}
}

// TestProbeSSEFallbackPerClient: an SSE-only server at a URL no config
// pins: Cursor falls back to SSE and reaches it; Codex, which has no SSE
// client, does not, and probe says so rather than reporting it ok.
func TestProbeSSEFallbackPerClient(t *testing.T) {
	srv := mcp.NewServer(&mcp.Implementation{Name: "sse-only", Version: "1"}, nil)
	hs := httptest.NewServer(mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	defer hs.Close()
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json":   fmt.Sprintf(`{"mcpServers": {"events": {"url": %q}}}`, hs.URL+"/sse"),
		"~/.codex/config.toml": fmt.Sprintf("[mcp_servers.events]\nurl = %q\n", hs.URL+"/sse"),
	})
	_, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "cursor,codex", "--timeout", "10s")
	got := map[string]string{}
	for _, s := range rep.Servers {
		got[s.Client] = s.Status + " " + s.Transport
		if s.Client == "codex" && (len(s.Diagnostics) == 0 || !strings.Contains(s.Diagnostics[0].Hint, "Codex has no SSE client")) {
			t.Errorf("codex: the hint must say Codex has no SSE client: %+v", s.Diagnostics)
		}
	}
	if got["cursor"] != "ok sse" || !strings.HasPrefix(got["codex"], "failed http") {
		t.Errorf("cursor falls back to SSE, codex cannot: %q\n%s", got, errOut)
	}
}

// TestProbePiscesReadsProviders: in pisces's view a provider's file is
// resolved as explain --resolve resolves it, by that file's own syntax
// (Cursor's ${env:VAR}), and the server is started by pisces.
func TestProbePiscesReadsProviders(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {}}`,
		"~/.keep":          "",
		".cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server"], "env": {"T_A": "${env:T_SRC}"}}}}`, bin),
	})
	code, rep, errOut := probeJSON(t, map[string]string{"T_SRC": "abcdef"}, "--root", root, "--home", home, "--client", "pisces", "--tools")
	if code != 0 || len(rep.Servers) != 1 || rep.Servers[0].Client != "pisces" {
		t.Fatalf("exit %d %+v\n%s", code, rep, errOut)
	}
	var desc string
	for _, tl := range rep.Servers[0].Tools {
		if tl.Name == "env_t_a" {
			desc = tl.Description
		}
	}
	if desc != "len=6" {
		t.Errorf("T_A resolved by Cursor's syntax has 6 characters; the server saw %q", desc)
	}
}

// TestProbeProgressAndInputs: on a terminal a progress line goes to
// stderr, erased before each result line; a VS Code input nobody answers
// skips the server, and --input answers it.
func TestProbeProgressAndInputs(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.keep": "",
		".vscode/mcp.json": fmt.Sprintf(`{"inputs": [{"id": "key", "type": "promptString", "password": true}],
			"servers": {"s": {"type": "stdio", "command": %q, "args": ["mcp-test-server"], "env": {"T_KEY": "${input:key}"}}}}`, bin),
	})
	io, out, errOut := testIO(nil)
	io.ErrTTY = true
	code := Main([]string{"probe", "--root", root, "--home", home, "--client", "vscode"}, io)
	if code != 1 || !strings.Contains(out.String(), `skipped`) || !strings.Contains(out.String(), `needs input "key"`) {
		t.Errorf("an unanswered input: exit %d\n%s%s", code, out, errOut)
	}
	io, out, errOut = testIO(nil)
	io.ErrTTY = true
	code = Main([]string{"probe", "--root", root, "--home", home, "--client", "vscode", "--input", "key=abc"}, io)
	if code != 0 || !strings.Contains(out.String(), "ok") {
		t.Errorf("--input key=abc: exit %d\n%s%s", code, out, errOut)
	}
	if e := errOut.String(); !strings.Contains(e, "probing 0/1: s") || !strings.Contains(e, "\r\033[K") {
		t.Errorf("no progress line on the terminal: %q", e)
	}
	if strings.Contains(out.String(), "probing") {
		t.Errorf("progress went to stdout: %q", out)
	}
}

// TestProbeProgressElapsed: the progress line says how long each pending
// server has been probed, redrawn while nothing finishes. The timeout
// leaves a second of redraws after the first second, so that a loaded
// machine (a late first tick) still draws one with the time spent.
func TestProbeProgressElapsed(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"slow": {"command": %q, "args": ["mcp-test-server", "--hang"]}}}`, bin),
	})
	io, out, errOut := testIO(nil)
	io.ErrTTY = true
	code := Main([]string{"probe", "--root", root, "--home", home, "--client", "cursor", "--timeout", "2600ms"}, io)
	if code != 1 || !strings.Contains(out.String(), "timeout") {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	if e := errOut.String(); !strings.Contains(e, "probing 0/1: slow (1s)") {
		t.Errorf("the progress line does not show the time spent: %q", e)
	}
}

// TestProbeNotStartedHint: a server the client does not start says what
// to do to start it, as explain does: approve it in Claude Code, turn on
// what turns it off.
func TestProbeNotStartedHint(t *testing.T) {
	root, home := stage(t, "claude-approval")
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "claude")
	n := 0
	for _, s := range rep.Servers {
		switch s.Status {
		case "ok", "failed", "timeout", "needs-auth":
			if s.Hint != "" {
				t.Errorf("%s, %s: a hint %q", s.Name, s.Status, s.Hint)
			}
		default:
			n++
			if s.Hint == "" {
				t.Errorf("%s, %s: no hint (exit %d)\n%s", s.Name, s.Status, code, errOut)
			}
		}
	}
	if n < 4 {
		t.Fatalf("%d servers not started, want 4: %+v", n, rep)
	}
	_, out, _ := run(t, nil, "probe", "--root", root, "--home", home, "--client", "claude")
	for _, want := range []string{"to start it: trust the project: run claude in the project", `to start it: remove "rejected" from "disabledMcpjsonServers" at .claude/settings.local.json:3:30`} {
		if !strings.Contains(out, want) {
			t.Errorf("text has no %q:\n%s", want, out)
		}
	}
}

// TestProbeProgressFitsTheTerminal: the progress line is cut to the
// terminal's width (one cell less), since a line that wrapped leaves its
// first rows behind each time it is redrawn.
func TestProbeProgressFitsTheTerminal(t *testing.T) {
	bin := testBin(t)
	long := strings.Repeat("a-server-with-a-long-name-", 4)
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {%q: {"command": %q, "args": ["mcp-test-server", "--hang"]}}}`, long, bin),
	})
	io, out, errOut := testIO(nil)
	io.ErrTTY, io.ErrWidth = true, 40
	Main([]string{"probe", "--root", root, "--home", home, "--client", "cursor", "--timeout", "700ms"}, io)
	draws := strings.Split(errOut.String(), "\r\033[K")
	if len(draws) < 2 || !strings.Contains(errOut.String(), "probing 0/1: a-server") {
		t.Fatalf("no progress line: %q\n%s", errOut, out)
	}
	for _, d := range draws {
		if n := cells(d); n > 39 {
			t.Errorf("a progress line of %d cells on a terminal of 40: %q", n, d)
		}
	}
}

// TestProbeBannerExit: a program that prints a banner on stdout and exits
// is reported by its banner, not by its exit code.
func TestProbeBannerExit(t *testing.T) {
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {"cli": {"command": %q, "args": ["mcp-test-server", "--banner=Welcome to acme-cli 2.1, type help"]}}}`, bin),
	})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "cursor")
	if code != 1 || len(rep.Servers) != 1 {
		t.Fatalf("exit %d %+v\n%s", code, rep, errOut)
	}
	s := rep.Servers[0]
	if s.Status != "failed" || !strings.Contains(s.Reason, "Welcome to acme-cli") || strings.Contains(s.Reason, "code 0") {
		t.Errorf("reason %q: the banner is the headline", s.Reason)
	}
	if len(s.Diagnostics) == 0 || s.Diagnostics[0].Rule != "stdout-not-protocol" || !strings.Contains(s.Diagnostics[0].Message, "exited") {
		t.Errorf("the first finding must be the banner: %+v", s.Diagnostics)
	}
}

// fakeNpx is a directory holding "npx", a link to the test binary, which
// then stands in for npx (see TestMain).
func fakeNpx(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(testBin(t), filepath.Join(dir, "npx")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	return dir
}

// TestProbeIgnoredField: "arguments" for "args" in Cursor: Cursor starts
// npx with no arguments, which never answers; the timeout's hint names
// the field Cursor ignored rather than npx's missing "-y".
func TestProbeIgnoredField(t *testing.T) {
	npx := filepath.Join(fakeNpx(t), "npx")
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_request"`)
		w.WriteHeader(http.StatusUnauthorized)
	}))
	defer srv.Close()
	root, home := writeTreeHome(t, map[string]string{
		"~/.cursor/mcp.json": fmt.Sprintf(`{"mcpServers": {
			"typo": {"command": %[1]q, "arguments": ["-y", "mcp-test-server"], "description": "a note"},
			"fine": {"command": %[1]q, "args": ["-y", "mcp-test-server"], "arguments": ["mcp-test-server"]},
			"web": {"url": %[2]q, "header": {"Authorization": "Bearer abc"}}}}`, npx, srv.URL+"/mcp"),
	})
	code, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "cursor", "--timeout", "700ms")
	if code != 1 || len(rep.Servers) != 3 {
		t.Fatalf("exit %d %+v\n%s", code, rep, errOut)
	}
	for _, s := range rep.Servers {
		switch s.Name {
		case "fine":
			// it works: what Cursor ignores is lint's to say
			if s.Status != "ok" || len(s.Diagnostics) != 0 {
				t.Errorf("fine: %s %+v", s.Status, s.Diagnostics)
			}
		case "typo":
			var hint string
			for _, d := range s.Diagnostics {
				if d.Rule == "timeout" {
					hint = d.Hint
				}
			}
			want := `the definition has "arguments", which Cursor does not read: it starts npx with no arguments; rename it "args"`
			if s.Status != "timeout" || !strings.Contains(hint, want) || strings.Contains(hint, `"-y"`) || strings.Contains(hint, "description") {
				t.Errorf("typo: %s, hint %q, want it to name %q", s.Status, hint, want)
			}
		case "web":
			want := `likely cause: the definition has "header", which Cursor does not read: it does not send those headers; rename it "headers"`
			if s.Status != "needs-auth" || len(s.Diagnostics) == 0 || !strings.HasPrefix(s.Diagnostics[0].Hint, want) {
				t.Errorf("web: %s %+v, want the hint to start with %q", s.Status, s.Diagnostics, want)
			}
		}
	}
}

// handRun is the command of a "run it by hand" hint.
func handRun(t *testing.T, hint string) string {
	t.Helper()
	_, cmd, ok := strings.Cut(hint, "to see the whole error: ")
	if !ok {
		t.Fatalf("no command to run by hand in %q", hint)
	}
	return cmd
}

// runByHand runs a hand-run command in sh, in the environment the user
// runs mcpconf with, and returns what it wrote on stderr.
func runByHand(t *testing.T, command string, env map[string]string) string {
	t.Helper()
	cmd := exec.Command("sh", "-c", command)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	_ = cmd.Run()
	return stderr.String()
}

// TestProbeEnvNotPassedFirst: a server that works in a shell and fails in
// Codex, because Codex clears the environment: the note names first the
// variables the server's stderr names, those its definition names and
// those its package is known to need; JSON lists them all; and the
// command to run by hand starts the server with Codex's environment, so
// that it fails there too, without printing a secret.
func TestProbeEnvNotPassedFirst(t *testing.T) {
	bin := testBin(t)
	npx := filepath.Join(fakeNpx(t), "npx")
	root, home := writeTreeHome(t, map[string]string{
		"~/.codex/config.toml": fmt.Sprintf(`[mcp_servers.zebra]
command = %[1]q
args = ["mcp-test-server", "--need-token", "--label=T_DEF_NAME"]
env = { T_SET = "abc", T_KEY = "LiteralSecret-Qw3Er5Ty7Ui9" }
env_vars = ["T_PASSED"]

[mcp_servers.github]
command = %[2]q
args = ["-y", "@modelcontextprotocol/server-github"]
`, bin, npx),
	})
	env := map[string]string{"PATH": os.Getenv("PATH"), "HOME": home, "T_PASSED": "passed-secret-value-77",
		"ZEBRA_SERVICE_TOKEN": "zebra-secret-value-123", "T_DEF_NAME": "x", "GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_EnvSecret0123456789abcdefghijKLMNOPqr"}
	for i := range 30 {
		env[fmt.Sprintf("A_VAR_%02d", i)] = "1"
	}
	code, rep, errOut := probeJSON(t, env, "--root", root, "--home", home, "--client", "codex")
	if code != 1 || len(rep.Servers) != 2 {
		t.Fatalf("exit %d %+v\n%s", code, rep, errOut)
	}
	for _, s := range rep.Servers {
		var note, hint string
		for _, d := range s.Diagnostics {
			switch d.Rule {
			case "env-not-passed":
				note = d.Message
				if d.Severity != "warning" {
					t.Errorf("%s: a variable the server needs is not passed: a warning, not %s", s.Name, d.Severity)
				}
			case "process-exited":
				hint = d.Hint
			}
		}
		var names []string
		for _, v := range s.EnvNotPassed {
			names = append(names, v.Name)
		}
		switch s.Name {
		case "zebra":
			if s.Status != "failed" {
				t.Fatalf("zebra: %s %s", s.Status, s.Reason)
			}
			want := `are not passed, among them "ZEBRA_SERVICE_TOKEN" (named on its stderr) and "T_DEF_NAME" (named in its definition); the others: "A_VAR_00", `
			if !strings.Contains(note, want) {
				t.Errorf("zebra: note %q, want %q", note, want)
			}
			// every one in JSON, those the server needs first
			if len(names) != 33 || names[0] != "ZEBRA_SERVICE_TOKEN" || s.EnvNotPassed[0].Why != "named on its stderr" ||
				names[1] != "T_DEF_NAME" || !slices.Contains(names, "A_VAR_29") || !slices.Contains(names, "GITHUB_PERSONAL_ACCESS_TOKEN") {
				t.Errorf("zebra: env_not_passed %+v", s.EnvNotPassed)
			}
			cmd := handRun(t, hint)
			for _, w := range []string{"env -i ", `HOME="$HOME"`, `PATH="$PATH"`, `T_PASSED="$T_PASSED"`, "T_SET=abc", `T_KEY='***'`, "--need-token"} {
				if !strings.Contains(cmd, w) {
					t.Errorf("zebra: the command to run by hand lacks %q: %s", w, cmd)
				}
			}
			for _, secret := range []string{"LiteralSecret", "passed-secret", "zebra-secret", "A_VAR_00"} {
				if strings.Contains(cmd, secret) {
					t.Errorf("zebra: the command to run by hand holds %q: %s", secret, cmd)
				}
			}
			// run by hand where the token is set, it fails as in Codex
			if got := runByHand(t, cmd, env); !strings.Contains(got, "ZEBRA_SERVICE_TOKEN environment variable is required") {
				t.Errorf("zebra: run by hand, the server does not fail as in Codex: %q\n%s", got, cmd)
			}
		case "github":
			want := `among them "GITHUB_PERSONAL_ACCESS_TOKEN" (needed by @modelcontextprotocol/server-github); the others:`
			if s.Status != "ok" || !strings.Contains(note, want) || names[0] != "GITHUB_PERSONAL_ACCESS_TOKEN" {
				t.Errorf("github: %s, note %q, want %q", s.Status, note, want)
			}
		}
	}
}

// TestProbeHandRunPerClient: the command to run by hand reproduces each
// client's way: Gemini CLI removes secret-looking variables (env -u) and
// adds its own, Claude Code passes everything and adds env.
func TestProbeHandRunPerClient(t *testing.T) {
	bin := testBin(t)
	def := fmt.Sprintf(`{"mcpServers": {"zebra": {"command": %q, "args": ["mcp-test-server", "--need-token"], "env": {"T_SET": "abc", "T_FROM": "$T_SRC"}}}}`, bin)
	root, home := writeTreeHome(t, map[string]string{
		"~/.gemini/settings.json":       def,
		"~/.gemini/trustedFolders.json": `{"@ROOT@": "TRUST_FOLDER"}`,
		"~/.claude.json":                strings.ReplaceAll(def, "$T_SRC", "${T_SRC}"),
		".vscode/mcp.json":              fmt.Sprintf(`{"servers": {"boom": {"command": %q, "args": ["mcp-test-server", "--stderr=boom"], "env": {"PATH": "/opt/extra"}}}}`, bin),
	})
	env := map[string]string{"PATH": os.Getenv("PATH"), "ZEBRA_SERVICE_TOKEN": "zebra-secret-value-123", "T_SRC": "from-the-shell", "T_PLAIN": "1"}
	_, rep, errOut := probeJSON(t, env, "--root", root, "--home", home, "--client", "gemini,claude,vscode")
	if len(rep.Servers) != 3 {
		t.Fatalf("%+v\n%s", rep, errOut)
	}
	for _, s := range rep.Servers {
		var hint string
		for _, d := range s.Diagnostics {
			if d.Rule == "process-exited" {
				hint = d.Hint
			}
		}
		switch s.Client {
		case "gemini":
			cmd := handRun(t, hint)
			for _, w := range []string{"env -u ZEBRA_SERVICE_TOKEN ", "GEMINI_CLI=1", "T_SET=abc", `T_FROM="$T_SRC"`} {
				if !strings.Contains(cmd, w) || strings.Contains(cmd, "zebra-secret") || strings.Contains(cmd, "T_PLAIN") {
					t.Errorf("gemini: the command to run by hand lacks %q: %s", w, cmd)
				}
			}
			if !strings.HasPrefix(hint, "run it by hand as Gemini CLI starts it") {
				t.Errorf("gemini: %q", hint)
			}
			if got := runByHand(t, cmd, env); !strings.Contains(got, "ZEBRA_SERVICE_TOKEN environment variable is required") {
				t.Errorf("gemini: run by hand, the server does not fail as in Gemini CLI: %q\n%s", got, cmd)
			}
		case "vscode":
			// VS Code adds the definition's PATH to the one it inherits
			cmd := handRun(t, hint)
			if !strings.HasPrefix(hint, "run it by hand as VS Code starts it") || !strings.Contains(cmd, ` env PATH="$PATH":/opt/extra `) {
				t.Errorf("vscode: %q", hint)
			}
			if got := runByHand(t, cmd, env); got != "boom" {
				t.Errorf("vscode: run by hand: %q\n%s", got, cmd)
			}
		case "claude":
			// Claude Code passes the token: the server works
			if s.Status != "ok" {
				t.Errorf("claude: %s %+v", s.Status, s.Diagnostics)
			}
		}
	}
}

// TestProbeSharedHandRun: a failing server shared by two clients is
// started once, and each entry's command to run by hand names its own
// client.
func TestProbeSharedHandRun(t *testing.T) {
	bin := testBin(t)
	log := t.TempDir() + "/starts"
	def := fmt.Sprintf(`{"mcpServers": {"s": {"command": %q, "args": ["mcp-test-server", "--log=%s", "--stderr=boom"], "env": {"T_SET": "abc"}}}}`, bin, log)
	root, home := writeTreeHome(t, map[string]string{"~/.codeium/windsurf/mcp_config.json": def, "~/.cursor/mcp.json": def})
	_, rep, errOut := probeJSON(t, nil, "--root", root, "--home", home, "--client", "windsurf,cursor")
	if len(rep.Servers) != 2 {
		t.Fatalf("%+v\n%s", rep, errOut)
	}
	products := map[string]string{"windsurf": "Windsurf", "cursor": "Cursor"}
	for _, s := range rep.Servers {
		var hint string
		for _, d := range s.Diagnostics {
			if d.Rule == "process-exited" {
				hint = d.Hint
			}
		}
		if want := "run it by hand as " + products[s.Client] + " starts it"; !strings.HasPrefix(hint, want) || !strings.Contains(hint, " env T_SET=abc ") {
			t.Errorf("%s: %q, want %q", s.Client, hint, want)
		}
	}
	if b, _ := os.ReadFile(log); strings.Count(string(b), "started") != 1 {
		t.Errorf("started %d times, want once", strings.Count(string(b), "started"))
	}
}
