package normalize

// kilo is the Kilo Code CLI (npm @kilocode/cli, the `kilo` command), a
// fork of opencode: the same config schema (its "mcp" entries are
// opencode's), read from its own files and from the project's
// opencode.json. Not the Kilo Code VS Code extension (.kilocode/mcp.json,
// mcp_settings.json in Roo Code's shape), which mcpconf does not model.
//
// Where it reads opencode.json differently from opencode (for findings on
// that shared file): Gates.SkipsFile is set (a project file whose entry
// its schema rejects, or that does not parse, is skipped alone, "skipped
// config due to error", and never stops it, as are ~/.kilo/, ~/.kilocode/
// and the KILO_CONFIG file, File.SkippedAlone; a file of ~/.config/kilo/
// refuses the whole configuration, Gates.Refuses, as opencode's);
// SkipsFile.ProjectVars: a project file holding {env:VAR} is skipped
// whole; SkipsFile.HeaderVars: a project entry with a variable in its
// headers is dropped alone. Shape is opencode's: "type" is required
// (TypeRequired), "local"/"remote".
var kilo = &Client{
	ID:      "kilo",
	Aliases: []string{"kilo-code"},
	Product: "Kilo Code CLI",
	Version: "7.7.7",
	Layout: Layout{
		Files:  kiloFiles,
		Merge:  KeyByKey,
		Schema: "opencode",
		// as opencode: from the start directory up to the git root
		// (testdata/clients/kilo-files)
		// without a repository up to the file system root, as opencode
		// (harness seed 2, trees 22, 199)
		Project:       RootToStart,
		RootMarkers:   []string{".git"},
		UpWithoutRoot: true,
		// a patch is cut to "enabled" as opencode's; no V2 lowering:
		// "disabled" means nothing (testdata/clients/opencode-disabled)
		Patch: opencodePatch,
		// KilocodeConfig.mergeConfig (testdata/clients/kilo-merge-retype)
		Retype: &Retype{Over: []Scope{Project}, TypeKey: "type", URLKey: "url", Types: []string{"local", "remote"},
			Keeps: []string{"enabled", "timeout"}, Remote: "remote", Local: "local", Drops: []string{"headers", "oauth"}},
	},
	// kilo 7.7.7 skips a project file it cannot use, alone
	// (testdata/clients/kilo-invalid-file, kilo-project-env)
	// a user file it cannot use refuses the whole configuration, as
	// opencode's (harness seed 1, tree 11)
	// as opencode, its layers are merged into plain objects (harness seed 2,
	// trees 23, 40, 153: a "__proto__" entry even alone in a user file is
	// neither listed nor checked)
	Gates: Gates{LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{Project, User},
		Why: "Kilo Code CLI merges its files into plain objects, where %q sets the object's prototype instead of adding a server: it is lost without a warning"}},
		Refuses: kiloRefuses(), SkipsFile: &FileSkip{Entry: opencodeEntry, Typed: opencodeTyped, ProjectVars: []string{"{env:"}, HeaderVars: []string{"{env:", "{file:"}, Says: "skipped config due to error"}},
	Shape: kiloShape(),
	Expansion: Expansion{
		Placeholders:       opencode.Placeholders,
		VarForm:            opencode.VarForm,
		Unset:              opencode.Unset,
		ExpandsEveryString: true,
	},
	Launch: opencode.Launch,
	Docs: Docs{
		LoadPathFile: "kilo.json",
		AddHint:      "move them under \"mcp\" in kilo.json (each with \"type\": \"local\" and a \"command\" array, or \"type\": \"remote\" and a \"url\")",
		Note:         "~/.kilo/ and ~/.kilocode/ over the project's .kilo/ and .kilocode/ over its opencode.json over its kilo.json over KILO_CONFIG over ~/.config/kilo/, merged key by key",
		Facts: []Fact{
			{Topic: "files", Text: "lowest first: global `~/.config/kilo/config.json` < `kilo.json` < `kilo.jsonc` < `opencode.json` < `opencode.jsonc` (XDG); the file `KILO_CONFIG` names; project `kilo.json`/`kilo.jsonc` from the git root down to the start directory, then `opencode.json`/`opencode.jsonc` likewise (so any project `opencode.json` wins over any project `kilo.json`); then `.kilocode/` and `.kilo/` (`kilo.jsonc` < `kilo.json` < `opencode.jsonc` < `opencode.json`); then `~/.kilocode/` and `~/.kilo/`. It does not read `.opencode/`, `~/.opencode/` nor `~/.config/opencode/`",
				Source: "kilo 7.7.7 (`kilo debug config`): testdata/clients/kilo-files, kilo-opencode-dirs; bundle `ConfigSources.list`, `KilocodeConfig.ALL_CONFIG_FILES`"},
			{Topic: "files", Text: "each project file is found per directory, both names of a directory together (`findUp(...).toReversed()`): a `opencode.json` in the start directory wins over a `opencode.jsonc` at the git root (File.WithNext); the `.kilocode/` and `.kilo/` directories likewise, the farthest winning; without a git repository the walk goes up to the file system root",
				Source: "kilo 7.7.7 bundle `ConfigSources` `F()` (`findUp([`${Z}.jsonc`,`${Z}.json`], directory, worktree).toReversed()`); testdata/clients/kilo-walk-up-nogit"},
			{Topic: "files", Text: "without a git repository the start directory is the root of the `.kilo/` and `.kilocode/` directories: one found above it is trusted as a global one (`{env:}` expanded even in headers, entries merged key by key), while a `kilo.json` or `opencode.json` above it stays a project file (File.TrustedAboveStart); a global file (`~/.config/kilo/`, `~/.kilo/`, `~/.kilocode/`) merges key by key, a project file over another type or url keeps only `enabled` and `timeout` of the lower entry, or drops its `headers` and `oauth` (Layout.Retype.Over); whether the file `KILO_CONFIG` names merges the project's way (its scope is \"env\", `ND$(…, scope === \"global\")`) is read in the code, not checked — UNVERIFIED",
				Source: "kilo 7.7.7 bundle `Config.loadInstanceState` (`ND$`); testdata/clients/kilo-nogit-above-start, kilo-merge-retype; harness seed 3"},
			{Topic: "names", Text: "a server named `__proto__` is lost without a word in every file, even alone in the user's (its files are merged into plain objects)",
				Source: "kilo 7.7.7: testdata/clients/kilo-proto"},
			{Topic: "refusal", Text: "a file that does not parse (\"is not valid JSON(C)\") or holds an entry the schema rejects (opencode's schema: no `type`, a `command` that is not an array…) in the project is skipped whole with \"skipped config due to error\" (a WARN log, `kilo config check` says why); its valid entries are lost too, the other files load and the servers start — unlike opencode, which refuses its whole configuration. `~/.kilo/`, `~/.kilocode/` and the file `KILO_CONFIG` names are skipped alone the same way (File.SkippedAlone); the same in a user file of `~/.config/kilo/` refuses the whole configuration as opencode does: exit 1, \"Configuration is invalid at PATH\" or \"Config file at PATH is not valid JSON(C)\" (harness seed 1, tree 11: not recorded as a case). mcpconf lists the file as skipped (Gates.SkipsFile). Any of its files that it cannot read (a directory named `kilo.json`) stops it, exit 1, \"BadResource: FileSystem.readFile (PATH)\": it skips only what does not parse or what the schema rejects",
				Source: "kilo 7.7.7 (`kilo mcp list --print-logs`, `kilo config check`): testdata/clients/kilo-invalid-file, kilo-home-dir-broken, kilo-config-env-skipped, kilo-project-unreadable; bundle `KilocodeConfig.caught`"},
			{Topic: "merge", Text: "opencode's key by key merge, but for an entry over the merge of the files below it (Layout.Retype): when its `type` (`local` or `remote`) differs from the one below, only the lower's `enabled` and `timeout` are kept; when the one below is `remote`, this one not `local`, and both have a string `url` that differs, the lower's `headers` and `oauth` are dropped (this one's own kept), so a header meant for one host is not sent to another. A patch keeps only `enabled`, as opencode's. opencode 1.18.33 has no such rule (plain `mergeDeep`)",
				Source: "kilo 7.7.7 bundle `KilocodeConfig.mergeConfig`, `kilo debug config`: testdata/clients/kilo-merge-retype"},
			{Topic: "shape", Text: "no V2 compatibility, unlike opencode 1.18.33: `disabled` in an entry means nothing, and `\"mcp\": {\"servers\": {...}}` is an entry without `type` (a project file holding it is skipped)",
				Source: "kilo 7.7.7 (`kilo mcp list`): testdata/clients/opencode-disabled, opencode-mcp-servers; no `ConfigV2Compat` in its bundle"},
			{Topic: "placeholders", Text: "`{env:VAR}` and `{file:path}` as opencode in the user's files; a project file (kilo.json, opencode.json, .kilo/) that holds `{env:VAR}` is refused — \"environment references are not allowed in project config\" — and skipped whole (Gates.SkipsFile.ProjectVars); before that check, an entry whose `headers` hold `{env:…}` or `{file:…}` in a name or value is dropped alone (\"Skipped MCP \\\"NAME\\\": variable references are not allowed in project MCP headers\"), the rest of the file loading and another file's definition of the name used (SkipsFile.HeaderVars); whether `{file:}` elsewhere is refused too is not checked — UNVERIFIED",
				Source: "kilo 7.7.7 (`kilo config check`, `kilo debug config`): testdata/clients/kilo-project-env, kilo-project-headers-var; bundle `Wo0` (headers), `ConfigVariable.substitute`"},
			{Topic: "files", Text: "it also reads the Kilo Code extension's `.kilocode/mcp.json` and `.kilo/mcp.json` of the start directory (`mcpServers`, Roo Code's shape: `command`+`args`, `env`, `disabled`; a remote entry needs `type` `streamable-http` or `sse`) and the VS Code global storage's `kilocode.kilo-code/settings/mcp_settings.json` (not modelled; its precedence against kilo.json is not checked — UNVERIFIED)",
				Source: "kilo 7.7.7 bundle `KilocodeMcpMigrator.migrate`/`loadMcpConfig`; `.kilocode/mcp.json` seen loaded with `kilo debug config`"},
			{Topic: "agreement", Text: "harness (`gen.py` grammar for kilo, `kilo mcp list --print-logs` + `kilo debug config`): seed 1, 20 trees: 18/20 after the user-file refusal fix; seed 2, 500 trees: 461/500, then 470 (~/.kilo files skipped alone), then 500/500 after four fixes (lost `__proto__`, the KILO_CONFIG file skipped alone, the walk up without git and per directory pairs, entries dropped for variables in their headers), each replayed by a case; § Agreement has the last run",
				Source: "kilo 7.7.7, 2026-11-29"},
			{Topic: "shape", Text: "opencode's: `type` `local` (with `command` as one array and `environment`) or `remote` (with `url`, `headers`) is required; `timeout` in milliseconds",
				Source: "kilo 7.7.7 (`kilo config check`): testdata/clients/kilo-invalid-file"},
		},
	},
	decode: decodeOpencode,
}

// kiloRefuses is opencode's refusal, but for a file it cannot read
// (kilo 7.7.7: testdata/clients/kilo-project-unreadable, any of its files:
// KilocodeConfig.caught skips only what does not parse or what the schema
// rejects).
func kiloRefuses() *Refusal {
	r := *opencode.Refuses
	r.Unreadable = "Unexpected error: BadResource: FileSystem.readFile (%[1]s)"
	return &r
}

// kiloShape is opencode's shape (Kilo Code CLI forks opencode's config
// schema).
func kiloShape() Shape {
	s := opencode.Shape
	// no V2 lowering: "disabled" and "codemode" mean nothing
	s.Fields = []string{"type", "command", "environment", "enabled", "timeout", "url", "headers", "oauth"}
	s.Missing = map[string]string{"args": "Kilo Code CLI takes the arguments in the \"command\" array: [\"npx\", \"-y\", \"pkg\"]"}
	return s
}

// kiloFiles are the Kilo Code CLI's files, highest first (kilo 7.7.7,
// testdata/clients/kilo-files: each file of this list removed in turn,
// the next one won).
var kiloFiles = []File{
	// ~/.kilo/ over ~/.kilocode/ over the project's .kilo/ over its
	// .kilocode/, each opencode.json over opencode.jsonc over kilo.json over
	// kilo.jsonc
	{Scope: User, Base: HomeDir, Path: ".kilo/opencode.json", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilo/opencode.jsonc", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilo/kilo.json", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilo/kilo.jsonc", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilocode/opencode.json", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilocode/opencode.jsonc", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilocode/kilo.json", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".kilocode/kilo.jsonc", Format: JSONC, OverProject: true, SkippedAlone: true, NotTarget: true},
	{Scope: Project, Base: RootDir, Path: ".kilo/opencode.json", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilo/opencode.jsonc", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilo/kilo.json", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilo/kilo.jsonc", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilocode/opencode.json", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilocode/opencode.jsonc", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilocode/kilo.json", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".kilocode/kilo.jsonc", Format: JSONC, FarWins: true, NotTarget: true, TrustedAboveStart: true},
	{Scope: Project, Base: RootDir, Path: "opencode.jsonc", Format: JSONC, NotTarget: true, WithNext: true, Guest: true},
	{Scope: Project, Base: RootDir, Path: "opencode.json", Format: JSONC, NotTarget: true, Guest: true},
	{Scope: Project, Base: RootDir, Path: "kilo.jsonc", Format: JSONC, NotTarget: true, WithNext: true},
	proj("kilo.json", JSONC),
	{Scope: User, Base: HomeDir, Path: "KILO_CONFIG", Format: JSONC, PathVar: "KILO_CONFIG", OnlyVar: true, SkippedAlone: true, NotTarget: true},
	{Scope: User, Base: XDGConfigDir, Path: "kilo/opencode.jsonc", Format: JSONC, NotTarget: true},
	{Scope: User, Base: XDGConfigDir, Path: "kilo/opencode.json", Format: JSONC, NotTarget: true},
	{Scope: User, Base: XDGConfigDir, Path: "kilo/kilo.jsonc", Format: JSONC, NotTarget: true},
	user(XDGConfigDir, "kilo/kilo.json", JSONC),
	{Scope: User, Base: XDGConfigDir, Path: "kilo/config.json", Format: JSONC, NotTarget: true},
}
