package normalize

// copilotSrc names where Copilot CLI's loading code is: the npm package
// @github/copilot 1.0.102 unpacks (into $XDG_CACHE_HOME/copilot/pkg/) a
// JavaScript bundle, cli-main.js, whose MCP loading calls into a native
// module, prebuilds/linux-x64/runtime.node (Rust; read with strings): the
// bundle's `sE` calls `mcpConfigLoadMerged`, `v5t` calls
// `folderTrustIsTrusted` and `mcpConfigDiscoverServers` with the user
// settings' `disabledMcpServers`/`enabledMcpServers`, `l9n` looks for a
// `.vscode/mcp.json` only to say it is no longer read. `copilot mcp list`
// and `copilot mcp get` are answered by the same native code.
const copilotSrc = "@github/copilot 1.0.102: cli-main.js "

// copilotHome is ~/.copilot, which COPILOT_HOME replaces whole
// (testdata/clients/copilot-home-var; XDG_CONFIG_HOME does not move it:
// copilot-xdg-ignored).
var copilotHome = &Base{Name: "COPILOT_HOME", Var: "COPILOT_HOME", Default: ".copilot"}

// copilotSettings are the settings files whose disabledMcpServers turn
// servers off: the user's, and the project's two at the git root (none
// without a repository: testdata/clients/copilot-settings-no-git), which
// count only in a trusted folder.
var copilotSettings = []File{
	{Scope: Project, Base: RootDir, Path: ".github/copilot/settings.local.json", Format: JSONC, InRepo: true},
	{Scope: Project, Base: RootDir, Path: ".github/copilot/settings.json", Format: JSONC, InRepo: true},
	user(copilotHome, "settings.json", JSONC),
}

// copilotManaged is the machine's managed settings file (Linux; source
// only: copilot mcp list does not apply its lists).
var copilotManaged = []File{{Scope: Managed, Base: SystemDir, Path: "etc/github-copilot/managed-settings.json", Format: JSON, OS: []string{"linux"}}}

// copilot is GitHub Copilot CLI (npm @github/copilot).
var copilot = &Client{
	ID:      "copilot",
	Aliases: []string{"copilot-cli"},
	Product: "Copilot CLI",
	Version: "1.0.102",
	Layout: Layout{
		// the workspace's files in every directory from the start
		// directory up to the git root, nearest first, then the user's;
		// in each directory .mcp.json, else .github/mcp.json
		Files: []File{
			{Scope: Project, Base: RootDir, Path: ".mcp.json", Format: JSON, Guest: true},
			{Scope: Project, Base: RootDir, Path: ".github/mcp.json", Format: JSON, ElseOf: ".mcp.json"},
			user(copilotHome, "mcp-config.json", JSONC),
		},
		Merge:       WholeEntry,
		Project:     RootToStart,
		RootMarkers: []string{".git"},
		// .vscode/mcp.json is not read (l9n only says so); not an
		// Ignored file, which would select Copilot CLI for every VS Code
		// workspace
		Schema: "mcp-servers",
	},
	Gates: Gates{
		Trust: &Trust{
			Kind: TrustPaths, Effect: IgnoresProject,
			File: user(copilotHome, "config.json", JSONC),
			Path: []string{"trusted_folders"},
			Ask:  "run copilot in the folder and choose to trust it",
		},
		Lists: []List{
			// every file's list adds up; enabledMcpServers does not turn a
			// server back on (it enables servers that are off by default)
			{Path: []string{"disabledMcpServers"}, Effect: HideList, Combine: Union, Files: copilotSettings, Trusted: true},
			// managed policy, "aligned with Claude Code semantics" (source
			// only)
			claudeDenyList(copilotManaged),
			claudeAllowList(copilotManaged),
		},
		// a user file that does not parse, holds no object or no
		// mcpServers object stops copilot mcp list ("Error: mcpServers:
		// Required", exit code 1); a workspace file is skipped with a
		// warning
		BadFiles: []BadFile{{Message: "Error: mcpServers: Required", ExitCode: 1, Names: []string{"mcp-config.json"}, ServersKeyStops: true}},
		// each entry is checked as the file is read: one it cannot use is
		// skipped (with a warning in a workspace file, silently in the
		// user's) and another file's of the same name takes its place
		SkipsInvalid:      true,
		InvalidUnlistedIn: []Scope{User},
	},
	Shape: Shape{
		ServersKey: "mcpServers",
		WrongKeys:  mcpServersWrong,
		Fields:     []string{"type", "command", "args", "env", "cwd", "url", "headers", "tools", "timeout"},
		// "local" is stdio; a url without type is streamable HTTP
		Types:      []TypeLiteral{{"local", Stdio}, {"stdio", Stdio}, {"http", HTTP}, {"streamable-http", HTTP}, {"sse", SSE}},
		Strictness: RejectsServer,
		OnBoth:     ByTransport,
		FieldChecks: []FieldCheck{
			{Path: "type", Kind: TextField},
			{Path: "command", Kind: TextField, Transports: []Transport{Stdio}, Required: true},
			{Path: "args", Kind: TextList, Transports: []Transport{Stdio}},
			{Path: "env", Kind: TextMap, Transports: []Transport{Stdio}},
			{Path: "cwd", Kind: TextField, Transports: []Transport{Stdio}},
			{Path: "url", Kind: URLField, Transports: []Transport{HTTP, SSE}, Required: true},
			{Path: "headers", Kind: TextMap, Transports: []Transport{HTTP, SSE}},
			{Path: "tools", Kind: TextList},
			{Path: "timeout", Kind: IntField},
		},
	},
	Expansion: Expansion{
		Placeholders:           []Syntax{Dollar},
		VarForm:                "${%s}",
		PlaceholdersUnverified: true,
	},
	// Launch: how it starts a stdio server (a shell or not) was not
	// observed: copilot mcp list starts none
	Docs: Docs{
		Note:         "the workspace's .mcp.json (else .github/mcp.json) in each directory from the start directory up to the git root, the nearest winning a name, over ~/.copilot/mcp-config.json; workspace files only in a trusted folder; disabledMcpServers in the settings turns a server off",
		DisableHint:  `add the server's name to "disabledMcpServers" in ~/.copilot/settings.json (or run copilot mcp disable NAME)`,
		LoadPathFile: "copilot.json",
		AddHint:      "move them to .mcp.json (or .github/mcp.json) for the workspace, or to ~/.copilot/mcp-config.json",
		Facts: []Fact{
			{Topic: "files", Text: "user `~/.copilot/mcp-config.json` (`COPILOT_HOME` replaces `~/.copilot`; `XDG_CONFIG_HOME` does not move it); workspace `.mcp.json`, else `.github/mcp.json` (a `.mcp.json` that is `{}`, has no `mcpServers` or does not parse still hides it), in every directory from the start directory up to the git root, all merged, the nearest directory winning a name over the farther and the workspace over the user; without a git repository the start directory only",
				Source: copilotSrc + "(`sE` → native `mcpConfigLoadMerged`); testdata/clients/copilot-walk, copilot-else-github, copilot-empty-hides-github, copilot-home-var, copilot-xdg-ignored, copilot-no-git"},
			{Topic: "trust", Text: "workspace servers load only in a trusted folder: `trusted_folders` in `~/.copilot/config.json` (JSON with trailing commas) lists paths, each trusting itself and every folder below it (a trailing slash or `..` is fine; a prefix of a name is not a parent); each directory's file needs its own directory trusted, and the start directory's trust decides the workspace settings; a `trusted_folders` that is not an array of strings trusts nothing; started through a symbolic link, an entry naming either the link's path or the physical one trusts the folder. `COPILOT_ALLOW_ALL=true` trusts everything (not modelled)",
				Source: copilotSrc + "(`v5t`: `COPILOT_ALLOW_ALL`, native `folderTrustIsTrusted`, `includeWorkspaceSources`); testdata/clients/copilot-untrusted, copilot-trust-slash, copilot-trust-sub-only, copilot-trust-not-strings, copilot-trust-symlink, copilot-trust-symlink-entry"},
			{Topic: "switches", Text: "`disabledMcpServers` in `~/.copilot/settings.json`, and in `.github/copilot/settings.json` and `.github/copilot/settings.local.json` at the git root (not in a subdirectory, none without a git repository; only in a trusted folder), all adding up, turns a server off (`copilot mcp list` shows it with `enabled: false`); `enabledMcpServers` does not turn it back on; `disabled`/`enabled` inside an entry are ignored",
				Source: copilotSrc + "(`v5t`: `disabledServers: o.disabledMcpServers`, `enabledServers`); testdata/clients/copilot-settings-disabled, copilot-settings-subdir, copilot-settings-no-git, copilot-entry-disabled-ignored"},
			{Topic: "shape", Text: "`type` `local` or `stdio` (stdio), `http` or `streamable-http` (streamable HTTP), `sse`; an entry with `url` and no `type` is streamable HTTP, one with `command` stdio (`command` wins over `url`); another `type`, `args` that is not an array, `env` or `headers` that are not objects, a stdio entry without `command`, a remote one without `url`, or a `url` that is not an absolute URL as written (placeholders are not expanded first: `${BASE:-http://h}/mcp` is not one) skip the entry — with a warning in a workspace file, silently in the user's",
				Source: copilotSrc + "(native `mcpConfigLoadMerged`; its messages \"Skipping invalid MCP server\", \"args: Expected array\", \"type: Invalid literal value\"); testdata/clients/copilot-shapes, copilot-url-placeholder"},
			{Topic: "files", Text: "a workspace file that does not parse (strict JSON: a trailing comma does not) or whose `mcpServers` is missing or not an object is skipped (with a warning, but for `{}`) (\"skipping workspace MCP config … because it is malformed\"); a user `mcp-config.json` is read leniently (comments and trailing commas), and one that does not parse, is not an object or has no `mcpServers` object stops `copilot mcp list` (\"Error: mcpServers: Required\", exit code 1)",
				Source: "testdata/clients/copilot-user-broken, copilot-user-unparsable, copilot-walk (a trailing comma in the user file), copilot-workspace-broken, copilot-empty-hides-github"},
			{Topic: "files", Text: "`.vscode/mcp.json` is not read (\"Copilot CLI's incomplete support for .vscode/mcp.json has been removed\")",
				Source: copilotSrc + "(`l9n`, `n5o`); testdata/clients/copilot-vscode-ignored"},
			{Topic: "switches", Text: "UNVERIFIED (source only: `copilot mcp list` does not apply managed policy): `/etc/github-copilot/managed-settings.json` holds `allowedMcpServers` and `deniedMcpServers` \"aligned with Claude Code semantics\" (entries by `serverName`, `serverCommand` or `serverUrl`) and `allowManagedMcpServersOnly`; mcpconf reads them with Claude Code's rules",
				Source: "@github/copilot 1.0.102: the managed-settings schema embedded in prebuilds/linux-x64/runtime.node (`https://github.com/schemas/copilot/managed-settings/v0`)"},
			{Topic: "placeholders", Text: "UNVERIFIED: `copilot mcp list` and `get` print values as written; whether and where `${VAR}` is expanded when a server starts was not found in the bundle",
				Source: "testdata/clients/copilot-url-placeholder (values as written)"},
			{Topic: "not modelled", Text: "plugins' servers (installed plugins, `enabledPlugins`), built-in servers, `--additional-mcp-config`, `COPILOT_ALLOW_ALL`, the `enabledMcpServers` of servers off by default",
				Source: copilotSrc + "(`sE`, `v5t`, `__e`)"},
		},
	},
	decode: decodeCopilot,
}

func decodeCopilot(d *decoder) {
	d.common()
	if !d.typed() {
		d.commandOrURL(NoTransport)
	}
}
