package discover_test

import (
	"github.com/mcpconf/mcpconf/internal/testtree"

	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// Acceptance cases for the merged view, read the way users read it: the
// JSON of `mcpconf explain --format json`. Each case is a tree no other
// test uses; the expectations come from the providers table of design.md
// and the client sections of formats.md.

// The parts of the explain JSON the cases check.
type xOrigin struct {
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

func (o xOrigin) at() string { return fmt.Sprintf("%s:%d:%d", o.Path, o.Line, o.Column) }

type xShadow struct {
	Source      xOrigin  `json:"source"`
	Differs     bool     `json:"differs"`
	Differences []string `json:"differences"`
	Reason      string   `json:"reason"`
}

type xServer struct {
	Name       string    `json:"name"`
	Transport  string    `json:"transport"`
	Command    string    `json:"command"`
	URL        string    `json:"url"`
	Enabled    bool      `json:"enabled"`
	DisabledBy string    `json:"disabled_by"`
	Source     xOrigin   `json:"source"`
	Shadowed   []xShadow `json:"shadowed"`
}

type xSource struct {
	Path    string  `json:"path"`
	Section string  `json:"section"`
	Status  string  `json:"status"`
	Servers int     `json:"servers"`
	Error   *string `json:"error"`
}

type xDiag struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

type xExplain struct {
	Sources     []xSource `json:"sources"`
	Servers     []xServer `json:"servers"`
	Diagnostics []xDiag   `json:"diagnostics"`
}

// explainTree writes files ("~/" paths go to the home; "<ROOT>" in a
// content is replaced by the project root; a content "symlink:TARGET"
// makes a symbolic link), discovers them and returns explain's JSON,
// decoded.
func explainTree(t *testing.T, files map[string]string, env map[string]string) xExplain {
	t.Helper()
	root, home := testtree.Write(t, files)
	getenv := func(k string) string {
		if v, ok := env[k]; ok {
			return strings.ReplaceAll(v, "<ROOT>", root)
		}
		return ""
	}
	o := discover.Options{Root: root, Home: home, Getenv: getenv}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	ws := o.Scan([]*normalize.Client{normalize.ClientByID("pisces")}, discover.AllScopes)
	var buf bytes.Buffer
	if err := report.ExplainJSON(&buf, view.NewWorkspace(secret.NewKeyed(nil), ws, run.ExplainOptions{}).Views[0]); err != nil {
		t.Fatal(err)
	}
	var out xExplain
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatalf("explain JSON does not decode: %v\n%s", err, buf.String())
	}
	return out
}

// wServer is an expected effective server: where its winning definition
// is, whether it is enabled (and a piece of why not), and every definition
// it shadows in order, as "path:line:col | differences | reason".
type wServer struct {
	name, at   string
	disabledBy string // "" means enabled
	shadowed   []string
}

// wBroken is a source that could not be read: its error must start with
// line:col (pos; "" for a file without one) and contain msg, and an error
// of rule must sit there.
type wBroken struct {
	path, pos, msg, rule string
}

type explainCase struct {
	name    string
	files   map[string]string
	env     map[string]string
	servers []wServer // every effective server, by name
	broken  []wBroken // every source with status "error"
	diags   []string  // every diagnostic as "severity path:line:col rule", when set
}

func runExplainCases(t *testing.T, cases []explainCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			x := explainTree(t, c.files, c.env)
			var names, want []string
			for _, s := range x.Servers {
				names = append(names, s.Name)
			}
			for _, s := range c.servers {
				want = append(want, s.name)
			}
			if !slices.Equal(names, want) {
				t.Fatalf("effective servers %q, want %q", names, want)
			}
			for i, w := range c.servers {
				s := x.Servers[i]
				if s.Source.at() != w.at {
					t.Errorf("%s: winner at %s, want %s", w.name, s.Source.at(), w.at)
				}
				switch {
				case w.disabledBy == "" && !s.Enabled:
					t.Errorf("%s: disabled (%s), want enabled", w.name, s.DisabledBy)
				case w.disabledBy != "" && (s.Enabled || !strings.Contains(s.DisabledBy, w.disabledBy)):
					t.Errorf("%s: enabled=%t disabled_by=%q, want disabled by %q", w.name, s.Enabled, s.DisabledBy, w.disabledBy)
				}
				var got []string
				for _, sh := range s.Shadowed {
					got = append(got, fmt.Sprintf("%s | %s | %s", sh.Source.at(), strings.Join(sh.Differences, ","), sh.Reason))
					if sh.Differs != (len(sh.Differences) > 0) {
						t.Errorf("%s: shadowed %s: differs=%t with differences %q", w.name, sh.Source.at(), sh.Differs, sh.Differences)
					}
				}
				if strings.Join(got, "\n") != strings.Join(w.shadowed, "\n") {
					t.Errorf("%s: shadowed\n got: %q\nwant: %q", w.name, got, w.shadowed)
				}
			}
			var broken []string
			for _, src := range x.Sources {
				if src.Status == "error" {
					broken = append(broken, src.Path)
				}
			}
			var wantBroken []string
			for _, b := range c.broken {
				wantBroken = append(wantBroken, b.path)
			}
			slices.Sort(broken)
			slices.Sort(wantBroken)
			broken = slices.Compact(broken) // ~/.claude.json is two sources
			if !slices.Equal(broken, wantBroken) {
				t.Errorf("broken sources %q, want %q", broken, wantBroken)
			}
			for _, b := range c.broken {
				for _, src := range x.Sources {
					if src.Path != b.path || src.Status != "error" {
						continue
					}
					prefix := b.pos + ": "
					if b.pos == "" {
						prefix = ""
					}
					if src.Error == nil || !strings.HasPrefix(*src.Error, prefix) || !strings.Contains(*src.Error, b.msg) {
						t.Errorf("%s: error %v, want %q…%q", b.path, strOrNil(src.Error), b.pos, b.msg)
					}
					if src.Servers != 0 {
						t.Errorf("%s: %d servers from a broken file", b.path, src.Servers)
					}
				}
				found := false
				for _, d := range x.Diagnostics {
					pos := fmt.Sprintf("%d:%d", d.Line, d.Column)
					if d.Line == 0 {
						pos = ""
					}
					if d.Path == b.path && pos == b.pos && d.Rule == b.rule && d.Severity == "error" {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: no %s diagnostic at %s in %v", b.path, b.rule, b.pos, x.Diagnostics)
				}
			}
			if c.diags != nil {
				var got []string
				for _, d := range x.Diagnostics {
					got = append(got, fmt.Sprintf("%s %s:%d:%d %s", d.Severity, d.Path, d.Line, d.Column, d.Rule))
				}
				if strings.Join(got, "\n") != strings.Join(c.diags, "\n") {
					t.Errorf("diagnostics\n got: %q\nwant: %q", got, c.diags)
				}
			}
		})
	}
}

func strOrNil(s *string) string {
	if s == nil {
		return "null"
	}
	return *s
}

func TestAcceptanceExplainPrecedence(t *testing.T) {
	runExplainCases(t, []explainCase{
		{name: "claude project over user (opted in; no local scope), codex, gemini, vscode and .mcp.json",
			files: map[string]string{
				"~/.pisces/agent/config.yml": "enabledProviders:\n  - all\n",
				"~/.claude.json":             "{\n  \"mcpServers\": {\n    \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"gh@1\"] }\n  },\n  \"projects\": {\n    \"<ROOT>\": {\n      \"mcpServers\": {\n        \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"gh@2\"] }\n      }\n    },\n    \"/elsewhere\": { \"mcpServers\": { \"other\": { \"command\": \"o\" } } }\n  }\n}\n",
				".claude/mcp.json":           "{\"mcpServers\": {\r\n  \"github\": {\"command\": \"npx\", \"args\": [\"-y\", \"gh@3\"]}}}",
				"~/.codex/config.toml":       "[mcp_servers.github]\nurl = \"https://api.githubcopilot.com/mcp/\"\nbearer_token_env_var = \"GH_TOKEN\"\n",
				".gemini/settings.json":      "{ // gemini\n \"mcpServers\": {\"github\": {\"command\": \"npx\", \"args\": [\"-y\", \"gh@2\"]}}}",
				".vscode/mcp.json":           "{\"mcp\": {\"servers\": {\"github\": {\"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\"}}}}",
				".mcp.json":                  "{\"mcpServers\": {\"github\": {\"command\": \"npx\", \"args\": [\"-y\", \"gh@2\"]}}}",
			},
			servers: []wServer{{name: "github", at: ".claude/mcp.json:2:3", shadowed: []string{
				"~/.claude.json:3:5 | args | same provider: project scope wins over user scope",
				"~/.codex/config.toml:1:14 | transport,command,args,url,header_env_refs | lower priority: codex (70) < claude (80)",
				".gemini/settings.json:2:17 | args | lower priority: gemini (60) < claude (80)",
				".vscode/mcp.json:1:22 | transport,command,args,url | lower priority: vscode (20) < claude (80)",
				".mcp.json:1:17 | args | lower priority: mcp-json (5) < claude (80)",
			}}}},
		{name: "pisces disabledServers turns off another provider's winner, which keeps its name",
			files: map[string]string{
				"~/.pisces/agent/mcp.json":   "{\n  \"disabledServers\": [\"db\"],\n  \"mcpServers\": {}\n}\n",
				"~/.pisces/agent/config.yml": "enabledProviders: [cursor]\n",
				".cursor/mcp.json":           "{\"mcpServers\": {\"db\": {\"command\": \"db\", \"args\": [\"--project\"]}}}",
				"~/.cursor/mcp.json":         "{\"mcpServers\": {\"db\": {\"command\": \"db\"}}}",
				".mcp.json":                  "{\"mcpServers\": {\"db\": {\"command\": \"db\", \"args\": [\"--project\"]}}}",
			},
			servers: []wServer{{name: "db", at: ".cursor/mcp.json:1:17", disabledBy: `listed in "disabledServers" at ~/.pisces/agent/mcp.json:2:3`, shadowed: []string{
				"~/.cursor/mcp.json:1:17 | args | same provider: project scope wins over user scope",
				// disabledServers acts on the name whatever provider wins,
				// so this copy would be off too: it does not differ.
				".mcp.json:1:17 |  | lower priority: mcp-json (5) < cursor (50)",
			}}}},
		{name: "pisces enabledServers turns a windsurf server back on",
			files: map[string]string{
				"~/.pisces/agent/mcp.json":  "{\"enabledServers\": [\"wind\"], \"mcpServers\": {}}",
				".windsurf/mcp_config.json": "{\"mcpServers\": {\n\t\"wind\": {\"command\": \"w\", \"disabled\": true},\n\t\"calm\": {\"command\": \"c\", \"disabled\": true}}}",
			},
			servers: []wServer{
				{name: "calm", at: ".windsurf/mcp_config.json:3:2", disabledBy: `"disabled" is true at .windsurf/mcp_config.json:3:39`},
				{name: "wind", at: ".windsurf/mcp_config.json:2:2"},
			}},
		{name: "gemini mcp.excluded: the excluded definition still wins over opencode",
			files: map[string]string{
				".gemini/settings.json": "{\n  \"mcp\": {\n    // not today\n    \"excluded\": [\"search\"]\n  },\n  \"mcpServers\": {\"search\": {\"command\": \"search\"}}\n}\n",
				"opencode.json":         "{\"mcp\": {\"search\": {\"type\": \"local\", \"command\": [\"search\"]}}}",
			},
			servers: []wServer{{name: "search", at: ".gemini/settings.json:6:18", disabledBy: `listed in "mcp.excluded" at .gemini/settings.json:4:5`, shadowed: []string{
				"opencode.json:1:10 | enabled | lower priority: opencode (55) < gemini (60)",
			}}}},
		{name: "agent-code denylist and allowlist, local file over project file",
			files: map[string]string{
				".agent/settings.toml":       "[security]\nmcp_server_denylist = [\"web\"]\nmcp_server_allowlist = [\"web\", \"docs\"]\n\n[mcp_servers.web]\nurl = \"https://web.example.com/sse\"\n\n[mcp_servers.docs]\nurl = \"https://docs.example.com/sse\"\n\n[mcp_servers.other]\ncommand = \"o\"\n",
				".agent/settings.local.toml": "mcp_servers.web.command = \"web-local\"\n",
			},
			servers: []wServer{
				{name: "docs", at: ".agent/settings.toml:8:14"},
				{name: "other", at: ".agent/settings.toml:11:14", disabledBy: `not listed in "security.mcp_server_allowlist" at .agent/settings.toml:3:1`},
				{name: "web", at: ".agent/settings.local.toml:1:13", disabledBy: `listed in "security.mcp_server_denylist" at .agent/settings.toml:2:1`, shadowed: []string{
					".agent/settings.toml:5:14 | transport,command,url | same provider: local scope wins over project scope",
				}},
			}},
		{name: "same priority: cursor's user file is read before windsurf's project file",
			files: map[string]string{
				"~/.pisces/agent/config.yml":          "enabledProviders: [\"cursor\", 'windsurf']\n",
				"~/.cursor/mcp.json":                  "{\"mcpServers\": {\"ünï\": {\"command\": \"u\", \"args\": [\"1\"]}}}",
				".windsurf/mcp_config.json":           "{\"mcpServers\": {\"ünï\": {\"command\": \"u\"}}}",
				"~/.codeium/windsurf/mcp_config.json": "{\"mcpServers\": {\n  \"ünï\": {\"command\": \"u\"}}}",
			},
			servers: []wServer{{name: "ünï", at: "~/.cursor/mcp.json:1:17", shadowed: []string{
				".windsurf/mcp_config.json:1:17 | args | same priority (50): cursor is read before windsurf",
				"~/.codeium/windsurf/mcp_config.json:2:3 | args | same priority (50): cursor is read before windsurf",
			}}}},
		{name: "opencode: .opencode/ over opencode.json over opencode.jsonc over the user file",
			files: map[string]string{
				".opencode/opencode.json":          "{\"mcp\": {\"fs\": {\"type\": \"local\", \"command\": [\"fs\", \"a\"]}}}",
				"opencode.json":                    "{\"mcp\": {\"fs\": {\"type\": \"local\", \"command\": [\"fs\", \"b\"]}}}",
				"opencode.jsonc":                   "{\"mcp\": {\"fs\": {\"type\": \"local\", \"command\": [\"fs\", \"a\"]}}}",
				"~/.config/opencode/opencode.json": "{\"mcp\": {\"fs\": {\"type\": \"local\", \"command\": [\"fs\", \"a\"], \"enabled\": false}}}",
				"~/.pisces/agent/config.yml":       "enabledProviders: [opencode]\n",
			},
			servers: []wServer{{name: "fs", at: ".opencode/opencode.json:1:10", shadowed: []string{
				"opencode.json:1:10 | args | same provider and scope: .opencode/opencode.json is read before opencode.json",
				"opencode.jsonc:1:10 |  | same provider and scope: .opencode/opencode.json is read before opencode.jsonc",
				"~/.config/opencode/opencode.json:1:10 | enabled | same provider: project scope wins over user scope",
			}}}},
		{name: "no claude local scope (projects[<root>] is not read, even opted in); codex table declared after its sub-table",
			files: map[string]string{
				"~/.pisces/agent/config.yml": "enabledProviders: [claude]\n",
				"~/.claude.json":             "{\"projects\": {\"<ROOT>/\": {\"mcpServers\": {\n  \"db\": {\"command\": \"db-local\"}}}}}",
				".mcp.json":                  "{\"mcpServers\": {\"db\": {\"command\": \"db-shared\"}}}",
				".codex/config.toml":         "[mcp_servers.gh.env]\nGH_HOST = \"github.example.com\"\n\n[mcp_servers.gh]\ncommand = \"gh-mcp\"\n",
			},
			servers: []wServer{
				{name: "db", at: ".mcp.json:1:17"},
				{name: "gh", at: ".codex/config.toml:4:14"},
			}},
		{name: "CODEX_HOME moves the user file; the project table wins whole",
			files: map[string]string{
				"~/codexhome/config.toml":    "[mcp_servers.gh]\ncommand = \"gh-mcp\"\n",
				".codex/config.toml":         "[mcp_servers.gh]\nenabled = false\n",
				"~/.pisces/agent/config.yml": "enabledProviders: [codex]\n",
			},
			env: map[string]string{"CODEX_HOME": "<ROOT>/home/codexhome"},
			servers: []wServer{{name: "gh", at: ".codex/config.toml:1:14", disabledBy: `"enabled" is false at .codex/config.toml:2:11`, shadowed: []string{
				"~/codexhome/config.toml:1:14 | transport,command,enabled | same provider: project scope wins over user scope",
			}}}},
	})
}

func TestAcceptanceExplainBroken(t *testing.T) {
	runExplainCases(t, []explainCase{
		{name: "one broken file of each format never hides the others' servers",
			files: map[string]string{
				// strict JSON, truncated after a non-ascii key
				".pisces/mcp.json":           "{\"mcpServers\": {\n  \"ünï\": {\"command\": \"u\"",
				"~/.pisces/agent/config.yml": "enabledProviders: ['*']\n",
				// ~/.claude.json, opted in
				"~/.claude.json": "{\n\t\"projects\": {\n\t\t\"<ROOT>\": {\"mcpServers\": {}}\n\t},\n\t\"mcpServers\": {\"a\" {}}\n}\n",
				// TOML with CRLF, missing closing quote
				".codex/config.toml": "[mcp_servers.gh]\r\ncommand = \"npx\r\nargs = []\r\n",
				// JSONC: comment fine, missing comma is not
				".vscode/mcp.json": "{\n  // ok\n  \"mcp\": {\"servers\": {\n    \"v\": {\"command\": \"v\"}\n    \"w\": {\"command\": \"w\"}\n  }}\n}\n",
				// opencode JSONC with an unterminated comment
				"opencode.jsonc": "{\"mcp\": {} /* to do\n",
				// TOML duplicate key in agent-code
				".agent/settings.toml": "[mcp_servers.x]\ncommand = \"a\"\ncommand = \"b\"\n",
				// the survivors
				".cursor/mcp.json":        "{\"mcpServers\": {\"ünï\": {\"command\": \"cursor-u\"}, \"gh\": {\"command\": \"gh\"}}}",
				"~/.gemini/settings.json": "{\"mcpServers\": {\"a\": {\"command\": \"gem-a\"}}}",
			},
			servers: []wServer{
				{name: "a", at: "~/.gemini/settings.json:1:17"},
				{name: "gh", at: ".cursor/mcp.json:1:49"},
				{name: "ünï", at: ".cursor/mcp.json:1:17"},
			},
			broken: []wBroken{
				{".pisces/mcp.json", "2:25", "unexpected end of file", "syntax"},
				{"~/.claude.json", "5:21", "after object key", "syntax"},
				{".codex/config.toml", "2:15", "", "syntax"},
				{".vscode/mcp.json", "5:5", "after object value", "syntax"},
				{"opencode.jsonc", "1:12", `"*/" is missing`, "syntax"},
				{".agent/settings.toml", "3:1", `key "command" is already defined`, "syntax"},
			}},
		{name: "unreadable files and wrong shapes are reported, not skipped",
			files: map[string]string{
				"~/.pisces/agent/config.yml":          "enabledProviders: [all]\n",
				".cursor/mcp.json/README":             "a directory, not a file",
				".windsurf/mcp_config.json":           "symlink:../dotfiles/windsurf.json",
				".pisces/mcp.json":                    "symlink:mcp.json",
				"~/.codex/config.toml":                "[[mcp_servers]]\ncommand = \"x\"\n",
				".mcp.json":                           "[\"not\", \"an\", \"object\"]",
				".gemini/settings.json":               "{\"mcpServers\": {\"ok\": {\"command\": \"ok\"}, \"bad\": \"npx bad\"}}",
				"~/.codeium/windsurf/mcp_config.json": "\xef\xbb\xbf{\"mcpServers\": {\"bom\": {\"command\": \"b\"}}}",
			},
			servers: []wServer{
				{name: "bom", at: "~/.codeium/windsurf/mcp_config.json:1:17"},
				{name: "ok", at: ".gemini/settings.json:1:17"},
			},
			diags: []string{
				"error .cursor/mcp.json:0:0 unreadable",
				"error .gemini/settings.json:1:49 schema",
				"error .mcp.json:1:1 schema",
				"error .pisces/mcp.json:0:0 unreadable",
				"error .windsurf/mcp_config.json:0:0 unreadable",
				"warning ~/.codeium/windsurf/mcp_config.json:1:1 syntax",
				"error ~/.codex/config.toml:1:3 schema",
			},
			broken: []wBroken{
				{".cursor/mcp.json", "", "cannot read file: it is a directory, not a regular file", "unreadable"},
				{".windsurf/mcp_config.json", "", "symbolic link to a file that does not exist", "unreadable"},
				{".pisces/mcp.json", "", "symbolic link loop", "unreadable"},
			}},
	})
}
