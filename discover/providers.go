package discover

import (
	"path/filepath"

	"github.com/mcpconf/mcpconf/normalize"
)

// base says which directory a path in the providers table is relative to.
type base int

const (
	fromRoot       base = iota
	fromHome            // the user's home (--home)
	fromCodexHome       // $CODEX_HOME, default ~/.codex
	fromXDGConfig       // $XDG_CONFIG_HOME, default ~/.config
	fromGeminiHome      // $GEMINI_CLI_HOME, default the home
)

type file struct {
	scope  normalize.Scope
	base   base
	rel    string
	format normalize.Format
	// section is set for ~/.claude.json's local scope: the servers live
	// under projects[<root>] instead of at the top level.
	section bool
}

// Provider is one row of the providers table: a client whose files mcpconf
// reads, its priority in the merged view, and its files in the order the
// client itself prefers them (most specific first).
type Provider struct {
	ID       string
	Priority int
	files    []file
}

func proj(rel string, f normalize.Format) file {
	return file{scope: normalize.Project, base: fromRoot, rel: rel, format: f}
}
func user(b base, rel string, f normalize.Format) file {
	return file{scope: normalize.User, base: b, rel: rel, format: f}
}

// Providers is the table from design.md, highest priority first. Ties keep
// table order (cursor before windsurf), as pisces registers them.
var Providers = []Provider{
	{ID: "pisces", Priority: 100, files: []file{
		proj(".pisces/mcp.json", normalize.JSON), proj(".pisces/.mcp.json", normalize.JSON),
		user(fromHome, ".pisces/mcp.json", normalize.JSON), user(fromHome, ".pisces/agent/mcp.json", normalize.JSON)}},
	{ID: "claude", Priority: 80, files: []file{
		{scope: normalize.Local, base: fromHome, rel: ".claude.json", format: normalize.JSON, section: true},
		proj(".claude/mcp.json", normalize.JSON), proj(".claude/.mcp.json", normalize.JSON),
		user(fromHome, ".claude.json", normalize.JSON), user(fromHome, ".claude/mcp.json", normalize.JSON)}},
	{ID: "codex", Priority: 70, files: []file{
		proj(".codex/config.toml", normalize.TOML), user(fromCodexHome, "config.toml", normalize.TOML)}},
	{ID: "gemini", Priority: 60, files: []file{
		proj(".gemini/settings.json", normalize.JSONComments), user(fromGeminiHome, ".gemini/settings.json", normalize.JSONComments)}},
	{ID: "opencode", Priority: 55, files: []file{
		// opencode's own order, highest first: .opencode/ over the project
		// files, opencode.json over opencode.jsonc at the same level.
		proj(".opencode/opencode.json", normalize.JSONC), proj(".opencode/opencode.jsonc", normalize.JSONC),
		proj("opencode.json", normalize.JSONC), proj("opencode.jsonc", normalize.JSONC),
		user(fromXDGConfig, "opencode/opencode.jsonc", normalize.JSONC), user(fromXDGConfig, "opencode/opencode.json", normalize.JSONC),
		user(fromXDGConfig, "opencode/config.json", normalize.JSONC)}},
	{ID: "cursor", Priority: 50, files: []file{
		proj(".cursor/mcp.json", normalize.JSON), user(fromHome, ".cursor/mcp.json", normalize.JSON)}},
	{ID: "windsurf", Priority: 50, files: []file{
		proj(".windsurf/mcp_config.json", normalize.JSON), user(fromHome, ".codeium/windsurf/mcp_config.json", normalize.JSON)}},
	{ID: "agent-code", Priority: 45, files: []file{
		{scope: normalize.Local, base: fromRoot, rel: ".agent/settings.local.toml", format: normalize.TOML},
		proj(".agent/settings.toml", normalize.TOML), user(fromXDGConfig, "agent-code/config.toml", normalize.TOML)}},
	{ID: "vscode", Priority: 20, files: []file{
		proj(".vscode/mcp.json", normalize.JSONC), user(fromXDGConfig, "Code/User/mcp.json", normalize.JSONC)}},
	{ID: "mcp-json", Priority: 5, files: []file{
		proj("mcp.json", normalize.JSON), proj(".mcp.json", normalize.JSON)}},
}

// ProviderFor returns the provider with the given id, or nil.
func ProviderFor(id string) *Provider {
	for i := range Providers {
		if Providers[i].ID == id {
			return &Providers[i]
		}
	}
	return nil
}

// Location is one file a provider may read, resolved against the options.
type Location struct {
	Client   string
	Priority int
	Scope    normalize.Scope
	Format   normalize.Format
	Abs      string
	Display  string
	Section  bool
	Order    int // rank in the merged order, 0 first
}

// Locations resolves the providers table. The order is the merge order:
// priority, then table order, then local > project > user, then the
// provider's own file order.
func (o *Options) Locations() []Location {
	var out []Location
	for _, p := range Providers {
		for _, rank := range []int{0, 1, 2} {
			for _, f := range p.files {
				if f.scope.Rank() != rank {
					continue
				}
				abs := filepath.Join(o.dir(f.base), filepath.FromSlash(f.rel))
				out = append(out, Location{Client: p.ID, Priority: p.Priority, Scope: f.scope, Format: f.format,
					Abs: abs, Display: o.display(abs, f.base), Section: f.section, Order: len(out)})
			}
		}
	}
	return out
}

func (o *Options) dir(b base) string {
	switch b {
	case fromRoot:
		return o.Root
	case fromCodexHome:
		if v := o.getenv("CODEX_HOME"); v != "" {
			return absFrom(o.Cwd, v)
		}
		return filepath.Join(o.Home, ".codex")
	case fromXDGConfig:
		if v := o.getenv("XDG_CONFIG_HOME"); v != "" && filepath.IsAbs(v) {
			// The XDG spec says relative values are invalid and ignored.
			return v
		}
		return filepath.Join(o.Home, ".config")
	case fromGeminiHome:
		if v := o.getenv("GEMINI_CLI_HOME"); v != "" {
			return absFrom(o.Cwd, v)
		}
	}
	return o.Home
}

func absFrom(cwd, p string) string {
	if filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	return filepath.Join(cwd, p)
}

// display shows project files relative to the root and user files as ~/…
// when they live under the home, so output does not depend on where the
// tree sits on disk.
func (o *Options) display(abs string, b base) string {
	if b == fromRoot {
		base := o.Base
		if base == "" {
			base = o.Root
		}
		if rel, err := filepath.Rel(base, abs); err == nil {
			return filepath.ToSlash(rel)
		}
	}
	if rel, err := filepath.Rel(o.Home, abs); err == nil && filepath.IsLocal(rel) {
		return "~/" + filepath.ToSlash(rel)
	}
	return filepath.ToSlash(abs)
}
