package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// Acceptance cases: broken configs in layouts the rule tests do not use
// (TOML sub-tables, dotted keys and inline tables, multi-line arrays, CRLF,
// tabs, non-ASCII names and values, comments before values, values on the
// line after their key, several providers and scopes at once). Each case
// plants problems for one rule and lists every finding that rule must
// make: severity, path, line:column, the text found at that position in
// the file, and a piece of the message. Columns count code points.
//
// A case also fails when another rule reports at the same position as a
// planted finding, unless the case allows it: one problem, one finding.

// hit is one expected finding.
type hit struct {
	sev string // error, warning, info
	at  string // path:line:col, or just path for findings without a position
	tok string // the file text that starts at that position
	msg string // a piece of the message
}

func h(sev, at, tok, msg string) hit { return hit{sev, at, tok, msg} }

type accCase struct {
	name  string
	rule  normalize.RuleID
	files map[string]string
	cfg   *Config
	want  []hit              // nil: the rule must not fire at all (a near miss)
	hint  string             // when set, a piece of the first finding's hint
	also  []normalize.RuleID // other rules allowed at the positions of want
	// merged lints in pisces's merged view of every provider (lint
	// --client pisces).
	merged bool
}

func runAcceptance(t *testing.T, cases []accCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(string(c.rule)+"/"+c.name, func(t *testing.T) {
			r := Lookup(c.rule)
			if r == nil {
				t.Fatalf("no rule %q", c.rule)
			}
			cfg := c.cfg
			if r.Off {
				cp := Config{}
				if cfg != nil {
					cp = *cfg
				}
				cp.Enable = append(slices.Clone(cp.Enable), c.rule)
				cfg = &cp
			}
			lint := lintFiles
			if c.merged {
				lint = lintMerged
			}
			all := lint(t, c.files, cfg)
			got := only(all, c.rule)
			var gotS, wantS []string
			for _, d := range got {
				gotS = append(gotS, fmt.Sprintf("%s %s", d.Severity, loc(d.Path, d.Pos.Line, d.Pos.Col)))
			}
			for _, w := range c.want {
				wantS = append(wantS, w.sev+" "+w.at)
			}
			if strings.Join(gotS, "\n") != strings.Join(wantS, "\n") {
				var full []string
				for _, d := range got {
					full = append(full, d.Severity.String()+" "+d.String())
				}
				t.Fatalf("findings of %s:\n got: %q\nwant: %q\nmessages:\n  %s", c.rule, gotS, wantS, strings.Join(full, "\n  "))
			}
			if c.hint != "" && !strings.Contains(got[0].Hint, c.hint) {
				t.Errorf("hint %q does not contain %q", got[0].Hint, c.hint)
			}
			for i, w := range c.want {
				d := got[i]
				if !strings.Contains(d.Message, w.msg) {
					t.Errorf("finding %d: message %q does not contain %q", i, d.Message, w.msg)
				}
				if checkMessageStyle(d.Message) != "" {
					t.Errorf("finding %d: %s: %q", i, checkMessageStyle(d.Message), d.Message)
				}
				if w.tok != "" {
					if text := textAt(c.files, w.at); !strings.HasPrefix(text, w.tok) {
						t.Errorf("finding %d: the text at %s is %q, not %q (the expectation is wrong)", i, w.at, text, w.tok)
					}
				}
				for _, o := range all {
					if o.Rule != c.rule && o.Path == d.Path && o.Pos == d.Pos && !slices.Contains(c.also, o.Rule) {
						t.Errorf("finding %d is also reported by %s: %v", i, o.Rule, o)
					}
				}
			}
		})
	}
}

func loc(path string, line, col int) string {
	if line == 0 {
		return path
	}
	return fmt.Sprintf("%s:%d:%d", path, line, col)
}

// checkMessageStyle returns what is wrong with a message's house style.
func checkMessageStyle(msg string) string {
	switch {
	case msg == "":
		return "empty message"
	case strings.HasSuffix(msg, "."):
		return "message ends with a period"
	case strings.ToLower(msg[:1]) != msg[:1] && !startsWithProduct(msg):
		return "message does not start lower case"
	}
	return ""
}

func startsWithProduct(msg string) bool {
	for _, p := range []string{"Codex", "Claude Code", "Cursor", "VS Code", "Gemini CLI", "Windsurf"} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

// textAt returns the rest of the line at path:line:col of the files,
// counting columns in code points, or "" when there is no such place.
func textAt(files map[string]string, at string) string {
	parts := strings.Split(at, ":")
	if len(parts) < 3 {
		return ""
	}
	path := strings.Join(parts[:len(parts)-2], ":")
	line, _ := strconv.Atoi(parts[len(parts)-2])
	col, _ := strconv.Atoi(parts[len(parts)-1])
	src, ok := files[path]
	if !ok {
		return ""
	}
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	rs := []rune(strings.TrimSuffix(lines[line-1], "\r"))
	if col < 1 || col > len(rs)+1 {
		return ""
	}
	return string(rs[col-1:])
}

func TestAcceptanceTextAt(t *testing.T) {
	files := map[string]string{"a": "x\r\n\té日本 = \"v\"\r\n"}
	if got := textAt(files, "a:2:3"); got != "日本 = \"v\"" {
		t.Errorf("textAt = %q", got)
	}
}

// TestAcceptanceDiscovery covers the rules discovery reports: syntax,
// unreadable, duplicate-key, wrong-root-key and schema.
func TestAcceptanceDiscovery(t *testing.T) {
	runAcceptance(t, []accCase{
		// syntax
		{name: "toml array not closed, crlf, user file", rule: "syntax",
			files: tree("~/.codex/config.toml", "[mcp_servers.a]\r\ncommand = \"x\"\r\nargs = [\"a\",\r\n  \"b\"\r\n[mcp_servers.b]\r\n"),
			want:  []hit{h("error", "~/.codex/config.toml:5:1", "[mcp_servers.b]", "expected ',' or ']'")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "missing comma after non-ascii key", rule: "syntax",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"日本": {"command": "x" "args": []}}}`),
			want:  []hit{h("error", ".cursor/mcp.json:1:39", `"args"`, "after object value")}},
		{name: "gemini trailing comma in a multi-line array, comments fine", rule: "syntax",
			files: tree(".gemini/settings.json", "{\n  // servers\n  \"mcpServers\": {\n    \"g\": {\n      \"command\": \"g\",\n      \"args\": [\n        \"a\",\n      ]\n    }\n  }\n}\n"),
			want:  []hit{h("error", ".gemini/settings.json:8:7", "]", "trailing comma")}},
		{name: "block comment after a tab in strict json", rule: "syntax",
			files: tree(".mcp.json", "{\n\t/* shared */ \"mcpServers\": {}\n}\n"),
			want:  []hit{h("error", ".mcp.json:2:2", "/*", "comments are not allowed")}},
		{name: "missing colon after a non-ascii key, tabs, crlf", rule: "syntax",
			files: tree(".vscode/mcp.json", "{\r\n\t\"servers\": {\r\n\t\t\"é\" {}\r\n\t}\r\n}\r\n"),
			want:  []hit{h("error", ".vscode/mcp.json:3:7", "{}", "expecting ':'")}},
		{name: "unterminated block comment", rule: "syntax",
			files: tree("opencode.jsonc", "{ \"mcp\": { /* open\n"),
			want:  []hit{h("error", "opencode.jsonc:1:12", "/*", `"*/"`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "non-ascii bare toml key", rule: "syntax",
			files: tree(".codex/config.toml", "[mcp_servers.café]\ncommand = \"x\"\n"),
			want:  []hit{h("error", ".codex/config.toml:1:17", "é]", "")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "key written twice in a nested inline table", rule: "syntax",
			files: tree(".codex/config.toml", "[mcp_servers.x]\ncommand = \"x\"\nenv = { A = \"1\", B = { A = 1, A = 2 } }\n"),
			want:  []hit{h("error", ".codex/config.toml:3:31", "A = 2", `key "A" is already defined`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "quoted non-ascii key written twice in an inline table, tab", rule: "syntax",
			files: tree("~/.config/agent-code/config.toml", "\t[mcp_servers.x]\n\tenv = { \"Ä\" = \"{\", \"Ä\" = \"2\" }\n"),
			want:  []hit{h("error", "~/.config/agent-code/config.toml:2:21", `"Ä" = "2"`, `key "Ä" is already defined`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "unquoted toml string in agent-code", rule: "syntax",
			files: tree(".agent/settings.toml", "[mcp_servers.web]\ncommand = npx\nargs = [\"-y\", \"web@1.0.0\"]\n"),
			want:  []hit{h("error", ".agent/settings.toml:2:11", "npx", `"npx" is not a TOML value: strings need quotes, write "npx"`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "capitalised toml boolean, crlf", rule: "syntax",
			files: tree("~/.codex/config.toml", "[mcp_servers.x]\r\ncommand = \"x\"\r\nenabled = False\r\n"),
			want:  []hit{h("error", "~/.codex/config.toml:3:11", "False", "booleans are lower case, write false")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "unquoted json key after a comment", rule: "syntax",
			files: tree(".vscode/mcp.json", "{\n  // servers\n  servers: {}\n}\n"),
			want:  []hit{h("error", ".vscode/mcp.json:3:3", "servers", `keys need double quotes: write "servers"`)}},
		{name: "single-quoted json string", rule: "syntax",
			files: tree(".windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\"command\": 'w'}}}"),
			want:  []hit{h("error", ".windsurf/mcp_config.json:1:34", "'w'", "double quotes, not single quotes")}},
		{name: "jsonc files take comments and trailing commas", rule: "syntax",
			files: tree(".vscode/mcp.json", "{\n  // c\n  \"servers\": { \"a\": { \"command\": \"a\", }, },\n}\n",
				"opencode.json", "{ /* c */ \"mcp\": { \"a\": { \"type\": \"local\", \"command\": [\"a\"], }, }, }\n",
				".gemini/settings.json", "{ /* c */ \"mcpServers\": { // c\n \"a\": { \"command\": \"a\" } } }\n")},

		// unreadable
		{name: "directory where cursor's file should be", rule: "unreadable",
			files: tree(".cursor/mcp.json/x", ""),
			want:  []hit{h("error", ".cursor/mcp.json", "", "is a directory")}},
		{name: "directory as codex user file", rule: "unreadable",
			files: tree("~/.codex/config.toml/x", ""),
			want:  []hit{h("error", "~/.codex/config.toml", "", "is a directory")}},
		{name: "shared claude file reported once", rule: "unreadable",
			files: tree("~/.claude.json/x", ""),
			want:  []hit{h("error", "~/.claude.json", "", "is a directory")}},

		// duplicate-key
		{name: "duplicate server with tabs and crlf", rule: "duplicate-key",
			files: tree(".cursor/mcp.json", "{\r\n\t\"mcpServers\": {\r\n\t\t\"db\": { \"command\": \"old\" },\r\n\t\t\"db\": { \"command\": \"new\" }\r\n\t}\r\n}\r\n"),
			want:  []hit{h("warning", ".cursor/mcp.json:3:3", `"db"`, "defined again at 4:3")}},
		{name: "duplicate env var after a comment", rule: "duplicate-key",
			files: tree(".gemini/settings.json", "{ \"mcpServers\": { \"g\": { \"command\": \"g\", \"env\": {\n  \"LOG\": \"debug\", // first\n  \"LOG\": \"info\" } } } }\n"),
			want:  []hit{h("warning", ".gemini/settings.json:2:3", `"LOG"`, "defined again at 3:3")}},
		{name: "duplicate in claude local scope reported once", rule: "duplicate-key",
			files: tree("~/.claude.json", "{\n  \"projects\": {\n    \"<ROOT>\": {\n      \"mcpServers\": {\n        \"ü\": { \"command\": \"a\" },\n        \"ü\": { \"command\": \"b\" }\n      }\n    }\n  }\n}\n"),
			want:  []hit{h("warning", "~/.claude.json:5:9", `"ü"`, "defined again at 6:9")},
			also:  []normalize.RuleID{"server-name"}},
		{name: "toml duplicates are syntax errors", rule: "duplicate-key",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"a\"\n[mcp_servers.a]\ncommand = \"b\"\n")},

		// wrong-root-key
		{name: "codex camelCase table", rule: "wrong-root-key",
			files: tree(".codex/config.toml", "[mcpServers.gh]\ncommand = \"npx\"\n"),
			want:  []hit{h("error", ".codex/config.toml:1:2", "mcpServers", `Codex reads "mcp_servers"`)}},
		{name: "opencode jsonc with mcpServers after a comment", rule: "wrong-root-key",
			files: tree("opencode.jsonc", "{\n  // copied from Claude\n  \"mcpServers\": { \"a\": { \"command\": \"a\" } },\n}\n"),
			want:  []hit{h("error", "opencode.jsonc:3:3", `"mcpServers"`, `opencode reads "mcp"`)}},
		{name: "vscode key in claude local scope", rule: "wrong-root-key",
			files: tree("~/.claude.json", "{\n  \"projects\": {\n    \"<ROOT>\": {\n      \"servers\": { \"a\": { \"command\": \"a\" } }\n    }\n  }\n}\n"),
			want:  []hit{h("error", "~/.claude.json:4:7", `"servers"`, `Claude Code reads "mcpServers"`)}},
		{name: "agent-code dotted key", rule: "wrong-root-key",
			files: tree(".agent/settings.toml", "servers.web.url = \"https://web.example.com/sse\"\n"),
			want:  []hit{h("error", ".agent/settings.toml:1:1", "servers", `agent-code reads "mcp_servers"`)}},
		{name: "gemini mcp settings and claude projects are not servers", rule: "wrong-root-key",
			files: tree(".gemini/settings.json", `{"mcp": {"excluded": ["x"]}, "mcpServers": {}}`,
				"~/.claude.json", `{"projects": {}, "mcpServers": {}}`)},

		// schema
		{name: "codex args as one string", rule: "schema",
			files: tree(".codex/config.toml", "mcp_servers.fs.command = \"npx\"\nmcp_servers.fs.args = \"-y pkg\"\n"),
			want:  []hit{h("error", ".codex/config.toml:2:23", `"-y pkg"`, "")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "opencode command as a string after a comment", rule: "schema",
			files: tree("opencode.json", "{ \"mcp\": { \"fs\": { \"type\": \"local\", \"command\": /* one string */ \"npx -y pkg\" } } }\n"),
			want:  []hit{h("error", "opencode.json:1:65", `"npx -y pkg"`, "must be an array")},
			// opencode refuses its config; Kilo Code CLI skips the file
			also: []normalize.RuleID{"refused-config", "skipped-file"}},
		{name: "vscode args item on the next line", rule: "schema",
			files: tree(".vscode/mcp.json", "{ \"servers\": { \"a\": { \"command\": \"a\", \"args\": [\n\t\"--port\",\n\t8080\n] } } }\n"),
			want:  []hit{h("error", ".vscode/mcp.json:3:2", "8080", "")}},
		{name: "pisces env as an array", rule: "schema",
			files: tree("~/.pisces/agent/mcp.json", "{ \"mcpServers\": { \"π\": { \"command\": \"a\", \"env\": [\"A=b\"] } } }\n"),
			want:  []hit{h("error", "~/.pisces/agent/mcp.json:1:49", `["A=b"]`, "")}},
		{name: "vscode env null removes a variable", rule: "schema",
			files: tree(".vscode/mcp.json", `{"servers": {"a": {"command": "a", "env": {"HOME": null, "N": 1}}}}`)},
	})
}

// TestAcceptanceTransport covers the transport rules.
func TestAcceptanceTransport(t *testing.T) {
	runAcceptance(t, []accCase{
		// transport-conflict
		{name: "codex dotted keys", rule: "transport-conflict",
			files: tree(".codex/config.toml", "mcp_servers.ctx.command = \"npx\"\nmcp_servers.ctx.url = \"https://mcp.context7.com/mcp\"\n"),
			want:  []hit{h("error", ".codex/config.toml:2:17", "url", `Codex reads it as a stdio server and rejects "url"`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "gemini httpUrl on the next line wins over command", rule: "transport-conflict",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"docs\": {\n  \"command\": \"docs-mcp\",\n  \"httpUrl\":\n    \"https://docs.example.com/mcp\"}}}\n"),
			want:  []hit{h("error", ".gemini/settings.json:2:3", `"command"`, `Gemini CLI connects to "httpUrl" and ignores "command"`)}},
		{name: "agent-code user file starts the command", rule: "transport-conflict",
			files: tree("~/.config/agent-code/config.toml", "[mcp_servers.wiki]\nurl = \"https://wiki.example.com/sse\"\ncommand = \"wiki-mcp\"\n"),
			want:  []hit{h("error", "~/.config/agent-code/config.toml:2:1", "url", `agent-code starts "command" and ignores "url"`)}},
		{name: "opencode local with a url", rule: "transport-conflict",
			files: tree(".opencode/opencode.jsonc", "{ \"mcp\": { \"ü\": { \"type\": \"local\", \"command\": [\"ü\"], \"url\": \"https://u.example.com\" } } }\n"),
			want:  []hit{h("error", ".opencode/opencode.jsonc:1:54", `"url"`, "opencode rejects the whole config")}},
		{name: "url in env or args is not a url field", rule: "transport-conflict",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"a": {"command": "a", "args": ["--url", "https://a.example.com"], "env": {"url": "https://b.example.com"}}}}`)},

		// missing-command
		{name: "vscode stdio type on the next line", rule: "missing-command",
			files: tree("~/.config/Code/User/mcp.json", "{\n  \"servers\": {\n    \"fs\": {\n      \"type\":\n        \"stdio\",\n      \"args\": [\"-y\"]\n    }\n  }\n}\n"),
			want:  []hit{h("error", "~/.config/Code/User/mcp.json:5:9", `"stdio"`, "without \"command\"")}},
		{name: "opencode empty command array", rule: "missing-command",
			files: tree("opencode.json", "{\"mcp\": {\"fs\": {\"type\": \"local\", \"command\": [\n]}}}\n"),
			want:  []hit{h("error", "opencode.json:1:45", "[", "empty \"command\"")}},
		{name: "claude local scope entry with only env", rule: "missing-command",
			files: tree("~/.claude.json", "{\n  \"projects\": {\n    \"<ROOT>\": {\n      \"mcpServers\": {\n        \"naïve\": { \"env\": { \"A\": \"b\" } }\n      }\n    }\n  }\n}\n"),
			want:  []hit{h("error", "~/.claude.json:5:9", `"naïve"`, "neither \"command\" nor \"url\"")},
			also:  []normalize.RuleID{"server-name"}},
		{name: "agent-code entry with only args", rule: "missing-command",
			files: tree(".agent/settings.local.toml", "[mcp_servers.x]\nargs = [\"--stdio\"]\n"),
			want:  []hit{h("error", ".agent/settings.local.toml:1:14", "x]", "agent-code skips it")}},
		{name: "codex is left to unknown-transport; whitespace command is empty", rule: "missing-command",
			files: tree(".codex/config.toml", "[mcp_servers.x]\nargs = [\"--stdio\"]\n",
				".cursor/mcp.json", "{\"mcpServers\": {\"c\": {\"command\": \" \\t\"}}}"),
			want: []hit{h("error", ".cursor/mcp.json:1:34", `" \t"`, "empty \"command\"")}},

		{name: "remote entries need no command", rule: "missing-command",
			files: tree(".gemini/settings.json", `{"mcpServers": {"g": {"httpUrl": "https://g.example.com/mcp"}}}`,
				"opencode.json", `{"mcp": {"o": {"type": "remote", "url": "https://o.example.com/mcp"}}}`,
				".vscode/mcp.json", `{"servers": {"v": {"url": "https://v.example.com/mcp"}}}`,
				".agent/settings.toml", "[mcp_servers.a]\nurl = \"https://a.example.com/sse\"\n")},

		// missing-url
		{name: "windsurf sse without url", rule: "missing-url",
			files: tree("~/.codeium/windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\"type\": \"sse\", \"headers\": {}}}}"),
			want:  []hit{h("error", "~/.codeium/windsurf/mcp_config.json:1:31", `"sse"`, `without "serverUrl" or "url"`)},
			also:  []normalize.RuleID{"deprecated-sse"}},
		{name: "gemini http type without url", rule: "missing-url",
			files: tree(".gemini/settings.json", "{\n  \"mcpServers\": {\n    // remote docs\n    \"docs\": { \"type\": \"http\", \"timeout\": 30000 }\n  }\n}\n"),
			want:  []hit{h("error", ".gemini/settings.json:4:23", `"http"`, `without "url" or "httpUrl"`)}},
		{name: "claude blank url with type", merged: true, rule: "missing-url",
			files: tree(".claude/.mcp.json", "{\"mcpServers\": {\"d\": {\"type\": \"http\", \"url\": \"  \"}}}"),
			want:  []hit{h("error", ".claude/.mcp.json:1:46", `"  "`, `empty "url"`)}},
		{name: "opencode remote with url in a placeholder", rule: "missing-url",
			files: tree("opencode.json", "{\"mcp\": {\"d\": {\"type\": \"remote\", \"url\": \"{env:DOCS_URL}\"}}}")},

		// unknown-transport
		{name: "codex table with only args", rule: "unknown-transport",
			files: tree(".codex/config.toml", "[mcp_servers.\"my-srv\"]\nargs = [\n  \"--stdio\",\n]\n"),
			want:  []hit{h("error", ".codex/config.toml:1:14", `"my-srv"`, "invalid transport")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "codex sub-table written before its server's own header", rule: "unknown-transport",
			files: tree(".codex/config.toml", "[mcp_servers.gh.env]\nGH_HOST = \"github.example.com\"\n\n[mcp_servers.gh]\nargs = [\"--stdio\"]\n"),
			want:  []hit{h("error", ".codex/config.toml:4:14", "gh]", "invalid transport")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "cline literal in cursor", rule: "unknown-transport",
			files: tree("~/.cursor/mcp.json", "{\"mcpServers\": {\"c\": {\"type\":\t\"streamableHttp\", \"url\": \"https://c.example.com/mcp\"}}}"),
			want:  []hit{h("error", "~/.cursor/mcp.json:1:31", `"streamableHttp"`, `did you mean "http"?`)}},
		{name: "opencode without type", rule: "unknown-transport",
			files: tree(".opencode/opencode.json", "{\"mcp\": {\n\t\"r\": {\"url\": \"https://r.example.com/mcp\"}\n}}"),
			want:  []hit{h("error", ".opencode/opencode.json:2:2", `"r"`, `no "type"`)}},
		{name: "gemini unknown type with httpUrl is ignored", rule: "unknown-transport",
			files: tree(".gemini/settings.json", `{"mcpServers": {"g": {"type": "websocket", "httpUrl": "https://g.example.com/mcp"}}}`),
			want:  []hit{h("warning", ".gemini/settings.json:1:31", `"websocket"`, "it ignores it and picks the transport from the other keys")}},
		{name: "codex toggle of a user server, opencode toggle", rule: "unknown-transport",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\nenabled = false\n",
				"~/.codex/config.toml", "[mcp_servers.gh]\ncommand = \"gh-mcp\"\n",
				"opencode.json", `{"mcp": {"gh": {"enabled": false}}}`)},

		// implicit-stdio
		{name: "claude local scope", rule: "implicit-stdio",
			files: tree("~/.claude.json", "{\n  \"projects\": {\n    \"<ROOT>\": { \"mcpServers\": {\n      \"wiki\": {\n        \"url\": \"https://wiki.example.com/mcp\" } } }\n  }\n}\n"),
			want:  []hit{h("error", "~/.claude.json:5:16", `"https://wiki.example.com/mcp"`, "Claude Code reads it as a stdio server")}},
		{name: "project .mcp.json is a warning", merged: true, rule: "implicit-stdio",
			files: tree(".mcp.json", "{\r\n\t\"mcpServers\": {\r\n\t\t\"维基\": {\"url\": \"https://wiki.example.com/mcp\"}\r\n\t}\r\n}\r\n"),
			want:  []hit{h("warning", ".mcp.json:3:17", `"https://`, "pisces infers \"http\"")}},
		{name: "claude user mcp.json", merged: true, rule: "implicit-stdio",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				"~/.claude/mcp.json", `{"mcpServers": {"w": {"url": "https://w.example.com/mcp", "headers": {"X": "1"}}}}`),
			want: []hit{h("error", "~/.claude/mcp.json:1:30", `"https://w`, "rejects it")}},
		{name: "cursor, pisces and windsurf infer the transport", rule: "implicit-stdio",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"w": {"url": "https://w.example.com/mcp"}}}`,
				".pisces/mcp.json", `{"mcpServers": {"w": {"url": "https://w.example.com/mcp"}}}`,
				".windsurf/mcp_config.json", `{"mcpServers": {"w": {"serverUrl": "https://w.example.com/mcp"}}}`)},

		// deprecated-sse
		{name: "claude local scope sse", rule: "deprecated-sse",
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"linear\": {\"type\": \"sse\", \"url\": \"https://mcp.linear.app/sse\"}}}}}\n"),
			want:  []hit{h("info", "~/.claude.json:2:20", `"sse"`, "legacy HTTP+SSE")}},
		// agent-code speaks neither MCP transport to a url (transport.rs
		// connect_sse, request at c25b885f; read, not run)
		{name: "agent-code url ending in /mcp/", rule: "deprecated-sse",
			files: tree(".agent/settings.toml", "[mcp_servers.ctx]\nurl = 'https://mcp.context7.com/mcp/'\n"),
			want: []hit{h("warning", ".agent/settings.toml:2:7", "'https://mcp.context7.com/mcp/'",
				`server "ctx": agent-code reaches "https://mcp.context7.com/mcp/" with neither MCP transport: it sends GET https://mcp.context7.com/mcp/health, then posts each JSON-RPC request to https://mcp.context7.com/mcp/jsonrpc and reads one JSON reply, which an SSE or streamable HTTP server most likely does not answer`)},
			hint: "start the server as a local command for agent-code if it has one"},
		{name: "gemini sse type", rule: "deprecated-sse",
			files: tree("~/.gemini/settings.json", "{\"mcpServers\": {\"s\": {\"url\": \"https://s.example.com/sse\",\n  \"type\": \"sse\"}}}"),
			want:  []hit{h("info", "~/.gemini/settings.json:2:11", `"sse"`, "legacy HTTP+SSE")}},
		{name: "agent-code sse endpoint", rule: "deprecated-sse",
			files: tree(".agent/settings.toml", "[mcp_servers.s]\nurl = \"https://s.example.com/sse\"\n"),
			want:  []hit{h("warning", ".agent/settings.toml:2:7", `"https://s.example.com/sse"`, "posts each JSON-RPC request to https://s.example.com/sse/jsonrpc")}},
		// an /sse endpoint is the legacy transport whatever the type says
		{name: "sse endpoint elsewhere", rule: "deprecated-sse",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"url": "https://s.example.com/sse"}}}`),
			want:  []hit{h("info", ".cursor/mcp.json:1:30", `"https://s.example.com/sse"`, "legacy HTTP+SSE")}},

		// field-for-other-transport
		{name: "codex env sub-table on a url server", rule: "field-for-other-transport",
			files: tree(".codex/config.toml", "[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\n\n[mcp_servers.figma.env]\nFIGMA_ORG = \"acme\"\n"),
			want:  []hit{h("error", ".codex/config.toml:4:20", "env]", "Codex refuses its whole config")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "claude headers on a stdio server", merged: true, rule: "field-for-other-transport",
			files: tree(".claude/mcp.json", "{\"mcpServers\": {\"gh\": {\"command\": \"gh-mcp\",\n\t\"headers\": {\"X-Team\": \"core\"}}}}"),
			want:  []hit{h("warning", ".claude/mcp.json:2:2", `"headers"`, "Claude Code ignores it")}},
		{name: "opencode environment on a remote server", rule: "field-for-other-transport",
			files: tree("~/.config/opencode/opencode.json", "{\"mcp\": {\"r\": {\"type\": \"remote\", \"url\": \"https://r.example.com/mcp\", \"environment\": {\"A\": \"b\"}}}}"),
			want:  []hit{h("error", "~/.config/opencode/opencode.json:1:70", `"environment"`, "opencode rejects the whole config")}},
		{name: "vscode envFile and cwd on http", rule: "field-for-other-transport",
			files: tree(".vscode/mcp.json", "{\"servers\": {\"h\": {\"type\": \"http\", \"url\": \"https://h.example.com/mcp\",\n  \"envFile\": \"${workspaceFolder}/.env\",\n  \"cwd\": \"${workspaceFolder}\"}}}"),
			want: []hit{h("warning", ".vscode/mcp.json:2:3", `"envFile"`, "VS Code ignores it"),
				h("warning", ".vscode/mcp.json:3:3", `"cwd"`, "VS Code ignores it")}},
		{name: "claude url without type is implicit-stdio's, not a stdio server with headers", rule: "field-for-other-transport",
			files: tree(".claude/mcp.json", `{"mcpServers": {"w": {"url": "https://w.example.com/mcp", "headers": {"X-Team": "core"}}}}`)},
		{name: "empty containers configure nothing", rule: "field-for-other-transport",
			files: tree(".codex/config.toml", "[mcp_servers.f]\nurl = \"https://f.example.com/mcp\"\nenv = {}\nargs = []\n")},
	})
}

// TestAcceptanceFields covers URLs, names, timeouts, switches, tool lists
// and unknown fields.
func TestAcceptanceFields(t *testing.T) {
	runAcceptance(t, []accCase{
		// invalid-url
		{name: "codex url without scheme in a literal string", rule: "invalid-url",
			files: tree(".codex/config.toml", "[mcp_servers.kb]\nurl = 'kb.example.com/mcp'\n"),
			want:  []hit{h("error", ".codex/config.toml:2:7", "'kb.example.com/mcp'", "is not absolute")}},
		{name: "windsurf serverUrl typo after a tab", rule: "invalid-url",
			files: tree(".windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\n\t\"serverUrl\":\t\"https//w.example.com/mcp\"}}}"),
			want:  []hit{h("error", ".windsurf/mcp_config.json:2:15", `"https//w`, "is not absolute")}},
		{name: "gemini httpUrl with a non-ascii space", rule: "invalid-url",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"ü\": {\"httpUrl\": \"https://ü.example.com/m\u00a0cp\"}}}"),
			want:  []hit{h("error", ".gemini/settings.json:1:34", `"https://ü`, "contains whitespace")}},
		{name: "port above 65535 with a placeholder host", rule: "invalid-url",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"p": {"type": "http", "url": "https://${HOST}:70000/mcp"}}}`),
			want:  []hit{h("error", ".pisces/mcp.json:1:46", `"https://${HOST}`, "above 65535")}},
		{name: "vscode sockets, claude ws and placeholders", rule: "invalid-url",
			files: tree(".vscode/mcp.json", `{"servers": {"s": {"type": "http", "url": "unix:///run/mcp.sock#/mcp"}}}`,
				".claude/mcp.json", `{"mcpServers": {"w": {"type": "ws", "url": "wss://w.example.com/ws"}, "b": {"type": "http", "url": "${BASE_URL}/mcp"}}}`)},

		// insecure-url
		{name: "gemini httpUrl with an api key header", rule: "insecure-url",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"g\": {\n  \"httpUrl\": \"http://g.example.com/mcp\",\n  \"headers\": {\"X-API-Key\": \"$G_KEY\"}}}}"),
			want:  []hit{h("error", ".gemini/settings.json:2:14", `"http://g`, `the header "X-API-Key" over plain http to "g.example.com": anyone on the network path can read it`)}},
		{name: "codex env_http_headers sub-table", rule: "insecure-url",
			files: tree("~/.codex/config.toml", "[mcp_servers.wiki]\nurl = \"http://10.1.2.3:8080/mcp\"\n[mcp_servers.wiki.env_http_headers]\n\"X-Org\" = \"WIKI_ORG\"\n"),
			want:  []hit{h("error", "~/.codex/config.toml:2:7", `"http://10`, `("env_http_headers")`)}},
		{name: "windsurf serverUrl without credentials", rule: "insecure-url",
			files: tree(".windsurf/mcp_config.json", `{"mcpServers": {"wiki": {"serverUrl": "http://wiki.intra/mcp"}}}`),
			want:  []hit{h("warning", ".windsurf/mcp_config.json:1:39", `"http://wiki.intra`, "traffic can be read and changed")}},
		{name: "user info: plural", rule: "insecure-url",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"c": {"url": "http://bot:${env:PW}@c.example.com/mcp"}}}`),
			want:  []hit{h("error", ".cursor/mcp.json:1:30", `"http://bot`, "credentials in the URL over plain http to \"c.example.com\": anyone on the network path can read them")}},
		{name: "loopback, ipv6 loopback and placeholder hosts", rule: "insecure-url",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"a": {"url": "http://127.0.0.2:3000/mcp", "headers": {"Authorization": "Bearer ${env:T}"}}, "b": {"url": "http://[::1]:8080/mcp"}, "c": {"url": "http://api.localhost/mcp"}, "d": {"url": "http://${env:HOST}/mcp"}}}`)},

		// server-name
		{name: "codex quoted key with a space", rule: "server-name",
			files: tree(".codex/config.toml", "[mcp_servers.\"my server\"]\ncommand = \"x\"\n"),
			want:  []hit{h("warning", ".codex/config.toml:1:14", `"my server"`, "a space")}},
		{name: "accented codex name gets an ascii suggestion", rule: "server-name",
			files: tree(".codex/config.toml", "[mcp_servers.\"dépôt-Zürich\"]\ncommand = \"x\"\n"),
			want:  []hit{h("warning", ".codex/config.toml:1:14", `"dépôt`, `contains "é", "ô" and "ü"`)},
			hint:  `rename it, e.g. to "depot-zurich"`},
		{name: "codex dotted key with a space inside quotes", rule: "server-name",
			files: tree("~/.codex/config.toml", "mcp_servers.'docs v2'.url = \"https://docs.example.com/mcp\"\n"),
			want:  []hit{h("warning", "~/.codex/config.toml:1:13", "'docs v2'", "outside ^[a-zA-Z0-9_:@/.-]+$: Codex refuses to start")}},
		{name: "codex takes a dot inside quotes", rule: "server-name",
			files: tree("~/.codex/config.toml", "mcp_servers.'docs.v2'.url = \"https://docs.example.com/mcp\"\n")},
		{name: "empty name in vscode after a comment", rule: "server-name",
			files: tree(".vscode/mcp.json", "{ \"servers\": {\n  /* unnamed */ \"\": { \"command\": \"x\" } } }"),
			want:  []hit{h("error", ".vscode/mcp.json:2:17", `""`, "is empty")}},
		{name: "101 characters", rule: "server-name",
			files: tree(".vscode/mcp.json", `{"servers": {"`+strings.Repeat("é", 101)+`": {"command": "x"}}}`),
			want: []hit{h("warning", ".vscode/mcp.json:1:14", `"éé`, `contains "é"`),
				h("warning", ".vscode/mcp.json:1:14", `"éé`, "101 characters long")}},
		{name: "letters digits dot dash underscore", rule: "server-name",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"a.b-c_D9": {"command": "x"}}}`, ".codex/config.toml", "[mcp_servers.a-b_C9]\ncommand = \"x\"\n")},

		// name-length
		{name: "codex dotted key", rule: "name-length",
			files: tree(".codex/config.toml", "mcp_servers.company-internal-knowledge-base-search-prod.url = \"https://kb.example.com/mcp\"\n"),
			want:  []hit{h("warning", ".codex/config.toml:1:13", "company-internal", "43 characters long")}},
		{name: "gemini counts code points", rule: "name-length",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\n  \"ünternehmens-wissensdatenbank-suche-produktion\": {\"command\": \"x\"}}}"),
			want:  []hit{h("warning", ".gemini/settings.json:2:3", `"ünternehmens`, "46 characters long")},
			also:  []normalize.RuleID{"server-name"}},
		{name: "claude local scope", rule: "name-length",
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"github-enterprise-server-for-the-platform-team\": {\"command\": \"x\"}}}}}"),
			want:  []hit{h("warning", "~/.claude.json:2:1", `"github-enterprise`, "46 characters long")}},
		{name: "41 characters fit; cursor has no prefix", rule: "name-length",
			files: tree(".mcp.json", `{"mcpServers": {"`+strings.Repeat("a", 41)+`": {"command": "x"}}}`,
				".cursor/mcp.json", `{"mcpServers": {"`+strings.Repeat("b", 60)+`": {"command": "x"}}}`)},

		// timeout-units
		{name: "codex tool timeout in ms", rule: "timeout-units",
			files: tree(".codex/config.toml", "[mcp_servers.slow]\ncommand = \"slow\"\ntool_timeout_sec = 60_000\n"),
			want:  []hit{h("warning", ".codex/config.toml:3:20", "60_000", "16h40m")}},
		{name: "pisces user file timeout in seconds", rule: "timeout-units",
			files: tree("~/.pisces/agent/mcp.json", "{\"mcpServers\": {\"p\": {\"command\": \"p\",\n\t\"timeout\":\n\t\t30}}}"),
			want:  []hit{h("warning", "~/.pisces/agent/mcp.json:3:3", "30", "30 ms")}},
		{name: "opencode timeout and codex both fields", rule: "timeout-units",
			files: tree("opencode.jsonc", "{\"mcp\": {\"o\": {\"type\": \"local\", \"command\": [\"o\"], \"timeout\": 5}}}",
				".codex/config.toml", "[mcp_servers.c]\ncommand = \"c\"\nstartup_timeout_sec = 20\nstartup_timeout_ms = 20000\n"),
			want: []hit{h("warning", ".codex/config.toml:4:1", "startup_timeout_ms", "ignores \"startup_timeout_ms\""),
				h("warning", "opencode.jsonc:1:62", "5}", "5 ms")}},
		{name: "zero disables, ms values and windsurf has no unit", rule: "timeout-units",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"p": {"command": "p", "timeout": 0}, "q": {"command": "q", "timeout": 1000}}}`,
				".codex/config.toml", "[mcp_servers.c]\ncommand = \"c\"\nstartup_timeout_sec = 999.5\n")},

		// invalid-enabled
		{name: "codex required as a string in a sub-table layout", rule: "invalid-enabled",
			files: tree(".codex/config.toml", "[mcp_servers.db]\ncommand = \"db\"\nrequired = \"true\"\n[mcp_servers.db.env]\nA = \"b\"\n"),
			want:  []hit{h("error", ".codex/config.toml:3:12", `"true"`, "Codex cannot load the config")},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "windsurf disabled as a string", rule: "invalid-enabled",
			files: tree("~/.codeium/windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\"command\": \"w\", \"disabled\": \"yes\"}}}"),
			want:  []hit{h("error", "~/.codeium/windsurf/mcp_config.json:1:51", `"yes"`, "Windsurf expects a boolean")}},
		{name: "pisces coerced string is info, number 0 is ignored (the server starts)", rule: "invalid-enabled",
			files: tree(".pisces/mcp.json", "{\"mcpServers\": {\n\"a\": {\"command\": \"a\", \"enabled\": \"0\"},\n\"b\": {\"command\": \"b\", \"enabled\": 0}}}"),
			want: []hit{h("info", ".pisces/mcp.json:2:34", `"0"`, "pisces reads as false"),
				h("error", ".pisces/mcp.json:3:34", "0}", "pisces keeps the server enabled")}},
		{name: "gemini trust on the next line", rule: "invalid-enabled",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"g\": {\"command\": \"g\", \"trust\":\n  \"false\"}}}"),
			want:  []hit{h("error", ".gemini/settings.json:2:3", `"false"`, "Gemini CLI expects a boolean")}},
		{name: "real booleans; enabled unknown to cursor is unknown-field", rule: "invalid-enabled",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"a\"\nenabled = false\nrequired = true\n",
				".cursor/mcp.json", `{"mcpServers": {"c": {"command": "c", "enabled": "no"}}}`)},

		// tool-filter-conflict
		{name: "codex multi-line lists", rule: "tool-filter-conflict",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"gh\"\nenabled_tools = [\n  \"search_issues\",\n  \"get_issue\",\n]\ndisabled_tools = [\n  \"get_issue\",\n]\n"),
			want:  []hit{h("warning", ".codex/config.toml:8:3", `"get_issue"`, "deny-list wins")}},
		{name: "pisces reads no tool filter", rule: "unknown-field",
			files: tree("~/.pisces/agent/mcp.json", "{\"mcpServers\": {\"gh\": {\"command\": \"gh\",\n  \"enabledTools\": [\"delete_repo\", \"list_*\"],\n  \"disabledTools\": [\"delete_*\"], \"lazy\": true}}}"),
			want: []hit{h("warning", "~/.pisces/agent/mcp.json:2:3", `"enabledTools"`, "pisces ignores it"),
				h("warning", "~/.pisces/agent/mcp.json:3:3", `"disabledTools"`, "pisces ignores it"),
				h("warning", "~/.pisces/agent/mcp.json:3:34", `"lazy"`, "pisces ignores it")}},
		{name: "gemini empty include list in a user file", rule: "tool-filter-conflict",
			files: tree("~/.gemini/settings.json", "{\"mcpServers\": {\"g\": {\"command\": \"g\", \"includeTools\": [ ]}}}"),
			want:  []hit{h("warning", "~/.gemini/settings.json:1:55", "[ ]", "makes none of its tools available")}},
		{name: "allow all but one; gemini tool(args)", rule: "tool-filter-conflict",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"gh\"\nenabled_tools = [\"search\"]\ndisabled_tools = [\"delete_repo\"]\n",
				".gemini/settings.json", `{"mcpServers": {"sh": {"command": "sh", "includeTools": ["run_shell_command(git)"], "excludeTools": ["run_shell_command(rm)"]}}}`)},

		// unknown-field
		{name: "codex bearer_token", rule: "unknown-field",
			files: tree(".codex/config.toml", "[mcp_servers.figma]\nurl = \"https://mcp.figma.com/mcp\"\nbearer_token = \"${FIGMA_TOKEN}\"\n"),
			want:  []hit{h("error", ".codex/config.toml:3:1", "bearer_token", `server "figma" has "bearer_token", which Codex does not support: it refuses to load the config`)},
			also:  []normalize.RuleID{"refused-config"}},
		{name: "codex bearer_token in an inline table and a dotted key", rule: "unknown-field",
			files: tree("~/.codex/config.toml", "mcp_servers.a = { url = \"https://a.example.com/mcp\", bearer_token = \"x\" }\nmcp_servers.b.url = \"https://b.example.com/mcp\"\nmcp_servers.b.bearer_token = \"y\"\n"),
			want: []hit{h("error", "~/.codex/config.toml:1:54", "bearer_token", "which Codex does not support"),
				h("error", "~/.codex/config.toml:3:15", "bearer_token", "which Codex does not support")},
			also: []normalize.RuleID{"refused-config"}},
		{name: "agent-code per-server switch", rule: "unknown-field",
			files: tree(".agent/settings.toml", "[mcp_servers.a]\ncommand = \"a\"\nenabled = false\n"),
			want:  []hit{h("warning", ".agent/settings.toml:3:1", "enabled", "agent-code ignores it")},
			hint:  "remove the server's table to keep it from starting"},
		{name: "agent-code command of the wrong type", rule: "refused-config",
			files: tree(".agent/settings.toml", "[mcp_servers.a]\ncommand = 1\n"),
			want:  []hit{h("error", ".agent/settings.toml:2:11", "1", "agent-code refuses its whole config because of this (Error: TOML parse error: invalid type: integer `1`, expected a string in `mcp_servers.a.command`)")},
			also:  []normalize.RuleID{"schema"}},
		{name: "vscode per-server switch", rule: "unknown-field",
			files: tree("~/.config/Code/User/mcp.json", "{\"servers\": {\"v\": {\"command\": \"v\",\n  // off for now\n  \"disabled\": true}}}"),
			want:  []hit{h("warning", "~/.config/Code/User/mcp.json:3:3", `"disabled"`, "VS Code ignores it")}},
		{name: "agent-code type and claude local cwd", rule: "unknown-field",
			files: tree(".agent/settings.toml", "[mcp_servers.web]\ntype = \"sse\"\nurl = \"https://web.example.com/sse\"\n",
				"~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"c\": {\"command\": \"c\", \"cwd\": \"/srv\"}}}}}"),
			want: []hit{h("warning", ".agent/settings.toml:2:1", "type", "agent-code ignores it"),
				h("warning", "~/.claude.json:2:23", `"cwd"`, "Claude Code ignores it")}},
		{name: "codex bearer_token_env_var and windsurf serverUrl are known", rule: "unknown-field",
			files: tree(".codex/config.toml", "[mcp_servers.f]\nurl = \"https://f.example.com/mcp\"\nbearer_token_env_var = \"F_TOKEN\"\n",
				".windsurf/mcp_config.json", `{"mcpServers": {"w": {"serverUrl": "https://w.example.com/mcp", "disabledTools": []}}}`)},
	})
}

// TestAcceptanceValues covers shadowing, collisions, secrets,
// placeholders, pisces value semantics, commands and policy.
func TestAcceptanceValues(t *testing.T) {
	gh := `"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]`
	runAcceptance(t, []accCase{
		// shadowed
		{name: "claude project wins over user (opted in) and two other providers; no local scope", merged: true, rule: "shadowed",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				"~/.claude.json", "{\"mcpServers\": {\"github\": {"+gh+"}},\n \"projects\": {\"<ROOT>\": {\"mcpServers\": {\n   \"github\": {"+gh+", \"env\": {\"X\": \"1\"}}}}}}\n",
				".claude/mcp.json", "{\"mcpServers\": {\"github\": {"+gh+", \"env\": {\"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\"}}}}",
				".mcp.json", "{\"mcpServers\": {\"github\": {"+gh+"}}}",
				"~/.codex/config.toml", "[mcp_servers.github]\ncommand = \"npx\"\nargs = [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"]\n",
				".vscode/mcp.json", "{\"mcp\": {\"servers\": {\n\t\"github\": {\"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\"}}}}"),
			want: []hit{
				h("warning", ".mcp.json:1:17", `"github"`, "hidden by the definition at .claude/mcp.json:1:17, which differs in env"),
				h("warning", ".vscode/mcp.json:2:2", `"github"`, "differs in transport, command, args, env, url"),
				h("warning", "~/.claude.json:1:17", `"github"`, "differs in env"),
				h("warning", "~/.codex/config.toml:1:14", "github]", "differs in env"),
			}},
		{name: "identical copies across pisces, cursor and windsurf are info", merged: true, rule: "shadowed",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				".pisces/mcp.json", "{\"mcpServers\": {\"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"]}}}",
				"~/.cursor/mcp.json", "{\"mcpServers\": {\n  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"]}}}",
				".windsurf/mcp_config.json", "{\"mcpServers\": {\r\n  \"mem\": {\"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"]}}}"),
			want: []hit{
				h("info", ".windsurf/mcp_config.json:2:3", `"mem"`, "hidden by an identical definition at .pisces/mcp.json:1:17"),
				h("info", "~/.cursor/mcp.json:2:3", `"mem"`, "hidden by an identical definition at .pisces/mcp.json:1:17"),
			}},
		{name: "disabled winner still owns the name", merged: true, rule: "shadowed",
			files: tree(".gemini/settings.json", "{\"mcp\": {\"excluded\": [\"db\"]}, \"mcpServers\": {\"db\": {\"command\": \"db\"}}}",
				"opencode.json", "{\"mcp\": {\"db\": {\"type\": \"local\", \"command\": [\"db\"]}}}"),
			want: []hit{h("warning", "opencode.json:1:10", `"db"`, "differs in enabled")}},
		{name: "codex user and project layers in a non-ascii name", merged: true, rule: "shadowed",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				".codex/config.toml", "[mcp_servers.\"dépôt\"]\ncommand = \"repo\"\nargs = [\"--ro\"]\n",
				"~/.codex/config.toml", "[mcp_servers.\"dépôt\"]\ncommand = \"repo\"\n"),
			want: []hit{h("warning", "~/.codex/config.toml:1:14", `"dépôt"`, "differs in args")},
			also: []normalize.RuleID{"server-name"}},
		{name: "same name in different case is not shadowed", rule: "shadowed",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"GitHub": {"command": "a"}}}`, ".mcp.json", `{"mcpServers": {"github": {"command": "a"}}}`)},

		// name-collision
		{name: "pisces merged view across providers", rule: "name-collision",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				".pisces/mcp.json", `{"mcpServers": {"my-server": {"command": "a"}}}`,
				"~/.gemini/settings.json", "{\"mcpServers\": {\n  \"my_server\": {\"command\": \"b\"}}}"),
			want: []hit{h("warning", "~/.gemini/settings.json:2:3", `"my_server"`, `"my_server" and "my-server" both become "my_server" in pisces`)}},
		{name: "codex user and project files", merged: true, rule: "name-collision",
			files: tree("~/.pisces/agent/config.yml", "enabledProviders: [all]\n",
				".codex/config.toml", "[mcp_servers.a_b]\ncommand = \"x\"\n",
				"~/.codex/config.toml", "mcp_servers.\"a b\".command = \"y\"\n"),
			want: []hit{h("warning", "~/.codex/config.toml:1:13", `"a b"`, "in pisces and Codex")},
			also: []normalize.RuleID{"server-name"}},
		{name: "claude local scope and .mcp.json", rule: "name-collision",
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"docs.v1\": {\"command\": \"a\"}}}}}",
				".mcp.json", "{\"mcpServers\": {\"docs_v1\": {\"command\": \"b\"}}}"),
			want: []hit{h("warning", ".mcp.json:1:17", `"docs_v1"`, "Claude Code")}},
		{name: "disabled servers and letters that differ do not collide", rule: "name-collision",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"my-server": {"command": "a"}, "my_server": {"command": "b"}, "my-service": {"command": "c"}}}`,
				"~/.pisces/agent/mcp.json", `{"disabledServers": ["my_server"]}`)},

		// hardcoded-secret
		{name: "codex inline env table and http_headers sub-table", rule: "hardcoded-secret",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"gh-mcp\"\nenv = { GH_TOKEN = \"ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N\" }\n\n[mcp_servers.api]\nurl = \"https://api.example.com/mcp\"\n[mcp_servers.api.http_headers]\nX-Api-Key = \"Zx8Qw2Lm5Nb7Vc3Kp9Rt4Yh6\"\n"),
			want: []hit{h("error", ".codex/config.toml:3:21", "ghp_", "literal GitHub personal access token"),
				h("error", ".codex/config.toml:8:13", `"Zx8Q`, "looks like a literal secret")}},
		{name: "claude local scope is in the home: warning", rule: "hardcoded-secret",
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"s\": {\"type\": \"http\", \"url\": \"https://s.example.com/mcp\",\n \"headers\": {\"Authorization\": \"Bearer Zx8Qw2Lm5Nb7Vc3Kp9Rt4Yh6\"}}}}}}"),
			want:  []hit{h("warning", "~/.claude.json:3:32", "Bearer Zx8", "literal bearer token")}},
		{name: "secret after a non-ascii value in args", rule: "hardcoded-secret",
			files: tree(".cursor/mcp.json", "{\"mcpServers\": {\"s\": {\"command\": \"s\", \"args\": [\"--name=Zoë\", \"--api-key=Zx8Qw2Lm5Nb7Vc3Kp9Rt4Yh6\"]}}}"),
			want:  []hit{h("error", ".cursor/mcp.json:1:73", "Zx8Q", `the value of "--api-key"`)}},
		{name: "agent-code local file is an error", rule: "hardcoded-secret",
			files: tree(".agent/settings.local.toml", "[mcp_servers.s]\ncommand = \"s\"\n[mcp_servers.s.env]\nSLACK_BOT_TOKEN = \"xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx\"\n"),
			want:  []hit{h("error", ".agent/settings.local.toml:4:20", "xoxb-", "Slack")}},
		{name: "token in a server entry a duplicate key hides", rule: "hardcoded-secret",
			files: tree(".cursor/mcp.json", "{\"mcpServers\": {\n  \"gh\": {\"command\": \"gh\", \"env\": {\"GITHUB_TOKEN\": \"ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N\"}},\n  \"gh\": {\"command\": \"gh\", \"env\": {\"GITHUB_TOKEN\": \"${env:GITHUB_TOKEN}\"}}\n}}"),
			want:  []hit{h("error", ".cursor/mcp.json:2:52", "ghp_", "literal GitHub personal access token")}},
		{name: "token under an env key written twice", rule: "hardcoded-secret",
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\"gh\": {\"command\": \"gh\", \"env\": {\n  \"GITHUB_TOKEN\": \"ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N\",\n  \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\"}}}}}}"),
			want:  []hit{h("warning", "~/.claude.json:2:20", "ghp_", "literal GitHub personal access token")}},
		{name: "placeholders, paths, variable names and example values", rule: "hardcoded-secret",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "s", "env": {"API_KEY": "${API_KEY}", "GOOGLE_APPLICATION_CREDENTIALS": "/home/me/creds/service-account.json", "TOKEN": "your-token-goes-here-please-replace"}}}}`,
				".codex/config.toml", "[mcp_servers.c]\nurl = \"https://c.example.com/mcp\"\nbearer_token_env_var = \"Zx8Qw2Lm5Nb7Vc3Kp9Rt4Yh6\"\nenv_http_headers = { \"X-Api-Key\" = \"Zx8Qw2Lm5Nb7Vc3Kp9Rt4Yh6\" }\n")},

		// foreign-placeholder
		{name: "claude syntax in a codex sub-table", rule: "foreign-placeholder",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"gh\"\n[mcp_servers.gh.env]\nGITHUB_TOKEN = \"${GITHUB_TOKEN}\"\n"),
			want:  []hit{h("warning", ".codex/config.toml:4:17", "${GITHUB_TOKEN}", "not expanded by Codex")}},
		{name: "opencode syntax in gemini after a non-ascii prefix", rule: "foreign-placeholder",
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"g\": {\"command\": \"g\", \"args\": [\"--über={env:G_TOKEN}\"]}}}"),
			want:  []hit{h("warning", ".gemini/settings.json:1:56", "{env:G_TOKEN}", "not expanded by Gemini CLI")}},
		{name: "vscode input in cursor, claude syntax in opencode", rule: "foreign-placeholder",
			files: tree(".cursor/mcp.json", "{\"mcpServers\": {\"c\": {\"url\": \"https://c.example.com/mcp\",\n  \"headers\": {\"Authorization\": \"Bearer ${input:token}\"}}}}",
				"opencode.jsonc", "{\"mcp\": {\"o\": {\"type\": \"local\", \"command\": [\"o\", \"${TOKEN}\"]}}}"),
			want: []hit{h("warning", ".cursor/mcp.json:2:40", "${input:token}", "only VS Code prompts for inputs"),
				h("warning", "opencode.jsonc:1:51", "${TOKEN}", "not expanded by opencode")}},
		{name: "shell arguments and lower-case dollars", rule: "foreign-placeholder",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"sh": {"command": "bash", "args": ["-c", "exec srv --token $TOKEN"]}, "o": {"url": "https://o.example.com/odata?$filter=x"}}}`,
				".pisces/mcp.json", `{"mcpServers": {"p": {"command": "p", "env": {"T": "!echo $HOME"}}}}`)},

		// unknown-input
		{name: "vscode user file input in args, comments between", rule: "unknown-input",
			files: tree("~/.config/Code/User/mcp.json", "{\n  \"inputs\": [ /* none yet */ ],\n  \"servers\": { \"d\": { \"command\": \"d\",\n    \"args\": [\"--key\", \"${input:api-key}\"] } }\n}\n"),
			want:  []hit{h("error", "~/.config/Code/User/mcp.json:4:24", "${input:api-key}", `input "api-key" is not declared`)}},
		{name: "near miss suggested, unused input reported", rule: "unknown-input",
			files: tree(".vscode/mcp.json", "{\r\n\t\"inputs\": [{\"type\": \"promptString\", \"id\": \"gh_token\"}],\r\n\t\"servers\": {\"gh\": {\"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\",\r\n\t\t\"headers\": {\"Authorization\": \"Bearer ${input:gh-token}\"}}}\r\n}\r\n"),
			want: []hit{h("info", ".vscode/mcp.json:2:44", `"gh_token"`, "declared but no placeholder uses it"),
				h("error", ".vscode/mcp.json:4:40", "${input:gh-token}", `input "gh-token" is not declared`)}},
		{name: "input in a non-ascii server's env", rule: "unknown-input",
			files: tree(".vscode/mcp.json", `{"inputs": [{"type": "promptString", "id": "a"}], "servers": {"ü": {"command": "ü", "env": {"A": "${input:a}", "B": "${input:b}"}}}}`),
			want:  []hit{h("error", ".vscode/mcp.json:1:118", "${input:b}", `input "b"`)},
			also:  []normalize.RuleID{"server-name"}},
		{name: "declared inputs used anywhere", rule: "unknown-input",
			files: tree(".vscode/mcp.json", `{"inputs": [{"type": "pickString", "id": "region", "options": ["eu", "us"]}], "servers": {"s": {"type": "http", "url": "https://${input:region}.example.com/mcp"}}}`)},
	})
}

// TestAcceptanceRuntime covers variables, pisces value semantics, package
// runners and the policy.
func TestAcceptanceRuntime(t *testing.T) {
	env := &Config{Getenv: envOf("SET_TOKEN", "x", "HOME", "/home/me")}
	runAcceptance(t, []accCase{
		// undefined-variable
		{name: "codex env_vars objects and a dotted bearer var", rule: "undefined-variable", cfg: env,
			files: tree(".codex/config.toml", "mcp_servers.f.url = \"https://f.example.com/mcp\"\nmcp_servers.f.bearer_token_env_var = \"F_TOKEN\"\n\n[mcp_servers.gh]\ncommand = \"gh\"\nenv_vars = [\n  \"SET_TOKEN\",\n  { name = \"GH_HOST\", source = \"local\" },\n]\n"),
			want: []hit{h("error", ".codex/config.toml:2:38", `"F_TOKEN"`, "Codex does not start the server"),
				h("warning", ".codex/config.toml:8:12", `"GH_HOST"`, `variable "GH_HOST" in "env_vars" is not set`)}},
		{name: "gemini bare dollar in a header after a non-ascii prefix", rule: "undefined-variable", cfg: env,
			files: tree(".gemini/settings.json", "{\"mcpServers\": {\"g\": {\"url\": \"https://g.example.com/mcp\", \"headers\": {\"X-Ünit\": \"ü-$G_UNIT\"}}}}"),
			want:  []hit{h("warning", ".gemini/settings.json:1:84", "$G_UNIT", "Gemini CLI substitutes an empty string")}},
		{name: "claude local scope url", rule: "undefined-variable", cfg: env,
			files: tree("~/.claude.json", "{\"projects\": {\"<ROOT>\": {\"mcpServers\": {\n\"d\": {\"type\": \"http\", \"url\": \"https://${DOCS_HOST}/mcp\"}}}}}"),
			want:  []hit{h("warning", "~/.claude.json:2:39", "${DOCS_HOST}", `the server gets "${DOCS_HOST}" literally`)}},
		{name: "defaults, set variables, disabled servers and foreign syntax", rule: "undefined-variable", cfg: env,
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "a", "args": ["${NOPE:-x}", "${SET_TOKEN}", "${HOME}/x"]}}}`,
				".pisces/mcp.json", `{"mcpServers": {"b": {"command": "b", "enabled": false, "args": ["${NOPE}"]}}}`,
				".cursor/mcp.json", `{"mcpServers": {"c": {"command": "c", "args": ["${NOPE}"]}}}`)},

		// shell-command-value
		{name: "bare mcp.json header of a remote server", merged: true, rule: "shell-command-value",
			files: tree("mcp.json", "{\"mcpServers\": {\"r\": {\"type\": \"http\", \"url\": \"https://r.example.com/mcp\",\n\t\"headers\": {\"Authorization\": \"!op read 'op://vault/r/token'\"}}}}"),
			want:  []hit{h("error", "mcp.json:2:31", `"!op read`, "anyone who opens this project with pisces runs it")}},
		{name: ".pisces/.mcp.json env after a comment-free crlf", rule: "shell-command-value",
			files: tree(".pisces/.mcp.json", "{\"mcpServers\": {\"gh\": {\"command\": \"gh-mcp\",\r\n  \"env\": {\"GITHUB_TOKEN\":\r\n    \"!gh auth token\"}}}}"),
			want:  []hit{h("error", ".pisces/.mcp.json:3:5", `"!gh auth token"`, `env "GITHUB_TOKEN" runs a shell command`)}},
		{name: "user file is info", rule: "shell-command-value",
			files: tree("~/.pisces/agent/mcp.json", "{\"mcpServers\": {\"gh\": {\"command\": \"gh-mcp\", \"env\": {\"GH_TOKEN\": \"!security find-generic-password -w -s gh\"}}}}"),
			want:  []hit{h("info", "~/.pisces/agent/mcp.json:1:65", `"!security`, "read from a shell command")}},
		{name: "double bang is a command too (pisces has no escape)", rule: "shell-command-value",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"a": {"command": "a", "env": {"A": "!!literal"}}}}`),
			want:  []hit{h("error", ".pisces/mcp.json:1:52", `"!!literal"`, `env "A" runs a shell command`)}},
		{name: "claude files and fields pisces does not resolve", rule: "shell-command-value",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"a": {"command": "a", "env": {"A": "lit!eral"}, "headers": {"X": "!echo x"}}, "b": {"type": "http", "url": "https://b.example.com/mcp", "env": {"B": "!echo b"}}}}`,
				".claude/mcp.json", `{"mcpServers": {"c": {"command": "c", "env": {"C": "!echo c"}}}}`)},

		// bare-env-name
		{name: "secret-looking key in the pisces user file", rule: "bare-env-name",
			files: tree("~/.pisces/agent/mcp.json", "{\"mcpServers\": {\"s\": {\"command\": \"s\", \"env\": {\n  \"SLACK_BOT_TOKEN\": \"SLACK_TOKEN\"}}}}"),
			want:  []hit{h("info", "~/.pisces/agent/mcp.json:2:22", `"SLACK_TOKEN"`, `the bare name "SLACK_TOKEN"`)}},
		{name: "header of a remote server in .mcp.json", merged: true, rule: "bare-env-name",
			files: tree(".mcp.json", "{\"mcpServers\": {\"r\": {\"type\": \"http\", \"url\": \"https://r.example.com/mcp\", \"headers\": {\"X-Api-Key\": \"R_API_KEY\"}}}}"),
			want:  []hit{h("info", ".mcp.json:1:100", `"R_API_KEY"`, "Claude Code always sends the name")}},
		{name: "value equal to its key", rule: "bare-env-name",
			files: tree(".pisces/mcp.json", "{\"mcpServers\": {\"t\": {\"command\": \"t\", \"env\": {\"TENANT\": \"TENANT\"}}}}"),
			want:  []hit{h("info", ".pisces/mcp.json:1:57", `"TENANT"`, "pisces sends the value")}},
		{name: "plain words, placeholders and other clients", rule: "bare-env-name",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"a": {"command": "a", "env": {"LOG_LEVEL": "INFO", "TOKEN": "${TOKEN}"}}}}`,
				".cursor/mcp.json", `{"mcpServers": {"c": {"command": "c", "env": {"API_KEY": "API_KEY"}}}}`)},

		// npx-without-yes
		{name: "codex multi-line args with options first", rule: "npx-without-yes",
			files: tree(".codex/config.toml", "[mcp_servers.mem]\ncommand = \"npx\"\nargs = [\n  \"--registry=https://registry.npmjs.org\",\n  \"@modelcontextprotocol/server-memory@2025.8.4\",\n]\n"),
			want:  []hit{h("warning", ".codex/config.toml:5:3", `"@modelcontextprotocol/server-memory`, "without \"-y\"")}},
		{name: "opencode command array", rule: "npx-without-yes",
			files: tree("~/.config/opencode/opencode.jsonc", "{\"mcp\": {\"m\": {\"type\": \"local\", \"command\": [\"npx\", \"mcp-remote@0.1.29\", \"https://m.example.com/mcp\"]}}}"),
			want:  []hit{h("warning", "~/.config/opencode/opencode.jsonc:1:52", `"mcp-remote@0.1.29"`, "without \"-y\"")}},
		{name: "windows cmd /c wrapper with npx.cmd", rule: "npx-without-yes",
			files: tree(".windsurf/mcp_config.json", "{\"mcpServers\": {\"w\": {\"command\": \"cmd\", \"args\": [\"/c\", \"npx.cmd\", \"@upstash/context7-mcp@1.0.14\"]}}}"),
			want:  []hit{h("warning", ".windsurf/mcp_config.json:1:67", `"@upstash/context7-mcp`, "without \"-y\"")}},
		{name: "-y, --yes, --no and npm_config_yes", rule: "npx-without-yes",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"a": {"command": "npx", "args": ["--yes", "a@1.0.0"]}, "b": {"command": "/usr/bin/npx", "args": ["-p", "b@1.0.0", "-y", "b"]}, "c": {"command": "npx", "args": ["c@1.0.0"], "env": {"npm_config_yes": "true"}}}}`)},

		// unpinned-package
		{name: "uvx in a codex inline table", rule: "unpinned-package",
			files: tree(".codex/config.toml", "mcp_servers.fetch = { command = \"uvx\", args = [\"mcp-server-fetch\"] }\n"),
			want:  []hit{h("info", ".codex/config.toml:1:48", `"mcp-server-fetch"`, "")}},
		{name: "docker image without tag on a later line", rule: "unpinned-package",
			files: tree(".vscode/mcp.json", "{\"servers\": {\"gh\": {\"command\": \"docker\", \"args\": [\n  \"run\", \"-i\", \"--rm\",\n  \"ghcr.io/github/github-mcp-server\"\n]}}}"),
			want:  []hit{h("info", ".vscode/mcp.json:3:3", `"ghcr.io/github/github-mcp-server"`, "")}},
		{name: "npx latest dist-tag", rule: "unpinned-package",
			files: tree(".mcp.json", "{\"mcpServers\": {\"c7\": {\"command\": \"npx\", \"args\": [\"-y\", \"@upstash/context7-mcp@latest\"]}}}"),
			want:  []hit{h("info", ".mcp.json:1:57", `"@upstash/context7-mcp@latest"`, "")}},
		{name: "pinned everywhere", rule: "unpinned-package",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "@scope/a@1.2.3"]}, "b": {"command": "uvx", "args": ["b==1.0.0"]}, "c": {"command": "docker", "args": ["run", "-i", "img@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"]}}}`)},

		// policy
		{name: "denied command in an opencode array", rule: "policy",
			cfg:   &Config{Policy: Policy{DenyCommands: []string{"docker"}}},
			files: tree("opencode.json", "{\"mcp\": {\"d\": {\"type\": \"local\", \"command\": [\n  \"docker\", \"run\", \"-i\", \"mcp/x:1\"]}}}"),
			want:  []hit{h("error", "opencode.json:2:3", `"docker"`, `matches "docker" in deny_commands`)}},
		{name: "denied url in windsurf serverUrl", rule: "policy",
			cfg:   &Config{Policy: Policy{DenyURLs: []string{"https://*.untrusted.example/*"}}},
			files: tree("~/.codeium/windsurf/mcp_config.json", "{\"mcpServers\": {\"n\": {\"serverUrl\": \"https://mcp.untrusted.example/mcp\"}}}"),
			want:  []hit{h("error", "~/.codeium/windsurf/mcp_config.json:1:36", `"https://mcp.untrusted`, "in deny_urls")}},
		{name: "name allow list checks hidden and disabled definitions", rule: "policy",
			cfg: &Config{Policy: Policy{AllowNames: []string{"fs", "docs"}}},
			files: tree(".codex/config.toml", "[mcp_servers.fs]\ncommand = \"fs\"\n[mcp_servers.\"évil\"]\ncommand = \"e\"\nenabled = false\n",
				"~/.cursor/mcp.json", "{\"mcpServers\": {\"docs\": {\"url\": \"https://d.example.com/mcp\"}, \"notes\": {\"url\": \"https://n.example.com/mcp\"}}}"),
			want: []hit{h("error", ".codex/config.toml:3:14", `"évil"]`, "not allowed by policy"),
				h("error", "~/.cursor/mcp.json:1:63", `"notes"`, "not allowed by policy")},
			also: []normalize.RuleID{"server-name"}},
		{name: "allowed base name and cmd wrapper", rule: "policy",
			cfg:   &Config{Policy: Policy{AllowCommands: []string{"npx"}}},
			files: tree(".cursor/mcp.json", `{"mcpServers": {"a": {"command": "/usr/local/bin/npx", "args": ["-y", "a@1.0.0"]}, "b": {"command": "cmd", "args": ["/c", "npx", "-y", "b@1.0.0"]}}}`)},
	})
}

// TestAcceptanceLintConfig plants problems in .mcpconf.toml.
func TestAcceptanceLintConfig(t *testing.T) {
	cases := []struct {
		name, src string
		want      []hit
	}{
		{"unknown rule as a severity key", "[severity]\nshadowd = \"info\"\n",
			[]hit{h("error", ".mcpconf.toml:2:1", "shadowd", `unknown rule "shadowd"; did you mean "shadowed"?`)}},
		{"bad glob in a multi-line list", "[[ignore]]\npaths = [\n  \"ok/**\",\n  \"a/[\",\n]\nreason = \"fixtures\"\n",
			[]hit{h("error", ".mcpconf.toml:4:3", `"a/["`, `bad glob "a/["`)}},
		{"sections written as values", "severity = \"info\"\r\npolicy = [\"deny\"]\r\n",
			[]hit{h("error", ".mcpconf.toml:1:12", `"info"`, `"severity" must be a table`),
				h("error", ".mcpconf.toml:2:10", `["deny"]`, `"policy" must be a table`)}},
		{"misspelled rule in enable, crlf, tab", "enable = [\r\n\t\"unpinned-packages\",\r\n]\r\n",
			[]hit{h("error", ".mcpconf.toml:2:2", `"unpinned-packages"`, `did you mean "unpinned-package"?`)}},
		{"misspelled policy key in a dotted key", "policy.deny_url = [\"http://*\"]\n",
			[]hit{h("error", ".mcpconf.toml:1:8", "deny_url", `did you mean "deny_urls"?`)}},
		{"ignore without reason", "[[ignore]]\npaths = [\"testdata/**\"]\n",
			[]hit{h("error", ".mcpconf.toml:1:3", "ignore]]", `has no "reason"`)}},
		{"valid config", "disable = [\"deprecated-sse\"]\nenable = [\"unpinned-package\"]\n[severity]\nshadowed = \"info\"\n[[ignore]]\npaths = [\"testdata/**\"]\nrules = [\"hardcoded-secret\"]\nreason = \"fake tokens\"\n[policy]\ndeny_urls = [\"http://*\"]\n", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(t.TempDir(), ConfigFile)
			if err := os.WriteFile(p, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, diags, err := LoadConfig(p, ConfigFile, false)
			if err != nil {
				t.Fatal(err)
			}
			var got, want []string
			for _, d := range diags {
				got = append(got, d.Severity.String()+" "+loc(d.Path, d.Pos.Line, d.Pos.Col))
				if d.Rule != "lint-config" {
					t.Errorf("rule %q, want lint-config: %v", d.Rule, d)
				}
			}
			for _, w := range c.want {
				want = append(want, w.sev+" "+w.at)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Fatalf("got %q, want %q: %v", got, want, diags)
			}
			files := map[string]string{ConfigFile: c.src}
			for i, w := range c.want {
				if !strings.Contains(diags[i].Message, w.msg) {
					t.Errorf("message %q does not contain %q", diags[i].Message, w.msg)
				}
				if text := textAt(files, w.at); !strings.HasPrefix(text, w.tok) {
					t.Errorf("the text at %s is %q, not %q", w.at, text, w.tok)
				}
			}
		})
	}
}
