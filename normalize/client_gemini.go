package normalize

import "time"

// gemini is Gemini CLI.
var gemini = &Client{
	ID:      "gemini",
	Aliases: []string{"gemini-cli"},
	Product: "Gemini CLI",
	Files:   []File{proj(".gemini/settings.json", JSONComments), user(GeminiHome, ".gemini/settings.json", JSONComments)},
	Note:    "workspace settings over user settings; a server is replaced whole (Gemini CLI loads workspace settings only in trusted folders)",
	Pisces:  &Provider{Priority: 60, Files: []File{proj(".gemini/settings.json", JSONComments), user(GeminiHome, ".gemini/settings.json", JSONComments)}},
	Lists: []List{
		// A server must be allowed by every file that sets mcp.allowed;
		// mcp.excluded adds up. Names compare case-insensitively, and a
		// workspace's lists count only in a trusted folder.
		{Path: []string{"mcp", "allowed"}, Effect: AllowList, Combine: Intersect, Fold: true, Trusted: true, Pisces: true},
		{Path: []string{"mcp", "excluded"}, Effect: DenyList, Combine: Union, Fold: true, Trusted: true, Pisces: true},
		// gemini mcp disable|enable writes this file.
		{File: &geminiEnablement, Effect: HideList, Switches: true, Fold: true, Combine: Union},
	},
	Project:         AtStart,
	NoProjectInHome: true,
	Trust: &Trust{
		Kind:           TrustFolders,
		Effect:         DisablesAll,
		File:           File{Scope: User, Base: GeminiHome, Path: ".gemini/trustedFolders.json", Format: JSONComments},
		Env:            "GEMINI_CLI_TRUST_WORKSPACE",
		Enabled:        []string{"security", "folderTrust", "enabled"},
		EnabledDefault: true,
	},
	Shape: Shape{
		ServersKey: "mcpServers",
		WrongKeys:  []string{"servers", "mcp_servers", "context_servers"},
		Fields: []string{"command", "args", "env", "cwd", "url", "httpUrl", "type", "headers", "tcp", "timeout", "trust", "description",
			"includeTools", "excludeTools", "oauth", "authProviderType", "targetAudience", "targetServiceAccount"},
		TimeoutUnit:        time.Millisecond,
		Types:              []TypeLiteral{{"http", HTTP}, {"sse", SSE}},
		UnknownTypeIgnored: true,
		OnNeither:          NeitherUnreachable,
		AltURLKey:          "httpUrl",
		EndpointKeys:       []string{"url", "httpUrl"},
		ToolFilters:        [2]string{"includeTools", "excludeTools"},
		ToolArgsInAllow:    true,
	},
	// Percent is expanded on Windows only, at connect time, in env and
	// headers.
	Placeholders:       []Syntax{Dollar, Bare, Percent},
	VarForm:            "$%s",
	ExpandsEveryString: true,
	EmptyUnset:         true,
	ToolNames:          geminiScheme,
	Schema:             "gemini",
	DisableHint:        "Gemini CLI has no per-server switch: list the server in \"mcp.excluded\" or run gemini mcp disable",
	Facts: []Fact{
		{Topic: "files", Text: "user `~/.gemini/settings.json` (`~` is `$GEMINI_CLI_HOME` when set); workspace `<project>/.gemini/settings.json`, ignored unless the folder is trusted; system `/etc/gemini-cli/settings.json`",
			Source: "google-gemini/gemini-cli `packages/cli/src/config/settings.ts` (5411f113)"},
		{Topic: "precedence", Text: "workspace over user; `mcpServers` merge by name and a higher entry replaces the whole server",
			Source: "gemini-cli `settingsSchema.ts` (SHALLOW_MERGE); Gemini CLI 0.61 (`gemini mcp list`)"},
		{Topic: "switches", Text: "`mcp.excluded` blocks a name; a non-empty `mcp.allowed` blocks every other name",
			Source: "gemini-cli `docs/tools/mcp-server.md`; Gemini CLI 0.61"},
		{Topic: "placeholders", Text: "`$VAR`, `${VAR}`, `${VAR:-default}` in every string of the file at load (unset without default stays literal); `env` and `headers` again at connect time (unset becomes empty; `%VAR%` on Windows)",
			Source: "gemini-cli `packages/cli/src/utils/envVarResolver.ts`, `packages/core/src/utils/envExpansion.ts`"},
		{Topic: "shape", Text: "`httpUrl` means streamable HTTP; `url` with `type` `http` or `sse`, or without type streamable HTTP falling back to SSE; else `command` means stdio; network keys are checked before `command`; `timeout` in milliseconds; comments allowed, trailing commas not",
			Source: "gemini-cli `packages/core/src/tools/mcp-client.ts` `createTransport`"},
	},
	decode: decodeGemini,
}

// decodeGemini follows createTransport in gemini-cli: network fields are
// checked before command, httpUrl before url.
func decodeGemini(d *decoder) {
	d.common()
	if t := d.e.Get("type"); t != nil {
		d.s.TransportExplicit = true
		if t.Kind == String {
			d.s.Type = t.Str
		}
	}
	switch {
	case d.str("httpUrl") != "" || d.e.Get("httpUrl") != nil:
		d.s.URL = d.str("httpUrl")
		d.s.Transport = HTTP
	case d.e.Get("url") != nil:
		switch d.s.Type {
		case "sse":
			d.s.Transport = SSE
		case "http", "":
			d.s.Transport = HTTP
		default:
			d.s.Transport = NoTransport
		}
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	}
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout, d.s.ToolTimeout = t, t
	}
	d.s.IncludeTools = d.strs("includeTools")
	d.s.ExcludeTools = d.strs("excludeTools")
	d.s.Auth = d.e.Get("oauth")
}

var geminiEnablement = File{Scope: User, Base: GeminiHome, Path: ".gemini/mcp-server-enablement.json", Format: JSON}
