package validate

import "testing"

func TestForeignPlaceholder(t *testing.T) {
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		// Gemini CLI replaces ${extensionPath}, ${workspacePath}, ${/} and
		// ${pathSeparator} in an extension's manifest
		// (testdata/clients/gemini-extension); elsewhere ${/} is VS Code's
		{name: "a Gemini CLI extension's variables",
			files: tree("~/.gemini/extensions/x/gemini-extension.json", `{"name": "x", "version": "1", "mcpServers": {"x": {"command": "node", "args": ["${extensionPath}${/}s.js", "${workspacePath}${pathSeparator}a"]}}}`,
				".gemini/settings.json", `{"mcpServers": {"s": {"command": "node", "args": ["${extensionPath}${/}s.js"]}}}`),
			want: []string{`warning .gemini/settings.json:1:68: "${/}" is not expanded by Gemini CLI: the server gets it literally [foreign-placeholder]`}},
		{name: "env-colon in .mcp.json", merged: true,
			files: tree(".mcp.json", `{"mcpServers": {"docs": {"type": "http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer ${env:DOCS_TOKEN}"}}}}`),
			want:  []string{`warning .mcp.json:1:117: "${env:DOCS_TOKEN}" is not expanded by pisces and Claude Code: the server gets it literally [foreign-placeholder]`},
			hints: []string{`write "${DOCS_TOKEN}" instead of "${env:DOCS_TOKEN}"`}},
		{name: "Claude Code does not expand $VAR", merged: true,
			// $HOME in env is home-in-command's
			files: tree(".claude/mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["--token", "$GITHUB_TOKEN"], "env": {"HOME_DIR": "$HOME/x"}}}}`),
			want: []string{
				`warning .claude/mcp.json:1:62: "$GITHUB_TOKEN" is not expanded by Claude Code: the server gets it literally [foreign-placeholder]`,
			},
			hints: []string{`write "${GITHUB_TOKEN}" instead of "$GITHUB_TOKEN"`}},
		{name: "Codex expands nothing",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"srv\"\nenv = { GITHUB_TOKEN = \"${GITHUB_TOKEN}\" }\n\n"+
				"[mcp_servers.api]\nurl = \"https://api.example.com/mcp\"\nhttp_headers = { Authorization = \"Bearer ${API_TOKEN}\", \"X-Org\" = \"${ORG}\" }\n"),
			want: []string{
				`warning .codex/config.toml:3:25: "${GITHUB_TOKEN}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
				`warning .codex/config.toml:7:42: "${API_TOKEN}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
				`warning .codex/config.toml:7:68: "${ORG}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
			},
			hints: []string{
				`Codex expands no variables: remove the entry and list the variable in env_vars = ["GITHUB_TOKEN"]`,
				`Codex expands no variables: remove the header and set bearer_token_env_var = "API_TOKEN"`,
				`Codex expands no variables: use env_http_headers = { "X-Org" = "ORG" }`,
			}},
		{name: "opencode reads {env:X} only",
			files: tree("opencode.json", `{"mcp": {"s": {"type": "remote", "url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer ${API_TOKEN}"}}}}`),
			want:  []string{`warning opencode.json:1:109: "${API_TOKEN}" is not expanded by opencode: the server gets it literally [foreign-placeholder]`},
			hints: []string{`write "{env:API_TOKEN}" instead of "${API_TOKEN}"`}},
		{name: "Cursor reads ${env:X}, not ${X}; inputs are VS Code's",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${A_TOKEN}", "B": "${input:b-token}", "C": "{env:C}"}}}}`),
			want: []string{
				`warning .cursor/mcp.json:1:55: "${A_TOKEN}" is not expanded by Cursor: the server gets it literally [foreign-placeholder]`,
				`warning .cursor/mcp.json:1:74: "${input:b-token}" is not expanded by Cursor: the server gets it literally (only VS Code prompts for inputs) [foreign-placeholder]`,
				`warning .cursor/mcp.json:1:99: "{env:C}" is not expanded by Cursor: the server gets it literally [foreign-placeholder]`,
			},
			hints: []string{`write "${env:A_TOKEN}" instead of "${A_TOKEN}"`, `write "${env:B_TOKEN}" instead of "${input:b-token}"`, `write "${env:C}" instead of "{env:C}"`}},
		{name: "Windsurf has no editor variables",
			files: tree(".windsurf/mcp_config.json", `{"mcpServers": {"s": {"command": "node", "args": ["${workspaceFolder}/srv.js"]}}}`),
			want:  []string{`warning .windsurf/mcp_config.json:1:52: "${workspaceFolder}" is not expanded by Windsurf: the server gets it literally [foreign-placeholder]`},
			hints: []string{`Windsurf has no editor variables: write the path out, or read it from an environment variable`}},
		{name: "escaped string points at the placeholder", merged: true,
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "a\tb ${env:A}"}}}}`),
			want:  []string{`warning .mcp.json:1:60: "${env:A}" is not expanded by pisces and Claude Code: the server gets it literally [foreign-placeholder]`}},
		{name: "the client's own syntax",
			files: tree(
				".mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "${A}", "B": "${B:-x}"}}}}`,
				".vscode/mcp.json", `{"inputs": [{"type": "promptString", "id": "t"}], "servers": {"s": {"command": "srv", "cwd": "${workspaceFolder}", "env": {"A": "${env:A}", "T": "${input:t}"}}}}`,
				".gemini/settings.json", `{"mcpServers": {"s": {"command": "srv", "env": {"A": "$A", "B": "${B}", "C": "%APPDATA%"}}}}`,
				"opencode.json", `{"mcp": {"s": {"type": "local", "command": ["srv", "{file:./key.txt}"], "environment": {"A": "{env:A}"}}}}`,
				".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["${workspaceFolder}", "${userHome}"]}}}`,
			),
			// Qwen Code reads .mcp.json as written, and nothing of its own
			// is here (asGuests)
			want: []string{
				`info .mcp.json:1:55: "${A}" is not expanded by Qwen Code: the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [foreign-placeholder]`,
				`info .mcp.json:1:68: "${B:-x}" is not expanded by Qwen Code: the server gets it literally (not Claude Code, VS Code or Copilot CLI, which also read this file); no file of Qwen Code's own is here: this matters if you use it [foreign-placeholder]`,
			}},
		{name: "shells expand their own variables",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "bash", "args": ["-c", "exec srv --dir $HOME --token ${TOKEN}"]}, `+
				`"w": {"command": "cmd", "args": ["/c", "srv", "%APPDATA%"]}}}`,
				".pisces/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"TOKEN": "!op read op://$VAULT/token"}}}}`,
				".codex/config.toml", "[mcp_servers.s]\ncommand = \"sh\"\nargs = [\"-c\", \"srv --token $TOKEN\"]\n")},
		{name: "lower-case $words are not variables",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"type": "http", "url": "https://api.example.com/odata/$metadata?$filter=x"}}}`)},
	})
}

// ${workspaceRoot} is VS Code's old name for ${workspaceFolder}, not an
// environment variable (found in hubgetter/HelloMCP
// .windsurf/mcp_config.json): the hint must not say ${env:workspaceRoot}.
func TestForeignPlaceholderVSCodeOnlyVariables(t *testing.T) {
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "Windsurf",
			files: tree(".windsurf/mcp_config.json", `{"mcpServers": {"s": {"command": "python", "args": ["${workspaceRoot}/srv.py"]}}}`),
			want:  []string{`warning .windsurf/mcp_config.json:1:54: "${workspaceRoot}" is not expanded by Windsurf: the server gets it literally [foreign-placeholder]`},
			hints: []string{`Windsurf has no editor variables: write the path out, or read it from an environment variable`}},
		{name: "Cursor has ${workspaceFolder}",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"command": "python", "args": ["${workspaceRoot}/srv.py", "${file}"]}}}`),
			want: []string{
				`warning .cursor/mcp.json:1:54: "${workspaceRoot}" is not expanded by Cursor: the server gets it literally [foreign-placeholder]`,
				`warning .cursor/mcp.json:1:81: "${file}" is not expanded by Cursor: the server gets it literally [foreign-placeholder]`,
			},
			hints: []string{
				`write "${workspaceFolder}" instead of "${workspaceRoot}", VS Code's old name for it`,
				`"${file}" is a VS Code variable Cursor does not expand: write the path out, or start it from "${workspaceFolder}"`,
			}},
	})
}

// Placeholders of other languages are sent literally, never secrets
// (regression: 01capitain/jira-release-manager's Gemini header, rebuilt).
func TestForeignPlaceholderOtherLanguages(t *testing.T) {
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "JavaScript in a Gemini header",
			files: tree(".gemini/settings.json", `{"mcpServers": {"ctx": {"httpUrl": "https://mcp.context7.com/mcp", "headers": {"CONTEXT7_API_KEY": "${process.env.CONTEXT7_API_KEY}"}}}}`),
			want:  []string{`warning .gemini/settings.json:1:101: "${process.env.CONTEXT7_API_KEY}" is not expanded by Gemini CLI: the server gets it literally (JavaScript, which no client evaluates) [foreign-placeholder]`},
			hints: []string{`write "$CONTEXT7_API_KEY" instead of "${process.env.CONTEXT7_API_KEY}"`}},
		{name: "process.env as the whole value, templates",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"API_KEY": "process.env.API_KEY", "B": "{{ B_TOKEN }}", "C": "Bearer ${{ secrets.GH_TOKEN }}"}}}}`),
			want: []string{
				`warning .cursor/mcp.json:1:61: "process.env.API_KEY" is not expanded by Cursor: the server gets it literally (JavaScript, which no client evaluates) [foreign-placeholder]`,
				`warning .cursor/mcp.json:1:89: "{{ B_TOKEN }}" is not expanded by Cursor: the server gets it literally (a template placeholder, which no client fills in) [foreign-placeholder]`,
				`warning .cursor/mcp.json:1:118: "${{ secrets.GH_TOKEN }}" is not expanded by Cursor: the server gets it literally (a template placeholder, which no client fills in) [foreign-placeholder]`,
			},
			hints: []string{`write "${env:API_KEY}" instead of "process.env.API_KEY"`, `write "${env:B_TOKEN}" instead of "{{ B_TOKEN }}"`, `write "${env:GH_TOKEN}" instead of "${{ secrets.GH_TOKEN }}"`}},
		{name: "%VAR% outside Gemini",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "env": {"API_KEY": "%API_KEY%"}}}}`),
			want:  []string{`warning .cursor/mcp.json:1:61: "%API_KEY%" is not expanded by Cursor: the server gets it literally [foreign-placeholder]`}},
		{name: "code and Go templates are not placeholders",
			files: tree(".cursor/mcp.json", `{"mcpServers": {`+
				`"a": {"command": "node", "args": ["-e", "require('x').start({key: process.env.API_KEY, url: `+"`${process.env.URL}`"+`})"]}, `+
				`"b": {"command": "docker", "args": ["ps", "--format", "{{.Names}} {{json .}}"]}}}`)},
	})
}

// mcp-remote expands ${VAR} in its --header values from its own
// environment (regression: 0xD3ADBE3F/saas-ticketing, rebuilt).
func TestForeignPlaceholderMcpRemote(t *testing.T) {
	server := func(args string) string {
		return `{"servers": {"m": {"command": "npx", "args": [` + args + `], "env": {"TOKEN": "${input:token}"}}}, "inputs": [{"type": "promptString", "id": "token", "password": true}]}`
	}
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "--header value",
			files: tree(".vscode/mcp.json", server(`"-y", "mcp-remote@0.1.29", "https://mcp.example.com/mcp", "--header", "Authorization: Bearer ${TOKEN}"`))},
		{name: "bunx and a direct command",
			files: tree(".cursor/mcp.json", `{"mcpServers": {`+
				`"a": {"command": "bunx", "args": ["mcp-remote", "https://x/mcp", "--header", "X-Key:${KEY}"]}, `+
				`"b": {"command": "mcp-remote", "args": ["https://x/mcp", "--header", "X-Key:${KEY}"]}}}`)},
		{name: "--header= is not read by mcp-remote, nor are other arguments",
			files: tree(".vscode/mcp.json", server(`"-y", "mcp-remote", "https://mcp.example.com/${TENANT}", "--header=X-Key:${TOKEN}"`)),
			want: []string{
				`warning .vscode/mcp.json:1:92: "${TENANT}" is not expanded by VS Code: the server gets it literally [foreign-placeholder]`,
				`warning .vscode/mcp.json:1:120: "${TOKEN}" is not expanded by VS Code: the server gets it literally [foreign-placeholder]`,
			}},
		{name: "another package's --header",
			files: tree(".vscode/mcp.json", server(`"-y", "other-proxy", "--header", "X-Key:${TOKEN}"`)),
			want:  []string{`warning .vscode/mcp.json:1:87: "${TOKEN}" is not expanded by VS Code: the server gets it literally [foreign-placeholder]`}},
	})
}

// Codex reads a variable by name only as a whole value under its own name
// (env_vars) or as a whole header (env_http_headers; "Bearer " added by
// bearer_token_env_var): a placeholder inside a longer value, or under
// another name, gets no hint that would give a different value.
func TestForeignPlaceholderCodexPartial(t *testing.T) {
	runRuleCases(t, "foreign-placeholder", []ruleCase{
		{name: "partial values",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"srv\"\nenv = { BASE_URL = \"https://${ORG}.example.com\", TOKEN = \"${GH_TOKEN}\" }\n\n"+
				"[mcp_servers.api]\nurl = \"https://api.example.com/mcp\"\nhttp_headers = { Authorization = \"Token ${API_TOKEN}\", \"X-Org\" = \"org-${ORG}\" }\n"),
			want: []string{
				`warning .codex/config.toml:3:29: "${ORG}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
				`warning .codex/config.toml:3:59: "${GH_TOKEN}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
				`warning .codex/config.toml:7:41: "${API_TOKEN}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
				`warning .codex/config.toml:7:71: "${ORG}" is not expanded by Codex: the server gets it literally [foreign-placeholder]`,
			},
			hints: []string{
				`Codex expands no variables: write the value out; env_vars = ["ORG"] would pass ORG under its own name, not build "BASE_URL" from it`,
				`Codex expands no variables: env_vars = ["GH_TOKEN"] passes GH_TOKEN under its own name, not as "TOKEN": have the server read GH_TOKEN, or write the value out`,
				`Codex expands no variables: use env_http_headers = { "Authorization" = "API_TOKEN" } and put the whole value in API_TOKEN`,
				`Codex expands no variables: use env_http_headers = { "X-Org" = "ORG" } and put the whole value in ORG`,
			}},
	})
}
