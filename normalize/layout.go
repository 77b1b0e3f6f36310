package normalize

// The descriptor's Layout section (Client.Layout): the files a client reads
// per scope and OS, where it looks for a project, and how it merges them.

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

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
	// Off is the key, in the same file, of the list of providers the
	// owner does not load at all (pisces's disabledProviders,
	// capability/index.ts filterProviders): none of their files is read.
	// A provider is named by its client's id, the owner's own (Provider
	// with no Client) by Native.
	Off, Native string
	// Project is the path, in the same file, of a boolean that, false,
	// makes the owner read no project file of any provider (pisces's
	// mcp.enableProjectConfig, mcp/config.ts loadAllMCPConfigs' filter).
	Project []string
	// Extensions is the key, in the same file, of the list of extension
	// ids the owner does not load (pisces's disabledExtensions,
	// capability/index.ts loadImpl); a server's id is ExtensionPrefix and
	// its name ("mcp:github"). Every definition of such a name, in every
	// provider's files, is skipped as it is read: the client lists none.
	Extensions, ExtensionPrefix string
	// Invalid is what the owner says when the file does not decode as a
	// YAML mapping: it loads nothing then, every server refused (pisces:
	// "Settings config is invalid", Settings #unwrapYamlLoadResult; an
	// empty file is an empty mapping). "": the owner reads what it can.
	Invalid string
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
