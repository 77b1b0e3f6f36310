package normalize

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// agentCodeSource says where a fact of agent-code was read: its source at
// one commit, never run (agent-code's npm wrapper is not reachable here
// and its crates are out of reach), so every such fact is UNVERIFIED.
func agentCodeSource(what string) string {
	return "avala-ai/agent-code " + what + " (c25b885f)"
}

// agentCode is avala-ai/agent-code, as its source at c25b885f (0.30.0)
// reads it: normalize/loadpath/agent-code.json lists every step from
// process start to its servers and what models each.
var agentCode = &Client{
	ID:      "agent-code",
	Product: "agent-code",
	Version: "0.30.0",
	// McpClient::connect: "capabilities": {"tools": {}, "resources": {}},
	// names of server capabilities: nothing a client declares
	Capabilities: Capabilities{Source: agentCodeSource("`crates/lib/src/services/mcp/client.rs` `McpClient::connect` (it sends `tools` and `resources`, which are server capabilities, and protocol version 2024-11-05)")},
	Layout: Layout{
		Files: agentCodeFiles,
		Merge: KeyByKey,
		// each of .agent/settings.toml and .agent/settings.local.toml
		// is the nearest at or above the start directory
		// (find_config_in_ancestors, find_local_config_in_ancestors)
		Project: Nearest,
		Schema:  "agent-code",
	},
	Gates: Gates{
		// read into Config, consulted only by mcp_needs_reconnect (a
		// session moving into another project): nothing checks them when
		// main connects the servers
		Lists: []List{
			{Path: []string{"security", "mcp_server_allowlist"}, Effect: AllowList, NotAtStart: true},
			{Path: []string{"security", "mcp_server_denylist"}, Effect: DenyList, NotAtStart: true},
		},
		// Config::load returns the error and main exits with it
		// (`let mut config = Config::load()?;`) before any server starts
		Refuses: &Refusal{
			Header:            "Error",
			ParseError:        "Config file error: \"%[1]s\": migration failed: parsing settings file %[1]s as TOML: TOML parse error at line %[2]d, column %[3]d: %[4]s",
			ProjectParseError: "Config file error: \"%[1]s\": migration failed: parsing settings file %[1]s as TOML: TOML parse error at line %[2]d, column %[3]d: %[4]s",
			Unreadable:        "Config file error: \"%[1]s\": migration failed: reading settings file %[1]s: %[2]s",
			// an entry with neither command nor url is skipped, not refused
			In:        "%[1]s in `%[2]s`",
			TypeError: agentCodeTypeError,
		},
	},
	Shape: Shape{
		ServersKey:  "mcp_servers",
		WrongKeys:   []string{"mcpServers", "mcp-servers", "servers"},
		Fields:      []string{"command", "args", "url", "env"},
		URLMeansSSE: true,
		// McpTransportConnection::connect_sse and request: no event
		// stream, no session, no Accept header; a 60 s timeout
		RemoteProtocol: "sends GET %[1]s/health, then posts each JSON-RPC request to %[1]s/jsonrpc and reads one JSON reply",
		OnNeither:      NeitherSkipped,
		Missing:        map[string]string{"type": "agent-code has no \"type\": \"command\" makes a stdio server, \"url\" a remote one"},
	},
	Launch: Launch{
		// McpTransportConnection::connect_stdio: tokio Command::new(command)
		NoShell:   true,
		ToolNames: agentCodeScheme,
	},
	Docs: Docs{
		Note:         "settings.local.toml over settings.toml over the user's config.toml, merged key by key",
		DisableHint:  "agent-code has no per-server switch: remove the server's table to keep it from starting",
		LoadPathFile: "agent-code.json",
		Unverified:   "read in its source, not run (neither its npm wrapper nor its crates are reachable here)",
		Facts: []Fact{
			{Topic: "files", Text: "user `$XDG_CONFIG_HOME/agent-code/config.toml` when the variable is set and not empty (a relative value too, on every system), else the system config dir (`~/.config`, `~/Library/Application Support`, `%APPDATA%`); project `.agent/settings.toml` and `.agent/settings.local.toml`, each the nearest walking up from the working directory to `/`, on its own (they may sit at different levels); no variable moves the project files",
				Source: agentCodeSource("`crates/lib/src/config/mod.rs` `agent_config_dir`, `user_config_path`, `find_config_in_ancestors`, `find_local_config_in_ancestors`")},
			{Topic: "merge", Text: "user, then project, then local, merged as TOML tables key by key (an array or a value replaces; a server's fields merge across layers), then checked once as a typed `Config`",
				Source: agentCodeSource("`crates/lib/src/config/mod.rs` `Config::load_inner`, `merge_layer_contents`, `merge_toml_values`")},
			{Topic: "migrations", Text: "each file goes through the schema-version migrations as it is read: v0→v1 stamps `schema_version`, v1→v2 moves `api.token` to `api.api_key`; no MCP key is renamed or moved. A `schema_version` above 2, or not a non-negative integer, refuses the whole config",
				Source: agentCodeSource("`crates/lib/src/config/migrations/mod.rs` `run_migrations`, `read_schema_version`, `v0_to_v1.rs`, `v1_to_v2.rs`")},
			{Topic: "refusal", Text: "a file that does not parse or cannot be read, a bad `schema_version`, or a value of the merged layers its typed `Config` rejects (`command = 1`, `args = \"a b\"`, `env = { A = 1 }`, a server that is not a table, a list that is not an array of strings) makes `Config::load` fail, and agent-code exits with the error: no server starts. The words after `Error:` are agent-code's format strings; the TOML and serde parts are UNVERIFIED",
				Source: agentCodeSource("`crates/lib/src/config/mod.rs` `read_layer_through_migrations`, `merge_layer_contents`; `crates/cli/src/main.rs` (`Config::load()?`)")},
			{Topic: "switches", Text: "none at start: `[security] mcp_server_allowlist` and `mcp_server_denylist` are read but not consulted when the servers connect (only when a session moves into another project, to drop connections it excludes); its docs say otherwise. No `enabled` or `disabled` field",
				Source: agentCodeSource("`crates/cli/src/main.rs` (the loop over `config.mcp_servers`), `crates/cli/src/ui/modern/run.rs` `mcp_needs_reconnect`")},
			{Topic: "shape", Text: "`command` means stdio (and wins over `url`), `url` alone means a remote server, neither skips the entry with a warning; no `type`, `headers`, `cwd`, timeouts or `enabled`; unknown keys are ignored; no placeholders",
				Source: agentCodeSource("`crates/lib/src/config/schema.rs` `McpServerEntry`; `crates/cli/src/main.rs`")},
			{Topic: "launch", Text: "stdio: the command is started without a shell, in agent-code's working directory, with its whole environment plus `env`; stderr is discarded; no start timeout (a server that does not answer `initialize` holds agent-code's start); it reads one line per request and takes it as the reply, so a notification or request the server sends first fails the connection (`MCP response missing 'result'`)",
				Source: agentCodeSource("`crates/lib/src/services/mcp/transport.rs` `connect_stdio`, `crates/lib/src/services/mcp/client.rs` `McpClient::connect`")},
			{Topic: "remote", Text: "a `url` server is not reached with SSE nor streamable HTTP: agent-code sends `GET <url>/health` (any answer will do), then POSTs each JSON-RPC request to `<url>/jsonrpc` and reads one JSON reply, with a 60 s timeout per request",
				Source: agentCodeSource("`crates/lib/src/services/mcp/transport.rs` `connect_sse`, `request`")},
			{Topic: "plugins", Text: "servers plugins declare (Claude- and Codex-format plugins) are listed by `/plugins` as `runtime-only` and never started",
				Source: agentCodeSource("`crates/lib/src/services/plugins/mod.rs` `PluginRegistry::mcp_servers` (no caller), `crates/cli/src/commands/mod.rs`")},
			{Topic: "not modelled", Text: "what mcpconf does not model, and why: (1) the remote protocol (`<url>/jsonrpc`): lint warns and `add` refuses, but probe speaks SSE to the URL, so a probe that connects does not say agent-code would; (2) agent-code rewrites a file without `schema_version = 2` when it reads it (pretty TOML, comments dropped, the old text kept as `.bak.1`…`.bak.3`), and refuses its config when it cannot (a read-only `.agent/`): mcpconf reads files, it does not predict writes or permissions; (3) the typed check of settings outside `mcp_servers` and `security` (`api`, `permissions`, `hooks`, …): the schema holds only the MCP part; (4) the order of the first error when several exist (serde reads the merged table in key order; mcpconf names entries first) and a non-MCP value a higher layer replaces; (5) the lists' effect on a session that moves into another project; (6) TOML `nan`/`inf` anywhere, which the migration's JSON conversion refuses; (7) which of two servers whose tool names collide wins (the first registered, in hash-map order: it changes from run to run); (8) its client: protocol version 2024-11-05 and one line read per request, which probe does not imitate (probe speaks its own version and reads messages as they come)",
				Source: agentCodeSource("`crates/lib/src/config/migrations/mod.rs` `load_and_migrate_toml_with`, `toml_to_json`; `crates/lib/src/tools/registry.rs` `ToolRegistry::get`; `crates/lib/src/services/mcp/transport.rs` `request`")},
		},
	},
	decode: decodeAgentCode,
}

var agentCodeFiles = []File{
	{Scope: Local, Base: RootDir, Path: ".agent/settings.local.toml", Format: TOML},
	proj(".agent/settings.toml", TOML), user(XDGThenConfigDir, "agent-code/config.toml", TOML),
}

// decodeAgentCode: command wins over url; url alone means SSE.
func decodeAgentCode(d *decoder) {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.URL = d.str("url")
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = SSE
	}
}

// agentCodeTypeError renders what agent-code says of a value it rejects:
// schema_version as migrations::read_schema_version and run_migrations
// say it, every other value as serde and the toml crate do when the
// merged layers become a Config (merged.try_into(): "TOML parse error:"
// from ConfigError::ParseError; the serde words UNVERIFIED).
func agentCodeTypeError(path []string, v *Value, want, allowed []string, minimum bool) (string, []string) {
	const migration = "Config file error: migration failed: "
	if len(path) == 1 && path[0] == "schema_version" {
		if v.Kind != Number {
			return migration + "schema_version must be a non-negative integer, got " + jsonTypeName(v), path
		}
		n, err := strconv.ParseUint(v.Str, 10, 32)
		if err != nil {
			return migration + "schema_version must fit in u32, got " + v.Str, path
		}
		return migration + fmt.Sprintf("settings file declares schema_version %d, but this build only knows up to 2. Refusing to load to avoid dropping fields the newer schema introduced — upgrade agent-code or pin schema_version manually.", n), path
	}
	exp := serdeExpected(want)
	if exp == "a map" && len(path) == 2 && path[0] == "mcp_servers" {
		exp = "struct McpServerEntry"
	}
	return "TOML parse error: " + fmt.Sprintf("invalid type: %s, expected %s", serdeGot(v), exp), path
}

// jsonTypeName is serde_json's name of a value's type
// (migrations::json_type_name).
func jsonTypeName(v *Value) string {
	switch v.Kind {
	case String:
		return "string"
	case Bool:
		return "bool"
	case Array:
		return "array"
	case Object:
		return "object"
	case Number:
		return "number"
	}
	return "null"
}

// agentCode's tool names (crates/lib/src/tools/mcp_proxy.rs
// McpProxyTool::new, normalize_name at c25b885f): "mcp__<server>__<tool>",
// each part with every character that Rust's char::is_alphanumeric
// refuses made "_" and ASCII capitals lower-cased; no length limit.
var agentCodeScheme = &Scheme{ID: "agent-code", Form: "mcp__<server>__<tool>",
	Server:       "a character that is not a letter or digit (Unicode's Alphabetic or Numeric) becomes `_`, ASCII capitals lower case",
	toolName:     func(server, tool string) string { return "mcp__" + agentCodePart(server) + "__" + agentCodePart(tool) },
	serverPrefix: agentCodePart}

// agentCodePart is normalize_name: Rust's char::is_alphanumeric is
// Unicode's Alphabetic (letters, letter numbers, Other_Alphabetic) or
// Numeric (Nd, Nl, No); to_ascii_lowercase changes only A-Z.
func agentCodePart(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for _, r := range s {
		switch {
		case 'A' <= r && r <= 'Z':
			b.WriteRune(r - 'A' + 'a')
		case unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.Is(unicode.Other_Alphabetic, r):
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}
