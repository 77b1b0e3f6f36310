package normalize

import (
	"maps"
	"slices"
	"time"
)

// Transport is how a client talks to a server.
type Transport string

const (
	Stdio Transport = "stdio"
	HTTP  Transport = "http" // streamable HTTP
	SSE   Transport = "sse"  // the legacy HTTP+SSE transport
	// WS is Claude Code's websocket type; mcpconf reads it but cannot probe it.
	WS Transport = "ws"
	// Extension is a server a Zed extension provides: the entry holds only
	// its settings.
	Extension Transport = "extension"
	// NoTransport means the client cannot tell: the entry is broken.
	NoTransport Transport = ""
)

// Scope says who a file belongs to. Precedence within a provider is
// local > project > user.
type Scope string

const (
	Local   Scope = "local"   // per-project but private (Claude Code ~/.claude.json projects[…])
	Project Scope = "project" // committed with the repository
	User    Scope = "user"    // the user's home
	// Managed is set by the machine's administrator (Claude Code's
	// managed-settings.json and managed-mcp.json): it overrides the user.
	Managed Scope = "managed"
	// System is machine-wide settings a client reads besides the user's
	// (Gemini CLI's system settings and system defaults).
	System Scope = "system"
	// Extension is what an installed extension brings (Gemini CLI's
	// ~/.gemini/extensions/<ext>/gemini-extension.json).
	ExtensionScope Scope = "extension"
	// PluginScope is what an enabled plugin brings (Claude Code's
	// plugin:PLUGIN:SERVER, read from the plugin's .mcp.json or its
	// manifest's mcpServers).
	PluginScope Scope = "plugin"
)

// Rank orders scopes within one provider: lower wins.
func (s Scope) Rank() int {
	switch s {
	case Managed, System:
		return -1
	case Local:
		return 0
	case Project:
		return 1
	case ExtensionScope, PluginScope:
		return 3
	}
	return 2
}

// OutsideProject reports a scope whose files are not the project's: the
// user's, the machine's, an extension's. Results that must not depend on
// the machine (lint --scope project) leave them out.
func (s Scope) OutsideProject() bool {
	return s == User || s == Managed || s == System || s == ExtensionScope || s == PluginScope
}

// Source says where a definition was read.
type Source struct {
	Path     string // display path
	Abs      string
	Client   *Client // whose shape the file is read with (a provider, in the merged view)
	Scope    Scope
	Priority int
	Order    int    // position of the file in the providers table, for ties
	Pos      Pos    // of the server's name key
	Pointer  string // of the server's entry
	// Extension names the extension that brings the server, for a file of
	// ExtensionScope (Gemini CLI shows "name (from ext)").
	Extension string
	// Plugin names the plugin that brings the server ("PLUGIN@MARKETPLACE"),
	// for a file of PluginScope.
	Plugin string
	// Apart and OwnScope are the file's (File.Apart, File.OwnScope).
	Apart, OwnScope bool
	// Trusted: a project file the client reads as its own trusted file
	// (Layout.TrustsAboveStart).
	Trusted bool
}

// Server is one MCP server definition in canonical form.
type Server struct {
	Name   string
	Source Source

	Transport         Transport
	TransportExplicit bool   // the file said so (type field) rather than mcpconf inferring it
	Type              string // the transport literal as written, if any

	// stdio
	Command string
	Args    []string
	Env     map[string]string
	EnvFile string
	Cwd     string
	// EnvVars names variables of the parent environment to pass through
	// (Codex env_vars).
	EnvVars []string

	// http / sse
	URL     string
	Headers map[string]string
	// HeaderEnvRefs maps a header to the variable its value is read from
	// (Codex env_http_headers; bearer_token_env_var becomes Authorization).
	HeaderEnvRefs map[string]string
	// BearerTokenEnvVar is Codex's bearer_token_env_var, kept apart as well
	// as in HeaderEnvRefs so output can name the field the user wrote.
	BearerTokenEnvVar string

	// Enabled is false when the definition itself or a setting of the
	// client turns it off; Off then says which, with a position.
	Enabled bool
	Off     *Gate

	StartupTimeout time.Duration // 0: not set, the client's default applies
	ToolTimeout    time.Duration
	IncludeTools   []string
	ExcludeTools   []string
	Required       bool

	// Auth is the raw auth or oauth object, for lint and probe.
	Auth *Value
	// Node is the raw entry as written.
	Node *Value
	// Unknown lists keys that the owning client does not know.
	Unknown []*Member
	// Patch marks one layer of a client that folds its layers key by key
	// (Codex, opencode, agent-code) that does not define a server on its
	// own (no command or url): it changes fields of the server another
	// layer defines ([mcp_servers.x] enabled = false).
	Patch bool
	// FieldPaths is set for a definition merged key by key from several
	// files (Codex, opencode, agent-code in their own view): the display
	// path of the file each top-level field came from.
	FieldPaths map[string]string
}

// TurnOff marks the server as not started, for the reason g.
func (s *Server) TurnOff(g Gate) { s.Enabled, s.Off = false, &g }

// TurnOn undoes TurnOff.
func (s *Server) TurnOn() { s.Enabled, s.Off = true, nil }

// DisabledBy says why the server is off, or "" when it is on.
func (s *Server) DisabledBy() string {
	if s.Off == nil {
		return ""
	}
	return s.Off.Reason
}

// Differences names the fields in which two definitions differ in what the
// client would do with them (positions and sources are ignored).
func Differences(a, b *Server) []string {
	var out []string
	add := func(cond bool, name string) {
		if cond {
			out = append(out, name)
		}
	}
	add(a.Transport != b.Transport, "transport")
	add(a.Command != b.Command, "command")
	add(!slices.Equal(a.Args, b.Args), "args")
	add(!maps.Equal(a.Env, b.Env), "env")
	add(a.EnvFile != b.EnvFile, "env_file")
	add(a.Cwd != b.Cwd, "cwd")
	add(!slices.Equal(a.EnvVars, b.EnvVars), "env_vars")
	add(a.URL != b.URL, "url")
	add(!maps.Equal(a.Headers, b.Headers), "headers")
	add(!maps.Equal(a.HeaderEnvRefs, b.HeaderEnvRefs), "header_env_refs")
	add(a.Required != b.Required, "required")
	add(a.Enabled != b.Enabled, "enabled")
	add(a.StartupTimeout != b.StartupTimeout, "startup_timeout")
	add(a.ToolTimeout != b.ToolTimeout, "tool_timeout")
	add(!slices.Equal(a.IncludeTools, b.IncludeTools), "enabled_tools")
	add(!slices.Equal(a.ExcludeTools, b.ExcludeTools), "disabled_tools")
	return out
}
