package validate

import "testing"

// Templates from install instructions (regression: 186mph/CalSoft's
// YOUR_…_API_KEY values, rebuilt).
func TestTemplateValue(t *testing.T) {
	runRuleCases(t, "template-value", []ruleCase{
		{name: "env, headers, args, url",
			files: tree(".cursor/mcp.json", `{"mcpServers": {`+
				`"tm": {"command": "npx", "args": ["-y", "task-master-ai@0.16.1"], "env": {"ANTHROPIC_API_KEY": "YOUR_ANTHROPIC_API_KEY", "GITHUB_TOKEN": "ghp_your_token_here", "ORG": "xxxxxxxx"}}, `+
				`"api": {"url": "https://<your-instance>.example.com/mcp", "headers": {"Authorization": "Bearer <your-token>"}}, `+
				`"db": {"command": "srv", "args": ["--api-key", "REPLACE_ME", "--project", "my-project-id-here"]}}}`),
			want: []string{
				`info .cursor/mcp.json:1:113: env "ANTHROPIC_API_KEY" holds the template value "YOUR_ANTHROPIC_API_KEY": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:155: env "GITHUB_TOKEN" holds the template value "ghp_your_token_here": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:185: env "ORG" holds the template value "xxxxxxxx": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:222: "url" holds the template value "<your-instance>": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:293: header "Authorization" holds the template value "<your-token>": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:358: "args" holds the template value "REPLACE_ME": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .cursor/mcp.json:1:385: "args" holds the template value "my-project-id-here": it was meant to be replaced, and the server gets it as written [template-value]`,
			},
			hints: []string{
				`replace it with the credential: write "${env:ANTHROPIC_API_KEY}" and set ANTHROPIC_API_KEY in your environment`,
				`replace it with the credential: write "${env:GITHUB_TOKEN}" and set GITHUB_TOKEN in your environment`,
				`replace it with the real value`, `replace it with the real value`,
				`replace it with the credential: write "Bearer ${env:API_TOKEN}" and set API_TOKEN in your environment`,
				`replace it with the real value`, `replace it with the real value`,
			}},
		// Paths from install instructions (issue 27, real repositories).
		{name: "template paths",
			files: tree(".mcp.json", `{"mcpServers": {`+
				`"a": {"command": "/path/to/venv/bin/python", "args": ["--directory", "/path/to/project", "--db=/absolute/path/to/db.sqlite"]}, `+
				`"b": {"command": "node", "args": ["C:\\path\\to\\server\\index.js"], "cwd": "/path/to/repo"}}}`),
			want: []string{
				`info .mcp.json:1:35: "command" holds the template value "/path/to/venv/bin/python": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .mcp.json:1:87: "args" holds the template value "/path/to/project": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .mcp.json:1:112: "args" holds the template value "/absolute/path/to/db.sqlite": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .mcp.json:1:179: "args" holds the template value "C:\\path\\to\\server\\index.js": it was meant to be replaced, and the server gets it as written [template-value]`,
				`info .mcp.json:1:221: "cwd" holds the template value "/path/to/repo": it was meant to be replaced, and the server gets it as written [template-value]`,
			},
			hint: `replace it with the real path`},
		{name: "not templates",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["--description", "search your notes", "--x", "a<b"], `+
				`"env": {"TOKEN": "${YOUR_TOKEN}", "URL": "https://api.example.com/mcp", "PROXY": "xx", "LAYOUT": "yourself"}}, `+
				`"p": {"command": "srv", "args": ["--xpath/to", "/srv/mypath/tool", "path/topics"]}}}`)},
	})
}
