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
			user(ConfigDir, "Code/User/mcp.json", JSONC),
			{Scope: User, Base: ConfigDir, Path: "Code/User/settings.json", Format: JSONC, ServersPath: []string{"mcp", "servers"}},
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
		Note:        "workspace over user profile; one definition wins whole",
		DisableHint: "VS Code has no per-server switch: remove the server or stop it from the MCP servers list",
		Facts: []Fact{
			{Topic: "names", Text: "no pattern for server names found: the docs recommend camelCase without spaces, and gallery installs write `<namespace>/<name>` — UNVERIFIED in VS Code's code",
				Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "files", Text: "workspace `.vscode/mcp.json`; user profile `mcp.json` in the user config dir (`~/.config/Code/User`, `~/Library/Application Support/Code/User`, `%APPDATA%\\Code\\User`); servers under `servers`, with `inputs`",
				Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts` (0b37532c); code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
			{Topic: "precedence", Text: "user and workspace servers are both listed; which wins for one name is not documented (mcpconf assumes the workspace's) — UNVERIFIED",
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
		},
	},
	decode: decodeVSCode,
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
