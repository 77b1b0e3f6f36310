package discover

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// codexView writes a tree (see testtree.Write; "@HOME@" in env stands
// for the home) with a .git at the root, and returns Codex's view from start (a
// directory under the root, "" for the root) with the profile selected.
func codexView(t *testing.T, files map[string]string, start, profile string, env map[string]string) *normalize.Set {
	t.Helper()
	root, home := tree(t, files)
	if err := os.MkdirAll(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	cwd := filepath.Join(root, filepath.FromSlash(start))
	os.MkdirAll(cwd, 0o755)
	getenv := func(k string) string { return strings.ReplaceAll(env[k], "@HOME@", home) }
	o := Options{Root: cwd, Home: home, Cwd: cwd, Profile: profile, Getenv: getenv}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("codex"), AllScopes)
}

func statuses(set *normalize.Set) map[string]string {
	out := map[string]string{}
	for _, e := range set.Entries {
		out[e.Server.Name] = statusOf(&e.Server)
	}
	return out
}

const (
	codexUser    = "[mcp_servers.u1]\ncommand = \"false\"\n"
	codexTrusted = "[projects.\"@ROOT@\"]\ntrust_level = \"trusted\"\n"
)

// TestCodexRefusesWholeConfig: each of these makes Codex 0.169.0 refuse
// its whole config (`codex mcp list` exits 1), so the user's server does
// not start either; mcpconf says refused, with Codex's words and where.
func TestCodexRefusesWholeConfig(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		profile string
		env     map[string]string
		msg     string // in the reason
		at      string // path:line:col, "" when no file
	}{
		{"legacy profile key", map[string]string{"~/.codex/config.toml": "profile = \"work\"\n" + codexUser}, "", nil,
			"failed to load configuration: legacy `profile = \"work\"` config is no longer supported; use `--profile work` with `work.config.toml` instead",
			"~/.codex/config.toml:1:11"},
		{"syntax error in a trusted project layer", map[string]string{"~/.codex/config.toml": codexUser + codexTrusted,
			".codex/config.toml": "[mcp_servers.p1\ncommand = \"false\"\n"}, "", nil,
			"failed to load bootstrap configuration: Error parsing project config file .codex/config.toml: TOML parse error at line 1, column",
			".codex/config.toml:1:"},
		{"invalid trust_level", map[string]string{"~/.codex/config.toml": codexUser + "[projects.\"@ROOT@\"]\ntrust_level = \"Trusted\"\n"}, "", nil,
			"~/.codex/config.toml:4:15: unknown variant `Trusted`, expected `trusted` or `untrusted` in `projects.",
			"~/.codex/config.toml:4:15"},
		{"invalid trust_level of another project", map[string]string{"~/.codex/config.toml": codexUser + "[projects.\"/elsewhere\"]\ntrust_level = 1\n"}, "", nil,
			"invalid type: integer `1`, expected a string in `projects./elsewhere.trust_level`", "~/.codex/config.toml:4:15"},
		{"args on a url server", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\nurl = \"http://127.0.0.1:9/mcp\"\nargs = [\"x\"]\n"}, "", nil,
			"failed to load bootstrap configuration: args is not supported for streamable_http in `mcp_servers.r`", "~/.codex/config.toml:5:1"},
		{"args on a url server in a trusted project", map[string]string{"~/.codex/config.toml": codexUser + codexTrusted,
			".codex/config.toml": "[mcp_servers.p1]\nurl = \"http://127.0.0.1:9/mcp\"\nargs = [\"x\"]\n"}, "", nil,
			"args is not supported for streamable_http in `mcp_servers.p1`", ".codex/config.toml:3:1"},
		{"http_headers on a stdio server", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\nhttp_headers = { A = \"b\" }\n"}, "", nil,
			"http_headers is not supported for stdio in `mcp_servers.r`", "~/.codex/config.toml:5:1"},
		{"http_headers_helper and http_headers on a stdio server: the helper is named first", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\nhttp_headers = { A = \"b\" }\nhttp_headers_helper = \"h\"\n"}, "", nil,
			"http_headers_helper is not supported for stdio in `mcp_servers.r`", "~/.codex/config.toml:6:1"},
		{"oauth and oauth_resource on a stdio server: oauth is named first", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\noauth_resource = \"r\"\noauth = {}\n"}, "", nil,
			"oauth is not supported for stdio in `mcp_servers.r`", "~/.codex/config.toml:6:1"},
		{"a blank helper in a trusted project layer, at the field", map[string]string{"~/.codex/config.toml": codexUser + codexTrusted,
			".codex/config.toml": "[mcp_servers.p1]\nurl = \"http://127.0.0.1:9/mcp\"\nhttp_headers_helper = \"\\t\"\n"}, "", nil,
			"failed to load bootstrap configuration: http_headers_helper must not be empty in `mcp_servers.p1`", ".codex/config.toml:3:23"},
		{"a blank client_id counts as none", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\nurl = \"http://127.0.0.1:9/mcp\"\noauth = { client_id = \" \", client_secret = \"s\" }\n"}, "", nil,
			"oauth.client_secret requires oauth.client_id in `mcp_servers.r`", "~/.codex/config.toml:5:44"},
		{"environment_id other than local with a helper, the helper's check before the OAuth checks", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\nurl = \"http://127.0.0.1:9/mcp\"\nenvironment_id = \"\"\nhttp_headers_helper = \"h\"\noauth = { client_secret = \"s\" }\n"}, "", nil,
			"http_headers_helper is only supported for local MCP servers in `mcp_servers.r`", "~/.codex/config.toml:6:23"},
		{"callback_port out of range", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\nurl = \"http://127.0.0.1:9/mcp\"\noauth = { callback_port = 70000 }\n"}, "", nil,
			"invalid value: integer `70000`, expected u16 in `mcp_servers.r.oauth.callback_port`", "~/.codex/config.toml:5:27"},
		{"args of the wrong type", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\nargs = \"a b\"\n"}, "", nil,
			"invalid type: string \"a b\", expected a sequence in `mcp_servers.r.args`", "~/.codex/config.toml:5:8"},
		{"env value of the wrong type", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\nenv = { A = 1 }\n"}, "", nil,
			"invalid type: integer `1`, expected a string in `mcp_servers.r.env.A`", "~/.codex/config.toml:5:13"},
		{"negative startup timeout", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\nstartup_timeout_sec = -1\n"}, "", nil,
			"cannot convert float seconds to Duration: value is negative in `mcp_servers.r`", "~/.codex/config.toml:5:23"},
		{"server that is not a table", map[string]string{"~/.codex/config.toml": "mcp_servers.r = 1\n" + codexUser}, "", nil,
			"invalid type: integer `1`, expected struct RawMcpServerConfig in `mcp_servers.r`", "~/.codex/config.toml:1:17"},
		{"table with neither command nor url", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.orphan]\nargs = [\"x\"]\n"}, "", nil,
			"failed to load bootstrap configuration: invalid transport in `mcp_servers.orphan`", "~/.codex/config.toml:3:14"},
		{"user config that does not parse", map[string]string{"~/.codex/config.toml": codexUser + "x = \n", ".codex/config.toml": "[mcp_servers.p1]\ncommand = \"x\"\n"}, "", nil,
			"failed to load bootstrap configuration: ~/.codex/config.toml:3:", "~/.codex/config.toml:3:"},
		{"profile name codex refuses", map[string]string{"~/.codex/config.toml": codexUser}, "a.b", nil,
			"invalid --profile value `a.b`; pass a plain name such as `work`", ""},
		{"profile still in the legacy tables", map[string]string{"~/.codex/config.toml": codexUser + "[profiles.work]\nmodel = \"o3\"\n"}, "work", nil,
			"failed to load configuration: --profile `work` cannot be used while ~/.codex/config.toml contains legacy `profile = \"work\"` or `[profiles.work]` config; move those settings into ~/.codex/work.config.toml",
			"~/.codex/config.toml:3:11"},
		{"profile file that does not parse", map[string]string{"~/.codex/config.toml": codexUser, "~/.codex/work.config.toml": "[mcp_servers.w\n"}, "work", nil,
			"failed to load configuration: ~/.codex/work.config.toml:1:", "~/.codex/work.config.toml:1:"},
		{"CODEX_HOME that does not exist", map[string]string{"~/.codex/config.toml": codexUser, ".codex/config.toml": "[mcp_servers.p1]\ncommand = \"x\"\n"}, "",
			map[string]string{"CODEX_HOME": "@HOME@/nope"}, "failed to resolve CODEX_HOME: CODEX_HOME points to", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := codexView(t, tt.files, "", tt.profile, tt.env)
			if set.Refused == nil {
				t.Fatalf("not refused: %v", statuses(set))
			}
			if !strings.Contains(set.Refused.Reason, tt.msg) {
				t.Errorf("reason %q\nwant it to hold %q", set.Refused.Reason, tt.msg)
			}
			if at := set.Refused.Path + ":" + set.Refused.Pos.String(); tt.at != "" && !strings.HasPrefix(at, tt.at) || tt.at == "" && set.Refused.Path != "" {
				t.Errorf("at %q, want %q", at, tt.at)
			}
			if set.Refused.Hint == "" {
				t.Error("no hint")
			}
			if len(set.Entries) == 0 {
				t.Fatal("no servers")
			}
			for _, e := range set.Entries {
				if e.Server.Enabled || e.Server.Off.Status != normalize.StatusRefused || e.Server.Off.Kind != normalize.ByConfig {
					t.Errorf("%s: %s (%s)", e.Server.Name, statusOf(&e.Server), e.Server.DisabledBy())
				}
			}
		})
	}
}

// TestCodexDoesNotRefuse: what looks wrong but Codex 0.169.0 loads.
func TestCodexDoesNotRefuse(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		profile string
		want    map[string]string
	}{
		{"syntax error in an untrusted project layer", map[string]string{"~/.codex/config.toml": codexUser, ".codex/config.toml": "[mcp_servers.p1\n"}, "",
			map[string]string{"u1": "enabled"}},
		{"bad server in an untrusted project layer", map[string]string{"~/.codex/config.toml": codexUser, ".codex/config.toml": "[mcp_servers.p1]\nurl = \"http://x/\"\nargs = [\"a\"]\n"}, "",
			map[string]string{"u1": "enabled", "p1": "untrusted"}},
		{"legacy profile key in a project layer (stripped)", map[string]string{"~/.codex/config.toml": codexUser + codexTrusted, ".codex/config.toml": "profile = \"x\"\n[mcp_servers.p1]\ncommand = \"x\"\n"}, "",
			map[string]string{"u1": "enabled", "p1": "enabled"}},
		{"legacy profile tables without --profile", map[string]string{"~/.codex/config.toml": codexUser + "[profiles.work]\nmodel = \"o3\"\n"}, "",
			map[string]string{"u1": "enabled"}},
		{"another profile's table", map[string]string{"~/.codex/config.toml": codexUser + "[profiles.other]\nmodel = \"o3\"\n"}, "work",
			map[string]string{"u1": "enabled"}},
		{"empty command", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"\"\n"}, "",
			map[string]string{"u1": "enabled", "r": "enabled"}},
		{"unknown field and a type key", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.r]\ncommand = \"x\"\ntype = \"stdio\"\nfoo = 1\n"}, "",
			map[string]string{"u1": "enabled", "r": "enabled"}},
		{"server names Codex lists anyway", map[string]string{"~/.codex/config.toml": codexUser + "[mcp_servers.\"a.b\"]\ncommand = \"x\"\n"}, "",
			map[string]string{"u1": "enabled", "a.b": "enabled"}},
		{"profile file that does not exist", map[string]string{"~/.codex/config.toml": codexUser}, "nosuch",
			map[string]string{"u1": "enabled"}},
		{"patch of a user server by a trusted project", map[string]string{"~/.codex/config.toml": codexUser + codexTrusted, ".codex/config.toml": "[mcp_servers.u1]\nenabled = false\n"}, "",
			map[string]string{"u1": "disabled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := codexView(t, tt.files, "", tt.profile, nil)
			if set.Refused != nil {
				t.Fatalf("refused: %s", set.Refused.Reason)
			}
			got := statuses(set)
			for name, st := range tt.want {
				if got[name] != st {
					t.Errorf("%s: %s, want %s", name, got[name], st)
				}
			}
			if len(got) != len(tt.want) {
				t.Errorf("servers %v, want %v", got, tt.want)
			}
		})
	}
}

// TestCodexProfile: --profile NAME layers ~/.codex/NAME.config.toml over
// config.toml (a patch of the user's server, a server of its own), under
// the project, and its [projects] trust counts.
func TestCodexProfile(t *testing.T) {
	files := map[string]string{
		"~/.codex/config.toml":      codexUser,
		"~/.codex/work.config.toml": codexTrusted + "[mcp_servers.u1]\nargs = [\"w\"]\n[mcp_servers.w1]\ncommand = \"w\"\n",
		".codex/config.toml":        "[mcp_servers.w1]\nargs = [\"p\"]\n",
	}
	set := codexView(t, files, "", "work", nil)
	if set.Refused != nil {
		t.Fatal(set.Refused.Reason)
	}
	u1, w1 := server(t, set, "u1").Server, server(t, set, "w1").Server
	if !u1.Enabled || strings.Join(u1.Args, " ") != "w" || u1.FieldPath("args") != "~/.codex/work.config.toml" {
		t.Errorf("u1: %+v %v", u1.Args, u1.FieldPaths)
	}
	if !w1.Enabled || w1.Command != "w" || strings.Join(w1.Args, " ") != "p" {
		t.Errorf("w1: %s %v %s", w1.Command, w1.Args, w1.DisabledBy())
	}
	// without the profile its file is not read, and the project is not
	// trusted: w1 is the project's patch of nothing, ignored
	set = codexView(t, files, "", "", nil)
	if got := statuses(set); got["u1"] != "enabled" || got["w1"] != "untrusted" || len(got) != 2 {
		t.Errorf("without --profile: %v", got)
	}
}

// TestCodexTrustExact: Codex looks [projects."<dir>"] up as written, and
// each project layer by its own directory first, then the project root,
// then the git repository's root.
func TestCodexTrustExact(t *testing.T) {
	layers := map[string]string{
		".codex/config.toml":     "[mcp_servers.p_root]\ncommand = \"x\"\n",
		"sub/.codex/config.toml": "[mcp_servers.p_sub]\ncommand = \"x\"\n",
	}
	with := func(user string) map[string]string {
		m := map[string]string{"~/.codex/config.toml": codexUser + user}
		for k, v := range layers {
			m[k] = v
		}
		return m
	}
	trust := func(dir, level string) string {
		return "[projects.\"" + dir + "\"]\ntrust_level = \"" + level + "\"\n"
	}
	tests := []struct {
		name, user, start string
		want              map[string]string
	}{
		{"trailing slash does not trust", trust("@ROOT@/", "trusted"), "", map[string]string{"p_root": "untrusted"}},
		{"dot segment does not trust", trust("@ROOT@/.", "trusted"), "", map[string]string{"p_root": "untrusted"}},
		{"root trusted, sub untrusted by its own key", trust("@ROOT@", "trusted") + trust("@ROOT@/sub", "untrusted"), "sub",
			map[string]string{"p_root": "enabled", "p_sub": "untrusted"}},
		{"root untrusted, sub trusted by its own key", trust("@ROOT@", "untrusted") + trust("@ROOT@/sub", "trusted"), "sub",
			map[string]string{"p_root": "untrusted", "p_sub": "enabled"}},
		{"root from markers is the start; the git root's key trusts it", "project_root_markers = []\n" + trust("@ROOT@", "trusted"), "sub",
			map[string]string{"p_sub": "enabled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			files := with(tt.user)
			if strings.HasPrefix(tt.user, "project_root_markers") {
				files["~/.codex/config.toml"] = tt.user + codexUser
			}
			got := statuses(codexView(t, files, tt.start, "", nil))
			tt.want["u1"] = "enabled"
			for name, st := range tt.want {
				if got[name] != st {
					t.Errorf("%s: %s, want %s (%v)", name, got[name], st, got)
				}
			}
		})
	}
}

// TestCodexProjectFiles: 0.169.0 reads .codex/config.toml only, not
// .codex/config.override.toml; started in the home, ~/.codex/config.toml is
// the user config, not a project layer too.
func TestCodexProjectFiles(t *testing.T) {
	set := codexView(t, map[string]string{
		"~/.codex/config.toml":        codexUser + codexTrusted,
		".codex/config.toml":          "[mcp_servers.p1]\ncommand = \"x\"\n",
		".codex/config.override.toml": "[mcp_servers.o1]\ncommand = \"x\"\n[mcp_servers.p1]\nenabled = false\n",
	}, "", "", nil)
	if got := statuses(set); got["p1"] != "enabled" || got["o1"] != "" || len(got) != 2 {
		t.Errorf("override read: %v", got)
	}
	for _, s := range set.Sources {
		if strings.Contains(s.Path, "override") {
			t.Errorf("source %s", s.Path)
		}
	}

	root, home := tree(t, map[string]string{"~/.codex/config.toml": codexUser})
	_ = root
	o := Options{Root: home, Home: home, Cwd: home}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set = o.View(normalize.ClientByID("codex"), AllScopes)
	if len(set.Entries) != 1 || len(set.Entries[0].Shadowed) != 0 {
		t.Errorf("in the home: %+v", set.Entries)
	}
	for _, s := range set.Sources {
		if s.Scope == normalize.Project {
			t.Errorf("project source %s", s.Path)
		}
	}
}

// FuzzCodexView: whatever the user's and the project's config.toml hold,
// Codex's view is built without a panic, and a refused view refuses every
// server with a reason.
func FuzzCodexView(f *testing.F) {
	for _, s := range []string{
		codexUser, "profile = 1\n", "profile = \"x\"\n[profiles.x]\n", "mcp_servers = []\n", "mcp_servers.r = 1\n",
		"[mcp_servers.r]\nurl = \"u\"\nenv_vars = [{ source = \"x\" }, 1, \"A\"]\n", "[mcp_servers.r]\ncommand = \"x\"\nstartup_timeout_sec = nan\n",
		"[projects]\n\"/x\" = 1\n", "[projects.\"/x\"]\ntrust_level = []\n", "project_root_markers = [1]\n", "[mcp_servers.r.tools.t]\napproval_mode = 2\n",
		"[mcp_servers.r]\ncommand = \"x\"\noauth = \"o\"\nauth = 1\n", "[mcp_servers.\"\"]\ncommand = \"\"\n",
	} {
		f.Add(s, "[mcp_servers.p]\nargs = [\"a\"]\n")
	}
	f.Fuzz(func(t *testing.T, user, project string) {
		root, home := t.TempDir(), t.TempDir()
		os.MkdirAll(filepath.Join(home, ".codex"), 0o755)
		os.MkdirAll(filepath.Join(root, ".codex"), 0o755)
		os.WriteFile(filepath.Join(home, ".codex", "config.toml"), []byte(user+"\n[projects.\""+root+"\"]\ntrust_level = \"trusted\"\n"), 0o644)
		os.WriteFile(filepath.Join(root, ".codex", "config.toml"), []byte(project), 0o644)
		for _, profile := range []string{"", "x"} {
			o := Options{Root: root, Home: home, Cwd: root, Profile: profile}
			if err := o.Prepare(); err != nil {
				t.Fatal(err)
			}
			set := o.View(normalize.ClientByID("codex"), AllScopes)
			if set.Refused == nil {
				continue
			}
			if set.Refused.Reason == "" || set.RefusedSaying == "" {
				t.Fatalf("refused without a reason: %+v", set.Refused)
			}
			for _, e := range set.Entries {
				if e.Server.Enabled {
					t.Fatalf("%s starts in a refused config", e.Server.Name)
				}
			}
		}
	})
}

// statusOf is the status a server is compared by (clientcase.StatusOf).
func statusOf(s *normalize.Server) string {
	if s.Enabled || s.Off == nil {
		return string(normalize.StatusEnabled)
	}
	return string(s.Off.Status)
}
