package normalize

// cursor is the Cursor editor.
var cursor = &Client{
	ID:      "cursor",
	Product: "Cursor",
	Layout: Layout{
		Files:  []File{proj(".cursor/mcp.json", JSON), user(HomeDir, ".cursor/mcp.json", JSON)},
		Schema: "mcp-servers",
	},
	Gates: Gates{
		// Cursor 3: a project's servers start only once the user approves
		// them; the approvals live in Cursor's own storage (Cursor CLI's,
		// by a third party's account, in
		// ~/.cursor/projects/<slug>/mcp-approvals.json), which mcpconf
		// does not read: every project server is pending.
		Approval: &Approval{Scope: Project,
			Ask: "open the project in Cursor and switch the server on under Customize → MCPs; Cursor CLI has its own approvals: run `cursor-agent --approve-mcps`, or approve it in `cursor-agent mcp list`"},
	},
	Shape: Shape{
		ServersKey: "mcpServers",
		WrongKeys:  mcpServersWrong,
		Fields:     []string{"type", "command", "args", "env", "envFile", "url", "headers", "auth"},
		Types:      []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"sse", SSE}},
		FieldKeys:  map[string]string{"env_file": "envFile"},
	},
	Expansion: Expansion{
		ExpandFields: []string{"command", "args", "env", "url", "headers"},
		Placeholders: []Syntax{EnvColon, Editor},
		VarForm:      "${env:%s}",
	},
	Docs: Docs{
		Note:        "project over global; one definition wins whole",
		DisableHint: "Cursor has no per-server switch: remove the server or turn it off in Cursor's MCP settings",
		Facts: []Fact{
			{Topic: "names", Text: "no rule for server names documented — UNVERIFIED (Cursor's code is not public)",
				Source: "cursor.com/docs/mcp"},
			{Topic: "not modelled", Text: "what Cursor does with `${env:VAR}` whose variable is not set — UNVERIFIED: mcpconf shows it sent as written (VS Code, which Cursor derives from, substitutes an empty string; Cursor's MCP code is its own)",
				Source: "none: Cursor's code is not public"},
			{Topic: "files", Text: "project `.cursor/mcp.json`, global `~/.cursor/mcp.json` (`%USERPROFILE%\\.cursor\\mcp.json` on Windows), servers under `mcpServers`",
				Source: "cursor.com/docs/mcp"},
			{Topic: "precedence", Text: "both files are merged; for a name in both, the project's definition wins",
				Source: "cursor.com/help/customization/mcp (read 29 November 2026)"},
			{Topic: "approval", Text: "Cursor 3 starts a server of the project's `.cursor/mcp.json` only once you approve it (Customize → MCPs); until then mcpconf shows it pending and the global file's server of that name in its place (that it yields its name is mcpconf's assumption — UNVERIFIED); where Cursor keeps the approvals is not documented, so mcpconf reads none and every project server is pending",
				Source: "issue 30, from cursor.com/docs/mcp (Cursor 3; that page not read here, so UNVERIFIED)"},
			{Topic: "Cursor CLI", Text: "Cursor CLI (`cursor-agent`, also `agent`) reads the same files (\"MCP in the CLI uses the same configuration as the editor\") with approvals of its own: `--approve-mcps` approves the project's servers for a run, `cursor-agent mcp list` / `mcp enable NAME` manage them; a third party reports they are kept in `~/.cursor/projects/<slug>/mcp-approvals.json` — UNVERIFIED",
				Source: "cursor.com/docs/cli/mcp (read 29 November 2026); openabdev/openab d461e4f `docs/cursor.md` (the approvals file)"},
			{Topic: "placeholders", Text: "`${env:NAME}`, `${userHome}`, `${workspaceFolder}` in `command`, `args`, `env`, `url`, `headers`; `${VAR}` is not Cursor syntax",
				Source: "cursor.com/docs/mcp, quoted by zuplo.com/docs/mcp-gateway/connect-clients/cursor"},
			{Topic: "shape", Text: "`command` means stdio, `url` a remote server (streamable HTTP or SSE); optional `type`",
				Source: "cursor.com/docs/mcp"},
			{Topic: "environment", Text: "`envFile` names a .env file for a stdio server; how Cursor reads it (order against `env`, placeholders in the path, an unreadable file) is UNVERIFIED, so `probe` does not load it and says so",
				Source: "forum.cursor.com/t/what-are-the-capabilities-of-mcp-json/63130"},
		},
	},
	decode: decodeCursor,
}

func decodeCursor(d *decoder) {
	d.common()
	d.s.Cwd = ""
	d.s.EnvFile = d.str("envFile")
	if !d.typed() {
		d.commandOrURL(Stdio)
	}
	d.s.Auth = d.e.Get("auth")
}
