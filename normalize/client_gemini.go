package normalize

import (
	"slices"
	"time"
)

// geminiHome is $GEMINI_CLI_HOME, default the home: Gemini CLI's user
// files hang from it (.gemini/settings.json).
var geminiHome = &Base{Name: "GEMINI_CLI_HOME", Var: "GEMINI_CLI_HOME"}

// gemini is Gemini CLI.
var gemini = &Client{
	ID:      "gemini",
	Aliases: []string{"gemini-cli"},
	Product: "Gemini CLI",
	Version: "0.61.0",
	Capabilities: Capabilities{Roots: true,
		Source: "the initialize request Gemini CLI 0.61.0 sends in a session (gemini -p, captured by scripts/clientcheck/capabilities.sh; connectToMcpServer registers roots with listChanged and answers with the workspace directories); gemini mcp list's own check declares nothing"},
	Layout: Layout{
		// packages/cli/src/config/settings.ts (0.61.0): the settings are merged
		// system defaults < user < workspace (trusted folders only) < system;
		// extensions add the servers no settings file names.
		Files: slices.Concat(
			geminiSystem("settings.json", false),
			[]File{proj(".gemini/settings.json", JSONComments), user(geminiHome, ".gemini/settings.json", JSONComments)},
			geminiSystem("system-defaults.json", true),
			[]File{{Scope: ExtensionScope, Base: geminiHome, Path: ".gemini/extensions/*/gemini-extension.json", Format: JSON, Extension: geminiExtensions}},
		),
		Project:         AtStart,
		NoProjectInHome: true,
		Schema:          "gemini",
		// packages/cli/src/config/settings.ts (0.61.0) _doLoadSettings:
		// resolveEnvVarsInObject (packages/cli/src/utils/envVarResolver.ts)
		// on each parsed file, then validateSettings
		SettingsPlaceholders: []Syntax{Dollar, Bare},
	},
	Gates: Gates{
		BadFiles: []BadFile{{Message: "Please fix the configuration file(s) and try again", ExitCode: 52}},
		// packages/cli/src/commands/mcp/list.ts (0.61.0) getMcpServersFromConfig:
		// the merged settings' servers are a plain object, and an extension's
		// server is skipped "if (mcpServers[key])", which every name an object
		// answers to passes; the settings merge loses "__proto__" (the harness)
		NullClears:   true,
		TextBooleans: true,
		LostNames: []LostName{
			{Names: []string{"__proto__"}, Scopes: []Scope{System, Project, User}, UnlessInvalid: true,
				Why: "Gemini CLI validates its settings into a new object, where %q sets the object's prototype instead of adding a server: it is lost without a warning (it stays when the file fails validation and is used as parsed)"},
			{Names: ObjectNames, Scopes: []Scope{ExtensionScope},
				Why: "Gemini CLI adds an extension's server only when its servers object does not already answer to the name, and every object answers to %q: the server is lost without a warning"},
		},
		Lists: []List{
			// A server must be allowed by every file that sets mcp.allowed;
			// mcp.excluded adds up. Names compare case-insensitively, and a
			// workspace's lists count only in a trusted folder.
			// a name "ext:…" is listed by its last part too
			{Path: []string{"mcp", "allowed"}, Effect: AllowList, Combine: Intersect, Fold: true, EmptyBlocks: true, Trusted: true, PlainAfter: "ext:"},
			{Path: []string{"mcp", "excluded"}, Effect: DenyList, Combine: Union, Fold: true, Trusted: true, PlainAfter: "ext:"},
			// gemini mcp disable|enable writes this file.
			{File: &geminiEnablement, Effect: HideList, Switches: true, Fold: true, FoldedKeys: true, Combine: Union},
		},
		Trust: &Trust{
			Kind:           TrustFolders,
			Effect:         DisablesAll,
			File:           File{Scope: User, Base: geminiHome, Path: ".gemini/trustedFolders.json", Format: JSONComments, PathVar: "GEMINI_CLI_TRUSTED_FOLDERS_PATH"},
			Env:            "GEMINI_CLI_TRUST_WORKSPACE",
			DistrustEnv:    "GEMINI_RESTRICTED_MODE",
			Enabled:        []string{"security", "folderTrust", "enabled"},
			EnabledDefault: true,
			Ask:            "run gemini in the project and trust the folder when it asks",
		},
	},
	Shape: geminiShape(),
	Expansion: Expansion{
		// Percent is expanded on Windows only, at connect time, in env and
		// headers.
		Placeholders:       []Syntax{Dollar, Bare, Percent},
		WindowsOnly:        []Syntax{Percent},
		VarForm:            "$%s",
		ExpandsEveryString: true,
		// expanded at load, where an unset variable stays literal, and env
		// and headers again at connect time, where it becomes ""
		Unset: []UnsetRule{
			{Field: "env", Does: UnsetEmpty, Source: geminiUnsetSource},
			{Field: "headers", Does: UnsetEmpty, Source: geminiUnsetSource},
			{Does: UnsetLiteral, Source: geminiUnsetSource},
		},
	},
	Launch: Launch{
		ChildEnv:  geminiChildEnv,
		NoShell:   true,
		ToolNames: geminiScheme,
	},
	Docs: Docs{
		// what Gemini CLI reads on its way to its servers: explain notes a key
		// it reads that mcpconf does not model; its branches are measured by
		// V8 coverage (scripts/clientcheck/coverage.py)
		LoadPathFile: "gemini.json",
		Note:         "system settings over workspace settings over user settings over system defaults, then extensions; a server is replaced whole (Gemini CLI loads workspace settings only in trusted folders)",
		DisableHint:  "Gemini CLI has no per-server switch: list the server in \"mcp.excluded\" or run gemini mcp disable",
		Facts: []Fact{
			{Topic: "names", Text: "no rule for server names: `gemini mcp add <name>` writes any name, and nothing in the CLI or core checks one; tool names replace characters outside `[a-zA-Z0-9_.:-]` with `_`",
				Source: "google-gemini/gemini-cli 5411f113 (0.56.0-nightly): `packages/cli/src/commands/mcp/add.ts`, `packages/core/src/tools/mcp-tool.ts`; not re-read for 0.61.0"},
			{Topic: "switches", Text: "trustedFolders.json: its keys are made absolute when it is loaded (`/p/` and `/p/x/..` are `/p`, the later of two keys for one path wins); of the rules whose folder (its parent for `TRUST_PARENT`) holds the working directory, the longest path wins",
				Source: "Gemini CLI 0.61.0 bundle: `loadTrustedFolders` (`userConfig[normalizePath(rawPath)] = trustLevel`), `isPathTrusted` (`rulePath.length > longestMatchLen`); the differential harness (seed 2)"},
			{Topic: "shape", Text: "`gemini mcp list` adds an extension's server only `if (!mcpServers[key])` on a plain object, so an extension server named like an Object.prototype member (`toString`, `constructor`, `hasOwnProperty`, …) is never listed; a settings server named `__proto__` is lost in the settings merge",
				Source: "Gemini CLI 0.61.0 bundle: packages/cli/src/commands/mcp/list.ts `getMcpServersFromConfig`, `buildPrimitiveSchema`; testdata/clients/gemini-proto-invalid-file, gemini-proto-numeric-text, gen-gemini-85937681; the differential harness (seed 1 and 2)"},
			{Topic: "shape", Text: "a settings server named `__proto__` stays only in a file that fails the settings validation (used as parsed); a server's `type` passes it when it is `stdio`, `sse` or `http` (a `type: \"stdio\"` entry with neither `command` nor `url` included), so beside one the name is still lost",
				Source: "Gemini CLI 0.61.0 bundle: `SETTINGS_SCHEMA_DEFINITIONS.MCPServerConfig` (`type` enum `[\"stdio\", \"sse\", \"http\"]`), `buildZodSchemaFromJsonSchema`; testdata/clients/gen-gemini-3ee859b3, gen-gemini-fd6a99d0 (the differential harness, seeds 3 and 5)"},
			{Topic: "switches", Text: "settings are validated into their types: `\"false\"` and `\"true\"` (any case) are booleans, numbers written as text are numbers (`security.folderTrust.enabled: \"false\"` turns folder trust off)",
				Source: "Gemini CLI 0.61.0 bundle: `buildPrimitiveSchema`; testdata/clients/gen-gemini-5dfaf55b (the differential harness, seed 3)"},
			{Topic: "switches", Text: "every string value (not the keys) of the system, system-defaults, user and workspace settings files has `$VAR`, `${VAR}` and `${VAR:-default}` replaced from the environment when the file is loaded, before it is validated: `mcp.allowed: [\"$A\"]` allows the server A names, `mcp.excluded` likewise, and `security.folderTrust.enabled: \"${FT}\"` with `FT=false` turns folder trust off (the expanded `\"false\"` validates as the boolean). A variable that is not set stays as written (`\"$UNSET_X\"` allows a server of that very name); the default is taken only when the variable is not set; a file that still fails validation is used expanded. mcpconf reads the lists and the trust switch expanded, with the run's environment. Not modelled: a variable set to the empty text (mcpconf takes it as not set), and `$1x` (Gemini CLI takes any `\\w+` as a name)",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/cli/src/config/settings.ts` `_doLoadSettings` (`resolveEnvVarsInObject(settingsObject)`, then `validateSettings(expandedSettings)`; on failure a warning and the expanded settings as they are), `packages/cli/src/utils/envVarResolver.ts` `resolveEnvVarsInString` (`/\\$(?:(\\w+)|{([^}]+?)(?::-([^}]*))?})/g`; an unset variable without a default returns the match); testdata/clients/gemini-settings-env-lists, gemini-settings-env-trust"},
			{Topic: "not modelled", Text: "`gemini mcp list` itself crashes on some values (`args` a string: \"server.args?.join is not a function\"); a session fails that server only. The harness counts such trees apart (client-crash), and mcpconf judges the server as a session would",
				Source: "Gemini CLI 0.61.0 bundle: `listMcpServers`; the differential harness"},
			{Topic: "precedence", Text: "a settings file whose `mcpServers` is `null` replaces the servers of the files below it in the merge (with a schema warning, \"Expected object, received null\"); extensions' servers are added after",
				Source: "the differential harness (seed 1 and 2, four trees); Gemini CLI 0.61.0 bundle: `getMcpServersFromConfig` (`{ ...settings.mcpServers }`, then the extensions')"},
			{Topic: "files", Text: "user `~/.gemini/settings.json` (`~` is `$GEMINI_CLI_HOME` when set); workspace `.gemini/settings.json` of the working directory only (no walk up), not read when the working directory is the user settings' home (`$GEMINI_CLI_HOME`, or the home), links resolved; started in the real home under `GEMINI_CLI_HOME`, `~/.gemini/settings.json` is the workspace's",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-subdir, gemini-cli-home, gemini-home-workspace, gemini-home-workspace-real-home; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/core/src/config/storage.ts` `isWorkspaceHomeDir`"},
			{Topic: "files", Text: "`GEMINI_CLI_HOME` is used as set: a relative value (`alt`) is relative to the directory Gemini CLI starts in, `~` is not expanded (`~/cfg` is a directory named `~` there), links are not resolved, and a directory that does not exist holds no file to read; `GEMINI_CLI_TRUSTED_FOLDERS_PATH` and a linked extension's `source` likewise. A `trustedFolders.json` rule is made absolute against the start directory too (`\".\"` trusts the directory Gemini CLI starts in). mcpconf resolves them at `--root`, not in its own working directory; with `--home`, a directory outside both `--home` and `--root` is ignored (a note says so)",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/core/src/utils/paths.ts` `homedir` (returns `process.env.GEMINI_CLI_HOME` as is), `packages/core/src/config/storage.ts` `getGlobalGeminiDir` (`path.join`), `packages/core/src/utils/trust.ts` `loadTrustedFolders`/`isPathTrusted` (`normalizePath`: `path.resolve` of the rule), `ExtensionManager` (`installMetadata.source` used as is); testdata/clients/homes-relative, homes-tilde, homes-relative-missing, gemini-trust-dot"},
			{Topic: "files", Text: "system settings `/etc/gemini-cli/settings.json` (every system but macOS and Windows), `/Library/Application Support/GeminiCli/settings.json` (macOS), `C:\\ProgramData\\gemini-cli\\settings.json` (Windows), or the file `$GEMINI_CLI_SYSTEM_SETTINGS_PATH` names; system defaults `system-defaults.json` beside the system settings (beside the file the variable names, too), or the file `$GEMINI_CLI_SYSTEM_DEFAULTS_PATH` names. mcpconf reads them under `/` on a run about this machine, under `--system DIR`, and not at all with `--home` alone (a note says so); a variable's path is a path on that machine",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-system-precedence, gemini-system-env, gemini-system-env-both; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/cli/src/config/settings.ts` `getSystemSettingsPath`, `getSystemDefaultsPath`"},
			{Topic: "files", Text: "a system file is read only when root (uid 0) owns it and every directory above it (up to `/`) and none of them is writable by group or others, symbolic links on the way and the file they lead to included; otherwise Gemini CLI prints `Security Warning: Skipping system settings file …` and skips it unparsed, so none of its servers or lists apply (a file under `/tmp` is always skipped). mcpconf checks what it can stat (under `--system DIR` the owner of DIR stands for root); not on Windows, where Gemini CLI checks access lists",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-system-writable, gemini-system-file-writable, gemini-system-env-tmp, gemini-system-bad-skipped; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `settings.ts` `loadSystemFile`, `packages/core/src/utils/security.ts` `isFileAndDirectorySecureSync`, `isPathSecureSync`"},
			{Topic: "files", Text: "extensions: every directory of `~/.gemini/extensions` (`$GEMINI_CLI_HOME/.gemini/extensions`) holding `gemini-extension.json` (plain JSON: no comments) with a `name` (letters, digits, `-`) and a `version` brings the servers under its `mcpServers`, shown as `name (from EXT)`; `${extensionPath}`, `${workspacePath}`, `${/}` and `${pathSeparator}` are replaced in every string first. A directory whose `.gemini-extension-install.json` says `{\"type\": \"link\", \"source\": DIR}` is read at DIR. A manifest that is missing, does not parse or lacks `name` or `version`, or a bad name, skips the extension with a warning; two extensions of one name stop Gemini CLI (`Extension with name X already was loaded.`, exit code 1)",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-extension, gemini-extension-skipped, gemini-extension-link, gemini-extension-duplicate, gemini-extension-gemini-home; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/cli/src/config/extension-manager.ts` `loadExtensions`, `_buildExtension`, `loadExtensionConfig`, `extensions/variables.ts` `hydrateString`, `validateName`"},
			{Topic: "precedence", Text: "system settings > workspace (trusted folders only) > user > system defaults, then extensions; `mcpServers` merge by name (`shallow_merge`) and a higher entry replaces the whole server; an extension's server is added only when no settings file names it",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-replace-trusted, gemini-system-precedence, gemini-extension; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `settings.ts` `mergeSettings`, `packages/cli/src/commands/mcp/list.ts` `getMcpServersFromConfig`"},
			{Topic: "refusal", Text: "a settings file (system, system defaults, user, workspace — the workspace's even in an untrusted folder) that does not parse (a trailing comma, a byte order mark), does not hold an object, or cannot be read stops Gemini CLI before anything starts: `Error in PATH: … Please fix the configuration file(s) and try again.`, exit code 52. mcpconf marks every server `refused`, with the file and position. A skipped system file is not parsed",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-bad-user, gemini-bad-workspace-untrusted, gemini-bad-array, gemini-bad-bom, gemini-system-bad, gemini-comments; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `settings.ts` `_doLoadSettings` (`FatalConfigError`, `packages/core/src/utils/errors.ts` exit code 52)"},
			{Topic: "refusal", Text: "`~/.gemini/trustedFolders.json` (or `$GEMINI_CLI_TRUSTED_FOLDERS_PATH`) that does not parse, is not an object, or maps a path to anything but `TRUST_FOLDER`, `TRUST_PARENT` or `DO_NOT_TRUST` stops Gemini CLI (exit code 52) when trust is looked up in it (not when a variable or `security.folderTrust.enabled = false` decides first)",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-bad-trust-level, gemini-bad-trust-file, gemini-bad-trust-file-env; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/core/src/utils/trust.ts` `checkPathTrust`, `loadTrustedFolders`"},
			{Topic: "switches", Text: "`mcp.excluded` blocks (the union of the lists of system settings, system defaults, user and, in a trusted folder, workspace); `mcp.allowed` blocks every name not in all of the lists that are set, so an empty list, or lists with no name in common, block every server; names compare lower-cased and trimmed, and a server whose name starts with `ext:` is also listed by the part after its last `:` (`mcp.allowed: [\"a\"]` admits a project server named `ext:a`, with a deprecation warning; `isInSettingsList`, harness seed 10: gen-gemini-2f930016); `~/.gemini/mcp-server-enablement.json` (`gemini mcp disable`) disables the servers whose lower-cased, trimmed name is a key with `enabled` false (a key written otherwise matches nothing). Blocked comes before disabled, disabled before untrusted; all of it applies to extensions' servers too",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-allowed-*, gemini-excluded-*, gemini-enablement, gemini-enablement-keys, gemini-system-lists, gemini-system-lists-untrusted, gemini-extension-lists; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `settings.ts` `getConsolidatedExcludedMcpServers`, `getConsolidatedAllowedMcpServers`, `packages/cli/src/config/mcp/mcpServerEnablement.ts` `canLoadServer`"},
			{Topic: "switches", Text: "folder trust: `GEMINI_RESTRICTED_MODE=true` distrusts first; then `GEMINI_CLI_TRUST_WORKSPACE` `true` or `false` decides (other values are ignored); then `security.folderTrust.enabled` from system settings, user settings or system defaults (the highest that sets it; not the workspace's) turns the check off when false; then the rule of `~/.gemini/trustedFolders.json` (or `$GEMINI_CLI_TRUSTED_FOLDERS_PATH`) that covers the folder with the longest path as written (`TRUST_FOLDER` covers sub-folders, `TRUST_PARENT` the parent of its path, `DO_NOT_TRUST`), links resolved; no rule means untrusted. In an untrusted folder no server starts, user, system and extension ones included, and the workspace's lists do not count",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-trust-*, gemini-do-not-trust, gemini-folder-trust-off, gemini-replace-untrusted, gemini-trusted-folders-path, gemini-system-trust-off, gemini-system-defaults-trust-off, gemini-extension-untrusted; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `trust.ts` `checkPathTrust`, `isPathTrusted`, `packages/cli/src/config/trustedFolders.ts`"},
			{Topic: "switches", Text: "`~/.gemini/extensions/extension-enablement.json` (`gemini extensions disable|enable`): for an extension's name, the last of its `overrides` rules that matches the working directory (with `/` around it) decides: `!` disables, a final `*` covers sub-folders; none means enabled; a file not of that shape is ignored. A disabled extension's servers do not start: `gemini mcp list` still lists and even connects them, `gemini extensions list` shows the extension `✗`, a session skips them",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-extension-disabled (clientcheck reads `gemini extensions list`); Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/cli/src/config/extensions/extensionEnablement.ts` `isEnabled`, `packages/core/src/utils/extensionLoader.ts` `start` (active extensions only), `packages/core/src/tools/mcp-client-manager.ts` `maybeDiscoverMcpServer`"},
			{Topic: "placeholders", Text: "`$VAR`, `${VAR}`, `${VAR:-default}` in every string of every settings file at load (set to \"\" gives \"\"; unset without default stays literal); `env` and `headers` expanded again at connect time, where an unset variable becomes \"\"; `%VAR%` on Windows",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-env-set, gemini-env-unset; `envVarResolver.ts`, `envExpansion.ts`"},
			{Topic: "shape", Text: "`httpUrl` means streamable HTTP; `url` with `type` `sse` means SSE (each key counts when JavaScript finds it true: an empty string is no endpoint, testdata/clients/gemini-empty-urls), with any other `type` (`http`, or one Gemini CLI does not know such as `streamable-http`, a schema warning only) or none streamable HTTP; else `command` means stdio; network keys win over `command`; neither is listed but cannot connect; `type` accepts `stdio`, `sse`, `http`; `timeout` in milliseconds; comments allowed, trailing commas not",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-transports, gemini-type-unknown; Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/core/src/tools/mcp-client.ts` `createUrlTransport`, `createTransport`; `settingsSchema.ts` `MCPServerConfig`"},
			{Topic: "environment", Text: "a stdio server inherits Gemini CLI's environment less every variable whose name contains `TOKEN`, `SECRET`, `PASSWORD`, `PASSWD`, `KEY`, `AUTH`, `CREDENTIAL`, `CREDS`, `PRIVATE` or `CERT` (and `DATABASE_URL`, `CLIENT_ID`, … ) or whose value looks like a credential (a URL with a password, a GitHub, Google, AWS, Stripe or Slack token, a JWT, a private key), except `PATH`, `HOME`, `TERM` and a few more and the names in `security.environmentVariableRedaction.allowed`; `GEMINI_CLI=1` is added. Values written in `env` are passed (expanded from the whole environment), except `NODE_OPTIONS`, `PYTHONPATH`, `LD_PRELOAD`, `LD_LIBRARY_PATH`, `CLASSPATH` and other variables that change how a program runs, which are dropped. Under GitHub Actions (`GITHUB_SHA` set) every variable not always allowed is removed",
				Source: "Gemini CLI 0.61.0: testdata/clients/gemini-env-redact (`gemini mcp list` ignores the allowed list: it passes none); `packages/core/src/services/environmentSanitization.ts`, `mcp-client.ts` `createTransport`"},
			{Topic: "shape", Text: "servers start without a shell: `~` in `command` fails; `$HOME` and `${HOME}` work because the settings are expanded first",
				Source: "Gemini CLI 0.61.0: testdata/clients/nosh"},
			// What mcpconf knows and does not model, and why.
			{Topic: "not modelled", Text: "a session compares `mcp.allowed` and `mcp.excluded` with the server's name exactly, and an empty allow list blocks nothing there, while `gemini mcp list` folds case and blocks every server on an empty list: mcpconf follows `gemini mcp list`, the client's own account of its servers that clientcheck records (`excluded: [\"EX\"]` lets a session start `ex`; `allowed: [\"GitHub\"]` keeps it from starting `github`)",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/core/src/tools/mcp-client-manager.ts` `isBlockedBySettings` against `mcpServerEnablement.ts` `canLoadServer`; checked by hand with `gemini -p` sessions (a dummy `GEMINI_API_KEY`, no network) whose servers write a marker file when started, not a recorded case: clientcheck records `gemini mcp list`"},
			{Topic: "not modelled", Text: "in a session an extension's server of the same name as a settings server is merged under it (`mergeMcpConfigs`: the settings' keys win, `env` merged, `excludeTools` united, `includeTools` intersected, other keys from the extension): mcpconf shows, as `gemini mcp list` does, the settings' definition whole",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `mcp-client-manager.ts` `maybeDiscoverMcpServer`, `mergeMcpConfigs`"},
			{Topic: "not modelled", Text: "of two extensions that bring one server name, Gemini CLI keeps the one its directory listing returns first (the file system's order); mcpconf takes the first by directory name",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `extension-manager.ts` `loadExtensions` (`readdir`), `list.ts` `getMcpServersFromConfig`"},
			{Topic: "not modelled", Text: "`mcp.serverCommand` adds a server named `mcp` in a session (`gemini mcp list` does not show it); the `--allowed-mcp-server-names` and `--extensions` flags; `security.allowedExtensions` and `security.blockGitExtensions` (by an extension's install source); `experimental.extensionConfig` (an extension's own `.env` settings); the administrator's settings (`admin.mcp.enabled`, `admin.mcp.config`, `admin.extensions.enabled`), which come from the Code Assist service, not from a file: none is a file mcpconf reads, or each is rare enough to leave to the client",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `packages/cli/src/config/config.ts` `loadCliConfig`, `populateMcpServerCommand`, `extension-manager.ts` `_buildExtension`, `settings.ts` `setRemoteAdminSettings`"},
			{Topic: "not modelled", Text: "a settings file that validates against Gemini CLI's schema has strings coerced (`\"false\"` for a boolean); an IDE companion's trust decides before `trustedFolders.json`; `.env` files load into the environment after the settings are expanded (they reach `env` and `headers` at connect time, not the settings); Windows access lists of system files: mcpconf reads values as written and cannot see an IDE's state",
				Source: "Gemini CLI 0.61.0 bundle (npm `@google/gemini-cli@0.61.0`): `settings-validation.ts`, `trust.ts` `checkPathTrust` (`ideContextStore`), `settings.ts` `loadEnvironment`, `security.ts` `batchCheckWindowsPathsSync`"},
		},
	},

	decode: decodeGemini,
}

// geminiChildEnv is sanitizeEnvironment and createTransport of
// gemini-cli 0.61.0, with redaction on (it always is for MCP servers).
var geminiChildEnv = ChildEnv{
	Set:      map[string]string{"GEMINI_CLI": "1"},
	Hint:     "write the variables the server needs in its \"env\" (\"GITHUB_TOKEN\": \"$GITHUB_TOKEN\") or list them in security.environmentVariableRedaction.allowed",
	HintAlso: "or list %s in security.environmentVariableRedaction.allowed",
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
	// Each test is JavaScript's truthiness: an empty string is no
	// endpoint (testdata/clients/gemini-empty-urls).
	switch {
	case JSTruthy(d.e.Get("httpUrl")):
		d.s.URL = d.str("httpUrl")
		d.s.Transport = HTTP
	case JSTruthy(d.e.Get("url")):
		d.s.Transport = HTTP
		if d.s.Type == "sse" {
			d.s.Transport = SSE
		}
	case JSTruthy(d.e.Get("command")):
		d.s.Transport = Stdio
	}
	geminiFields(d)
}

// geminiFields reads the fields besides the transport that Gemini CLI and
// its fork Qwen Code read alike: the timeout in milliseconds, the tool
// filters and OAuth.
func geminiFields(d *decoder) {
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout, d.s.ToolTimeout = t, t
	}
	d.s.IncludeTools = d.strs("includeTools")
	d.s.ExcludeTools = d.strs("excludeTools")
	d.s.Auth = d.e.Get("oauth")
}

var geminiEnablement = File{Scope: User, Base: geminiHome, Path: ".gemini/mcp-server-enablement.json", Format: JSON}

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
	return systemSettings(systemDirs{"etc/gemini-cli/", "Library/Application Support/GeminiCli/", "ProgramData/gemini-cli/"},
		name, defaults, "GEMINI_CLI_SYSTEM_SETTINGS_PATH", "GEMINI_CLI_SYSTEM_DEFAULTS_PATH", true)
}

// systemDirs are the directories of a client's machine-wide settings on
// other Unix systems, macOS and Windows, relative to the machine's root.
type systemDirs struct{ unix, mac, win string }

// systemSettings is a machine-wide settings file (name) of Gemini CLI or
// a fork of it in dirs: settingsVar names the settings file instead, and
// the defaults (defaults) are then looked for beside it unless
// defaultsVar names them; rootOwned: the client skips a file that root
// does not own (File.RootOwned).
func systemSettings(dirs systemDirs, name string, defaults bool, settingsVar, defaultsVar string, rootOwned bool) []File {
	f := File{Scope: System, Base: SystemDir, Format: JSONComments, Defaults: defaults, PathVar: settingsVar}
	if defaults {
		f.PathVar, f.SiblingOf = defaultsVar, settingsVar
	}
	unix, mac, win := f, f, f
	unix.Path, unix.OS, unix.RootOwned = dirs.unix+name, otherUnix, rootOwned
	mac.Path, mac.OS, mac.RootOwned = dirs.mac+name, []string{"darwin"}, rootOwned
	win.Path, win.OS = dirs.win+name, []string{"windows"}
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
	Enablement: &File{Scope: User, Base: geminiHome, Path: ".gemini/extensions/extension-enablement.json", Format: JSON},
	Enable:     []string{"gemini", "extensions", "enable"},
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

// geminiUnsetSource is where Gemini CLI's handling of unset variables is
// seen.
const geminiUnsetSource = "Gemini CLI 0.61.0: testdata/clients/gemini-env-set, gemini-env-unset; `envVarResolver.ts`, `envExpansion.ts`"

// geminiShape is how Gemini CLI reads a server entry; Qwen Code, its fork,
// starts from it (qwenShape).
func geminiShape() Shape {
	return Shape{
		ServersKey: "mcpServers",
		WrongKeys:  []string{"servers", "mcp_servers", "context_servers"},
		Fields: []string{"command", "args", "env", "cwd", "url", "httpUrl", "type", "headers", "tcp", "timeout", "trust", "description",
			"includeTools", "excludeTools", "oauth", "authProviderType", "targetAudience", "targetServiceAccount"},
		TimeoutUnit: time.Millisecond,
		// one "timeout" bounds the connection and every request, tool calls
		// included (default 10 minutes)
		Timeouts:           []TimeoutField{{Key: "timeout", Unit: time.Millisecond, Bounds: BoundsStartup | BoundsCall}},
		Types:              []TypeLiteral{{"stdio", Stdio}, {"http", HTTP}, {"sse", SSE}},
		UnknownTypeIgnored: true,
		OnNeither:          NeitherUnreachable,
		AltURLKey:          "httpUrl",
		EndpointKeys:       []string{"url", "httpUrl"},
		ToolFilters:        [2]string{"includeTools", "excludeTools"},
		ToolArgsInAllow:    true,
	}
}
