package normalize

import (
	"crypto/sha256"
	"encoding/hex"
	"path"
	"slices"
	"strings"
)

// qwenHome is $QWEN_HOME, default ~/.qwen: Qwen Code's user files
// (settings.json, mcpApprovals.json) are in it. Storage.resolvePath
// expands a leading "~/" and resolves a relative value against the start
// directory.
var qwenHome = &Base{Name: "QWEN_HOME", Var: "QWEN_HOME", Tilde: true, Default: ".qwen"}

// qwenSource is where Qwen Code's facts were read.
const qwenSource = "Qwen Code 0.24.4 bundle (npm `@qwen-code/qwen-code@0.24.4`)"

// qwenMCPJSON is the .mcp.json Qwen Code reads in the directory it starts
// in: Claude Code's format, normalized (normalizeClaudeMcpServer), and not
// expanded (qwenMCPJSONReader).
var qwenMCPJSON = File{Scope: Project, Base: RootDir, Path: ".mcp.json", Format: JSONComments, Apart: true, Dialect: qwenMCPJSONReader}

// qwenMCPJSONReader reads .mcp.json for Qwen Code (File.Dialect): its own
// shape and decoder, and no placeholder expanded — the settings files are
// expanded as they load (Layout.SettingsPlaceholders), .mcp.json is used
// as written and nothing is expanded at connect time (qwen 0.24.4 lists
// and sends "$HOME" literally: testdata/clients/qwen-transports, checked
// by TestRealClientsListedArgs). It is no client of its own.
var qwenMCPJSONReader = &Client{
	ID:           "qwen",
	Aliases:      []string{"qwen-code"},
	Product:      "Qwen Code",
	ProviderOnly: true,
	Layout:       Layout{Schema: "gemini"},
	Shape:        qwenShape(),
	Expansion: Expansion{
		ElsewhereHint: "Qwen Code expands variables only in its settings files: for Qwen Code, define the server in ~/.qwen/settings.json (or .qwen/settings.json) with \"$%s\"",
	},
	Launch: Launch{NoShell: true},
	decode: decodeQwen,
}

// qwen is Qwen Code, a fork of Gemini CLI: Gemini's settings files under
// .qwen, plus Claude Code's .mcp.json, and approvals bound to a hash of
// each project server's definition.
var qwen = &Client{
	ID:      "qwen",
	Aliases: []string{"qwen-code"},
	Product: "Qwen Code",
	Version: "0.24.4",
	Layout: Layout{
		// packages/cli/src/config/settings.ts mergeSettings: system defaults
		// < user < workspace (trusted) < system, servers merged by name;
		// packages/cli/src/config/mcpServers.ts assembleMcpServers puts
		// .mcp.json between: {...user and system defaults, ...mcp.json,
		// ...workspace and system}
		Files: slices.Concat(
			qwenSystem("settings.json", false),
			[]File{proj(".qwen/settings.json", JSONComments), qwenMCPJSON, qwenUser},
			qwenSystem("system-defaults.json", true),
		),
		Project: AtStart,
		Schema:  "gemini",
		// settings.ts loadSettings: resolveEnvVarsInObject on each settings
		// file (not on .mcp.json)
		SettingsPlaceholders: []Syntax{Dollar, Bare},
		// settings.ts mergeSettings tags the workspace's and the system's
		// servers with their scope (tagMcpServerScope) and keeps the
		// user's and the system defaults' own "scope" (qwenUser,
		// qwenSystem); assembleMcpServers puts "workspace" and "system"
		// over .mcp.json: testdata/clients/qwen-entry-scope
		EntryScope: &EntryScope{Key: "scope", Over: []string{"workspace", "system"}},
	},
	Gates: Gates{
		// a system, system-defaults or user file that does not parse or is
		// not an object stops it in readOperatorSandboxSettings (the user
		// file copied to settings.json.corrupted, kept as it is); the
		// workspace's, when it does not parse, is reset by loadSettings
		// (loadAndMigrate) unless those files set tools.executionSandbox
		// (then it stops: testdata/clients/qwen-sandbox-keeps-workspace),
		// and when it is not an object throws FatalConfigError; all exit
		// with code 1
		BadFiles: []BadFile{
			{Message: "Cannot read operator sandbox policy", ExitCode: 1, Names: []string{"settings.json", "system-defaults.json"}, Scopes: []Scope{System, User}},
			{Message: "Please fix the configuration file(s) and try again", ExitCode: 1, Names: []string{"settings.json"}, Scopes: []Scope{Project}, Resets: "{}", ResetSuffix: ".corrupted",
				StopsIfSet: &qwenSandbox},
		},
		// readOperatorSandboxSettings checks tools.executionSandbox of the
		// system defaults, the user's and the system settings before
		// anything else (parseExecutionSandboxSettings):
		// testdata/clients/qwen-sandbox-invalid
		BadSettings: []BadSetting{{SettingAt: qwenSandbox, OK: qwenSandboxOK, ExitCode: 1,
			Message: "tools.executionSandbox requires literal filesystem (read-only | workspace-write), network (open | closed), and optional backend (auto | bwrap)",
			Want:    `an object with "filesystem" ("read-only" or "workspace-write"), "network" ("open" or "closed") and, optionally, "backend" ("auto" or "bwrap"), nothing else`}},
		NullClears: true,
		// settings.ts mergeSettings (customDeepMerge, mergeRecursively: it
		// skips "__proto__", "constructor" and "prototype" where it copies
		// an object, as it does the servers of the lowest file that has
		// some, usually the user's) and mcpServers.ts assembleMcpServers
		// (belowProject[name] = config: "__proto__" sets the prototype);
		// .mcp.json's servers object has none (Object.create(null))
		LostNames: []LostName{
			{Names: []string{"__proto__"}, Scopes: []Scope{System, Project, User}, KeptIn: []string{".mcp.json"},
				Why: "Qwen Code merges its settings' servers into plain objects, where %q sets the object's prototype instead of adding a server: it is lost without a warning"},
			{Names: []string{"constructor", "prototype"}, Scopes: []Scope{System, Project, User}, Lowest: true,
				Why: "Qwen Code skips %q where it copies the servers of its lowest settings file (customDeepMerge guards against prototype pollution): it is lost without a warning"},
		},
		Approvals: &StoredApprovals{
			File:   File{Scope: User, Base: qwenHome, Path: "mcpApprovals.json", Format: JSONComments, PathVar: "QWEN_CODE_MCP_APPROVALS_PATH"},
			Scopes: []Scope{Project},
			// isGatedMcpScope: an entry whose own scope is "project" or
			// "workspace" waits too, a user one included
			OwnScopes: []string{"project", "workspace"},
			Hash:      qwenHash,
			Approved:  "approved",
			Rejected:  "rejected",
			Ask:       "run qwen mcp approve %s in the project (or approve it when qwen asks)",
			Source:    qwenSource + ": `packages/cli/src/config/mcpApprovals.ts` `LoadedMcpApprovals.getState`, `packages/core/src/mcp/configHash.ts` `hashMcpServerConfig`",
		},
	},
	Shape: qwenShape(),
	Expansion: Expansion{
		// the settings files are expanded at load (settings.ts); nothing
		// is expanded at connect time (mcp-client.ts createTransport)
		Placeholders:       []Syntax{Dollar, Bare},
		VarForm:            "$%s",
		ExpandsEveryString: true,
		Unset:              []UnsetRule{{Does: UnsetLiteral, Source: qwenSource + ": `packages/cli/src/utils/envVarResolver.ts`"}},
	},
	Launch: Launch{
		NoShell: true,
	},
	Docs: Docs{
		Note:         "system settings over workspace settings (trusted folders only) over .mcp.json over user settings over system defaults; a server is replaced whole",
		LoadPathFile: "qwen.json",
		DisableHint:  "Qwen Code has no per-server switch in its files: run qwen mcp reject NAME in the project for a project server, or remove it",
		Facts: []Fact{
			{Topic: "files", Text: "user `~/.qwen/settings.json` (`$QWEN_HOME/settings.json`: `QWEN_HOME` replaces `~/.qwen`, a leading `~/` expanded, a relative value resolved against the start directory); workspace `.qwen/settings.json` and `.mcp.json` of the start directory only (no walk up: a subfolder reads neither); system `/etc/qwen-code/settings.json` (`QWEN_CODE_SYSTEM_SETTINGS_PATH`) and `system-defaults.json` beside it (`QWEN_CODE_SYSTEM_DEFAULTS_PATH`), read without Gemini CLI's ownership check",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-files, qwen-subdir, qwen-home-var; " + qwenSource + ": `Storage.getGlobalQwenDir`, `resolvePath`, `packages/cli/src/config/mcpJson.ts` `loadProjectMcpServers`, `settings.ts` `loadSettings`, `getSystemSettingsPath`"},
			{Topic: "precedence", Text: "`{...user and system-defaults servers, ...the .mcp.json servers, ...workspace and system servers}`: a `.mcp.json` server replaces a user server of the same name whole, a workspace server replaces a `.mcp.json` one. Qwen Code tags the workspace's and the system's servers with their scope and keeps the `\"scope\"` a user or system-defaults entry has: one whose `\"scope\"` is `\"workspace\"` or `\"system\"` goes with them over `.mcp.json` (once the settings' merge has picked it: a user entry without one hides a system-defaults entry that has one)",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-files, qwen-entry-scope; " + qwenSource + ": `packages/cli/src/config/mcpServers.ts` `assembleMcpServers`"},
			{Topic: "shape", Text: "settings files: `httpUrl` is streamable HTTP; `url` is SSE whatever its `type` (`\"type\": \"http\"` too); else `command` is stdio; `type` is not read. `.mcp.json` is read as Claude Code's format and normalized: with `command` (or `httpUrl`, `tcp`) any `type` (`\"local\"`, `\"stdio\"`, even `\"sse\"`) is dropped and the entry is stdio; a `url` with `\"type\": \"http\"` becomes `httpUrl` (streamable HTTP); a `url` with any other `type` or none is SSE (`streamable-http` too)",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-transports; " + qwenSource + ": `normalizeClaudeMcpServer`, `packages/core/src/tools/mcp-client.ts` `createTransport`"},
			{Topic: "shape", Text: "`.mcp.json` that does not parse: `Warning: Failed to parse PATH: …`, none of its servers; without an `mcpServers` object: `Warning: PATH has no \"mcpServers\" object`, none; an entry that is not an object: `Warning: PATH: server \"NAME\" is not an object — skipped`. The other files' servers load",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-mcpjson-broken, qwen-mcpjson-no-servers, qwen-transports; " + qwenSource + ": `loadProjectMcpServers`"},
			{Topic: "refusal", Text: "a system, system-defaults or user settings file that does not parse or does not hold an object stops Qwen Code: `Cannot read operator sandbox policy from PATH: …` (the user file is copied to `settings.json.corrupted` and left as it is), exit code 1; a workspace `.qwen/settings.json` that does not hold an object stops it too (`Error in PATH: Settings file is not a valid JSON object. Please fix the configuration file(s) and try again.`, exit code 1). A workspace `.qwen/settings.json` that does not parse does not: Qwen Code copies it to `.qwen/settings.json.corrupted`, **overwrites it with `{}`** and goes on without its settings (`qwen mcp list` included) — unless the system, system-defaults or user settings set `tools.executionSandbox`: then it stops on it (`Error in PATH: …`, `Please fix the configuration file(s) and try again.`, exit code 1) and leaves it as it is. A `tools.executionSandbox` in those files that is not an object of `filesystem` (`read-only`, `workspace-write`), `network` (`open`, `closed`) and an optional `backend` (`auto`, `bwrap`), literal strings and no other key, stops it too (`tools.executionSandbox requires literal filesystem …`, exit code 1); the workspace's is not checked",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-bad-user, qwen-bad-workspace, qwen-workspace-array, qwen-sandbox-keeps-workspace, qwen-sandbox-invalid; " + qwenSource + ": `packages/cli/src/config/execution-sandbox-settings.ts` `readOperatorSandboxSettings`, `parseExecutionSandboxSettings`, `settings.ts` `loadSettings` (`loadAndMigrate`: `if (scope !== \"Workspace\" || operatorSandbox) throw parseError`, `CORRUPTED_SUFFIX`)"},
			{Topic: "switches", Text: "project servers (`.mcp.json` and `.qwen/settings.json`) start only once approved (`qwen mcp approve NAME`, or the prompt of a session): `~/.qwen/mcpApprovals.json` (`QWEN_CODE_MCP_APPROVALS_PATH`) maps the start directory's path, exactly, to `{NAME: {hash, status}}`; the record counts only while `hash` is the SHA-256 of the definition as Qwen Code reads it (the settings' values expanded, `.mcp.json` normalized) written by `JSON.stringify` with every object's keys sorted, less `scope`, `extensionName` and `description`. Change an argument and the server is pending again; a record for a parent folder does not count in a subfolder. `qwen mcp list` shows `Pending approval` or `Rejected` and does not connect. A user or system-defaults entry whose own `\"scope\"` is `\"project\"` or `\"workspace\"` waits for approval too",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-approved, qwen-approval-changed, qwen-approval-subdir, qwen-rejected, qwen-entry-scope; " + qwenSource + ": `mcpApprovals.ts` `LoadedMcpApprovals.getState`, `configHash.ts` `hashMcpServerConfig`, `isGatedMcpScope`, `settings.ts` `tagMcpServerScope`"},
			{Topic: "precedence", Text: "a settings file whose `mcpServers` is `null` replaces the servers of the settings files below it; `.mcp.json` is merged apart: its `null` replaces nothing (a warning), and a settings file's `null` does not replace its servers",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-settings-null, qwen-mcpjson-null; " + qwenSource + ": `packages/cli/src/utils/deepMerge.ts` `mergeRecursively`, `assembleMcpServers`"},
			{Topic: "shape", Text: "names lost without a warning: `__proto__` in every settings file (the merge assigns it to a plain object, setting its prototype), `constructor` and `prototype` in the lowest settings file that has servers (system defaults, then user, workspace, system: the one `customDeepMerge` copies key by key, skipping them; the files above it are spread whole); all three are kept in `.mcp.json`, read into an object without a prototype",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-lost-names; the differential harness (seed 1); " + qwenSource + ": `mergeRecursively`, `tagMcpServerScope`, `assembleMcpServers`, `loadProjectMcpServers` (`Object.create(null)`)"},
			{Topic: "placeholders", Text: "`$VAR`, `${VAR}` and `${VAR:-default}` in every string of the settings files at load (unset without default stays literal; `$HOME` works); `.mcp.json` values are used as written (`$HOME` reaches the server literally); nothing is expanded at connect time",
				Source: "Qwen Code 0.24.4: testdata/clients/qwen-transports (a `$HOME` argument in each); " + qwenSource + ": `resolveEnvVarsInObject` in `loadSettings`, `loadProjectMcpServers`"},
			{Topic: "placeholders", Text: "`.mcp.json` values are not expanded: mcpconf reads the file with a descriptor that expands nothing (qwenMCPJSONReader, File.Dialect), so explain and probe show and send `$HOME` as written, and lint's foreign-placeholder says so for Qwen Code",
				Source: qwenSource + ": `loadProjectMcpServers`"},
			{Topic: "not modelled", Text: "folder trust (`security.folderTrust.enabled`, off by default; `~/.qwen/trustedFolders.json`): in an untrusted folder the workspace settings are not loaded, `.mcp.json` still is; `mcp.allowed` and `mcp.excluded` (glob patterns, `*` and `?`) filter the servers of a session, not of `qwen mcp list`; extensions (`~/.qwen/extensions`); started in the home, the home's `.qwen/settings.json` is not read as a workspace file",
				Source: qwenSource + ": `packages/cli/src/config/trustedFolders.ts` `isFolderTrustEnabled` (default false), `mergeSettings`, `packages/cli/src/config/config.ts` (`allowedMcpServers`), `Config.getMcpServers` (`matchesAnyServerPattern`), `loadSettings` (`realWorkspaceDir !== realHomeDir`)"},
			{Topic: "not modelled", Text: "a UTF-8 byte order mark: Qwen Code strips it from its settings files (`stripUtf8Bom`) and not from `.mcp.json`, which then does not parse; mcpconf reads every JSON-with-comments file as Gemini CLI does, which fails on it; the syntax message names Gemini CLI's parser",
				Source: qwenSource + ": `loadAndMigrate`, `readOperatorSandboxSettings`, `loadProjectMcpServers`"},
			{Topic: "not modelled", Text: "Qwen Code writes `\"$version\": 4` into a settings file that lacks it when it loads it (reformatting the file); a stdio server inherits Qwen Code's environment less its own tokens (`QWEN_SERVER_TOKEN`, `QWEN_DAEMON_TOKEN`, …)",
				Source: qwenSource + ": `loadAndMigrate` (`persistSettingsObject`), `packages/core/src/utils/sanitize-child-env.ts`"},
			{Topic: "not modelled", Text: "`qwen mcp list` crashes on a stdio entry whose `args` is not an array (`server.args?.join is not a function`); a session fails that server only",
				Source: qwenSource + ": `listMcpServers`; the differential harness"},
		},
	},
	decode: decodeQwen,
}

// qwenUser is ~/.qwen/settings.json, whose entries keep their own
// "scope" (File.OwnScope).
var qwenUser = func() File {
	f := user(qwenHome, "settings.json", JSONComments)
	f.OwnScope = true
	return f
}()

// qwenSandbox is Qwen Code's operator sandbox setting, read from the
// system defaults, the user's and the system settings as written (no
// variable expanded): readOperatorSandboxSettings.
var qwenSandbox = SettingAt{Path: []string{"tools", "executionSandbox"}, Scopes: []Scope{System, User}}

// qwenSandboxOK is parseExecutionSandboxSettings of Qwen Code 0.24.4: an
// object of "filesystem" ("read-only" or "workspace-write"), "network"
// ("open" or "closed") and an optional "backend" ("auto" or "bwrap"),
// each a string, and no other key.
func qwenSandboxOK(v *Value) bool {
	if v == nil || v.Kind != Object {
		return false
	}
	allowed := map[string][]string{"filesystem": {"read-only", "workspace-write"}, "network": {"open", "closed"}, "backend": {"auto", "bwrap"}}
	for _, m := range v.Unique() {
		ok, known := allowed[m.Key]
		if !known || m.Value.Kind != String || !slices.Contains(ok, m.Value.Str) {
			return false
		}
	}
	return v.Member("filesystem") != nil && v.Member("network") != nil
}

// qwenSystem is a machine-wide settings file of Qwen Code
// (getSystemSettingsPath, getSystemDefaultsPath): /etc/qwen-code,
// /Library/Application Support/QwenCode, C:\ProgramData\qwen-code; read
// whoever owns it.
func qwenSystem(name string, defaults bool) []File {
	fs := systemSettings(systemDirs{"etc/qwen-code/", "Library/Application Support/QwenCode/", "ProgramData/qwen-code/"},
		name, defaults, "QWEN_CODE_SYSTEM_SETTINGS_PATH", "QWEN_CODE_SYSTEM_DEFAULTS_PATH", false)
	for i := range fs {
		// the system defaults' entries keep their own "scope", the
		// system settings' are tagged "system" (mergeSettings)
		fs[i].OwnScope = defaults
	}
	return fs
}

// qwenShape is Gemini CLI's entry shape as Qwen Code reads it: a url
// without a type is SSE (URLDefault; in its settings whatever the type),
// streamable HTTP is httpUrl (URLKeys) or, in .mcp.json, a url with
// "type": "http"; .mcp.json's "local" is stdio; a .mcp.json without
// mcpServers is a warning.
func qwenShape() Shape {
	sh := geminiShape()
	sh.URLDefault = SSE
	sh.URLKeys = map[Transport]string{HTTP: "httpUrl"}
	sh.Types = []TypeLiteral{{"stdio", Stdio}, {"sse", SSE}, {"http", HTTP}, {"local", Stdio}}
	sh.Crashes = map[string]string{"args": "qwen mcp list crashes on it when the server has a command (\"server.args?.join is not a function\") and lists no server after it; a session fails the server"}
	sh.NoServersKeyWarns = "%s has no \"mcpServers\" object"
	return sh
}

// decodeQwen follows createTransport of Qwen Code 0.24.4 on the entry as
// it reads it: httpUrl, then url (SSE), then command; a .mcp.json entry
// normalized first (normalizeClaudeMcpServer).
func decodeQwen(d *decoder) {
	d.common()
	if t := d.e.Get("type"); t != nil {
		d.s.TransportExplicit = true
		if t.Kind == String {
			d.s.Type = t.Str
		}
	}
	j := JSOf(d.e, nil)
	if d.doc != nil && path.Base(strings.ReplaceAll(d.doc.Path, `\`, "/")) == ".mcp.json" {
		j = qwenNormalize(j)
	}
	switch {
	case j.Get("httpUrl").Truthy():
		d.s.Transport = HTTP
		if u := j.Get("httpUrl"); u.Kind == String {
			d.s.URL = u.Str
		}
	case j.Get("url").Truthy():
		d.s.Transport = SSE
	case j.Get("command").Truthy():
		d.s.Transport = Stdio
	}
	geminiFields(d)
}

// qwenNormalize is normalizeClaudeMcpServer of Qwen Code 0.24.4: with a
// command, httpUrl or tcp, a "type" other than "sdk" is dropped; else a
// string url becomes httpUrl under "type": "http", and stays url
// otherwise, "type" dropped unless "sdk".
func qwenNormalize(j *JSValue) *JSValue {
	if j == nil || j.Kind != Object {
		return j
	}
	typ := j.Get("type")
	isSDK := typ != nil && typ.Kind == String && typ.Str == "sdk"
	if j.Get("command").Truthy() || j.Get("httpUrl").Truthy() || j.Get("tcp").Truthy() {
		if typ == nil || isSDK {
			return j
		}
		out := j.Clone()
		out.Delete("type")
		return out
	}
	u := j.Get("url")
	if u == nil || u.Kind != String {
		return j
	}
	out := j.Clone()
	out.Delete("url")
	if !isSDK {
		out.Delete("type")
	}
	if typ != nil && typ.Kind == String && typ.Str == "http" {
		out.Set("httpUrl", u)
	} else {
		out.Set("url", u)
	}
	return out
}

// qwenHash is hashMcpServerConfig of Qwen Code 0.24.4 over a definition as
// it reads it: a settings entry expanded (resolveEnvVarsInObject), a
// .mcp.json entry normalized (normalizeClaudeMcpServer); scope,
// extensionName and description left out; JSON.stringify with every
// object's keys sorted; SHA-256 in hex.
func qwenHash(entry *Value, f File, expand func(string) string) string {
	j := JSOf(entry, expand)
	if f.Apart {
		j = qwenNormalize(j)
	}
	if j != nil && j.Kind == Object {
		j = j.Clone()
		for _, k := range []string{"scope", "extensionName", "description"} {
			j.Delete(k)
		}
	}
	sum := sha256.Sum256([]byte(j.StringifySorted()))
	return hex.EncodeToString(sum[:])
}
