package normalize

// claudeDesktop is the Claude Desktop app: one user file, stdio servers
// only (remote servers are added as connectors in the app, not here).
var claudeDesktop = &Client{
	ID:      "claude-desktop",
	Product: "Claude Desktop",
	Layout: Layout{
		Files: []File{
			// macOS ~/Library/Application Support/Claude, Windows %APPDATA%\Claude;
			// Linux has no official build, community builds use ~/.config/Claude.
			user(ConfigDir, "Claude/claude_desktop_config.json", JSON),
			// The MSIX install (the default on Windows since early 2026) keeps
			// the file in its package's virtualized AppData.
			{Scope: User, Base: LocalAppDataDir, Path: "Packages/Claude_pzs8sxrjxfjjc/LocalCache/Roaming/Claude/claude_desktop_config.json",
				Format: JSON, OS: []string{"windows"}},
		},
		Schema: "mcp-servers",
	},
	Shape: Shape{
		ServersKey: "mcpServers",
		WrongKeys:  mcpServersWrong,
		Fields:     []string{"command", "args", "env"},
		RemoteHint: "Claude Desktop starts local servers only: reach a remote one through a stdio bridge, e.g. \"command\": \"npx\", \"args\": [\"-y\", \"mcp-remote\", \"<url>\"]",
	},
	Expansion: Expansion{
		PlaceholdersUnverified: true,
	},
	Docs: Docs{
		Note:        "one user file; nothing to merge",
		DisableHint: "Claude Desktop has no per-server switch: remove the server from the file",
		Facts: []Fact{
			{Topic: "files", Text: "`claude_desktop_config.json` in `~/Library/Application Support/Claude` (macOS) or `%APPDATA%\\Claude` (Windows); the MSIX install uses `%LOCALAPPDATA%\\Packages\\Claude_pzs8sxrjxfjjc\\LocalCache\\Roaming\\Claude`; Linux has no official build (community builds: `~/.config/Claude`, UNVERIFIED)",
				Source: "modelcontextprotocol.io/docs/develop/connect-local-servers; anthropics/claude-code#26073"},
			{Topic: "shape", Text: "`mcpServers` with `command`, `args`, `env`: stdio servers only; remote servers are connectors added in the app. Whether `url` entries in this file are honoured is UNVERIFIED (mcpconf reports them as entries Claude Desktop cannot start)",
				Source: "modelcontextprotocol.io quickstart"},
			{Topic: "placeholders", Text: "none documented — UNVERIFIED; values are treated as literal",
				Source: "modelcontextprotocol.io quickstart"},
		},
	},
	decode: decodeClaudeDesktop,
}

func decodeClaudeDesktop(d *decoder) {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.Transport = Stdio // the only transport it has
}
