package discover

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// agent-code cannot run here: these cases are written from its source
// (avala-ai/agent-code at c25b885f; read, not run), each naming the
// function it follows.

// agentCodeView writes a tree (see testtree.Write) and returns agent-code's
// view from the root.
func agentCodeView(t *testing.T, files map[string]string, env map[string]string) *normalize.Set {
	t.Helper()
	root, home := tree(t, files)
	o := Options{Root: root, Home: home, Cwd: root, Getenv: func(k string) string { return env[k] }}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	return o.View(normalize.ClientByID("agent-code"), AllScopes)
}

// TestAgentCodeListsDoNotGateStart: agent-code connects every server of
// its merged config at start (crates/cli/src/main.rs, the loop over
// config.mcp_servers); [security] mcp_server_allowlist and
// mcp_server_denylist are consulted only when a session moves into
// another project (crates/cli/src/ui/modern/run.rs mcp_needs_reconnect).
func TestAgentCodeListsDoNotGateStart(t *testing.T) {
	set := agentCodeView(t, map[string]string{
		".agent/settings.toml": "[security]\nmcp_server_denylist = [\"web\"]\nmcp_server_allowlist = [\"docs\"]\n\n" +
			"[mcp_servers.web]\ncommand = \"web\"\n\n[mcp_servers.docs]\ncommand = \"docs\"\n\n[mcp_servers.other]\ncommand = \"o\"\n",
	}, nil)
	want := map[string]string{"web": "enabled", "docs": "enabled", "other": "enabled"}
	got := statuses(set)
	for name, st := range want {
		if got[name] != st {
			t.Errorf("%s: %s, want %s", name, got[name], st)
		}
	}
	if len(set.Lists) != 0 {
		t.Errorf("lists in force: %+v", set.Lists)
	}
}

// TestAgentCodeListsNoted: a run whose agent-code files set one of the
// lists says where, and that agent-code starts the servers anyway.
func TestAgentCodeListsNoted(t *testing.T) {
	root, home := tree(t, map[string]string{
		".agent/settings.toml": "[security]\nmcp_server_denylist = [\"web\"]\n\n[mcp_servers.web]\ncommand = \"web\"\n",
	})
	o := Options{Root: root, Home: home, Cwd: root, Getenv: func(string) string { return "" }}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	o.View(normalize.ClientByID("agent-code"), AllScopes)
	want := ".agent/settings.toml:2:1 sets \"security.mcp_server_denylist\", which agent-code reads but does not consult when it starts its servers: it blocks none of them (agent-code has no per-server switch: remove the server's table to keep it from starting)"
	if notes := o.Notes(); !slices.Contains(notes, want) {
		t.Errorf("notes %q\nwant %q", notes, want)
	}
}

// TestAgentCodeRefusesWholeConfig: agent-code's Config::load returns an
// error, and main exits with it before any server starts, on a file that
// does not parse or cannot be read (read_layer_through_migrations), a
// schema_version it does not accept (migrations::run_migrations), and a
// value of the merged layers its typed Config rejects
// (merge_layer_contents: merged.try_into()).
func TestAgentCodeRefusesWholeConfig(t *testing.T) {
	const user = "[mcp_servers.u1]\ncommand = \"u\"\n"
	tests := []struct {
		name  string
		files map[string]string
		msg   string // in the reason
		at    string // path:line:col prefix
	}{
		{"user file that does not parse", map[string]string{"~/.config/agent-code/config.toml": user + "x = \n", ".agent/settings.toml": "[mcp_servers.p1]\ncommand = \"p\"\n"},
			"migration failed: parsing settings file ~/.config/agent-code/config.toml as TOML: TOML parse error at line 3", "~/.config/agent-code/config.toml:3:"},
		{"project file that does not parse", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.toml": "[mcp_servers.p1\n"},
			"parsing settings file .agent/settings.toml as TOML", ".agent/settings.toml:1:"},
		{"local file that does not parse", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.local.toml": "a = [\n"},
			"parsing settings file .agent/settings.local.toml as TOML", ".agent/settings.local.toml:"},
		{"a directory where the project file is", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.toml/README": "a directory"},
			"reading settings file .agent/settings.toml", ".agent/settings.toml"},
		{"command of the wrong type", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.toml": "[mcp_servers.p1]\ncommand = 1\n"},
			"invalid type: integer `1`, expected a string in `mcp_servers.p1.command`", ".agent/settings.toml:2:11"},
		{"args as one string", map[string]string{"~/.config/agent-code/config.toml": user + "args = \"a b\"\n"},
			"invalid type: string \"a b\", expected a sequence in `mcp_servers.u1.args`", "~/.config/agent-code/config.toml:3:8"},
		{"env value of the wrong type", map[string]string{"~/.config/agent-code/config.toml": user + "env = { A = 1 }\n"},
			"invalid type: integer `1`, expected a string in `mcp_servers.u1.env.A`", "~/.config/agent-code/config.toml:3:13"},
		{"server that is not a table", map[string]string{"~/.config/agent-code/config.toml": "mcp_servers.r = 1\n" + user},
			"invalid type: integer `1`, expected struct McpServerEntry in `mcp_servers.r`", "~/.config/agent-code/config.toml:1:17"},
		{"deny-list of the wrong type", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.toml": "[security]\nmcp_server_denylist = \"x\"\n"},
			"invalid type: string \"x\", expected a sequence in `security.mcp_server_denylist`", ".agent/settings.toml:2:23"},
		{"schema_version of a newer build", map[string]string{"~/.config/agent-code/config.toml": "schema_version = 3\n" + user},
			"settings file declares schema_version 3, but this build only knows up to 2", "~/.config/agent-code/config.toml:1:18"},
		{"schema_version as text", map[string]string{"~/.config/agent-code/config.toml": user, ".agent/settings.toml": "schema_version = \"2\"\n"},
			"schema_version must be a non-negative integer, got string", ".agent/settings.toml:1:18"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := agentCodeView(t, tt.files, nil)
			if set.Refused == nil {
				t.Fatalf("not refused: %v", statuses(set))
			}
			if !strings.Contains(set.Refused.Reason, tt.msg) {
				t.Errorf("reason %q\nwant it to hold %q", set.Refused.Reason, tt.msg)
			}
			if at := set.Refused.Path + ":" + set.Refused.Pos.String(); !strings.HasPrefix(at, tt.at) {
				t.Errorf("at %q, want %q", at, tt.at)
			}
			if set.Refused.Hint == "" {
				t.Error("no hint")
			}
			if len(set.Entries) == 0 {
				t.Fatal("no servers")
			}
			for _, e := range set.Entries {
				if e.Server.Enabled || e.Server.Off.Status != normalize.StatusRefused {
					t.Errorf("%s: %s (%s)", e.Server.Name, statusOf(&e.Server), e.Server.DisabledBy())
				}
			}
		})
	}
}

// TestAgentCodeDoesNotRefuse: what looks wrong but agent-code loads.
func TestAgentCodeDoesNotRefuse(t *testing.T) {
	const user = "[mcp_servers.u1]\ncommand = \"u\"\n"
	tests := []struct {
		name  string
		files map[string]string
		want  map[string]string
	}{
		// main.rs: "no command or url configured, skipping"
		{"neither command nor url", map[string]string{"~/.config/agent-code/config.toml": user + "[mcp_servers.orphan]\nargs = [\"x\"]\n"},
			map[string]string{"u1": "enabled", "orphan": "invalid"}},
		// McpServerEntry has no deny_unknown_fields
		{"keys agent-code does not know", map[string]string{"~/.config/agent-code/config.toml": user + "type = \"http\"\nenabled = false\nheaders = { A = 1 }\ntimeout = \"x\"\n"},
			map[string]string{"u1": "enabled"}},
		// the typed check runs on the merged layers
		{"a wrong type a higher layer replaces", map[string]string{"~/.config/agent-code/config.toml": "[mcp_servers.u1]\ncommand = 1\n", ".agent/settings.toml": "[mcp_servers.u1]\ncommand = \"u\"\n"},
			map[string]string{"u1": "enabled"}},
		{"schema_version 2", map[string]string{"~/.config/agent-code/config.toml": "schema_version = 2\n" + user},
			map[string]string{"u1": "enabled"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := agentCodeView(t, tt.files, nil)
			if set.Refused != nil {
				t.Fatalf("refused: %s", set.Refused.Reason)
			}
			got := statuses(set)
			for name, st := range tt.want {
				if got[name] != st {
					t.Errorf("%s: %s, want %s", name, got[name], st)
				}
			}
		})
	}
}

// TestAgentCodeRelativeXDG: agent_config_dir takes XDG_CONFIG_HOME when it
// is set and not empty, a relative value too (relative to where agent-code
// runs); the XDG spec's "absolute only" is not applied.
func TestAgentCodeRelativeXDG(t *testing.T) {
	root, home := tree(t, map[string]string{"cfg/agent-code/config.toml": "[mcp_servers.rel]\ncommand = \"r\"\n"})
	o := Options{Root: root, Home: home, Cwd: root, Getenv: func(k string) string {
		if k == "XDG_CONFIG_HOME" {
			return "cfg"
		}
		return ""
	}}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	set := o.View(normalize.ClientByID("agent-code"), AllScopes)
	if got := statuses(set); got["rel"] != "enabled" {
		t.Errorf("servers %v, want rel from %s", got, filepath.Join(root, "cfg", "agent-code", "config.toml"))
	}
}
