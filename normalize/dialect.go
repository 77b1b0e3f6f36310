package normalize

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"time"
)

// Dialect is one client's file shape: where its servers live, which keys a
// server may have and how the client reads them.
type Dialect struct {
	ID         string // client id, also the provider id in discovery
	Name       string // product name for messages
	ServersKey string // key at the root of the file that holds the servers
	// WrongKeys are keys other clients use for their servers. Servers under
	// them are not loaded by this client, which discovery reports.
	WrongKeys []string
	// Fields are the server keys this client knows; anything else is kept
	// in Server.Unknown.
	Fields []string
	// TimeoutUnit is the unit of a bare "timeout" number (0: no such field).
	TimeoutUnit time.Duration
	decode      func(*decoder)
}

// Knows reports whether key is a server field of this client.
func (dl *Dialect) Knows(key string) bool { return slices.Contains(dl.Fields, key) }

var (
	mcpServersWrong = []string{"servers", "mcp_servers", "context_servers", "mcp"}
	piscesFields    = []string{"type", "command", "args", "env", "cwd", "url", "headers", "enabled", "timeout", "auth", "oauth", "enabledTools", "disabledTools", "requestIdFormat", "lazy", "envPolicy", "headerPolicy"}
	claudeFields    = []string{"type", "command", "args", "env", "url", "headers", "headersHelper", "oauth"}
)

// dialects is the explicit list of client shapes mcpconf reads.
var dialects = []*Dialect{
	{ID: "pisces", Name: "pisces", ServersKey: "mcpServers", WrongKeys: mcpServersWrong, Fields: piscesFields, TimeoutUnit: time.Millisecond, decode: decodePisces},
	{ID: "claude", Name: "Claude Code", ServersKey: "mcpServers", WrongKeys: mcpServersWrong, Fields: claudeFields, decode: decodeClaude},
	{ID: "codex", Name: "Codex", ServersKey: "mcp_servers", WrongKeys: []string{"mcpServers", "mcp-servers", "servers", "mcp"}, Fields: []string{
		"command", "args", "env", "env_vars", "cwd", "url", "bearer_token_env_var", "http_headers", "env_http_headers",
		"bearer_token", "startup_timeout_sec", "startup_timeout_ms", "tool_timeout_sec", "enabled", "required",
		"enabled_tools", "disabled_tools", "supports_parallel_tool_calls", "default_tools_approval_mode", "tools",
		"scopes", "oauth", "oauth_resource", "experimental_environment", "name"}, decode: decodeCodex},
	{ID: "gemini", Name: "Gemini CLI", ServersKey: "mcpServers", WrongKeys: []string{"servers", "mcp_servers", "context_servers"}, Fields: []string{
		"command", "args", "env", "cwd", "url", "httpUrl", "type", "headers", "tcp", "timeout", "trust", "description",
		"includeTools", "excludeTools", "oauth", "authProviderType", "targetAudience", "targetServiceAccount"}, TimeoutUnit: time.Millisecond, decode: decodeGemini},
	{ID: "opencode", Name: "opencode", ServersKey: "mcp", WrongKeys: []string{"mcpServers", "servers", "mcp_servers", "context_servers"}, Fields: []string{
		"type", "command", "environment", "enabled", "timeout", "url", "headers", "oauth"}, TimeoutUnit: time.Millisecond, decode: decodeOpencode},
	{ID: "cursor", Name: "Cursor", ServersKey: "mcpServers", WrongKeys: mcpServersWrong, Fields: []string{
		"type", "command", "args", "env", "envFile", "url", "headers", "auth"}, decode: decodeCursor},
	{ID: "windsurf", Name: "Windsurf", ServersKey: "mcpServers", WrongKeys: mcpServersWrong, Fields: []string{
		"type", "command", "args", "env", "serverUrl", "url", "headers", "disabled", "disabledTools"}, decode: decodeWindsurf},
	{ID: "agent-code", Name: "agent-code", ServersKey: "mcp_servers", WrongKeys: []string{"mcpServers", "mcp-servers", "servers"}, Fields: []string{
		"command", "args", "url", "env"}, decode: decodeAgentCode},
	{ID: "vscode", Name: "VS Code", ServersKey: "servers", WrongKeys: []string{"mcpServers", "mcp_servers", "mcp"}, Fields: []string{
		"type", "command", "args", "env", "envFile", "cwd", "url", "headers", "sandboxEnabled", "sandbox", "dev", "oauth",
		// written by VS Code for servers installed from the MCP gallery
		// (ICommonMcpServerConfiguration in mcpPlatformTypes.ts)
		"version", "gallery"}, decode: decodeVSCode},
	// mcp-json is a bare mcp.json / .mcp.json at the project root. pisces
	// reads it with its own rules; Claude Code reads .mcp.json too, so
	// Claude's keys are known as well.
	{ID: "mcp-json", Name: "mcp.json", ServersKey: "mcpServers", WrongKeys: mcpServersWrong, Fields: append(slices.Clone(piscesFields), "headersHelper"), TimeoutUnit: time.Millisecond, decode: decodePisces},
}

// Dialects returns every known client shape.
func Dialects() []*Dialect { return dialects }

// DialectFor returns the shape of a client id, or nil.
func DialectFor(id string) *Dialect {
	for _, d := range dialects {
		if d.ID == id {
			return d
		}
	}
	return nil
}

// Decode maps the servers object of a file onto Servers. servers is the
// value under the dialect's ServersKey; src is filled with the position of
// each server. Entries that are not objects are reported and skipped.
func (dl *Dialect) Decode(doc *Document, servers *Value, src Source) ([]Server, []Diagnostic) {
	if servers == nil {
		return nil, nil
	}
	if servers.Kind != Object {
		return nil, []Diagnostic{At(doc, servers.Range, servers.Pointer, "schema", Error,
			"%q must be an object that maps server names to definitions, got %s", lastToken(servers.Pointer), servers.Kind)}
	}
	members := servers.Unique()
	out := make([]Server, 0, len(members))
	var diags []Diagnostic
	for _, m := range members {
		if m.Value.Kind != Object {
			diags = append(diags, At(doc, m.Value.Range, m.Value.Pointer, "schema", Error,
				"server %q must be an object, got %s", m.Key, m.Value.Kind))
			continue
		}
		s := dl.DecodeEntry(doc, m.Key, m.KeyRange.Start, m.Value, src, nil)
		out = append(out, s)
	}
	return out, diags
}

// DecodeEntry maps one server entry. fieldPaths, when not nil, names the
// file each top-level field came from (a definition deep-merged from
// several files); otherwise every field is from doc.
func (dl *Dialect) DecodeEntry(doc *Document, name string, keyPos Pos, entry *Value, src Source, fieldPaths map[string]string) Server {
	s := Server{Name: name, Source: src, Enabled: true, Node: entry, FieldPaths: fieldPaths}
	s.Source.Pos = keyPos
	s.Source.Pointer = entry.Pointer
	d := &decoder{doc: doc, e: entry, s: &s, dl: dl}
	dl.decode(d)
	for _, f := range entry.Unique() {
		if !dl.Knows(f.Key) {
			s.Unknown = append(s.Unknown, f)
		}
	}
	return s
}

// FieldPath is the display path of the file a top-level field was read
// from.
func (s *Server) FieldPath(key string) string {
	if p, ok := s.FieldPaths[key]; ok {
		return p
	}
	return s.Source.Path
}

func lastToken(ptr string) string {
	return UnescapePointer(ptr[strings.LastIndexByte(ptr, '/')+1:])
}

// decoder reads the fields of one entry. Fields of the wrong type are left
// unset: the schema rule reports them with their position.
type decoder struct {
	doc *Document
	e   *Value
	s   *Server
	dl  *Dialect
}

func (d *decoder) str(key string) string {
	if v := d.e.Get(key); v != nil && v.Kind == String {
		return v.Str
	}
	return ""
}

func (d *decoder) strs(key string) []string {
	out, _ := d.e.Get(key).Strings()
	return out
}

// strMap reads a map of strings; values of other kinds are left out (the
// schema rule reports them).
func (d *decoder) strMap(key string) map[string]string {
	m, _ := d.e.Get(key).StringMap()
	return m
}

// common reads the fields the mcpServers family shares.
func (d *decoder) common() {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.Cwd = d.str("cwd")
	d.s.URL = d.str("url")
	d.s.Headers = d.strMap("headers")
}

// duration converts a number of unit to a duration; it reports false for
// values that are missing, not numbers, negative or absurd.
func (d *decoder) duration(key string, unit time.Duration) (time.Duration, bool) {
	v := d.e.Get(key)
	if v == nil || v.Kind != Number || math.IsNaN(v.Num) || v.Num < 0 || v.Num*float64(unit) > math.MaxInt64/2 {
		return 0, false
	}
	return time.Duration(v.Num * float64(unit)), true
}

// enabled applies an "enabled" boolean. lenient accepts the strings pisces
// coerces ("true", "false", "1", "0").
func (d *decoder) enabled(key string, lenient bool) {
	v := d.e.Get(key)
	if v == nil {
		return
	}
	off := false
	switch {
	case v.Kind == Bool:
		off = !v.Bool
	case lenient && v.Kind == String && (v.Str == "false" || v.Str == "0"):
		off = true
	case lenient && v.Kind == Number && v.Str == "0":
		off = true
	}
	if off {
		d.disable(key, v)
	}
}

func (d *decoder) disable(key string, v *Value) {
	d.s.Enabled = false
	d.s.DisabledBy = fmt.Sprintf("%q is %s at %s:%s", key, literal(v), d.s.FieldPath(key), v.Range.Start)
}

func literal(v *Value) string {
	switch v.Kind {
	case String:
		return fmt.Sprintf("%q", v.Str)
	case Bool:
		return fmt.Sprint(v.Bool)
	}
	return v.Str
}

// typed reads "type" and maps it through allowed; an unknown literal leaves
// the transport unset so lint can report it.
func (d *decoder) typed(allowed map[string]Transport) bool {
	v := d.e.Get("type")
	if v == nil {
		return false
	}
	d.s.TransportExplicit = true
	if v.Kind == String {
		d.s.Type = v.Str
		d.s.Transport = allowed[v.Str]
	}
	return true
}

var (
	piscesTypes = map[string]Transport{"stdio": Stdio, "http": HTTP, "sse": SSE}
	claudeTypes = map[string]Transport{"stdio": Stdio, "http": HTTP, "streamable-http": HTTP, "sse": SSE, "ws": WS}
)

// commandOrURL is the common inference: command means stdio, url means http.
func (d *decoder) commandOrURL(fallback Transport) {
	switch {
	case d.s.Command != "" || d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.s.URL != "" || d.e.Get("url") != nil:
		d.s.Transport = HTTP
	default:
		d.s.Transport = fallback
	}
}

func decodePisces(d *decoder) {
	d.common()
	if !d.typed(piscesTypes) {
		d.commandOrURL(Stdio)
	}
	d.enabled("enabled", true)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.IncludeTools = d.strs("enabledTools")
	d.s.ExcludeTools = d.strs("disabledTools")
	d.s.Auth = d.e.Get("auth")
	if d.s.Auth == nil {
		d.s.Auth = d.e.Get("oauth")
	}
}

// decodeClaude follows Claude Code: no type means stdio, even with a url
// (Claude then rejects the entry, which lint reports).
func decodeClaude(d *decoder) {
	d.common()
	d.s.Cwd = "" // not a Claude Code field
	if !d.typed(claudeTypes) {
		d.s.Transport = Stdio
	}
	d.s.Auth = d.e.Get("oauth")
}

func decodeCursor(d *decoder) {
	d.common()
	d.s.Cwd = ""
	d.s.EnvFile = d.str("envFile")
	if !d.typed(piscesTypes) {
		d.commandOrURL(Stdio)
	}
	d.s.Auth = d.e.Get("auth")
}

func decodeWindsurf(d *decoder) {
	d.common()
	d.s.Cwd = ""
	if u := d.str("serverUrl"); u != "" {
		d.s.URL = u
	}
	if !d.typed(map[string]Transport{"stdio": Stdio, "http": HTTP, "streamable-http": HTTP, "sse": SSE}) {
		switch {
		case d.s.URL != "" || d.e.Get("serverUrl") != nil || d.e.Get("url") != nil:
			d.s.Transport = HTTP
		default:
			d.s.Transport = Stdio
		}
	}
	if v := d.e.Get("disabled"); v != nil && v.Kind == Bool && v.Bool {
		d.disable("disabled", v)
	}
	d.s.ExcludeTools = d.strs("disabledTools")
}

func decodeVSCode(d *decoder) {
	d.common()
	d.s.EnvFile = d.str("envFile")
	if !d.typed(piscesTypes) {
		if d.e.Get("url") != nil {
			d.s.Transport = HTTP
		} else {
			d.s.Transport = Stdio
		}
	}
	d.s.Auth = d.e.Get("oauth")
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
	switch {
	case d.str("httpUrl") != "" || d.e.Get("httpUrl") != nil:
		d.s.URL = d.str("httpUrl")
		d.s.Transport = HTTP
	case d.e.Get("url") != nil:
		switch d.s.Type {
		case "sse":
			d.s.Transport = SSE
		case "http", "":
			d.s.Transport = HTTP
		default:
			d.s.Transport = NoTransport
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

// decodeOpencode reads opencode's mcp entries: type is required, command is
// one array holding the program and its arguments.
func decodeOpencode(d *decoder) {
	if cmd := d.strs("command"); len(cmd) > 0 {
		d.s.Command, d.s.Args = cmd[0], cmd[1:]
	}
	d.s.Env = d.strMap("environment")
	d.s.URL = d.str("url")
	d.s.Headers = d.strMap("headers")
	// No inference: without a valid type opencode rejects the entry.
	d.typed(map[string]Transport{"local": Stdio, "remote": HTTP})
	d.enabled("enabled", false)
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.Auth = d.e.Get("oauth")
}

// decodeCodex reads [mcp_servers.NAME] as codex-rs RawMcpServerConfig does.
func decodeCodex(d *decoder) {
	d.common()
	d.s.Headers = d.strMap("http_headers")
	for _, it := range d.arr("env_vars") {
		switch it.Kind {
		case String:
			d.s.EnvVars = append(d.s.EnvVars, it.Str)
		case Object:
			if n := it.Get("name"); n != nil && n.Kind == String {
				d.s.EnvVars = append(d.s.EnvVars, n.Str)
			}
		}
	}
	refs := d.strMap("env_http_headers")
	if v := d.str("bearer_token_env_var"); v != "" {
		d.s.BearerTokenEnvVar = v
		if refs == nil {
			refs = map[string]string{}
		}
		refs["Authorization"] = v
	}
	d.s.HeaderEnvRefs = refs
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = HTTP
	}
	d.enabled("enabled", false)
	if v := d.e.Get("required"); v != nil && v.Kind == Bool {
		d.s.Required = v.Bool
	}
	// startup_timeout_sec wins over startup_timeout_ms, as in Codex.
	if t, ok := d.duration("startup_timeout_sec", time.Second); ok {
		d.s.StartupTimeout = t
	} else if t, ok := d.duration("startup_timeout_ms", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	if t, ok := d.duration("tool_timeout_sec", time.Second); ok {
		d.s.ToolTimeout = t
	}
	d.s.IncludeTools = d.strs("enabled_tools")
	d.s.ExcludeTools = d.strs("disabled_tools")
	d.s.Auth = d.e.Get("oauth")
}

func (d *decoder) arr(key string) []*Value {
	if v := d.e.Get(key); v != nil && v.Kind == Array {
		return v.Items
	}
	return nil
}

// decodeAgentCode: command wins over url; url alone means SSE.
func decodeAgentCode(d *decoder) {
	d.s.Command = d.str("command")
	d.s.Args = d.strs("args")
	d.s.Env = d.strMap("env")
	d.s.URL = d.str("url")
	switch {
	case d.e.Get("command") != nil:
		d.s.Transport = Stdio
	case d.e.Get("url") != nil:
		d.s.Transport = SSE
	}
}
