package normalize

// Codex's loading path, from `codex` starting to the list `codex mcp list`
// prints: the errors it raises and the settings it reads (issue 28 item 2).
// Codex is a Rust binary: there is no branch coverage to measure, so each
// message and setting is listed from codex-rs (the stored sources named, and
// for what is newer than them the 0.169.0 and 0.171.0 binaries, `strings`,
// and runs of `codex mcp list --json`), with the case or the grammar rule
// (scripts/clientcheck/gen.py) that triggers it.

const (
	cxTypes   = "`codex-rs/config/src/mcp_types.rs` `RawMcpServerConfig` (serde)"
	cxConv    = "`codex-rs/config/src/mcp_types.rs` `TryFrom<RawMcpServerConfig>`"
	cxNewer   = "`codex-rs/config/src/mcp_types.rs`, newer than the stored source (00b17c26): the 0.169.0 and 0.171.0 binaries"
	cxLoader  = "`codex-rs/config/src/loader/mod.rs`"
	cxToml    = "`codex-rs/config/src/config_toml.rs` `ConfigToml`"
	cxReq     = "`codex-rs/config/src/mcp_requirements.rs`"
	cxRmcp    = "`codex-rs/codex-mcp/src/rmcp_client.rs`"
	cxGen     = "gen.py `codex_server`"
	cxChecked = "gen.py `codex_checked`"
	cxExtras  = "gen.py `codex_extras`"
	cxNoList  = "decides nothing `codex mcp list` shows (login, tool calls, the model): mcpconf checks its type only"
)

var codexCoverage = []Covered{
	// files and layers
	{Message: "failed to load bootstrap configuration: PATH:LINE:COL: … (a user, system, managed or profile file that does not parse)", Source: cxLoader, Modelled: true, By: "gen-codex-6841765d; gen.py `gen_codex` (a broken tail)"},
	{Message: "Error parsing project config file PATH: TOML parse error at line L, column C: … (a trusted project layer)", Source: cxLoader, Modelled: true, By: "codex-project-syntax-trusted; gen.py `gen_codex` (a broken tail)",
		Why: "the parser's own words differ (TestCodexRefusalWords lists it)"},
	{Message: "Failed to read config file PATH: … (a directory, a link it may not follow)", Source: cxLoader, Modelled: true,
		Why: "not reached: discover's tests only (TestCodexRefusesWholeConfig); a case would need a file the run cannot read"},
	{Message: "failed to resolve CODEX_HOME: CODEX_HOME points to \"…\", but that path does not exist", Source: "`codex-rs/utils/home-dir`", Modelled: true, By: "codex-home-missing; gen.py `gen_codex` (CODEX_HOME)"},
	{Message: "failed to resolve CODEX_HOME: CODEX_HOME points to \"…\", but that path is not a directory", Source: "`codex-rs/utils/home-dir`", Modelled: true,
		Why: "not reached: discover's tests only"},
	{Message: "invalid --profile value `…`; pass a plain name such as `work`", Source: "`codex-rs/cli`", Modelled: true, By: "codex-profile-bad-name; gen.py `gen_codex` (profile `p q`)"},
	{Message: "--profile `…` cannot be used while … contains legacy `profile = \"…\"` or `[profiles.…]` config; …", Source: cxLoader, Modelled: true, By: "codex-profile-conflict; gen.py `gen_codex`",
		Why: "mcpconf names the files as it shows them (TestCodexRefusalWords lists it)"},
	{Message: "legacy `profile = \"…\"` config is no longer supported; use `--profile …` with `….config.toml` instead", Source: cxLoader, Modelled: true, By: "codex-legacy-profile, codex-system-legacy-profile; gen.py `gen_codex`"},
	{Message: "Ignored unsupported project-local config keys in …: … (a warning)", Source: cxLoader, Modelled: true, By: "codex-profile-project-stripped"},
	{Message: "failed to parse requirements layer PATH: TOML parse error …", Source: cxReq, Modelled: true, By: "codex-requirements-syntax; gen.py `gen_codex` (requirements)"},
	{Message: "requirements (PATH) (a server's disabled_reason)", Source: cxReq, Modelled: true, By: "codex-requirements, codex-requirements-empty; gen.py `gen_codex`"},
	// trust
	{Message: "unknown variant `…`, expected `trusted` or `untrusted` in `projects.….trust_level`", Source: cxToml + " `ProjectConfig`", Modelled: true, By: "codex-trust-level-invalid; gen.py `TRUST_LEVELS`",
		Why: "Codex prints it twice, numbered (TestCodexRefusalWords lists it)"},
	{Message: "invalid type: …, expected struct ProjectConfig in `projects.…`", Source: cxToml, Modelled: true, Why: "not reached: discover's tests only"},
	{Message: "invalid type: …, expected a sequence in `project_root_markers`", Source: cxLoader, Modelled: true, Why: "not reached: the grammar writes lists only"},
	// server entries: types
	{Message: "invalid type: …, expected struct RawMcpServerConfig in `mcp_servers.NAME`", Source: cxTypes, Modelled: true, By: "codex-server-not-table"},
	{Message: "invalid type: …, expected a sequence / a map / a boolean / f64 / u64 / a string in `mcp_servers.NAME.FIELD`", Source: cxTypes, Modelled: true, By: "codex-field-type; " + cxGen + ", " + cxExtras},
	{Message: "unknown variant `…`, expected one of `auto`, `prompt`, `writes`, `approve` (default_tools_approval_mode, tools.T.approval_mode)", Source: cxTypes, Modelled: true, By: cxExtras},
	{Message: "unknown variant `…`, expected one of `oauth`, `chatgpt`, `ema_auth` (auth)", Source: cxNewer, Modelled: true, Why: "not reached: the grammar writes the three values only"},
	{Message: "unknown variant `…`, expected `connection` or `catalog` (startup_readiness)", Source: cxNewer, Modelled: true, By: cxExtras},
	{Message: "unknown variant `…`, expected one of `code_mode`, `deferred`, `direct` (omit_tools_from)", Source: cxNewer, Modelled: true, By: "codex-omit-tools-enum; " + cxChecked},
	{Message: "unknown variant `…`, expected `client_secret_basic` or `client_secret_post` (oauth.token_endpoint_auth_method)", Source: cxNewer, Modelled: true, By: "gen.py `codex_oauth`"},
	{Message: "invalid type: …, expected u16 / invalid value: integer `…`, expected u16 (oauth.callback_port)", Source: cxNewer, Modelled: true, By: "codex-oauth-callback-port; " + cxChecked},
	{Message: "invalid value: integer `…`, expected a nonzero usize (tool_input_schema_max_bytes)", Source: cxNewer, Modelled: true, By: cxExtras},
	{Message: "invalid value: integer `…`, expected u64 (startup_timeout_ms)", Source: cxTypes, Modelled: true, By: cxExtras},
	{Message: "data did not match any variant of untagged enum McpServerEnvVar", Source: cxTypes, Modelled: true, Why: "not reached: the grammar writes names and {name, source} only"},
	// server entries: the conversion
	{Message: "cannot convert float seconds to Duration: value is negative in `mcp_servers.NAME`", Source: cxConv, Modelled: true, By: "codex-timeout-negative"},
	{Message: "cannot convert float seconds to Duration: value is either too big or NaN", Source: cxConv, Modelled: true, Why: "not reached: discover's tests only (nan, inf)"},
	{Message: "FIELD is not supported for stdio (url, bearer_token_env_var, bearer_token, http_headers_helper, http_headers, env_http_headers, oauth, oauth_resource, auth, in this order)", Source: cxConv, Modelled: true,
		By: "codex-command-and-url; " + cxGen},
	{Message: "FIELD is not supported for streamable_http (args, env, env_vars, cwd, bearer_token, in this order)", Source: cxConv, Modelled: true, By: "codex-url-args, codex-url-args-project; " + cxGen},
	{Message: "unsupported env_vars source `…`; expected `local` or `remote`", Source: cxConv, Modelled: true, By: cxExtras,
		Why: "mcpconf judges it with the types, Codex after the transport: with a transport mistake too, the other is named"},
	{Message: "invalid transport in `mcp_servers.NAME`", Source: cxConv, Modelled: true, By: "codex-invalid-user, codex-invalid-project; " + cxGen},
	{Message: "http_headers_helper must not be empty", Source: cxNewer, Modelled: true, By: "codex-helper-empty; " + cxChecked},
	{Message: "http_headers_helper is only supported for local MCP servers", Source: cxNewer, Modelled: true, By: "codex-helper-remote; " + cxChecked},
	{Message: "oauth.client_secret must not be empty", Source: cxNewer, Modelled: true, By: "codex-oauth-secret-empty; " + cxChecked},
	{Message: "oauth.client_secret requires oauth.client_id", Source: cxNewer, Modelled: true, By: "codex-oauth-secret-no-id; " + cxChecked},
	{Message: "oauth.token_endpoint_auth_method requires auth = \"ema_auth\"", Source: cxNewer, Modelled: true, By: "codex-oauth-method-no-ema; " + cxChecked},
	{Message: "oauth.token_endpoint_auth_method requires oauth.client_secret", Source: cxNewer, Modelled: true, By: "codex-oauth-method-no-secret; " + cxChecked},
	{Message: "oauth.authorization_server_issuer requires auth = \"ema_auth\"", Source: cxNewer, Modelled: true, By: "codex-oauth-issuer-no-ema; " + cxChecked},
	// servers listed but not started
	{Message: "Invalid MCP server name '…': must match pattern ^[a-zA-Z0-9_:@/.-]+$ (when it starts)", Source: cxRmcp, Modelled: true, By: "codex-name-chars"},
	{Message: "Environment variable … for MCP server '…' is not set / is empty (when it starts)", Source: cxRmcp, Modelled: true,
		Why: "not reached: starting a server takes `codex exec` and a model; read, not run"},
	{Message: "`auth = \"ema_auth\"`: the server is listed disabled (`auth_status: unsupported`)", Source: cxNewer, Modelled: false,
		Why: "seen with 0.169.0 and 0.171.0 (`codex mcp list --json`), not modelled: mcpconf says enabled; the grammar writes it only beside a mistake that refuses the config"},
	{Message: "a wrong type in any other setting (`model = 1`, `mcp_enterprise_managed_auth = true`: expected struct McpEnterpriseManagedAuthConfig)", Source: cxToml, Modelled: false,
		Why: "Codex has hundreds of settings that change with each release; mcpconf's schema describes the servers and the settings that decide which files load"},

	// settings read on the path
	{Key: "CODEX_HOME (environment)", Source: cxLoader, Modelled: true, By: "codex-home, codex-home-missing; gen.py `gen_codex`"},
	{Key: "--profile NAME (flag), NAME.config.toml", Source: cxLoader, Modelled: true, By: "codex-profile, codex-profile-missing; gen.py `gen_codex`"},
	{Key: "project_root_markers", Source: cxLoader, Modelled: true, By: "codex-root-markers-empty, codex-root-markers-hg; gen.py `gen_codex`"},
	{Key: "projects.PATH.trust_level", Source: cxLoader + " `ProjectTrustContext`", Modelled: true, By: "codex-untrusted, codex-trust-*; gen.py `TRUST_LEVELS`"},
	{Key: "profile, profiles (legacy)", Source: cxLoader, Modelled: true, By: "codex-legacy-profile, codex-profile-conflict; gen.py `gen_codex`"},
	{Key: "openai_base_url, chatgpt_base_url, model_provider(s), notify, otel, … (stripped from project files)", Source: cxLoader, Modelled: true, By: "codex-profile-project-stripped"},
	{Key: "/etc/codex/requirements.toml mcp_servers.NAME.identity.command / url", Source: cxReq, Modelled: true, By: "codex-requirements; gen.py `gen_codex`"},
	{Key: "requirements' argument and URL matchers, plugin requirements", Source: cxReq, Modelled: false, Why: "their TOML form is not in the sources read; mcpconf judges by the identity table alone"},
	{Key: "mcp_servers.NAME.command", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.args", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.env", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.env_vars (names; {name, source})", Source: cxTypes, Modelled: true, By: cxGen + ", " + cxExtras},
	{Key: "mcp_servers.NAME.cwd", Source: cxTypes, Modelled: true, By: "codex-user-only; " + cxExtras},
	{Key: "mcp_servers.NAME.url", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.bearer_token_env_var", Source: cxTypes, Modelled: true, By: "codex-user-only; " + cxGen},
	{Key: "mcp_servers.NAME.bearer_token", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.http_headers", Source: cxTypes, Modelled: true, By: cxGen},
	{Key: "mcp_servers.NAME.env_http_headers", Source: cxTypes, Modelled: true, By: cxExtras},
	{Key: "mcp_servers.NAME.http_headers_helper", Source: cxNewer, Modelled: true, By: "codex-helper-*; " + cxChecked},
	{Key: "mcp_servers.NAME.environment_id", Source: cxNewer, Modelled: true, By: "codex-helper-remote; " + cxChecked + ", " + cxExtras},
	{Key: "mcp_servers.NAME.enabled", Source: cxTypes, Modelled: true, By: "codex-patch-enabled; " + cxGen},
	{Key: "mcp_servers.NAME.required", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.startup_timeout_sec", Source: cxConv, Modelled: true, By: "codex-timeout-negative, write-sync-codex-timeouts; " + cxGen},
	{Key: "mcp_servers.NAME.startup_timeout_ms", Source: cxConv, Modelled: true, By: cxExtras},
	{Key: "mcp_servers.NAME.tool_timeout_sec", Source: cxTypes, Modelled: true, By: "write-sync-codex-timeouts; " + cxExtras},
	{Key: "mcp_servers.NAME.enabled_tools, disabled_tools", Source: cxTypes, Modelled: true, By: "write-sync-codex-timeouts; " + cxExtras},
	{Key: "mcp_servers.NAME.supports_parallel_tool_calls", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.default_tools_approval_mode", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.tools.TOOL.approval_mode", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.scopes", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.oauth_resource", Source: cxTypes, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.oauth.client_id", Source: cxTypes, Modelled: true, By: "codex-oauth-*; gen.py `codex_oauth`"},
	{Key: "mcp_servers.NAME.oauth.client_secret", Source: cxNewer, Modelled: true, By: "codex-oauth-secret-*; gen.py `codex_oauth`"},
	{Key: "mcp_servers.NAME.oauth.token_endpoint_auth_method", Source: cxNewer, Modelled: true, By: "codex-oauth-method-*; gen.py `codex_oauth`"},
	{Key: "mcp_servers.NAME.oauth.authorization_server_issuer", Source: cxNewer, Modelled: true, By: "codex-oauth-issuer-no-ema; gen.py `codex_oauth`"},
	{Key: "mcp_servers.NAME.oauth.callback_port", Source: cxNewer, Modelled: true, By: "codex-oauth-callback-port; gen.py `codex_oauth`"},
	{Key: "mcp_servers.NAME.oauth.callback_url", Source: cxNewer, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.auth", Source: cxNewer, Modelled: false, By: "codex-oauth-method-no-secret; gen.py `codex_oauth`, " + cxChecked,
		Why: "its values are checked; `ema_auth` listing the server disabled is not modelled"},
	{Key: "mcp_servers.NAME.startup_readiness", Source: cxNewer, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.tool_input_schema_max_bytes", Source: cxNewer, Modelled: true, By: cxExtras, Why: cxNoList},
	{Key: "mcp_servers.NAME.omit_tools_from", Source: cxNewer, Modelled: true, By: "codex-omit-tools-enum; " + cxChecked, Why: cxNoList},
	{Key: "mcp_servers.NAME.name (legacy display name)", Source: cxTypes, Modelled: true, By: cxExtras, Why: "ignored by Codex"},
	{Key: "mcp_oauth_callback_port, mcp_oauth_callback_url, mcp_oauth_credentials_store, mcp_enterprise_managed_auth, mcp_optional_startup_grace_ms", Source: cxToml, Modelled: false,
		Why: "not reached: they decide nothing `codex mcp list` shows (login, server start); a wrong type refuses the config like any other setting (not modelled, above)"},
}
