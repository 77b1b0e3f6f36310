package normalize

import "time"

var piscesFields = []string{"type", "command", "args", "env", "cwd", "url", "headers", "enabled", "timeout", "auth", "oauth",
	"enabledTools", "disabledTools", "requestIdFormat", "lazy", "envPolicy", "headerPolicy"}

// piscesFiles are pisces's own files, which it reads as its own provider.
var piscesFiles = []File{
	proj(".pisces/mcp.json", JSON), proj(".pisces/.mcp.json", JSON),
	user(HomeDir, ".pisces/mcp.json", JSON), user(HomeDir, ".pisces/agent/mcp.json", JSON),
}

// mcpServersWrong are the servers keys of the other shapes, which a client
// reading "mcpServers" ignores.
var mcpServersWrong = []string{"servers", "mcp_servers", "context_servers", "mcp"}

// pisces is the pisces coding agent. It reads its own files and every other
// client's (its providers table, Client.Providers) and merges them by
// priority: the union of all providers, deduplicated by
// server name, highest priority first; within a provider local > project >
// user. No public source of pisces exists; every fact matches oh-my-pi
// (can1357/oh-my-pi) with its config directory renamed.
var pisces = &Client{
	ID:      "pisces",
	Product: "pisces",
	Layout: Layout{
		Merge: ByPriority,
		Files: piscesFiles,
		// The providers table, in the order pisces registers its providers
		// (ties keep it); Client nil is pisces itself. Lists are the
		// provider's lists pisces honours, as the first file that sets one.
		Providers: []Provider{
			{Priority: 100, Files: piscesFiles, Lists: []string{"disabledServers", "enabledServers"}},
			{Client: claude, Priority: 80, Files: []File{
				{Scope: Local, Base: HomeDir, Path: ".claude.json", Format: JSON, Section: "projects"},
				proj(".claude/mcp.json", JSON), proj(".claude/.mcp.json", JSON),
				user(HomeDir, ".claude.json", JSON), user(HomeDir, ".claude/mcp.json", JSON),
			}},
			{Client: codex, Priority: 70, Files: []File{proj(".codex/config.toml", TOML), user(codexHome, "config.toml", TOML)}},
			{Client: gemini, Priority: 60, Files: []File{proj(".gemini/settings.json", JSONComments), user(geminiHome, ".gemini/settings.json", JSONComments)},
				Lists: []string{"mcp.allowed", "mcp.excluded"}},
			{Client: opencode, Priority: 55, Files: piscesOpencodeFiles},
			{Client: cursor, Priority: 50, Files: []File{proj(".cursor/mcp.json", JSON), user(HomeDir, ".cursor/mcp.json", JSON)}},
			{Client: windsurf, Priority: 50, Files: windsurfFiles},
			{Client: agentCode, Priority: 45, Files: agentCodeFiles, Lists: []string{"security.mcp_server_allowlist", "security.mcp_server_denylist"}},
			{Client: vscode, Priority: 20, Files: vscodeFiles},
			{Client: mcpJSON, Priority: 5, Files: []File{proj("mcp.json", JSON), proj(".mcp.json", JSON)}},
		},
		Schema: "mcp-servers",
	},
	Gates: Gates{
		KeepsInvalid: true,
		Lists: []List{
			{Path: []string{"disabledServers"}, Effect: HideList, Combine: Union},
			{Path: []string{"enabledServers"}, Effect: UnhideList, Combine: Union},
		},
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
		Note: "pisces reads every provider: this is the merged view",
		Facts: []Fact{
			{Topic: "files", Text: "native files `.pisces/mcp.json`, `.pisces/.mcp.json`, `~/.pisces/mcp.json`, `~/.pisces/agent/mcp.json`; servers under `mcpServers`",
				Source: "oh-my-pi `packages/coding-agent/src/discovery/builtin.ts` (can1357/oh-my-pi adad196f), `.omp` renamed `.pisces`"},
			{Topic: "precedence", Text: "every provider's files are read; one definition per name wins whole by provider priority (pisces 100, claude 80, codex 70, gemini 60, opencode 55, cursor 50, windsurf 50, agent-code 45, vscode 20, mcp-json 5), then local > project > user; a disabled definition still owns its name",
				Source: "oh-my-pi `src/capability/index.ts`, `src/discovery/*.ts`"},
			{Topic: "switches", Text: "`enabled` (also the strings `\"true\"`, `\"false\"`, `\"1\"`, `\"0\"`); file-level `disabledServers` hides a name whichever provider won it; `enabledServers` turns back on a server another tool's file disabled",
				Source: "oh-my-pi `src/mcp/config.ts`"},
			{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in every string at discovery; at connect time an `env` or `headers` value starting with `!` runs through `/bin/sh -c` (10 s, trimmed stdout), a value equal to the name of a set variable is that variable's value; an empty result drops the key",
				Source: "oh-my-pi `src/discovery/helpers.ts`, `src/config/resolve-config-value.ts`"},
			{Topic: "launch", Text: "a stdio server is spawned without a shell (`Bun.spawn([command, ...args])` outside Windows; on Windows through `cmd.exe /d /s /c` only when the command cannot be found on PATH): `~` and `$HOME` in `command` are not expanded, `${HOME}` is (at discovery)",
				Source: "oh-my-pi `src/mcp/transports/stdio.ts` `resolveStdioSpawnCommand`; a real run in issue 27 (`\"command\": \"~/.bun/bin/bunx\"` does not start)"},
			{Topic: "shape", Text: "`type` `stdio` (default), `http`, `sse`; without it `command` means stdio and `url` http; both `command` and `url` is a validation error; `timeout` in milliseconds",
				Source: "oh-my-pi `src/mcp/types.ts`, `src/mcp/config.ts`"},
		},
	},
	decode: decodePisces,
}

func decodePisces(d *decoder) {
	d.common()
	if !d.typed() {
		d.commandOrURL(Stdio)
	}
	d.enabled("enabled", true)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.IncludeTools = d.strs("enabledTools")
	d.s.ExcludeTools = d.strs("disabledTools")
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
		OnBoth:      RejectsEntry,
		LenientBool: true,
		ToolFilters: [2]string{"enabledTools", "disabledTools"},
		ToolGlobs:   true,
		NameChars:   true,
	}
}
