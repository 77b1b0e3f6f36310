package normalize

// The descriptor's Gates section (Client.Gates): what decides whether a
// client starts a server it read — refusals, skipped files, lost names,
// approval, trust, allow and deny lists, policies.

import (
	"fmt"
	"slices"
	"strings"
)

// Gates are what keeps a server a client's files define from loading or
// starting: lists, approvals, trust, a refused configuration, names the
// client loses, files it cannot use.
type Gates struct {
	// Lists are settings in the client's files that turn servers off by
	// name.
	Lists []List
	// Approval is how project servers get approved before they start
	// (Claude Code); nil when they start without.
	Approval *Approval
	// Approvals is how a client that records each approval in a file of
	// its own, bound to a hash of the server's definition, decides (Qwen
	// Code's ~/.qwen/mcpApprovals.json); nil when it has none.
	Approvals *StoredApprovals
	// Plugins: the client enables plugins in the settings files of
	// Approval.Settings (nil: it has none mcpconf knows of).
	Plugins *Plugins
	// Trust is how the client decides that a project is trusted; nil when
	// it trusts every project.
	Trust *Trust
	// Refuses says what makes the client refuse its whole configuration,
	// so that no server starts, user ones included, and in which words
	// (Codex); nil when it never refuses it.
	Refuses *Refusal
	// Requirements is the machine's allow list of servers by identity
	// (Codex's requirements.toml); nil when the client has none.
	Requirements *Requirements
	// HidesBlocked: the client's own listing (claude mcp list) leaves out
	// the servers its allow-lists and deny-lists block, rather than
	// listing them as blocked.
	HidesBlocked bool
	// LostNames are server names the client loses without a word, in the
	// files of the given scopes: JavaScript objects answer to them, so a
	// server of that name never makes it into the client's servers. Such a
	// definition is invalid and unlisted.
	LostNames []LostName
	// RemoteNames is the rule a server's name must meet in a RemoteHTTPS
	// file, or the client ignores the entry without a word (Claude Code's
	// managedMcpServers keys); nil when there is none.
	RemoteNames *NameRule
	// TextBooleans: a boolean setting written as the text "true" or
	// "false" (any case) is read as that boolean (Gemini CLI's settings
	// validation, buildPrimitiveSchema, converts it).
	TextBooleans bool
	// NullClears: a servers key set to null in a file replaces the servers
	// of the files below it, which the client then does not see (Gemini
	// CLI's settings merge; a schema warning says null is not an object).
	NullClears bool
	// SkipsInvalid: the client drops an entry it cannot use while it reads
	// the file, with a warning (a field of the wrong type, a reserved
	// name, an entry that is not an object): the entry is invalid whatever
	// else would stop it, and a definition of the same name in another
	// file takes its place (Claude Code 2.1.331: each server is parsed on
	// its own before scopes merge and before approvals and allow- and
	// deny-lists are looked at).
	SkipsInvalid bool
	// InvalidUnlistedIn are the scopes whose entries the client cannot
	// use it drops without a word (Copilot CLI's user mcp-config.json; it
	// warns about a workspace file's): they are invalid, and left out of
	// its listing.
	InvalidUnlistedIn []Scope
	// Filters drop servers after merging by name (pisces's exa filter):
	// the server is blocked, and says why.
	Filters []Filter
	// ReadsEnabled is a switch the client reads in every provider's entries
	// (as a boolean only), whether the provider's own client has it or not
	// (pisces: "enabled": false in .cursor/mcp.json suppresses the server).
	ReadsEnabled string
	// Locks are switches that keep every server of some scopes from
	// loading, as if their files were not there: an environment variable
	// (Claude Code's safe mode) or a setting of some files (its managed
	// strictPluginOnlyCustomization).
	Locks []Lock
	// BadFiles say which files of Files the client cannot parse (or that
	// do not hold an object) stop it before it starts anything: no server
	// starts, from any file (Gemini CLI: any settings file; Claude Code:
	// ~/.claude.json, managed-settings.json). None: a broken file loses
	// only its own servers.
	BadFiles []BadFile
	// BadSettings are settings whose value the client checks in the files
	// of their scopes before it reads the others, and stops on when it
	// does not accept it: no server starts, from any file.
	BadSettings []BadSetting
	// SkipsFile: the client checks each of its project files as it loads
	// it and skips one that fails whole, with a warning, the others
	// loading (Kilo Code CLI 7.7.7: "skipped config due to error", where
	// opencode refuses its whole configuration; a user file that fails
	// still refuses it, Refuses); nil when it does not.
	SkipsFile *FileSkip
}

// PatchCheck is how the client tells a server from a bare patch in its
// merged entries (Refusal.Typed or FileSkip.Typed), nil when it checks
// entries file by file in neither way.
func (c *Client) PatchCheck() func(*Value) bool {
	switch {
	case c.Refuses != nil && c.Refuses.Entry != nil:
		if c.Refuses.Typed == nil {
			return func(*Value) bool { return true }
		}
		return c.Refuses.Typed
	case c.SkipsFile != nil && c.SkipsFile.Typed != nil:
		return c.SkipsFile.Typed
	}
	return nil
}

// FileSkip is what makes a client skip one of its files whole
// (Gates.SkipsFile).
type FileSkip struct {
	// Entry checks an entry under ServersKey as the file writes it: the
	// words the client says, "" for an entry it accepts.
	Entry func(e *Value) (string, *Value, []string)
	// Typed reports whether the client reads a merged entry as a server;
	// one it does not (a bare {"enabled": false} patch of a server no file
	// defines) is left out, as Refusal.Typed.
	Typed func(e *Value) bool
	// ProjectVars are the placeholder forms (a prefix: "{env:") that make a
	// project file skipped wherever they appear in it (Kilo Code CLI:
	// "environment references are not allowed in project config").
	ProjectVars []string
	// HeaderVars are the placeholder forms (a prefix: "{env:") that make
	// the client drop an entry of a project file whose "headers" hold one
	// in a name or value, alone and before anything else is checked
	// (Kilo Code CLI 7.7.7: "Skipped MCP \"NAME\": variable references
	// are not allowed in project MCP headers"; harness seed 2, trees 63,
	// 413). The file's other entries load, and a definition of the name
	// in another file is used.
	HeaderVars []string
	// Says is the client's warning.
	Says string
}

// LostName is a set of names a client loses in files of some scopes, and
// why.
type LostName struct {
	Names  []string
	Scopes []Scope
	Why    string // with %q for the name
	// UnlessInvalid: the name is kept when its file fails the client's
	// schema, which then uses the file as parsed rather than the object
	// its validation builds (Gemini CLI: zod's record parse assigns each
	// key, and "__proto__" set that way is lost).
	UnlessInvalid bool
	// KeptIn are the base names of files of those scopes where the names
	// are kept: the client reads them into an object without a prototype
	// (Qwen Code's .mcp.json, beside its settings files).
	KeptIn []string
	// Lowest: the names are lost only in the lowest-precedence file of
	// the client's (not Apart) whose servers key holds an object: the one
	// its settings merge copies key by key, skipping them (Qwen Code's
	// customDeepMerge); the files above it are merged whole.
	Lowest bool
}

// Lost says why the client loses a server of this name read in a file of
// this scope at path; "" when it does not. lowest says whether the file is
// the lowest whose servers key holds an object (LostName.Lowest); invalid
// whether it fails the client's schema, asked only of a name that may be
// lost.
func (c *Client) Lost(name string, scope Scope, path string, lowest bool, invalid func() bool) string {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	for _, l := range c.LostNames {
		if slices.Contains(l.Names, name) && slices.Contains(l.Scopes, scope) && !slices.Contains(l.KeptIn, base) && (!l.Lowest || lowest) && !(l.UnlessInvalid && invalid()) {
			return fmt.Sprintf(l.Why, name)
		}
	}
	return ""
}

// ObjectNames are the names every JavaScript object answers to
// (Object.prototype's members): a client that asks a plain object whether
// it holds a server by name finds these.
var ObjectNames = []string{"__proto__", "constructor", "hasOwnProperty", "isPrototypeOf", "propertyIsEnumerable",
	"toLocaleString", "toString", "valueOf", "__defineGetter__", "__defineSetter__", "__lookupGetter__", "__lookupSetter__"}

// Lock is a switch that keeps every server of some scopes from loading
// (Gates.Locks): the client does not read their files at all, so their
// servers are neither listed nor judged. It is on when Env is set to one
// of EnvTrue (compared without case and surrounding space), or when the
// setting Path of Files, merged as the client merges them (the highest
// file's value, else the entries of every file's array), is true or an
// array holding Item; with InvalidOn, any value other than a boolean,
// null or an array counts as true (the client substitutes its most
// restrictive value).
type Lock struct {
	Env     string
	EnvTrue []string
	Files   []File
	Path    []string
	Item    string
	// InvalidOn: a value of another type turns it on.
	InvalidOn bool
	// Keeps are the scopes whose servers still load; none: no server
	// loads.
	Keeps []Scope
	// Status is what the servers it keeps out are (disabled, blocked).
	Status Status
	// InvalidShown: an entry the client rejects is still reported as
	// invalid while the lock is on (its config diagnostics are checked
	// apart from the servers it loads).
	InvalidShown bool
	// Does says what the client does while it is on, for reasons ("Claude
	// Code loads no MCP server"); Hint how to turn it off.
	Does, Hint string
	// Source is where the fact comes from.
	Source string
}

// BadFile is what a client does on a settings file it cannot use: it
// refuses its whole configuration. An extension's manifest (a file of
// ExtensionScope) is not one of them: a broken one only loses its
// extension.
type BadFile struct {
	// Message is the client's own words after the file's error ("Please
	// fix the configuration file(s) and try again"); ExitCode is the code
	// it exits with (52).
	Message  string
	ExitCode int
	// Names, when set, are the base names of the only files that stop the
	// client (Claude Code's .claude.json); a broken file of another name
	// loses only its own servers.
	Names []string
	// SyntaxOnly: only a file that does not parse stops the client; one
	// that parses to another value than an object is read as no settings
	// (Claude Code's .claude.json). EmptyOK: an empty file is no settings
	// either (Claude Code's .claude.json and managed-settings.json).
	SyntaxOnly, EmptyOK bool
	// Paths, when set, are the display paths of the only files that stop
	// the client (pisces: ~/.pisces/agent/mcp.json, whose lists it reads
	// with JSON.parse before anything else). NullStops: with SyntaxOnly, a
	// file holding null stops it too (reading a list of null throws).
	Paths     []string
	NullStops bool
	// Scopes, when set, are the only scopes whose files stop the client
	// (Qwen Code: system and user settings; the workspace's has a rule of
	// its own, the .mcp.json none).
	Scopes []Scope
	// Resets: a file that does not parse does not stop the client, which
	// overwrites it with Resets ("{}") when it starts and keeps the
	// original beside it, its name followed by ResetSuffix; it reads no
	// setting from it. A file that parses to something else than an
	// object still stops it (Qwen Code's workspace .qwen/settings.json).
	Resets, ResetSuffix string
	// StopsIfSet: the client does not reset the file but stops on it
	// (Message, ExitCode), leaving it as it is, when a file of
	// StopsIfSet.Scopes sets that setting (Qwen Code's
	// tools.executionSandbox in the user, system or system-defaults
	// settings: loadAndMigrate rethrows the parse error of the workspace's
	// while an operator sandbox is set).
	StopsIfSet *SettingAt
	// ServersKeyStops: an object without the client's servers key, or
	// with it holding anything but an object, stops the client too
	// (Copilot CLI's ~/.copilot/mcp-config.json: "mcpServers: Required").
	ServersKeyStops bool
}

// SettingAt is a setting (Path: its keys from the top of a file) in the
// client's files of Scopes.
type SettingAt struct {
	Path   []string
	Scopes []Scope
}

// BadSetting is a setting the client checks before it starts any server
// (Qwen Code's tools.executionSandbox: readOperatorSandboxSettings,
// parseExecutionSandboxSettings): set in a file of Scopes to a value OK
// rejects, it stops the client with Message, exit code ExitCode. Want
// says what it accepts.
type BadSetting struct {
	SettingAt
	OK       func(*Value) bool
	Message  string
	ExitCode int
	Want     string
}

// BadFileFor is how a broken file at path, of scope, stops the client;
// nil when it does not.
func (c *Client) BadFileFor(path string, scope Scope) *BadFile {
	for i := range c.BadFiles {
		if c.BadFiles[i].Stops(path) && (len(c.BadFiles[i].Scopes) == 0 || slices.Contains(c.BadFiles[i].Scopes, scope)) {
			return &c.BadFiles[i]
		}
	}
	return nil
}

// Stops reports whether a broken file at path stops the client.
func (b *BadFile) Stops(path string) bool {
	if len(b.Paths) > 0 {
		return slices.Contains(b.Paths, path)
	}
	if len(b.Names) == 0 {
		return true
	}
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	return slices.Contains(b.Names, base)
}

// Approval says how a client approves project servers. A project server
// is approved when a setting lists it in Enabled or EnableAll is true,
// rejected when a setting lists it in Disabled, and pending otherwise; a
// pending or rejected server does not start, and does not hide a server of
// the same name from another scope.
type Approval struct {
	Scope                        Scope // the scope whose servers need approval
	EnableAll, Enabled, Disabled string
	// BeforeLists: the client decides approvals as it merges its scopes,
	// before its allow- and deny-lists: a project server it has not
	// approved gives way to another scope's of the same name even when a
	// list would block it, and the lists then judge what won (Claude Code
	// 2.1.331's gv(): pending and rejected project servers are left out
	// when another scope has the name; the policy filter runs after).
	BeforeLists bool
	// Settings are where the keys are read; the first is where a user
	// approves by hand. None: the client keeps its approvals where
	// mcpconf cannot read them (Cursor's own storage), so every project
	// server waits for approval and Ask alone says how to give it.
	Settings []Setting
	// Ask says how the client asks for approval itself, for hints: "run
	// claude in the project and approve it when asked".
	Ask string
	// AskNext says it as the step after trusting the project, when the
	// client has just been started to accept its trust dialog: "approve
	// the server when claude asks". Empty: Ask.
	AskNext string
	// DisabledMatch says whether an entry of a Disabled list names a
	// server, when the client compares more loosely than exactly (Claude
	// Code's a7n: both names with the characters outside [A-Za-z0-9_-]
	// made "_"); nil: exactly.
	DisabledMatch func(entry, name string) bool
	// OneName says which text a list key (Enabled, Disabled) may hold in
	// place of a list, read as a list of that one name, in the settings
	// whose Setting.OneName names the key (Claude Code's nMt:
	// /^[A-Za-z0-9_-]+$/); nil: a list key that is not an array lists
	// nothing.
	OneName func(text string) bool
	// Merged: once the project is trusted the client merges its settings,
	// so the highest setting that sets EnableAll decides (false in a local
	// file over true in the user's); before, each setting that counts is
	// read on its own and any true approves (Claude Code). Otherwise any
	// setting that counts and says true approves.
	Merged bool
}

// StoredApprovals is how a client keeps its decisions on project servers
// one by one in a file of its own: {"<start dir>": {"NAME": {"hash": H,
// "status": "approved"|"rejected"}}} (Qwen Code 0.24.4's mcpApprovals.json).
// A server of Scopes is approved when the record for the directory the
// client starts in (its physical path, exactly: a parent's record does not
// count) and its name holds Approved and the hash of its definition as
// the client reads it now (Hash); rejected when it holds Rejected and that
// hash; pending otherwise (no record, or the definition changed). A
// pending or rejected server keeps its name (a lower scope's definition
// does not take its place) and does not start.
type StoredApprovals struct {
	File   File
	Scopes []Scope
	// OwnScopes are the values of an entry's own scope field
	// (Layout.EntryScope, in a File.OwnScope file) that make it wait for
	// approval as a server of Scopes, whatever its file (Qwen Code's
	// isGatedMcpScope: "project", "workspace").
	OwnScopes []string
	// Hash is the client's hash of a definition: entry is the server's
	// object as the file holds it, f the file it is read from, expand the
	// client's expansion of a settings string (nil for a file the client
	// does not expand, File.Apart).
	Hash               func(entry *Value, f File, expand func(string) string) string
	Approved, Rejected string
	// Ask says how to approve a server, with %s for its name ("run qwen
	// mcp approve %s in the project").
	Ask string
	// Source is where the facts come from.
	Source string
}

// Plugins is how a client enables plugins that bring servers of their own
// (Claude Code: enabledPlugins {"PLUGIN@MARKETPLACE": true} in its settings
// files, servers listed as plugin:PLUGIN:SERVER). mcpconf reads the plugins
// of a marketplace declared as a folder (Markets); a plugin it cannot find
// is noted rather than answered as if it knew.
type Plugins struct {
	Enabled string // the settings key: an object of plugin id -> true or false
	// Name is how the client names a plugin's server: %[1]s the plugin,
	// %[2]s the server ("plugin:%s:%s").
	Name string
	// Settings are the files that enable plugins and declare
	// marketplaces, highest first: the first naming a plugin (or a
	// marketplace) decides. Setting.Trusted: only in a trusted project.
	Settings []Setting
	// Markets is the settings key declaring marketplaces: name ->
	// {"source": {"source": Directory, "path": DIR}} (or {"source": File,
	// "path": DIR/MarketManifest}); MarketManifest, in DIR, lists the
	// plugins: {"plugins": [{"name", "source": "./SUB"}]}.
	Markets, Directory, File, MarketManifest string
	// MarketsTrusted: a marketplace declared in a file of the project
	// (Project scope) counts once the project is trusted, while the
	// plugins it enables count before.
	MarketsTrusted bool
	// Manifest is the plugin's own manifest in its folder, whose
	// ServersKey holds servers inline, or names a file of them (a path
	// relative to the folder), or a list of both; ServersFile is the
	// plugin's servers file, read first (servers under the client's
	// servers key or at the top level). A later source wins a name.
	Manifest, ServersKey, ServersFile string
	// RootVar is the variable that stands for the plugin's folder in its
	// servers' values ("CLAUDE_PLUGIN_ROOT"); EnvOwn are the variables the
	// client sets itself, left out when servers are compared.
	RootVar string
	EnvOwn  []string
	// InvalidUnlisted: a plugin's server entry the client rejects (no
	// command or url, a field of the wrong type, an unknown type) is left
	// out of its listing without a word, not shown as failing.
	InvalidUnlisted bool
	// Dedup: a plugin's server whose command line (command and args; or
	// URL) equals a server configured by hand that the client loads is
	// dropped, and so is one that repeats an earlier plugin server, env
	// included. A plugin enabled in a Managed file counts as the
	// organization's: a project server does not drop it.
	Dedup bool
	// Source says where these facts were read.
	Source string
}

// Setting is a file holding settings (not servers) a client reads.
type Setting struct {
	File File
	// Trusted: the setting counts only in a trusted project (approvals
	// written inside the project cannot approve themselves).
	Trusted bool
	// Accepted: it counts too once the trust dialog was accepted for a
	// directory between the working directory and the root
	// (Trust.UpToRoot), the root itself untrusted (Claude Code's
	// .claude/settings.local.json; the harness: its approvals counted where
	// .claude/settings.json's did not).
	Accepted bool
	// MovedInto: the client reads this setting only by moving it into that
	// file when it starts, which it does not do while the file exists and
	// holds no object (text that does not parse, a value of another
	// kind) or fails the client's check of the whole file (File.Checked):
	// the setting then counts for nothing (Claude Code moves the approvals
	// of projects[<root>] into .claude/settings.local.json, and defers the
	// move while that file has errors).
	MovedInto *File
	// OneName are the list keys (Approval.Enabled, Approval.Disabled) that
	// may hold one name as text in this file (Approval.OneName).
	OneName []string
}

// TrustKind is how a client records that a project is trusted.
type TrustKind int

const (
	// TrustTable: a table of the user config keyed by the project root's
	// path holds a level (Codex: [projects."<root>"] trust_level =
	// "trusted").
	TrustTable TrustKind = iota
	// TrustFolders: a file maps paths to TRUST_FOLDER, TRUST_PARENT or
	// DO_NOT_TRUST, the nearest rule wins (Gemini CLI's trustedFolders.json).
	TrustFolders
	// TrustFlag: a boolean in the client's state per project (Claude Code's
	// projects[<root>].hasTrustDialogAccepted).
	TrustFlag
	// TrustList: a file lists the trusted directories, each an object of
	// a list ({"trusted": [{"path": "/repo"}]}: Path is the list's key,
	// Value the key of each entry's path); the working directory is
	// trusted when a listed path resolves to it exactly (trailing slashes
	// and ".." normalised, links not resolved, no parent inherited). A
	// file that does not parse, or holds another shape, trusts nothing
	// (x-code's trusted-projects.json).
	TrustList
	// TrustPaths: a file lists the trusted directories as paths, an
	// array of strings under Path[0]; a directory is trusted when a
	// listed path (trailing slashes and ".." normalised, links not
	// resolved) is it or one of its parents. A list that is not an array
	// of strings trusts nothing. Each project layer is trusted on its own
	// (a directory's files load only when that directory is trusted); the
	// start directory's trust decides the project's settings (Copilot
	// CLI's trusted_folders in ~/.copilot/config.json).
	TrustPaths
)

// TrustEffect is what an untrusted project means for its servers.
type TrustEffect int

const (
	// IgnoresProject: the project's files are not loaded (Codex).
	IgnoresProject TrustEffect = iota
	// DisablesAll: every server, user ones too, is listed but not started
	// (Gemini CLI).
	DisablesAll
	// GatesApproval: approvals written in the project's own settings do
	// not count (Claude Code).
	GatesApproval
)

// Trust says how a client decides that a project is trusted.
type Trust struct {
	Kind   TrustKind
	Effect TrustEffect
	File   File     // where trust is recorded
	Path   []string // keys inside the file, with "<root>" for the project path: {"projects", "<root>", "trust_level"}
	Value  string   // the value that means trusted ("trusted"), for TrustTable
	// Levels are the values the client reads there ({"trusted",
	// "untrusted"}); any other makes it refuse its whole config (Codex).
	Levels []string
	// PerLayer: each project layer is trusted on its own: the key of the
	// layer's own directory decides, whatever its value; without one, the
	// project root's; without that, with RepoRoot, the key of the git
	// repository holding the working directory, a linked worktree's main
	// checkout (Codex).
	PerLayer, RepoRoot bool
	// UpToRoot: besides the project root's key, the key of any directory
	// from the working directory up to it says the trust dialog was
	// accepted (Claude Code 2.1.331's jI(): projects[<root>], then vh()
	// from the working directory up to the git root; a parent of the root
	// does not count), which makes the settings marked Setting.Accepted
	// count; the others wait for the root's own key.
	UpToRoot bool
	// Exact: the client looks up the key as it writes it, the directory's
	// path or its symlink-resolved path: "/repo/" or "/repo/." does not
	// match /repo (Codex). Otherwise such spellings are forgiven.
	Exact bool
	// Env is a variable that trusts the workspace when it is "true" and
	// distrusts it when it is "false" (GEMINI_CLI_TRUST_WORKSPACE; other
	// values are ignored); DistrustEnv is a variable that, when "true",
	// distrusts it before Env is looked at (GEMINI_RESTRICTED_MODE).
	// Enabled, when set, is a setting path that turns the trust check on
	// or off ({"security", "folderTrust", "enabled"}), with EnabledDefault
	// when it is not set: it is read from the client's files outside the
	// project, the highest-precedence file that sets it winning.
	Env            string
	DistrustEnv    string
	Enabled        []string
	EnabledDefault bool
	// Ask says how the client asks to trust a project itself, for hints:
	// "run codex in the project and trust it when asked".
	Ask string
	// InvalidShown: the client checks the entries of an untrusted
	// project's files before it looks at trust (Effect IgnoresProject):
	// an entry it rejects is still reported, invalid, and the others are
	// ignored (x-code's parseServersBlock runs before the consent gate).
	InvalidShown bool
}

// ListEffect is what a list of server names in a file does.
type ListEffect int

const (
	// DenyList blocks the names it lists; it is checked before an
	// allow-list. The highest-precedence file that sets it is in force.
	DenyList ListEffect = iota
	// AllowList, when not empty, blocks every name it does not list.
	AllowList
	// HideList turns a name off after merging, whichever file won it
	// (pisces disabledServers, Claude Code's /mcp disable).
	HideList
	// UnhideList turns back on a name that another client's file disabled
	// (pisces enabledServers).
	UnhideList
)

// List is a setting that turns servers on or off by name.
type List struct {
	// Path is the keys from the root of the file: {"mcp", "excluded"};
	// "<root>" stands for the project root's path ({"projects", "<root>",
	// "disabledMcpServers"}).
	Path   []string
	Effect ListEffect
	// File is where the list lives when it is not in the client's server
	// files (Gemini CLI's ~/.gemini/mcp-server-enablement.json); nil means
	// in each of them.
	File *File
	// Switches: the setting is an object of name -> {"enabled": bool}
	// rather than an array of names; a false "enabled" disables.
	Switches bool
	// Combine says how the lists of several files combine.
	Combine Combine
	// Fold: names compare case-insensitively and without the spaces
	// around them (Gemini CLI). FoldedKeys: the client looks a name up by
	// its folded form, so an entry written otherwise ("GitHub") matches
	// nothing (Gemini CLI's enablement file).
	Fold       bool
	FoldedKeys bool
	// PlainAfter: a server name starting with this prefix ("ext:") is
	// listed by its last ":"-separated part too (Gemini CLI's
	// isInSettingsList: "ext:github:mcp" by "mcp", with a deprecation
	// warning), whoever defines the server.
	PlainAfter string
	// Trusted: a list in a project file counts only in a trusted project.
	Trusted bool
	// Files are the settings files the list is read from, highest
	// precedence first, when it lives neither in the server files nor in
	// one file of its own (Claude Code's allowedMcpServers in its user,
	// project, local and managed settings).
	Files []File
	// Entries says how a list of objects matches servers; nil: the list
	// holds names.
	Entries *ListEntries
	// EmptyBlocks: an allow-list set to no entry admits no server (Claude
	// Code; Gemini CLI's mcp.allowed, where lists with no name in common
	// block every server too); otherwise an empty list restricts nothing.
	EmptyBlocks bool
	// Exempt are scopes whose servers an allow-list lets through unless a
	// value of theirs outside "env" holds a placeholder the client expands
	// (Claude Code's managed servers); deny-lists apply to them all the
	// same, but for ProjectExempt.
	Exempt []Scope
	// ProjectExempt are scopes whose servers a deny-list in the project's
	// own files (project and local settings) does not reach (Claude Code's
	// managed servers: the harness saw .claude/settings.json and
	// .claude/settings.local.json deny them to no effect, where the user's
	// settings do).
	ProjectExempt []Scope
	// ManagedOnly is a boolean setting that, true in a file of scope
	// Managed, makes only the managed files' list count (Claude Code's
	// allowManagedMcpServersOnly).
	ManagedOnly string
	// NotAtStart: the client reads the setting but does not consult it
	// when it starts its servers (agent-code's [security] lists count
	// only when a session moves into another project): it keeps no server
	// from starting in the client's own view. A providers table that
	// honours it (Provider.Lists) still applies it.
	NotAtStart bool
}

// ListEntries says how the objects of a list match servers: each entry
// holds exactly one of NameKey (the server's name, exactly), CommandKey
// (its program and arguments, all equal) or URLKey (a URL pattern, "*"
// standing for anything); the client ignores any other entry.
type ListEntries struct {
	NameKey, CommandKey, URLKey string
	// NamePattern, when set, is a regular expression a name entry must
	// match, or the client ignores it.
	NamePattern string
	// Strict: once an allow-list holds an entry by command, a stdio
	// server must match one by its command (its name no longer admits
	// it); likewise an entry by URL for a remote server.
	Strict bool
	// Expands: the client matches entries by command and by URL with the
	// placeholders of its Expansion expanded, in the server's command
	// line and URL and in the entries themselves; names are compared as
	// written (Claude Code).
	Expands bool
	// ProcessEnv: the entries are expanded from the environment the
	// client was started with only, not the variables its settings files
	// set (Expansion.EnvFiles), which still reach the servers' values
	// (Claude Code's allowedMcpServers; its deniedMcpServers reads both).
	ProcessEnv bool
}

// Combine is how lists of the same setting in several files combine.
type Combine int

const (
	// FirstSet: the highest-precedence file that sets the list wins (a
	// TOML or settings merge where arrays replace).
	FirstSet Combine = iota
	// Union: every file's list applies.
	Union
	// Intersect: a name must be in every file's list.
	Intersect
)

// Label is the list's key path as users write it: "mcp.excluded".
func (l List) Label() string { return strings.Join(l.Path, ".") }
