package main

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"

	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/secret"
)

// canaries are secrets planted in every place a config, the environment,
// a command or a server can put one. None may appear in any output, nor
// its first 12 characters (a secret cut at a length limit).
type canaries map[string]string

func (c canaries) check(t *testing.T, what, out string) {
	t.Helper()
	for name, v := range c {
		for _, part := range []string{v, v[:12]} {
			if strings.Contains(out, part) {
				t.Errorf("%s printed %s (%q):\n%s", what, name, part, out)
				break
			}
		}
	}
}

// TestSecretsNeverPrinted plants secrets in the environment, in the output
// and the text of !commands, in literal values under secret-looking and
// odd keys, in flags, in a connection string and a URL query, in a pisces
// literal header and a Codex multi-line value, runs every command that
// reads the tree in every format, and fails if any secret, or its first 12
// characters, appears in what mcpconf prints.
func TestSecretsNeverPrinted(t *testing.T) {
	c := canaries{
		"env":             "ghp_EnvSecret0123456789abcdefghijKLMNOPqr",
		"command output":  "cmd-secret-Zq8Wm2Lp5Rt7Yx3Vb9",
		"literal":         "sk-LiteralSecretAbCdEfGh0123456789XyZ",
		"db password":     "DbPassw0rd-Kq7Zx2Lm5Np8",
		"header":          "HeaderSecret-Mn4Bv8Cx2Lz6",
		"default":         "DefaultSecret-Pw3Ks9Jd7Hq1",
		"api key flag":    "FlagKey-Tq5Wn8Zr2Lp7Xv3",
		"password flag":   "FlagPass-Hy6Bm1Qs9Kd4Rf8",
		"token flag":      "FlagTok-Jc2Vx7Ng5Pw3Lm9",
		"base64 env":      "eyJjcmVkIjoiQjY0U2VjcmV0In0Zk9Qx",
		"odd env key":     "OddKey-Wq8Zr2Lx7Vt4Ns6",
		"pisces header":   "PiscesHdr-Rb5Kt9Mz3Qw7Hx2",
		"multi-line toml": "TomlMulti-Fs4Nj8Pq2Vc6Ld1",
		"command text":    "CmdText-Gz7Ly3Nk9Tw5Bq1Xr",
		"url query":       "QueryTok-Dm6Hs2Kv8Rp4Zn7",
	}
	// the command prints a secret it does not contain; a failing command
	// quotes another value in its error
	vault := filepath.Join(t.TempDir(), "vault")
	if err := os.WriteFile(vault, []byte(c["command output"]+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {
			"cmd": {"command": "srv", "env": {"API_TOKEN": "!cat ` + vault + `", "GH": "GITHUB_TOKEN", "ECHO": "!printf %s ` + c["command text"] + `",
				"FAILS": "!echo 'bad key ` + c["api key flag"] + `' >&2; exit 3"}},
			"web": {"type": "http", "url": "https://x.example.com/mcp?access_token=` + c["url query"] + `", "headers": {"Authorization": "Bearer ${GITHUB_TOKEN}", "X-Api-Key": "` + c["header"] + `", "X-Custom": "` + c["pisces header"] + `"}}}}`,
		".mcp.json": `{"mcpServers": {
			"db": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres@0.6.2", "postgresql://admin:` + c["db password"] + `@db.example.com:5432/app"]},
			"flags": {"command": "srv", "args": ["--api-key=` + c["api key flag"] + `", "--password", "` + c["password flag"] + `", "--token", "` + c["token flag"] + `"]},
			"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}", "OPENAI_API_KEY": "` + c["literal"] + `",
				"FALLBACK_KEY": "${NOPE:-` + c["default"] + `}", "CONFIG_B64": "` + c["base64 env"] + `", "DATA": "` + c["odd env key"] + `"}}}}`,
		".cursor/mcp.json":   `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"}}}}`,
		".codex/config.toml": "[mcp_servers.toml]\ncommand = \"srv\"\nenv = { NOTE = \"\"\"first line\n" + c["multi-line toml"] + "\"\"\" }\n",
	})
	env := map[string]string{"GITHUB_TOKEN": c["env"]}
	home := t.TempDir()
	var runs [][]string
	for _, f := range []string{"text", "json", "sarif", "github"} {
		for _, scope := range []string{"project", "all"} {
			runs = append(runs, []string{"lint", "--root", root, "--home", home, "--format", f, "--scope", scope, "--check-env"})
		}
	}
	for _, f := range []string{"text", "json"} {
		for _, extra := range [][]string{nil, {"gh"}, {"db"}, {"flags"}, {"web"}, {"cmd"}, {"toml"}, {"--all-sources"},
			{"--client", "pisces"}, {"gh", "--client", "pisces"}, {"--client", "claude"}, {"--client", "codex"},
			{"--resolve"}, {"--resolve", "--allow-exec"}, {"cmd", "--resolve", "--allow-exec"}, {"web", "--resolve"},
			{"flags", "--resolve"}, {"db", "--resolve"}, {"toml", "--resolve"}, {"--resolve", "--client", "pisces", "--allow-exec"}} {
			runs = append(runs, append([]string{"explain", "--root", root, "--home", home, "--format", f}, extra...))
		}
	}
	// a secret typed where mcpconf's own message quotes it (an --input
	// without its id) is masked there too
	c["typed token"] = "ghp_" + "Typed0123456789abcdefghijKLMNOPqrstu"
	runs = append(runs, []string{"explain", "--root", root, "--home", home, "--resolve", "--input", c["typed token"]})
	for _, args := range runs {
		_, out, errOut := run(t, env, args...)
		c.check(t, "mcpconf "+strings.Join(args, " "), out+errOut)
	}
	// masked, but not missed: lint reports the password of the connection
	// string as a hard-coded secret
	_, rep, _ := lintJSON(t, env, "--root", root, "--home", home)
	found := false
	for _, f := range rep.Findings {
		found = found || f.Rule == "hardcoded-secret" && f.Path == ".mcp.json" && strings.Contains(f.Message, "password")
	}
	if !found {
		t.Errorf("lint does not report the password of the connection string: %+v", rep.Findings)
	}
}

// TestProbeSecretsNeverPrinted: servers that fail and print what they were
// given — their arguments, their environment, a configured token in an
// error body — straddling every length probe cuts at, never show a secret
// or its first 12 characters, in any format; the hint to run a server by
// hand masks its secret flags.
func TestProbeSecretsNeverPrinted(t *testing.T) {
	c := canaries{
		"api key flag":  "FlagKey-Tq5Wn8Zr2Lp7Xv3",
		"password flag": "FlagPass-Hy6Bm1Qs9Kd4Rf8",
		"env":           "EnvTok-Wq8Zr2Lx7Vt4Ns6Ab",
		"odd env key":   "OddKey-Cv3Bn7Mx1Zq5Lp9",
		"bearer":        "BearerTok-Rb5Kt9Mz3Qw7Hx2",
		"literal key":   "LitHdr-Fs4Nj8Pq2Vc6Ld1",
	}
	bin := testBin(t)
	var stderr strings.Builder
	// a canary straddles each limit, 12 of its characters before it: the
	// 500 bytes a stderr line is cut at, the 300 of the last line quoted
	// in the message, the 200 of a quoted snippet
	stderr.WriteString("args: --api-key=" + c["api key flag"] + "\n")
	for _, at := range []int{187, 287, 487, 287} {
		stderr.WriteString(strings.Repeat("x", at) + c["password flag"] + " tail\n")
	}
	// a server that answers 500 with the token it was sent, at the cut
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusInternalServerError)
		// the token starts 188 bytes in: a 200-byte snippet holds 12 of it
		fmt.Fprintf(w, "%s bad header %q and %q", strings.Repeat("e", 168), r.Header.Get("Authorization"), r.Header.Get("X-Key"))
	}))
	defer web.Close()
	root, home := writeTreeHome(t, map[string]string{
		"~/.claude.json": fmt.Sprintf(`{"mcpServers": {
			"leaky": {"command": %q, "args": ["mcp-test-server", "--stderr=%s", "--api-key=%s", "--password", %q], "env": {"T_TOKEN": "${T_TOKEN}", "DATA": %q}},
			"env": {"command": %q, "args": ["mcp-test-server", "--leak"], "env": {"T_TOKEN": "${T_TOKEN}", "DATA": %q}},
			"web": {"type": "http", "url": %q, "headers": {"Authorization": "Bearer ${BEARER}", "X-Key": %q}}}}`,
			bin, escapeArg(stderr.String()), c["api key flag"], c["password flag"], c["odd env key"],
			bin, c["odd env key"], web.URL+"/mcp", c["literal key"]),
	})
	env := map[string]string{"T_TOKEN": c["env"], "BEARER": c["bearer"], "PATH": os.Getenv("PATH")}
	for _, f := range []string{"text", "json"} {
		for _, extra := range [][]string{nil, {"--tools"}} {
			args := append([]string{"probe", "--root", root, "--home", home, "--client", "claude", "--timeout", "10s", "--format", f}, extra...)
			_, out, errOut := run(t, env, args...)
			c.check(t, "mcpconf "+strings.Join(args, " "), out+errOut)
			if f == "text" && !strings.Contains(out, "run it by hand") {
				t.Errorf("no hint to run the server by hand in:\n%s", out)
			}
		}
	}
}

// escapeArg writes text for the test server's --stderr=, which turns \n
// back into line breaks.
func escapeArg(s string) string { return strings.ReplaceAll(s, "\n", `\n`) }

// TestNoControlCharacterFromAFile: a server name or value holding escape
// sequences (CSI, OSC titles and links, C1), bidi controls and line breaks
// reaches no text output raw: explain, explain NAME, --resolve,
// --all-sources and lint neutralize them.
func TestNoControlCharacterFromAFile(t *testing.T) {
	evil := `e\u001b[2J\u001b]0;pwned\u0007\u001b]8;;https://evil.example\u0007x\u009b31m\u202e\r\nfake: line`
	root := writeTree(t, map[string]string{
		".mcp.json": `{"mcpServers": {"` + evil + `": {"command": "` + evil + `", "args": ["` + evil + `"], "env": {"` + evil + `": "` + evil + `"}},
			"plain": {"type": "http", "url": "https://h.example/` + evil + `", "headers": {"X": "${` + evil + `}"}}}}`,
		".cursor/mcp.json": `{"mcpServers": {"c": {"command": "x", "env": {"K": "` + evil + `"}}}}`,
	})
	home := t.TempDir()
	name := "e\x1b[2J\x1b]0;pwned\x07\x1b]8;;https://evil.example\x07x\u009b31m\u202e\r\nfake: line"
	for _, args := range [][]string{
		{"explain"}, {"explain", "--all-sources"}, {"explain", name}, {"explain", "--resolve"}, {"explain", "--client", "claude"},
		{"explain", "--client", "pisces"}, {"explain", name, "--client", "pisces"}, {"explain", "--resolve", "--client", "pisces"},
		{"lint"}, {"lint", "--format", "github"},
	} {
		_, out, errOut := run(t, nil, append(args, "--root", root, "--home", home)...)
		for _, r := range out + errOut {
			if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
				t.Errorf("mcpconf %s printed %U raw:\n%q", strings.Join(args, " "), r, out+errOut)
				break
			}
		}
		if strings.Contains(out, "\nfake: line") {
			t.Errorf("mcpconf %s printed a line a file wrote:\n%s", strings.Join(args, " "), out)
		}
	}
}

// TestResolveNoClearerThanWritten: what plain explain masks as written,
// explain --resolve does not show as used: a secret flag's value, a value
// under a secret-looking or odd key, the credentials of a URL.
func TestResolveNoClearerThanWritten(t *testing.T) {
	secret := "Zq8Wm2Lp5Rt7Yx3Vb9Nc"
	root := writeTree(t, map[string]string{
		".mcp.json": `{"mcpServers": {"s": {"command": "srv", "args": ["--api-key=` + secret + `a", "--password", "` + secret + `b"],
			"env": {"CONFIG_B64": "` + secret + `c", "X": "${V}-` + secret + `d"}}}}`,
	})
	_, out, _ := run(t, map[string]string{"V": "from-env-1234"}, "explain", "--resolve", "--root", root, "--home", t.TempDir())
	if strings.Contains(out, secret) || strings.Contains(out, "from-env-1234") {
		t.Errorf("--resolve shows a value explain masks:\n%s", out)
	}
	for _, want := range []string{"--api-key=***", "***"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

// TestResolveRunsCommandsOnlyWhenAllowed: explain --resolve runs a !command
// only with --allow-exec, and then once, however many servers use it.
func TestResolveRunsCommandsOnlyWhenAllowed(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "count")
	cmd := "!echo run >> " + count + "; echo value"
	root := writeTree(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {"a": {"command": "a", "env": {"T": "` + cmd + `"}}, "b": {"command": "b", "env": {"T": "` + cmd + `"}}}}`,
	})
	home := t.TempDir()
	for _, args := range [][]string{
		{"explain", "--root", root, "--home", home},
		{"explain", "--root", root, "--home", home, "--resolve"},
		{"lint", "--root", root, "--home", home, "--scope", "all", "--check-env"},
	} {
		run(t, nil, args...)
		if _, err := os.Stat(count); err == nil {
			t.Fatalf("mcpconf %s ran a command", strings.Join(args, " "))
		}
	}
	code, out, errOut := run(t, nil, "explain", "--root", root, "--home", home, "--resolve", "--allow-exec")
	if code != 0 {
		t.Fatal(errOut)
	}
	b, _ := os.ReadFile(count)
	if got := strings.Count(string(b), "run"); got != 1 {
		t.Errorf("the command ran %d times, want once", got)
	}
	if !strings.Contains(out, "from command") {
		t.Errorf("no command origin in:\n%s", out)
	}
}

// TestProbeLearnsWhatServersPrint: a server configured with its token as
// a plain positional argument (nothing in the config says it is one)
// fails printing "token=VALUE" on stderr (or on stdout). probe masks the line,
// and the value is then masked everywhere in the run: the hint's command
// to run by hand, another server's hint made before the value was seen,
// every format.
func TestProbeLearnsWhatServersPrint(t *testing.T) {
	const tok, tok2 = "Xy7kQ2mP9vL4wR8t", "Pw9QmZx4Lk2Vb7Nc"
	bin := testBin(t)
	root, home := writeTreeHome(t, map[string]string{
		"~/.claude.json": fmt.Sprintf(`{"mcpServers": {
			"alpha": {"command": %q, "args": ["mcp-test-server", "--stderr=bye", %q]},
			"beta": {"command": %q, "args": ["mcp-test-server", "--echo-last", %q]},
			"gamma": {"command": %q, "args": ["mcp-test-server", "--echo-last-stdout", %q]}}}`, bin, tok, bin, tok, bin, tok2),
	})
	// one at a time: alpha, whose hint quotes the value, ends before beta
	// shows it is a token
	for _, format := range []string{"text", "json"} {
		code, out, errOut := run(t, nil, "probe", "--root", root, "--home", home, "--client", "claude", "--format", format, "--parallel", "1")
		if code != 1 || !strings.Contains(out, "token=***") || !strings.Contains(out, "by hand") {
			t.Errorf("%s: exit %d, the failure, its stderr and the hint are not shown:\n%s%s", format, code, out, errOut)
		}
		if strings.Contains(out+errOut, tok) || strings.Contains(out+errOut, tok2) {
			t.Errorf("%s: printed a token a server printed:\n%s%s", format, out, errOut)
		}
	}
}

// TestMaskingKeepsOwnWords: a secret equal to one of mcpconf's own words
// — a rule id ("hardcoded-secret" is one), a word of a message, a
// client's name — is masked where it is a value (the snippet, the
// pointer, a quoted value), never in the rule id, the rule catalogue, the
// doc links or the words of a message, in every lint format.
func TestMaskingKeepsOwnWords(t *testing.T) {
	cases := []struct {
		secret string
		// own are texts of mcpconf's each format must print whole
		own map[string][]string
	}{
		{"hardcoded-secret", map[string][]string{
			"text":   {"[hardcoded-secret]"},
			"json":   {`"rule": "hardcoded-secret"`, "rules.md#hardcoded-secret"},
			"sarif":  {`"ruleId": "hardcoded-secret"`, `"id": "hardcoded-secret"`, "rules.md#hardcoded-secret"},
			"github": {"title=hardcoded-secret"},
		}},
		{"credential", map[string][]string{
			"text":   {"it is a credential", "then change the credential if it is real"},
			"json":   {"it is a credential"},
			"sarif":  {"it is a credential"},
			"github": {"it is a credential"},
		}},
		{"readable by everyone", map[string][]string{
			"text":   {"it is readable by everyone who"},
			"json":   {"it is readable by everyone who"},
			"sarif":  {"it is readable by everyone who"},
			"github": {"it is readable by everyone who"},
		}},
	}
	for _, c := range cases {
		root, home := writeTreeHome(t, map[string]string{
			".mcp.json":      fmt.Sprintf(`{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg"], "env": {"API_KEY": %q}}}}`, c.secret),
			"~/.claude.json": `{}`,
		})
		for _, f := range report.LintFormats() { // a new format is checked without a word here
			format := f.Name
			_, out, errOut := run(t, nil, "lint", "--root", root, "--home", home, "--client", "claude", "--format", format)
			if !strings.Contains(out, "hardcoded-secret") && !strings.Contains(out, "API_KEY") {
				t.Fatalf("%q %s: no finding:\n%s%s", c.secret, format, out, errOut)
			}
			for _, own := range c.own[format] {
				if !strings.Contains(out, own) {
					t.Errorf("%q %s: %q is not printed whole:\n%s", c.secret, format, own, out)
				}
			}
			// the value itself, quoted as a value, is never printed
			if strings.Contains(out, `"API_KEY": "`+c.secret) || strings.Contains(out, `\"API_KEY\": \"`+c.secret) {
				t.Errorf("%q %s: the value is printed:\n%s", c.secret, format, out)
			}
		}
	}
}

// TestMaskingKeepsClientNames: a secret equal to a client's id is masked
// as the value it is, not in the client's name, hints, the paths of its
// files or JSON fields of explain and probe.
func TestMaskingKeepsClientNames(t *testing.T) {
	root, home := writeTreeHome(t, map[string]string{
		".mcp.json":      `{"mcpServers": {"x": {"command": "npx", "args": ["-y", "pkg"], "env": {"API_KEY": "claude"}}}}`,
		"~/.claude.json": `{}`,
	})
	for _, c := range []struct {
		args []string
		want []string
	}{
		{[]string{"explain"}, []string{"What Claude Code loads", "API_KEY=***", "to start it: first trust the project: run claude in the project"}},
		{[]string{"explain", "--format", "json"}, []string{`"client": "claude"`, `"API_KEY": "***"`, `"hint": "first trust the project: run claude in the project`, `"path": "~/.claude.json"`}},
		{[]string{"probe"}, []string{"x [claude]", "run claude in the project"}},
		{[]string{"probe", "--format", "json"}, []string{`"client": "claude"`, `"status": "pending-approval"`}},
	} {
		_, out, errOut := run(t, nil, append(c.args, "--root", root, "--home", home, "--client", "claude")...)
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("%q: no %q:\n%s%s", c.args, w, out, errOut)
			}
		}
	}
}

// TestShapesNeverPrinted: a credential of every shape secret.Shapes
// lists — a shape added there is tested here — written where nothing but
// its shape says it is one (a positional argument, the value of an env
// variable and of a header whose names say nothing), is never printed:
// not by explain (text, json), lint (text, json, sarif, github: and lint
// reports each argument), nor probe (text, json: the hints to run a
// server by hand quote its arguments and environment). Each place is
// its own run: a value masked in one place is learned and masked in all.
func TestShapesNeverPrinted(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(w, "trace %q rejected", r.Header.Get("X-Trace"))
	}))
	defer srv.Close()
	bin := testBin(t)
	shapes := secret.Shapes()
	places := map[string]func(i int, ex string) (claude, codex string){
		"arg": func(i int, ex string) (string, string) {
			return fmt.Sprintf(`"arg%d": {"command": %q, "args": ["mcp-test-server", "--stderr=bye", %q]}`, i, bin, ex), ""
		},
		"env": func(i int, ex string) (string, string) {
			// Codex clears the environment: its hint sets each variable
			return fmt.Sprintf(`"env%d": {"command": %q, "args": ["mcp-test-server", "--stderr=bye"], "env": {"SOME_SETTING": %q}}`, i, bin, ex),
				fmt.Sprintf("[mcp_servers.cenv%d]\ncommand = %q\nargs = [\"mcp-test-server\", \"--stderr=bye\"]\nenv = { SOME_SETTING = %q }\n", i, bin, ex)
		},
		"header": func(i int, ex string) (string, string) {
			return fmt.Sprintf(`"hdr%d": {"type": "http", "url": %q, "headers": {"X-Trace": %q}}`, i, srv.URL+"/mcp", ex), ""
		},
	}
	for place, define := range places {
		var claude, codex []string
		for i, sh := range shapes {
			cl, cx := define(i, sh.Example())
			claude = append(claude, cl)
			if cx != "" {
				codex = append(codex, cx)
			}
		}
		root, home := writeTreeHome(t, map[string]string{
			"~/.claude.json":       `{"mcpServers": {` + strings.Join(claude, ",\n") + `}}`,
			"~/.codex/config.toml": strings.Join(codex, "\n"),
		})
		base := []string{"--root", root, "--home", home, "--client", "claude,codex"}
		for _, args := range [][]string{
			{"explain"}, {"explain", "--format", "json"},
			{"lint", "--format", "text"}, {"lint", "--format", "json"}, {"lint", "--format", "sarif"}, {"lint", "--format", "github"},
			{"probe"}, {"probe", "--format", "json"},
		} {
			if args[0] == "lint" {
				args = append(args, "--scope", "all")
			}
			_, out, errOut := run(t, nil, append(args, base...)...)
			for _, sh := range shapes {
				ex := sh.Example()
				body := ex[len(sh.Prefix):]
				if strings.Contains(out+errOut, ex) || strings.Contains(out+errOut, body[:min(12, len(body))]) {
					t.Errorf("%s: %s prints the %s %q", place, strings.Join(args, " "), sh.Kind, ex)
				}
			}
			switch {
			case place == "arg" && args[0] == "lint" && args[2] == "json":
				for i, sh := range shapes {
					if !strings.Contains(out, fmt.Sprintf(`"pointer": "/mcpServers/arg%d/args/2"`, i)) {
						t.Errorf("lint does not report the %s in an argument", sh.Kind)
					}
				}
			case place == "arg" && args[0] == "probe" && !regexp.MustCompile(`--stderr=bye '?\*\*\*`).MatchString(out):
				t.Errorf("%q: no hint quotes the arguments:\n%s", args, out)
			case place == "env" && args[0] == "probe" && !regexp.MustCompile(`SOME_SETTING='?\*\*\*`).MatchString(out):
				t.Errorf("%q: no hint quotes the environment:\n%s", args, out)
			}
		}
	}
}

// TestResolveSettingsEnv: a variable Claude Code's user settings set
// (env in ~/.claude/settings.json) is what ${VAR} expands to, over the
// environment mcpconf runs with, in explain --resolve and in the
// allow-list's command lines; it is a config value, shown where it is
// not secret-like (with where it was set) and masked where it is, in
// every output, a gate quoting it included
// (testdata/clients/claude-settings-env-layers).
func TestResolveSettingsEnv(t *testing.T) {
	const tok = "SettingsSecret-Kq7Zx2Lm5Np8"
	home := writeTree(t, map[string]string{
		".claude/settings.json": `{"env": {"GITHUB_TOKEN": "` + tok + `", "REGION": "eu-west-1-region"},
			"allowedMcpServers": [{"serverCommand": ["srv", "--region", "eu-west-1-region"]}]}`,
		".claude.json": `{"mcpServers": {
			"gh": {"command": "srv", "args": ["--region", "${REGION}"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"}},
			"tok": {"command": "srv", "args": ["--region", "${GITHUB_TOKEN}"]}}}`,
	})
	root := t.TempDir()
	env := map[string]string{"REGION": "process-region-value"}
	code, out, errOut := run(t, env, "explain", "--resolve", "--client", "claude", "--root", root, "--home", home)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	canaries{"settings token": tok}.check(t, "explain --resolve", out)
	for _, want := range []string{"eu-west-1-region", "${REGION}: from $REGION, set by the env of ~/.claude/settings.json:1:"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	if strings.Contains(out, "process-region-value") {
		t.Errorf("the process's REGION was used over the settings':\n%s", out)
	}
	for _, f := range []string{"text", "json"} {
		code, out, errOut := run(t, env, "explain", "--client", "claude", "--root", root, "--home", home, "--format", f)
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		canaries{"settings token": tok}.check(t, "explain --format "+f, out)
		// gh passes the allow-list with its command line expanded; tok's
		// expanded command line is quoted, its token masked
		if !strings.Contains(out, "none is") || strings.Count(out, "blocked") == 0 {
			t.Errorf("explain --format %s: tok not blocked by the allow-list:\n%s", f, out)
		}
	}
}

// TestCheckEnvSettingsEnv: lint --check-env does not report a variable
// Claude Code's user settings set (env in ~/.claude/settings.json) as
// unset, and still reports one nothing sets.
func TestCheckEnvSettingsEnv(t *testing.T) {
	home := writeTree(t, map[string]string{
		".claude/settings.json": `{"env": {"FROM_SETTINGS": "x-value"}}`,
		".claude.json":          `{"mcpServers": {"s": {"command": "srv", "args": ["${FROM_SETTINGS}", "${NOWHERE_SET}"]}}}`,
	})
	root := t.TempDir()
	_, out, _ := run(t, nil, "lint", "--check-env", "--scope", "all", "--client", "claude", "--root", root, "--home", home)
	if strings.Contains(out, `"FROM_SETTINGS" is not set`) || !strings.Contains(out, `"NOWHERE_SET" is not set`) {
		t.Errorf("want NOWHERE_SET reported unset, FROM_SETTINGS not:\n%s", out)
	}
}
