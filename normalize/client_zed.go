package normalize

import "time"

// zed is the Zed editor, whose MCP servers are "context servers".
var zed = &Client{
	ID:      "zed",
	Product: "Zed",
	Layout: Layout{
		Files: []File{
			proj(".zed/settings.json", JSONC),
			{Scope: User, Base: XDGConfigDir, Path: "zed/settings.json", Format: JSONC, OS: []string{"linux", "darwin", "freebsd", "openbsd", "netbsd"}},
			{Scope: User, Base: ConfigDir, Path: "Zed/settings.json", Format: JSONC, OS: []string{"windows"}},
		},
		Merge: KeyByKey,
	},
	Shape: Shape{
		ServersKey: "context_servers",
		WrongKeys:  []string{"mcpServers", "servers", "mcp_servers", "mcp"},
		Fields:     []string{"command", "args", "env", "url", "headers", "timeout", "enabled", "remote", "settings", "source", "oauth"},
		// timeout is in seconds
		TimeoutUnit:   time.Second,
		SecondsFields: []string{"timeout"},
		OnNeither:     NeitherInvalid,
	},
	Expansion: Expansion{
		PlaceholdersUnverified: true,
	},
	Docs: Docs{
		Note: "project settings over user settings, merged key by key (Zed applies project settings only in trusted worktrees)",
		Facts: []Fact{
			{Topic: "files", Text: "user `~/.config/zed/settings.json` on Linux and macOS (`$XDG_CONFIG_HOME` respected), `%APPDATA%\\Zed\\settings.json` on Windows; project `.zed/settings.json`, applied only in trusted worktrees — where Zed records trust is UNVERIFIED, so mcpconf reads the project's file as trusted",
				Source: "zed-industries/zed `crates/settings_content/src/project.rs` (006ce515); njayp/ophis#46"},
			{Topic: "merge", Text: "settings layer default, user, project; maps merge per key and values merge recursively — when the shapes differ between layers the rule is UNVERIFIED",
				Source: "zed-industries/zed `crates/settings/src/merge_from.rs` (0458d499)"},
			{Topic: "shape", Text: "`context_servers` maps names to `command` (a path, or the older object `{path, args, env}`) with `args` and `env`; or `url` with `headers`; or `settings` for a server an extension provides. `timeout` in seconds, `enabled`",
				Source: "zed-industries/zed `crates/settings_content/src/project.rs`"},
			{Topic: "placeholders", Text: "none found — UNVERIFIED; values are treated as literal",
				Source: "zed-industries/zed `crates/context_server` (no expansion found)"},
		},
	},
	decode: decodeZed,
}

// decodeZed reads a context server: stdio with command, HTTP with url,
// else a server of an extension.
func decodeZed(d *decoder) {
	d.common()
	if c := d.e.Get("command"); c != nil && c.Kind == Object {
		// the older shape: "command": {"path", "args", "env"}
		d.s.Command = strOf(c.Get("path"))
		d.s.Args, _ = c.Get("args").Strings()
		d.s.Env, _ = c.Get("env").StringMap()
	}
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = HTTP
	case d.e.Get("settings") != nil || strOf(d.e.Get("source")) == "extension":
		d.s.Transport = Extension
	}
	d.enabled("enabled", false)
	if t, ok := d.duration("timeout", time.Second); ok {
		d.s.StartupTimeout = t
	}
	d.s.Auth = d.e.Get("oauth")
}

func strOf(v *Value) string {
	if v != nil && v.Kind == String {
		return v.Str
	}
	return ""
}
