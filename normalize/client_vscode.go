package normalize

// vscode is VS Code (GitHub Copilot agent mode).
var vscode = &Client{
	ID:      "vscode",
	Aliases: []string{"vs-code"},
	Product: "VS Code",
	Files:   vscodeFiles,
	Note:    "workspace over user profile; one definition wins whole",
	Pisces:  &Provider{Priority: 20, Files: vscodeFiles},
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
		NamespacedNames: true,
		Inputs:          true,
	},
	Placeholders: []Syntax{Input, EnvColon, Editor},
	VarForm:      "${env:%s}",
	Schema:       "vscode",
	DisableHint:  "VS Code has no per-server switch: remove the server or stop it from the MCP servers list",
	Facts: []Fact{
		{Topic: "files", Text: "workspace `.vscode/mcp.json`; user profile `mcp.json` in the user config dir (`~/.config/Code/User`, `~/Library/Application Support/Code/User`, `%APPDATA%\\Code\\User`); servers under `servers`, with `inputs`",
			Source: "microsoft/vscode `src/vs/workbench/contrib/mcp/common/mcpConfiguration.ts` (0b37532c); code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
		{Topic: "precedence", Text: "user and workspace servers are both listed; which wins for one name is not documented (mcpconf assumes the workspace's) — UNVERIFIED",
			Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
		{Topic: "placeholders", Text: "`${input:id}` (prompted once), `${env:VAR}`, `${workspaceFolder}`, `${userHome}` and the other predefined variables",
			Source: "code.visualstudio.com/docs/copilot/reference/mcp-configuration"},
		{Topic: "shape", Text: "`url` means a remote server (streamable HTTP, falling back to SSE), else stdio; JSONC (comments and trailing commas); the deprecated top-level `mcpServers` is tolerated for stdio servers",
			Source: "microsoft/vscode `src/vs/platform/mcp/common/mcpPlatformTypes.ts` (01272b92)"},
	},
	decode: decodeVSCode,
}

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
