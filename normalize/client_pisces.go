package normalize

import "time"

// piscesFields are the keys of an entry oh-my-pi 18.2.3 reads
// (builtin.ts parseMcpServers): no per-server tool filter
// (enabledTools, disabledTools), no lazy, and envPolicy and headerPolicy
// only on servers its plugins bring, never from a file.
var piscesFields = []string{"type", "command", "args", "env", "cwd", "url", "headers", "enabled", "timeout", "auth", "oauth",
	"requestIdFormat"}

// piscesUserFile is pisces's user file, getMCPConfigPath("user"): the one
// whose disabledServers and enabledServers count, and where add writes.
var piscesUserFile = user(HomeDir, ".pisces/agent/mcp.json", JSON)

// piscesFiles are pisces's own files, which it reads as its own provider
// (builtin.ts loadMCPServers: the start directory's .pisces, then the
// agent directory).
var piscesFiles = []File{
	proj(".pisces/mcp.json", JSON), proj(".pisces/.mcp.json", JSON),
	piscesUserFile, user(HomeDir, ".pisces/agent/.mcp.json", JSON),
}

// optIn is a provider's user file that pisces reads only when
// enabledProviders names the provider.
func optIn(id string, f File) File {
	f.OptIn = id
	return f
}

// mcpServersWrong are the servers keys of the other shapes, which a client
// reading "mcpServers" ignores.
var mcpServersWrong = []string{"servers", "mcp_servers", "context_servers", "mcp"}

// pisces is the pisces coding agent. It reads its own files and every other
// client's (its providers table, Client.Providers) and merges them by
// priority: the union of all providers, deduplicated by
// server name, highest priority first; within a provider local > project >
// user. No public source of pisces exists; every fact matches oh-my-pi
// (can1357/oh-my-pi) with its config directory renamed, checked against
// the loader of oh-my-pi 18.2.3 (npm @oh-my-pi/pi-coding-agent) run on the
// testdata/clients/pisces-* cases (scripts/clientcheck/pisces.ts).
var pisces = &Client{
	ID:      "pisces",
	Product: "pisces",
	Version: "oh-my-pi 18.2.3",
	Capabilities: Capabilities{Roots: true, RootsStatic: true,
		Source: "oh-my-pi 18.2.3 `src/mcp/client.ts` initializeConnection: `capabilities: { roots: { listChanged: false } }`"},
	Layout: Layout{
		Merge: ByPriority,
		Files: piscesFiles,
		// The first files that held pisces's user servers; oh-my-pi 18
		// reads its agent directory only.
		Ignored: []IgnoredFile{{File: user(HomeDir, ".pisces/mcp.json", JSON), Key: "mcpServers",
			Why: "pisces no longer reads ~/.pisces/mcp.json: move it to ~/.pisces/agent/mcp.json"}},
		OptIn: &OptIn{Files: []File{user(HomeDir, ".pisces/agent/config.yml", JSON), user(HomeDir, ".pisces/agent/config.yaml", JSON)},
			Key: "enabledProviders", All: []string{"*", "all"}, Vars: map[string]string{"claude": "CLAUDE_CONFIG_DIR"},
			Off: "disabledProviders", Native: "native", Project: []string{"mcp", "enableProjectConfig"},
			Extensions: "disabledExtensions", ExtensionPrefix: "mcp:", Invalid: "Settings config is invalid"},
		SameConnection: true,
		// The providers table, in the order pisces registers its providers
		// (ties keep it); Client nil is pisces itself. Lists are the
		// provider's lists pisces honours, as the first file that sets one.
		Providers: []Provider{
			{Priority: 100, Files: piscesFiles, Lists: []string{"disabledServers", "enabledServers"}},
			// claude.ts: no projects[<root>] of ~/.claude.json; the
			// project's .claude/.mcp.json before .claude/mcp.json
			{Client: claude, Priority: 80, Files: []File{
				proj(".claude/.mcp.json", JSON), proj(".claude/mcp.json", JSON),
				// resolveClaudePaths: $CLAUDE_CONFIG_DIR/.claude.json and
				// $CLAUDE_CONFIG_DIR/mcp.json when it is set
				optIn("claude", user(claudeStateDir, ".claude.json", JSON)), optIn("claude", user(claudeDir, "mcp.json", JSON)),
			}, FirstWithServers: true},
			{Client: codex, Priority: 70, Files: []File{proj(".codex/config.toml", TOML), optIn("codex", user(codexHome, "config.toml", TOML))}},
			{Client: gemini, Priority: 60, Files: []File{proj(".gemini/settings.json", JSONComments), optIn("gemini", user(geminiHome, ".gemini/settings.json", JSONComments))},
				Lists: []string{"mcp.allowed", "mcp.excluded"}, KnownTypesOnly: true},
			{Client: opencode, Priority: 55, Files: optInUser("opencode", piscesOpencodeFiles)},
			{Client: cursor, Priority: 50, Files: []File{proj(".cursor/mcp.json", JSON), optIn("cursor", user(HomeDir, ".cursor/mcp.json", JSON))}, KnownTypesOnly: true},
			{Client: windsurf, Priority: 50, Files: optInUser("windsurf", windsurfFiles)},
			{Client: agentCode, Priority: 45, Files: agentCodeFiles, Lists: []string{"security.mcp_server_allowlist", "security.mcp_server_denylist"}},
			// vscode.ts: the project's .vscode/mcp.json only, its servers
			// under "mcp.servers"
			{Client: vscode, Priority: 20, Files: []File{{Scope: Project, Base: RootDir, Path: ".vscode/mcp.json", Format: JSONC, ServersPath: []string{"mcp", "servers"}}},
				TypeKey: "transport", KnownTypesOnly: true},
			{Client: mcpJSON, Priority: 5, Files: []File{proj("mcp.json", JSON), proj(".mcp.json", JSON)}},
		},
		Schema: "mcp-servers",
	},
	Gates: Gates{
		// readDisabledServers/readEnabledServers(getMCPConfigPath("user")):
		// the user file's lists only
		Lists: []List{
			{Path: []string{"disabledServers"}, Effect: HideList, Combine: Union, File: &piscesUserFile},
			{Path: []string{"enabledServers"}, Effect: UnhideList, Combine: Union, File: &piscesUserFile},
		},
		// filterExaMCPServers, on at every session start (sdk.ts filterExa:
		// true)
		Filters: []Filter{{Names: []string{"exa"}, Pattern: `mcp\.exa\.ai`, Shown: "mcp.exa.ai", ToolsParam: "tools", Native: []string{"web_search_exa"},
			Why:  "has its own exa integration",
			Hint: "to use it in pisces, ask it (query parameter or --tools) for a tool other than web_search_exa, or rely on pisces's own exa tools"}},
		ReadsEnabled: "enabled",
		// loadAllMCPConfigs reads the user file's lists with JSON.parse
		// first: a file that does not parse (or is empty) or holds null
		// throws, and discoverAndLoadMCPTools then loads no MCP server
		BadFiles: []BadFile{{Paths: []string{"~/.pisces/agent/mcp.json"}, SyntaxOnly: true, NullStops: true,
			Message: "its MCP discovery fails as it reads disabledServers there, and it loads no MCP server (discoverAndLoadMCPTools)"}},
		// loadAllMCPConfigs collects the servers into a plain object
		// (configs[server.name] = …), where "__proto__" sets the prototype:
		// whatever file defines it
		LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{Project, User},
			Why: "pisces collects its servers into a plain object, where %q sets the object's prototype instead of adding a server: it is lost without a warning"}},
	},
	Shape: piscesShape(piscesFields),
	Expansion: Expansion{
		Placeholders:       []Syntax{Dollar},
		VarForm:            "${%s}",
		ValueCommands:      true,
		ExpandsEveryString: true,
	},
	Launch: Launch{
		// resolveStdioSpawnCommand hands Bun.spawn [command, ...args]
		// outside Windows: no shell, so "~" and "$HOME" reach the system
		// as written (${HOME} is expanded at discovery, ExpandsEveryString)
		NoShell:   true,
		ToolNames: piscesScheme,
	},
	Docs: Docs{
		Note:         "pisces reads every provider: this is the merged view",
		LoadPathFile: "pisces.json",
		Facts: []Fact{
			{Topic: "files", Text: "native files `.pisces/mcp.json`, `.pisces/.mcp.json` (the start directory's only), `~/.pisces/agent/mcp.json`, `~/.pisces/agent/.mcp.json`; servers under `mcpServers`; `~/.pisces/mcp.json` (the seed's user file) is no longer read: mcpconf finds it and says to move it",
				Source: "oh-my-pi 18.2.3 `src/discovery/builtin.ts` loadMCPServers, `.omp` renamed `.pisces`; testdata/clients/pisces-user-files, pisces-nested-cwd, pisces-project-pisces-dot"},
			{Topic: "files", Text: "other tools' user files (`~/.claude.json`, `~/.claude/mcp.json`, `~/.codex/config.toml`, `~/.gemini/settings.json`, `~/.cursor/mcp.json`, opencode's and Windsurf's) are read only when `enabledProviders` in `~/.pisces/agent/config.yml` names the tool (or `*`, `all`; Claude also when `CLAUDE_CONFIG_DIR` is set); their project files always",
				Source: "oh-my-pi 18.2.3 `src/capability/index.ts` isUserSourceEnabled, FOREIGN_USER_PROVIDERS; testdata/clients/pisces-foreign-user-optout, pisces-foreign-user-optin"},
			{Topic: "files", Text: "`disabledProviders` in `~/.pisces/agent/config.yml` (provider ids: `native` for its own files, `claude`, `codex`, `gemini`, `opencode`, `cursor`, `windsurf`, `vscode`, `mcp-json`) switches a provider off: none of its files is read, so its names go to the next provider; `mcp.enableProjectConfig: false` there (YAML `false`, not the string) makes it read no provider's project files; `disabledExtensions` entries `mcp:NAME` there skip every definition of NAME, from every provider (none is listed); not modelled: these settings in a project's settings files",
				Source: "oh-my-pi 18.2.3 `src/capability/index.ts` initializeWithSettings, filterProviders, `src/mcp/config.ts` loadAllMCPConfigs (enableProjectConfig); `src/capability/index.ts` loadImpl (toExtensionId); testdata/clients/pisces-disabled-providers, pisces-project-config-off, pisces-disabled-extensions"},
			{Topic: "files", Text: "its VS Code provider reads the project's `.vscode/mcp.json` under `mcp.servers` (not VS Code's `servers`), the transport from `transport` (not `type`); its Claude provider reads the first of `.claude/.mcp.json`, `.claude/mcp.json` that holds servers and, opted in, the first of `~/.claude.json` `mcpServers`, `~/.claude/mcp.json` (`$CLAUDE_CONFIG_DIR/.claude.json`, `$CLAUDE_CONFIG_DIR/mcp.json` when it is set), never `~/.claude.json` `projects[<root>]`",
				Source: "oh-my-pi 18.2.3 `src/discovery/vscode.ts`, `src/discovery/claude.ts`, `src/config/claude-paths.ts`; testdata/clients/pisces-vscode-mcp-servers, pisces-vscode-transport-key, pisces-claude-projects, pisces-claude-config-dir"},
			{Topic: "refusal", Text: "`~/.pisces/agent/mcp.json` that does not parse (or is empty) or holds null makes `loadAllMCPConfigs` throw as it reads `disabledServers`: no MCP server loads, from any file",
				Source: "oh-my-pi 18.2.3 `src/mcp/config-writer.ts` readMCPConfigFile, `src/mcp/loader.ts` discoverAndLoadMCPTools; testdata/clients/pisces-user-file-broken, pisces-user-file-null, pisces-user-file-array"},
			{Topic: "refusal", Text: "`~/.pisces/agent/config.yml` that does not parse as YAML, or holds something else than a mapping, stops it at start (\"Settings config is invalid\"), no MCP server loaded; it moves the file aside as `config.yml.broken-…`. An empty file, or null, is no settings; a mapping indented as a whole is still the document's (Bun's YAML.parse: mcpconf reads the file with a YAML decoder)",
				Source: "oh-my-pi 18.2.3 `src/config/settings.ts` #loadYamlIfPresent, #unwrapYamlLoadResult, #quarantineInvalidYamlLocked; testdata/clients/pisces-optin-yaml-invalid, pisces-optin-indented"},
			{Topic: "precedence", Text: "every provider's files are read; one definition per name wins whole by provider priority (pisces 100, claude 80, codex 70, gemini 60, opencode 55, cursor 50, windsurf 50, agent-code 45, vscode 20, mcp-json 5), then project > user; a disabled or invalid definition still owns its name; a definition whose connection (command, args, env, cwd, or url, headers; auth) equals one read before it under another name is dropped without a word",
				Source: "oh-my-pi 18.2.3 `src/capability/index.ts` loadImpl, `src/capability/mcp.ts` isSameMCPConnection; testdata/clients/pisces-same-connection, pisces-invalid-shadows (agent-code's row is the seed's: oh-my-pi has no such provider)"},
			{Topic: "switches", Text: "`enabled` (in its own files also the strings `\"true\"`, `\"false\"`, `\"1\"`, `\"0\"`, any case; a number or other text is ignored with a warning and the server starts); `enabled: false` in any provider's file suppresses the server; `disabledServers` and `enabledServers` count only in `~/.pisces/agent/mcp.json`: the first hides a name whichever provider won it, the second turns back on a server `enabled: false` turned off in any file (which is then validated); `__proto__` never starts (the servers are collected in a plain object)",
				Source: "oh-my-pi 18.2.3 `src/mcp/config.ts` loadAllMCPConfigs, `src/discovery/builtin.ts`; testdata/clients/pisces-enabled-native, pisces-enabled-foreign, pisces-lists-user-only, pisces-forced-native, pisces-proto-name"},
			{Topic: "filters", Text: "a server named `exa` (any case), on `mcp.exa.ai` (url) or with `mcp.exa.ai` in an arg is dropped, unless it asks (`tools=`, `--tools`) for a tool other than `web_search_exa`: pisces has its own exa integration; mcpconf shows it blocked, lint says why",
				Source: "oh-my-pi 18.2.3 `src/mcp/config.ts` filterExaMCPServers, which runs before validateServerConfig; testdata/clients/pisces-exa-filter, pisces-exa-unknown-type (the browser filter, on only when its built-in browser runs, is not modelled)"},
			{Topic: "filters", Text: "no per-server tool filter: `enabledTools`, `disabledTools` (and `lazy`) in its files are unknown fields, and the tool filters of other tools' files it reads (Codex `enabled_tools`, Gemini CLI `includeTools`, …) are left out: every server it starts offers all its tools",
				Source: "oh-my-pi 18.2.3 `src/discovery/builtin.ts` parseMcpServers, `src/capability/mcp.ts` MCPServer, `src/discovery/codex.ts`, `src/discovery/gemini.ts`; testdata/clients/pisces-tool-filters-unread, pisces-foreign-tool-filters"},
			{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in every string at discovery; at connect time an `env` or `headers` value starting with `!` runs through `/bin/sh -c` (10 s, trimmed stdout), a value equal to the name of a set variable is that variable's value; an empty result drops the key",
				Source: "oh-my-pi `src/discovery/helpers.ts`, `src/config/resolve-config-value.ts` (read in 5.7.67, not rechecked in 18.2.3)"},
			{Topic: "launch", Text: "a stdio server is spawned without a shell (`Bun.spawn([command, ...args])` outside Windows; on Windows through `cmd.exe /d /s /c` only when the command cannot be found on PATH): `~` and `$HOME` in `command` are not expanded, `${HOME}` is (at discovery)",
				Source: "oh-my-pi `src/mcp/transports/stdio.ts` `resolveStdioSpawnCommand`; oh-my-pi 18.2.3 testdata/clients/pisces-tilde-command; a real run in issue 27 (`\"command\": \"~/.bun/bin/bunx\"` does not start)"},
			{Topic: "shape", Text: "`type` `stdio` (default), `http`, `sse`; without it `command` means stdio and `url` http, and with both the command starts (the url is dropped); neither `command` nor `url`, `type: \"stdio\"` without a command, `type: \"http\"`/`\"sse\"` without a url: the entry is dropped (invalid); any other `type` (`\"streamable-http\"`) is read as stdio: with a command it starts, without one it fails validation; `timeout` in milliseconds",
				Source: "oh-my-pi 18.2.3 `src/capability/mcp.ts` validate, `src/mcp/config.ts` convertToLegacyConfig and validateServerConfig; testdata/clients/pisces-shape-drops, pisces-streamable-http, pisces-both-command-url"},
			{Topic: "capabilities", Text: "its MCP client declares `roots` with `listChanged: false` and nothing else; `probe --client pisces` declares the same",
				Source: "oh-my-pi 18.2.3 `src/mcp/client.ts` initializeConnection"},
		},
	},
	decode: decodePisces,
}

func decodePisces(d *decoder) {
	d.common()
	if !d.typed() {
		d.commandOrURL(Stdio)
	} else if d.s.Transport == NoTransport && d.c.UnknownTypeStdio {
		d.s.Transport = Stdio
	}
	d.enabled("enabled", d.c.LenientBool)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.Auth = d.e.Get("auth")
	if d.s.Auth == nil {
		d.s.Auth = d.e.Get("oauth")
	}
}

func proj(path string, f Format) File {
	return File{Scope: Project, Base: RootDir, Path: path, Format: f}
}

func user(b *Base, path string, f Format) File {
	return File{Scope: User, Base: b, Path: path, Format: f}
}

// piscesShape is how pisces reads an entry, in its own files and in the
// bare mcp.json it reads as a provider, with the fields each knows.
func piscesShape(fields []string) Shape {
	return Shape{
		ServersKey:  "mcpServers",
		WrongKeys:   mcpServersWrong,
		Fields:      fields,
		TimeoutUnit: time.Millisecond,
		Types:       []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"sse", SSE}},
		// convertToLegacyConfig keeps the endpoint of the transport only
		OnBoth:           ByTransport,
		UnknownTypeStdio: true,
		EndpointRequired: true,
		LenientBool:      true,
		BadSwitchIgnored: true,
		StringServers:    true,
		NameChars:        true,
	}
}

// optInUser marks the user files of files as read only when enabledProviders
// names id.
func optInUser(id string, files []File) []File {
	out := make([]File, len(files))
	for i, f := range files {
		if f.Scope == User {
			f.OptIn = id
		}
		out[i] = f
	}
	return out
}
