package normalize

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"
)

// Client is everything mcpconf knows about one MCP client: where it keeps
// its servers, how it reads them, which placeholders it expands, how it
// combines its files and what turns a server off. Each client is one value
// in one file (client_<id>.go); the rest of mcpconf reads these values and
// never compares a client's id with a literal.
//
// A few entries are not clients of their own but pisces providers
// (mcp-json: a bare mcp.json or .mcp.json at the project root, which pisces
// reads with its own rules). They have no view of their own (ProviderOnly).
//
// Besides its identity, a descriptor is grouped: where its files are and
// how it combines them (Layout), what keeps a server from loading
// (Gates), how it reads an entry (Shape), what it expands in values
// (Expansion), how it starts servers (Launch), and what the docs say
// (Docs). The groups are embedded, so their fields read as the client's
// own (c.Files, c.Trust, c.NoShell).
type Client struct {
	ID      string   // stable id, in output and for --client
	Aliases []string // other names users type for --client
	Product string   // product name for messages ("Claude Code")
	// Version is the client version the descriptor reflects: its facts
	// were read in that version's code or checked against it (explain
	// names it); "" when they come from documentation alone.
	Version string
	// Capabilities are what the client declares to servers at initialize.
	Capabilities Capabilities
	// Reader names, for messages about how this shape is read, the product
	// whose reading the rules describe when it is not Product (a bare
	// mcp.json is read the pisces way).
	Reader string
	// Label names every product that reads files of this shape ("pisces and
	// Claude Code" for a bare .mcp.json); default Product.
	Label string
	// CoReader is the id of another client that also reads this provider's
	// files with its own rules (Claude Code reads the .mcp.json that pisces
	// reads as mcp-json); rules about that client's reading apply too.
	CoReader string
	// ProviderOnly marks a pisces provider that is not a client users can
	// select.
	ProviderOnly bool

	Layout
	Gates
	Shape
	Expansion
	Launch
	Docs

	// ReservedNames are the server names the client keeps for its own
	// servers and skips when it loads a config, as users write them;
	// reserved says whether a name is one of them by the client's own
	// comparison, and which.
	ReservedNames []string
	reserved      func(name string) string
	decode        func(*decoder)
}

// Layout is where a client finds its files and how it combines them.
type Layout struct {
	// Files are the files the client itself reads, highest precedence
	// first; Merge says how it combines them.
	Files []File
	Merge Merge
	// Providers is the table of the clients whose files this client reads
	// besides its own, each at a priority (pisces's providers); nil for a
	// client that reads only its own files.
	Providers []Provider
	// Project says where the client looks for project files, starting from
	// the directory it runs in; RootMarkers name what makes a directory the
	// project root (".git"), for lookups and keys that use the root.
	Project     ProjectLookup
	RootMarkers []string
	// UpWithoutRoot: with no root marker at or above the start directory,
	// a RootToStart client reads its project files in every directory up
	// to the file system root (opencode: its worktree is then "/").
	UpWithoutRoot bool
	// Ignored are files where users put servers that the client does not
	// read (Claude Code's ~/.claude/settings.json): lint says so, with
	// AddHint, how to add servers where the client reads them.
	Ignored []IgnoredFile
	// NoProjectInHome: started in the directory its user files hang from
	// (the base of its first user file: the home, or $GEMINI_CLI_HOME),
	// the client does not read project files there (Gemini CLI: they
	// would be its user files).
	NoProjectInHome bool
	// RootMarkersKey is a setting of the user config that replaces
	// RootMarkers (Codex's project_root_markers).
	RootMarkersKey string
	// Profile is how the client layers a named profile over its user
	// config (Codex's --profile NAME); nil when it has none.
	Profile *Profile
	// Schema is the name of the JSON Schema (package schemas) its files are
	// checked against; "" for none.
	Schema string
	// SettingsPlaceholders are the placeholders the client replaces in
	// every string value (not in keys) of its settings files — the files
	// of Files, not manifests nor a list's file of its own (List.File) —
	// when it loads them, before it validates them: a list entry
	// ("mcp.allowed": ["$A"]) or a switch ("${FT}") is read expanded, and
	// validated expanded; a variable that is not set stays as written.
	// The servers' fields are expanded as Expansion says. Nil: none.
	SettingsPlaceholders []Syntax
	// EntryScope is a field of a server entry the client reads as the
	// scope the entry comes from, where the file keeps it (File.OwnScope);
	// nil when it has none.
	EntryScope *EntryScope
	// HomeLocal: the client's local scope lives in a file of the home
	// directory (Claude Code's ~/.claude.json projects[…]), not in the
	// project tree.
	HomeLocal bool
	// WorktreeMainKey: in a linked git worktree the client keys the
	// project's entry of its table of projects (File.Section: local
	// servers, approvals, lists under "<root>"; the trust flag too,
	// besides the worktree's own) by the main checkout's root, not the
	// worktree's (Claude Code).
	WorktreeMainKey bool
	// PhysicalKeys: the client keys its table of projects (File.Section,
	// "<root>" in Trust.Path and List.Path) by the physical path of the
	// directory, its symbolic links resolved: an entry keyed by the path
	// through a link is not the project's (Claude Code, Codex; a start
	// directory reached through a link, testdata/clients/symlink-start).
	PhysicalKeys bool
	// OptIn is the setting that opts a provider's user files (File.OptIn)
	// in; nil when the client reads every provider's files.
	OptIn *OptIn
	// SameConnection: after merging by name, a definition whose connection
	// (transport, command, args, env, cwd; url, headers; auth) equals that of
	// a definition that won another name and is not switched off is dropped
	// without a word (pisces: isSameMCPConnection; the higher priority
	// keeps it).
	SameConnection bool
	// AsRead is what the client keeps of one file's entry as it reads the
	// file, before it checks and merges it: opencode lowers a V2 entry
	// ("disabled", ConfigV2Compat.lower). Nil keeps the entry whole. It
	// returns the entry itself or a new object over the same members.
	AsRead func(entry *Value) *Value
	// Patch is what an entry read as a patch of another file's definition
	// adds to the merge (KeyByKey): opencode and Kilo Code CLI keep only
	// "enabled" of it. Nil: the whole entry.
	Patch func(entry *Value) *Value
	// ServersAsRead is the servers object of a file (the value under
	// ServersKey) as the client reads it, and the entries it drops as it
	// does (opencode's "mcp": {"servers": {...}}); nil: as written.
	ServersAsRead func(servers *Value) (*Value, []*Member)
	// Retype is how the client merges a definition over a lower one of
	// another type or url (KeyByKey); nil: key by key throughout.
	Retype *Retype
}

// EntryAsRead is c.AsRead(entry), or entry.
func (c *Client) EntryAsRead(entry *Value) *Value {
	if c.AsRead == nil || entry == nil {
		return entry
	}
	return c.AsRead(entry)
}

// LayerAsRead is what one file's entry adds to a key-by-key merge:
// EntryAsRead, then Patch.
func (c *Client) LayerAsRead(entry *Value) *Value {
	e := c.EntryAsRead(entry)
	if c.Patch == nil || e == nil {
		return e
	}
	return c.Patch(e)
}

// ServersOf is the servers object of a file as the client reads it
// (Layout.ServersAsRead), and the entries it drops as it does.
func (c *Client) ServersOf(servers *Value) (*Value, []*Member) {
	if c.ServersAsRead == nil {
		return servers, nil
	}
	return c.ServersAsRead(servers)
}

// Retype is a client's rule for merging an entry over the merge so far of
// the lower files' entries of its name, where it is not key by key (Kilo
// Code CLI 7.7.7, KilocodeConfig.mergeConfig): when the higher entry's
// type (one of Types) differs from the lower's, only Keeps of the lower
// are kept; when the lower's type is Remote, the higher's is not Local and
// both have a string url that differs, the lower's Drops are dropped (the
// higher's own kept), so a header meant for one host is not sent to
// another.
type Retype struct {
	// Over are the scopes of the higher entry's file where the rule
	// applies; a file of another scope merges key by key (Kilo Code CLI
	// merges a global file, ~/.config/kilo/, ~/.kilo/, ~/.kilocode/, with
	// its plain mergeDeep: Config.loadInstanceState, ND$(…, scope ===
	// "global"); harness seed 3, tree 51).
	Over            []Scope
	TypeKey, URLKey string
	Types           []string
	Keeps           []string
	Remote, Local   string
	Drops           []string
}

// typeOf is an entry's type when it is one of Types, or "".
func (r *Retype) typeOf(e *Value) string {
	if t := e.Get(r.TypeKey); t != nil && t.Kind == String && slices.Contains(r.Types, t.Str) {
		return t.Str
	}
	return ""
}

// Merge overlays higher on lower (each an object, neither changed) with
// overlay, the plain key-by-key merge, and applies the rule; it returns
// the merge and the keys of lower it dropped.
func (r *Retype) Merge(lower, higher *Value, overlay func(lower, higher *Value) *Value) (*Value, []string) {
	if lower.Kind != Object || higher.Kind != Object {
		return overlay(lower, higher), nil
	}
	var dropped []string
	lt, ht := r.typeOf(lower), r.typeOf(higher)
	base := lower
	if ht != "" && ht != lt {
		base = &Value{Kind: Object, Pointer: lower.Pointer, Range: lower.Range}
		for _, m := range lower.Unique() {
			if slices.Contains(r.Keeps, m.Key) {
				base.Members = append(base.Members, m)
			} else {
				dropped = append(dropped, m.Key)
			}
		}
	}
	merged := overlay(base, higher)
	hu, lu := higher.Get(r.URLKey), lower.Get(r.URLKey)
	if lt != r.Remote || ht == r.Local || hu == nil || lu == nil || hu.Kind != String || lu.Kind != String || hu.Str == lu.Str {
		return merged, dropped
	}
	kept := merged.Members[:0:0]
	for _, m := range merged.Members {
		if !slices.Contains(r.Drops, m.Key) {
			kept = append(kept, m)
			continue
		}
		if lower.Member(m.Key) != nil {
			dropped = append(dropped, m.Key)
		}
		if hm := higher.Member(m.Key); hm != nil {
			kept = append(kept, hm) // the higher's own, not merged with the lower's
		}
	}
	merged.Members = kept
	return merged, dropped
}

// OptIn is a setting listing the providers whose user files a client
// reads (pisces's enabledProviders in ~/.pisces/agent/config.yml).
type OptIn struct {
	// Files are where the setting is read, the first that exists winning;
	// Key is the top-level key of the list (YAML block or flow list of
	// strings).
	Files []File
	Key   string
	// All are entries that opt every provider in ("*", "all").
	All []string
	// Vars: a provider (by File.OptIn id) is opted in too when this
	// variable is set to a non-blank value (CLAUDE_CONFIG_DIR for claude).
	Vars map[string]string
}

// Filter is a rule by which a client drops servers it reads after merging,
// whatever file defines them (pisces's exa filter: it has its own exa
// integration).
type Filter struct {
	// Names are the names it drops, compared case-insensitively; Pattern
	// (a regular expression, case-insensitive) is matched against a remote
	// server's URL and each arg of a stdio server.
	Names   []string
	Pattern string
	// ToolsParam is the URL query parameter (and --NAME argument) by which
	// a server is asked for some tools; a server asked for one tool not in
	// Native is kept.
	ToolsParam string
	Native     []string
	// Shown is Pattern as users read it ("mcp.exa.ai"); Why says why the
	// client drops them, after its product name ("has its own exa
	// integration"); Hint what to do to keep one.
	Shown, Why, Hint string
}

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
	// KeepsInvalid: the client keeps every entry it reads, whatever its
	// shape; one it cannot use fails when it starts.
	KeepsInvalid bool
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

// Expansion is what a client expands in the values of a server.
type Expansion struct {
	// Placeholders are the syntaxes the client expands; nil when it sends
	// every value literally. VarForm is how a user writes a reference to
	// variable NAME in a value ("${NAME}", "${env:NAME}", "{env:NAME}",
	// "$NAME"), with %s for the name; "" when the client expands none.
	Placeholders []Syntax
	VarForm      string
	// ElsewhereHint, for a file read by a descriptor that expands nothing
	// while the client expands its other files (File.Dialect: Qwen Code's
	// .mcp.json), is what to do with a variable there, %s for its name.
	ElsewhereHint string
	// WindowsOnly are the syntaxes of Placeholders the client expands only
	// when it runs on Windows (Gemini CLI's %VAR%). Lint, which does not
	// know where a file is used, counts them as the client's everywhere.
	WindowsOnly []Syntax
	// EditorVars are the editor variables (Editor syntax) the client
	// expands, when not all of them: Roo Code knows ${workspaceFolder} and
	// not ${userHome}.
	EditorVars []string
	// VarsByName is set for clients that read variables by name in
	// dedicated fields instead of placeholders (Codex: env_vars,
	// bearer_token_env_var, env_http_headers).
	VarsByName bool
	// NameFields hold variable names, never values (Codex's by-name
	// fields): secrets and placeholders are not looked for there.
	NameFields []string
	// ByName says, for a client that reads variables by name
	// (VarsByName), which field does what, for writing a definition: the
	// list of variables passed to a stdio server whole (Env), the variable
	// that holds a remote server's bearer token (Bearer), the table of
	// headers read from variables (Headers).
	ByName *ByName
	// ValueCommands: env and header values are read with pisces's
	// semantics at connect time (a leading "!" runs a shell command, a bare
	// variable name is dereferenced).
	ValueCommands bool
	// ExpandFields are the server fields in which the client expands
	// placeholders (canonical names: command, args, env, url, headers,
	// cwd); nil means every string.
	ExpandFields []string
	// Unset says what the client does when a variable a value needs is
	// not set, field by field (UnsetIn); a field without a rule keeps the
	// placeholder syntax's way (left literal; opencode's {env:} empty).
	Unset []UnsetRule
	// PlaceholdersUnverified: no source says whether the client expands
	// placeholders; findings that depend on it are softened.
	PlaceholdersUnverified bool
	// ExpandsEveryString: the client expands placeholders in every string
	// of an entry, "type" included, before reading it.
	ExpandsEveryString bool
	// EnvFiles are the files whose env object the client sets into its own
	// environment as it starts, before it reads a server, lowest
	// precedence first: each file's variables override the environment
	// the client was started with and those of the files before it (a
	// file's drop-ins, File.DropIns, override it in name order; of a
	// group, File.Group, the file the client reads counts). Everything the
	// client reads from its environment after that sees them: its
	// servers' placeholders, the command lines and URLs its lists match
	// once expanded, a Lock's Env, what a started server inherits. The
	// variables that locate its files (a Base's Var) are read before.
	// Nil: the environment it was started with, alone.
	EnvFiles []EnvFile
}

// EnvFile is a file whose object at Path the client sets, name by name,
// into its own environment (Expansion.EnvFiles).
type EnvFile struct {
	File File
	Path []string
	// Values says which values are set and as what text.
	Values EnvValues
	// Keeps, when set, says whether the client sets the variable name to
	// value (text already); it drops the others.
	Keeps func(name, value string) bool
	// Source is where the fact comes from.
	Source string
}

// EnvValues says which values of an env object a client sets, and how it
// makes them text.
type EnvValues int

const (
	// EnvScalars: text, numbers and booleans, numbers written as
	// JavaScript writes them (1e21 is "1e+21"); any other value is not
	// set.
	EnvScalars EnvValues = iota
	// EnvAnyValue: every value, made text as JavaScript's String() makes
	// it (null is "null", [1,[2]] is "1,2", an object "[object Object]").
	EnvAnyValue
)

// EnvSetting is a variable a file sets into a client's own environment
// (Expansion.EnvFiles).
type EnvSetting struct {
	Name, Value string
	// Path is the display path of the file, Pos the position of the
	// variable's key in it.
	Path string
	Pos  Pos
}

// Unset is what a client does with a value that needs a variable that is
// not set.
type Unset int

const (
	// UnsetUnknown: no fact; mcpconf keeps the placeholder syntax's way
	// (the placeholder sent as written, opencode's {env:} empty).
	UnsetUnknown Unset = iota
	// UnsetLiteral: the placeholder is sent as written.
	UnsetLiteral
	// UnsetEmpty: the placeholder becomes an empty string.
	UnsetEmpty
	// UnsetDropped: the value is not sent at all (the variable is not
	// passed, the header is left out).
	UnsetDropped
	// UnsetFails: the client does not start the server.
	UnsetFails
)

// UnsetRule is what a client does when a variable a field needs is not
// set.
type UnsetRule struct {
	// Field is a server field in mcpconf's canonical names (command,
	// args, env, url, headers, cwd) or a field that names variables
	// (env_vars, bearer_token_env_var, env_http_headers); "" for every
	// field another rule does not name.
	Field string
	Does  Unset
	// EmptyToo: a variable set to "" is treated as one not set (Codex:
	// an empty bearer token fails, a blank header value is left out).
	EmptyToo bool
	// Message and EmptyMessage are the client's own messages when it
	// does not start the server for a variable not set, or set to ""
	// (EmptyToo): %[1]s is the variable, %[2]s the server's name.
	Message, EmptyMessage string
	// Source is where the fact comes from.
	Source string
}

// UnsetIn is client c's rule for an unset variable in field: the rule
// naming the field, else the rule for every field, else one whose Does
// is UnsetUnknown.
func (c *Client) UnsetIn(field string) UnsetRule {
	var any UnsetRule
	for _, r := range c.Unset {
		switch r.Field {
		case field:
			return r
		case "":
			any = r
		}
	}
	return any
}

// Launch is how a client starts a server and names its tools.
type Launch struct {
	// ChildEnv is the environment a stdio server it starts gets.
	ChildEnv ChildEnv
	// StartupTimeout is how long the client waits for a server to start
	// and list its tools when the definition does not say; 0 when unknown.
	StartupTimeout time.Duration
	// NoShell: stdio servers start without a shell (checked in the
	// client's code or with the client itself), so "~" and "$HOME" in
	// "command" reach the system as written unless the client expands
	// them: "~" when ExpandsTilde, "$HOME" and "${HOME}" when Placeholders
	// hold Bare or Dollar. False where it is not known.
	NoShell bool
	// ExpandsTilde: a leading "~" is expanded in command, args and cwd
	// (VS Code).
	ExpandsTilde bool
	// UnsafeEnv are env keys (compared without case) that make the
	// client refuse to start a stdio server whose "env" holds one: its
	// listing shows the server failed (x-code's runtime code-loading
	// hooks: NODE_OPTIONS, LD_PRELOAD, …).
	UnsafeEnv []string
	// FailsListed: the client's own listing shows as failed, rather than
	// as configured, a server it cannot start for what its definition
	// says (an UnsafeEnv key; a variable that Unset says fails, not set
	// in the client's environment): the view marks it invalid, and the
	// name stays its (x-code's /mcp list).
	FailsListed bool
	// NoSSE: the client has no HTTP+SSE transport: a url is reached with
	// streamable HTTP even when it names an SSE endpoint (Codex).
	NoSSE bool
	// ToolNames is how the client names the tools of its servers; nil when
	// mcpconf does not know it.
	ToolNames *Scheme
}

// Docs are the words and facts the docs and hints say about a client.
type Docs struct {
	// Note says in words how the client combines its files.
	Note string
	// AddHint says how to add servers where the client reads them, for
	// findings about servers in its Ignored files.
	AddHint string
	// DisableHint says how to turn a server off in a client without a
	// per-server switch.
	DisableHint string
	// Facts are what the docs say about the client, each with where it was
	// read or checked (docs/clients.md is generated from them).
	Facts []Fact
	// Unverified says why no fact of the client is checked against the
	// running client (read in its source only); the docs mark each fact
	// but "not modelled" UNVERIFIED with it. "": the facts say themselves.
	Unverified string
	// LoadPathFile names the client's loading path under
	// normalize/loadpath/ (LoadPath); "" when none was read from its code.
	LoadPathFile string
	// Coverage lists what is on the client's loading path, from process
	// start to its list of servers (every error raised, every setting
	// read), and whether a case or the harness's grammar reaches each
	// (docs/clients.md counts them).
	Coverage []Covered
}

// Covered is one error message or one setting on a client's loading path.
type Covered struct {
	// Message: an error the client raises (its words); else Key: a setting
	// it reads.
	Message, Key string
	// Source is the client's source file that raises or reads it.
	Source string
	// Modelled says whether mcpconf's view does what the client does.
	Modelled bool
	// By is what reaches it: testdata/clients cases, or the rule of the
	// harness's grammar (scripts/clientcheck/gen.py) that generates it;
	// "" when nothing does.
	By string
	// Why it is not modelled, or not reached.
	Why string
}

// CoverageCount counts the messages and the keys on the loading path, and
// those a case or the grammar reaches.
func (d Docs) CoverageCount() (msgReached, msgs, keyReached, keys int) {
	for _, c := range d.Coverage {
		reached := 0
		if c.By != "" {
			reached = 1
		}
		if c.Message != "" {
			msgs++
			msgReached += reached
		} else {
			keys++
			keyReached += reached
		}
	}
	return
}

// Reserved returns the reserved name that name is taken for (ReservedNames),
// or "" when the client loads a server of that name.
func (c *Client) Reserved(name string) string {
	if c.reserved == nil {
		return ""
	}
	return c.reserved(name)
}

// Shape is how a client reads one server entry.
type Shape struct {
	ServersKey string // key at the root of the file that holds the servers
	// WrongKeys are keys other clients use for their servers. Servers under
	// them are not loaded by this client, which discovery reports.
	WrongKeys []string
	// ToleratedKeys are wrong keys the client still reads, with a warning
	// (VS Code's deprecated top-level "mcpServers" for stdio servers).
	ToleratedKeys []string
	// Fields are the server keys this client knows; anything else is kept
	// in Server.Unknown. HostFields are keys it accepts too that are not
	// for users to write (set by a host application, or marked internal):
	// not unknown, but never suggested.
	Fields     []string
	HostFields []string
	// TimeoutUnit is the unit of a bare "timeout" number (0: no such field).
	TimeoutUnit time.Duration
	// TimeoutFloor: a bare "timeout" below it is ignored and the client's
	// default applies (Claude Code: 1000 ms).
	TimeoutFloor time.Duration
	// ToolTimeoutFields are the timeout fields that bound one tool call
	// (Codex tool_timeout_sec, Roo Code's and Claude Code's "timeout"),
	// rather than a server's start: a call may run for tens of minutes.
	ToolTimeoutFields []string
	// Types are the "type" literals the client accepts, in documentation
	// order; nil when the client has no type field (command or url
	// decides).
	Types []TypeLiteral
	// TypeRequired: an entry without "type" is rejected (opencode).
	// BadURLInvalid: a remote entry whose url is not a URL (URL.canParse:
	// empty, no scheme) fails as the client starts it, before dialing
	// (opencode 1.18.33: "Invalid MCP URL for NAME"): invalid.
	BadURLInvalid bool
	TypeRequired  bool
	// UnknownTypeIgnored: a "type" the client does not know is ignored and
	// the transport is picked from the other keys (Gemini CLI).
	UnknownTypeIgnored bool
	// UnknownTypeStdio: a "type" the client does not know makes the entry a
	// stdio server, whatever its other keys (pisces's convertToLegacyConfig
	// falls back to stdio: "streamable-http" with a command starts, with
	// only a url it has no command).
	UnknownTypeStdio bool
	// EndpointRequired: a "type" naming a remote transport without a url is
	// invalid (pisces), as is "stdio" without a command.
	EndpointRequired bool
	// RemoteNeedsType: an entry with a url but no type is read as stdio and
	// rejected (Claude Code).
	RemoteNeedsType bool
	// URLMeansSSE: a url is always reached with the legacy SSE transport
	// (agent-code).
	URLMeansSSE bool
	// URLDefault is the transport of an entry with a url and no "type",
	// where it is not streamable HTTP: SSE for Qwen Code (its settings
	// read "url" as SSE whatever the type, its .mcp.json unless "type" is
	// "http"). NoTransport: streamable HTTP, or see RemoteNeedsType and
	// URLMeansSSE.
	URLDefault Transport
	// Crashes says, by server field, what the client's own listing does
	// when the field does not fit its schema and crashes it (Qwen Code's
	// qwen mcp list on "args" that is not an array); the schema finding
	// on the field says it.
	Crashes map[string]string
	// URLKeys are the keys a client reads a remote transport's endpoint
	// from where it is not "url" (Qwen Code's settings: streamable HTTP
	// only from "httpUrl"); mcpconf writes the endpoint there.
	URLKeys map[Transport]string
	// RemoteProtocol, when set, says how the client reaches a url when it
	// speaks neither MCP transport to it, %[1]s the URL without its
	// trailing slashes (agent-code: GET <url>/health, then each JSON-RPC
	// request POSTed to <url>/jsonrpc): lint warns on every such server,
	// add and sync refuse to write one without --force. Probe still speaks
	// the server's Transport, which the client does not.
	RemoteProtocol string
	// AltURLKey is a second endpoint key the client prefers over "url" when
	// it holds a non-empty string (Gemini CLI "httpUrl", Windsurf
	// "serverUrl"); EndpointKeys lists every endpoint key for messages.
	AltURLKey    string
	EndpointKeys []string
	// OnNeither says what the client does with an entry that has neither a
	// command nor a URL; NeitherError is the client's own words for it.
	OnNeither    Neither
	NeitherError string
	// RemoteHint tells users of a client without remote servers how to
	// reach one ("" when the client has them).
	RemoteHint string
	// CommandArray: "command" is one array holding the program and its
	// arguments (opencode).
	CommandArray bool
	// Strictness says what the client does with an entry it cannot use.
	Strictness Strictness
	// OnBoth says what the client does with an entry that has both a
	// command and a url.
	OnBoth Conflict
	// StringServers: a servers key holding a string is iterated as
	// JavaScript's Object.entries does: one server per character, named by
	// its index ("0", "1", …), none of them an object (pisces: invalid, but
	// each owns its name).
	StringServers bool
	// LenientBool: "enabled" also takes the strings pisces coerces ("true",
	// "false", "1", "0", in any case).
	LenientBool bool
	// BadSwitchIgnored: an "enabled" that is not a boolean (nor, with
	// LenientBool, one of those strings) is ignored with a warning and the
	// server starts (pisces: a number, other text).
	BadSwitchIgnored bool
	// ToolFilters are the keys of the per-server tool allow-list and
	// deny-list ("" when the client has none); ToolGlobs says they take
	// glob patterns; ToolArgsInAllow says an allow-list entry may carry
	// arguments ("tool(args)", Gemini CLI).
	ToolFilters     [2]string
	ToolGlobs       bool
	ToolArgsInAllow bool
	// URLSchemes are the URL schemes accepted for remote servers besides
	// http and https (VS Code: unix, pipe).
	URLSchemes []string
	// NameChars: the client documents or enforces the characters of a
	// server name (letters, digits, "_", "-" and ".", or NamePattern's);
	// server-name checks the characters of names only for these clients.
	NameChars bool
	// NamePattern is the client's own rule for server names, as its code
	// writes it (Codex: ^[a-zA-Z0-9_-]+$); nil where none was found in
	// its code (docs/clients.md says where it was looked for).
	NamePattern *NamePattern
	// NamespacedNames: server names may be registry names
	// "<namespace>/<name>" (VS Code gallery installs).
	NamespacedNames bool
	// Inputs: files may declare "inputs" that ${input:id} refers to.
	Inputs bool
	// UndefinedInput is the client's own message when an ${input:id} is
	// not declared in "inputs", %[1]s the id: it does not prompt, it
	// refuses to start the server.
	UndefinedInput string
	// RequiresServersKey: a servers file without the servers key is refused
	// whole (Claude Code's .mcp.json: "mcpServers" is required).
	RequiresServersKey bool
	// NoServersKeyWarns is the client's warning, %s the file, when a
	// servers-only file (ServersOnly: .mcp.json) holds no servers object:
	// it loads nothing from that file and goes on (Qwen Code). "": no
	// warning known.
	NoServersKeyWarns string
	// PluginManifest is a file that, next to a servers file, makes it a
	// plugin's, which may leave out the servers key and hold its servers
	// at the top level (Claude Code: .claude-plugin/plugin.json beside a
	// plugin's .mcp.json).
	PluginManifest string
	// Timeouts are the per-server timeout fields mcpconf writes, first
	// choice first, each with its unit and what it bounds; none when the
	// client has no such setting or mcpconf does not know what it bounds
	// (Zed, pisces). Reading keeps to the fields below.
	Timeouts []TimeoutField
	// SecondsFields are timeout fields in seconds and MillisFields in
	// milliseconds, besides a bare "timeout" (TimeoutUnit). TimeoutWins
	// maps a field to the one the client uses instead when both are set.
	SecondsFields []string
	MillisFields  []string
	TimeoutWins   map[string]string
	// Unsupported are fields the client refuses outright.
	Unsupported map[string]FieldNote
	// FieldKeys are the keys the client writes canonical fields under
	// where they are not the canonical name (opencode: "env" is
	// "environment", "args" are the rest of the "command" array; Codex:
	// "headers" is "http_headers").
	FieldKeys map[string]string
	// Missing says, for a kind of field the client does not have (keyed by
	// the usual key of the kind: "args", "type", "timeout"), what users
	// write instead.
	Missing map[string]string
	// EntrySchema: each entry is checked on its own against the client's
	// JSON Schema (Layout.Schema) before the files merge; one that breaks
	// it (an unknown key, a value out of range, a field of the other
	// transport) is skipped with a config error and the rest load
	// (x-code's zod .strict() server schema).
	EntrySchema bool
	// FieldChecks are the types the client requires of its fields, in the
	// order it checks them: an entry that breaks one is skipped and the
	// rest of the file loads (Client.FieldProblem). Nil when the client
	// checks none, or mcpconf does not know.
	FieldChecks []FieldCheck
}

// Bound is what a timeout bounds.
type Bound int

const (
	// BoundsStartup: the server's start, up to its first tool list
	// (Codex's startup_timeout_sec: start, initialize, tools/list).
	BoundsStartup Bound = 1 << iota
	// BoundsCall: one tool call (Codex's tool_timeout_sec).
	BoundsCall
)

// TimeoutField is one timeout field of a server entry, as mcpconf writes
// it: its key, its unit, what it bounds (one value for both, as Gemini
// CLI's "timeout", bounds BoundsStartup|BoundsCall), whether it takes
// only whole numbers of its unit, and the range it takes (Min, Max; zero
// for no bound): outside it the client ignores the value (Claude Code,
// below 1 s) or rejects the entry (Roo Code).
type TimeoutField struct {
	Key      string
	Unit     time.Duration
	Bounds   Bound
	Whole    bool
	Min, Max time.Duration
}

// NameRule is a rule server names must meet: OK decides, Say says it in
// the client's words.
type NameRule struct {
	OK  func(name string) bool
	Say string
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

// FieldNote is what a client does with one field and what to do about it.
type FieldNote struct {
	Why  string // "which Codex does not support: it refuses to load the config"
	Hint string // may hold one %q: a variable name to suggest
	// Instead is the field to write in its place, its value the variable
	// of the hint (Codex: bearer_token_env_var for bearer_token); "" when
	// there is none.
	Instead string
}

// TypeLiteral is one accepted value of "type".
type TypeLiteral struct {
	Name      string
	Transport Transport
}

// Strictness is what a client does with an entry it cannot use.
type Strictness int

const (
	// Lenient clients ignore what they do not understand.
	Lenient Strictness = iota
	// RejectsServer: the client refuses to load the server (Codex).
	RejectsServer
	// RejectsConfig: the client refuses the whole file (opencode's strict
	// schema).
	RejectsConfig
)

// Conflict is what a client does with an entry that has both a command and
// a URL.
type Conflict int

const (
	// ByTransport: the client follows its transport inference and ignores
	// the other key.
	ByTransport Conflict = iota
	// RejectsEntry: a validation error (pisces).
	RejectsEntry
	// StdioRejectsURL: read as stdio, then the url is refused (Codex).
	StdioRejectsURL
	// RejectsFile: the whole config is rejected (opencode).
	RejectsFile
)

// Neither is what a client does with an entry that has neither a command
// nor a URL.
type Neither int

const (
	// NeitherStdio: the entry is a stdio server without a command, which
	// cannot start.
	NeitherStdio Neither = iota
	// NeitherInvalid: the client refuses the config ("invalid transport",
	// Codex), unless another layer defines the server and the entry only
	// patches it.
	NeitherInvalid
	// NeitherUnreachable: the client has nothing to connect to (Gemini
	// CLI).
	NeitherUnreachable
	// NeitherSkipped: the client skips the entry with a warning
	// (agent-code).
	NeitherSkipped
)

// Merge is how a client combines the definitions of one name from its
// files.
type Merge int

const (
	// WholeEntry: the highest definition wins whole.
	WholeEntry Merge = iota
	// KeyByKey: the client folds its layers key by key (tables merge,
	// scalars and arrays replace), so a higher layer may patch one field.
	KeyByKey
	// ByPriority: the client reads its providers' files as well as its
	// own (pisces's providers table) and one definition per name wins
	// whole, by provider priority, then local > project > user; a
	// disabled definition still owns its name.
	ByPriority
)

// ProjectLookup says where a client finds its project files.
type ProjectLookup int

const (
	// AtStart: in the directory the client starts in (the workspace
	// folder an editor opened).
	AtStart ProjectLookup = iota
	// RootToStart: in every directory from the project root down to the
	// start directory; a deeper file wins (Codex, opencode).
	RootToStart
	// StartUp: in the start directory and every directory above it, up to
	// the file system root; a deeper file wins (Claude Code's .mcp.json).
	StartUp
	// Nearest: the nearest directory at or above the start directory that
	// holds the file (agent-code).
	Nearest
)

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

// EntryScope is an entry's own field naming the scope it comes from
// (Qwen Code's "scope": mcpServers.ts assembleMcpServers,
// mcp-server-config.ts isGatedMcpScope).
type EntryScope struct {
	Key string
	// Over are the values that rank the entry with the files above the
	// Apart file: it wins its name over the Apart file's definition,
	// wherever its own file ranks (Qwen Code: "workspace", "system" over
	// .mcp.json). The files' merge decides first: the definition of the
	// highest settings file holding the name is the one whose field
	// counts.
	Over []string
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

// IgnoredFile is a file where users put servers that the client does not
// read.
type IgnoredFile struct {
	File File
	Key  string // the servers key users write there
	// Also are keys of made-up formats seen there (an object or an array
	// of servers), looked for when Key is not.
	Also []string
	Why  string // says which file the client reads instead
}

// Provider is a row of a providers table (Client.Providers): a client
// whose files the table's owner reads.
type Provider struct {
	// Client is the provider; nil stands for the table's owner itself (a
	// descriptor cannot name itself in its own value).
	Client   *Client
	Priority int    // higher wins
	Files    []File // the files read for this provider
	// Lists are the labels (List.Label) of the provider's lists that the
	// owner honours too when it reads the provider's files, the first
	// file that sets one winning.
	Lists []string
	// FirstWithServers: of the provider's project files, and of its user
	// files, the owner reads only the first that holds a server (pisces's
	// Claude provider: .claude/.mcp.json, else .claude/mcp.json;
	// ~/.claude.json, else ~/.claude/mcp.json).
	FirstWithServers bool
	// TypeKey is the key the owner reads the transport from in this
	// provider's entries when it is not "type" (pisces's VS Code provider
	// reads "transport"); KnownTypesOnly: a value there other than the
	// owner's own literals is ignored and the transport inferred (its VS
	// Code, Cursor and Gemini providers), rather than kept as written.
	TypeKey        string
	KnownTypesOnly bool
}

// Honours reports whether the owner of the table honours the provider's
// list l.
func (p *Provider) Honours(l List) bool { return slices.Contains(p.Lists, l.Label()) }

// Base is the directory a File's path is relative to. The generic bases
// are here (the project root, the home, the system's config directories,
// the machine's root); a client whose files a variable of its own moves
// declares its base in its own file (codexHome in client_codex.go), and
// discovery resolves every base from these fields alone.
type Base struct {
	// Name says what the base is, for tests and debugging ("CODEX_HOME").
	Name string
	// Var is the environment variable whose value, when set, is the
	// directory, read as the client reads it: a relative value is relative
	// to the directory the client starts in (the project root, --root; not
	// mcpconf's own working directory), and so is a value starting with
	// "~" (no client modelled expands it: "~/cfg" is a directory named "~"
	// in the start directory) unless Tilde says the client expands a
	// leading "~/" to the home itself. Canonical: the client resolves the
	// directory's links before it uses it (Codex canonicalizes CODEX_HOME),
	// so its files are shown where the links lead. In a run isolated with
	// --home, a directory outside both the home and the root is ignored.
	// AbsOnly: a relative value is ignored (the XDG spec). What a client
	// does with a directory that does not exist is its Refuses.HomeMissing
	// (Codex refuses its whole config); the others read no file there.
	Var                       string
	AbsOnly, Tilde, Canonical bool
	// Default is the directory, relative to the home, when Var is not set
	// or is ignored ("" the home itself), unless Else names another base
	// to use then.
	Default string
	Else    *Base
	// OnOS are other bases that stand for this one on some systems
	// (runtime.GOOS values): the config directory is ~/Library/Application
	// Support on macOS and %APPDATA% on Windows.
	OnOS map[string]*Base
	// Shown and ShownWindows are the base as users write it, with a final
	// separator ("~/.codex/", `%USERPROFILE%\.codex\`); "" says it from
	// Default, under "~/" and `%USERPROFILE%\`.
	Shown, ShownWindows string
	kind                baseKind
}

type baseKind int

const (
	underHome baseKind = iota
	projectRoot
	machineRoot
)

// Generic bases.
var (
	RootDir = &Base{Name: "root", kind: projectRoot} // the project root
	HomeDir = &Base{Name: "home"}                    // the user's home
	// ConfigDir is the operating system's per-user config directory:
	// $XDG_CONFIG_HOME or ~/.config on Linux, ~/Library/Application
	// Support on macOS, %APPDATA% on Windows.
	ConfigDir = &Base{Name: "config", Else: XDGConfigDir, OnOS: map[string]*Base{"darwin": appSupportDir, "ios": appSupportDir, "windows": appDataDir}}
	// XDGConfigDir is $XDG_CONFIG_HOME or ~/.config on every system
	// (opencode).
	XDGConfigDir = &Base{Name: "XDG_CONFIG_HOME", Var: "XDG_CONFIG_HOME", AbsOnly: true, Default: ".config"}
	// XDGThenConfigDir is $XDG_CONFIG_HOME when set and not empty, a
	// relative value too, else ConfigDir (agent-code's agent_config_dir,
	// then the dirs crate).
	XDGThenConfigDir = &Base{Name: "XDG_CONFIG_HOME then config", Var: "XDG_CONFIG_HOME", Else: ConfigDir}
	// LocalAppDataDir is %LOCALAPPDATA% (Windows only).
	LocalAppDataDir = &Base{Name: "LOCALAPPDATA", Var: "LOCALAPPDATA", Default: "AppData/Local", Shown: `%LOCALAPPDATA%\`, ShownWindows: `%LOCALAPPDATA%\`}
	// SystemDir is the machine's root for machine-wide files (Claude
	// Code's /etc/claude-code, Gemini CLI's /etc/gemini-cli): "/" for a
	// run on this machine, a directory standing for another machine's
	// root (--system), or none (a run isolated with --home reads no
	// machine file unless told where).
	SystemDir = &Base{Name: "system", kind: machineRoot, Shown: "/", ShownWindows: `C:\`}

	appSupportDir = &Base{Name: "Application Support", Default: "Library/Application Support"}
	appDataDir    = &Base{Name: "APPDATA", Var: "APPDATA", Default: "AppData/Roaming", ShownWindows: `%APPDATA%\`}
)

// ProjectRoot reports the project root, which project files hang from.
func (b *Base) ProjectRoot() bool { return b.kind == projectRoot }

// MachineRoot reports the machine's root (SystemDir).
func (b *Base) MachineRoot() bool { return b.kind == machineRoot }

// For is the base that stands for b on goos (OnOS), or b.
func (b *Base) For(goos string) *Base {
	if alt := b.OnOS[goos]; alt != nil {
		return alt
	}
	return b
}

// Vars are the environment variables that move the base on some system:
// its own, its fallback's and those of the bases standing for it.
func (b *Base) Vars() []string {
	var out []string
	add := func(vs ...string) {
		for _, v := range vs {
			if v != "" && !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	add(b.Var)
	if b.Else != nil {
		add(b.Else.Vars()...)
	}
	for _, goos := range slices.Sorted(maps.Keys(b.OnOS)) {
		add(b.OnOS[goos].Vars()...)
	}
	return out
}

// shown is the base as users write it on goos, with a final separator.
func (b *Base) shown(goos string) string {
	b = b.For(goos)
	switch {
	case goos == "windows" && b.ShownWindows != "":
		return b.ShownWindows
	case goos != "windows" && b.Shown != "":
		return b.Shown
	case b.kind == projectRoot:
		return ""
	case b.Else != nil:
		return b.Else.shown(goos)
	case goos == "windows" && b.Default == "":
		return `%USERPROFILE%\`
	case goos == "windows":
		return `%USERPROFILE%\` + strings.ReplaceAll(b.Default, "/", `\`) + `\`
	case b.Default == "":
		return "~/"
	}
	return "~/" + b.Default + "/"
}

// File is one file a client reads.
type File struct {
	Scope  Scope
	Base   *Base
	Path   string // slash-separated, relative to Base
	Format Format
	// OS restricts the file to these systems (runtime.GOOS values); nil
	// means every system.
	OS []string
	// OptIn is the provider id under which the owner of a providers table
	// reads this user file only when opted in (Layout.OptIn); "" for a file
	// always read.
	OptIn string
	// Section is set when the servers live in a part of the file keyed by
	// the project root rather than at its top: the key of the table of
	// projects, whose member for the root holds the servers under the
	// client's ServersKey (Claude Code's local scope: "projects", for
	// ~/.claude.json projects[<root>].mcpServers).
	Section string
	// Group names files of which the client reads only the first that
	// exists (Claude Code's legacy ~/.claude/.config.json over
	// ~/.claude.json).
	Group string
	// ElseOf is the path of another project file of the client: in each
	// directory the client reads this file only when that one does not
	// exist there (an empty, broken or serverless one hides it too), and
	// this one then ranks in its place (Copilot CLI: .github/mcp.json,
	// else of .mcp.json).
	ElseOf string
	// InRepo: a project settings file the client reads only in a
	// repository (a RootMarkers directory at or above the start
	// directory), at its root; without one it reads none (Copilot CLI's
	// .github/copilot/settings.json).
	InRepo bool
	// Lock is the suffix of the lock the client takes while it writes the
	// file: a directory at the file's path with the suffix added, made
	// with mkdir and its modification time kept fresh while held
	// (proper-lockfile: Claude Code's ~/.claude.json.lock). mcpconf takes
	// it too while it writes the file.
	Lock string
	// Private: the client creates the file readable by its owner only
	// (0600: Claude Code's ~/.claude.json, which may hold an API key);
	// mcpconf creates it so too. A file that exists keeps its mode.
	Private bool
	// ServersPath is where the servers are in a file that holds other
	// settings too ({"mcp", "servers"} in VS Code's settings.json); nil
	// means the client's ServersKey at the top.
	ServersPath []string
	// AtStart: a project file the client looks for in the directory it
	// starts in rather than at the project root (Claude Code's
	// .claude/settings.json, read from the working directory).
	AtStart bool
	// DropIns is a directory, relative to Base, of files that extend this
	// one: those whose names end like the format (".json") and do not
	// start with ".", read in name order after the file, a later one
	// overriding (Claude Code's managed-settings.d beside
	// managed-settings.json).
	DropIns string
	// Exclusive: while the file exists, parsed or not, the client loads
	// servers only from the files of its scope and reads no other server
	// file (Claude Code's managed-mcp.json has "exclusive control").
	Exclusive bool
	// RemoteHTTPS: the client reads only "http" and "sse" servers with an
	// https URL and no placeholder from this file, and ignores the others
	// (Claude Code's managedMcpServers in managed settings).
	RemoteHTTPS bool
	// PathVar is an environment variable whose value, when set, is the
	// file's path instead of Base and Path (Gemini CLI's
	// GEMINI_CLI_SYSTEM_SETTINGS_PATH). SiblingOf is another file's
	// PathVar: when that variable is set, this file is looked for in the
	// directory it names (Gemini CLI's system-defaults.json sits beside
	// the system settings, wherever they are).
	PathVar   string
	SiblingOf string
	// Defaults: the file holds defaults that every other file of the
	// client overrides: it ranks just below the user's files whatever its
	// scope (Gemini CLI's system-defaults.json; Codex's
	// /etc/codex/config.toml under the user's config.toml).
	Defaults bool
	// FarWins: of the copies of a project file in several directories
	// (Project RootToStart, StartUp), the one nearest the root wins
	// (opencode reads the .opencode/ directories nearest first, a later
	// one overriding: testdata/clients/opencode-lenient-fields).
	FarWins bool
	// WithNext: this project file and the next one are read together in
	// each directory of a walk (Project RootToStart, StartUp): the
	// directory decides first, their order only within one directory
	// (opencode's ConfigPaths.projectFiles looks for opencode.jsonc and
	// opencode.json in each directory in turn, so a nearer opencode.json
	// wins over a farther opencode.jsonc: harness seed 3, trees 127, 158,
	// 252; testdata/clients/gen-opencode-0000469f).
	WithNext bool
	// OverProject: a file outside the project that the client reads after
	// the project's files, so that it wins over them (opencode's
	// ~/.opencode/opencode.json, read after the project's .opencode/).
	OverProject bool
	// SkippedAlone: a user file the client skips alone when it cannot use
	// it, as its project files (Gates.SkipsFile), rather than refusing its
	// whole configuration (Kilo Code CLI's ~/.kilo/ and ~/.kilocode/, read
	// in the project's loop, and the file KILO_CONFIG names: harness seed
	// 2, trees 20, 214, 324, 412, 492).
	SkippedAlone bool
	// TrustedAboveStart: with no root marker (Layout.UpWithoutRoot), a
	// copy of this project file found above the start directory is the
	// client's own trusted file, not the project's: its placeholders
	// expand and its entries merge key by key (Kilo Code CLI 7.7.7 takes
	// the start directory for the root of its .kilo/ and .kilocode/
	// directories when its worktree is "/": harness seed 3, trees 137,
	// 384, 432; its kilo.json and opencode.json above the start directory
	// stay the project's: trees 10, 61, 275).
	TrustedAboveStart bool
	// NotTarget: mcpconf does not write servers to the file (add, sync)
	// although the client reads it; the next file of its scope is the
	// target (opencode's own `mcp add` writes opencode.json, not
	// ~/.opencode/ or .opencode/opencode.jsonc).
	NotTarget bool
	// OnlyVar: the file is read only when its PathVar is set, at the path
	// it names (opencode's OPENCODE_CONFIG); it has no path of its own.
	OnlyVar bool
	// RootOwned: the client reads the file only when the file and every
	// directory above it belong to the machine's administrator (uid 0)
	// and are not writable by group or others, and symbolic links on the
	// way too; otherwise it skips the file with a warning (Gemini CLI's
	// system settings on Linux and macOS).
	RootOwned bool
	// Checked is the check the client makes of the whole file before it
	// uses any of it: a file that fails it is void, none of its settings
	// counts (Claude Code's user, project and local settings).
	Checked *SettingsCheck
	// StringBools: the client reads the strings "true" and "false" as
	// the booleans where a setting of this file takes a boolean (Claude
	// Code's managed settings: enableAllProjectMcpServers "true"
	// approves, allowManagedMcpServersOnly "true" locks the lists);
	// other strings and numbers are not booleans (File.Flag).
	StringBools bool
	// Apart: the client reads this file with a loader of its own, apart
	// from its settings files and their merge (Qwen Code's .mcp.json): it
	// expands no placeholder in it (SettingsPlaceholders; read by the
	// approval hash, StoredApprovals.Hash: the server's own values are
	// expanded as Expansion says, not modelled per file), a null servers
	// key in it clears nothing, nor does a settings file's clear it
	// (NullClears), and the names its settings merge loses are kept
	// (LostName.KeptIn, Lowest).
	Apart bool
	// OwnScope: the client keeps an entry's own Layout.EntryScope field
	// in this file as the scope it comes from (Qwen Code's user settings
	// and system defaults; it overwrites the field in the workspace and
	// system settings and in .mcp.json).
	OwnScope bool
	// Extension, for a file of ExtensionScope, says how the client reads
	// an installed extension; Path then holds one "*" segment that stands
	// for each directory there (".gemini/extensions/*/gemini-extension.json").
	Extension *ExtensionSpec
	// Dialect is the descriptor whose shape and decoder read the file's
	// entries when the client reads a file written in another client's
	// format, by rules of its own (VS Code reads a workspace folder's
	// .mcp.json and Copilot's mcp-config.json in Claude's shape:
	// vscodeRootMCP); nil: the client's own. The servers are the client's,
	// in its view, behind its gates. ReadBy is its only reader.
	Dialect *Client
	// Guest: the file is another client's that this one reads too
	// (Copilot CLI's .mcp.json, Claude Code's; Kilo Code CLI's
	// opencode.json, opencode's). A file read with a Dialect is a guest's
	// too. A client none of whose own files is found is a guest of the
	// run (discover.Options.Guests).
	Guest bool
	// FlatServers: a file without the servers key holds its servers at its
	// top level, every member an entry (VS Code's .mcp.json:
	// parseWorkspaceRootMcpConfiguration reads "either root-file shape").
	FlatServers bool
}

// ReadBy is the descriptor that reads the entries of f for client c: its
// Dialect, or c.
func (f File) ReadBy(c *Client) *Client {
	if f.Dialect != nil {
		return f.Dialect
	}
	return c
}

// ExtensionSpec is how a client reads the manifests of the extensions
// installed in a directory (Gemini CLI's
// ~/.gemini/extensions/<dir>/gemini-extension.json).
type ExtensionSpec struct {
	// NameKey is the manifest key that names the extension (shown with its
	// servers: "name (from ext)"); Required are the keys without which the
	// client skips the extension; NameChars describes the characters a
	// name may hold, checked by NameOK, for messages.
	NameKey   string
	Required  []string
	NameChars string
	NameOK    func(name string) bool
	// Vars are the ${name} variables the client replaces in every string
	// of the manifest before reading it.
	Vars map[string]ExtVar
	// Install is a file in the extension's directory that may say the
	// extension is a link: {"type": LinkType, "source": DIR} makes the
	// client read the manifest in DIR instead.
	Install, LinkType string
	// Enablement is the file that turns extensions off and on by folder:
	// {"<name>": {"overrides": ["!/path/*", "/path/"]}}; the last rule
	// matching the working directory wins ("!" disables, a final "*"
	// covers sub-folders), and no rule means enabled. Enable is the command
	// that turns an extension on, its name after it.
	Enablement *File
	Enable     []string
}

// ExtVar is what an extension variable stands for.
type ExtVar int

const (
	ExtDir        ExtVar = iota // the extension's directory
	WorkspaceDir                // the directory the client starts in
	PathSeparator               // the system's path separator
)

// SectionPath says where the servers of the project keyed by key are in a
// file with a Section, for messages: projects["/repo"].mcpServers.
func (c *Client) SectionPath(section, key string) string {
	return fmt.Sprintf("%s[%q].%s", section, key, c.ServersKey)
}

// Rank orders a client's files, lower winning: by scope, a file of
// defaults just below the user's.
func (f File) Rank() int {
	if f.Defaults {
		return 2*User.Rank() + 1
	}
	if f.OverProject {
		return 2*Project.Rank() - 1
	}
	return 2 * f.Scope.Rank()
}

// ServersOnly reports a file that holds nothing but MCP servers, as its
// name says (mcp.json, .mcp.json, mcp_config.json, mcp_settings.json): one
// without the servers key holds none. Settings files (settings.json,
// config.toml, opencode.json, claude_desktop_config.json) hold other
// settings too, and may have no servers at all.
func ServersOnly(path string) bool {
	base := path[strings.LastIndexAny(path, `/\`)+1:]
	return strings.Contains(strings.ToLower(base), "mcp")
}

// ForOS reports whether the file exists on goos.
func (f File) ForOS(goos string) bool { return f.OS == nil || slices.Contains(f.OS, goos) }

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

// Capabilities are what a client declares in its MCP initialize request.
// Servers answer to them: server-everything lists get-roots-list only to a
// client that declares roots, so probe declares what the client declares,
// answers roots/list with the project, and declines elicitation without
// asking anyone.
type Capabilities struct {
	Roots bool // roots, with listChanged
	// RootsStatic: roots is declared with listChanged false (pisces: the
	// roots never change during a session).
	RootsStatic bool
	Sampling    bool
	Elicitation bool // form and url
	// Source is where it was read or captured; "" for a client whose
	// declaration is not known (nothing is declared then).
	Source string
}

// Names lists the capabilities declared: "roots", "elicitation".
func (c Capabilities) Names() []string {
	var out []string
	for _, x := range []struct {
		on   bool
		name string
	}{{c.Roots, "roots"}, {c.Sampling, "sampling"}, {c.Elicitation, "elicitation"}} {
		if x.on {
			out = append(out, x.name)
		}
	}
	return out
}

// Fact is one thing mcpconf believes about a client, with its evidence.
type Fact struct {
	Topic  string // files, precedence, merge, placeholders, switches, shape
	Text   string // Markdown
	Source string // where it was read or checked
}

// Knows reports whether key is a server field of this client.
func (c *Client) Knows(key string) bool {
	return slices.Contains(c.Fields, key) || slices.Contains(c.HostFields, key)
}

// UnverifiedTimeouts reports a client with a timeout field mcpconf reads
// but does not write (no Shape.Timeouts): what it bounds is not verified
// (Zed, pisces).
func (c *Client) UnverifiedTimeouts() bool {
	return len(c.Timeouts) == 0 && (c.TimeoutUnit != 0 || len(c.SecondsFields)+len(c.MillisFields) > 0)
}

// WrittenName is a server's name as its file writes it: for a plugin's
// server, the part after the name the client gives it (Plugins.Name:
// "s" of "plugin:p:s").
func (c *Client) WrittenName(s *Server) string {
	if s.Source.Scope != PluginScope || c.Plugins == nil {
		return s.Name
	}
	plugin := s.Source.Plugin
	if i := strings.LastIndex(plugin, "@"); i > 0 {
		plugin = plugin[:i]
	}
	if rest, ok := strings.CutPrefix(s.Name, fmt.Sprintf(c.Plugins.Name, plugin, "")); ok {
		return rest
	}
	return s.Name
}

// ExtensionVar reports whether the client replaces ${name} in the value of
// a server an extension brings (ExtensionSpec.Vars: Gemini CLI's
// ${extensionPath}): lint must not take it for a variable of the
// environment or of another client.
func (c *Client) ExtensionVar(s *Server, name string) bool {
	if s.Source.Scope == PluginScope && c.Plugins != nil {
		return name == c.Plugins.RootVar || slices.Contains(c.Plugins.EnvOwn, name)
	}
	if s.Source.Scope != ExtensionScope {
		return false
	}
	for _, f := range c.Files {
		if f.Extension != nil {
			if _, ok := f.Extension.Vars[name]; ok {
				return true
			}
		}
	}
	return false
}

// UndeclaredInput says what the client does with an ${input:id} that the
// file's "inputs" does not declare: lint's unknown-input, explain (the
// server is invalid for the client), explain --resolve and probe all say
// it in these words.
func (c *Client) UndeclaredInput(id string) string {
	return fmt.Sprintf("input %q is not declared in \"inputs\": %s does not start the server (%q)", id, c.Product, fmt.Sprintf(c.UndefinedInput, id))
}

// ReaderName is the product whose reading of this shape messages
// describe.
func (c *Client) ReaderName() string {
	if c.Reader != "" {
		return c.Reader
	}
	return c.Product
}

// LabelName names every product that reads files of this shape.
func (c *Client) LabelName() string {
	if c.Label != "" {
		return c.Label
	}
	return c.Product
}

// FieldKey is the key the client writes a canonical field under ("env",
// "headers", "args", …), as its descriptor declares (Shape.FieldKeys):
// opencode's "environment" and its one "command" array, Codex's
// "http_headers".
func (c *Client) FieldKey(field string) string {
	if k, ok := c.FieldKeys[field]; ok {
		return k
	}
	return field
}

// KeysOf lists the keys any client writes a canonical field under, the
// canonical name first ("env", "environment"), in table order.
func KeysOf(field string) []string {
	out := []string{field}
	for _, c := range clients {
		if k := c.FieldKey(field); !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// Expands reports whether the client expands placeholders of syntax s.
func (c *Client) Expands(s Syntax) bool { return slices.Contains(c.Placeholders, s) }

// ExpandsVar reports whether the client expands a placeholder of syntax s
// naming name.
func (c *Client) ExpandsVar(s Syntax, name string) bool {
	if !c.Expands(s) {
		return false
	}
	return s != Editor || c.EditorVars == nil || slices.Contains(c.EditorVars, name)
}

// PlaceholdersOn are the syntaxes the client expands when it runs on goos.
func (c *Client) PlaceholdersOn(goos string) []Syntax {
	if goos == "windows" || len(c.WindowsOnly) == 0 {
		return c.Placeholders
	}
	var out []Syntax
	for _, s := range c.Placeholders {
		if !slices.Contains(c.WindowsOnly, s) {
			out = append(out, s)
		}
	}
	return out
}

// VarRef is how a user writes a reference to variable name in a value of
// this client, or "" when the client expands no variables.
func (c *Client) VarRef(name string) string {
	if c.VarForm == "" {
		return ""
	}
	return strings.Replace(c.VarForm, "%s", name, 1)
}

// TypeNames are the accepted "type" literals, in documentation order.
func (c *Client) TypeNames() []string {
	out := make([]string, len(c.Types))
	for i, t := range c.Types {
		out[i] = t.Name
	}
	return out
}

// TypeFor returns the literal the client uses for a transport ("stdio",
// "http"; opencode "local", "remote"), or "" when it has none.
func (c *Client) TypeFor(t Transport) string {
	for _, l := range c.Types {
		if l.Transport == t {
			return l.Name
		}
	}
	return ""
}

// transportOf maps a "type" literal; unknown literals give NoTransport.
// TypeOf is the transport a "type" literal names for the client, NoTransport
// for one it does not know.
func (c *Client) TypeOf(lit string) Transport { return c.transportOf(lit) }

func (c *Client) transportOf(lit string) Transport {
	for _, l := range c.Types {
		if l.Name == lit {
			return l.Transport
		}
	}
	return NoTransport
}

// RemoteWay says how the client reaches url when it speaks neither MCP
// transport to it (Shape.RemoteProtocol); "" when it speaks one.
func (c *Client) RemoteWay(url string) string {
	if c.RemoteProtocol == "" {
		return ""
	}
	return fmt.Sprintf(c.RemoteProtocol, strings.TrimRight(url, "/"))
}

// EndpointText names the keys the client reads an endpoint from, for
// messages: `"url"`, `"serverUrl" or "url"`.
func (c *Client) EndpointText() string {
	keys := c.EndpointKeys
	if len(keys) == 0 {
		keys = []string{"url"}
	}
	q := make([]string, len(keys))
	for i, k := range keys {
		q[i] = `"` + k + `"`
	}
	return strings.Join(q, " or ")
}

// Views reports whether the client has a view of its own (it is not only
// a pisces provider).
func (c *Client) Views() bool { return !c.ProviderOnly }

// ReadsProviders reports a client that reads its providers' files as well
// as its own and merges them by priority (Merge ByPriority).
func (c *Client) ReadsProviders() bool { return c.Merge == ByPriority }

// Names are the id and the aliases.
func (c *Client) Names() []string { return append([]string{c.ID}, c.Aliases...) }

// Display is the file's path as the docs and messages show it on goos,
// with the base written the way users know it ("~/.config/…",
// "%APPDATA%\…").
func (f File) Display(goos string) string {
	if f.OnlyVar {
		return "$" + f.PathVar
	}
	p := f.Path
	if goos == "windows" {
		p = strings.ReplaceAll(f.Path, "/", `\`)
	}
	return f.Base.shown(goos) + p
}

// UserFile is the first file of user scope the client reads on Linux, as
// users write it ("~/.config/agent-code/config.toml"), or "".
func (c *Client) UserFile() string {
	for _, f := range c.Files {
		if f.Scope == User && f.ForOS("linux") {
			return f.Display("linux")
		}
	}
	return ""
}

// ByName names a by-name client's fields (Expansion.ByName).
type ByName struct {
	Env, Bearer, Headers string
}

// Flag reads v as a boolean setting of the file: a JSON boolean, or with
// StringBools the string "true" or "false"; ok is false for anything
// else (missing, another type), which the client does not take as a
// boolean.
func (f File) Flag(v *Value) (val, ok bool) {
	switch {
	case v == nil:
		return false, false
	case v.Kind == Bool:
		return v.Bool, true
	case f.StringBools && v.Kind == String && (v.Str == "true" || v.Str == "false"):
		return v.Str == "true", true
	}
	return false, false
}
