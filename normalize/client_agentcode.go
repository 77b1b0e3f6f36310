package normalize

// agentCode is avala-ai/agent-code.
var agentCode = &Client{
	ID:      "agent-code",
	Product: "agent-code",
	Layout: Layout{
		Files: agentCodeFiles,
		Merge: KeyByKey,
		// each of .agent/settings.toml and .agent/settings.local.toml
		// is the nearest at or above the start directory
		// (find_config_in_ancestors, find_local_config_in_ancestors)
		Project: Nearest,
		Schema:  "agent-code",
	},
	Gates: Gates{
		Lists: []List{
			{Path: []string{"security", "mcp_server_allowlist"}, Effect: AllowList},
			{Path: []string{"security", "mcp_server_denylist"}, Effect: DenyList},
		},
	},
	Shape: Shape{
		ServersKey:  "mcp_servers",
		WrongKeys:   []string{"mcpServers", "mcp-servers", "servers"},
		Fields:      []string{"command", "args", "url", "env"},
		URLMeansSSE: true,
		OnNeither:   NeitherSkipped,
		Missing:     map[string]string{"type": "agent-code has no \"type\": \"command\" makes a stdio server, \"url\" an SSE one"},
	},
	Docs: Docs{
		Note:        "settings.local.toml over settings.toml over the user's config.toml, merged key by key",
		DisableHint: "agent-code has no per-server switch: list the server in [security] mcp_server_denylist",
		Facts: []Fact{
			{Topic: "files", Text: "user `$XDG_CONFIG_HOME/agent-code/config.toml` if set, else the system config dir (`~/.config`, `~/Library/Application Support`, `%APPDATA%`); project `.agent/settings.toml` and `.agent/settings.local.toml`, the nearest walking up from the working directory",
				Source: "avala-ai/agent-code `crates/lib/src/config/mod.rs` (c25b885f)"},
			{Topic: "merge", Text: "recursive TOML table merge, local over project over user",
				Source: "agent-code `merge_toml_values`"},
			{Topic: "switches", Text: "`[security] mcp_server_denylist` blocks names (checked first); a non-empty `mcp_server_allowlist` blocks every other name",
				Source: "agent-code `crates/cli/src/ui/modern/run.rs`, SECURITY.md"},
			{Topic: "shape", Text: "`command` means stdio (and wins over `url`), `url` alone means SSE; no `type`, no placeholders",
				Source: "agent-code `crates/cli/src/main.rs`"},
		},
	},
	decode: decodeAgentCode,
}

var agentCodeFiles = []File{
	{Scope: Local, Base: RootDir, Path: ".agent/settings.local.toml", Format: TOML},
	proj(".agent/settings.toml", TOML), user(XDGThenConfigDir, "agent-code/config.toml", TOML),
}

// decodeAgentCode: command wins over url; url alone means SSE.
func decodeAgentCode(d *decoder) {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.URL = d.str("url")
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = SSE
	}
}
