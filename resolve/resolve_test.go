package resolve_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// serverOf reads one file of a client and returns the named server as
// that client's view has it, with its document.
func serverOf(t *testing.T, client, path, content, name string) (*normalize.Server, *normalize.Document, string) {
	t.Helper()
	root, home := testtree.Write(t, map[string]string{path: content})
	o := discover.Options{Root: root, Home: home, Isolated: true, AssumeTrusted: true}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set := o.View(normalize.ClientByID(client), discover.AllScopes)
	for i := range set.Definitions {
		s := &set.Definitions[i]
		if s.Name == name {
			for _, d := range set.Documents {
				if d.Path == s.Source.Path {
					return s, d, root
				}
			}
			return s, nil, root
		}
	}
	t.Fatalf("no server %q in %s", name, path)
	return nil, nil, ""
}

func vars(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

func field(r resolve.Resolved, name, key string) resolve.Field {
	for _, f := range r.Fields {
		if f.Field == name && f.Key == key {
			return f
		}
	}
	return resolve.Field{Field: "missing " + name + " " + key}
}

// TestServerPerClient resolves one definition per client syntax and
// checks what each client would send, as the real clients were seen to
// (testdata/clients/*-env-set, *-env-unset).
func TestServerPerClient(t *testing.T) {
	env := resolve.Env{Lookup: vars("TOKEN", "t0k3n-value", "EMPTY", "", "HOST", "db.example.com"), UserHome: "/home/u", WorkspaceFolder: "/work/p"}
	tests := []struct {
		name, client, path, content string
		check                       func(t *testing.T, r resolve.Resolved)
	}{
		{"claude expands ${VAR} and defaults, not $VAR nor ${env:VAR}", "claude", ".mcp.json",
			`{"mcpServers": {"s": {"command": "srv", "args": ["${TOKEN}", "${NOPE}", "${NOPE:-d}", "${EMPTY:-d}", "$TOKEN", "${env:TOKEN}"]}}}`,
			func(t *testing.T, r resolve.Resolved) {
				want := []string{"t0k3n-value", "${NOPE}", "d", "", "$TOKEN", "${env:TOKEN}"}
				if !slices.Equal(r.Server.Args, want) {
					t.Errorf("args %q, want %q", r.Server.Args, want)
				}
				if len(r.Diagnostics) != 1 || !strings.Contains(r.Diagnostics[0].Message, `variable "NOPE" is not set`) {
					t.Errorf("diagnostics %v", r.Diagnostics)
				}
			}},
		{"claude does not expand cwd", "claude", ".mcp.json",
			`{"mcpServers": {"s": {"command": "srv", "env": {"A": "${TOKEN}"}}}}`,
			func(t *testing.T, r resolve.Resolved) {
				if r.Server.Env["A"] != "t0k3n-value" {
					t.Errorf("env %v", r.Server.Env)
				}
			}},
		{"cursor env-colon and editor variables", "cursor", ".cursor/mcp.json",
			`{"mcpServers": {"s": {"command": "${userHome}/bin/srv", "args": ["${workspaceFolder}", "${env:TOKEN}", "${TOKEN}"]}}}`,
			func(t *testing.T, r resolve.Resolved) {
				if r.Server.Command != "/home/u/bin/srv" || !slices.Equal(r.Server.Args, []string{"/work/p", "t0k3n-value", "${TOKEN}"}) {
					t.Errorf("%q %q", r.Server.Command, r.Server.Args)
				}
			}},
		{"vscode input needs an answer", "vscode", ".vscode/mcp.json",
			`{"inputs": [{"type": "promptString", "id": "tok"}], "servers": {"s": {"command": "srv", "env": {"T": "${input:tok}"}}}}`,
			func(t *testing.T, r resolve.Resolved) {
				f := field(r, "env", "T")
				if f.Value != "${input:tok}" || len(f.Problems) == 0 || !strings.Contains(f.Problems[0], "prompted") {
					t.Errorf("%+v", f)
				}
			}},
		{"gemini bare and braces; env unset becomes empty", "gemini", ".gemini/settings.json",
			`{"mcpServers": {"s": {"command": "srv", "args": ["$TOKEN", "${NOPE}"], "env": {"A": "$NOPE", "B": "${TOKEN}"}}}}`,
			func(t *testing.T, r resolve.Resolved) {
				if !slices.Equal(r.Server.Args, []string{"t0k3n-value", "${NOPE}"}) {
					t.Errorf("args %q", r.Server.Args)
				}
				if r.Server.Env["A"] != "" || r.Server.Env["B"] != "t0k3n-value" {
					t.Errorf("env %q", r.Server.Env)
				}
			}},
		{"opencode brace: unset is empty", "opencode", "opencode.json",
			`{"mcp": {"s": {"type": "remote", "url": "https://{env:HOST}/mcp", "headers": {"Authorization": "Bearer {env:NOPE}"}}}}`,
			func(t *testing.T, r resolve.Resolved) {
				if r.Server.URL != "https://db.example.com/mcp" || r.Server.Headers["Authorization"] != "Bearer " {
					t.Errorf("%q %q", r.Server.URL, r.Server.Headers)
				}
			}},
		{"codex reads variables by name", "codex", ".codex/config.toml",
			"[mcp_servers.s]\nurl = \"https://x.example.com/mcp\"\nbearer_token_env_var = \"TOKEN\"\nenv_http_headers = { \"X-Org\" = \"NOPE\" }\n",
			func(t *testing.T, r resolve.Resolved) {
				if r.Server.Headers["Authorization"] != "Bearer t0k3n-value" {
					t.Errorf("headers %q", r.Server.Headers)
				}
				if f := field(r, "headers", "X-Org"); !f.Dropped {
					t.Errorf("X-Org should not be sent: %+v", f)
				}
			}},
		{"codex env_vars pass through; ${VAR} is literal", "codex", ".codex/config.toml",
			"[mcp_servers.s]\ncommand = \"srv\"\nenv_vars = [\"TOKEN\"]\nenv = { \"B\" = \"${TOKEN}\" }\n",
			func(t *testing.T, r resolve.Resolved) {
				if r.Server.Env["TOKEN"] != "t0k3n-value" || r.Server.Env["B"] != "${TOKEN}" {
					t.Errorf("env %q", r.Server.Env)
				}
			}},
		{"pisces drops an unresolved header and names it", "pisces", ".pisces/mcp.json",
			`{"mcpServers": {"s": {"type": "http", "url": "https://x.example.com/mcp", "headers": {"Authorization": "Bearer ${NOPE}", "X-Name": "TOKEN", "X-Cmd": "!echo hi"}}}}`,
			func(t *testing.T, r resolve.Resolved) {
				if _, ok := r.Server.Headers["Authorization"]; ok {
					t.Errorf("Authorization should be dropped: %q", r.Server.Headers)
				}
				if r.Server.Headers["X-Name"] != "t0k3n-value" {
					t.Errorf("a bare variable name is its value: %q", r.Server.Headers)
				}
				if _, ok := r.Server.Headers["X-Cmd"]; ok {
					t.Errorf("a command must not run without a runner: %q", r.Server.Headers)
				}
				var msgs []string
				for _, d := range r.Diagnostics {
					msgs = append(msgs, d.Message)
				}
				all := strings.Join(msgs, "\n")
				for _, want := range []string{`header "Authorization" will not be sent: ${NOPE} is unset`, `header "X-Cmd" will not be sent: "!echo hi" is a command, which runs only with --allow-exec`} {
					if !strings.Contains(all, want) {
						t.Errorf("no %q in\n%s", want, all)
					}
				}
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, doc, _ := serverOf(t, tt.client, tt.path, tt.content, "s")
			tt.check(t, resolve.Server(normalize.ClientByID(tt.client), s, doc, env))
		})
	}
}

// TestExternalPieces: a value from the environment is marked External and
// listed among the values a run masks; a literal is not (whether it is a
// secret is package secret's to say).
func TestExternalPieces(t *testing.T) {
	secret := "ghp_0123456789abcdefghijABCDEFGHIJklmnop"
	s, doc, _ := serverOf(t, "claude", ".mcp.json",
		`{"mcpServers": {"s": {"type": "http", "url": "https://x.example.com/mcp", "headers": {"Authorization": "Bearer ${GH}", "X-Trace": "on"}}}}`, "s")
	r := resolve.Server(normalize.ClientByID("claude"), s, doc, resolve.Env{Lookup: vars("GH", secret)})
	if auth := field(r, "headers", "Authorization"); !auth.External || auth.Value != "Bearer "+secret {
		t.Errorf("authorization: %+v", auth)
	}
	if tr := field(r, "headers", "X-Trace"); tr.External {
		t.Errorf("a literal is not external: %+v", tr)
	}
	if !slices.Contains(r.Secrets, secret) || slices.Contains(r.Secrets, "on") {
		t.Errorf("secrets to mask: %q", r.Secrets)
	}
}

// TestRunner: a command runs once, in its directory, with no stdin; a
// failure names the exit status and the end of stderr; a command
// that hangs is stopped with its whole process group; output over the cap
// is refused.
func TestRunner(t *testing.T) {
	dir := t.TempDir()
	r := &resolve.Runner{Dir: dir, Timeout: 2 * time.Second}
	count := filepath.Join(dir, "count")
	line := "echo x >> " + count + "; cat; pwd"
	for range 3 {
		if res := r.Run(line); res.Err != "" || res.Output != dir {
			t.Fatalf("run: %+v", res)
		}
	}
	if b, _ := os.ReadFile(count); strings.Count(string(b), "x") != 1 || r.Runs() != 1 {
		t.Errorf("ran %d times", strings.Count(string(b), "x"))
	}
	// the error is the run's to mask, at its boundary, like every text
	res := r.Run("echo 'bad token' >&2; exit 3")
	if !strings.Contains(res.Err, "exit status 3") || !strings.Contains(res.Err, ": bad token") {
		t.Errorf("failure: %q", res.Err)
	}
	// a tail cut in the middle of a line starts at the next line: the cut
	// may fall inside a secret, whose end alone no scanner recognizes
	res = r.Run("printf 'x%.0s' $(seq 3000) >&2; printf '\\nS3cr3tTail-Kq7Zx2Lm5Np8\\nlast line\\n' >&2; exit 1")
	if strings.Contains(res.Err, "xxx") || !strings.Contains(res.Err, "last line") {
		t.Errorf("cut tail: %q", res.Err)
	}
	if res := r.Run("true"); !strings.Contains(res.Err, "printed nothing") {
		t.Errorf("empty: %q", res.Err)
	}
	if res := r.Run("head -c 2000000 /dev/zero | tr '\\0' a"); !strings.Contains(res.Err, "more than 1048576 bytes") {
		t.Errorf("cap: %q", res.Err)
	}
	pidFile := filepath.Join(dir, "pid")
	short := &resolve.Runner{Dir: dir, Timeout: 300 * time.Millisecond}
	start := time.Now()
	res = short.Run("sleep 30 & echo $! > " + pidFile + "; wait")
	if !strings.Contains(res.Err, "did not finish within 300ms") || time.Since(start) > 5*time.Second {
		t.Errorf("timeout: %q after %s", res.Err, time.Since(start))
	}
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	pid := strings.TrimSpace(string(b))
	deadline := time.Now().Add(3 * time.Second)
	for {
		if _, err := os.Stat("/proc/" + pid); err != nil {
			break // gone
		}
		if st, _ := os.ReadFile("/proc/" + pid + "/stat"); strings.Contains(string(st), ") Z ") {
			break // a zombie waiting for its reaper: not running
		}
		if time.Now().After(deadline) {
			t.Fatalf("the command's child %s outlived the timeout", pid)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestPiscesCommandRuns: with a runner, a !command value is its trimmed
// output, from outside the file.
func TestPiscesCommandRuns(t *testing.T) {
	s, doc, root := serverOf(t, "pisces", ".pisces/mcp.json",
		`{"mcpServers": {"s": {"command": "srv", "env": {"TOKEN": "!printf '  from-cmd-secret-value \n'"}}}}`, "s")
	r := resolve.Server(normalize.ClientByID("pisces"), s, doc, resolve.Env{Run: &resolve.Runner{Dir: root}})
	f := field(r, "env", "TOKEN")
	if r.Server.Env["TOKEN"] != "from-cmd-secret-value" || !f.External || len(f.Pieces) != 1 || f.Pieces[0].Kind != resolve.FromCommand ||
		!slices.Contains(r.Secrets, "from-cmd-secret-value") {
		t.Errorf("%q %+v %q", r.Server.Env, f, r.Secrets)
	}
}

func TestIncomplete(t *testing.T) {
	s, doc, _ := serverOf(t, "pisces", ".pisces/mcp.json", `{"mcpServers": {"a": {"command": "srv", "env": {"TOKEN": "!pass show token"}}}}`, "a")
	if got := resolve.Server(normalize.ClientByID("pisces"), s, doc, resolve.Env{}).Incomplete(); got != `env "TOKEN" is a command, which runs only with --allow-exec` {
		t.Errorf("pisces command: %q", got)
	}
	s, doc, _ = serverOf(t, "vscode", ".vscode/mcp.json", `{"inputs": [{"id": "tok", "type": "promptString"}], "servers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${input:tok}"}}}}`, "a")
	if got := resolve.Server(normalize.ClientByID("vscode"), s, doc, resolve.Env{}).Incomplete(); got != `headers "Authorization" needs input "tok", which the client prompts for: pass --input tok=VALUE` {
		t.Errorf("vscode input: %q", got)
	}
	if got := resolve.Server(normalize.ClientByID("vscode"), s, doc, resolve.Env{Inputs: map[string]string{"tok": "x"}}).Incomplete(); got != "" {
		t.Errorf("answered input: %q", got)
	}
}

// TestWindowsOnlySyntax: Gemini CLI expands %VAR% only on Windows; on
// other systems it sends it as written, without a word about the variable.
func TestWindowsOnlySyntax(t *testing.T) {
	s, doc, _ := serverOf(t, "gemini", ".gemini/settings.json",
		`{"mcpServers": {"s": {"command": "srv", "env": {"DIR": "%LOCALAPPDATA%\\srv", "TOKEN": "$GM_TOKEN"}}}}`, "s")
	lookup := vars("LOCALAPPDATA", `C:\Users\me\AppData\Local`, "GM_TOKEN", "tok-1")
	for goos, want := range map[string]string{"linux": `%LOCALAPPDATA%\srv`, "darwin": `%LOCALAPPDATA%\srv`, "windows": `C:\Users\me\AppData\Local\srv`} {
		r := resolve.Server(normalize.ClientByID("gemini"), s, doc, resolve.Env{Lookup: lookup, GOOS: goos})
		if got := r.Server.Env["DIR"]; got != want {
			t.Errorf("%s: DIR = %q, want %q", goos, got, want)
		}
		if got := r.Server.Env["TOKEN"]; got != "tok-1" {
			t.Errorf("%s: $GM_TOKEN not expanded: %q", goos, got)
		}
		if len(r.Diagnostics) != 0 {
			t.Errorf("%s: %+v", goos, r.Diagnostics)
		}
	}
}

// TestEditorVarsOfOneClient: Roo Code expands ${workspaceFolder} but not
// ${userHome}, which it sends as written.
func TestEditorVarsOfOneClient(t *testing.T) {
	s, doc, root := serverOf(t, "roo", ".roo/mcp.json",
		`{"mcpServers": {"s": {"command": "node", "args": ["${workspaceFolder}/srv.js", "${userHome}/data"]}}}`, "s")
	r := resolve.Server(normalize.ClientByID("roo"), s, doc, resolve.Env{Lookup: vars(), WorkspaceFolder: root, UserHome: "/home/me"})
	if want := []string{root + "/srv.js", "${userHome}/data"}; !slices.Equal(r.Server.Args, want) {
		t.Errorf("args %q, want %q", r.Server.Args, want)
	}
	if len(r.Diagnostics) != 0 {
		t.Errorf("%+v", r.Diagnostics)
	}
}

// An ${input:id} no entry of "inputs" declares is not prompted for: VS Code
// refuses to start the server ("Undefined input variable 'id'
// encountered", microsoft/vscode baseConfigurationResolverService
// showUserInput), whatever --input says. lint's unknown-input says the
// same; explain --resolve and probe learn it here.
func TestUndeclaredInput(t *testing.T) {
	vscode := normalize.ClientByID("vscode")
	s, doc, _ := serverOf(t, "vscode", ".vscode/mcp.json", `{"inputs": [{"id": "tok", "type": "promptString"}], "servers": {"a": {"type": "http", "url": "https://x.example/mcp", "headers": {"Authorization": "Bearer ${input:token}", "X-Tok": "${input:tok}"}}}}`, "a")
	for _, env := range []resolve.Env{{}, {Inputs: map[string]string{"token": "x", "tok": "y"}}} {
		r := resolve.Server(vscode, s, doc, env)
		const want = `headers "Authorization": input "token" is not declared in "inputs": VS Code does not start the server ("Undefined input variable 'token' encountered")`
		if got := r.Incomplete(); got != want {
			t.Errorf("incomplete with %v:\n got %q\nwant %q", env.Inputs, got, want)
		}
		var msgs []string
		for _, d := range r.Diagnostics {
			msgs = append(msgs, d.Message)
		}
		if len(msgs) == 0 || !strings.Contains(msgs[0], `input "token" is not declared in "inputs": VS Code does not start the server`) {
			t.Errorf("diagnostics: %q", msgs)
		}
	}
	// no "inputs" at all
	s, doc, _ = serverOf(t, "vscode", ".vscode/mcp.json", `{"servers": {"a": {"command": "srv", "env": {"T": "${input:tok}"}}}}`, "a")
	if got := resolve.Server(vscode, s, doc, resolve.Env{}).Incomplete(); !strings.Contains(got, `input "tok" is not declared in "inputs"`) {
		t.Errorf("no inputs: %q", got)
	}
	// VS Code's settings.json keeps them under "mcp"
	s, doc, _ = serverOf(t, "vscode", ".vscode/settings.json", `{"mcp": {"inputs": [{"id": "tok", "type": "promptString"}], "servers": {"a": {"command": "srv", "env": {"T": "${input:tok}"}}}}}`, "a")
	if got := resolve.Server(vscode, s, doc, resolve.Env{}).Incomplete(); !strings.Contains(got, "which the client prompts for") {
		t.Errorf("settings.json: %q", got)
	}
}
