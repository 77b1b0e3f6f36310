package normalize

import (
	"slices"
	"strings"
	"sync"
	"time"
)

// claudeFields and claudeHostFields are the keys of Claude Code's server
// schemas for the types a config file may hold (stdio, sse, http,
// streamable-http, ws), as its zod schemas in the 2.1.331 binary declare
// them: the documented ones, and those a host application sets or the
// schema marks @internal. Keys outside them are dropped without a word; a
// known key of the wrong type makes Claude Code skip the server ("invalid
// MCP server config").
var (
	claudeFields     = []string{"type", "command", "args", "env", "url", "headers", "headersHelper", "oauth", "timeout", "alwaysLoad"}
	claudeHostFields = []string{"tools", "toolPermissions", "displayName", "discoveryCache", "bareElicitationCapability",
		"role", "request_timeout_ms", "orgMaxPermission"}
)

// claudeFieldChecks are the types Claude Code 2.1.331 requires of a
// server's fields, by its zod schemas of the stdio (R8t), sse (u7n), http
// (ivn) and ws (r1r) configs, each checked only on its own type (a field
// of another type is dropped): an entry that breaks one is skipped with
// "Skipped — invalid MCP server config" (the config parser Rvt): a url
// over 65,536 characters too, and an oauth authServerMetadataUrl over
// 4,096 characters or not starting with https:// ("authServerMetadataUrl
// must use https://"; testdata/clients/claude-oauth-metadata-http). Not
// checked here: whether authServerMetadataUrl parses as a URL, the values
// of tools[].permission_policy and toolPermissions.
var claudeFieldChecks = []FieldCheck{
	{Path: "command", Kind: NonEmptyText, Transports: claudeStdio, Required: true},
	{Path: "args", Kind: TextList, Transports: claudeStdio},
	{Path: "env", Kind: TextMap, Transports: claudeStdio},
	{Path: "url", Kind: TextField, Transports: claudeNet, Required: true, MaxLen: 65536},
	{Path: "headers", Kind: TextMap, Transports: claudeNet},
	{Path: "headersHelper", Kind: TextField, Transports: claudeNet},
	{Path: "oauth", Kind: Table, Transports: claudeRemote},
	{Path: "oauth.clientId", Kind: TextField, Transports: claudeRemote},
	{Path: "oauth.callbackPort", Kind: PositiveInt, Transports: claudeRemote},
	{Path: "oauth.authServerMetadataUrl", Kind: TextField, Transports: claudeRemote, MaxLen: 4096, Prefix: "https://"},
	{Path: "oauth.scopes", Kind: NonEmptyText, Transports: claudeRemote},
	{Path: "oauth.xaa", Kind: Flag, Transports: claudeRemote},
	{Path: "timeout", Kind: PositiveInt},
	{Path: "tools", Kind: TableList, Transports: claudeRemote},
	{Path: "tools.*.name", Kind: TextField, Transports: claudeRemote, Required: true},
	{Path: "alwaysLoad", Kind: Flag},
	{Path: "bareElicitationCapability", Kind: Flag},
	{Path: "discoveryCache", Kind: Flag, Transports: claudeRemote},
	{Path: "toolPermissions", Kind: Table, Transports: claudeRemote},
}

// The server types of Claude Code's schemas: stdio; sse and http (with
// oauth and tools); and ws besides them.
var (
	claudeStdio  = []Transport{Stdio}
	claudeRemote = []Transport{HTTP, SSE}
	claudeNet    = []Transport{HTTP, SSE, WS}
)

// claudeReservedParts are the names Claude Code 2.1.331 keeps for its own
// servers and skips in a config file on a user's machine (outside a hosted
// session), compared by their server part (claudeServerPart): the "c1",
// "s1" and "u1" sets of its Jse() check, "webagent" and
// "claude-code-remote". claudeReservedExact are compared as written: a
// Slack sign-in entry, and the names its Uie() check refuses because they
// collide with JavaScript's Object.prototype.
var (
	claudeReservedParts = []string{"workspace", "claude-in-chrome", "Claude in Chrome", "Claude Preview", "Claude Browser",
		"computer-use", "claude-device", "hearthbot", "remote-devices", "claude_ai", "ccr-email", "webagent", "claude-code-remote"}
	claudeProtoNames    = []string{"__proto__", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"}
	claudeReservedExact = append([]string{"Slack sign-in (Claude Code tag)"}, claudeProtoNames...)
)

// claudeManagedName is Claude Code 2.1.331's check of a managedMcpServers
// key (cn()).
func claudeManagedName(name string) bool {
	if name == "" || name == "constructor" || name == "prototype" || slices.Contains(claudeProtoNames, name) {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// claudeServerPart is the server part of "mcp__<name>__tool" as Claude Code
// reads it back (XVe(): the name sanitized by Mn(), every character
// outside [A-Za-z0-9_-] made "_", then cut at its first "__"); "" when
// the name starts with "__".
func claudeServerPart(name string) string {
	var b strings.Builder
	b.Grow(len(name))
	prev := false // the last character written was "_"
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			r = '_'
		}
		if r == '_' && prev {
			return b.String()[:b.Len()-1]
		}
		prev = r == '_'
		b.WriteRune(r)
	}
	return b.String()
}

// claudeMcpName is a server name as Claude Code 2.1.331 normalizes it
// (Mn()): every UTF-16 unit outside [A-Za-z0-9_-] made "_" (a character
// beyond U+FFFF is two); a name that starts with "claude.ai " then has
// its runs of "_" made one and no "_" at either end.
func claudeMcpName(name string) string {
	var out strings.Builder
	out.Grow(len(name))
	for _, r := range name {
		switch {
		case r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_':
			out.WriteRune(r)
		case r > 0xFFFF:
			out.WriteString("__")
		default:
			out.WriteByte('_')
		}
	}
	n := out.String()
	if !strings.HasPrefix(name, "claude.ai ") {
		return n
	}
	var c strings.Builder
	for i := 0; i < len(n); i++ {
		if n[i] == '_' && c.Len() > 0 && c.String()[c.Len()-1] == '_' {
			continue
		}
		c.WriteByte(n[i])
	}
	return strings.Trim(c.String(), "_")
}

// claudeApprovalLists are the approval lists Claude Code 2.1.331 reads
// as a list of one name when they hold it as text (nMt()'s keys).
var claudeApprovalLists = []string{"enabledMcpjsonServers", "disabledMcpjsonServers"}

// claudeOneName is the text nMt() reads as a list of one name:
// /^[A-Za-z0-9_-]+$/.
func claudeOneName(text string) bool {
	if text == "" {
		return false
	}
	for _, r := range text {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return false
		}
	}
	return true
}

// claudeDisabledMatch is how Claude Code 2.1.331 matches a
// disabledMcpjsonServers entry with a server's name (a7n()): exactly, or,
// when neither starts with "plugin:", by their normalized names
// (claudeMcpName): "a.b" rejects "a_b".
func claudeDisabledMatch(entry, name string) bool {
	if entry == name {
		return true
	}
	if strings.HasPrefix(entry, "plugin:") || strings.HasPrefix(name, "plugin:") {
		return false
	}
	return claudeMcpName(entry) == claudeMcpName(name)
}

// claudeReservedByPart maps the server part of each reserved name to the
// name, built on first use.
var claudeReservedByPart = sync.OnceValue(func() map[string]string {
	m := make(map[string]string, len(claudeReservedParts))
	for _, r := range claudeReservedParts {
		if p := claudeServerPart(r); p != "" {
			if _, ok := m[p]; !ok {
				m[p] = r
			}
		}
	}
	return m
})

// claudeReservedName compares as Claude Code does: the prototype names and
// the Slack entry exactly, the others by their server part, case
// sensitive ("Claude Preview" and "Claude_Preview" are one name, and so
// is "workspace__x").
func claudeReservedName(name string) string {
	if slices.Contains(claudeReservedExact, name) {
		return name
	}
	part := claudeServerPart(name)
	if part == "" {
		return ""
	}
	return claudeReservedByPart()[part]
}

// claudeDenyList and claudeAllowList are Claude Code's deniedMcpServers
// and allowedMcpServers read from files: entries by serverName,
// serverCommand or serverUrl, every file's adding up, the allow-list
// letting managed servers through and, with allowManagedMcpServersOnly
// in a managed file, only the managed files' allow-list counting. Copilot
// CLI's managed policy is "aligned with Claude Code semantics" and reads
// them so.
func claudeDenyList(files []File) List {
	return List{Path: []string{"deniedMcpServers"}, Effect: DenyList, Combine: Union, Files: files,
		Entries:       &ListEntries{NameKey: "serverName", CommandKey: "serverCommand", URLKey: "serverUrl", NamePattern: `^\S(.*\S)?$`, Expands: true},
		ProjectExempt: []Scope{Managed}}
}

func claudeAllowList(files []File) List {
	return List{Path: []string{"allowedMcpServers"}, Effect: AllowList, Combine: Union, Files: files,
		Entries:     &ListEntries{NameKey: "serverName", CommandKey: "serverCommand", URLKey: "serverUrl", NamePattern: `^[A-Za-z0-9_-]+$`, Strict: true, Expands: true, ProcessEnv: true},
		EmptyBlocks: true, Exempt: []Scope{Managed}, ManagedOnly: "allowManagedMcpServersOnly"}
}

// claudeDir is $CLAUDE_CONFIG_DIR, default ~/.claude; claudeStateDir is
// $CLAUDE_CONFIG_DIR, default the home (where .claude.json lives).
var (
	claudeDir      = &Base{Name: "CLAUDE_CONFIG_DIR", Var: "CLAUDE_CONFIG_DIR", Default: ".claude"}
	claudeStateDir = &Base{Name: "CLAUDE_CONFIG_DIR (state)", Var: "CLAUDE_CONFIG_DIR"}
)

// claude is Claude Code. As a pisces provider ("claude", priority 80, in
// pisces's providers table) it stands for the files pisces reads under
// that name (.claude/mcp.json, ~/.claude.json, ~/.claude/mcp.json), which
// are not all Claude Code's own.
var claude = &Client{
	ID:      "claude",
	Aliases: []string{"claude-code"},
	Product: "Claude Code",
	Version: "2.1.331",
	Capabilities: Capabilities{Roots: true, Elicitation: true,
		Source: "the initialize request Claude Code 2.1.331 sends (claude mcp list, captured by scripts/clientcheck/capabilities.sh): roots with listChanged, elicitation form and url; the bundle's w() and spn()"},
	Layout: Layout{
		Files: []File{
			// The machine's managed-mcp.json, with exclusive control while it
			// exists, then the managedMcpServers of its managed settings.
			claudeManagedMCP[0], claudeManagedMCP[1], claudeManagedMCP[2],
			claudeManagedServers(claudeManagedSettings[0]), claudeManagedServers(claudeManagedSettings[1]), claudeManagedServers(claudeManagedSettings[2]),
			// The legacy ~/.claude/.config.json, when it exists, is read instead
			// of ~/.claude.json (group "state"); CLAUDE_CONFIG_DIR moves both.
			// Claude Code writes them under a lock, <file>.lock (the config
			// save io in the 2.1.331 binary), and creates them with mode 0600.
			{Scope: Local, Base: claudeDir, Path: ".config.json", Format: JSON, Section: "projects", Group: "state", Lock: ".lock", Private: true},
			{Scope: Local, Base: claudeStateDir, Path: ".claude.json", Format: JSON, Section: "projects", Group: "state", Lock: ".lock", Private: true},
			proj(".mcp.json", JSON),
			{Scope: User, Base: claudeDir, Path: ".config.json", Format: JSON, Group: "state", Lock: ".lock", Private: true},
			{Scope: User, Base: claudeStateDir, Path: ".claude.json", Format: JSON, Group: "state", Lock: ".lock", Private: true},
		},
		// .mcp.json is read in the working directory and every directory above
		// it; projects[<root>] in ~/.claude.json is keyed by the git root.
		Project:     StartUp,
		RootMarkers: []string{".git"},
		Ignored: []IgnoredFile{
			{File: user(claudeDir, "settings.json", JSON), Key: "mcpServers", Why: "settings.json holds settings, not servers"},
			{File: user(claudeDir, "mcp.json", JSON), Key: "mcpServers", Why: "it is not one of its files"},
			{File: proj(".claude/mcp.json", JSON), Key: "mcpServers", Also: mcpServersWrong, Why: "the project's servers go in .mcp.json at the root"},
			{File: proj(".claude/.mcp.json", JSON), Key: "mcpServers", Also: mcpServersWrong, Why: "the project's servers go in .mcp.json at the root"},
			{File: proj(".claude/settings.json", JSON), Key: "mcpServers", Why: "settings.json holds settings, not servers"},
			{File: proj(".claude/settings.local.json", JSON), Key: "mcpServers", Why: "settings.local.json holds settings, not servers"},
		},
		Schema:          "mcp-servers",
		HomeLocal:       true,
		WorktreeMainKey: true,
		// the project key A_e: the git root, canonical (FD/Gi)
		PhysicalKeys: true,
	},
	Gates: Gates{
		// enabledPlugins in the settings, merged as the other settings
		// (managed over local over project over user); marketplaces declared
		// in extraKnownMarketplaces as a folder load their plugins in place
		Plugins: &Plugins{Enabled: "enabledPlugins", Name: "plugin:%s:%s",
			Settings: []Setting{
				{File: claudeManagedSettings[0]}, {File: claudeManagedSettings[1]}, {File: claudeManagedSettings[2]},
				// trusted or not (testdata/clients/claude-plugin-untrusted)
				{File: claudeLocalSettings}, {File: claudeLocalSettingsStart},
				{File: claudeProjectSettings}, {File: claudeUserSettings},
			},
			// a project's own marketplaces once trusted (testdata/clients/
			// claude-plugin-project-market-untrusted, -trusted,
			// claude-plugin-market-in-project-untrusted)
			Markets: "extraKnownMarketplaces", Directory: "directory", File: "file", MarketManifest: ".claude-plugin/marketplace.json", MarketsTrusted: true,
			Manifest: ".claude-plugin/plugin.json", ServersKey: "mcpServers", ServersFile: ".mcp.json",
			RootVar: "CLAUDE_PLUGIN_ROOT", EnvOwn: []string{"CLAUDE_PLUGIN_ROOT", "CLAUDE_PLUGIN_DATA"},
			// an entry it rejects is left out of claude mcp list without a
			// word (testdata/clients/claude-plugin-invalid-entry)
			InvalidUnlisted: true,
			Dedup:           true,
			Source:          "Claude Code 2.1.331 binary: `gv` (plugin servers merged below every scope), `hon`/`pon` (`.mcp.json`, then the manifest's `mcpServers`: an object, a path, or a list of both), `jSe` (`mcpServers` or the whole object), `pfs` (duplicates), `xO` (signatures), `url` (a declared folder marketplace loads in place), `FPo`; testdata/clients/claude-plugin-local, claude-plugin-off-dupproject, claude-plugin-manifest, claude-plugin-untrusted, claude-plugin-project-market-*, claude-plugin-market-in-project-untrusted"},
		Approval: &Approval{
			Scope:     Project,
			EnableAll: "enableAllProjectMcpServers",
			Enabled:   "enabledMcpjsonServers",
			Disabled:  "disabledMcpjsonServers",
			// managed settings count trusted or not; the project's own files
			// once it is trusted
			// one name as text is a list of it (nMt) in the settings files
			// but not the managed ones (policySource), and in
			// projects[<root>] for disabledMcpjsonServers only (the
			// start-up move of those approvals runs nMt on it and keeps
			// only the arrays of enabledMcpjsonServers)
			Settings: []Setting{
				{File: claudeManagedSettings[0]}, {File: claudeManagedSettings[1]}, {File: claudeManagedSettings[2]},
				{File: claudeLocalSettings, Trusted: true, Accepted: true, OneName: claudeApprovalLists},
				// moved into the root's .claude/settings.local.json at
				// start, so they rank with it: over the working
				// directory's (testdata/clients/gen-claude-5fc826dc), under
				// what the root's file itself sets (claude-approval-moved-rank)
				{File: claudeState(Local, "projects"), Trusted: true, OneName: claudeApprovalLists[1:], MovedInto: &claudeLocalSettings},
				{File: claudeLocalSettingsStart, Trusted: true, Accepted: true, OneName: claudeApprovalLists},
				{File: claudeProjectSettings, Trusted: true, OneName: claudeApprovalLists},
				{File: claudeUserSettings, OneName: claudeApprovalLists},
			},
			OneName: claudeOneName,
			Merged:  true,
			// disabledMcpjsonServers matches by normalized name;
			// enabledMcpjsonServers exactly (VBr: a7n only when the
			// tengu_misty_oasis flag, default on, is off)
			DisabledMatch: claudeDisabledMatch,
			Ask:           "run claude in the project and approve the server when it asks",
			// accepting the trust dialog leads to the approval dialog
			AskNext:     "approve the server when claude asks",
			BeforeLists: true,
		},
		Trust: &Trust{
			Kind: TrustFlag, Effect: GatesApproval,
			File: claudeState(Local, "projects"),
			Path: []string{"projects", "<root>", "hasTrustDialogAccepted"}, UpToRoot: true,
			Ask: "run claude in the project and accept its trust dialog",
		},
		Lists: []List{
			// deniedMcpServers and allowedMcpServers: every settings file's
			// entries add up, trusted or not; deny is checked first and applies
			// to every server; an allow-list lets the managed servers through
			// unless they use ${VAR}, and allowManagedMcpServersOnly in managed
			// settings leaves only the managed allow-list.
			claudeDenyList(claudeListFiles),
			claudeAllowList(claudeListFiles),
			// /mcp disable writes projects[<root>].disabledMcpServers.
			{File: &claudeStateFile, Path: []string{"projects", "<root>", "disabledMcpServers"}, Effect: HideList, Combine: Union},
		},
		// a ~/.claude.json that does not parse stops claude before it reads any
		// server (2.1.331: "Configuration error in …", exit code 1, checked by
		// the differential harness: '{} x' and a truncated object stop it; an
		// empty file, null and [] do not)
		BadFiles: []BadFile{
			{Message: "Fix the JSON in ~/.claude.json, or move the file aside to start with default settings", ExitCode: 1, Names: []string{".claude.json"}, SyntaxOnly: true, EmptyOK: true},
			// "Managed settings document could not be parsed as a JSON object;
			// none of its settings are in effect. Fix or remove it." (the
			// harness: null and [] stop it, exit code 1; an empty file does not)
			{Message: "Managed settings document could not be parsed as a JSON object; none of its settings are in effect. Fix or remove it.", ExitCode: 1, Names: []string{"managed-settings.json"}, EmptyOK: true},
		},
		// .mcp.json is read into a plain object: "__proto__" sets its
		// prototype, and no warning names it (the harness; in ~/.claude.json
		// the name is refused as reserved, with a warning)
		LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{Project},
			Why: "Claude Code reads .mcp.json into a plain object, where %q sets the object's prototype instead of adding a server: it is lost without a warning"}},
		// managedMcpServers keys: /^[A-Za-z0-9_-]+$/, not a __proto__-like
		// name, "constructor" or "prototype" (2.1.331's cn(), message Dt)
		RemoteNames: &NameRule{OK: claudeManagedName,
			Say: "server names may only contain letters, numbers, hyphens and underscores, and may not be constructor, prototype, __proto__, __defineGetter__, __defineSetter__, __lookupGetter__ or __lookupSetter__"},
		Locks: []Lock{
			// safe mode (CLAUDE_CODE_SAFE_MODE or --safe-mode): gv returns no
			// server at all (Gr("mcpAutoDiscovered"): _s() and the safe mode's
			// table leaving mcpAutoDiscovered off)
			{Env: "CLAUDE_CODE_SAFE_MODE", EnvTrue: []string{"1", "true", "yes", "on"}, Status: StatusDisabled, InvalidShown: true,
				Does: "Claude Code runs in safe mode and loads no MCP server", Hint: "unset CLAUDE_CODE_SAFE_MODE",
				Source: "Claude Code 2.1.331 binary: `_s()` (`De(process.env.CLAUDE_CODE_SAFE_MODE)`, `De`: 1, true, yes, on), `Gr(\"mcpAutoDiscovered\")` at the start of `gv`; testdata/clients/gen-claude-dbee9c58; an entry it rejects is still reported invalid by `claude mcp list`'s config diagnostics (Claude Code 2.1.331 and 2.1.332: testdata/clients/gen-claude-e6aaea9b, gen-claude-f557a4e2)"},
			// managed strictPluginOnlyCustomization (Zl("mcp")): gv reads no
			// user, project or local server; managed ones and plugins' load
			{Files: claudeManagedSettings, Path: []string{"strictPluginOnlyCustomization"}, Item: "mcp", InvalidOn: true,
				Keeps: []Scope{Managed, PluginScope}, Status: StatusBlocked,
				Does: "Claude Code loads MCP servers only from managed settings and plugins", Hint: "ask the machine's administrator to provide the server through managed settings or a plugin",
				Source: "Claude Code 2.1.331 binary: `Zl` (`he(\"policySettings\")?.strictPluginOnlyCustomization`: true, or an array holding \"mcp\"), `gv` (`C=Zl(\"mcp\")` empties the user, project and local scopes), the managed schema's `.catch` (\"was present but invalid; treating it as true\"), the merge `Bt` (arrays of every source added up unless the merged value is true); testdata/clients/gen-claude-02182396, gen-claude-2b473206, gen-claude-64eb8590"},
		},
		HidesBlocked: true,
		SkipsInvalid: true,
	},
	Shape: Shape{
		ServersKey:      "mcpServers",
		WrongKeys:       mcpServersWrong,
		Fields:          claudeFields,
		HostFields:      claudeHostFields,
		Types:           []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"streamable-http", HTTP}, {"sse", SSE}, {"ws", WS}},
		RemoteNeedsType: true,
		PluginManifest:  ".claude-plugin/plugin.json",
		NameChars:       true,
		// claude mcp add refuses other names ("Invalid name NAME. Names
		// can only contain letters, numbers, hyphens, and underscores.",
		// 2.0.25 in praha-inc/byethrow#319, again in 2026-08 in
		// withastro/docs-mcp#16); a file's entry of another name loads,
		// its tools named with "_" for the other characters
		NamePattern: &NamePattern{Pattern: `^[a-zA-Z0-9_-]+$`, Refuses: "`claude mcp add` refuses the name %q", AddOnly: true,
			Source: "`claude mcp add`'s own message (2.0.25: praha-inc/byethrow#319; 2026-08: withastro/docs-mcp#16); its code is not public"},
		// "timeout" bounds each tool call, in milliseconds; below 1000 it is
		// ignored and MCP_TOOL_TIMEOUT (or the default) applies.
		TimeoutUnit:       time.Millisecond,
		TimeoutFloor:      time.Second,
		ToolTimeoutFields: []string{"timeout"},
		// an integer above 0 (claudeFieldChecks)
		Timeouts:           []TimeoutField{{Key: "timeout", Unit: time.Millisecond, Bounds: BoundsCall, Whole: true, Min: time.Second}},
		RequiresServersKey: true,
		FieldChecks:        claudeFieldChecks,
		Missing:            map[string]string{"startup_timeout": "Claude Code has no per-server startup timeout: set the MCP_TIMEOUT environment variable (milliseconds); its \"timeout\" bounds each tool call"},
	},
	Expansion: Expansion{
		ExpandFields: []string{"command", "args", "env", "url", "headers"},
		Placeholders: []Syntax{Dollar},
		VarForm:      "${%s}",
		Unset: []UnsetRule{{Does: UnsetLiteral,
			Source: "Claude Code 2.1.330: testdata/clients/claude-env-unset (the value captured from a started server)"}},
		// ~/.claude.json's env (globalConfig), then the settings sources
		// above the repository: the user's, (--settings,) the managed
		// ones; the project's .claude/settings.json and
		// .claude/settings.local.json are put back once applied
		// (applyConfigEnvironmentVariables: mpa) and never reach a server
		EnvFiles: []EnvFile{
			{File: claudeStateFile, Path: []string{"env"}, Values: EnvScalars, Keeps: claudeEnvKeeps, Source: claudeEnvSource},
			{File: claudeUserSettings, Path: []string{"env"}, Values: EnvAnyValue, Keeps: claudeEnvKeeps, Source: claudeEnvSource},
			{File: claudeManagedSettings[0], Path: []string{"env"}, Values: EnvAnyValue, Keeps: claudeEnvKeeps, Source: claudeEnvSource},
			{File: claudeManagedSettings[1], Path: []string{"env"}, Values: EnvAnyValue, Keeps: claudeEnvKeeps, Source: claudeEnvSource},
			{File: claudeManagedSettings[2], Path: []string{"env"}, Values: EnvAnyValue, Keeps: claudeEnvKeeps, Source: claudeEnvSource},
		},
	},
	Launch: Launch{
		NoShell:   true,
		ToolNames: claudeScheme,
	},
	Docs: Docs{
		AddHint:      "move them to .mcp.json for the project, or add them with \"claude mcp add\" (user or local scope)",
		Note:         "managed files (only they while managed-mcp.json exists), then local scope, then the project's .mcp.json, then ~/.claude.json; one definition wins whole; enabled plugins add plugin:PLUGIN:SERVER, a plugin server that repeats a loaded server dropped",
		DisableHint:  "Claude Code has no per-server switch: remove the server or turn it off with /mcp",
		LoadPathFile: "claude-code.json",
		Facts: []Fact{
			{Topic: "names", Text: "`claude mcp add` refuses a name outside `^[a-zA-Z0-9_-]+$` (\"Invalid name Astro docs. Names can only contain letters, numbers, hyphens, and underscores.\"); an entry of another name in a file loads, its tools named with `_` for the other characters",
				Source: "praha-inc/byethrow#319 (Claude Code 2.0.25), withastro/docs-mcp#16 (2026-08); its code is not public"},
			{Topic: "shape", Text: "an entry Claude Code skips as it reads its file (a field of the wrong type, a reserved name, an entry that is not an object, a `managedMcpServers` entry it ignores) does not exist for it: it is `invalid` whatever approval or list would have stopped it, and a definition of the same name in another scope takes its place",
				Source: "Claude Code 2.1.331 binary: each scope's servers are parsed on their own before `gv` merges them and before the policy filter; the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get)"},
			{Topic: "precedence", Text: "approvals are decided while scopes merge, before allow- and deny-lists: a pending or rejected project server gives way to another scope's server of the same name (even when a list would block the project's), and the lists then judge the server that won",
				Source: "Claude Code 2.1.331 binary: `gv` (`if(Nn in Q||Nn in z||Nn in k||Nn in pe)continue` for project servers that are not approved; the policy filter after the merge); the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get)"},
			{Topic: "switches", Text: "approvals count once `projects[<git root>].hasTrustDialogAccepted` is true; when only the key of a directory between the working directory and the git root says so (not a parent of the git root), `.claude/settings.local.json` approves and `.claude/settings.json` does not",
				Source: "Claude Code 2.1.331 binary: `jI` (`projects[A_e()]`, then `Ah`/`vh` walking up from the working directory and stopping at the root), `ty`, `$Oo`; testdata/clients/claude-settings-subdir, claude-trust-parent, claude-approval-untrusted, claude-trust-cwd-key; the differential harness (seed 1 tree 6, seed 3 tree 287)"},
			{Topic: "switches", Text: "approvals in `projects[<root>]` of `~/.claude.json` (`enableAllProjectMcpServers`, `enabledMcpjsonServers`) rank with the root's `.claude/settings.local.json`, into which Claude Code moves them at start: `true` there approves over `false` in `.claude/settings.json` and in the working directory's `.claude/settings.local.json` (started in a subdirectory), and `false` in the root's `.claude/settings.local.json` wins over it",
				Source: "testdata/clients/claude-projects-approval-rank, gen-claude-c7871e96, gen-claude-5fc826dc, claude-approval-moved-rank; the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get); UNVERIFIED in the bundle (the merged settings `ro` could not be traced)"},
			{Topic: "switches", Text: "deny-lists in the project's own settings (`.claude/settings.json`, `.claude/settings.local.json`) do not reach managed servers (`managed-mcp.json`, `managedMcpServers`); the user's and the managed settings' do",
				Source: "the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get) (three trees, shrunk)"},
			{Topic: "files", Text: "a `~/.claude.json` that does not parse stops Claude Code before it lists anything (\"Configuration error in …\", exit code 1; an empty file, `null` and `[]` do not), and so does a `managed-settings.json` that is not a JSON object (\"Managed settings document could not be parsed as a JSON object\", `null` and `[]` included; an empty one does not)",
				Source: "testdata/clients/claude-managed-settings-empty, gen-claude-7f7cc26b; the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get)"},
			{Topic: "shape", Text: "a server named `__proto__` in `.mcp.json` is lost without a warning (the file is read into a plain object); in `~/.claude.json` it is refused as a reserved name, with a warning",
				Source: "the differential harness (scripts/clientcheck/harness.py, seed 2: generated trees run through claude mcp list and get); testdata/clients/claude-reserved-names"},
			{Topic: "environment", Text: "a stdio server inherits Claude Code's whole environment, secrets included; `env` is set on top",
				Source: "Claude Code 2.1.330: testdata/clients/claude-env-inherit"},
			{Topic: "files", Text: "project `.mcp.json` in the working directory and every directory above it, the nearest winning (`~/.mcp.json` too); user `~/.claude.json` top-level `mcpServers`; local `~/.claude.json` `projects[<git root>].mcpServers`; managed `managed-mcp.json` and managed settings' `managedMcpServers`. `CLAUDE_CONFIG_DIR=D` reads `D/.claude.json` and `D/settings.json` instead; a legacy `.config.json` in the config directory (`~/.claude` or `D`) is read instead of `.claude.json` when it exists",
				Source: "Claude Code 2.1.330: testdata/clients/claude-subdir-*, claude-parent-mcpjson, claude-project-under-home, claude-mcpjson-nearest, claude-config-dir*, claude-legacy-config-json"},
			{Topic: "files", Text: "`CLAUDE_CONFIG_DIR` is used as set: a relative value (`cfg`) is relative to the directory Claude Code starts in, and `~` is not expanded (`~/cfg` is a directory named `~` there); links are not resolved, and a directory that does not exist holds no file to read. mcpconf resolves it at `--root`, not in its own working directory; with `--home`, a directory outside both `--home` and `--root` is ignored (a note says so)",
				Source: "Claude Code 2.1.331 (native binary, its embedded cli.js): the config home is `(process.env.CLAUDE_CONFIG_DIR ?? join(homedir(), \".claude\")).normalize(\"NFC\")` and `.claude.json` is `join(process.env.CLAUDE_CONFIG_DIR || homedir(), \".claude.json\")` (node `path.join`: no `~`, no `realpath`); testdata/clients/homes-relative, homes-tilde, homes-relative-missing"},
			{Topic: "files", Text: "`mcpServers` in `~/.claude/settings.json`, `~/.claude/mcp.json`, `.claude/mcp.json`, `.claude/.mcp.json`, `.claude/settings.json` or `.claude/settings.local.json` is ignored without a word",
				Source: "Claude Code 2.1.330: testdata/clients/claude-misplaced"},
			{Topic: "precedence", Text: "local > approved project > user, one definition wins whole; a pending project server does not hide the user's server of the same name",
				Source: "Claude Code 2.1.330: testdata/clients/claude-scopes, claude-shadow-user-pending, claude-shadow-user-approved"},
			{Topic: "switches", Text: "a `.mcp.json` server starts once approved: `enabledMcpjsonServers` lists it or `enableAllProjectMcpServers` is true. In an untrusted project (`projects[<git root>].hasTrustDialogAccepted` not true) only `~/.claude/settings.json` and the managed settings approve; `.claude/settings.local.json`, `.claude/settings.json` and `projects[<root>]` count once trusted. `disabledMcpjsonServers` anywhere rejects, trusted or not. `enabledMcpjsonServers` names match exactly; a `disabledMcpjsonServers` entry rejects every server whose name is the same once the characters outside `[A-Za-z0-9_-]` become `_` (`a.b` rejects `a_b`; `plugin:` names exactly). `/mcp disable` (`projects[<root>].disabledMcpServers`) turns off project and user servers",
				Source: "Claude Code 2.1.330, 2.1.331: testdata/clients/claude-approval-*, claude-enableall-*, claude-rejected-*, claude-approval-case, claude-disabled-project, claude-trust-parent, claude-managed-approval-untrusted; 2.1.331 binary: `jst` (`a7n` for disabled entries, `VBr` for enabled ones: exact while the flag `tengu_misty_oasis`, default on, holds), `Mn`; testdata/clients/gen-claude-052ae70e (the differential harness, seed 5)"},
			{Topic: "switches", Text: "`enabledMcpjsonServers` or `disabledMcpjsonServers` holding one name as text (`\"c\"`, the name matching `^[A-Za-z0-9_-]+$`) is read as a list of that name in the user, project and local settings, not in managed settings; in `projects[<root>]` of `~/.claude.json` only `disabledMcpjsonServers` is (the start-up move of those approvals into `.claude/settings.local.json` reads it so, and keeps only an array of `enabledMcpjsonServers`)",
				Source: "Claude Code 2.1.331 binary: `nMt` (keys `enabledMcpjsonServers`, `disabledMcpjsonServers`, `/^[A-Za-z0-9_-]+$/`) called by the settings check `Se` unless `policySource`; the migration `migrateEnableAllProjectMcpServersToSettings` (`nMt` on disabled, `Ir` on enabled); testdata/clients/gen-claude-7d2faadc, gen-claude-1707eac5, gen-claude-8f5ed1e9 (the differential harness, seeds 4, 5, 72), claude-managed-onename-not-list"},
			{Topic: "switches", Text: "the approvals of `projects[<root>]` in `~/.claude.json` (`enableAllProjectMcpServers` true, `enabledMcpjsonServers`, `disabledMcpjsonServers`) count because Claude Code moves them into the root's `.claude/settings.local.json` when it starts; while that file exists and holds no JSON object (`[]`, text that does not parse) it defers the move and they count for nothing (an empty file is no settings, and the move goes ahead)",
				Source: "Claude Code 2.1.331 binary: `migrateEnableAllProjectMcpServersToSettings` (`jzr`: \"deferring — settings.local.json carries validation errors\", `Scr`/`gYt` on `kn(\"localSettings\")`), the settings reader `rA`, the approval check `jst` reading merged settings only; testdata/clients/gen-claude-a86b9d75, gen-claude-8075645a (the differential harness, seed 71), claude-projects-approval-empty-local. A settings.local.json that parses but fails its schema defers the move too (not modelled here)"},
			{Topic: "switches", Text: "`CLAUDE_CODE_SAFE_MODE` set to `1`, `true`, `yes` or `on` (any case, spaces around allowed; `--safe-mode` likewise) makes Claude Code load no MCP server, managed ones included: `claude mcp list` says none is configured",
				Source: "Claude Code 2.1.331 binary: `_s()`, `De()`, `Gr(\"mcpAutoDiscovered\")` returning early in `gv`; testdata/clients/gen-claude-dbee9c58 (the differential harness, seed 72), claude-safe-mode-yes"},
			{Topic: "switches", Text: "managed settings' `strictPluginOnlyCustomization` true, or an array holding `\"mcp\"` (the arrays of every managed file adding up unless the merged value is true; a value of another type taken for true), keeps every user, project and local server out: they are not read at all (no approval, list or warning about them) and `claude mcp list` shows only managed and plugin servers. In user or project settings it does nothing",
				Source: "Claude Code 2.1.331 binary: `Zl`, `gv`, the managed schema's `.catch`, the merge `Bt`; testdata/clients/gen-claude-02182396, gen-claude-2b473206, gen-claude-64eb8590 (the differential harness, seeds 71, 72), claude-strict-plugin-invalid"},
			{Topic: "precedence", Text: "settings are merged from `~/.claude/settings.json` < `.claude/settings.json` < `.claude/settings.local.json` < managed settings, a higher file's value winning and arrays adding up. In a trusted project the merged `enableAllProjectMcpServers` decides: `false` in `.claude/settings.local.json` overrides `true` in the user's, managed settings override both. Untrusted, each file that counts is read on its own and any `true` approves",
				Source: "Claude Code 2.1.331 binary: the settings loader `yjs` (sources `Ts`, array union `SQ`), the approval check `jst` and its untrusted branch `$Oo`; testdata/clients/claude-approval-precedence, claude-approval-precedence-untrusted, claude-managed-approval"},
			{Topic: "files", Text: "`.claude/settings.json` is read in the working directory (not at the git root); `.claude/settings.local.json` at the git root and, when it differs, in the working directory (the root's wins a value)",
				Source: "Claude Code 2.1.331 binary: the settings paths `o9n`, `WR`, the legacy local path `MMe`; testdata/clients/claude-settings-subdir"},
			{Topic: "files", Text: "managed files in the managed directory, `/etc/claude-code` on Linux, `/Library/Application Support/ClaudeCode` on macOS, `C:\\Program Files\\ClaudeCode` on Windows: `managed-settings.json`, extended by `managed-settings.d/*.json` (in name order, a later one winning; names starting with `.` are skipped), and `managed-mcp.json`. mcpconf reads them under `/` on a run about this machine, under `--system DIR` when given, and not at all with only `--home` (explain says so)",
				Source: "Claude Code 2.1.331 binary: the managed path `cr()`, `ts()`, `g1t()`, the drop-in walk `dht`/`Nie`; testdata/clients/claude-managed-approval, claude-managed-approval-untrusted (a dot drop-in unread), claude-allow-managed-only"},
			{Topic: "precedence", Text: "while `managed-mcp.json` exists, parsed or not (\"This file keeps exclusive control of MCP servers while it exists\"), only managed servers load: its own and managed settings' `managedMcpServers`, `managed-mcp.json` winning a name; user, local, project servers are not read. Without it, `managedMcpServers` win over every other scope",
				Source: "Claude Code 2.1.331 binary: the server collection `gv` (exclusive control `Qh`, the order `{...plugins, ...user, ...project, ...local, ...managed}`), `IOo`; testdata/clients/claude-managed-mcp, claude-managed-mcp-broken, claude-managed-servers"},
			{Topic: "shape", Text: "`managedMcpServers` (managed settings only) holds `http` and `sse` servers with an https `url`, no `command`, `args`, `env`, `headersHelper` and no `${VAR}`, named by letters, digits, `-` and `_` (not `constructor`, `prototype` or a `__proto__`-like name); any other entry is ignored (a warning in the settings, nothing in `claude mcp list`)",
				Source: "Claude Code 2.1.331 binary: the managed-server schema `AWs`, `uPo`, the key check `cn` (message `Dt`); testdata/clients/claude-managed-mcp (ms2), gen-claude-3e062000, gen-claude-dfd5278a, gen-claude-b17f73f5"},
			{Topic: "switches", Text: "`deniedMcpServers` and `allowedMcpServers` are read from every settings file (user, project, local, managed), in an untrusted project too, their entries adding up. An entry holds exactly one of `serverName` (exact), `serverCommand` (the whole command line `[command, ...args]`, exactly) or `serverUrl` (a pattern, `*` for anything, host case-insensitive, a pattern without a path matching any path); others are ignored, and so is a list that is not an array. Deny is checked first and applies to every server, managed ones included (but not from the project's own settings, below); a deny-list URL also matches with a query or a trailing slash more or less, an allow-list URL does not. An empty allow-list admits nothing (an allow-list whose every entry is ignored too); once it holds a `serverCommand` entry a stdio server needs a matching command line (its name no longer admits it), likewise `serverUrl` for a remote server. Managed servers pass the allow-list unless their values outside `env` use `${VAR}`. `allowManagedMcpServersOnly: true` in managed settings leaves only the managed allow-list. A blocked server vanishes from `claude mcp list`",
				Source: "Claude Code 2.1.331 binary: `Mne`, `A6`, the deny check `BPo`/`Ome`, the allow check `WPo`, `cC`, the entry schemas `Mjs`/`Djs` and their validation `Tr`, URL matching `Hcn`/`VSo`, `IFt`/`lht`, the `expandedFromEnv` mark of `Rvt`; testdata/clients/claude-deny-scopes, claude-allow-union, claude-allow-empty, claude-allow-command-url, claude-allow-url-patterns, claude-list-invalid-entries, claude-list-not-array, claude-allow-managed-only, claude-managed-mcp-lists"},
			{Topic: "files", Text: "`claude mcp add --scope local` writes `projects[<key>].mcpServers` of `~/.claude.json`, the key the git root with its symbolic links resolved (the working directory, resolved, outside git), with forward slashes on Windows; a project entry it creates gets its defaults (`allowedTools`, `mcpContextUris`, `enabledMcpjsonServers`, `disabledMcpjsonServers`, `hasTrustDialogAccepted: false`, …) and a stdio server `\"type\": \"stdio\"`, but an entry holding only `mcpServers` is read the same (`claude mcp list`, `claude mcp get`: \"Local config\"). `mcpconf add --scope local` writes only the servers, under the same key",
				Source: "Claude Code 2.1.331 run with a temporary HOME (`claude mcp add --scope local` in a subdirectory of a git root reached through a symbolic link, and outside git); the bundle's project key `A_e` (`FD`/`Gi`: the canonical git root; `Hie`: backslashes to slashes on Windows); testdata/clients/write-add-local-claude, write-add-local-claude-new"},
			{Topic: "files", Text: "Claude Code rewrites `~/.claude.json` while it runs, under a lock (`~/.claude.json.lock`, a directory, proper-lockfile), reading the file again under the lock and applying its change to what it finds; it creates the file with mode 0600 and keeps the mode of one that exists. mcpconf creates it 0600 too (File.Private), takes the same lock while it writes (File.Lock; waiting up to two seconds for Claude Code's, taking over one not refreshed for ten seconds, as proper-lockfile does), keeps every other byte and the mode, and refuses the write when the file changed between its reading and the rename (checked once the new content is on disk, right before the rename)",
				Source: "Claude Code 2.1.331 binary: the config save `io` (its `lockfilePath` `${y}.lock`, the re-read `bc()` under the lock); the modes seen after `claude mcp add` with no `~/.claude.json` and with one of mode 0644"},
			{Topic: "files", Text: "in a linked git worktree the project's entry of `~/.claude.json` is the main checkout's (the canonical root of `Gi`): `claude mcp add --scope local` writes `projects[<main>]`, `claude mcp list` lists the local servers of `projects[<main>]`, not those of `projects[<worktree>]`; the main checkout's entry approves the worktree's `.mcp.json` servers and its `disabledMcpServers` turns them off (the worktree's own entry does neither); `hasTrustDialogAccepted` is honoured under either key. mcpconf reads and writes the main checkout's entry",
				Source: "Claude Code 2.1.331 run with a temporary HOME in a `git worktree add` checkout; testdata/clients/claude-worktree-local, claude-worktree-own-key, claude-worktree-disabled"},
			{Topic: "switches", Text: "`projects[…]` of `~/.claude.json` (trust, local servers, approvals, `disabledMcpServers`) is looked up by the physical path: started in a directory reached through a symbolic link (PWD the link's path, as from a shell), an entry keyed by the link's path counts for nothing, the one keyed by the resolved path does. mcpconf resolves the start directory's links before it looks the key up (`Layout.PhysicalKeys`)",
				Source: "Claude Code 2.1.331 run by scripts/clientcheck on testdata/clients/symlink-start; the bundle's project key `A_e` (`FD`/`Gi`: the canonical git root)"},
			{Topic: "switches", Text: "the key of `projects` in `~/.claude.json` is the project's path exactly: written with a trailing slash it neither trusts the project nor holds its local servers",
				Source: "Claude Code 2.1.331 binary: the project key `A_e`/`c3`, looked up as `projects[key]`; testdata/clients/claude-projects-key-slash"},
			{Topic: "shape", Text: "each entry is checked against the schema of its type and skipped with a warning when a known field has the wrong type (`args` not an array of strings, a non-string in `env` or `headers`, `timeout` not an integer above 0, `alwaysLoad` not a boolean, `oauth.callbackPort` not a positive integer, `http`/`sse`/`ws` without `url`, a `tools` entry without `name`); the other servers load. A field of another type is dropped whatever it holds",
				Source: "Claude Code 2.1.331 binary: the schemas `R8t` (stdio), `u7n` (sse), `ivn` (http), `r1r` (ws) and the config parser `Rvt`; testdata/clients/claude-field-types"},
			{Topic: "switches", Text: "a user, project or local settings file (`~/.claude/settings.json`, `.claude/settings.json`, `.claude/settings.local.json`) with one key of the wrong type contributes nothing: an unrelated setting such as `\"model\": 5` or `null`, `enableAllProjectMcpServers: \"true\"` as a string, and its `deniedMcpServers`, `allowedMcpServers`, `enabledMcpjsonServers`, `disabledMcpjsonServers`, `enableAllProjectMcpServers` and `env` (its variables are not set: `${V}` stays literal) are void (the settings loader returns no settings when the schema check fails). Unknown keys pass (`.passthrough()`), and so do the keys it repairs first or reads as unset when wrong: managed-only keys (dropped), `enabledMcpjsonServers`/`disabledMcpjsonServers` written as one name (read as a list of it), `allowedMcpServers`/`deniedMcpServers` not an array or with bad entries (dropped), a null policy switch, keys whose schema has `.catch()` (`bashOutputMaxChars`, `effortLevel`, …). mcpconf checks the type of each strictly checked top-level key (`claudeSettingsCheck`: 139 keys), leaves a void file's settings out of the view and reports it (lint's `void-settings`); nested fields, bounds and the keys behind a preprocess (`env`, `permissions`, `hooks`, `sandbox`, …) are not checked",
				Source: "Claude Code 2.1.331 binary: the settings loader `rA`, its repairs `oo`/`Se` (`nMt`, `Tr`, `Lr`), the schema `Zs()` through `o1r.forDocument` (`Sye`); testdata/clients/claude-settings-invalid, claude-settings-invalid-edges; Claude Code 2.1.332: claude-settings-env-void"},
			{Topic: "switches", Text: "managed settings are read key by key: a key of the wrong type in `managed-settings.json` is ignored with a warning and the rest applies (its `deniedMcpServers` still blocks). There the strings `\"true\"` and `\"false\"` are the booleans (`enableAllProjectMcpServers: \"true\"` approves the project's servers, `\"false\"` overrides `true` below it, `allowManagedMcpServersOnly: \"true\"` leaves the managed allow-list only); `\"TRUE\"`, `1` and `0` are not. mcpconf reads them so (`File.StringBools`)",
				Source: "Claude Code 2.1.331 binary: the policy parser `Ica` (\"This field was ignored\"); testdata/clients/claude-managed-settings-tolerant; Claude Code 2.1.332: claude-managed-string-true, claude-managed-string-false, gen-claude-ebcc0978 (harness seed 9)"},
			{Topic: "switches", Text: "the approvals of `~/.claude.json`'s `projects[<root>]` (`enabledMcpjsonServers`, `disabledMcpjsonServers`, `enableAllProjectMcpServers`) are moved into `.claude/settings.local.json` when Claude Code starts and read from there; the move is deferred while that file has validation errors, so while it is void they count for nothing",
				Source: "Claude Code 2.1.331 binary: `migrateEnableAllProjectMcpServersToSettings` (`jzr`, deferred when `Scr()` lists errors), the approval check `jst`; testdata/clients/claude-settings-invalid (p3)"},
			{Topic: "not modelled", Text: "server-managed (remote) settings, the macOS managed-preferences plist, the Windows HKLM/HKCU policy keys and policy helpers, with the rules that merge them with the managed files (`parentSettingsBehavior`); WSL reading the Windows side's managed files; the ownership checks Claude Code makes on managed files. mcpconf reads the managed files only, whoever owns them",
				Source: "Claude Code 2.1.331 binary: the policy tiers of `Uda`/`l$` (remote, plist, hklm, file), `mye`, `r9n`"},
			{Topic: "plugins", Text: "a plugin's MCP servers are listed as `plugin:PLUGIN:SERVER` once the plugin is enabled (`enabledPlugins: {\"PLUGIN@MARKETPLACE\": true}` in settings) and its marketplace is known; a marketplace that is a local folder, declared in settings' `extraKnownMarketplaces` (`{\"NAME\": {\"source\": {\"source\": \"directory\", \"path\": DIR}}}`, DIR absolute; or `\"file\"` naming `DIR/.claude-plugin/marketplace.json`), whose `DIR/.claude-plugin/marketplace.json` lists `{\"name\", \"source\": \"./SUB\"}`, loads its plugins in place with no install step and no network; a plugin listed but not enabled brings nothing. mcpconf reads them so (`Gates.Plugins`): `explain` lists each server with the file and position it comes from, a plugin set to `false` with its servers off, naming the setting",
				Source: "Claude Code 2.1.331 binary: `XNs` (`plugin:${n}:${h}`, `scope:\"dynamic\"`, `pluginSource`), `url` (\"but not recorded in known_marketplaces.json yet: its plugins load in place from the declared path\"), `FPo`, `pIr`; testdata/clients/claude-plugin-local (plugin `p` listed, `q` not enabled and absent); Claude Code 2.1.332 answers as 2.1.331 on the twelve testdata/clients/claude-plugin-* cases recorded before claude-plugin-enabled-* (observed.json unchanged but for the version)"},
			{Topic: "plugins", Text: "`enabledPlugins` is read from the managed, the local, the project's and the user's settings like the other settings, the higher file deciding. Only `true` turns a plugin on: a list of versions is accepted and leaves it off, and any other value (`\"true\"` as text) fails the settings schema, so the whole file is void (its marketplaces and other plugins too). The higher file decides: `false` in `.claude/settings.local.json` or `.claude/settings.json` turns off a plugin `~/.claude/settings.json` enables. The project's files count in an untrusted project too: `.claude/settings.json` and `.claude/settings.local.json` enable plugins before the trust dialog is accepted. A marketplace the project's `.claude/settings.json` declares in `extraKnownMarketplaces` counts only once the project is trusted (untrusted, none of its plugins' servers is listed, wherever its folder is); one the user's settings declare counts even when its folder is inside the untrusted project. mcpconf shows such servers `untrusted`, naming the declaration",
				Source: "testdata/clients/claude-plugin-off-dupproject (`p` off, `q` on, trusted), claude-plugin-manifest (`w` off by `.claude/settings.json`), claude-plugin-untrusted (`p`, `q` enabled by the project, untrusted), claude-plugin-project-market-untrusted, claude-plugin-project-market-trusted, claude-plugin-market-in-project-untrusted, claude-plugin-enabled-values, claude-plugin-enabled-text; the settings schema's description of `enabledPlugins` (\"Only true turns on a marketplace plugin: a list of versions is accepted but leaves it off\")"},
			{Topic: "plugins", Text: "a plugin's servers come from its `.mcp.json` (under `mcpServers`, or at the top level), then from its `.claude-plugin/plugin.json`'s `mcpServers`: an object of servers, a path (relative to the plugin's folder) of a file holding them, or a list of both; a later source wins a name (plugin.json's inline `j` over `.mcp.json`'s). `${CLAUDE_PLUGIN_ROOT}` in a server's `command`, `args`, `env` (and `url`, `headers`) is the plugin's own folder (for a local marketplace, the folder in place: `DIR/SUB`); `CLAUDE_PLUGIN_ROOT` and `CLAUDE_PLUGIN_DATA` are set in a stdio server's environment under its own `env` (mcpconf sets `CLAUDE_PLUGIN_ROOT`; `CLAUDE_PLUGIN_DATA`, a folder of Claude Code's own, is not modelled). A plugin whose `plugin.json` does not parse is not loaded at all (its `.mcp.json` neither); mcpconf notes the file and position. A plugin's entry Claude Code rejects (neither `command` nor `url`, `args` as a string, `http` without `url`, an unknown `type`) is left out of `claude mcp list` without a word, where the same entry in a file of its own is listed as failing; mcpconf shows it `invalid` and leaves it out of the comparison (`Plugins.InvalidUnlisted`; Claude Code 2.1.332: testdata/clients/claude-plugin-invalid-entry)",
				Source: "Claude Code 2.1.331 binary: `pon` (`.mcp.json`, then `e.manifest.mcpServers`: string, array or object), `jSe` (`Y.mcpServers||Y`), `rZs`, `pFt`; testdata/clients/claude-plugin-local (`plugin:p:s: false <HOME>/mkt/p/bin`), claude-plugin-manifest, claude-plugin-untrusted (`q`'s servers at the top level), claude-plugin-manifest-broken"},
			{Topic: "plugins", Text: "a plugin server whose command line (command and args, `env` left out; or URL) equals a server configured by hand that Claude Code loads is dropped (\"Suppressing plugin MCP server …: duplicates manually-configured …\"), and so is one that repeats an earlier plugin server (`env` included there, `CLAUDE_PLUGIN_ROOT`/`CLAUDE_PLUGIN_DATA` left out), the plugins read in the order the merged settings name them (lowest file first: a plugin the user's settings enable comes before one only the project's enable; within a file, as written; not the marketplace's order), each plugin's `.mcp.json` before its `plugin.json`'s servers. URLs are compared as a URL parser writes them, without fragment or final `/` (`HTTP://h:9/mcp/#x` repeats `http://h:9/mcp`; a query counts), whatever the server's type (an `sse` server repeats an `http` one); a server that does not load (pending approval, rejected, `/mcp disable`d, blocked by a list) drops nothing. `deniedMcpServers` (by `serverName` `plugin:PLUGIN:SERVER` or by `serverCommand`) blocks a plugin's server and `/mcp disable` (`projects[<root>].disabledMcpServers`) turns it off, as any other's. A plugin enabled in managed settings counts as the organization's: a project server does not drop its server (both run), a user's still does. mcpconf turns the dropped server off, naming the server it repeats and where (`explain`), and `claude mcp list` does not show it",
				Source: "Claude Code 2.1.331 binary: `pfs` (signatures `xO(Q,{includeEnv:!1})`, `kPo`, `J9e`), `gv` (`It`: the servers that load), its messages \"duplicates manually-configured\", \"duplicates earlier plugin server\", \"Keeping plugin MCP server\"; testdata/clients/claude-plugin-local (`dup` repeats the user's `u`), claude-plugin-off-dupproject (`qs` repeats the approved project server `m`), claude-plugin-manifest (`h` the URL of the user's `uh`; `e` the command line and env of `p`'s `i`), claude-plugin-untrusted (`pm` repeats the pending `m` and stays), claude-plugin-dup-order, claude-plugin-dup-order-files, claude-plugin-url-normalized (`Ept`), claude-plugin-lists, claude-plugin-managed (`pm` stays beside the project's `m`, `pu` repeats the user's `u`)"},
			{Topic: "not modelled", Text: "command-line and SDK inputs: `--mcp-config`, `--strict-mcp-config`, `--settings`, `--setting-sources`, `setMcpServers`, `--plugin-dir` (with `disableSideloadFlags`); claude.ai connectors (`allowAllClaudeAiMcps`); plugins of a marketplace from git, GitHub, a URL or npm, and a marketplace or plugin installed with `/plugin`: they exist offline only as the copy under `~/.claude/plugins/` (`known_marketplaces.json`, `installed_plugins.json`, the plugin cache), which mcpconf does not read (explain notes each enabled plugin it cannot find, with the setting that enables it); a plugin whose marketplace entry's source is not a folder inside the marketplace; `.mcpb` bundles and inline servers inside a list in `plugin.json`'s `mcpServers`; two enabled plugins of one name; `strictKnownMarketplaces`, `blockedMarketplaces`; `CLAUDE_CODE_SKIP_PLUGIN_MCP_SERVERS` and its kin; the claude.ai connector URLs the duplicate check treats as one. mcpconf reads configuration files, not a session's flags or downloads",
				Source: "Claude Code 2.1.331 binary: `gv`, `qEi`, `MFt`, `pon`, `yp`, `iIi`"},
			{Topic: "switches", Text: "`${VAR}` (and `${VAR:-default}`) in a server's `command`, `args` and `url` is expanded before `allowedMcpServers`/`deniedMcpServers` entries by `serverCommand` and `serverUrl` are matched, and so is `${VAR}` in those entries; `serverName` entries and server names are compared as written (`{\"serverName\": \"${N}\"}` denies only a server named `${N}`). mcpconf matches the values expanded (`ListEntries.Expands`) from the environment Claude Code has once started: the run's, with the `env` of the user's and the managed settings over it (`Expansion.EnvFiles`). The entries of `allowedMcpServers` are the exception: they are expanded from the process environment only, so `{\"serverUrl\": \"…/${V}/a\"}` with `V` set only by a settings `env` admits no server, while a server's `${V}` is expanded from that `env` (`ListEntries.ProcessEnv`); `deniedMcpServers` entries read the settings' `env` too",
				Source: "Claude Code 2.1.331 binary: the deny check `BPo` (the server's expanded config, the entries through `wZs`/`EFt` and `zre`); testdata/clients/claude-list-expand; Claude Code 2.1.332: claude-list-expand-allow, claude-list-expand-allow-managed, claude-list-expand-allow-settings-env, claude-list-expand-settings-env-user, claude-list-expand-settings-env-managed"},
			{Topic: "not modelled", Text: "An entry that is not an object (`\"x\": \"npx\"`, `null`) is skipped by Claude Code with a warning; mcpconf reports it (`schema`) and leaves it out of the view. Not checked: whether `oauth.authServerMetadataUrl` parses as a URL, the values of `tools[].permission_policy` and `toolPermissions`",
				Source: "Claude Code 2.1.331 binary: `IEi`, `bFt`, `EFt`, `Rvt`"},
			{Topic: "shape", Text: "an `http` or `sse` server whose `oauth.authServerMetadataUrl` does not start with `https://` (or is longer than 4,096 characters), or whose `url` is longer than 65,536 characters, is skipped with a warning (\"authServerMetadataUrl must use https://\"); a `ws` server has no `oauth`, which is dropped",
				Source: "Claude Code 2.1.331 binary: the oauth schema (`.startsWith(\"https://\")`, 4096) and the url schema (65536) of the sse and http configs; testdata/clients/claude-oauth-metadata-http"},
			{Topic: "versions", Text: "2.1.332 (the newest on npm on 2026-11-28) answers as 2.1.331 on the cases of issue 28 (a settings file void over a key of the wrong type, managed settings read key by key, `${VAR}` expanded before list entries match, `oauth.authServerMetadataUrl` over `http://`, a start directory through a symbolic link), and its settings schema checks the same 139 top-level keys strictly",
				Source: "Claude Code 2.1.332 run by scripts/clientcheck on testdata/clients/claude-settings-invalid, claude-settings-invalid-edges, claude-managed-settings-tolerant, claude-list-expand, claude-oauth-metadata-http, symlink-start (observed.json unchanged but for the version); its binary's settings schema compared key by key with 2.1.331's"},
			{Topic: "versions", Text: "mcpconf follows 2.1.331. Run on the same cases, 2.1.197 differs: in an untrusted project it counts the approvals of `.claude/settings.local.json` and `projects[<root>]` (even under a key with a trailing slash); it reads `.claude/settings.local.json` only in the working directory; `claude mcp list` shows a `/mcp disable`d server as connected; it has no `managedMcpServers`; a `managed-mcp.json` that does not parse does not keep control; its allow-list does not let `managed-mcp.json` servers through. Not modelled",
				Source: "Claude Code 2.1.197 run by scripts/clientcheck on testdata/clients/claude-approval-untrusted, claude-enableall-local-untrusted, claude-enableall-claudejson-untrusted, claude-projects-key-slash, claude-trust-parent, claude-settings-subdir, claude-disabled-project, claude-managed-mcp*, claude-managed-servers"},
			{Topic: "placeholders", Text: "`${VAR}` and `${VAR:-default}` in `command`, `args`, `env`, `url`, `headers` of `.mcp.json` and `~/.claude.json`; unset without default stays literal; `${VAR:-d}` with VAR set to \"\" gives \"\"; `$VAR` is never expanded",
				Source: "Claude Code 2.1.330: testdata/clients/claude-env-set, claude-env-unset (values captured from a started server)"},
			{Topic: "placeholders", Text: "`${VAR}` expands from the environment Claude Code has once started: the one it was started with, overridden by the `env` object of `~/.claude.json`, then of `~/.claude/settings.json` (`$CLAUDE_CONFIG_DIR/settings.json`), then of the managed settings (`managed-settings.json`, its drop-ins over it in name order), a later file winning a name. The `env` of the project's `.claude/settings.json` and `.claude/settings.local.json` never reaches a server, trusted or not (`claude mcp list` and a `claude -p` session alike). Settings values are made text as JavaScript's `String()` makes them (`1e21` is `1e+21`, `[1,2]` is `1,2`, an object `[object Object]`); in `~/.claude.json` only text, numbers and booleans are set. A name that is empty or holds `=` or a control character is dropped. The same environment decides the command lines and URLs the allow- and deny-lists match once expanded, `CLAUDE_CODE_SAFE_MODE`, and what a started server inherits. mcpconf reads it so (`explain --resolve` names the file that set a value); `--settings` is not read",
				Source: claudeEnvSource},
			{Topic: "shape", Text: "`type` `stdio` (default), `http`, `streamable-http`, `sse`, `ws`; an entry with `url` but no `type` is skipped with a warning, the rest of the file loads",
				Source: "Claude Code 2.1.330: testdata/clients/claude-url-no-type"},
			{Topic: "shape", Text: "no `cwd`: a stdio server starts in the project directory whatever `cwd` says, and unknown keys (`cwd`; `timeout` before 2.1.331) pass without a word",
				Source: "Claude Code 2.1.330: testdata/clients/claude-cwd"},
			{Topic: "shape", Text: "servers start without a shell (cross-spawn, `shell: false`): `~/` and `$HOME/` in `command` fail, `${HOME}` works because Claude Code expands it",
				Source: "Claude Code 2.1.330: testdata/clients/nosh; the binary's StdioClientTransport"},
			{Topic: "shape", Text: "server names: `claude mcp add` accepts letters, digits, `-` and `_` (\"Names can only contain letters, numbers, hyphens, and underscores\"); a `.mcp.json` without `mcpServers` is refused whole (the key is required)",
				Source: "Claude Code 2.1.330 binary: the name check of `mcp add`, the `.mcp.json` schema `{mcpServers: record}`"},
			{Topic: "files", Text: "a plugin's `.mcp.json` (beside `.claude-plugin/plugin.json`) may hold its servers at the top level, without `mcpServers`",
				Source: "Claude Code 2.1.330 binary: the plugin loader reads `mcpServers` or the whole object"},
			{Topic: "shape", Text: "server fields: `type`, `command`, `args`, `env` (stdio); `url`, `headers`, `headersHelper`, `oauth` (`sse`, `http`; `ws` has no `oauth`); and on every type `timeout` (milliseconds per tool call, overriding `MCP_TOOL_TIMEOUT`; below 1000 ignored) and `alwaysLoad` (boolean: the server's tools are never deferred behind tool search, and startup waits for it). Also accepted: `tools`, `toolPermissions`, `displayName`, `discoveryCache`, `bareElicitationCapability`, `role`, `request_timeout_ms`, `orgMaxPermission` (host-side or `@internal`). Other keys are dropped without a word; a known key of the wrong type skips the server (\"invalid MCP server config\")",
				Source: "Claude Code 2.1.331 binary (npm `@anthropic-ai/claude-code-linux-x64@2.1.331`): the zod schemas of the stdio, sse, http and ws server configs and their `.describe()` texts"},
			{Topic: "shape", Text: "reserved server names, skipped at load with `\"NAME\" is a reserved MCP server name and was not loaded` (the rest of the file loads) and refused by `claude mcp add`: `workspace`, `claude-in-chrome`, `Claude in Chrome`, `Claude Preview`, `Claude Browser`, `computer-use`, `claude-device`, `hearthbot`, `remote-devices`, `claude_ai`, `ccr-email`, `webagent`, `claude-code-remote`, `Slack sign-in (Claude Code tag)`, and `__proto__`-like names (not `constructor`, `toString`, `prototype`, …). A name is compared after its characters outside `[A-Za-z0-9_-]` become `_`, up to its first `__`, case sensitive: `Claude_Preview` and `workspace__x` are reserved too",
				Source: "Claude Code 2.1.331 binary: the config parser (`Rvt`), its reserved-name checks `Uie` and `Jse` (hosted-session names `widgets`, `remote-browser`, `Claude_Pages`, `Claude_Docs` excluded); testdata/clients/claude-reserved-names"},
			{Topic: "shape", Text: "a `.mcp.json` without `mcpServers` (`{}` included) is refused whole and listed as `[Has errors]`",
				Source: "Claude Code 2.1.331 binary: the config parser's `{mcpServers: record}` schema, severity \"fatal\""},
		},
	},
	ReservedNames: append(slices.Clone(claudeReservedParts), claudeReservedExact...),
	reserved:      claudeReservedName,

	decode: decodeClaude,
}

// decodeClaude follows Claude Code: no type means stdio, even with a url
// (Claude then rejects the entry, which lint reports).
func decodeClaude(d *decoder) {
	d.common()
	d.s.Cwd = "" // not a Claude Code field
	if !d.typed() {
		d.s.Transport = Stdio
	}
	d.s.Auth = d.e.Get("oauth")
	if t, ok := d.duration("timeout", time.Millisecond); ok && t >= time.Second {
		d.s.ToolTimeout = t
	}
}

// Claude Code's settings files, which hold settings and no servers
// (2.1.331: the sources userSettings < projectSettings < localSettings <
// policySettings, merged in that order by the settings loader yjs, arrays
// added up and a higher file's value winning; their paths from o9n and WR).
// .claude/settings.json is read in the working directory;
// .claude/settings.local.json in the working directory (the legacy path,
// MMe) and at the project root, which wins. The managed files live in the
// machine's managed directory (cr(): /etc/claude-code on Linux,
// /Library/Application Support/ClaudeCode on macOS, C:\Program
// Files\ClaudeCode on Windows), managed-settings.d/*.json extending
// managed-settings.json.
var (
	claudeManagedSettings = []File{
		{Scope: Managed, Base: SystemDir, Path: "etc/claude-code/managed-settings.json", Format: JSON, OS: []string{"linux"},
			DropIns: "etc/claude-code/managed-settings.d", StringBools: true},
		{Scope: Managed, Base: SystemDir, Path: "Library/Application Support/ClaudeCode/managed-settings.json", Format: JSON, OS: []string{"darwin"},
			DropIns: "Library/Application Support/ClaudeCode/managed-settings.d", StringBools: true},
		{Scope: Managed, Base: SystemDir, Path: "Program Files/ClaudeCode/managed-settings.json", Format: JSON, OS: []string{"windows"},
			DropIns: "Program Files/ClaudeCode/managed-settings.d", StringBools: true},
	}
	// managed-mcp.json sits beside managed-settings.json (g1t).
	claudeManagedMCP = []File{
		{Scope: Managed, Base: SystemDir, Path: "etc/claude-code/managed-mcp.json", Format: JSON, OS: []string{"linux"}, Exclusive: true},
		{Scope: Managed, Base: SystemDir, Path: "Library/Application Support/ClaudeCode/managed-mcp.json", Format: JSON, OS: []string{"darwin"}, Exclusive: true},
		{Scope: Managed, Base: SystemDir, Path: "Program Files/ClaudeCode/managed-mcp.json", Format: JSON, OS: []string{"windows"}, Exclusive: true},
	}
	// The user, project and local settings are void when they fail the
	// settings schema (claudeSettingsCheck); managed settings are not.
	claudeLocalSettings      = File{Scope: Project, Base: RootDir, Path: ".claude/settings.local.json", Format: JSON, Checked: claudeSettingsCheck}
	claudeLocalSettingsStart = File{Scope: Project, Base: RootDir, Path: ".claude/settings.local.json", Format: JSON, AtStart: true, Checked: claudeSettingsCheck}
	claudeProjectSettings    = File{Scope: Project, Base: RootDir, Path: ".claude/settings.json", Format: JSON, AtStart: true, Checked: claudeSettingsCheck}
	claudeUserSettings       = File{Scope: User, Base: claudeDir, Path: "settings.json", Format: JSON, Checked: claudeSettingsCheck}
	// claudeListFiles hold allowedMcpServers and deniedMcpServers.
	claudeListFiles = []File{claudeManagedSettings[0], claudeManagedSettings[1], claudeManagedSettings[2],
		claudeLocalSettings, claudeLocalSettingsStart, claudeProjectSettings, claudeUserSettings}
)

// claudeEnvSource is where Claude Code's EnvFiles come from.
const claudeEnvSource = "Claude Code 2.1.331 binary: `applySafeConfigEnvironmentVariables` (`getLegacyEnvMap`: ~/.claude.json's env, then `Dt` = userSettings, flagSettings, then policySettings, each through `filterSettingsEnv` and `assignFromAboveTheRepository`: `Object.assign(process.env, …)`; projectSettings and localSettings only for a few of its own variables, put back at once by `mpa`), `applyConfigEnvironmentVariables` (the same order over `Yo()`, the project's values put back by `mpa`), the name check `MYl`, the value conversion of `G` (~/.claude.json) and the settings schema's env (`String()`); testdata/clients/claude-settings-env-layers, claude-settings-env-untrusted, claude-settings-env-managed, claude-settings-env-values, claude-settings-env-safe-mode, gen-claude-f27e3424"

// claudeEnvKeeps is the check Claude Code 2.1.331 makes of a variable an
// env object sets (Y(): MYl = /^$|[=\x00-\x1f\x7f-\x9f]/ on the name,
// no NUL in the value).
func claudeEnvKeeps(name, value string) bool {
	if name == "" || strings.ContainsRune(value, 0) {
		return false
	}
	for _, r := range name {
		if r == '=' || r < 0x20 || r >= 0x7f && r <= 0x9f {
			return false
		}
	}
	return true
}

// claudeManagedServers is a managed settings file as a server file: its
// managedMcpServers, remote https servers only (2.1.331: the managed
// settings schema AWs, read as scope "managed" by uPo).
func claudeManagedServers(f File) File {
	f.ServersPath, f.RemoteHTTPS = []string{"managedMcpServers"}, true
	return f
}

// claudeStateFile is ~/.claude.json, the state file that holds the user
// and local scopes, trust and per-project switches.
var claudeStateFile = File{Scope: User, Base: claudeStateDir, Path: ".claude.json", Format: JSON, Group: "state"}

func claudeState(scope Scope, section string) File {
	f := claudeStateFile
	f.Scope, f.Section = scope, section
	return f
}
