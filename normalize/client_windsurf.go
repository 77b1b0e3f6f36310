package normalize

// windsurf is the Windsurf editor (Codeium, now Cognition).
var windsurf = &Client{
	ID:      "windsurf",
	Product: "Windsurf",
	Layout: Layout{
		Files:  windsurfFiles,
		Schema: "mcp-servers",
		// a near miss seen in real repositories (issue 27)
		Ignored: []IgnoredFile{
			{File: proj(".windsurf/mcp.json", JSON), Key: "mcpServers", Also: mcpServersWrong, Why: "it reads .windsurf/mcp_config.json"},
		},
	},
	Shape: Shape{
		ServersKey:   "mcpServers",
		WrongKeys:    mcpServersWrong,
		Fields:       []string{"type", "command", "args", "env", "serverUrl", "url", "headers", "disabled", "disabledTools"},
		Types:        []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"streamable-http", HTTP}, {"sse", SSE}},
		AltURLKey:    "serverUrl",
		EndpointKeys: []string{"serverUrl", "url"},
		ToolFilters:  [2]string{"", "disabledTools"},
	},
	Expansion: Expansion{
		ExpandFields: []string{"command", "args", "env", "url", "headers"},
		Placeholders: []Syntax{EnvColon},
		VarForm:      "${env:%s}",
	},
	Docs: Docs{
		AddHint: "move them to .windsurf/mcp_config.json for the project, or to ~/.codeium/windsurf/mcp_config.json",
		Note:    "project over user; one definition wins whole",
		Facts: []Fact{
			{Topic: "files", Text: "user `~/.codeium/windsurf/mcp_config.json`; project `.windsurf/mcp_config.json` — UNVERIFIED (third-party tools read it)",
				Source: "docs.windsurf.com/windsurf/cascade/mcp; syllago.dev"},
			{Topic: "not modelled", Text: "what Windsurf does with `${env:VAR}` whose variable is not set — UNVERIFIED: mcpconf shows it sent as written",
				Source: "none: Windsurf's code is not public"},
			{Topic: "placeholders", Text: "`${env:VAR}` in `command`, `args`, `env`, `serverUrl`, `url`, `headers`",
				Source: "docs.windsurf.com/windsurf/cascade/mcp"},
			{Topic: "shape", Text: "`serverUrl` or `url` means a remote server, `command` stdio; `disabled` switches a server off",
				Source: "docs.windsurf.com/windsurf/cascade/mcp"},
			{Topic: "shape", Text: "no rule for server names is documented; the vendors' own install lines use names such as `@21st-dev/magic`",
				Source: "docs.windsurf.com/windsurf/cascade/mcp; 21st-dev/magic-mcp README"},
		},
	},
	decode: decodeWindsurf,
}

var windsurfFiles = []File{proj(".windsurf/mcp_config.json", JSON), user(HomeDir, ".codeium/windsurf/mcp_config.json", JSON)}

func decodeWindsurf(d *decoder) {
	d.common()
	d.s.Cwd = ""
	if u := d.str("serverUrl"); u != "" {
		d.s.URL = u
	}
	if !d.typed() {
		switch {
		case d.s.URL != "" || d.e.Get("serverUrl") != nil || d.e.Get("url") != nil:
			d.s.Transport = HTTP
		default:
			d.s.Transport = Stdio
		}
	}
	if v := d.e.Get("disabled"); v != nil && v.Kind == Bool && v.Bool {
		d.disable("disabled", v)
	}
	d.s.ExcludeTools = d.strs("disabledTools")
}
