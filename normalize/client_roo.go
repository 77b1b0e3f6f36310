package normalize

import "time"

// roo is Roo Code, a VS Code extension (RooCodeInc/Roo-Code). Everything
// here was read in its source at cb836567 (2026-04-14): McpHub.ts for the
// files, the zod schema and the launch; src/utils/config.ts for the
// placeholders; the MCP TypeScript SDK 1.12.0 it pins for the child
// environment.
var roo = &Client{
	ID:      "roo",
	Aliases: []string{"roo-code", "roocode"},
	Product: "Roo Code",
	Layout: Layout{
		Files: []File{
			proj(".roo/mcp.json", JSON),
			user(ConfigDir, "Code/User/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json", JSON),
		},
		Schema: "roo",
	},
	Shape: rooShape(),
	Expansion: Expansion{
		// ${workspaceFolder} is the first workspace folder; ${userHome} and
		// the other editor variables are not expanded (they stay literal)
		Placeholders: []Syntax{EnvColon, Editor},
		EditorVars:   []string{"workspaceFolder"},
		VarForm:      "${env:%s}",
		Unset:        []UnsetRule{{Does: UnsetLiteral, Source: "`src/utils/config.ts`:40-65"}},
	},
	Launch: rooLaunch(),
	Docs: Docs{
		Note:        "project over global, one definition wins whole; a disabled project entry leaves the name to the global one",
		DisableHint: `set "disabled": true on the server`,
		Facts: []Fact{
			{Topic: "files", Text: "project `.roo/mcp.json` (of the workspace folder of the active editor), global `mcp_settings.json` in the extension's storage, `settings/` under `globalStorage/rooveterinaryinc.roo-cline` of VS Code's user directory (or `roo-cline.customStoragePath`); servers under `mcpServers`; strict JSON (`JSON.parse`)",
				Source: "RooCodeInc/Roo-Code cb836567 `src/services/mcp/McpHub.ts`:487-605, `src/utils/storage.ts`; the per-OS prefix of VS Code's user directory is VS Code's, not in Roo's source"},
			{Topic: "precedence", Text: "both files' servers are started; for the model, a project server replaces a global one of the same name whole; a disabled project server is dropped first, so the global one is used",
				Source: "McpHub.ts:453-471 (getServers)"},
			{Topic: "shape", Text: "`type` is `stdio`, `sse` or `streamable-http` (`http` is rejected); `command` means stdio, a `url` without `type` is read as SSE; `command` with `url`, or fields of the other transport, make the entry invalid; `timeout` in seconds (1 to 3600, default 60) bounds tool calls; unknown keys are dropped",
				Source: "McpHub.ts:66-148 (zod schema), checked with zod 3.25.76"},
			{Topic: "shape", Text: "one invalid entry in `.roo/mcp.json` stops every project server (the global file skips the bad entry only); mcpconf judges each entry on its own — UNMODELLED",
				Source: "McpHub.ts:557-577"},
			{Topic: "placeholders", Text: "`${env:NAME}` (NAME of letters, digits and `_`) and `${workspaceFolder}` (the first folder) in every string, after the schema check (so not in a URL's host or port); an unset variable stays literal",
				Source: "`src/utils/config.ts`:40-65, McpHub.ts:700-704"},
			{Topic: "environment", Text: "a stdio server gets only `HOME`, `LOGNAME`, `PATH`, `SHELL`, `TERM`, `USER` (Windows: `APPDATA`, `PATH`, `USERPROFILE`, `SYSTEMROOT`, `TEMP` and a few more) and its `env`; no shell except `cmd.exe /c` on Windows; `~` is not expanded; `cwd` defaults to the first workspace folder",
				Source: "McpHub.ts:706-758; @modelcontextprotocol/sdk 1.12.0 `src/client/stdio.ts`:45-131"},
			{Topic: "switches", Text: "no approval or trust prompt for project servers; the `mcpEnabled` setting (default on) and a server's `disabled`; `disabledTools` hides tools; `alwaysAllow` auto-approves only with `alwaysAllowMcp` on",
				Source: "McpHub.ts:646-682, `src/core/auto-approval/mcp.ts`"},
		},
	},
	decode: decodeRoo,
}

func decodeRoo(d *decoder) {
	d.common()
	if !d.typed() {
		// the zod union tries stdio first, then sse: a url without type
		// is SSE
		switch {
		case d.e.Get("command") != nil:
			d.s.Transport = Stdio
		case d.e.Get("url") != nil:
			d.s.Transport = SSE
		default:
			d.s.Transport = Stdio
		}
	}
	if t, ok := d.duration("timeout", time.Second); ok {
		d.s.ToolTimeout = t
	}
	if v := d.e.Get("disabled"); v != nil && v.Kind == Bool && v.Bool {
		d.disable("disabled", v)
		// Roo drops disabled servers before it picks one per name.
		d.s.Off.Yields = true
	}
	d.s.ExcludeTools = d.strs("disabledTools")
}

// rooShape is how Roo Code reads an entry (McpHub.ts's zod schema); Cline,
// whose format Roo's descends from, builds on it (clineShape).
func rooShape() Shape {
	return Shape{
		ServersKey: "mcpServers",
		WrongKeys:  mcpServersWrong,
		Fields:     []string{"type", "command", "args", "cwd", "env", "url", "headers", "disabled", "timeout", "alwaysAllow", "watchPaths", "disabledTools"},
		// timeout (1 to 3600, default 60) bounds tool calls only
		TimeoutUnit:       time.Second,
		SecondsFields:     []string{"timeout"},
		ToolTimeoutFields: []string{"timeout"},
		Timeouts:          []TimeoutField{{Key: "timeout", Unit: time.Second, Bounds: BoundsCall, Min: time.Second, Max: time.Hour}},
		Types:             []TypeLiteral{{"stdio", Stdio}, {"sse", SSE}, {"streamable-http", HTTP}},
		OnNeither:         NeitherInvalid,
		NeitherError: "Server configuration must have either a command (for stdio) or a url (for sse or streamable-http) " +
			"and a corresponding transport type",
		OnBoth:      RejectsEntry,
		Strictness:  RejectsServer,
		ToolFilters: [2]string{"", "disabledTools"},
	}
}

// rooLaunch is how Roo Code starts a stdio server: the MCP SDK's
// StdioClientTransport, its default environment and the entry's env, no
// shell.
func rooLaunch() Launch {
	return Launch{
		// StdioClientTransport's getDefaultEnvironment, then env
		ChildEnv: ChildEnv{
			Keep:        []string{"HOME", "LOGNAME", "PATH", "SHELL", "TERM", "USER"},
			KeepWindows: []string{"APPDATA", "HOMEDRIVE", "HOMEPATH", "LOCALAPPDATA", "PATH", "PROCESSOR_ARCHITECTURE", "SYSTEMDRIVE", "SYSTEMROOT", "TEMP", "USERNAME", "USERPROFILE"},
			Hint:        `pass the variables the server needs in its "env" ("GITHUB_TOKEN": "${env:GITHUB_TOKEN}")`,
		},
		NoShell: true,
	}
}
