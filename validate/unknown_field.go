package validate

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"

	"github.com/mcpconf/mcpconf/normalize"
)

// unknownFieldRule reports server keys the client does not know.
var unknownFieldRule = &Rule{
	ID:       normalize.RuleUnknownField,
	Title:    "a server has a field its client does not know",
	Severity: normalize.Warning,
	doc: "Each client reads a fixed set of server fields and ignores the rest without a\n" +
		"word, so a misspelled or borrowed key (`enviroment`, `startupTimeout`, Cline's\n" +
		"`autoApprove` in Cursor, Windsurf's `serverUrl` in VS Code) does nothing. The\n" +
		"rule suggests the field the author most likely meant: the nearest spelling\n" +
		"among the client's own fields, or the client's name for a field other clients\n" +
		"spell differently (`env`/`environment`, `url`/`serverUrl`/`httpUrl`,\n" +
		"`enabled`/`disabled`, `enabledTools`/`enabled_tools`/`includeTools`, timeouts),\n" +
		"and says so when the client has no such setting at all (no per-server switch\n" +
		"in Cursor or VS Code, no startup timeout in Claude Code). Notes for the reader\n" +
		"(`description`, `metadata`, `comment`, `notes`, and any key starting with `$`,\n" +
		"which JSON Schema keeps for annotations: `$comment`, `$doc`) are ignored by the\n" +
		"clients as their authors expect, and not reported, except where the client\n" +
		"rejects unknown keys (opencode). In a file several clients read (VS Code\n" +
		"reads Claude Code's `.mcp.json`), a field another reader knows is an info\n" +
		"that says so, with a hint to keep it.\n\n" +
		"In a TOML file every key after a `[mcp_servers.NAME]` header belongs to that\n" +
		"server until the next header, so a top-level setting written below the\n" +
		"servers (`model = \"o3\"`) is reported here: move it above the first table.\n\n" +
		"opencode's schema is strict: an unknown key makes it reject the whole config,\n" +
		"so the finding is an error there. Codex knows `bearer_token` but refuses to\n" +
		"load a config that sets it (a literal token is not supported): that is an\n" +
		"error too; put the token in an environment variable and name the variable in\n" +
		"`bearer_token_env_var`.",
	Contexts: []Context{
		{When: "the client rejects the whole config for it (opencode), or refuses the field (Codex `bearer_token`)", Severity: normalize.Error, Example: true},
		{When: "the client ignores the field (Cursor)", Severity: normalize.Warning,
			File: ".cursor/mcp.json", Bad: "{ \"mcpServers\": { \"fs\": { \"command\": \"mcp-fs\", \"enviroment\": { \"LOG_LEVEL\": \"debug\" } } } }\n"},
	},
	Example: Example{File: "opencode.json",
		Bad:  "{\n  \"mcp\": {\n    \"fs\": {\n      \"type\": \"local\",\n      \"command\": [\"npx\", \"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"],\n      \"env\": { \"LOG_LEVEL\": \"debug\" }\n    }\n  }\n}\n",
		Good: "{\n  \"mcp\": {\n    \"fs\": {\n      \"type\": \"local\",\n      \"command\": [\"npx\", \"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"],\n      \"environment\": { \"LOG_LEVEL\": \"debug\" }\n    }\n  }\n}\n",
		Also: map[string]string{".codex/config.toml": "[mcp_servers.docs]\nurl = \"https://docs.example.com/mcp\"\nbearer_token = \"${DOCS_TOKEN}\"\n"}},
	Check: checkUnknownField,
}

// fieldGroup is a set of keys that mean the same thing in different
// clients (or are common misspellings of one), preferred first. For an
// unknown key of a group, the first key the client knows is suggested;
// none says why the client has no such field.
type fieldGroup struct {
	keys []string
	none string // %s is the client's product name
}

var fieldGroups = []fieldGroup{
	{keys: []string{"command", "cmd", "executable", "program"}},
	{keys: []string{"args", "arguments", "argv"}},
	{keys: []string{"env", "environment", "envVars", "environmentVariables", "env_vars"},
		none: "%s passes no environment to servers"},
	{keys: []string{"url", "serverUrl", "httpUrl", "uri", "endpoint", "server_url", "baseUrl"}},
	{keys: []string{"headers", "http_headers", "httpHeaders", "requestHeaders"},
		none: "%s sends no extra headers"},
	{keys: []string{"type", "transport", "transportType", "transport_type"}},
	{keys: []string{"cwd", "workingDirectory", "working_directory", "workdir", "workDir"},
		none: "%s has no working-directory field; use absolute paths"},
	{keys: []string{"envFile", "env_file", "dotenv"},
		none: "%s cannot load an env file; list the variables in the environment field"},
	{keys: []string{"oauth", "auth"},
		none: "%s has no OAuth settings in this file"},
	{keys: []string{"enabledTools", "enabled_tools", "includeTools", "allowedTools", "allowed_tools", "include_tools", "includedTools"},
		none: "%s cannot restrict a server's tools in this file"},
	{keys: []string{"disabledTools", "disabled_tools", "excludeTools", "excludedTools", "exclude_tools", "blockedTools", "deniedTools"},
		none: "%s cannot hide a server's tools in this file"},
	{keys: []string{"trust", "default_tools_approval_mode", "alwaysAllow", "autoApprove", "auto_approve", "always_allow"},
		none: "%s has no per-server auto-approval in this file"},
	{keys: []string{"timeout", "startup_timeout_sec", "startup_timeout_ms", "startupTimeout", "startup_timeout",
		"startupTimeoutMs", "startupTimeoutSec", "timeoutMs", "timeout_ms", "connectTimeout", "connectionTimeout",
		"initTimeout", "requestTimeout", "request_timeout_ms", "toolTimeout", "tool_timeout", "tool_timeout_sec"},
		none: "%s has no per-server timeout"},
}

// groupIndex maps a folded key (lower case, without "_" and "-") to its
// group in fieldGroups.
// Built on first use, not at start-up.
var groupIndex = sync.OnceValue(func() map[string]int {
	m := map[string]int{}
	for i, g := range fieldGroups {
		for _, k := range g.keys {
			m[foldKey(k)] = i
		}
	}
	return m
})

// foldKey lower-cases k and drops "_" and "-", so that startup_timeout,
// startupTimeout and startup-timeout compare equal.
func foldKey(k string) string {
	var b strings.Builder
	b.Grow(len(k))
	for _, r := range k {
		if r != '_' && r != '-' {
			b.WriteRune(unicode.ToLower(r))
		}
	}
	return b.String()
}

func checkUnknownField(p *Pass) {
	for s, c := range p.Servers() {
		for _, m := range s.Node.Unique() {
			note, ok := c.Unsupported[m.Key]
			if !ok {
				continue
			}
			d := p.AtKey(s, m, "server %q has %q, %s", s.Name, m.Key, note.Why)
			d.Severity = normalize.Error
			d.Hint = note.Hint
			if strings.Contains(note.Hint, "%q") {
				name := serverToken(s.Name)
				d.Hint = fmt.Sprintf(note.Hint, name)
				if note.Instead != "" {
					suggest(d, fmt.Sprintf("write %s = %q in place of %q", note.Instead, name, m.Key), renameMember(p.Document(s.Source.Path), m, note.Instead, jsonQuote(name))...)
				}
			}
		}
		strict := c.Strictness == normalize.RejectsConfig
		// a client that checks each entry against a strict schema skips
		// the entry (x-code's config error "user:NAME")
		entry := c.EntrySchema
		for _, m := range s.Unknown {
			if annotation(m.Key) && !strict && !entry {
				// A note for the reader: ignored, as its author expects.
				continue
			}
			msg := fmt.Sprintf("unknown field %q in server %q: %s ignores it", m.Key, s.Name, c.ReaderName())
			if strict {
				msg = fmt.Sprintf("unknown field %q in server %q: %s rejects the whole config", m.Key, s.Name, c.ReaderName())
			}
			if entry {
				msg = fmt.Sprintf("unknown field %q in server %q: %s rejects the entry and does not load the server", m.Key, s.Name, c.ReaderName())
			}
			suggestion, hint := SuggestField(c, m)
			if suggestion != "" {
				msg += "; did you mean " + suggestion + "?"
			}
			d := p.AtKey(s, m, "%s", msg)
			if strict || entry {
				d.Severity = normalize.Error
			}
			d.Hint = hint
			if d.Hint == "" && suggestion == "" && tomlTableKey(p, s, m) {
				d.Hint = fmt.Sprintf("in TOML every key after the [%s.%s] header belongs to that table: if %q is a top-level setting, move it above the first table", c.ServersKey, s.Name, m.Key)
			}
			if d.Hint == "" && suggestion == "" && len(c.Fields) <= 12 {
				d.Hint = "remove it; " + c.ReaderName() + " reads " + normalize.Quoted(c.Fields)
			}
			if others := p.fieldReaders(s.Source.Path, m.Key); len(others) > 0 && !strict && !entry {
				// a shared file (VS Code reads Claude Code's .mcp.json): the
				// field is another reader's, so removing it would hurt
				d.Severity = normalize.Info
				d.Message = fmt.Sprintf("%s; %s reads it", msg, normalize.Join(others, "and"))
				d.Hint = fmt.Sprintf("keep it for %s: %s starts the server without it", normalize.Join(others, "and"), c.ReaderName())
			}
		}
	}
}

// annotationKeys hold notes for the people who read the file. Clients
// ignore them, which is what their authors expect; only a client whose
// schema is strict (opencode) rejects them.
var annotationKeys = map[string]bool{
	"description": true, "metadata": true, "comment": true,
	"_comment": true, "//": true, "notes": true,
}

// annotation reports a key that holds a note for the reader: one of
// annotationKeys, or any key starting with "$" ("$comment", "$doc"), which
// JSON Schema reserves for annotations and no client reads as a field.
func annotation(key string) bool {
	return annotationKeys[key] || len(key) > 1 && key[0] == '$'
}

// tomlTableKey reports whether m is written under the server's own
// [mcp_servers.NAME] header rather than on the header's line, where a
// top-level setting placed after the table silently lands.
func tomlTableKey(p *Pass, s *normalize.Server, m *normalize.Member) bool {
	doc := p.Document(s.Source.Path)
	return doc != nil && doc.Format == normalize.TOML && m.KeyRange.Start.Line > s.Source.Pos.Line
}

// SuggestField returns what an unknown key most likely means in a client,
// ready for a message (`"env"`, `"enabled": false`), and a hint when the
// client has no such field. lint's unknown-field and explain's ignored
// fields say the same.
func SuggestField(cl *normalize.Client, m *normalize.Member) (suggestion, hint string) {
	key := m.Key
	fold := foldKey(key)
	switch fold {
	case "disabled":
		switch {
		case cl.Knows("enabled"):
			return fmt.Sprintf(`"enabled": %t`, !switchOn(m.Value)), ""
		case cl.DisableHint != "":
			return "", cl.DisableHint
		}
		return "", cl.ReaderName() + " has no per-server switch"
	case "enabled":
		switch {
		case cl.Knows("disabled"):
			return fmt.Sprintf(`"disabled": %t`, !switchOn(m.Value)), ""
		case cl.DisableHint != "":
			return "", cl.DisableHint
		}
		return "", cl.ReaderName() + " has no per-server switch"
	}
	if g, ok := groupIndex()[fold]; ok {
		if fieldGroups[g].keys[0] == "timeout" && !cl.Knows("timeout") && len(cl.SecondsFields) > 0 {
			return timeoutField(cl, fold, m.Value), ""
		}
		if fieldGroups[g].keys[0] == "timeout" && startupKey(fold) && slices.Contains(cl.ToolTimeoutFields, "timeout") && !slices.Contains(cl.SecondsFields, "timeout") {
			// the client's "timeout" bounds tool calls, not the start
			return "", cl.Missing["startup_timeout"]
		}
		for _, k := range fieldGroups[g].keys {
			if cl.Knows(k) && k != key {
				return fieldSuggestion(cl, key, k)
			}
		}
		return "", groupNone(cl, g)
	}
	if c := normalize.Closest(key, cl.Fields); c != "" {
		return fmt.Sprintf("%q", c), ""
	}
	return "", ""
}

// fieldSuggestion words the suggestion of known for key, adding what
// else the client needs.
func fieldSuggestion(c *normalize.Client, key, known string) (string, string) {
	sug := fmt.Sprintf("%q", known)
	switch {
	case foldKey(key) == "httpurl" && known == "url" && c.Knows("type"):
		return sug, fmt.Sprintf("write \"url\" with \"type\": %q", c.TypeFor(normalize.HTTP))
	case known == "trust":
		return sug, "\"trust\": true skips the confirmation of every tool of the server"
	case known == "default_tools_approval_mode":
		return sug, "Codex approves tools with default_tools_approval_mode = \"approve\" or per tool with [mcp_servers.NAME.tools.TOOL]"
	}
	return sug, ""
}

// groupNone explains that a client has no field of group g.
func groupNone(c *normalize.Client, g int) string {
	switch {
	case c.Missing[fieldGroups[g].keys[0]] != "":
		return c.Missing[fieldGroups[g].keys[0]]
	case fieldGroups[g].none != "":
		return fmt.Sprintf(fieldGroups[g].none, c.ReaderName())
	}
	return ""
}

// timeoutField picks the timeout field of a client without a bare
// "timeout" (Codex) that a foreign timeout key most likely means, by its
// name and, when the name has no unit, its size.
func timeoutField(c *normalize.Client, fold string, v *normalize.Value) string {
	pick := func(fields []string, want string) string {
		for _, f := range fields {
			if strings.Contains(f, want) {
				return fmt.Sprintf("%q", f)
			}
		}
		if len(fields) > 0 {
			return fmt.Sprintf("%q", fields[0])
		}
		return ""
	}
	startup := pick(c.SecondsFields, "startup")
	switch {
	case strings.Contains(fold, "tool") || strings.Contains(fold, "request"):
		return pick(c.SecondsFields, "tool")
	case strings.HasSuffix(fold, "ms") && len(c.MillisFields) > 0:
		return pick(c.MillisFields, "startup")
	case strings.HasSuffix(fold, "sec"):
		return startup
	case v.Kind == normalize.Number && v.Num >= 1000 && len(c.MillisFields) > 0:
		return pick(c.MillisFields, "startup")
	}
	return startup
}

// startupKey reports a folded timeout key that names a server's start.
func startupKey(fold string) bool {
	for _, w := range []string{"startup", "connect", "init"} {
		if strings.Contains(fold, w) {
			return true
		}
	}
	return false
}

// switchOn reads a borrowed on/off key: anything but false means on.
func switchOn(v *normalize.Value) bool {
	return v.Kind != normalize.Bool || v.Bool
}

// fieldReaders names the other clients of the run whose reading of the
// file at path knows the server field key (Claude Code's "alwaysLoad" in
// the .mcp.json VS Code reads too).
func (p *Pass) fieldReaders(path, key string) []string {
	return p.otherReaders(path, func(src normalize.SourceFile) bool { return src.Client != nil && src.Client.Knows(key) })
}
