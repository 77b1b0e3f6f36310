package normalize

var claudeFields = []string{"type", "command", "args", "env", "url", "headers", "headersHelper", "oauth"}

// claude is Claude Code. As a pisces provider ("claude", priority 80) it
// stands for the files pisces reads under that name (.claude/mcp.json,
// ~/.claude.json, ~/.claude/mcp.json), which are not all Claude Code's own.
var claude = &Client{
	ID:      "claude",
	Aliases: []string{"claude-code"},
	Product: "Claude Code",
	Files: []File{
		// The legacy ~/.claude/.config.json, when it exists, is read instead
		// of ~/.claude.json (group "state"); CLAUDE_CONFIG_DIR moves both.
		{Scope: Local, Base: ClaudeDir, Path: ".config.json", Format: JSON, Section: true, Group: "state"},
		{Scope: Local, Base: ClaudeStateDir, Path: ".claude.json", Format: JSON, Section: true, Group: "state"},
		proj(".mcp.json", JSON),
		{Scope: User, Base: ClaudeDir, Path: ".config.json", Format: JSON, Group: "state"},
		{Scope: User, Base: ClaudeStateDir, Path: ".claude.json", Format: JSON, Group: "state"},
	},
	// .mcp.json is read in the working directory and every directory above
	// it; projects[<root>] in ~/.claude.json is keyed by the git root.
	Project:     StartUp,
	RootMarkers: []string{".git"},
	Approval: &Approval{
		Scope:     Project,
		EnableAll: "enableAllProjectMcpServers",
		Enabled:   "enabledMcpjsonServers",
		Disabled:  "disabledMcpjsonServers",
		Settings: []Setting{
			{File: proj(".claude/settings.local.json", JSON), Trusted: true},
			{File: proj(".claude/settings.json", JSON), Trusted: true},
			{File: user(ClaudeDir, "settings.json", JSON)},
			{File: claudeState(Local, true), Trusted: true},
		},
		Ask: "run claude in the project and approve the server when it asks",
	},
	Trust: &Trust{
		Kind: TrustFlag, Effect: GatesApproval,
		File: claudeState(Local, true),
		Path: []string{"projects", "<root>", "hasTrustDialogAccepted"},
		Ask:  "run claude in the project and accept its trust dialog",
	},
	Lists: []List{
		// /mcp disable writes projects[<root>].disabledMcpServers.
		{File: &claudeStateFile, Path: []string{"projects", "<root>", "disabledMcpServers"}, Effect: HideList, Combine: Union},
	},
	AddHint: "move them to .mcp.json for the project, or add them with \"claude mcp add\" (user or local scope)",
	Ignored: []IgnoredFile{
		{File: user(ClaudeDir, "settings.json", JSON), Key: "mcpServers", Why: "settings.json holds settings, not servers"},
		{File: user(ClaudeDir, "mcp.json", JSON), Key: "mcpServers", Why: "it is not one of its files"},
		{File: proj(".claude/mcp.json", JSON), Key: "mcpServers", Why: "the project's servers go in .mcp.json at the root"},
		{File: proj(".claude/.mcp.json", JSON), Key: "mcpServers", Why: "the project's servers go in .mcp.json at the root"},
		{File: proj(".claude/settings.json", JSON), Key: "mcpServers", Why: "settings.json holds settings, not servers"},
		{File: proj(".claude/settings.local.json", JSON), Key: "mcpServers", Why: "settings.local.json holds settings, not servers"},
	},
	Note: "local scope, then the project's .mcp.json, then ~/.claude.json; one definition wins whole",
	Pisces: &Provider{Priority: 80, Files: []File{
		{Scope: Local, Base: HomeDir, Path: ".claude.json", Format: JSON, Section: true},
		proj(".claude/mcp.json", JSON), proj(".claude/.mcp.json", JSON),
		user(HomeDir, ".claude.json", JSON), user(HomeDir, ".claude/mcp.json", JSON),
	}},
	Shape: Shape{
		ServersKey:      "mcpServers",
		WrongKeys:       mcpServersWrong,
		Fields:          claudeFields,
		Types:           []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"streamable-http", HTTP}, {"sse", SSE}, {"ws", WS}},
		RemoteNeedsType: true,
		PluginManifest:  ".claude-plugin/plugin.json",
		NameChars:       true,
		Missing:         map[string]string{"timeout": "Claude Code has no per-server timeout: set the MCP_TIMEOUT environment variable (milliseconds)"},
	},
	ExpandFields: []string{"command", "args", "env", "url", "headers"},
	Placeholders: []Syntax{Dollar},
	VarForm:      "${%s}",
	NoShell:      true,
	ToolNames:    claudeScheme,
	Schema:       "mcp-servers",
	HomeLocal:    true,
	DisableHint:  "Claude Code has no per-server switch: remove the server or turn it off with /mcp",
	Facts: []Fact{
		{Topic: "environment", Text: "a stdio server inherits Claude Code's whole environment, secrets included; `env` is set on top",
			Source: "Claude Code 2.1.330: testdata/clients/claude-env-inherit"},
		{Topic: "files", Text: "project `.mcp.json` in the working directory and every directory above it, the nearest winning (`~/.mcp.json` too); user `~/.claude.json` top-level `mcpServers`; local `~/.claude.json` `projects[<git root>].mcpServers`. `CLAUDE_CONFIG_DIR=D` reads `D/.claude.json` and `D/settings.json` instead; a legacy `.config.json` in the config directory (`~/.claude` or `D`) is read instead of `.claude.json` when it exists",
			Source: "Claude Code 2.1.330: testdata/clients/claude-subdir-*, claude-parent-mcpjson, claude-project-under-home, claude-mcpjson-nearest, claude-config-dir*, claude-legacy-config-json"},
		{Topic: "files", Text: "`mcpServers` in `~/.claude/settings.json`, `~/.claude/mcp.json`, `.claude/mcp.json`, `.claude/.mcp.json`, `.claude/settings.json` or `.claude/settings.local.json` is ignored without a word",
			Source: "Claude Code 2.1.330: testdata/clients/claude-misplaced"},
		{Topic: "precedence", Text: "local > approved project > user, one definition wins whole; a pending project server does not hide the user's server of the same name",
			Source: "Claude Code 2.1.330: testdata/clients/claude-scopes, claude-shadow-user-pending, claude-shadow-user-approved"},
		{Topic: "switches", Text: "a `.mcp.json` server starts once approved: `enabledMcpjsonServers` lists it or `enableAllProjectMcpServers` is true. In an untrusted project (`projects[<git root>].hasTrustDialogAccepted` not true) only `~/.claude/settings.json` approves; `.claude/settings.local.json`, `.claude/settings.json` and `projects[<root>]` count once trusted. `disabledMcpjsonServers` anywhere rejects, trusted or not. Names match exactly. `/mcp disable` (`projects[<root>].disabledMcpServers`) turns off project and user servers",
			Source: "Claude Code 2.1.330: testdata/clients/claude-approval-*, claude-enableall-*, claude-rejected-*, claude-approval-case, claude-disabled-project, claude-trust-parent"},
		{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in `command`, `args`, `env`, `url`, `headers` of `.mcp.json` and `~/.claude.json`; unset without default stays literal; `${VAR:-d}` with VAR set to \"\" gives \"\"; `$VAR` is never expanded",
			Source: "Claude Code 2.1.330: testdata/clients/claude-env-set, claude-env-unset (values captured from a started server)"},
		{Topic: "shape", Text: "`type` `stdio` (default), `http`, `streamable-http`, `sse`, `ws`; an entry with `url` but no `type` is skipped with a warning, the rest of the file loads",
			Source: "Claude Code 2.1.330: testdata/clients/claude-url-no-type"},
		{Topic: "shape", Text: "no `cwd`: a stdio server starts in the project directory whatever `cwd` says, and unknown keys (`cwd`, `timeout`) pass without a word",
			Source: "Claude Code 2.1.330: testdata/clients/claude-cwd"},
		{Topic: "shape", Text: "servers start without a shell (cross-spawn, `shell: false`): `~/` and `$HOME/` in `command` fail, `${HOME}` works because Claude Code expands it",
			Source: "Claude Code 2.1.330: testdata/clients/nosh; the binary's StdioClientTransport"},
		{Topic: "shape", Text: "server names: `claude mcp add` accepts letters, digits, `-` and `_` (\"Names can only contain letters, numbers, hyphens, and underscores\"); a `.mcp.json` without `mcpServers` is refused whole (the key is required)",
			Source: "Claude Code 2.1.330 binary: the name check of `mcp add`, the `.mcp.json` schema `{mcpServers: record}`"},
		{Topic: "files", Text: "a plugin's `.mcp.json` (beside `.claude-plugin/plugin.json`) may hold its servers at the top level, without `mcpServers`",
			Source: "Claude Code 2.1.330 binary: the plugin loader reads `mcpServers` or the whole object"},
	},

	decode: decodeClaude,
}

// decodeClaude follows Claude Code: no type means stdio, even with a url
// (Claude then rejects the entry, which lint reports).
func decodeClaude(d *decoder) {
	d.common()
	d.s.Cwd = "" // not a Claude Code field
	if !d.typed() {
		d.s.Transport = Stdio
	}
	d.s.Auth = d.e.Get("oauth")
}

// claudeStateFile is ~/.claude.json, the state file that holds the user
// and local scopes, trust and per-project switches.
var claudeStateFile = File{Scope: User, Base: ClaudeStateDir, Path: ".claude.json", Format: JSON, Group: "state"}

func claudeState(scope Scope, section bool) File {
	f := claudeStateFile
	f.Scope, f.Section = scope, section
	return f
}
