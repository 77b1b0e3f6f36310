package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// claudeView builds Claude Code's view of a tree (paths as testtree
// writes them; "/etc/…" files go under a machine root given with system).
func claudeView(t *testing.T, files map[string]string, system bool) (*normalize.Set, Options) {
	t.Helper()
	root, home := tree(t, files)
	o := Options{Root: root, Home: home, Isolated: true}
	if system {
		o.System = root + "/machine"
	}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("claude"), AllScopes), o
}

func statusIs(t *testing.T, set *normalize.Set, want map[string]normalize.Status) {
	t.Helper()
	for name, st := range want {
		s := server(t, set, name).Server
		got := normalize.StatusEnabled
		if !s.Enabled && s.Off != nil {
			got = s.Off.Status
		}
		if got != st {
			t.Errorf("%s: %s (%s), want %s", name, got, s.DisabledBy(), st)
		}
	}
}

// TestClaudeProjectsKeyExact: Claude Code looks its project up in
// ~/.claude.json by the exact path: a key written with a trailing slash
// neither trusts the project nor holds its local servers (2.1.331,
// testdata/clients/claude-projects-key-slash).
func TestClaudeProjectsKeyExact(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		".mcp.json":                   `{"mcpServers": {"p1": {"command": "false"}}}`,
		".claude/settings.local.json": `{"enabledMcpjsonServers": ["p1"]}`,
		"~/.claude.json":              `{"projects": {"@ROOT@/": {"hasTrustDialogAccepted": true, "mcpServers": {"l1": {"command": "false"}}}}}`,
	}, false)
	statusIs(t, set, map[string]normalize.Status{"p1": normalize.StatusPending})
	for _, e := range set.Entries {
		if e.Server.Name == "l1" {
			t.Errorf("l1 is under a key Claude Code does not look up: %+v", e.Server.Source)
		}
	}
	if s := server(t, set, "p1").Server; !strings.Contains(s.DisabledBy(), "not set") {
		t.Errorf("reason: %s", s.DisabledBy())
	}
}

// TestClaudeFieldTypes: a server whose field has the wrong type is skipped
// (invalid, at the field), the others load (2.1.331,
// testdata/clients/claude-field-types).
func TestClaudeFieldTypes(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		"~/.claude.json": `{"mcpServers": {
  "ok": {"command": "false"},
  "args_string": {"command": "false", "args": "--x"},
  "env_number": {"command": "false", "env": {"N": 1}},
  "http_command": {"type": "http", "command": "false"}
}}`,
	}, false)
	statusIs(t, set, map[string]normalize.Status{"ok": normalize.StatusEnabled, "args_string": normalize.StatusInvalid,
		"env_number": normalize.StatusInvalid, "http_command": normalize.StatusInvalid})
	off := server(t, set, "args_string").Server.Off
	if !strings.Contains(off.Reason, `"args" is a string, not an array of strings: Claude Code skips the server (~/.claude.json:3:47)`) ||
		off.Pos.Line != 3 || off.Pos.Col != 47 || off.Hint == "" {
		t.Errorf("args_string: %+v", off)
	}
	if off := server(t, set, "http_command").Server.Off; !strings.Contains(off.Reason, `a "http" server needs "url"`) {
		t.Errorf("http_command: %+v", off)
	}
}

// TestClaudeApprovalPrecedence: in a trusted project the most local setting
// that sets enableAllProjectMcpServers decides (false in
// .claude/settings.local.json over true in ~/.claude/settings.json, and
// managed settings over both); the approval lists add up. In an untrusted
// one each setting that counts is read on its own: true in user settings
// approves whatever the project's files say. Managed settings count
// trusted or not (2.1.331: the approval check jst, its untrusted branch
// $Oo; testdata/clients/claude-approval-precedence*, claude-managed-approval).
func TestClaudeApprovalPrecedence(t *testing.T) {
	trusted := `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`
	untrusted := `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": false}}}`
	mcp := `{"mcpServers": {"p1": {"command": "false"}, "p2": {"command": "false"}}}`
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  map[string]normalize.Status
	}{
		{"local false over user true", map[string]string{
			".mcp.json": mcp, "~/.claude.json": trusted,
			"~/.claude/settings.json":     `{"enableAllProjectMcpServers": true}`,
			".claude/settings.local.json": `{"enableAllProjectMcpServers": false, "enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
		{"managed false over local true", map[string]string{
			".mcp.json": mcp, "~/.claude.json": trusted,
			".claude/settings.local.json":                   `{"enableAllProjectMcpServers": true}`,
			"machine/etc/claude-code/managed-settings.json": `{"enableAllProjectMcpServers": false, "enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
		{"untrusted: user true, local false", map[string]string{
			".mcp.json": mcp, "~/.claude.json": untrusted,
			"~/.claude/settings.json":                       `{"enableAllProjectMcpServers": true}`,
			".claude/settings.local.json":                   `{"enableAllProjectMcpServers": false}`,
			"machine/etc/claude-code/managed-settings.json": `{"disabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusEnabled, "p2": normalize.StatusRejected}},
		{"untrusted: managed approves", map[string]string{
			".mcp.json": mcp, "~/.claude.json": untrusted,
			"machine/etc/claude-code/managed-settings.d/10-mcp.json": `{"enabledMcpjsonServers": ["p2"]}`,
		}, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, _ := claudeView(t, tc.files, true)
			statusIs(t, set, tc.want)
		})
	}
}

// TestClaudeSettingsFromStartDir: started in a subdirectory, Claude Code
// reads .claude/settings.json there (not at the git root) and
// .claude/settings.local.json in both (2.1.331 settings paths o9n and the
// legacy local path MMe; testdata/clients/claude-settings-subdir).
func TestClaudeSettingsFromStartDir(t *testing.T) {
	root, home := tree(t, map[string]string{
		".git/HEAD":                       "ref: refs/heads/main\n",
		"sub/.keep":                       "",
		".mcp.json":                       `{"mcpServers": {"p1": {"command": "false"}, "p2": {"command": "false"}, "p3": {"command": "false"}, "p4": {"command": "false"}}}`,
		"~/.claude.json":                  `{"projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		".claude/settings.json":           `{"enabledMcpjsonServers": ["p1"]}`,
		"sub/.claude/settings.json":       `{"enabledMcpjsonServers": ["p2"]}`,
		".claude/settings.local.json":     `{"enabledMcpjsonServers": ["p3"]}`,
		"sub/.claude/settings.local.json": `{"enabledMcpjsonServers": ["p4"]}`,
	})
	o := Options{Root: root + "/sub", Home: home, Isolated: true}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set := o.View(normalize.ClientByID("claude"), AllScopes)
	statusIs(t, set, map[string]normalize.Status{"p1": normalize.StatusPending, "p2": normalize.StatusEnabled,
		"p3": normalize.StatusEnabled, "p4": normalize.StatusEnabled})
}

// TestClaudeLists: allowedMcpServers and deniedMcpServers, read from every
// settings file (managed, local, project, user), trusted or not, their
// entries adding up (2.1.331: the allow check WPo, the deny check BPo;
// testdata/clients/claude-deny-*, claude-allow-*).
func TestClaudeLists(t *testing.T) {
	for _, tc := range []struct {
		name   string
		files  map[string]string
		want   map[string]normalize.Status
		reason map[string]string
	}{
		{"deny by name everywhere, untrusted", map[string]string{
			".mcp.json":                                     `{"mcpServers": {"p_ok": {"command": "false"}, "p_managed": {"command": "false"}, "p_user": {"command": "false"}}}`,
			"~/.claude.json":                                `{"mcpServers": {"u_ok": {"command": "false"}, "u_managed": {"command": "false"}, "u_project": {"command": "false"}, "u_local": {"command": "false"}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": false}}}`,
			"~/.claude/settings.json":                       `{"enableAllProjectMcpServers": true, "deniedMcpServers": [{"serverName": "p_user"}]}`,
			".claude/settings.json":                         `{"deniedMcpServers": [{"serverName": "u_project"}]}`,
			".claude/settings.local.json":                   `{"deniedMcpServers": [{"serverName": "u_local"}]}`,
			"machine/etc/claude-code/managed-settings.json": `{"deniedMcpServers": [{"serverName": "p_managed"}, {"serverName": "u_managed"}]}`,
		}, map[string]normalize.Status{"p_ok": normalize.StatusEnabled, "u_ok": normalize.StatusEnabled, "p_managed": normalize.StatusBlocked,
			"p_user": normalize.StatusBlocked, "u_managed": normalize.StatusBlocked, "u_project": normalize.StatusBlocked, "u_local": normalize.StatusBlocked},
			map[string]string{"u_local": `listed in "deniedMcpServers" at .claude/settings.local.json:1:23`}},
		{"allow lists add up; empty blocks all", map[string]string{
			"~/.claude.json":          `{"mcpServers": {"u1": {"command": "false"}, "u2": {"command": "false"}, "u3": {"command": "false"}}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": [{"serverName": "u1"}]}`,
			".claude/settings.json":   `{"allowedMcpServers": [{"serverName": "u2"}, {"serverName": "u9"}]}`,
		}, map[string]normalize.Status{"u1": normalize.StatusEnabled, "u2": normalize.StatusEnabled, "u3": normalize.StatusBlocked},
			map[string]string{"u3": `not listed in "allowedMcpServers" at `}},
		{"empty allow-list", map[string]string{
			"~/.claude.json":              `{"mcpServers": {"u1": {"command": "false"}}}`,
			".claude/settings.local.json": `{"allowedMcpServers": []}`,
		}, map[string]normalize.Status{"u1": normalize.StatusBlocked},
			map[string]string{"u1": "has no entry the client uses, so it admits no server"}},
		{"entries by command and URL", map[string]string{
			"~/.claude.json": `{"mcpServers": {
  "s1": {"command": "false"},
  "s2": {"command": "node", "args": ["srv.js"]},
  "s3": {"type": "http", "url": "http://127.0.0.1:9/mcp"},
  "s4": {"command": "node", "args": ["srv.js", "--x"]},
  "s5": {"command": "node", "args": ["srv.js"]},
  "r1": {"type": "http", "url": "http://localhost:9/mcp"},
  "r2": {"type": "sse", "url": "http://localhost:8/sse"}
}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": [{"serverName": "s1"}, {"serverName": "s3"}, {"serverName": "r2"}, {"serverCommand": ["node", "srv.js"]}, {"serverUrl": "http://*host:9/*"}],
  "deniedMcpServers": [{"serverName": "s5"}, {"serverUrl": "http://127.0.0.1:9"}]}`,
		}, map[string]normalize.Status{"s1": normalize.StatusBlocked, "s2": normalize.StatusEnabled, "s3": normalize.StatusBlocked,
			"s4": normalize.StatusBlocked, "s5": normalize.StatusBlocked, "r1": normalize.StatusEnabled, "r2": normalize.StatusBlocked},
			map[string]string{
				"s1": `a stdio server is admitted only by its command line, and none is ["false"]`,
				"s3": `its URL matches {"serverUrl": "http://127.0.0.1:9"} in "deniedMcpServers"`,
				"r2": `a remote server is admitted only by its URL, and none matches "http://localhost:8/sse"`,
			}},
		{"an allow-list's URL pattern forgives no slash, a deny-list's does", map[string]string{
			"~/.claude.json": `{"mcpServers": {
  "r1": {"type": "http", "url": "http://localhost:9/mcp"},
  "r2": {"type": "http", "url": "http://127.0.0.1:8/a/b"},
  "r4": {"type": "http", "url": "http://127.0.0.1:7/a/bc?x=1"}
}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": [{"serverUrl": "http://LOCALHOST:9/mcp/"}, {"serverUrl": "http://127.0.0.1:*/a/*"}],
  "deniedMcpServers": [{"serverUrl": "http://127.0.0.1:7/a/b*"}]}`,
		}, map[string]normalize.Status{"r1": normalize.StatusBlocked, "r2": normalize.StatusEnabled, "r4": normalize.StatusBlocked}, nil},
		{"entries the client ignores", map[string]string{
			"~/.claude.json":          `{"mcpServers": {"a.b": {"command": "false"}, "u2": {"command": "false"}, "u3": {"command": "false"}}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": [{"serverName": "a.b"}, {"serverName": "u2", "serverUrl": "http://x"}], "deniedMcpServers": [{"serverName": " u3"}]}`,
		}, map[string]normalize.Status{"a.b": normalize.StatusBlocked, "u2": normalize.StatusBlocked, "u3": normalize.StatusBlocked}, nil},
		{"lists that are not arrays", map[string]string{
			"~/.claude.json":          `{"mcpServers": {"u1": {"command": "false"}, "u2": {"command": "false"}}}`,
			"~/.claude/settings.json": `{"allowedMcpServers": {"serverName": "u1"}, "deniedMcpServers": "u2"}`,
		}, map[string]normalize.Status{"u1": normalize.StatusEnabled, "u2": normalize.StatusEnabled}, nil},
		{"allowManagedMcpServersOnly", map[string]string{
			"~/.claude.json":                                        `{"mcpServers": {"u1": {"command": "false"}, "u2": {"command": "false"}, "u3": {"command": "false"}}}`,
			"~/.claude/settings.json":                               `{"allowedMcpServers": [{"serverName": "u1"}]}`,
			"machine/etc/claude-code/managed-settings.json":         `{"allowManagedMcpServersOnly": true}`,
			"machine/etc/claude-code/managed-settings.d/allow.json": `{"allowedMcpServers": [{"serverName": "u2"}]}`,
		}, map[string]normalize.Status{"u1": normalize.StatusBlocked, "u2": normalize.StatusEnabled, "u3": normalize.StatusBlocked}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			set, _ := claudeView(t, tc.files, true)
			statusIs(t, set, tc.want)
			for name, want := range tc.reason {
				if got := server(t, set, name).Server.DisabledBy(); !strings.Contains(got, want) {
					t.Errorf("%s: %q, want %q in it", name, got, want)
				}
			}
		})
	}
}

// TestClaudeListSettings: the lists a view read are on the set, each entry
// with the servers it matches or why the client ignores it (for lint).
func TestClaudeListSettings(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		"~/.claude.json":          `{"mcpServers": {"u1": {"command": "false"}}}`,
		"~/.claude/settings.json": `{"deniedMcpServers": [{"serverName": "u1"}, {"serverName": "gone"}, {"serverUrl": 5}]}`,
	}, false)
	if len(set.Lists) != 1 {
		t.Fatalf("lists: %+v", set.Lists)
	}
	l := set.Lists[0]
	if l.Key != "deniedMcpServers" || l.Path != "~/.claude/settings.json" || l.Effect != normalize.DenyList || len(l.Entries) != 3 {
		t.Fatalf("list: %+v", l)
	}
	if e := l.Entries[0]; e.Text != `{"serverName": "u1"}` || len(e.Matches) != 1 || e.Range.Start.Col != 23 || e.Name != "u1" {
		t.Errorf("entry 0: %+v", e)
	}
	if e := l.Entries[1]; len(e.Matches) != 0 || e.Ignored != "" {
		t.Errorf("entry 1: %+v", e)
	}
	if e := l.Entries[2]; !strings.Contains(e.Ignored, `"serverUrl" must be a string`) {
		t.Errorf("entry 2: %+v", e)
	}
}

// TestClaudeManagedFiles: /etc/claude-code/managed-mcp.json, while it
// exists (parsed or not), leaves Claude Code only the managed servers: its
// own and the managedMcpServers of managed settings (remote https servers
// only), managed-mcp.json winning a name (2.1.331: the server collection
// gv, exclusive control Qh; testdata/clients/claude-managed-mcp*).
func TestClaudeManagedFiles(t *testing.T) {
	base := map[string]string{
		".mcp.json":               `{"mcpServers": {"p1": {"command": "false"}}}`,
		"~/.claude.json":          `{"mcpServers": {"u1": {"command": "false"}, "m1": {"command": "true"}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
		"~/.claude/settings.json": `{"enableAllProjectMcpServers": true}`,
		"machine/etc/claude-code/managed-settings.json": `{"managedMcpServers": {
  "ms1": {"type": "http", "url": "https://127.0.0.1:9/mcp"},
  "ms2": {"command": "false"},
  "m3": {"type": "sse", "url": "https://127.0.0.1:9/sse"}
}}`,
	}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range base {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	set, _ := claudeView(t, with(map[string]string{
		"machine/etc/claude-code/managed-mcp.json": `{"mcpServers": {"m1": {"command": "false"}, "m2": {"command": "false", "args": "x"}, "m3": {"type": "http", "url": "http://127.0.0.1:9/mcp"}}}`,
	}), true)
	statusIs(t, set, map[string]normalize.Status{"u1": normalize.StatusBlocked, "p1": normalize.StatusBlocked, "m1": normalize.StatusEnabled,
		"m2": normalize.StatusInvalid, "m3": normalize.StatusEnabled, "ms1": normalize.StatusEnabled, "ms2": normalize.StatusInvalid})
	if s := server(t, set, "m1").Server; s.Source.Scope != normalize.Managed || s.Command != "false" {
		t.Errorf("m1: %+v", s.Source)
	}
	if s := server(t, set, "m3").Server; s.Transport != normalize.HTTP {
		t.Errorf("m3: managed-mcp.json wins over managedMcpServers: %s", s.Transport)
	}
	if off := server(t, set, "u1").Server.Off; !strings.Contains(off.Reason, "managed-mcp.json exists, so Claude Code loads servers only from its managed files") || !off.Unlisted {
		t.Errorf("u1: %+v", off)
	}
	if off := server(t, set, "ms2").Server.Off; !strings.Contains(off.Reason, `it is not an "http" or "sse" server`) || !off.Unlisted {
		t.Errorf("ms2: %+v", off)
	}

	// a managed-mcp.json that does not parse keeps control all the same
	set, _ = claudeView(t, with(map[string]string{"machine/etc/claude-code/managed-mcp.json": `{ not json`}), true)
	statusIs(t, set, map[string]normalize.Status{"u1": normalize.StatusBlocked, "ms1": normalize.StatusEnabled})

	// without it, managedMcpServers win over the other scopes
	set, _ = claudeView(t, with(map[string]string{
		"~/.claude.json": `{"mcpServers": {"u1": {"command": "false"}, "ms1": {"command": "false"}}, "projects": {"@ROOT@": {"hasTrustDialogAccepted": true}}}`,
	}), true)
	statusIs(t, set, map[string]normalize.Status{"u1": normalize.StatusEnabled, "p1": normalize.StatusEnabled, "ms1": normalize.StatusEnabled})
	if s := server(t, set, "ms1").Server; s.Source.Scope != normalize.Managed {
		t.Errorf("ms1 from %s", s.Source.Scope)
	}

	// isolated with --home and no machine: none of it is read, and the
	// run says so
	set, o := claudeView(t, with(map[string]string{"machine/etc/claude-code/managed-mcp.json": `{"mcpServers": {}}`}), false)
	statusIs(t, set, map[string]normalize.Status{"u1": normalize.StatusEnabled})
	if notes := o.Notes(); len(notes) != 1 || !strings.Contains(notes[0], "Claude Code's machine-wide files") || !strings.Contains(notes[0], "--system") {
		t.Errorf("notes: %q", notes)
	}
}

// TestClaudeManagedAllowList: an allow-list lets the managed-mcp.json
// servers through unless they use ${VAR}; a deny-list applies to them
// (2.1.331: cC, the expandedFromEnv mark of Rvt;
// testdata/clients/claude-managed-mcp-lists).
func TestClaudeManagedAllowList(t *testing.T) {
	set, _ := claudeView(t, map[string]string{
		"~/.claude/settings.json":                  `{"allowedMcpServers": [{"serverName": "nothing"}], "deniedMcpServers": [{"serverName": "m_denied"}]}`,
		"machine/etc/claude-code/managed-mcp.json": `{"mcpServers": {"m_plain": {"command": "false"}, "m_var": {"command": "${MYCMD}"}, "m_env": {"command": "false", "env": {"A": "${B}"}}, "m_denied": {"command": "false"}}}`,
	}, true)
	statusIs(t, set, map[string]normalize.Status{"m_plain": normalize.StatusEnabled, "m_var": normalize.StatusBlocked,
		"m_env": normalize.StatusEnabled, "m_denied": normalize.StatusBlocked})
}
