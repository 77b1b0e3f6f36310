package normalize

import (
	"net/netip"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// clineSrc is the source the facts below were read in: cline/cline at
// 21cb8d25 (2026-08-22; CLI 3.0.56, SDK 0.0.78), checked with the npm
// package cline 3.0.65 (SDK 0.0.86) through `cline config mcp --json`.
const clineSrc = "cline/cline 21cb8d25"

// clineDir is Cline's directory, ~/.cline, which CLINE_DIR (and the CLI's
// --config DIR) moves (sdk/packages/shared/src/storage/paths.ts
// resolveClineDir).
var clineDir = &Base{Name: "CLINE_DIR", Var: "CLINE_DIR", Default: ".cline"}

// cline is the Cline CLI (npm cline, apps/cli of cline/cline, on the Cline
// SDK). Its format descends from the one Roo Code forked, so its shape is
// built on Roo's (rooShape); what differs is set here. The CLI reads one
// file, the user's; there is no project file.
var cline = &Client{
	ID:      "cline",
	Aliases: []string{"cline-cli"},
	Product: "Cline CLI",
	Version: "3.0.65",
	Layout: Layout{
		Files: []File{
			// CLINE_MCP_SETTINGS_PATH names the file itself
			{Scope: User, Base: clineDir, Path: "data/settings/cline_mcp_settings.json", Format: JSON, PathVar: "CLINE_MCP_SETTINGS_PATH"},
		},
		Schema: "cline",
	},
	Gates: Gates{
		// zod's record parse leaves a "__proto__" key out unread: neither
		// checked nor listed (cline 3.0.65: testdata/clients/cline-names)
		LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{User},
			Why: "Cline CLI's schema leaves a server named %q out without reading it: it is neither checked nor loaded"}},
		// loadMcpSettingsFile: JSON.parse, then one zod parse of the whole
		// file: any entry it rejects throws, and the CLI loads no MCP
		// server ("Failed to load MCP settings, skipping MCP tools")
		Refuses: &Refusal{
			Header:     "Invalid MCP settings",
			ParseError: "Failed to parse MCP settings JSON at %[1]q: %[4]s (line %[2]d, column %[3]d)",
			Unreadable: "Failed to read MCP settings at %[1]q: %[2]s",
			In:         "%[2]s: %[1]s",
			Entry:      clineEntry,
			File:       clineFile,
		},
	},
	Shape:  clineShape(),
	Launch: clineLaunch(),
	Docs: Docs{
		Note:         "one file, the user's: no project file",
		DisableHint:  `set "disabled": true on the server`,
		LoadPathFile: "cline.json",
		Facts: []Fact{
			{Topic: "files", Text: "one file: `~/.cline/data/settings/cline_mcp_settings.json`; `CLINE_DIR` replaces `~/.cline` (and the CLI's `--config DIR`, which wins over it: no mcpconf flag, set `CLINE_DIR`), `CLINE_DATA_DIR` replaces `~/.cline/data` (not modelled; both seen by hand with 3.0.65), `CLINE_MCP_SETTINGS_PATH` names the file itself; no project file; strict JSON (`JSON.parse`: no comments, no trailing comma, no byte order mark)",
				Source: clineSrc + " `sdk/packages/shared/src/storage/paths.ts` (resolveMcpSettingsPath), `apps/cli/src/main.ts` (resolveConfigDirArg); cline 3.0.65: testdata/clients/cline-dir, cline-settings-path, cline-broken, cline-bom"},
			{Topic: "refusal", Text: "the whole file is parsed by one zod schema: a file that does not parse, does not hold an object, has no `mcpServers` object, or holds one entry the schema rejects (a `type` other than `stdio`, `sse`, `streamableHttp` — `http` and `streamable-http` among them —, a command-less, url-less entry, a url that is not a URL to the WHATWG parser (`localhost:9/mcp` is one, `127.0.0.1:9/mcp` is not), a value of the wrong type, `null`) makes `cline config mcp` fail (\"Invalid MCP settings at …: mcpServers.NAME: Invalid input\", exit 1) and a session load no MCP server at all",
				Source: clineSrc + " `sdk/packages/core/src/extensions/mcp/config-loader.ts` (mcpSettingsSchema, loadMcpSettingsFile), `sdk/packages/core/src/runtime/orchestration/runtime-builder.ts` (loadConfiguredMcpTools); cline 3.0.65: testdata/clients/cline-type-http, cline-type-streamable-http, cline-invalid-entry, cline-bad-url, cline-placeholder-url, cline-neither, cline-no-servers-key, cline-not-object, cline-broken, cline-names"},
			{Topic: "shape", Text: "an entry is flat (`type`, `command`, `args`, `cwd`, `env` or `url`, `headers`) or nested (`transport`: {`type`, …}, as `cline mcp install` writes); `type` is `stdio`, `sse` or `streamableHttp`; the legacy `transportType` takes those and `http` (= `streamableHttp`); a `url` without `type` is SSE; `command` with `url` and no `type` is stdio (the url is dropped), with `\"type\": \"sse\"` it is SSE; unknown keys (`alwaysAllow`, `autoApprove`) are dropped",
				Source: clineSrc + " config-loader.ts (legacyStdioRegistrationSchema, legacyUrlRegistrationSchema, nestedRegistrationBodySchema); cline 3.0.65: testdata/clients/cline-transports, cline-nested"},
			{Topic: "names", Text: "any key is a name (`constructor`, `a b` load); a `__proto__` entry is left out unread, neither checked nor listed",
				Source: clineSrc + " config-loader.ts (`z.record`); cline 3.0.65: testdata/clients/cline-names"},
			{Topic: "shape", Text: "`timeout` in seconds, clamped to 1–3600 (any other value is the default 60); it bounds each request, and `initialize` too when set",
				Source: clineSrc + " `sdk/packages/shared/src/mcp.ts` (resolveMcpTimeoutSeconds), `sdk/packages/core/src/extensions/mcp/client.ts`; cline 3.0.65: testdata/clients/cline-transports"},
			{Topic: "shape", Text: "a stdio entry that is exactly `npx [-y|--yes]… mcp-remote[@VERSION] URL` (http or https, no `env`) is not started: Cline connects to URL itself with streamable HTTP",
				Source: clineSrc + " `sdk/packages/core/src/extensions/mcp/remote-proxy.ts` (resolveNativeMcpTransport); cline 3.0.65: testdata/clients/cline-mcp-remote"},
			{Topic: "switches", Text: "`\"disabled\": true` (a boolean only) keeps a server from starting; no approval, trust or allow-list",
				Source: clineSrc + " runtime-builder.ts; cline 3.0.65: testdata/clients/cline-transports"},
			{Topic: "placeholders", Text: "none: values are used as written (`${env:NAME}` reaches the server literally; the VS Code extension expands `${env:NAME}` before it validates)",
				Source: clineSrc + " config-loader.ts, client.ts; `apps/vscode/src/services/mcp/McpHub.ts` (expandEnvironmentVariables) for the extension — UNVERIFIED for the extension"},
			{Topic: "environment", Text: "a stdio server inherits the CLI's whole environment, then its `env`; no shell on Linux and macOS (`shell: true` on Windows); `cwd` defaults to where the CLI runs — UNVERIFIED: read in its source only (`cline config mcp` starts nothing)",
				Source: clineSrc + " `sdk/packages/core/src/extensions/mcp/client.ts` (spawnProcess)"},
			{Topic: "extension", Text: "the VS Code extension of the same source reads the same `~/.cline/data/settings/cline_mcp_settings.json` (once migrating the servers of its old globalStorage `settings/cline_mcp_settings.json` into it), with a schema of its own: `${env:NAME}` expanded first, an invalid entry still loads no server (\"MCP settings schema error — no servers were loaded\") — UNVERIFIED: read in its source only",
				Source: clineSrc + " `apps/vscode/src/sdk/SdkController.ts`, `apps/vscode/src/hosts/vscode/mcp-settings-legacy-migration.ts`, `apps/vscode/src/services/mcp/McpHub.ts`, `schemas.ts`"},
		},
	},
	decode: decodeCline,
}

// clineShape is Roo Code's shape with what Cline's schema does otherwise:
// its own type literals, nested and legacy keys, lenient about unknown
// keys and the other transport's fields (zod strips them), a command that
// wins over a url when no type says otherwise, no tool filters; what it
// rejects refuses the whole file (Refuses).
func clineShape() Shape {
	sh := rooShape()
	sh.Fields = []string{"type", "transportType", "transport", "command", "args", "cwd", "env", "url", "headers", "disabled", "timeout", "metadata", "oauthClient", "oauth"}
	// written by the VS Code extension, which reads the same file; the
	// CLI drops them
	sh.HostFields = []string{"autoApprove", "remoteConfigured"}
	sh.Types = []TypeLiteral{{"stdio", Stdio}, {"sse", SSE}, {"streamableHttp", HTTP}}
	// clamped to 1–3600, never rejected
	sh.Timeouts = []TimeoutField{{Key: "timeout", Unit: time.Second, Bounds: BoundsCall}}
	sh.NeitherError = "Invalid input"
	sh.OnBoth = ByTransport
	sh.Strictness = Lenient
	sh.ToolFilters = [2]string{}
	return sh
}

// clineLaunch: child_process.spawn with the CLI's environment and the
// entry's env, no shell but on Windows.
func clineLaunch() Launch {
	l := rooLaunch()
	l.ChildEnv = ChildEnv{}
	return l
}

func decodeCline(d *decoder) {
	e := d.e
	if t := e.Get("transport"); t != nil && t.Kind == Object {
		// the nested form, read as the flat entry its transport's fields
		// make with the others (as the VS Code extension flattens it), so
		// that every rule sees "command", "url" and "type" where they are
		e = clineFlat(e, t)
		d.e, d.s.Node = e, e
	}
	d.common()
	if e.Get("type") != nil {
		d.typed()
	} else {
		d.s.Transport = clineLegacyTransport(e)
	}
	if d.s.Transport == Stdio {
		if at, ok := clineRemoteProxy(d.s.Command, d.s.Args, e); ok {
			// Cline does not start it: it connects to the url itself
			d.s.Command, d.s.Args, d.s.Cwd, d.s.Env = "", nil, "", nil
			d.s.URL, d.s.Transport, d.s.Type, d.s.TransportExplicit = at.Str, HTTP, "", false
			d.s.Node = clineProxied(e, at)
		}
	}
	if v := e.Get("timeout"); v != nil && v.Kind == Number {
		d.s.ToolTimeout = time.Duration(min(max(v.Num, 1), 3600) * float64(time.Second))
	}
	if v := e.Get("disabled"); v != nil && v.Kind == Bool && v.Bool {
		d.disable("disabled", v)
	}
}

// clineFlat is a nested entry as one flat object: its members but
// "transport", then the transport's (which win a key both have).
func clineFlat(e, t *Value) *Value {
	flat := &Value{Kind: Object, Pointer: e.Pointer, Range: e.Range}
	for _, m := range e.Unique() {
		if m.Key != "transport" && t.Member(m.Key) == nil {
			flat.Members = append(flat.Members, m)
		}
	}
	flat.Members = append(flat.Members, t.Unique()...)
	return flat
}

// clineProxied is an mcp-remote entry as Cline reads it: a remote server
// whose "url" is the argument that names it.
func clineProxied(e, url *Value) *Value {
	n := &Value{Kind: Object, Pointer: e.Pointer, Range: e.Range}
	for _, m := range e.Unique() {
		switch m.Key {
		case "command", "args", "env", "type", "transportType":
		default:
			n.Members = append(n.Members, m)
		}
	}
	n.Members = append(n.Members, &Member{Key: "url", KeyRange: url.Range, Value: url})
	return n
}

// clineLegacyTransport is the transport of a flat entry as the zod union
// picks it: the stdio schema first (a command, and no type but stdio),
// then the url schema (SSE unless the type says streamableHttp).
func clineLegacyTransport(e *Value) Transport {
	if msg, _, _ := clineStdio(e); msg == "" {
		return Stdio
	}
	if e.Get("url") != nil {
		if clineResolvedType(e) == "streamableHttp" {
			return HTTP
		}
		return SSE
	}
	if e.Get("command") != nil {
		return Stdio
	}
	return NoTransport
}

// clineResolvedType is "type", else "transportType" as the legacy map
// reads it ("http" is streamableHttp), else "".
func clineResolvedType(e *Value) string {
	if t := e.Get("type"); t != nil && t.Kind == String {
		return t.Str
	}
	if t := e.Get("transportType"); t != nil && t.Kind == String {
		if t.Str == "http" {
			return "streamableHttp"
		}
		return t.Str
	}
	return ""
}

var clineMcpRemote = regexp.MustCompile(`^mcp-remote(?:@[^/\s]+)?$`)

// clineRemoteProxy is resolveMcpRemoteProxyTransport: a stdio entry that
// runs `npx [-y|--yes]… mcp-remote[@v] URL` and nothing else, without env,
// is reached at URL (http or https) with streamable HTTP instead.
func clineRemoteProxy(command string, args []string, e *Value) (*Value, bool) {
	exe := strings.TrimSpace(command)
	if i := strings.LastIndexAny(exe, `/\`); i >= 0 {
		exe = exe[i+1:]
	}
	exe = strings.ToLower(exe)
	exe = strings.TrimSuffix(strings.TrimSuffix(exe, ".cmd"), ".exe")
	if exe != "npx" {
		return nil, false
	}
	if ev := e.Get("env"); ev != nil && ev.Kind == Object && len(ev.Members) > 0 {
		return nil, false
	}
	i := 0
	for i < len(args) && (args[i] == "-y" || args[i] == "--yes") {
		i++
	}
	if i >= len(args) || !clineMcpRemote.MatchString(args[i]) || len(args) != i+2 {
		return nil, false
	}
	raw := strings.TrimSpace(args[i+1])
	if !whatwgParses(raw) {
		return nil, false
	}
	scheme := strings.ToLower(raw[:strings.IndexByte(raw, ':')])
	if scheme != "http" && scheme != "https" {
		return nil, false
	}
	return e.Get("args").Items[i+1], true
}

// clineFile is the check of the whole file before its entries: JSON.parse
// of the text as read (a byte order mark is a stray character), then an
// object holding an object "mcpServers" (zod's words).
func clineFile(doc *Document) (string, *Value, []string) {
	if doc.BOM {
		// read as UTF-8 text and given to JSON.parse as it is
		return "the file starts with a UTF-8 byte order mark, which JSON.parse takes for a stray token (\"JSON Parse error: Unrecognized token\")", nil, nil
	}
	root := doc.Root
	if root.Kind != Object {
		return "Invalid input: expected object, received " + zodKind(root), root, nil
	}
	s := root.Get("mcpServers")
	if s == nil {
		return "Invalid input: expected record, received undefined", root, []string{"mcpServers"}
	}
	if s.Kind != Object {
		return "Invalid input: expected record, received " + zodKind(s), s, []string{"mcpServers"}
	}
	return "", nil, nil
}

func zodKind(v *Value) string {
	switch v.Kind {
	case Array:
		return "array"
	case Null:
		return "null"
	}
	return v.Kind.String()
}

// clineEntry is Cline's schema of one entry (config-loader.ts
// mcpRegistrationBodySchema): the nested form, else a flat stdio entry,
// else a flat url entry. Its words, as the CLI prints them, are "Invalid
// input" for an entry no member of the union takes.
func clineEntry(e *Value) (string, *Value, []string) {
	if e.Kind != Object {
		return "Invalid input", e, nil
	}
	if msg, _, _ := clineNested(e); msg == "" {
		return "", nil, nil
	}
	if msg, _, _ := clineStdio(e); msg == "" {
		return "", nil, nil
	}
	if msg, _, _ := clineURL(e); msg == "" {
		return "", nil, nil
	}
	// zod names the entry; the position is the type Cline does not take,
	// when that is what is wrong
	if t := e.Get("type"); t != nil && !clineEnum("stdio", "sse", "streamableHttp")(t) {
		return "Invalid input", t, nil
	}
	return "Invalid input", e, nil
}

type clineCheck func(v *Value) bool

func clineStr(min int) clineCheck {
	return func(v *Value) bool { return v.Kind == String && len([]rune(v.Str)) >= min }
}

func clineRecord(v *Value) bool { return v.Kind == Object }

func clineURLValue(v *Value) bool { return v.Kind == String && whatwgParses(v.Str) }

func clineEnum(vals ...string) clineCheck {
	return func(v *Value) bool {
		if v.Kind != String {
			return false
		}
		for _, s := range vals {
			if v.Str == s {
				return true
			}
		}
		return false
	}
}

// clineFields checks the fields of an object: each required one present
// and valid, each optional one absent or valid (JSON null is not absent).
func clineFields(e *Value, required, optional map[string]clineCheck) (string, *Value, []string) {
	for k, ok := range required {
		v := e.Get(k)
		if v == nil || !ok(v) {
			return "Invalid input", v, []string{k}
		}
	}
	for k, ok := range optional {
		if v := e.Get(k); v != nil && !ok(v) {
			return "Invalid input", v, []string{k}
		}
	}
	return "", nil, nil
}

func clineOAuthClient(v *Value) bool {
	if v.Kind != Object {
		return false
	}
	msg, _, _ := clineFields(v, map[string]clineCheck{"clientId": clineStr(1)}, map[string]clineCheck{"clientSecret": clineStr(1)})
	return msg == ""
}

func clineOAuthState(v *Value) bool {
	if v.Kind != Object {
		return false
	}
	positiveInt := func(v *Value) bool { return v.Kind == Number && v.Num > 0 && v.Num == float64(int64(v.Num)) }
	msg, _, _ := clineFields(v, nil, map[string]clineCheck{
		"clientInformation": clineRecord, "tokens": clineRecord, "codeVerifier": clineStr(0),
		"discoveryState": clineRecord, "redirectUrl": clineURLValue, "lastError": clineStr(0),
		"lastAuthenticatedAt": positiveInt, "authorizationRequired": KindIs(Bool),
	})
	return msg == ""
}

// clineBase are the optional fields every form shares.
func clineBase() map[string]clineCheck {
	return map[string]clineCheck{"disabled": KindIs(Bool), "metadata": clineRecord, "oauthClient": clineOAuthClient, "oauth": clineOAuthState}
}

func clineNested(e *Value) (string, *Value, []string) {
	t := e.Get("transport")
	if t == nil || t.Kind != Object {
		return "Invalid input", t, []string{"transport"}
	}
	var msg string
	var at *Value
	var path []string
	switch typ := t.Get("type"); {
	case typ == nil || typ.Kind != String:
		return "Invalid input", t, []string{"transport", "type"}
	case typ.Str == "stdio":
		msg, at, path = clineFields(t, map[string]clineCheck{"command": clineStr(1)},
			map[string]clineCheck{"args": IsStrings, "cwd": clineStr(1), "env": IsStringRecord})
	case typ.Str == "sse" || typ.Str == "streamableHttp":
		msg, at, path = clineFields(t, map[string]clineCheck{"url": clineURLValue}, map[string]clineCheck{"headers": IsStringRecord})
	default:
		return "Invalid input", typ, []string{"transport", "type"}
	}
	if msg != "" {
		return msg, at, append([]string{"transport"}, path...)
	}
	return clineFields(e, nil, clineBase())
}

func clineLegacyBase() map[string]clineCheck {
	b := clineBase()
	b["type"] = clineEnum("stdio", "sse", "streamableHttp")
	b["transportType"] = clineEnum("stdio", "sse", "http", "streamableHttp")
	return b
}

func clineStdio(e *Value) (string, *Value, []string) {
	opt := clineLegacyBase()
	opt["args"], opt["cwd"], opt["env"] = IsStrings, clineStr(1), IsStringRecord
	if msg, at, path := clineFields(e, map[string]clineCheck{"command": clineStr(1)}, opt); msg != "" {
		return msg, at, path
	}
	if t := clineResolvedType(e); t != "" && t != "stdio" {
		return `Expected type "stdio" for command-based MCP server`, e.Get("type"), []string{"type"}
	}
	return "", nil, nil
}

func clineURL(e *Value) (string, *Value, []string) {
	opt := clineLegacyBase()
	opt["headers"] = IsStringRecord
	if msg, at, path := clineFields(e, map[string]clineCheck{"url": clineURLValue}, opt); msg != "" {
		return msg, at, path
	}
	if t := clineResolvedType(e); t != "" && t != "sse" && t != "streamableHttp" {
		return `Expected type "sse" or "streamableHttp" for URL-based MCP server`, e.Get("type"), []string{"type"}
	}
	return "", nil, nil
}

var (
	urlScheme = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9+.\-]*:`)
	// the WHATWG URL parser's special schemes but file, which take a host
	specialSchemes = map[string]bool{"http": true, "https": true, "ws": true, "wss": true, "ftp": true}
)

// whatwgParses reports whether a WHATWG URL parser (new URL, URL.canParse)
// takes s once trimmed, as zod's z.string().url() asks it: a scheme, and
// for http, https, ws, wss and ftp a valid host and port. Percent-decoding
// and IDNA of hosts are approximated: a host of ASCII letters, digits and
// the characters a hostname may hold, an IPv4 address (when it ends in a
// number) or a bracketed IPv6 address.
func whatwgParses(s string) bool {
	s = strings.TrimSpace(s)
	s = strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r == '\r' {
			return -1
		}
		return r
	}, s)
	m := urlScheme.FindString(s)
	if m == "" {
		return false
	}
	scheme := strings.ToLower(m[:len(m)-1])
	if !specialSchemes[scheme] {
		return true
	}
	rest := strings.TrimLeft(s[len(m):], `/\`)
	if i := strings.IndexAny(rest, `/\?#`); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.LastIndexByte(rest, '@'); i >= 0 {
		rest = rest[i+1:]
	}
	host, port := rest, ""
	if strings.HasPrefix(host, "[") {
		end := strings.IndexByte(host, ']')
		if end < 0 {
			return false
		}
		if _, err := netip.ParseAddr(host[1:end]); err != nil {
			return false
		}
		host, port = host[:end+1], host[end+1:]
		if port != "" {
			if port[0] != ':' {
				return false
			}
			port = port[1:]
		}
	} else if i := strings.LastIndexByte(host, ':'); i >= 0 {
		host, port = host[:i], host[i+1:]
	}
	if port != "" {
		n, err := strconv.Atoi(port)
		if err != nil || n > 65535 || strings.ContainsAny(port, "+-") {
			return false
		}
	}
	if host == "" {
		return false
	}
	if strings.HasPrefix(host, "[") {
		return true
	}
	if strings.ContainsAny(host, " #%/:<>?@[\\]^|") {
		return false
	}
	// a host whose last label is a number is an IPv4 address
	labels := strings.Split(strings.TrimSuffix(host, "."), ".")
	last := labels[len(labels)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" || strings.HasPrefix(strings.ToLower(last), "0x") {
		if len(labels) > 4 {
			return false
		}
		for i, l := range labels {
			n, err := strconv.ParseUint(l, 0, 64)
			if err != nil {
				return false
			}
			limit := uint64(255)
			if i == len(labels)-1 {
				limit = 1<<(8*(5-len(labels))) - 1
			}
			if n > limit {
				return false
			}
		}
	}
	return true
}
