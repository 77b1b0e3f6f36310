package normalize

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// codexHome is $CODEX_HOME, default ~/.codex; Codex canonicalizes it
// (find_codex_home), and refuses its config when it does not exist
// (Refuses.HomeMissing).
var codexHome = &Base{Name: "CODEX_HOME", Var: "CODEX_HOME", Default: ".codex", Canonical: true}

// codex is the OpenAI Codex CLI (and its IDE extension, which shares the
// config).
var codex = &Client{
	ID:      "codex",
	Product: "Codex",
	Version: "0.171.0",
	Capabilities: Capabilities{Elicitation: true,
		Source: "the initialize request Codex 0.169.0 sends (codex exec, captured by scripts/clientcheck/capabilities.sh): elicitation form and url, an experimental codex/auth-change; no roots, no sampling"},
	Layout: Layout{
		// Codex 0.169.0 does not read .codex/config.override.toml (later
		// sources do): testdata/clients/codex-override-ignored.
		// /etc/codex/managed_config.toml is the legacy managed layer, over
		// everything (Unix; on Windows Codex ignores CODEX_HOME's with a
		// warning); /etc/codex/config.toml (Windows: %ProgramData%\OpenAI\
		// Codex\config.toml) holds the machine's defaults, under the user's.
		Files: []File{
			{Scope: Managed, Base: SystemDir, Path: "etc/codex/managed_config.toml", Format: TOML, OS: []string{"linux", "darwin"}},
			proj(".codex/config.toml", TOML),
			user(codexHome, "config.toml", TOML),
			{Scope: System, Base: SystemDir, Path: "etc/codex/config.toml", Format: TOML, OS: []string{"linux", "darwin"}, Defaults: true},
			{Scope: System, Base: SystemDir, Path: "ProgramData/OpenAI/Codex/config.toml", Format: TOML, OS: []string{"windows"}, Defaults: true},
		},
		Merge:   KeyByKey,
		Project: RootToStart,
		// Codex's default root markers; project_root_markers in the user config
		// replaces them (an empty list makes the working directory the root).
		RootMarkers:    []string{".git"},
		RootMarkersKey: "project_root_markers",
		Profile: &Profile{
			File:        user(codexHome, "<name>.config.toml", TOML),
			Flag:        "--profile",
			NamePattern: `^[A-Za-z0-9_-]+$`,
			BadName:     "invalid --profile value `%[1]s`; pass a plain name such as `work`",
			Tables:      "profiles", Selector: "profile",
			Conflict: "--profile `%[1]s` cannot be used while %[2]s contains legacy `profile = \"%[1]s\"` or `[profiles.%[1]s]` config; move those settings into %[3]s and remove the legacy profile selector/table. " +
				"See https://developers.openai.com/codex/config-advanced#profiles for more information.",
			Missing: "Codex adds nothing to its config, without a word",
		},
		Schema: "codex",
		// [projects."<root>"] and its trust, keyed by the canonical path
		// (testdata/clients/symlink-start)
		PhysicalKeys: true,
	},
	Gates: Gates{
		Trust: &Trust{
			Kind: TrustTable, Effect: IgnoresProject, PerLayer: true, RepoRoot: true, Exact: true,
			File:  user(codexHome, "config.toml", TOML),
			Path:  []string{"projects", "<root>", "trust_level"},
			Value: "trusted", Levels: []string{"trusted", "untrusted"},
			Ask: "run codex in the project and trust it when it asks",
		},
		Refuses: &Refusal{
			Header:            "failed to load bootstrap configuration",
			Late:              "failed to load configuration",
			ParseError:        "%[1]s:%[2]d:%[3]d: %[4]s",
			ProjectParseError: "Error parsing project config file %[1]s: TOML parse error at line %[2]d, column %[3]d: %[4]s",
			Unreadable:        "Failed to read config file %[1]s: %[2]s",
			HomeMissing:       "failed to resolve %[1]s: %[1]s points to %[2]q, but that path does not exist",
			HomeNotDir:        "failed to resolve %[1]s: %[1]s points to %[2]q, but that path is not a directory",
			InvalidTransport:  "invalid transport",
			NotSupported:      "%[1]s is not supported for %[2]s",
			In:                "%[1]s in `%[2]s`",
			TransportNames:    map[Transport]string{Stdio: "stdio", HTTP: "streamable_http"},
			// RawMcpServerConfig's TryFrom: "url" first on a stdio entry.
			StdioOnly: []string{"args", "env", "env_vars", "cwd", "bearer_token"},
			// The order Codex 0.169.0 and 0.171.0 name them in, pair by pair.
			RemoteOnly:  []string{"url", "bearer_token_env_var", "bearer_token", "http_headers_helper", "http_headers", "env_http_headers", "oauth", "oauth_resource", "auth"},
			TypeError:   codexTypeError,
			EntryChecks: codexEntryChecks,
			Settings:    [][]string{{"project_root_markers"}, {"projects"}, {"projects", "*"}, {"projects", "*", "trust_level"}},
			FileAt:      "%[1]s:%[2]d:%[3]d: %[4]s",
			Legacy: []LegacyKey{{Key: "profile",
				Message: "legacy `profile = \"%[1]s\"` config is no longer supported; use `--profile %[1]s` with `%[1]s.config.toml` instead",
				Hint:    "to use profile %[1]q, put its settings in %[2]s and start codex with %[3]s (mcpconf: %[3]s)"}},
			Stripped: []string{"openai_base_url", "chatgpt_base_url", "apps_mcp_product_sku", "model_provider", "model_providers", "notify",
				"profile", "profiles", "experimental_realtime_webrtc_call_base_url", "experimental_realtime_ws_base_url", "otel"},
			StrippedWarning: "Ignored unsupported project-local config keys in %[1]s: %[2]s. If you want these settings to apply, manually set them in your user-level config.toml.",
		},
		// requirements.toml: ConfigRequirements, McpServerPolicy (identity
		// allow list; matchers on arguments are not modelled).
		Requirements: &Requirements{
			Files: []File{
				{Scope: Managed, Base: SystemDir, Path: "etc/codex/requirements.toml", Format: TOML, OS: []string{"linux", "darwin"}},
				{Scope: Managed, Base: SystemDir, Path: "ProgramData/OpenAI/Codex/requirements.toml", Format: TOML, OS: []string{"windows"}},
			},
			Key: "mcp_servers", Identity: "identity",
			Reason:     "requirements (%[1]s)",
			ParseError: "failed to parse requirements layer %[1]s: TOML parse error at line %[2]d, column %[3]d: %[4]s",
		},
	},
	Shape: Shape{
		ServersKey: "mcp_servers",
		WrongKeys:  []string{"mcpServers", "mcp-servers", "servers", "mcp"},
		Fields: []string{"command", "args", "env", "env_vars", "cwd", "url", "bearer_token_env_var", "http_headers", "env_http_headers",
			"bearer_token", "startup_timeout_sec", "startup_timeout_ms", "tool_timeout_sec", "enabled", "required",
			"enabled_tools", "disabled_tools", "supports_parallel_tool_calls", "default_tools_approval_mode", "tools",
			"scopes", "oauth", "oauth_resource", "auth", "http_headers_helper", "environment_id", "startup_readiness",
			"tool_input_schema_max_bytes", "omit_tools_from", "name"},
		Strictness:   RejectsServer,
		OnNeither:    NeitherInvalid,
		NeitherError: "invalid transport",
		OnBoth:       StdioRejectsURL,
		ToolFilters:  [2]string{"enabled_tools", "disabled_tools"},
		FieldKeys:    map[string]string{"headers": "http_headers"},
		NameChars:    true,
		// validate_mcp_server_name (codex-rs/codex-mcp/src/rmcp_client.rs),
		// before the server starts: the server is listed and fails with
		// "Invalid MCP server name '…': must match pattern
		// ^[a-zA-Z0-9_:@/.-]+$". The binaries of 0.169.0 and 0.171.0 hold
		// that pattern beside rmcp_client.rs; `codex mcp add a.b` adds the
		// server and `codex mcp add 'x y'` is refused ("use letters,
		// numbers, '-', '_', ':', '@', '/', '.'"), 0.171.0. The stored
		// source (02beca9f) still has ^[a-zA-Z0-9_-]+$: older than both.
		NamePattern: &NamePattern{Pattern: `^[a-zA-Z0-9_:@/.-]+$`, Refuses: "refuses to start a server named %q",
			Source: "Codex 0.169.0 and 0.171.0: the pattern in the binary beside `codex-rs/codex-mcp/src/rmcp_client.rs` (`validate_mcp_server_name`), `codex mcp add` of `a.b` (added) and `x y` (refused), 0.171.0"},
		SecondsFields:     []string{"startup_timeout_sec", "tool_timeout_sec"},
		ToolTimeoutFields: []string{"tool_timeout_sec"},
		MillisFields:      []string{"startup_timeout_ms"},
		TimeoutWins:       map[string]string{"startup_timeout_ms": "startup_timeout_sec"},
		// the _sec fields are f64 seconds, startup_timeout_ms a u64
		Timeouts: []TimeoutField{
			{Key: "startup_timeout_sec", Unit: time.Second, Bounds: BoundsStartup},
			{Key: "startup_timeout_ms", Unit: time.Millisecond, Bounds: BoundsStartup, Whole: true},
			{Key: "tool_timeout_sec", Unit: time.Second, Bounds: BoundsCall},
		},
		Unsupported: map[string]FieldNote{"bearer_token": {
			Why:     "which Codex does not support: it refuses to load the config",
			Hint:    "remove \"bearer_token\", put the token in an environment variable and name it: bearer_token_env_var = %q",
			Instead: "bearer_token_env_var"}},
		Missing: map[string]string{"type": "Codex has no \"type\": \"command\" makes a stdio server, \"url\" a streamable HTTP one"},
	},
	Expansion: Expansion{
		VarsByName: true,
		NameFields: []string{"env_vars", "bearer_token_env_var", "env_http_headers"},
		ByName:     &ByName{Env: "env_vars", Bearer: "bearer_token_env_var", Headers: "env_http_headers"},
		// When the server starts (read in the source: starting one takes
		// codex exec and a model); the messages are in the 0.171.0 binary.
		Unset: []UnsetRule{
			{Field: "bearer_token_env_var", Does: UnsetFails, EmptyToo: true,
				Message:      "Environment variable %[1]s for MCP server '%[2]s' is not set",
				EmptyMessage: "Environment variable %[1]s for MCP server '%[2]s' is empty",
				Source:       "openai/codex `codex-rs/codex-mcp/src/rmcp_client.rs` `resolve_bearer_token` (read, not run: starting a server takes `codex exec` and a model); both messages are in the Codex 0.171.0 binary"},
			{Field: "env_vars", Does: UnsetDropped,
				Source: "openai/codex `codex-rs/rmcp-client/src/utils.rs` `create_env_for_mcp_server` (a variable not set is not passed; read, not run)"},
			{Field: "env_http_headers", Does: UnsetDropped, EmptyToo: true,
				Source: "openai/codex `codex-rs/rmcp-client/src/utils.rs` `build_default_headers` (a variable not set, or blank, leaves the header out; read, not run)"},
		},
	},
	Launch: Launch{
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
		NoShell:        true,
		NoSSE:          true,
		ToolNames:      codexScheme,
	},
	Docs: Docs{
		Note: "project .codex/config.toml merged key by key over the user's config.toml (Codex loads project files only in trusted projects)",
		Facts: []Fact{
			{Topic: "names", Text: "a server whose name does not match `^[a-zA-Z0-9_:@/.-]+$` is listed but not started (\"Invalid MCP server name 'my server': must match pattern ^[a-zA-Z0-9_:@/.-]+$\"); `codex mcp add` refuses it too (\"invalid server name 'x y' (use letters, numbers, '-', '_', ':', '@', '/', '.')\"), and adds `a.b`",
				Source: "Codex 0.169.0 and 0.171.0: the pattern in the binary beside `codex-rs/codex-mcp/src/rmcp_client.rs`; `codex mcp add a.b` and `codex mcp add 'x y'` (0.171.0); Codex 0.169.0: testdata/clients/codex-name-chars (all listed); the stored openai/codex source (02beca9f, older) has `^[a-zA-Z0-9_-]+$`"},
			{Topic: "files", Text: "user `$CODEX_HOME/config.toml` (`CODEX_HOME` replaces `~/.codex`); project `.codex/config.toml` in every directory from the project root down to the working directory. The root is the nearest directory holding a root marker (`.git`; `project_root_markers` in the user config, or in `/etc/codex/config.toml`, replaces the list), else the working directory — parent directories are then never read",
				Source: "Codex 0.169.0: testdata/clients/codex-home, codex-layers-*, codex-nogit-*, codex-root-markers-*, codex-system-config; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `load_project_layers`, `find_project_root`"},
			{Topic: "files", Text: "`CODEX_HOME` must name a directory: a relative value (`cfg`) is relative to the directory Codex starts in, `~` is not expanded (`~/cfg` is a directory named `~` there), and the directory is canonicalized (links resolved); one that does not exist, or a file, refuses the whole config (`CODEX_HOME points to \"cfg\", but that path does not exist`). mcpconf resolves it at `--root`, not in its own working directory, and shows its files where the links lead; with `--home`, a directory outside both `--home` and `--root` is ignored (a note says so)",
				Source: "openai/codex `codex-rs/utils/home-dir/src/lib.rs` (69a3f82e) `find_codex_home`, `find_codex_home_from_env` (`std::fs::metadata`, `is_dir`, `canonicalize`); Codex 0.169.0: testdata/clients/homes-relative, homes-tilde, homes-relative-missing, codex-home-missing"},
			{Topic: "trust", Text: "`[projects.\"<path>\"]` is keyed by the physical path: started in a directory reached through a symbolic link (PWD the link's path, as from a shell), a `trust_level = \"trusted\"` under the link's path does not trust the project; only the path with its links resolved does. mcpconf resolves the start directory's links before it looks the key up (`Layout.PhysicalKeys`)",
				Source: "Codex 0.169.0 run by scripts/clientcheck on testdata/clients/symlink-start"},
			{Topic: "files", Text: "`.codex/config.override.toml` is not read by 0.169.0 (later sources read it as a layer over each `.codex/config.toml`)",
				Source: "Codex 0.169.0: testdata/clients/codex-override-ignored (the binary holds no `config.override` string); openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) reads `CONFIG_OVERRIDE_TOML_FILE`"},
			{Topic: "files", Text: "machine files: `/etc/codex/config.toml` (Windows `%ProgramData%\\OpenAI\\Codex\\config.toml`) holds defaults under the user's config; `/etc/codex/managed_config.toml` (Unix) is the legacy managed layer, over every other layer, the project's included",
				Source: "Codex 0.169.0: testdata/clients/codex-system-config, codex-managed-config; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `SYSTEM_CONFIG_TOML_FILE_UNIX`, `load_config_layers_state`; `codex-rs/config/src/loader/layer_io.rs` `CODEX_MANAGED_CONFIG_SYSTEM_PATH`"},
			{Topic: "files", Text: "started in the home, `~/.codex` is `CODEX_HOME`: it is the user config, never a project layer too",
				Source: "Codex 0.169.0: testdata/clients/codex-cwd-home; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `load_project_layers` (skips a `.codex` that is `codex_home`)"},
			{Topic: "precedence", Text: "`--profile NAME` reads `$CODEX_HOME/NAME.config.toml` as a second user layer right above `config.toml` (under the project's layers); its `[projects]` trust counts. Without the flag the file is not read; a profile whose file does not exist adds nothing, without a word. A name must be letters, digits, `_` and `-` (`a.b` is refused: `invalid --profile value`)",
				Source: "Codex 0.169.0: `codex --help` (-p, --profile: \"Layer $CODEX_HOME/<name>.config.toml on top of the base user config\"), testdata/clients/codex-profile, codex-profile-missing, codex-profile-bad-name; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `load_user_config_layer`"},
			{Topic: "merge", Text: "layers fold key by key: tables merge, scalars and arrays replace, so a project `[mcp_servers.x]` holding only `enabled = false` turns off the user's `x`, and `args` replaces the user's array",
				Source: "Codex 0.169.0: testdata/clients/codex-patch-enabled, codex-patch-args, codex-nested-trust-gitroot, codex-profile, codex-managed-config"},
			{Topic: "switches", Text: "a project layer loads only when trusted: the key `[projects.\"<dir>\"]` of the layer's own directory decides, whatever its value (`\"untrusted\"` keeps out a layer under a trusted root); without one, the project root's key; without that, the git repository root's (even when `project_root_markers` makes the root another directory). Untrusted layers are ignored without a word, broken or not",
				Source: "Codex 0.169.0: testdata/clients/codex-untrusted*, codex-layers-trust-cwd, codex-layers-trust-mid, codex-trust-layer-own-key, codex-trust-repo-root, codex-project-syntax-untrusted; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `ProjectTrustContext::decision_for_dir`"},
			{Topic: "switches", Text: "trust keys are matched as written: the directory's path or its symlink-resolved path (without case on Windows); `\"/repo/\"` or `\"/repo/.\"` does not trust `/repo`. Trust is read from the user config and the profile, not from `/etc/codex/config.toml`",
				Source: "Codex 0.169.0: testdata/clients/codex-trust-trailing-slash, codex-system-config; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `normalized_project_trust_keys`, `project_trust_for_lookup_key`"},
			{Topic: "switches", Text: "Codex refuses its whole config — `codex mcp list` exits 1 and no server starts, the user's included — on: a file it loads that does not parse (user, system, managed, profile, a trusted project layer); a server table, as the layers merge it, with neither `command` nor `url` (`invalid transport`), with `url` and `args`, `env`, `env_vars`, `cwd` or `bearer_token`, or with `command` and `url`, `bearer_token_env_var`, `bearer_token`, `http_headers_helper`, `http_headers`, `env_http_headers`, `oauth`, `oauth_resource` or `auth` (`args is not supported for streamable_http`); a server value of the wrong type or out of range (`args = \"a b\"`, `startup_timeout_sec = -1`, `omit_tools_from = [\"all\"]`, `oauth.callback_port = \"8080\"`, a server that is not a table); a blank `http_headers_helper`, or one with an `environment_id` other than `\"local\"`; a blank `oauth.client_secret`, or one without `oauth.client_id`; `oauth.token_endpoint_auth_method` without `auth = \"ema_auth\"` or without `oauth.client_secret`; `oauth.authorization_server_issuer` without `auth = \"ema_auth\"`; a `trust_level` other than `\"trusted\"` or `\"untrusted\"` for any project, as the user, system and profile layers merge it (a profile's `\"trusted\"` replaces the user file's `\"TRUSTED\"` before the check: Codex 0.169.0 and 0.171.0, testdata/clients/gen-codex-11c9012f); `project_root_markers` that is not a list of strings; `CODEX_HOME` naming a directory that does not exist. mcpconf says `refused` for every server, with Codex's message and the position",
				Source: "Codex 0.169.0: testdata/clients/codex-invalid-*, codex-command-and-url, codex-nested-trust-cwd, codex-project-syntax-trusted, codex-url-args, codex-url-args-project, codex-field-type, codex-timeout-negative, codex-server-not-table, codex-helper-*, codex-oauth-*, codex-omit-tools-enum (0.171.0 refuses the same, in the same words), codex-trust-level-invalid, codex-home-missing; openai/codex `codex-rs/config/src/mcp_types.rs` (a2258bba) `TryFrom<RawMcpServerConfig>` (`throw_if_set`)"},
			{Topic: "switches", Text: "the legacy `profile = \"NAME\"` at the top of `config.toml`, `/etc/codex/config.toml` or `managed_config.toml` refuses the whole config (`legacy `profile = \"NAME\"` config is no longer supported; use `--profile NAME` with `NAME.config.toml` instead`); `[profiles.NAME]` tables are no longer read, and `--profile NAME` refuses the config while `profile = \"NAME\"` or `[profiles.NAME]` is in `config.toml`. In project files both keys are stripped (with `model_provider`, `notify`, `otel` and the other keys a project may not choose), so they change nothing",
				Source: "Codex 0.169.0: testdata/clients/codex-legacy-profile, codex-system-legacy-profile, codex-profile-conflict, codex-profile-project-stripped; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `PROJECT_LOCAL_CONFIG_DENYLIST`, `load_config_layers_state` (`--profile ... cannot be used while`)"},
			{Topic: "shape", Text: "what Codex still lists: `command = \"\"` (it fails only when started), server names outside `^[a-zA-Z0-9_:@/.-]+$` (`a b`), unknown fields and a `type` key (ignored without `--strict-config`)",
				Source: "Codex 0.169.0: testdata/clients/codex-empty-command; `codex mcp list --json` on such names and fields (mcpconf lints them: missing-command, server-name, unknown-field)"},
			{Topic: "switches", Text: "`enabled = false` keeps a server from starting (listed disabled); `enabled_tools` and `disabled_tools` filter its tools (an empty `enabled_tools` leaves none) but not whether it starts; `required = true` makes `codex exec` fail when the server cannot start; `env_vars` names variables passed to a stdio server (`{ name, source = \"local\" | \"remote\" }` too). None of these changes which servers exist",
				Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (a2258bba) `McpServerConfig`; Codex 0.169.0: testdata/clients/codex-patch-enabled, codex-requirements (u1)"},
			{Topic: "placeholders", Text: "none: TOML values are literal; variables are read by name in `env_vars`, `bearer_token_env_var`, `env_http_headers`",
				Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (a2258bba)"},
			{Topic: "placeholders", Text: "a variable named in `bearer_token_env_var` that is not set, or set to \"\", keeps the server from starting (\"Environment variable DOCS_TOKEN for MCP server 'docs' is not set\", \"… is empty\"); one in `env_vars` that is not set is not passed; one in `env_http_headers` not set or blank leaves its header out. mcpconf probe reports the first failed (`missing-variable`), lint --check-env an error",
				Source: "openai/codex `codex-rs/codex-mcp/src/rmcp_client.rs` `resolve_bearer_token`, `codex-rs/rmcp-client/src/utils.rs` `create_env_for_mcp_server`, `build_default_headers`: read, not run (starting a server takes `codex exec` and a model); the messages are in the Codex 0.171.0 binary"},
			{Topic: "shape", Text: "no `type`: `command` means stdio, `url` streamable HTTP (even when it ends in `/sse`: Codex has no SSE client); `startup_timeout_sec` (seconds) wins over `startup_timeout_ms`",
				Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (a2258bba); Codex 0.169.0: testdata/clients/codex-urls"},
			{Topic: "shape", Text: "a stdio server starts without a shell and with a cleared environment: `~` and `$HOME` are not expanded",
				Source: "openai/codex `codex-rs/rmcp-client/src/stdio_server_launcher.rs` (0451186b); testdata/clients/nosh"},
			{Topic: "shape", Text: "a server has 10 s to start, answer `initialize` and list its tools unless `startup_timeout_sec` says otherwise",
				Source: "openai/codex `codex-rs/core/src/mcp_connection_manager.rs` `DEFAULT_STARTUP_TIMEOUT`"},
			{Topic: "shape", Text: "`tool_timeout_sec` bounds one tool call, not the start (default 60 s: \"timed out awaiting tools/call after 60s\"); servers that run agents set tens of minutes (`tool_timeout_sec = 2160` in published configs), so timeout-units judges it apart from `startup_timeout_sec`",
				Source: "openai/codex `codex-rs/config/src/mcp_types.rs` (a2258bba) (`tool_timeout_sec`); the error text as users report it (leonardsellem/codex-specialized-subagents `docs/troubleshooting.md`)"},
			{Topic: "environment", Text: "a stdio server inherits only `HOME`, `LOGNAME`, `PATH`, `SHELL`, `USER`, `LANG`, `LC_ALL`, `TERM`, `TMPDIR`, `TZ` (on Windows `PATH`, `PATHEXT`, `SYSTEMROOT`, `USERPROFILE`, `APPDATA` and a few more) and the variables named in `env_vars`; `env` is set on top. A token exported in the shell reaches the server only through `env_vars`",
				Source: "openai/codex `codex-rs/rmcp-client/src/utils.rs` `create_env_for_mcp_server`, `DEFAULT_ENV_VARS`; `codex-rs/protocol/src/shell_environment.rs` `WINDOWS_CORE_ENV_VARS` (code only: `codex mcp list` starts no server)"},
			{Topic: "switches", Text: "`/etc/codex/requirements.toml` (Windows `%ProgramData%\\OpenAI\\Codex\\requirements.toml`), the machine's requirements, allows servers by identity: with a `mcp_servers` table there, a server it does not list as `[mcp_servers.NAME.identity]` with the same `command` (stdio) or `url` (remote) is listed disabled (`disabled_reason: requirements (/etc/codex/requirements.toml)`; mcpconf: `blocked`), and every server when the table is empty; a requirements file that does not parse refuses the whole config",
				Source: "Codex 0.169.0: testdata/clients/codex-requirements, codex-requirements-empty, codex-requirements-syntax; openai/codex `codex-rs/config/src/mcp_requirements.rs` (2bae9d57) `McpServerPolicy::apply_to_configured_servers`, `mcp_server_matches_requirement`"},
			{Topic: "switches", Text: "not modelled: the requirements' matchers (a command with positional argument matchers, a URL matcher: exact, prefix or regex) and plugin requirements, which narrow the allow list further, and macOS managed preferences holding requirements. Why: the matchers' TOML form is not in the sources read for 0.169.0; mcpconf judges by the identity table alone",
				Source: "openai/codex `codex-rs/config/src/mcp_requirements.rs` (2bae9d57) `McpServerMatcher`, `apply_plugin_requirements`"},
			{Topic: "switches", Text: "not modelled: a wrong type in any of Codex's other settings (`model = 1`, `approval_policy = \"bogus\"`, `profiles.x.model = 1`) refuses the whole config too. Why: Codex has hundreds of settings that change with each release; mcpconf's `codex` schema describes the servers and the settings that decide which files load (`projects`, `project_root_markers`, `profile`, `profiles`)",
				Source: "Codex 0.169.0: `codex mcp list --json` on `model = 1` and `approval_policy = \"bogus\"` (exit 1, `invalid type: integer `1`, expected a string in `model``)"},
			{Topic: "files", Text: "not modelled: an empty `.git` directory (no `HEAD`) does not mark the project root for 0.169.0 (a `.git` file or a real repository does); mcpconf counts any `.git`. Why: a repository always holds `HEAD`; only hand-made trees lack it",
				Source: "Codex 0.169.0: a tree with `mkdir .git` against one with `git init` (clientcheck runs `git init`)"},
			{Topic: "switches", Text: "in a linked git worktree the trust fallback is the main checkout's root (`resolve_root_git_project_for_trust`): a worktree trusted only through the main checkout's key reads its `.codex/config.toml`",
				Source: "openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `project_trust_context`; Codex 0.169.0 run in a `git worktree add` checkout: testdata/clients/codex-worktree-trust"},
			{Topic: "switches", Text: "not modelled: what Codex's command line changes for one run (`-c key=value`, `--enable`, `--strict-config`, which also refuses unknown fields), macOS managed preferences (`com.openai.codex`) and the enterprise cloud config bundle. Why: they are not files of the tree or the home",
				Source: "Codex 0.169.0 `codex --help`; openai/codex `codex-rs/config/src/loader/mod.rs` (12883137) `load_config_layers_state`"},
			{Topic: "switches", Text: "not modelled: when several things are wrong, the one Codex names can differ from mcpconf's choice (mcpconf follows Codex's order — profile name, `CODEX_HOME`, files that do not parse, the profile tables, trust settings, server tables in file order, other values, legacy keys — verified one at a time). Why: every server is refused either way",
				Source: "Codex 0.169.0: `codex mcp list --json` on pairs of mistakes"},
		},
		Coverage: codexCoverage,
	},

	decode: decodeCodex,
}

// codexEntryChecks are the checks of a server table after its types and
// its transport, in Codex's order: the header helper, then the OAuth
// settings. Each message is in the Codex 0.169.0 and 0.171.0 binaries
// (strings) and was seen from `codex mcp list --json` on a tree that holds
// only that mistake, and the order on pairs of them (both versions).
// White space only counts as blank; a blank client_id as none.
const codexSeen = "Codex 0.169.0 and 0.171.0: `codex mcp list --json` (exit 1); the message is in both binaries; testdata/clients/"

var codexEntryChecks = []EntryCheck{
	{Field: []string{"http_headers_helper"}, Cond: Blank,
		Message: "http_headers_helper must not be empty",
		Hint:    "give %[1]s the command that prints the headers, or remove it",
		Source:  codexSeen + "codex-helper-empty"},
	{Field: []string{"http_headers_helper"}, Cond: RequiresValue, Other: []string{"environment_id"}, Value: "local", AbsentOK: true,
		Message: "http_headers_helper is only supported for local MCP servers",
		Hint:    "remove %[2]s (or set it to %[3]q), or remove %[1]s",
		Source:  codexSeen + "codex-helper-remote"},
	{Field: []string{"oauth", "client_secret"}, Cond: Blank,
		Message: "oauth.client_secret must not be empty",
		Hint:    "give %[1]s the client's secret, or remove it",
		Source:  codexSeen + "codex-oauth-secret-empty"},
	{Field: []string{"oauth", "client_secret"}, Cond: Requires, Other: []string{"oauth", "client_id"},
		Message: "oauth.client_secret requires oauth.client_id",
		Hint:    "add %[2]s, the id the secret belongs to, or remove %[1]s",
		Source:  codexSeen + "codex-oauth-secret-no-id"},
	{Field: []string{"oauth", "token_endpoint_auth_method"}, Cond: RequiresValue, Other: []string{"auth"}, Value: "ema_auth",
		Message: `oauth.token_endpoint_auth_method requires auth = "ema_auth"`,
		Hint:    "set %[2]s = %[3]q, or remove %[1]s",
		Source:  codexSeen + "codex-oauth-method-no-ema"},
	{Field: []string{"oauth", "token_endpoint_auth_method"}, Cond: Requires, Other: []string{"oauth", "client_secret"},
		Message: "oauth.token_endpoint_auth_method requires oauth.client_secret",
		Hint:    "add %[2]s, or remove %[1]s",
		Source:  codexSeen + "codex-oauth-method-no-secret"},
	{Field: []string{"oauth", "authorization_server_issuer"}, Cond: RequiresValue, Other: []string{"auth"}, Value: "ema_auth",
		Message: `oauth.authorization_server_issuer requires auth = "ema_auth"`,
		Hint:    "set %[2]s = %[3]q, or remove %[1]s",
		Source:  codexSeen + "codex-oauth-issuer-no-ema"},
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

// codexTypeError words a value of the wrong type as Codex does (serde's
// messages, with the names of codex-rs's structs), and names the place it
// reports: serde drops array indices, and the duration and env_vars
// checks of RawMcpServerConfig report the whole entry.
func codexTypeError(path []string, v *Value, want, allowed []string, minimum bool) (string, []string) {
	field := ""
	if len(path) > 0 {
		field = path[len(path)-1]
	}
	entry := len(path) >= 2 && path[0] == "mcp_servers"
	if entry && slices.Contains(path, "env_vars") {
		i := slices.Index(path, "env_vars")
		if field == "source" && v.Kind == String {
			return fmt.Sprintf("unsupported env_vars source `%s`; expected `local` or `remote`", v.Str), path[:2]
		}
		return "data did not match any variant of untagged enum McpServerEnvVar", path[:i+1]
	}
	switch {
	case minimum && v.Kind == Number && field == "callback_port":
		return fmt.Sprintf("invalid value: integer `%s`, expected u16", v.Str), path
	case minimum && v.Kind == Number && field == "tool_input_schema_max_bytes":
		return fmt.Sprintf("invalid value: integer `%s`, expected a nonzero usize", v.Str), path
	case minimum && v.Kind == Number && strings.HasSuffix(field, "_ms"):
		return fmt.Sprintf("invalid value: integer `%s`, expected u64", v.Str), path
	case minimum && v.Kind == Number && entry && field == "startup_timeout_sec":
		return "cannot convert float seconds to Duration: value is negative", path[:2]
	case minimum && v.Kind == Number:
		return "cannot convert float seconds to Duration: value is negative", path
	case v.Kind == String && (v.Str == "nan" || strings.HasSuffix(v.Str, "inf")) && slices.Contains(want, "number"):
		// TOML's nan and inf reach the schema as text (Value.Interface)
		return "cannot convert float seconds to Duration: value is either too big or NaN", path
	case len(allowed) > 0 && v.Kind == String:
		return fmt.Sprintf("unknown variant `%s`, expected %s", v.Str, serdeOneOf(allowed)), path
	}
	exp := serdeExpected(want)
	switch {
	case exp == "u64" && field == "callback_port":
		exp = "u16"
	case exp != "a map":
	case entry && len(path) == 2:
		exp = "struct RawMcpServerConfig"
	case entry && field == "oauth":
		exp = "struct McpServerOAuthConfig"
	case entry && len(path) == 4 && path[2] == "tools":
		exp = "struct McpServerToolConfig"
	case path[0] == "projects" && len(path) == 2:
		exp = "struct ProjectConfig"
	}
	return fmt.Sprintf("invalid type: %s, expected %s", serdeGot(v), exp), path
}

// serdeExpected is how serde names the JSON-schema type want[0] in
// "expected …" (a Rust client's config); a string when none is given.
func serdeExpected(want []string) string {
	if len(want) == 0 {
		return "a string"
	}
	switch want[0] {
	case "array":
		return "a sequence"
	case "boolean":
		return "a boolean"
	case "number":
		return "f64"
	case "integer":
		return "u64"
	case "object":
		return "a map"
	}
	return "a string"
}

// serdeGot names a value as serde's "invalid type" does.
func serdeGot(v *Value) string {
	switch v.Kind {
	case String:
		return "string " + strconv.Quote(v.Str)
	case Bool:
		return fmt.Sprintf("boolean `%t`", v.Bool)
	case Number:
		if strings.ContainsAny(v.Str, ".eE") && !strings.HasPrefix(v.Str, "0x") {
			return fmt.Sprintf("floating point `%s`", v.Str)
		}
		return fmt.Sprintf("integer `%s`", v.Str)
	case Array:
		return "sequence"
	case Object:
		return "map"
	}
	return v.Kind.String()
}

// serdeOneOf lists a variant's allowed values as serde does.
func serdeOneOf(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = "`" + v + "`"
	}
	switch len(q) {
	case 1:
		return q[0]
	case 2:
		return q[0] + " or " + q[1]
	}
	return "one of " + strings.Join(q, ", ")
}
