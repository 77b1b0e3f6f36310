package normalize

import "time"

// opencode is sst/opencode (now anomalyco/opencode).
var opencode = &Client{
	ID:      "opencode",
	Product: "opencode",
	Layout: Layout{
		Files:  opencodeFiles,
		Merge:  KeyByKey,
		Schema: "opencode",
		// a near miss seen in real repositories (issue 27)
		Ignored: []IgnoredFile{
			{File: proj(".opencode/mcp.json", JSON), Key: "mcp", Also: []string{"mcpServers", "servers", "mcp_servers"},
				Why: "it reads opencode.json or .opencode/opencode.json, servers under \"mcp\""},
		},
	},
	Shape: Shape{
		ServersKey:  "mcp",
		WrongKeys:   []string{"mcpServers", "servers", "mcp_servers", "context_servers"},
		Fields:      []string{"type", "command", "environment", "enabled", "timeout", "url", "headers", "oauth"},
		TimeoutUnit: time.Millisecond,
		// the time allowed to fetch the tool list: an integer
		Timeouts:     []TimeoutField{{Key: "timeout", Unit: time.Millisecond, Bounds: BoundsStartup, Whole: true}},
		Types:        []TypeLiteral{{"local", Stdio}, {"remote", HTTP}},
		TypeRequired: true,
		CommandArray: true,
		FieldKeys:    map[string]string{"env": "environment", "args": "command"},
		Strictness:   RejectsConfig,
		OnBoth:       RejectsFile,
		Missing:      map[string]string{"args": "opencode takes the arguments in the \"command\" array: [\"npx\", \"-y\", \"pkg\"]"},
	},
	Expansion: Expansion{
		Placeholders:       []Syntax{Brace, BraceFile},
		VarForm:            "{env:%s}",
		Unset:              []UnsetRule{{Does: UnsetEmpty, Source: "anomalyco/opencode `config.ts` `load()`"}},
		ExpandsEveryString: true,
	},
	Launch: Launch{
		NoShell:   true,
		ToolNames: opencodeScheme,
	},
	Docs: Docs{
		AddHint: "move them under \"mcp\" in opencode.json (each with \"type\": \"local\" and a \"command\" array, or \"type\": \"remote\" and a \"url\")",
		Note:    ".opencode/ over project files over global files, merged key by key",
		Facts: []Fact{
			{Topic: "names", Text: "no pattern for server names found (the `mcp` record's keys are any string) — UNVERIFIED: only `packages/opencode/src/mcp/sanitize.ts` and the config schema were read",
				Source: "anomalyco/opencode `packages/opencode/src/mcp/` (4c0ebacf)"},
			{Topic: "files", Text: "global `~/.config/opencode/config.json` < `opencode.json` < `opencode.jsonc` (XDG on every system); project `opencode.jsonc` then `opencode.json` walking up to the worktree root; `.opencode/opencode.jsonc` then `.opencode/opencode.json`",
				Source: "anomalyco/opencode `packages/opencode/src/config/config.ts` (002d9822)"},
			{Topic: "merge", Text: "remeda `mergeDeep`: objects merge key by key, arrays replace; a layer may hold only `{ \"enabled\": false }` for a server defined in another",
				Source: "anomalyco/opencode `config.ts`"},
			{Topic: "placeholders", Text: "`{env:VAR}` (unset becomes empty) and `{file:path}`, substituted in the raw text before parsing, so in any field; `${VAR}` is literal",
				Source: "anomalyco/opencode `config.ts` `load()`"},
			{Topic: "shape", Text: "`type` `local` (with `command` as one array and `environment`) or `remote` (with `url`, `headers`) is required; the schema is strict, so an unknown key rejects the whole config; `timeout` in milliseconds",
				Source: "anomalyco/opencode zod schemas (`.strict()`)"},
			{Topic: "shape", Text: "a local server starts without a shell (MCP SDK `StdioClientTransport`, cross-spawn with `shell: false`), with the first item of `command` as the program: `~` and `$HOME` are not expanded (`{env:HOME}` is)",
				Source: "anomalyco/opencode `packages/opencode/src/mcp/index.ts` (001133bc)"},
		},
	},
	decode: decodeOpencode,
}

var opencodeFiles = []File{
	// opencode's own order, highest first: .opencode/ over the project
	// files, opencode.json over opencode.jsonc at the same level.
	proj(".opencode/opencode.json", JSONC), proj(".opencode/opencode.jsonc", JSONC),
	proj("opencode.json", JSONC), proj("opencode.jsonc", JSONC),
	user(XDGConfigDir, "opencode/opencode.jsonc", JSONC), user(XDGConfigDir, "opencode/opencode.json", JSONC),
	user(XDGConfigDir, "opencode/config.json", JSONC),
}

// decodeOpencode reads opencode's mcp entries: type is required, command is
// one array holding the program and its arguments.
func decodeOpencode(d *decoder) {
	if cmd := d.strs("command"); len(cmd) > 0 {
		d.s.Command, d.s.Args = cmd[0], cmd[1:]
	}
	d.s.Env = d.strMap("environment")
	d.s.URL = d.str("url")
	d.s.Headers = d.strMap("headers")
	// No inference: without a valid type opencode rejects the entry.
	d.typed()
	d.enabled("enabled", false)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.Auth = d.e.Get("oauth")
}
