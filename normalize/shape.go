package normalize

// The descriptor's Shape section (Client.Shape): what an entry looks like
// to a client — its servers key, fields, types, timeouts and names.

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

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
	// deny-list ("" when the client has none); ToolArgsInAllow says an
	// allow-list entry may carry arguments ("tool(args)", Gemini CLI).
	ToolFilters     [2]string
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
