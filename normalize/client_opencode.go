package normalize

import (
	"encoding/json"
	"fmt"
	"strings"
	"time"
)

// opencode is sst/opencode (now anomalyco/opencode).
var opencode = &Client{
	ID:      "opencode",
	Product: "opencode",
	Version: "1.18.33",
	Layout: Layout{
		Files:  opencodeFiles,
		Merge:  KeyByKey,
		Schema: "opencode",
		// project files from the start directory up to the git root, the
		// nearest winning; without a repository up to the file system root
		// (its worktree is then "/"): testdata/clients/opencode-walk-up,
		// opencode-walk-up-nogit
		Project:       RootToStart,
		RootMarkers:   []string{".git"},
		UpWithoutRoot: true,
		// each file's entries lowered from V2 as it reads them and patches
		// cut to "enabled" (testdata/clients/opencode-disabled,
		// kilo-merge-retype); its merge is remeda mergeDeep throughout
		// (Config.loadInstanceState `h$`), no Retype
		AsRead: opencodeLower,
		Patch:  opencodePatch,
		// "mcp": {"servers": {...}} read as V2 (testdata/clients/opencode-mcp-servers)
		ServersAsRead: opencodeServers,
		// a near miss seen in real repositories (issue 27)
		Ignored: []IgnoredFile{
			{File: proj(".opencode/mcp.json", JSON), Key: "mcp", Also: []string{"mcpServers", "servers", "mcp_servers"},
				Why: "it reads opencode.json or .opencode/opencode.json, servers under \"mcp\""},
		},
	},
	// a file that does not parse, or an entry its schema rejects, in any
	// file it loads stops it: "Configuration is invalid", exit 1, no
	// server starts (testdata/clients/opencode-invalid-*)
	Gates: Gates{
		// its layers are merged into plain objects: "__proto__" sets the
		// object's prototype instead of adding a server (harness seed 1, trees
		// 38, 63, 72; testdata/clients/opencode-patch-only)
		LostNames: []LostName{{Names: []string{"__proto__"}, Scopes: []Scope{Project, User},
			Why: "opencode merges its files into plain objects, where %q sets the object's prototype instead of adding a server: it is lost without a warning"}},
		Refuses: &Refusal{
			Header:            "Configuration is invalid",
			ParseError:        "Config file at %[1]s is not valid JSON(C): %[4]s at line %[2]d, column %[3]d",
			ProjectParseError: "Config file at %[1]s is not valid JSON(C): %[4]s at line %[2]d, column %[3]d",
			Unreadable:        "Config file at %[1]s cannot be read: %[2]s",
			In:                "%[1]s %[2]s",
			Entry:             opencodeEntry,
			Typed:             opencodeTyped,
		}},
	Shape: Shape{
		ServersKey: "mcp",
		WrongKeys:  []string{"mcpServers", "servers", "mcp_servers", "context_servers"},
		// "disabled" and "codemode" are V2's, lowered (opencodeLower)
		Fields:      []string{"type", "command", "environment", "enabled", "timeout", "url", "headers", "oauth", "disabled", "codemode"},
		TimeoutUnit: time.Millisecond,
		// the time allowed to fetch the tool list: an integer
		Timeouts:     []TimeoutField{{Key: "timeout", Unit: time.Millisecond, Bounds: BoundsStartup, Whole: true}},
		Types:        []TypeLiteral{{"local", Stdio}, {"remote", HTTP}},
		TypeRequired: true,
		// testdata/clients/opencode-values
		BadURLInvalid: true,
		CommandArray:  true,
		FieldKeys:     map[string]string{"env": "environment", "args": "command"},
		Strictness:    RejectsConfig,
		OnBoth:        RejectsFile,
		Missing:       map[string]string{"args": "opencode takes the arguments in the \"command\" array: [\"npx\", \"-y\", \"pkg\"]"},
	},
	Expansion: Expansion{
		Placeholders:       []Syntax{Brace, BraceFile},
		VarForm:            "{env:%s}",
		Unset:              []UnsetRule{{Does: UnsetEmpty, Source: "anomalyco/opencode `config.ts` `load()`"}},
		ExpandsEveryString: true,
	},
	Launch: Launch{
		NoShell:   true,
		ToolNames: opencodeScheme,
	},
	Docs: Docs{
		LoadPathFile: "opencode.json",
		AddHint:      "move them under \"mcp\" in opencode.json (each with \"type\": \"local\" and a \"command\" array, or \"type\": \"remote\" and a \"url\")",
		Note:         "~/.opencode/ over the project's .opencode/ over project files over OPENCODE_CONFIG over global files, merged key by key",
		Facts: []Fact{
			{Topic: "names", Text: "no pattern for server names found (the `mcp` record's keys are any string) — UNVERIFIED: only `packages/opencode/src/mcp/sanitize.ts` and the config schema were read",
				Source: "anomalyco/opencode `packages/opencode/src/mcp/` (4c0ebacf)"},
			{Topic: "files", Text: "lowest first: global `~/.config/opencode/config.json` < `opencode.json` < `opencode.jsonc` (XDG); the file `OPENCODE_CONFIG` names; project `opencode.json` < `opencode.jsonc` in each directory from the git root (without a repository, the file system root) down to the start directory, the nearest winning; then the `.opencode/` directories from the start directory up to the git root, each `opencode.json` < `opencode.jsonc`, the one nearest the root read last and winning; then `~/.opencode/` and `OPENCODE_CONFIG_DIR`; then `OPENCODE_CONFIG_CONTENT` and the managed config directory (not modelled)",
				Source: "opencode 1.18.33 bundle `Config.loadInstanceState`, `ConfigPaths.projectFiles`/`directories`; testdata/clients/opencode-jsonc-over-json, opencode-walk-up, opencode-walk-up-nogit, opencode-home-dotopencode, opencode-config-env, opencode-lenient-fields"},
			{Topic: "refusal", Text: "every file is decoded against its schema as it is loaded: a file that does not parse, or an entry without `type`, with a `type` other than `local`/`remote`, a `command` that is not an array, a `timeout` that is not a number, stops it with \"Configuration is invalid\" (exit 1), no server starts, the global file's included; unknown keys and the other transport's fields are ignored; a bare `{\"enabled\": false}` is a patch",
				Source: "opencode 1.18.33 (`opencode mcp list`): testdata/clients/opencode-invalid-*, opencode-lenient-fields"},
			{Topic: "agreement", Text: "harness (`gen.py` grammar for opencode, `opencode mcp list` + `opencode debug config`), 500 trees each: seed 3 496/500 (a nearer opencode.json read under a farther opencode.jsonc; a lost \"__proto__\" entry checked as if kept), fixed and replayed; seed 4 499/500 (99.8%; an entry with any \"type\" and \"enabled\": false is disabled before its type is looked at), fixed and replayed; § Agreement has the last run",
				Source: "opencode 1.18.33, scripts/clientcheck/harness.py run --client opencode --seed 3 and --seed 4, 2026-11-29; testdata/clients/gen-opencode-*"},
			{Topic: "shape", Text: "a remote `url` that is not a URL (empty) fails before dialing: \"Invalid MCP URL\"",
				Source: "opencode 1.18.33: testdata/clients/opencode-values"},
			{Topic: "merge", Text: "remeda `mergeDeep`: objects merge key by key, arrays replace; a layer may hold only `{ \"enabled\": false }` for a server defined in another, and such a patch (an entry read as the schema's bare `{\"enabled\": …}`) keeps only `enabled` (its `url`, `headers`… reach no merge, Layout.Patch); no rule for two definitions of another `type` or `url` (unlike Kilo Code CLI's Layout.Retype): a lower file's `headers` are sent to a higher file's `url`",
				Source: "anomalyco/opencode `config.ts`; opencode 1.18.33 bundle `Config.loadInstanceState` (`h$` is `mergeDeep`, `uW` only joins `instructions`), `opencode debug config`: testdata/clients/kilo-merge-retype"},
			{Topic: "shape", Text: "V2 compatibility, per file before its schema check (Layout.AsRead): an entry with `disabled`, `codemode`, a `timeout` object or a V2 `oauth` key (`client_id`…) that decodes as a V2 server gets `enabled` — its own, else `false` for `\"disabled\": true`, else `true` (so a lowered entry turns on a server a lower file turns off) — and loses `disabled`, `codemode` and its `timeout` object (one without `startup` whose `catalog` and `execution` agree becomes that number); one that does not decode (a numeric `timeout`, a `disabled` that is no boolean) is kept as written and its `disabled` means nothing",
				Source: "opencode 1.18.33 bundle `ConfigV2Compat.lower` (`dW`, `pW`), `opencode mcp list`: testdata/clients/opencode-disabled"},
			{Topic: "shape", Text: "`\"mcp\": {\"servers\": {...}}` holds servers (Layout.ServersAsRead), read below the map's own entries of their names: one with a boolean `enabled` and no `disabled` as written, the others lowered as V2 servers, and one that does not decode dropped with a warning (\"Native setting could not be lowered because it is malformed\"), not refused; with a `type` or `enabled` that is no object, `servers` is a server of that name. A `timeout` object of `startup`/`catalog`/`execution` (or empty) there is the MCP timeout, not a server",
				Source: "opencode 1.18.33 bundle `ConfigV2Compat.lower` (`W_`, `mW`), `opencode mcp list`: testdata/clients/opencode-mcp-servers"},
			{Topic: "placeholders", Text: "`{env:VAR}` (unset becomes empty) and `{file:path}`, substituted in the raw text before parsing, so in any field; `${VAR}` is literal",
				Source: "anomalyco/opencode `config.ts` `load()`"},
			{Topic: "shape", Text: "`type` `local` (with `command` as one array and `environment`) or `remote` (with `url`, `headers`) is required; `timeout` in milliseconds",
				Source: "opencode 1.18.33 config schema"},
			{Topic: "shape", Text: "a local server starts without a shell (MCP SDK `StdioClientTransport`, cross-spawn with `shell: false`), with the first item of `command` as the program: `~` and `$HOME` are not expanded (`{env:HOME}` is)",
				Source: "anomalyco/opencode `packages/opencode/src/mcp/index.ts` (001133bc)"},
		},
	},
	decode: decodeOpencode,
}

var opencodeFiles = []File{
	// opencode's own order, highest first: .opencode/ over the project
	// files, opencode.jsonc over opencode.json at the same level
	// (ConfigPaths.projectFiles, loadInstanceState: opencode 1.18.33,
	// testdata/clients/opencode-jsonc-over-json).
	// Each directory's pair is read together: a nearer opencode.json wins
	// over a farther opencode.jsonc (WithNext).
	{Scope: Project, Base: RootDir, Path: ".opencode/opencode.jsonc", Format: JSONC, FarWins: true, NotTarget: true, WithNext: true},
	{Scope: Project, Base: RootDir, Path: ".opencode/opencode.json", Format: JSONC, FarWins: true},
	{Scope: Project, Base: RootDir, Path: "opencode.jsonc", Format: JSONC, WithNext: true}, proj("opencode.json", JSONC),
	// ~/.opencode/ is one of the .opencode directories it reads (after the
	// project's), so it wins over the project's files
	// (testdata/clients/opencode-home-dotopencode)
	{Scope: User, Base: HomeDir, Path: ".opencode/opencode.jsonc", Format: JSONC, OverProject: true, NotTarget: true},
	{Scope: User, Base: HomeDir, Path: ".opencode/opencode.json", Format: JSONC, OverProject: true, NotTarget: true},
	// OPENCODE_CONFIG names a file read after the global config, before
	// the project's (testdata/clients/opencode-config-env)
	{Scope: User, Base: HomeDir, Path: "OPENCODE_CONFIG", Format: JSONC, PathVar: "OPENCODE_CONFIG", OnlyVar: true, NotTarget: true},
	user(XDGConfigDir, "opencode/opencode.jsonc", JSONC), user(XDGConfigDir, "opencode/opencode.json", JSONC),
	user(XDGConfigDir, "opencode/config.json", JSONC),
}

// piscesOpencodeFiles are the opencode files pisces reads as a provider
// (its own list, not opencode's order).
var piscesOpencodeFiles = []File{
	proj(".opencode/opencode.json", JSONC), proj(".opencode/opencode.jsonc", JSONC),
	proj("opencode.json", JSONC), proj("opencode.jsonc", JSONC),
	user(XDGConfigDir, "opencode/opencode.jsonc", JSONC), user(XDGConfigDir, "opencode/opencode.json", JSONC),
	user(XDGConfigDir, "opencode/config.json", JSONC),
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
	d.typed()
	if en := d.e.Get("enabled"); en != nil && en.Kind == Bool && !en.Bool && strings.HasSuffix(en.Pointer, "/disabled") {
		// lowered from "disabled": true (opencodeLower): say so
		at := d.s.FieldPath("enabled")
		d.s.TurnOff(Gate{Status: StatusDisabled, Kind: ByField, Path: at, Pos: en.Range.Start,
			Reason: fmt.Sprintf("%q is true at %s:%s (opencode reads it as \"enabled\": false)", "disabled", at, en.Range.Start),
			Hint:   fmt.Sprintf("set %q to false at %s:%s", "disabled", at, en.Range.Start)})
	} else {
		d.enabled("enabled", false)
	}
	if t, ok := d.duration("timeout", time.Millisecond); ok {
		d.s.StartupTimeout = t
	}
	d.s.Auth = d.e.Get("oauth")
}

// opencodeEntry is opencode 1.18.33's check of one mcp entry as a file
// writes it (its config schema, decoded per file: a union of a local
// server, a remote server and a bare {"enabled": ...}; unknown keys are
// ignored): the words it says, the value and its path in the entry.
func opencodeEntry(e *Value) (string, *Value, []string) {
	msg, at, path := opencodeServer(e)
	if en := e.Get("enabled"); msg != "" && e.Kind == Object && en != nil && en.Kind == Bool {
		// the union's third member: read as {"enabled": …} alone, a patch
		// (testdata/clients/opencode-patch-only)
		return "", nil, nil
	}
	return msg, at, path
}

// opencodeTyped reports whether opencode reads a merged entry as a server
// (a local or remote one); otherwise it is a bare patch, left out.
func opencodeTyped(e *Value) bool {
	msg, _, _ := opencodeServer(e)
	return msg == ""
}

// opencodeServer checks an entry as a local or a remote server.
func opencodeServer(e *Value) (string, *Value, []string) {
	got := func(v *Value) string {
		b, err := json.Marshal(v.Interface())
		if err != nil {
			return v.Kind.String()
		}
		return string(b)
	}
	if e.Kind != Object {
		return fmt.Sprintf("Expected object, got %s", got(e)), e, nil
	}
	typ := e.Get("type")
	if typ == nil || typ.Kind != String || typ.Str != "local" && typ.Str != "remote" {
		return fmt.Sprintf(`Expected { readonly "type": "local", ... } | { readonly "type": "remote", ... }, got %s`, got(e)), e, nil
	}
	check := func(key, want string, ok func(*Value) bool) (string, *Value, []string) {
		if v := e.Get(key); v != nil && !ok(v) {
			return fmt.Sprintf("Expected %s, got %s", want, got(v)), v, []string{key}
		}
		return "", nil, nil
	}
	strs, strMap, is := IsStrings, IsStringRecord, KindIs
	checks := []func() (string, *Value, []string){
		func() (string, *Value, []string) { return check("enabled", "boolean | undefined", is(Bool)) },
		func() (string, *Value, []string) { return check("timeout", "number | undefined", is(Number)) },
	}
	if typ.Str == "local" {
		if e.Get("command") == nil {
			return `Missing key`, e, []string{"command"}
		}
		checks = append([]func() (string, *Value, []string){
			func() (string, *Value, []string) { return check("command", "array", strs) },
			func() (string, *Value, []string) { return check("environment", "record | undefined", strMap) },
		}, checks...)
	} else {
		if e.Get("url") == nil {
			return `Missing key`, e, []string{"url"}
		}
		checks = append([]func() (string, *Value, []string){
			func() (string, *Value, []string) { return check("url", "string", is(String)) },
			func() (string, *Value, []string) { return check("headers", "record | undefined", strMap) },
		}, checks...)
	}
	for _, c := range checks {
		if msg, v, p := c(); msg != "" {
			return msg, v, p
		}
	}
	return "", nil, nil
}

// opencodePatch is an entry its schema reads as the union's third member,
// a bare {"enabled": …}: the other keys are not kept, so a patch's "url"
// or "headers" reach no merge (testdata/clients/kilo-merge-retype,
// "patch-url", both opencode and Kilo Code CLI).
func opencodePatch(e *Value) *Value {
	if e.Kind != Object || opencodeTyped(e) {
		return e
	}
	en := e.Member("enabled")
	if en == nil || en.Value.Kind != Bool || len(e.Unique()) == 1 {
		return e
	}
	return &Value{Kind: Object, Pointer: e.Pointer, Range: e.Range, Members: []*Member{en}}
}

// opencodeLower is opencode 1.18.33's ConfigV2Compat.lower of one entry
// of "mcp" (dW, pW): an entry with "disabled", "codemode", a "timeout"
// object or a V2 oauth key that decodes as a V2 server (opencodeV2) gets
// "enabled" (its own if it has one, else false for "disabled": true and
// true otherwise) and loses "disabled", "codemode" and "timeout" (a
// timeout object whose catalog and execution agree, without startup,
// becomes that number); one that does not decode is kept as written,
// where "disabled" means nothing (testdata/clients/opencode-disabled).
func opencodeLower(e *Value) *Value {
	if e.Kind != Object || !opencodeLowers(e) || !opencodeV2(e) {
		return e
	}
	return opencodeLowered(e)
}

// opencodeLowered is a V2 server (opencodeV2) lowered (pW).
func opencodeLowered(e *Value) *Value {
	out := &Value{Kind: Object, Pointer: e.Pointer, Range: e.Range}
	var timeout *Member
	for _, m := range e.Unique() {
		switch m.Key {
		case "disabled", "codemode":
		case "timeout":
			timeout = m
		default:
			out.Members = append(out.Members, m)
		}
	}
	if out.Member("enabled") == nil {
		v := &Value{Kind: Bool, Bool: true, Pointer: e.Pointer + "/enabled", Range: e.Range}
		key := e.Range
		if d := e.Member("disabled"); d != nil {
			v.Bool, v.Range, v.Pointer, key = !(d.Value.Kind == Bool && d.Value.Bool), d.Value.Range, d.Value.Pointer, d.KeyRange
		}
		out.Members = append(out.Members, &Member{Key: "enabled", KeyRange: key, Value: v})
	}
	if timeout != nil && timeout.Value.Get("startup") == nil {
		c, x := timeout.Value.Get("catalog"), timeout.Value.Get("execution")
		if c != nil && x != nil && c.Kind == Number && x.Kind == Number && c.Num == x.Num {
			out.Members = append(out.Members, &Member{Key: "timeout", KeyRange: timeout.KeyRange, Value: c})
		}
	}
	return out
}

// opencodeLowers reports an entry opencode tries to lower: it has
// "disabled" or "codemode", a "timeout" object, or an "oauth" object with
// a V2 key.
func opencodeLowers(e *Value) bool {
	if e.Member("disabled") != nil || e.Member("codemode") != nil {
		return true
	}
	if t := e.Get("timeout"); t != nil && t.Kind == Object {
		return true
	}
	if o := e.Get("oauth"); o != nil && o.Kind == Object {
		for _, k := range []string{"client_id", "client_secret", "callback_port", "redirect_uri"} {
			if o.Member(k) != nil {
				return true
			}
		}
	}
	return false
}

// opencodeV2 reports an entry that decodes as opencode 1.18.33's V2 server
// (ConfigV2Compat's f0: a local one with a "command" array and an optional
// "cwd" string and "environment" record, or a remote one with a "url"
// string and optional "headers" record and "oauth" object or false; both
// with optional boolean "disabled" and "codemode" and a "timeout" object
// of numbers "startup", "catalog", "execution"; other keys ignored).
func opencodeV2(e *Value) bool {
	opt := func(key string, ok func(*Value) bool) bool {
		v := e.Get(key)
		return v == nil || ok(v)
	}
	is, record := KindIs, IsStringRecord
	timeout := func(v *Value) bool {
		if v.Kind != Object {
			return false
		}
		for _, k := range []string{"startup", "catalog", "execution"} {
			if t := v.Get(k); t != nil && t.Kind != Number {
				return false
			}
		}
		return true
	}
	oauth := func(v *Value) bool {
		if v.Kind == Bool {
			return !v.Bool
		}
		if v.Kind != Object {
			return false
		}
		for _, k := range []string{"client_id", "client_secret", "scope", "redirect_uri"} {
			if s := v.Get(k); s != nil && s.Kind != String {
				return false
			}
		}
		p := v.Get("callback_port")
		return p == nil || p.Kind == Number && p.Num == float64(int(p.Num)) && p.Num >= 1 && p.Num <= 65535
	}
	if !opt("disabled", is(Bool)) || !opt("codemode", is(Bool)) || !opt("timeout", timeout) {
		return false
	}
	switch t := e.Get("type"); {
	case t == nil || t.Kind != String:
		return false
	case t.Str == "local":
		return IsStrings(e.Get("command")) && opt("cwd", is(String)) && opt("environment", record)
	case t.Str == "remote":
		return opt("url", is(String)) && e.Get("url") != nil && opt("headers", record) && opt("oauth", oauth)
	}
	return false
}

// opencodeServers is the "mcp" object of a file as opencode 1.18.33 reads
// it (ConfigV2Compat.lower, W_): a "servers" object in it (unless its
// "type" or "enabled" is not an object: then it is a server of that name)
// holds servers, each read below the file's own entry of its name, as
// written when it has a boolean "enabled" and no "disabled", else lowered
// from V2 (opencodeLowered), and dropped with a warning when it does not
// decode as a V2 server (the second result); a "timeout" object of
// numbers "startup", "catalog", "execution" (or empty) is the MCP timeout,
// not a server (testdata/clients/opencode-mcp-servers).
func opencodeServers(sv *Value) (*Value, []*Member) {
	if sv == nil || sv.Kind != Object {
		return sv, nil
	}
	// mW: a "type" or "enabled" that is no object makes it a server
	scalarTyped := func(v *Value) bool {
		for _, k := range []string{"type", "enabled"} {
			if x := v.Get(k); x != nil && x.Kind != Object {
				return true
			}
		}
		return false
	}
	nested := sv.Member("servers")
	container := nested != nil && nested.Value.Kind == Object && !scalarTyped(nested.Value)
	timeout := sv.Member("timeout")
	if t := timeout; t != nil {
		ok := t.Value.Kind == Object && !scalarTyped(t.Value)
		named := len(t.Value.Members) == 0
		for _, k := range []string{"startup", "catalog", "execution"} {
			if x := t.Value.Get(k); x != nil {
				named = true
				ok = ok && x.Kind == Number
			}
		}
		if !ok || !named {
			timeout = nil
		}
	}
	if !container && timeout == nil {
		return sv, nil
	}
	out := &Value{Kind: Object, Pointer: sv.Pointer, Range: sv.Range}
	for _, m := range sv.Unique() {
		if container && m.Key == "servers" || timeout != nil && m.Key == "timeout" {
			continue
		}
		out.Members = append(out.Members, m)
	}
	if !container {
		return out, nil
	}
	var dropped []*Member
	for _, m := range nested.Value.Unique() {
		switch en := m.Value.Get("enabled"); {
		case out.Member(m.Key) != nil:
			// the file's own entry of the name wins
		case m.Value.Kind == Object && en != nil && en.Kind == Bool && m.Value.Member("disabled") == nil:
			out.Members = append(out.Members, m)
		case m.Value.Kind != Object || !opencodeV2(m.Value):
			dropped = append(dropped, m)
		default:
			out.Members = append(out.Members, &Member{Key: m.Key, KeyRange: m.KeyRange, Value: opencodeLowered(m.Value)})
		}
	}
	return out, dropped
}
