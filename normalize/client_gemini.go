package normalize

import (
	"slices"
	"time"
)

// gemini is Gemini CLI.
var gemini = &Client{
	ID:      "gemini",
	Aliases: []string{"gemini-cli"},
	Product: "Gemini CLI",
	// packages/cli/src/config/settings.ts (0.61.0): the settings are merged
	// system defaults < user < workspace (trusted folders only) < system;
	// extensions add the servers no settings file names.
	Files: slices.Concat(
		geminiSystem("settings.json", false),
		[]File{proj(".gemini/settings.json", JSONComments), user(GeminiHome, ".gemini/settings.json", JSONComments)},
		geminiSystem("system-defaults.json", true),
		[]File{{Scope: ExtensionScope, Base: GeminiHome, Path: ".gemini/extensions/*/gemini-extension.json", Format: JSON, Extension: geminiExtensions}},
	),
	Note:    "system settings over workspace settings over user settings over system defaults, then extensions; a server is replaced whole (Gemini CLI loads workspace settings only in trusted folders)",
	BadFile: &BadFile{Message: "Please fix the configuration file(s) and try again", ExitCode: 52},
	Pisces:  &Provider{Priority: 60, Files: []File{proj(".gemini/settings.json", JSONComments), user(GeminiHome, ".gemini/settings.json", JSONComments)}},
	Lists: []List{
		// A server must be allowed by every file that sets mcp.allowed;
		// mcp.excluded adds up. Names compare case-insensitively, and a
		// workspace's lists count only in a trusted folder.
		{Path: []string{"mcp", "allowed"}, Effect: AllowList, Combine: Intersect, Fold: true, EmptyBlocks: true, Trusted: true, Pisces: true},
		{Path: []string{"mcp", "excluded"}, Effect: DenyList, Combine: Union, Fold: true, Trusted: true, Pisces: true},
		// gemini mcp disable|enable writes this file.
		{File: &geminiEnablement, Effect: HideList, Switches: true, Fold: true, FoldedKeys: true, Combine: Union},
	},
	Project:         AtStart,
	NoProjectInHome: true,
	Trust: &Trust{
		Kind:           TrustFolders,
		Effect:         DisablesAll,
		File:           File{Scope: User, Base: GeminiHome, Path: ".gemini/trustedFolders.json", Format: JSONComments, PathVar: "GEMINI_CLI_TRUSTED_FOLDERS_PATH"},
		Env:            "GEMINI_CLI_TRUST_WORKSPACE",
		DistrustEnv:    "GEMINI_RESTRICTED_MODE",
		Enabled:        []string{"security", "folderTrust", "enabled"},
		EnabledDefault: true,
		Ask:            "run gemini in the project and trust the folder when it asks",
	},
	Shape: Shape{
		ServersKey: "mcpServers",
		WrongKeys:  []string{"servers", "mcp_servers", "context_servers"},
		Fields: []string{"command", "args", "env", "cwd", "url", "httpUrl", "type", "headers", "tcp", "timeout", "trust", "description",
			"includeTools", "excludeTools", "oauth", "authProviderType", "targetAudience", "targetServiceAccount"},
		TimeoutUnit:        time.Millisecond,
		Types:              []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"sse", SSE}},
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
	WindowsOnly:        []Syntax{Percent},
	VarForm:            "$%s",
	ExpandsEveryString: true,
	EmptyUnset:         true,
	ChildEnv:           geminiChildEnv,
	NoShell:            true,
	ToolNames:          geminiScheme,
	Schema:             "gemini",
	DisableHint:        "Gemini CLI has no per-server switch: list the server in \"mcp.excluded\" or run gemini mcp disable",
	Facts: []Fact{
		{Topic: "files", Text: "user `~/.gemini/settings.json` (`~` is `$GEMINI_CLI_HOME` when set); workspace `.gemini/settings.json` of the working directory only (no walk up), not read when the working directory is the home; system `/etc/gemini-cli/settings.json`",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-subdir, gemini-cli-home; google-gemini/gemini-cli `packages/cli/src/config/settings.ts` (5411f113)"},
		{Topic: "precedence", Text: "workspace over user; `mcpServers` merge by name and a higher entry replaces the whole server",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-replace-trusted"},
		{Topic: "switches", Text: "`mcp.excluded` blocks (the union of every scope's list); `mcp.allowed` blocks every name not in it (the intersection of every scope's list); names compare case-insensitively; `~/.gemini/mcp-server-enablement.json` (`gemini mcp disable`) disables. Blocked comes before untrusted",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-allowed-*, gemini-excluded-*, gemini-enablement"},
		{Topic: "switches", Text: "folder trust is on by default: `GEMINI_CLI_TRUST_WORKSPACE=true|false` decides first, then `security.folderTrust.enabled = false` trusts all, then the longest matching rule of `~/.gemini/trustedFolders.json` (`TRUST_FOLDER` covers sub-folders, `TRUST_PARENT` trusts the parent, `DO_NOT_TRUST`); no rule means untrusted. In an untrusted folder no server starts, user ones included, and the workspace's lists do not count",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-trust-*, gemini-do-not-trust, gemini-folder-trust-off, gemini-replace-untrusted"},
		{Topic: "placeholders", Text: "`$VAR`, `${VAR}`, `${VAR:-default}` in every string of every settings file at load (set to \"\" gives \"\"; unset without default stays literal); `env` and `headers` expanded again at connect time, where an unset variable becomes \"\"; `%VAR%` on Windows",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-env-set, gemini-env-unset; `envVarResolver.ts`, `envExpansion.ts`"},
		{Topic: "shape", Text: "`httpUrl` means streamable HTTP; `url` with `type` `http` or `sse`, or without type streamable HTTP falling back to SSE; else `command` means stdio; network keys win over `command`; neither is listed but cannot connect; `timeout` in milliseconds; comments allowed, trailing commas not",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-transports; `packages/core/src/tools/mcp-client.ts`"},
		{Topic: "environment", Text: "a stdio server inherits Gemini CLI's environment less every variable whose name contains `TOKEN`, `SECRET`, `PASSWORD`, `PASSWD`, `KEY`, `AUTH`, `CREDENTIAL`, `CREDS`, `PRIVATE` or `CERT` (and `DATABASE_URL`, `CLIENT_ID`, … ) or whose value looks like a credential (a URL with a password, a GitHub, Google, AWS, Stripe or Slack token, a JWT, a private key), except `PATH`, `HOME`, `TERM` and a few more and the names in `security.environmentVariableRedaction.allowed`; `GEMINI_CLI=1` is added. Values written in `env` are passed (expanded from the whole environment), except `NODE_OPTIONS`, `PYTHONPATH`, `LD_PRELOAD`, `LD_LIBRARY_PATH`, `CLASSPATH` and other variables that change how a program runs, which are dropped. Under GitHub Actions (`GITHUB_SHA` set) every variable not always allowed is removed",
			Source: "Gemini CLI 0.61.0: testdata/clients/gemini-env-redact (`gemini mcp list` ignores the allowed list: it passes none); `packages/core/src/services/environmentSanitization.ts`, `mcp-client.ts` `createTransport`"},
		{Topic: "shape", Text: "servers start without a shell: `~` in `command` fails; `$HOME` and `${HOME}` work because the settings are expanded first",
			Source: "Gemini CLI 0.61.0: testdata/clients/nosh"},
	},

	decode: decodeGemini,
}

// geminiChildEnv is sanitizeEnvironment and createTransport of
// gemini-cli 0.61.0, with redaction on (it always is for MCP servers).
var geminiChildEnv = ChildEnv{
	Set:  map[string]string{"GEMINI_CLI": "1"},
	Hint: "write the variables the server needs in its \"env\" (\"GITHUB_TOKEN\": \"$GITHUB_TOKEN\") or list them in security.environmentVariableRedaction.allowed",
	Redact: &Redaction{
		KeepFirst: []string{"GEMINI_CLI_"},
		ValuePatterns: []string{
			`-----BEGIN (RSA|OPENSSH|EC|PGP) PRIVATE KEY-----`,
			`-----BEGIN CERTIFICATE-----`,
			`(https?|ftp|smtp)://[^:\s]+:[^@\s]+@`,
			`(ghp|gho|ghu|ghs|ghr|github_pat)_[a-zA-Z0-9_]{36,}`,
			`AIzaSy[a-zA-Z0-9_\\-]{33}`,
			`AKIA[A-Z0-9]{16}`,
			`eyJ[a-zA-Z0-9_-]*\.[a-zA-Z0-9_-]*\.[a-zA-Z0-9_-]*`,
			`(s|r)k_(live|test)_[0-9a-zA-Z]{24}`,
			`xox[abpr]-[a-zA-Z0-9-]+`,
		},
		KeepPrefixes: []string{"GIT_CONFIG_"},
		AllowedPath:  []string{"security", "environmentVariableRedaction", "allowed"},
		BlockedPath:  []string{"security", "environmentVariableRedaction", "blocked"},
		Keep: []string{"PATH", "SYSTEMROOT", "COMSPEC", "PATHEXT", "WINDIR", "TEMP", "TMP", "USERPROFILE", "SYSTEMDRIVE",
			"HOME", "LANG", "SHELL", "TMPDIR", "USER", "LOGNAME", "TERM", "COLORTERM",
			"ADDITIONAL_CONTEXT", "AVAILABLE_LABELS", "BRANCH_NAME", "DESCRIPTION", "EVENT_NAME", "GITHUB_ENV", "IS_PULL_REQUEST",
			"ISSUES_TO_TRIAGE", "ISSUE_BODY", "ISSUE_NUMBER", "ISSUE_TITLE", "PULL_REQUEST_NUMBER", "REPOSITORY", "TITLE", "TRIGGERING_ACTOR"},
		Remove: []string{"CLIENT_ID", "DB_URI", "CONNECTION_STRING", "AWS_DEFAULT_REGION", "AZURE_CLIENT_ID", "AZURE_TENANT_ID",
			"SLACK_WEBHOOK_URL", "TWILIO_ACCOUNT_SID", "DATABASE_URL", "GOOGLE_CLOUD_PROJECT", "GOOGLE_CLOUD_ACCOUNT", "FIREBASE_PROJECT_ID"},
		NameParts: []string{"TOKEN", "SECRET", "PASSWORD", "PASSWD", "KEY", "AUTH", "CREDENTIAL", "CREDS", "PRIVATE", "CERT"},
	},
	Blocked: []string{"NODE_OPTIONS", "NODE_CLI_FLAGS", "_FORCE_NODE_OPTIONS", "NODE_PATH", "ELECTRON_RUN_AS_NODE",
		"PYTHONPATH", "PYTHONSTARTUP", "RUBYOPT", "RUBYLIB", "PERL5OPT", "PERL5LIB",
		"LD_PRELOAD", "LD_AUDIT", "LD_DEBUG", "LD_PROFILE", "LD_LIBRARY_PATH",
		"DYLD_INSERT_LIBRARIES", "DYLD_FORCE_FLAT_NAMESPACE", "DYLD_LIBRARY_PATH", "DYLD_FRAMEWORK_PATH",
		"DYLD_FALLBACK_LIBRARY_PATH", "DYLD_FALLBACK_FRAMEWORK_PATH",
		"BASH_ENV", "ENV", "PERL5DB", "JAVA_TOOL_OPTIONS", "_JAVA_OPTIONS", "CLASSPATH",
		"DOTNET_STARTUP_HOOKS", "CORECLR_PROFILER_PATH", "CORECLR_ENABLE_PROFILING"},
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
	// createUrlTransport: httpUrl, then url with "type" "sse"; any other
	// type, or none, is streamable HTTP (an unknown type is a schema
	// warning only).
	switch {
	case d.str("httpUrl") != "" || d.e.Get("httpUrl") != nil:
		d.s.URL = d.str("httpUrl")
		d.s.Transport = HTTP
	case d.e.Get("url") != nil:
		d.s.Transport = HTTP
		if d.s.Type == "sse" {
			d.s.Transport = SSE
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

// geminiSystem is a machine-wide settings file of Gemini CLI on each
// system (getSystemSettingsPath, getSystemDefaultsPath): under
// /etc/gemini-cli on Linux and other Unix systems, /Library/Application
// Support/GeminiCli on macOS, C:\ProgramData\gemini-cli on Windows.
// GEMINI_CLI_SYSTEM_SETTINGS_PATH names the settings file, and the
// defaults are then looked for beside it unless
// GEMINI_CLI_SYSTEM_DEFAULTS_PATH names them. On Linux and macOS a file is
// skipped unless root owns it and every directory above it and none is
// writable by group or others (loadSystemFile, isFileAndDirectorySecureSync);
// Windows checks ACLs, which mcpconf does not read.
func geminiSystem(name string, defaults bool) []File {
	f := File{Scope: System, Base: SystemDir, Format: JSONComments, Defaults: defaults, PathVar: "GEMINI_CLI_SYSTEM_SETTINGS_PATH"}
	if defaults {
		f.PathVar, f.SiblingOf = "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "GEMINI_CLI_SYSTEM_SETTINGS_PATH"
	}
	unix, mac, win := f, f, f
	unix.Path, unix.OS, unix.RootOwned = "etc/gemini-cli/"+name, otherUnix, true
	mac.Path, mac.OS, mac.RootOwned = "Library/Application Support/GeminiCli/"+name, []string{"darwin"}, true
	win.Path, win.OS = "ProgramData/gemini-cli/"+name, []string{"windows"}
	return []File{unix, mac, win}
}

// otherUnix are the systems that are neither macOS nor Windows, where
// Gemini CLI looks in /etc/gemini-cli.
var otherUnix = []string{"linux", "freebsd", "netbsd", "openbsd", "dragonfly", "solaris", "illumos", "aix", "android"}

// geminiExtensions is how Gemini CLI 0.61.0 reads an installed extension
// (packages/cli/src/config/extension-manager.ts loadExtensionConfig and
// _buildExtension; extensions/variables.ts; extensions/extensionEnablement.ts).
var geminiExtensions = &ExtensionSpec{
	NameKey:    "name",
	Required:   []string{"name", "version"},
	NameChars:  "letters (a-z, A-Z), numbers (0-9), and dashes (-)",
	NameOK:     geminiExtensionName,
	Vars:       map[string]ExtVar{"extensionPath": ExtDir, "workspacePath": WorkspaceDir, "/": PathSeparator, "pathSeparator": PathSeparator},
	Install:    ".gemini-extension-install.json",
	LinkType:   "link",
	Enablement: &File{Scope: User, Base: GeminiHome, Path: ".gemini/extensions/extension-enablement.json", Format: JSON},
	EnableHint: "run gemini extensions enable %s",
}

// geminiExtensionName is validateName: /^[a-zA-Z0-9-]+$/.
func geminiExtensionName(name string) bool {
	if name == "" {
		return false
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-') {
			return false
		}
	}
	return true
}
