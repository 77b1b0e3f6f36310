package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

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
	cfg := &Config{Enable: []normalize.RuleID{"undefined-variable", "unpinned-package"},
		Policy: Policy{DenyNames: []string{"*"}, AllowCommands: []string{"?"}, DenyURLs: []string{""}}}
	lintFiles(t, filesOf, cfg)
}
