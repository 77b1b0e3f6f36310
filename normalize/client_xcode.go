package normalize

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"time"
)

// xcodeSrc names where x-code's facts were read: woai3c/x-code-cli, files
// under packages/core/src/, each at the commit named (the newest each was
// read at). x-code is not on the npm registry reachable here and its source
// is not built: no fact below was checked by running x-code. The mirror of
// the repository on the build machine (1531fd5d, 2026-02-09) predates its
// MCP code; the files were read in the stored index of public repositories
// at the commits named.
const xcodeSrc = "woai3c/x-code-cli `packages/core/src/"

// xcodeHome is ~/.x-code, which X_CODE_HOME replaces whole: config.json and
// trusted-projects.json (utils.ts userXcodeDir, trust.ts xcodeHome:
// process.env.X_CODE_HOME ?? USER_XCODE_DIR, a relative value joined as is,
// so relative to the directory x-code starts in).
var xcodeHome = &Base{Name: "X_CODE_HOME", Var: "X_CODE_HOME", Default: ".x-code"}

var xcodeFiles = []File{
	proj(".x-code/config.json", JSON),
	user(xcodeHome, "config.json", JSON),
}

// xcodeUnsafeEnv are the env keys env-safety.ts DANGEROUS_ENV_KEYS lists
// (b9477441), compared upper-cased.
var xcodeUnsafeEnv = []string{"NODE_OPTIONS", "LD_PRELOAD", "LD_LIBRARY_PATH", "LD_AUDIT",
	"DYLD_INSERT_LIBRARIES", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH", "DYLD_FALLBACK_LIBRARY_PATH", "DYLD_FALLBACK_FRAMEWORK_PATH",
	"BASH_ENV", "ENV", "PROMPT_COMMAND", "PYTHONSTARTUP", "PYTHONPATH", "PERL5OPT", "PERL5LIB", "RUBYOPT", "RUBYLIB"}

// xcode is x-code ("xc", woai3c/x-code-cli): its user config.json and the
// one in the directory it starts in, whole entries by name, project over
// user, the project's only after consent.
var xcode = &Client{
	ID:      "x-code",
	Aliases: []string{"xc", "xcode"},
	Product: "x-code",
	Version: "119b683a (source, not run)",
	// client.ts connect: new Client(CLIENT_INFO, { capabilities: {} })
	Capabilities: Capabilities{Source: xcodeSrc + "mcp/client.ts` `connect` (1e0058f0): `capabilities: {}`"},
	Layout: Layout{
		// project over user: {...user, ...plugins, ...project}; the
		// project file in the start directory only (loader.ts
		// path.join(opts.cwd, XCODE_DIR, 'config.json'))
		Files:   xcodeFiles,
		Merge:   WholeEntry,
		Project: AtStart,
		Schema:  "x-code",
	},
	Gates: Gates{
		// parseServersBlock drops an entry that fails the schema before
		// the merge: a broken project entry does not replace a user one
		SkipsInvalid: true,
		// parseServersBlock assigns each valid entry to a plain object:
		// servers["__proto__"] = … sets its prototype
		LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{Project, User}, UnlessInvalid: true,
			Why: "x-code collects the entries that pass its schema into a plain object, where %q sets the object's prototype instead of adding a server: it is lost without a warning"}},
		Trust: &Trust{
			Kind: TrustList, Effect: IgnoresProject,
			File: user(xcodeHome, "trusted-projects.json", JSON),
			Path: []string{"trusted"}, Value: "path",
			Ask:          `run xc in the project and choose "Trust this project"`,
			InvalidShown: true,
		},
	},
	Shape: Shape{
		ServersKey:  "mcpServers",
		WrongKeys:   mcpServersWrong,
		Fields:      []string{"type", "command", "args", "env", "cwd", "url", "headers", "timeout", "enabled"},
		TimeoutUnit: time.Millisecond,
		Timeouts:    []TimeoutField{{Key: "timeout", Unit: time.Millisecond, Bounds: BoundsStartup, Whole: true, Min: time.Millisecond, Max: 300 * time.Second}},
		Types:       []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}},
		Strictness:  RejectsServer,
		OnBoth:      RejectsEntry,
		EntrySchema: true,
	},
	Expansion: Expansion{
		// expand-env.ts REF_RE: ${VAR} and ${VAR:-default} in every string
		// of the entry, at connect, after the schema check; $VAR and
		// ${env:VAR} stay as written
		Placeholders: []Syntax{Dollar},
		VarForm:      "${%s}",
		Unset: []UnsetRule{{Does: UnsetFails, EmptyToo: true,
			Message: "Required environment variable not set: %[1]s", EmptyMessage: "Required environment variable not set: %[1]s",
			Source: xcodeSrc + "mcp/expand-env.ts` `expandEnvString` (c7cffecb)"}},
	},
	Launch: Launch{
		// client.ts buildTransport: the SDK's StdioClientTransport, no
		// shell; StreamableHTTPClientTransport for a url, no SSE
		NoShell:        true,
		NoSSE:          true,
		StartupTimeout: 30 * time.Second,
		UnsafeEnv:      xcodeUnsafeEnv,
		FailsListed:    true,
		ToolNames:      xcodeScheme,
	},
	Docs: Docs{
		Note:        "the project's .x-code/config.json over the user's ~/.x-code/config.json, whole entries by name; the project's only once trusted",
		DisableHint: `set "enabled": false`,
		Unverified:  "read in x-code's code, not run (it is not on npm here)",
		Facts: []Fact{
			{Topic: "files", Text: "user `~/.x-code/config.json` (`X_CODE_HOME` replaces `~/.x-code`, for `trusted-projects.json` too; a relative value is relative to the start directory); project `.x-code/config.json` in the directory x-code starts in only, no walk up",
				Source: xcodeSrc + "utils.ts` `userXcodeDir` (2338b95e, da4f2273), `mcp/loader.ts` `loadMergedConfigsFromDisk` (119b683a); cases xcode-no-walk-up, xcode-home-var"},
			{Topic: "format", Text: "plain `JSON.parse`: a file with comments or trailing commas, or without `mcpServers`, contributes no server, with no message but a debug-log line (mcpconf reports the parse error); `mcpServers` that is not an object is one config error `(root)` and no server of that file",
				Source: xcodeSrc + "mcp/loader.ts` `readMcpServersFromFile` (119b683a), `mcp/config-schema.ts` `parseServersBlock` (1e0058f0); cases xcode-jsonc, xcode-servers-not-object"},
			{Topic: "shape", Text: "a strict entry: `type` (`stdio` or `http`), `command`, `args`, `env`, `cwd`, `url` (http or https), `headers`, `timeout` (whole ms, 1–300000, default 30000), `enabled`; any other key (`disabled`, `transport`, `envFile`), `type: \"sse\"`, both or neither of `command` and `url`, a `type` that does not match, `headers` with `command` or `args`/`env`/`cwd` with `url` make the entry a config error `user:NAME`/`project:NAME`: it is dropped before the merge, the rest load",
				Source: xcodeSrc + "mcp/config-schema.ts` `serverSchema` `.strict()`, `superRefine` (1e0058f0); cases xcode-strict-keys, xcode-transports, xcode-timeout"},
			{Topic: "names", Text: "1–128 characters without control characters, else a config error; a valid entry named `__proto__` is lost without a word (assigned to a plain object, it sets the prototype)",
				Source: xcodeSrc + "mcp/config-schema.ts` `parseServersBlock` (1e0058f0); case xcode-proto"},
			{Topic: "merge", Text: "whole entry by name: user < plugins < project; an invalid project entry does not replace the user's of the same name",
				Source: xcodeSrc + "mcp/loader.ts` `loadMergedConfigsFromDisk`, `loadMcpServers` (119b683a); case xcode-merge"},
			{Topic: "trust", Text: "a project file with at least one valid server asks to trust the project unless `~/.x-code/trusted-projects.json` `{\"trusted\": [{\"path\": …}]}` lists the start directory (`path.resolve` equal: trailing slashes and `..` normalised, links not resolved, no parent inherited; lower-cased on Windows); skipped, or no terminal to ask on: no project server, user servers load; a file that does not parse or holds another shape trusts nothing",
				Source: xcodeSrc + "mcp/trust.ts` `readStore`, `normalize`, `isProjectTrusted` (da4f2273, ad4748e8), `mcp/loader.ts` `askForTrust`; cases xcode-untrusted, xcode-trust-no-parent, xcode-trust-resolve, xcode-trust-malformed"},
			{Topic: "switches", Text: "`enabled: false`: listed `disabled`, never connected",
				Source: xcodeSrc + "mcp/registry.ts` `connectOneServer` (119b683a); case xcode-disabled"},
			{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in every string of the entry, expanded when the server is connected, after the schema check (so `\"url\": \"${X}\"` is an invalid URL, a config error); a variable set to `\"\"` counts as unset; unset without a default fails that server (\"Required environment variable not set: VAR\"), the others load; `$VAR` and `${env:VAR}` stay as written, although x-code's docs promise `${env:VAR}`",
				Source: xcodeSrc + "mcp/expand-env.ts` `REF_RE`, `expandEnvString` (c7cffecb); `docs/mcp.en.md` (21f99253); cases xcode-missing-var, xcode-url-placeholder"},
			{Topic: "launch", Text: "a stdio server is spawned without a shell (`StdioClientTransport`): `~` and `$HOME` reach the system as written; an `env` key among NODE_OPTIONS, LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT, five DYLD_*, BASH_ENV, ENV, PROMPT_COMMAND, PYTHONSTARTUP, PYTHONPATH, PERL5OPT, PERL5LIB, RUBYOPT, RUBYLIB (any case) fails the server; a `url` is reached with streamable HTTP only; connect timeout `timeout` or 30 s",
				Source: xcodeSrc + "mcp/client.ts` `buildTransport` (1e0058f0), `mcp/env-safety.ts` `assertSafeEnv` (b9477441); case xcode-unsafe-env"},
			{Topic: "tools", Text: "`<server>__<tool>`: in each part every run of characters outside `[A-Za-z0-9_]` becomes `_`, leading and trailing `_` are trimmed, an empty part becomes the first 6 hex of its SHA-256; over 64 characters, the first 57 + `_` + 6 hex of SHA-256(`server::tool`); a name already taken (servers in `localeCompare` order) gets `_` + 4 to 12 hex of SHA-256(server)",
				Source: xcodeSrc + "mcp/name-mangling.ts` `buildCallableName` (4ded888c), `mcp/loader.ts` (sort by name)"},
			{Topic: "not modelled", Text: "servers that enabled x-code plugins contribute (`extraServers`, merged between user and project, trusted implicitly): mcpconf does not read x-code's plugins; at most 128 servers per file (the rest dropped with an error); OAuth tokens from `~/.x-code/mcp/tokens/<server>.json` (probe sends none)",
				Source: xcodeSrc + "mcp/loader.ts` `LoadOptions.extraServers` (119b683a), `mcp/config-schema.ts` `MAX_MCP_SERVERS` (1e0058f0)"},
		},
	},
	decode: decodeXcode,
}

func decodeXcode(d *decoder) {
	d.common()
	if !d.typed() {
		d.commandOrURL(NoTransport)
	}
	d.enabled("enabled", false)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
}

// x-code (woai3c/x-code-cli packages/core/src/mcp/name-mangling.ts
// buildCallableName at 4ded888c): "<server>__<tool>", each part through
// replace(/[^A-Za-z0-9_]+/g, "_") then replace(/^_+|_+$/g, ""), an empty
// part the first 6 hex of its SHA-256; a name over 64 characters is cut to
// 57 and given "_" and 6 hex of SHA-256("server::tool"). The suffix a
// name already taken gets depends on the servers before it; the collision
// check reports the names two servers share instead.
const xcodeMaxToolName = 64

var xcodeScheme = &Scheme{ID: "x-code", Form: "<server>__<tool>", MaxLen: xcodeMaxToolName,
	Server:   "every run of characters outside `[A-Za-z0-9_]` becomes one `_`, leading and trailing `_` trimmed; empty: 6 hex of its SHA-256",
	toolName: xcodeToolName, serverPrefix: xcodePart, fullName: xcodeFullName}

func xcodeToolName(server, tool string) string {
	name := xcodeFullName(server, tool)
	if len(name) > xcodeMaxToolName {
		sum := sha256.Sum256([]byte(server + "::" + tool))
		h := hex.EncodeToString(sum[:])[:6]
		name = name[:xcodeMaxToolName-1-len(h)] + "_" + h
	}
	return name
}

func xcodeFullName(server, tool string) string { return xcodePart(server) + "__" + xcodePart(tool) }

func xcodePart(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	run := false
	for _, r := range s {
		if 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_' {
			if run {
				b.WriteByte('_')
				run = false
			}
			b.WriteRune(r)
			continue
		}
		run = true
	}
	if run {
		b.WriteByte('_')
	}
	out := strings.Trim(b.String(), "_")
	if out == "" {
		sum := sha256.Sum256([]byte(s))
		return hex.EncodeToString(sum[:])[:6]
	}
	return out
}
