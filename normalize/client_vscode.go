package normalize

// vscode is VS Code (GitHub Copilot agent mode).
var vscode = &Client{
	ID:      "vscode",
	Aliases: []string{"vs-code"},
	Product: "VS Code",
	Capabilities: Capabilities{Roots: true,
		Source: "microsoft/vscode src/vs/workbench/contrib/mcp/common/mcpServerRequestHandler.ts (1418a96b): roots with listChanged; newer builds may add sampling and elicitation (UNVERIFIED)"},
	Layout: Layout{
		Files: []File{
			proj(".vscode/mcp.json", JSONC),
			// before 1.102 servers lived in settings.json under "mcp"; VS Code
			// moves them into mcp.json when it starts
			{Scope: Project, Base: RootDir, Path: ".vscode/settings.json", Format: JSONC, ServersPath: []string{"mcp", "servers"}},
			// a workspace folder's root .mcp.json, in Claude's shape, by VS
			// Code's own rules (WorkspaceDotMcpDiscovery)
			{Scope: Project, Base: RootDir, Path: ".mcp.json", Format: JSONC, Dialect: vscodeRootMCP, FlatServers: true, NotTarget: true},
			user(ConfigDir, "Code/User/mcp.json", JSONC),
			{Scope: User, Base: ConfigDir, Path: "Code/User/settings.json", Format: JSONC, ServersPath: []string{"mcp", "servers"}},
			// Copilot's user file, read for the Copilot harness (strict JSON)
			{Scope: User, Base: vscodeCopilotHome, Path: "mcp-config.json", Format: JSON, Dialect: vscodeRootMCP, NotTarget: true},
		},
		Schema: "vscode",
	},
	Shape: Shape{
		ServersKey:    "servers",
		WrongKeys:     []string{"mcpServers", "mcp_servers", "mcp"},
		ToleratedKeys: []string{"mcpServers"},
		Fields: []string{"type", "command", "args", "env", "envFile", "cwd", "url", "headers", "sandboxEnabled", "sandbox", "dev", "oauth",
			// written by VS Code for servers installed from the MCP gallery
			// (ICommonMcpServerConfiguration in mcpPlatformTypes.ts)
			"version", "gallery"},
		Types:           []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"sse", SSE}},
		URLSchemes:      []string{"unix", "pipe"},
		FieldKeys:       map[string]string{"env_file": "envFile"},
		NamespacedNames: true,
		NameChars:       true,
		Inputs:          true,
		// microsoft/vscode baseConfigurationResolverService.showUserInput:
		// "Undefined input variable '{0}' encountered. Remove or define
		// '{0}' to continue."; mcpRegistry.resolveConnection shows it as
		// "Error starting" and the server does not start, answered or not
		UndefinedInput: "Undefined input variable '%[1]s' encountered",
	},
	Expansion: Expansion{
		Placeholders: []Syntax{Input, EnvColon, Editor},
		VarForm:      "${env:%s}",
		Unset: []UnsetRule{{Does: UnsetEmpty,
			Source: "microsoft/vscode `src/vs/workbench/services/configurationResolver/common/variableResolver.ts` (case `env`: \"evaluates undefined envs to an empty string #46436\"); read, not run"}},
	},
	Launch: Launch{
		NoShell:      true,
		ExpandsTilde: true,
		// extHostMcpNode.ts: process.env, then envFile, then env (a PATH
		// there appended to the inherited one)
		ChildEnv: ChildEnv{EnvFile: true, AppendPath: true},
	},
	Docs: Docs{
		Unverified:  "no VS Code runs here: read in microsoft/vscode's source (main as stored late 2026; release number not known, the files and commits named) or its docs, not checked against the program",
		Note:        "workspace over user profile; one definition wins whole",
		DisableHint: "VS Code has no per-server switch: remove the server or stop it from the MCP servers list",
		Facts: []Fact{
			{Topic: "names", Text: "no pattern for server names found: the docs recommend camelCase without spaces, and gallery installs write `<namespace>/<name>` — UNVERIFIED in VS Code's code",
				Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "files", Text: "workspace `.vscode/mcp.json`; user profile `mcp.json` in the user config dir (`~/.config/Code/User`, `~/Library/Application Support/Code/User`, `%APPDATA%\\Code\\User`); servers under `servers`, with `inputs`",
				Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts` (0b37532c); code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "precedence", Text: "user and workspace servers are both listed; which wins for one name is not documented (mcpconf assumes the workspace's)",
				Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "placeholders", Text: "`${env:VAR}` whose variable is not set becomes an empty string (the server starts without the value)",
				Source: "microsoft/vscode `src/vs/workbench/services/configurationResolver/common/variableResolver.ts` (case `env`: \"evaluates undefined envs to an empty string #46436\"): read, not run"},
			{Topic: "placeholders", Text: "`${input:id}` (prompted once), `${env:VAR}`, `${workspaceFolder}`, `${userHome}` and the other predefined variables",
				Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "placeholders", Text: "an `${input:id}` that no entry of the file's `inputs` (`mcp.inputs` in `settings.json`) declares is not prompted for: starting the server fails with \"Undefined input variable 'id' encountered. Remove or define 'id' to continue.\" (\"Variable 'id' must be defined in an 'inputs' section\" when there is no `inputs` at all), shown as \"Error starting NAME\"; only a value stored from an earlier prompt for that id is used instead",
				Source: "microsoft/vscode `src/vs/workbench/services/configurationResolver/browser/baseConfigurationResolverService.ts` `showUserInput` (ed523e09), `src/vs/workbench/contrib/mcp/common/mcpRegistry.ts` `_replaceVariablesInLaunch`, `resolveConnection` (06cd0907)"},
			{Topic: "shape", Text: "`url` means a remote server (streamable HTTP, falling back to SSE), else stdio; JSONC (comments and trailing commas); the deprecated top-level `mcpServers` is read for stdio servers",
				Source: "microsoft/vscode `src/vs/platform/mcp/common/mcpPlatformTypes.ts` (01272b92)"},
			{Topic: "files", Text: "before 1.102, servers lived under `mcp.servers` in the workspace and user `settings.json`; VS Code moves them into `mcp.json` when it starts, so mcpconf reads them below `mcp.json` — the exact precedence between the two is UNVERIFIED",
				Source: "docker/docs 3712a39, redis/mcp-redis#57 (the settings.json to mcp.json move)"},
			{Topic: "shape", Text: "server names: camelCase without spaces is the documented advice; servers installed from the MCP gallery are named `<namespace>/<name>`",
				Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration; `mcpPlatformTypes.ts`"},
			{Topic: "shape", Text: "`~` is expanded in `command`, `args` and `cwd`; no shell except for `.bat` and `.cmd` files on Windows",
				Source: "microsoft/vscode `src/vs/workbench/api/node/extHostMcpNode.ts` (0334cc07)"},
			{Topic: "environment", Text: "a stdio server gets VS Code's whole environment, then the variables of `envFile` (a .env file: `KEY=value` or `KEY: value`, `export` prefix, quotes, `#` comments, no expansion), then `env`; a `PATH` in `env` is appended to the inherited `PATH`; an `envFile` VS Code cannot read stops the server from starting",
				Source: "microsoft/vscode `src/vs/workbench/api/node/extHostMcpNode.ts`, `src/vs/base/common/envfile.ts`"},
			{Topic: "files", Text: "the `.mcp.json` at the root of each workspace folder, read whatever `chat.mcp.discovery.enabled` says (its collection `<folder>/.mcp.json`, inheriting workspace trust), in Claude's shape by VS Code's own rules: JSONC (comments, trailing commas); servers under `mcpServers`, or, without that key, every top-level member is an entry; `mcpServers` that is not an object, or a file that does not parse, loses the whole file without a word (no error shown)",
				Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/discovery/workspaceDotMcpDiscovery.ts` (newest stored version; commit not shown by the index) and its test `workspaceDotMcpDiscovery.test.ts` (\"reads wrapped/flat JSONC\", \"removes malformed or deleted roots\"); `src/vs/platform/mcp/common/mcpWorkspaceConfiguration.ts` `parseWorkspaceRootMcpConfiguration` (4931075a)"},
			{Topic: "shape", Text: "an entry of `.mcp.json` or Copilot's `mcp-config.json`: `\"type\": \"stdio\"` or Copilot's `\"local\"`, or a `command` without `type`, is a stdio server (a command wins over a url); `\"http\"`, `\"sse\"` or a `url` without `type` a remote one (streamable HTTP, falling back to SSE); any other `type` (`\"ws\"`, `\"streamable-http\"`), an entry without its command or url, or one that is not an object is dropped without a word; only `type`, `command`, `args`, `env`, `url` and `headers` are read (\"'cwd' is not supported in .mcp.json. Use .vscode/mcp.json.\")",
				Source: "microsoft/vscode `src/vs/platform/agentPlugins/common/pluginParsers.ts` `normalizeMcpServerConfiguration`, `src/vs/platform/mcp/common/mcpCopilotConfiguration.ts` `fromCopilotMcpServerConfiguration` (047238f9), `mcpWorkspaceConfiguration.ts` `getWorkspaceRootMcpConfigurationError` (4931075a)"},
			{Topic: "files", Text: "Copilot's `mcp-config.json` in `$COPILOT_HOME` (else `~/.copilot`), read for the Copilot harness (the agent host) when it is enabled: strict JSON (a comment or trailing comma loses the file), servers under `mcpServers` only, entries as in `.mcp.json` (`\"local\"` is stdio); whether the agent host is on by default, and that it forwards `.vscode/mcp.json`'s servers but those needing `${input:}` (issue 30), is not shown in the code read",
				Source: "microsoft/vscode `src/vs/platform/mcp/common/mcpCopilotGlobalConfiguration.ts` `getCopilotGlobalMcpConfigurationResource`, `parseCopilotGlobalMcpConfiguration` (047238f9); `src/vs/workbench/contrib/mcp/common/mcpCopilotGlobalConfigurationService.ts` (d771ef56)"},
			{Topic: "placeholders", Text: "in `.mcp.json` and Copilot's file, `${VAR}` and `${VAR:-default}` are expanded from the environment with Copilot CLI's rules in `command`, `args`, `env` values, `url` and header values (bare `$VAR` stays literal); that these files' servers go through it is not shown in the code read (mcpconf softens findings that depend on it)",
				Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/mcpEnvironmentVariableExpansion.ts` (1ea38b9d)"},
			{Topic: "precedence", Text: "a name defined in several collections: `chat.mcp.collisionBehavior` `disable` (the default) disables the lower-priority duplicates, `suffix` renames them; the `.mcp.json` collection is ordered right after the workspace folder's (`McpCollectionSortOrder.WorkspaceFolder + 1`), so mcpconf lets `.vscode/mcp.json` win",
				Source: "microsoft/vscode `src/vs/workbench/contrib/chat/browser/chat.contribution.ts` (`chat.mcp.collisionBehavior`), `workspaceDotMcpDiscovery.ts`"},
			{Topic: "not modelled", Text: "`chat.mcp.discovery.enabled` (an object; each source false by default: `claude-desktop`, `windsurf`, `cursor-global`, `cursor-workspace`) adds Claude Desktop's `claude_desktop_config.json`, `~/.codeium/windsurf/mcp_config.json`, `~/.cursor/mcp.json` and `.cursor/mcp.json`, read in Claude's shape (`url` means HTTP); mcpconf reads neither that setting nor these files for VS Code — UNVERIFIED (source only)",
				Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts` `DiscoverySource` (0b37532c), `chat.contribution.ts`, `discovery/nativeMcpDiscoveryAdapters.ts` (cf89be79)"},
			{Topic: "not modelled", Text: "enterprise policies: `chat.mcp.access` (`none`: no server runs; `registry`: only servers installed from the registry; policy `ChatMCP`); `chat.mcp.allowedServers` and `chat.mcp.deniedServers` (policies `ChatAllowedMcpServers`, `ChatDeniedMcpServers`, from managed settings `allowedMcpServers`, `deniedMcpServers`; application scope, hidden from the Settings UI): entries `{\"serverName\"}`, `{\"serverUrl\"}` (`*` wildcards; the host part matched as `fetch` sees it) or `{\"serverCommand\": [command, args…]}` (exactly equal), an entry without exactly one of them ignored; a deny match always blocks, a set allow-list (even `[]`) blocks every server it does not match, an unset one nothing; a URL holding `${…}` is judged again once resolved; `chat.mcp.allowManagedServersOnly` (managed `allowManagedMcpServersOnly`) makes only the policy's allow-list count and every level's deny-lists add up. mcpconf reads none of these — UNVERIFIED (source only)",
				Source: "microsoft/vscode `src/vs/platform/mcp/common/allowedMcpServers.ts` (1ba778b7), `allowedMcpServersService.ts` (0052d689), `chat.contribution.ts`, `src/vs/platform/policy/common/copilotManagedSettings.ts`"},
			{Topic: "files", Text: "VS Code's documentation (25 November 2026) calls `.vscode/mcp.json` a deprecated local configuration and adds the enterprise allow- and deny-policies above; mcpconf still reads it first (the docs page was not read here)",
				Source: "issue 30, citing code.visualstudio.com/docs/copilot/reference/mcp-configuration (25 November 2026)"},
		},
	},
	decode: decodeVSCode,
}

// vscodeCopilotHome is where VS Code looks for Copilot's mcp-config.json:
// $COPILOT_HOME, else ~/.copilot (getCopilotGlobalMcpConfigurationResource).
// Copilot CLI's descriptor may declare the same base; one of them is
// enough.
var vscodeCopilotHome = &Base{Name: "COPILOT_HOME", Var: "COPILOT_HOME", Default: ".copilot"}

// vscodeRootMCP is how VS Code reads a file in Claude's shape (File.Dialect
// of its .mcp.json and Copilot's mcp-config.json): servers under
// "mcpServers" (or, in .mcp.json, at the top level: File.FlatServers),
// each entry by normalizeMcpServerConfiguration: "stdio" (Copilot's
// "local" too) or a command without "type" is a stdio server, "http",
// "sse" or a url without "type" a remote one (streamable HTTP, falling
// back to SSE), any other "type" or an entry without its endpoint is
// dropped. It is no client of its own (not in the clients table).
var vscodeRootMCP = &Client{
	ID:           "vscode",
	Product:      "VS Code",
	ProviderOnly: true,
	// no schema: VS Code drops an entry it cannot read without a word
	// (the mcp-servers schema would call "local" wrong)
	Shape: Shape{
		ServersKey: "mcpServers",
		// what normalizeMcpServerConfiguration keeps of an entry of
		// .mcp.json ("cwd" and "envFile" are "not supported in .mcp.json")
		Fields: []string{"type", "command", "args", "env", "url", "headers"},
		Types:  []TypeLiteral{{"stdio", Stdio}, {"local", Stdio}, {"http", HTTP}, {"sse", HTTP}},
	},
	Expansion: Expansion{
		// mcpEnvironmentVariableExpansion.ts: "${VAR}" and "${VAR:-default}"
		// with Copilot CLI's rules; whether .mcp.json's servers go through
		// it is not shown in the code read (UNVERIFIED)
		Placeholders:           []Syntax{Dollar},
		ExpandFields:           []string{"command", "args", "env", "url", "headers"},
		VarForm:                "${%s}",
		PlaceholdersUnverified: true,
	},
	decode: decodeVSCodeRootMCP,
}

// decodeVSCodeRootMCP is normalizeMcpServerConfiguration
// (src/vs/platform/agentPlugins/common/pluginParsers.ts) after
// fromCopilotMcpServerConfiguration: an entry VS Code drops has no
// transport.
func decodeVSCodeRootMCP(d *decoder) {
	d.common()
	d.s.Cwd = ""         // "'cwd' is not supported in .mcp.json. Use .vscode/mcp.json."
	typ := d.str("type") // a "type" that is not text is no type
	if d.e.Get("type") != nil {
		d.s.TransportExplicit, d.s.Type = true, typ
	}
	switch {
	case typ == "stdio" || typ == "local" || typ == "" && d.s.Command != "":
		if d.s.Command != "" {
			d.s.Transport = Stdio
		}
	case typ == "http" || typ == "sse" || typ == "" && d.s.URL != "":
		if d.s.URL != "" {
			d.s.Transport = HTTP
		}
	}
	if d.s.Transport == NoTransport && d.s.TransportExplicit && d.c.transportOf(typ) != NoTransport {
		// a known "type" without its endpoint: dropped, as an entry
		// with neither
		d.s.TransportExplicit = false
	}
	switch d.s.Transport {
	case Stdio:
		d.s.URL, d.s.Headers = "", nil // a command wins: the url is not read
	case HTTP:
		d.s.Command, d.s.Args, d.s.Env = "", nil, nil
	default: // dropped: nothing of it is used
		d.s.Command, d.s.Args, d.s.Env, d.s.URL, d.s.Headers = "", nil, nil, "", nil
	}
}

// vscodeFiles are the files pisces reads as its vscode provider.
var vscodeFiles = []File{proj(".vscode/mcp.json", JSONC), user(ConfigDir, "Code/User/mcp.json", JSONC)}

func decodeVSCode(d *decoder) {
	d.common()
	d.s.EnvFile = d.str("envFile")
	if !d.typed() {
		if d.e.Get("url") != nil {
			d.s.Transport = HTTP
		} else {
			d.s.Transport = Stdio
		}
	}
	d.s.Auth = d.e.Get("oauth")
}
