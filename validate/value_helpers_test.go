package validate

import (
	"slices"
	"strings"
	"testing"
)

// valueCase is one table row of a value rule's test: files to lint, an
// optional config, and every finding of the rule as
// "severity path:line:col: message [rule]".
type valueCase struct {
	name  string
	files map[string]string
	cfg   *Config
	want  []string
	hints []string // when set, the hints of the findings, in order
}

// runValueCases lints each case with the default rules, plus rule itself
// when it is off by default, and compares the rule's findings.
func runValueCases(t *testing.T, rule string, cases []valueCase) {
	t.Helper()
	r := Lookup(rule)
	if r == nil {
		t.Fatalf("no rule %q", rule)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := c.cfg
			if r.Off {
				if cfg == nil {
					cfg = &Config{}
				} else {
					cp := *cfg
					cfg = &cp
				}
				cfg.Enable = append(slices.Clone(cfg.Enable), rule)
			}
			diags := only(lintFiles(t, c.files, cfg), rule)
			got := make([]string, len(diags))
			hints := make([]string, len(diags))
			for i, d := range diags {
				got[i] = d.Severity.String() + " " + d.String()
				hints[i] = d.Hint
				if !d.Pos.IsValid() {
					t.Errorf("finding without a position: %v", d)
				}
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("findings of %s:\n got: %q\nwant: %q", rule, got, c.want)
			}
			if c.hints != nil && strings.Join(hints, "\n") != strings.Join(c.hints, "\n") {
				t.Errorf("hints of %s:\n got: %q\nwant: %q", rule, hints, c.hints)
			}
		})
	}
}

// tree is shorthand for a tree of path, content pairs.
func tree(pairs ...string) map[string]string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return m
}

// envOf makes a Getenv from name, value pairs.
func envOf(pairs ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(pairs); i += 2 {
		m[pairs[i]] = pairs[i+1]
	}
	return func(k string) string { return m[k] }
}

// TestValueRulesOddValues gives the fields the value rules read every kind
// of value in every client's file and only checks that lint survives.
func TestValueRulesOddValues(t *testing.T) {
	keys := []string{"command", "args", "env", "environment", "headers", "http_headers", "url", "serverUrl", "httpUrl",
		"cwd", "env_vars", "bearer_token_env_var", "env_http_headers", "bearer_token", "oauth", "auth"}
	json := []string{`null`, `true`, `0`, `""`, `"!"`, `"!!"`, `"$"`, `"${"`, `"${input:}"`, `"{env:"`, `"%%"`,
		`"Bearer "`, `"https://:@"`, `"https://u:@h/?&=&a=%zz"`, `"eyJ.eyJ."`, `[]`, `[null, 1, "", "-", "--", "--x="]`,
		`["cmd", "/c"]`, `["npx", "-p"]`, `["docker", "run", "-e"]`, `{}`, `{"a": [1], "b": {"c": "ghp_"}}`}
	var js strings.Builder
	js.WriteString(`{"inputs": [null, {}, {"id": 1}, {"id": ""}], "mcpServers": {`)
	n := 0
	for _, k := range keys {
		for i, v := range json {
			if n > 0 {
				js.WriteString(", ")
			}
			js.WriteString(`"s` + k + string(rune('a'+i)) + `": {"` + k + `": ` + v + `}`)
			n++
		}
	}
	js.WriteString(`}}`)
	doc := js.String()
	filesOf := map[string]string{}
	for _, f := range []string{".pisces/mcp.json", ".claude/mcp.json", ".gemini/settings.json", ".cursor/mcp.json",
		".windsurf/mcp_config.json", ".mcp.json", "~/.claude.json", "opencode.json"} {
		filesOf[f] = strings.Replace(doc, `"mcpServers"`, map[bool]string{true: `"mcp"`, false: `"mcpServers"`}[f == "opencode.json"], 1)
	}
	filesOf[".vscode/mcp.json"] = strings.Replace(doc, `"mcpServers"`, `"servers"`, 1)
	filesOf[".codex/config.toml"] = "[mcp_servers.a]\ncommand = \"\"\nargs = [\"\", \"--\"]\nenv_vars = [1, {}, { name = 2 }]\n" +
		"env_http_headers = { a = 1 }\nbearer_token_env_var = 3\n[mcp_servers.b]\nurl = \"\"\nhttp_headers = { a = [] }\n"
	cfg := &Config{Enable: []string{"undefined-variable", "unpinned-package"},
		Policy: Policy{DenyNames: []string{"*"}, AllowCommands: []string{"?"}, DenyURLs: []string{""}}}
	lintFiles(t, filesOf, cfg)
}
