package normalize

import "time"

// codex is the OpenAI Codex CLI (and its IDE extension, which shares the
// config).
var codex = &Client{
	ID:      "codex",
	Product: "Codex",
	Version: "0.169.0",
	Capabilities: Capabilities{Elicitation: true,
		Source: "the initialize request Codex 0.169.0 sends (codex exec, captured by scripts/clientcheck/capabilities.sh): elicitation form and url, an experimental codex/auth-change; no roots, no sampling"},
	Files: []File{
		proj(".codex/config.override.toml", TOML), proj(".codex/config.toml", TOML),
		user(CodexHome, "config.toml", TOML),
	},
	Merge:   KeyByKey,
	Project: RootToStart,
	// Codex's default root markers; project_root_markers in the user config
	// replaces them (an empty list makes the working directory the root).
	RootMarkers:    []string{".git"},
	RootMarkersKey: "project_root_markers",
	Trust: &Trust{
		Kind: TrustTable, Effect: IgnoresProject, PerLayer: true,
		File:  user(CodexHome, "config.toml", TOML),
		Path:  []string{"projects", "<root>", "trust_level"},
		Value: "trusted",
		Ask:   "run codex in the project and trust it when it asks",
	},
	AllOrNothing: true,
	Note:         "project .codex/config.toml merged key by key over the user's config.toml (Codex loads project files only in trusted projects)",
	Pisces:       &Provider{Priority: 70, Files: []File{proj(".codex/config.toml", TOML), user(CodexHome, "config.toml", TOML)}},
	Shape: Shape{
		ServersKey: "mcp_servers",
		WrongKeys:  []string{"mcpServers", "mcp-servers", "servers", "mcp"},
		Fields: []string{"command", "args", "env", "env_vars", "cwd", "url", "bearer_token_env_var", "http_headers", "env_http_headers",
			"bearer_token", "startup_timeout_sec", "startup_timeout_ms", "tool_timeout_sec", "enabled", "required",
			"enabled_tools", "disabled_tools", "supports_parallel_tool_calls", "default_tools_approval_mode", "tools",
			"scopes", "oauth", "oauth_resource", "experimental_environment", "name"},
		Strictness:        RejectsServer,
		OnNeither:         NeitherInvalid,
		NeitherError:      "invalid transport",
		OnBoth:            StdioRejectsURL,
		ToolFilters:       [2]string{"enabled_tools", "disabled_tools"},
		NameChars:         true,
		NameNoDot:         true,
		SecondsFields:     []string{"startup_timeout_sec", "tool_timeout_sec"},
		ToolTimeoutFields: []string{"tool_timeout_sec"},
		MillisFields:      []string{"startup_timeout_ms"},
		TimeoutWins:       map[string]string{"startup_timeout_ms": "startup_timeout_sec"},
		Unsupported: map[string]FieldNote{"bearer_token": {
			Why:  "which Codex does not support: it refuses to load the config",
			Hint: "remove \"bearer_token\", put the token in an environment variable and name it: bearer_token_env_var = %q"}},
		Missing: map[string]string{"type": "Codex has no \"type\": \"command\" makes a stdio server, \"url\" a streamable HTTP one"},
	},
	// create_env_for_mcp_server: the process is started with env_clear(),
	// then these (when set), the env_vars names, and env.
	ChildEnv: ChildEnv{
		Keep: []string{"HOME", "LOGNAME", "PATH", "SHELL", "USER", "__CF_USER_TEXT_ENCODING", "LANG", "LC_ALL", "TERM", "TMPDIR", "TZ"},
		KeepWindows: []string{"PATH", "PATHEXT", "SHELL", "COMSPEC", "SYSTEMROOT", "SYSTEMDRIVE", "USERNAME", "USERDOMAIN", "USERPROFILE",
			"HOMEDRIVE", "HOMEPATH", "PROGRAMFILES", "PROGRAMFILES(X86)", "PROGRAMW6432", "PROGRAMDATA", "LOCALAPPDATA", "APPDATA",
			"TEMP", "TMP", "TMPDIR", "POWERSHELL", "PWSH"},
		Hint: "name the variables the server needs in \"env_vars\"",
	},
	// DEFAULT_STARTUP_TIMEOUT in codex-rs mcp_connection_manager.rs: start,
	// initialize and the first tools/list.
	StartupTimeout: 10 * time.Second,
	VarsByName:     true,
	NoShell:        true,
	NoSSE:          true,
	NameFields:     []string{"env_vars", "bearer_token_env_var", "env_http_headers"},
	ToolNames:      codexScheme,
	Schema:         "codex",
	Facts: []Fact{
		{Topic: "files", Text: "user `$CODEX_HOME/config.toml` (`CODEX_HOME` replaces `~/.codex`); project `.codex/config.toml` (and `.codex/config.override.toml`) in every directory from the project root down to the working directory. The root is the nearest directory holding a root marker (`.git`; `project_root_markers` in the user config replaces the list), else the working directory — parent directories are then never read",
			Source: "Codex 0.169.0: testdata/clients/codex-home, codex-layers-*, codex-nogit-*, codex-root-markers-*; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137)"},
		{Topic: "merge", Text: "layers fold key by key: tables merge, scalars and arrays replace, so a project `[mcp_servers.x]` holding only `enabled = false` turns off the user's `x`, and `args` replaces the user's array",
			Source: "Codex 0.169.0: testdata/clients/codex-patch-enabled, codex-patch-args, codex-nested-trust-gitroot"},
		{Topic: "switches", Text: "a project layer loads only when trusted: `[projects.\"<dir>\"] trust_level = \"trusted\"` in the user config for that layer's own directory or for the project root; untrusted layers are ignored without a word",
			Source: "Codex 0.169.0: testdata/clients/codex-untrusted*, codex-layers-trust-cwd, codex-layers-trust-mid; `ProjectTrustContext::decision_for_dir`"},
		{Topic: "switches", Text: "one table with neither `command` nor `url` (\"invalid transport\"), or with both, in a loaded layer makes Codex refuse the whole config: no server starts; a patch of a server no layer defines is such a table",
			Source: "Codex 0.169.0: testdata/clients/codex-invalid-*, codex-command-and-url, codex-nested-trust-cwd"},
		{Topic: "placeholders", Text: "none: TOML values are literal; variables are read by name in `env_vars`, `bearer_token_env_var`, `env_http_headers`",
			Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (00b17c26)"},
		{Topic: "shape", Text: "no `type`: `command` means stdio, `url` streamable HTTP (even when it ends in `/sse`: Codex has no SSE client); `bearer_token` is refused; stdio-only fields on a URL server (and the reverse) reject the server; `startup_timeout_sec` (seconds) wins over `startup_timeout_ms`",
			Source: "openai/codex `codex-rs/config/src/mcp_types.rs`; Codex 0.169.0: testdata/clients/codex-urls"},
		{Topic: "shape", Text: "server names must match `^[a-zA-Z0-9_-]+$`",
			Source: "openai/codex `validate_mcp_server_name` (codex-rs MCP connection manager)"},
		{Topic: "shape", Text: "a stdio server starts without a shell and with a cleared environment: `~` and `$HOME` are not expanded",
			Source: "openai/codex `codex-rs/rmcp-client/src/stdio_server_launcher.rs` (0451186b); testdata/clients/nosh"},
		{Topic: "shape", Text: "a server has 10 s to start, answer `initialize` and list its tools unless `startup_timeout_sec` says otherwise",
			Source: "openai/codex `codex-rs/core/src/mcp_connection_manager.rs` `DEFAULT_STARTUP_TIMEOUT`"},
		{Topic: "shape", Text: "`tool_timeout_sec` bounds one tool call, not the start (default 60 s: \"timed out awaiting tools/call after 60s\"); servers that run agents set tens of minutes (`tool_timeout_sec = 2160` in published configs), so timeout-units judges it apart from `startup_timeout_sec`",
			Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (`tool_timeout_sec`); the error text as users report it (leonardsellem/codex-specialized-subagents `docs/troubleshooting.md`)"},
		{Topic: "environment", Text: "a stdio server inherits only `HOME`, `LOGNAME`, `PATH`, `SHELL`, `USER`, `LANG`, `LC_ALL`, `TERM`, `TMPDIR`, `TZ` (on Windows `PATH`, `PATHEXT`, `SYSTEMROOT`, `USERPROFILE`, `APPDATA` and a few more) and the variables named in `env_vars`; `env` is set on top. A token exported in the shell reaches the server only through `env_vars`",
			Source: "openai/codex `codex-rs/rmcp-client/src/utils.rs` `create_env_for_mcp_server`, `DEFAULT_ENV_VARS`; `codex-rs/protocol/src/shell_environment.rs` `WINDOWS_CORE_ENV_VARS` (code only: `codex mcp list` starts no server)"},
	},

	decode: decodeCodex,
}

// decodeCodex reads [mcp_servers.NAME] as codex-rs RawMcpServerConfig does.
func decodeCodex(d *decoder) {
	d.common()
	d.s.Headers = d.strMap("http_headers")
	for _, it := range d.arr("env_vars") {
		switch it.Kind {
		case String:
			d.s.EnvVars = append(d.s.EnvVars, it.Str)
		case Object:
			if n := it.Get("name"); n != nil && n.Kind == String {
				d.s.EnvVars = append(d.s.EnvVars, n.Str)
			}
		}
	}
	refs := d.strMap("env_http_headers")
	if v := d.str("bearer_token_env_var"); v != "" {
		d.s.BearerTokenEnvVar = v
		if refs == nil {
			refs = map[string]string{}
		}
		refs["Authorization"] = v
	}
	d.s.HeaderEnvRefs = refs
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = HTTP
	}
	d.enabled("enabled", false)
	if v := d.e.Get("required"); v != nil && v.Kind == Bool {
		d.s.Required = v.Bool
	}
	// startup_timeout_sec wins over startup_timeout_ms, as in Codex.
	if t, ok := d.duration("startup_timeout_sec", time.Second); ok {
		d.s.StartupTimeout = t
	} else if t, ok := d.duration("startup_timeout_ms", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	if t, ok := d.duration("tool_timeout_sec", time.Second); ok {
		d.s.ToolTimeout = t
	}
	d.s.IncludeTools = d.strs("enabled_tools")
	d.s.ExcludeTools = d.strs("disabled_tools")
	d.s.Auth = d.e.Get("oauth")
}
