package validate

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// An npm package written as the command (issue 27, real repositories:
// "command": "@modelcontextprotocol/server-github", meant npx -y).
func TestPackageAsCommand(t *testing.T) {
	runRuleCases(t, "package-as-command", []ruleCase{
		{name: "scoped package",
			files: oneFile(".mcp.json", `{"mcpServers": {"github": {"command": "@modelcontextprotocol/server-github", "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}}}}`),
			want:  []string{`error .mcp.json:1:39: command "@modelcontextprotocol/server-github" is an npm package, not a program: no program of that name exists, so the server does not start [package-as-command]`},
			hint:  `run the package with npx: "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]`},
		{name: "versioned package with arguments in Codex",
			files: oneFile(".codex/config.toml", "[mcp_servers.fs]\ncommand = \"server-filesystem@2025.8.21\"\nargs = [\".\"]\n"),
			want:  []string{`error .codex/config.toml:2:11: command "server-filesystem@2025.8.21" is an npm package, not a program: no program of that name exists, so the server does not start [package-as-command]`},
			hint:  `run the package with npx: command = "npx", args = ["-y", "server-filesystem@2025.8.21", "."]`},
		{name: "opencode array",
			files: oneFile("opencode.json", `{"mcp": {"gh": {"type": "local", "command": ["@modelcontextprotocol/server-github"]}}}`),
			want:  []string{`error opencode.json:1:46: command "@modelcontextprotocol/server-github" is an npm package, not a program: no program of that name exists, so the server does not start [package-as-command]`},
			hint:  `run the package with npx: "command": ["npx", "-y", "@modelcontextprotocol/server-github"]`},
		{name: "programs", files: oneFile(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "mcp-server-github"}, "b": {"command": "./@scope/bin"}, "c": {"command": "/opt/@x/y"}, `+
			`"d": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]}, "e": {"command": "user@host"}, "f": {"command": "C:\\tools\\x.exe"}}}`)},
	})
}

// An install command is not a server (issue 27, real repositories).
func TestInstallCommand(t *testing.T) {
	runRuleCases(t, "install-command", []ruleCase{
		{name: "npm install",
			files: oneFile(".cursor/mcp.json", `{"mcpServers": {"gh": {"command": "npm", "args": ["install", "-g", "@modelcontextprotocol/server-github"]}}}`),
			want:  []string{`error .cursor/mcp.json:1:35: server "gh" runs "npm install", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`},
			hint:  `install it once by hand if you want; to start the server, run the package: "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]`},
		{name: "the others",
			files: oneFile(".mcp.json", `{"mcpServers": {`+
				`"a": {"command": "npm", "args": ["i", "x"]}, "b": {"command": "yarn", "args": ["global", "add", "x"]}, "c": {"command": "pnpm", "args": ["add", "x"]}, `+
				`"d": {"command": "pip", "args": ["install", "mcp-server-fetch"]}, "e": {"command": "uv", "args": ["pip", "install", "x"]}, `+
				`"f": {"command": "brew", "args": ["install", "x"]}, "g": {"command": "python3", "args": ["-m", "pip", "install", "x"]}}}`),
			want: []string{
				`error .mcp.json:1:34: server "a" runs "npm i", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:79: server "b" runs "yarn global add", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:137: server "c" runs "pnpm add", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:185: server "d" runs "pip install", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:251: server "e" runs "uv pip install", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:308: server "f" runs "brew install", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
				`error .mcp.json:1:360: server "g" runs "python3 -m pip install", which installs a package and exits: it does not speak MCP, so the server never starts [install-command]`,
			},
			hints: []string{
				`install it once by hand if you want; to start the server, run the package: "command": "npx", "args": ["-y", "x"]`,
				`install it once by hand if you want; to start the server, run the package: "command": "npx", "args": ["-y", "x"]`,
				`install it once by hand if you want; to start the server, run the package: "command": "npx", "args": ["-y", "x"]`,
				`install it once by hand if you want; to start the server, run the package: "command": "uvx", "args": ["mcp-server-fetch"]`,
				`install it once by hand if you want; to start the server, run the package: "command": "uvx", "args": ["x"]`,
				`install it once by hand, then make "command" the program it installs`,
				`install it once by hand if you want; to start the server, run the package: "command": "uvx", "args": ["x"]`,
			}},
		{name: "servers", files: oneFile(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "npm", "args": ["run", "mcp"]}, "b": {"command": "npx", "args": ["-y", "install"]}, "c": {"command": "sh", "args": ["-c", "npm install && node server.js"]}, `+
			`"d": {"command": "uv", "args": ["run", "--with", "x", "server"]}, "e": {"command": "pip-install-server"}}}`)},
	})
}

// The MCP Inspector is a web UI, not a server (issue 27, real
// repositories).
func TestInspectorWrapper(t *testing.T) {
	runRuleCases(t, "inspector-wrapper", []ruleCase{
		{name: "wrapped server",
			files: oneFile(".mcp.json", `{"mcpServers": {"w": {"command": "npx", "args": ["-y", "@modelcontextprotocol/inspector", "node", "build/index.js"]}}}`),
			want:  []string{`error .mcp.json:1:56: server "w" starts the MCP Inspector ("@modelcontextprotocol/inspector"), a web UI for testing servers: it does not speak MCP on stdio, so the client gets no handshake [inspector-wrapper]`},
			hint:  `start the server itself: "command": "node", "args": ["build/index.js"]`},
		{name: "versioned, with options",
			files: oneFile(".vscode/mcp.json", `{"servers": {"w": {"command": "npx", "args": ["@modelcontextprotocol/inspector@0.16.2", "-e", "KEY=1", "--", "uvx", "mcp-server-fetch"]}}}`),
			want:  []string{`error .vscode/mcp.json:1:47: server "w" starts the MCP Inspector ("@modelcontextprotocol/inspector@0.16.2"), a web UI for testing servers: it does not speak MCP on stdio, so the client gets no handshake [inspector-wrapper]`},
			hint:  `start the server itself: "command": "uvx", "args": ["mcp-server-fetch"]`},
		{name: "the inspector alone",
			files: oneFile(".mcp.json", `{"mcpServers": {"i": {"command": "mcp-inspector"}}}`),
			want:  []string{`error .mcp.json:1:34: server "i" starts the MCP Inspector ("mcp-inspector"), a web UI for testing servers: it does not speak MCP on stdio, so the client gets no handshake [inspector-wrapper]`},
			hint:  `start the server itself, not the Inspector`},
		{name: "servers", files: oneFile(".mcp.json", `{"mcpServers": {"a": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-everything"]}, "b": {"command": "node", "args": ["inspector.js"]}}}`)},
	})
}

// The fixes, applied to each shape they edit, leave what was meant.
func TestPackageAsCommandAndInspectorFixes(t *testing.T) {
	for _, c := range []struct {
		rule      string
		path, src string
		want      string
	}{
		{"package-as-command", ".mcp.json", `{"mcpServers": {"g": {"command": "@modelcontextprotocol/server-github"}}}`,
			`{"mcpServers": {"g": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"]}}}`},
		{"package-as-command", ".codex/config.toml", "[mcp_servers.fs]\ncommand = \"server-filesystem@2025.8.21\"\nargs = [\".\"]\n",
			"[mcp_servers.fs]\ncommand = \"npx\"\nargs = [\"-y\", \"server-filesystem@2025.8.21\", \".\"]\n"},
		{"package-as-command", "opencode.json", `{"mcp": {"gh": {"type": "local", "command": ["@modelcontextprotocol/server-github", "--x"]}}}`,
			`{"mcp": {"gh": {"type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-github", "--x"]}}}`},
		{"inspector-wrapper", ".mcp.json", `{"mcpServers": {"w": {"command": "npx", "args": ["-y", "@modelcontextprotocol/inspector", "uvx", "mcp-server-fetch"]}}}`,
			`{"mcpServers": {"w": {"command": "uvx", "args": ["mcp-server-fetch"]}}}`},
		{"inspector-wrapper", ".mcp.json", `{"mcpServers": {"w": {"command": "npx", "args": ["@modelcontextprotocol/inspector", "./server"]}}}`,
			`{"mcpServers": {"w": {"command": "./server", "args": []}}}`},
	} {
		var edits []normalize.Edit
		for _, d := range only(lintFiles(t, oneFile(c.path, c.src), nil), normalize.RuleID(c.rule)) {
			if d.Fix != nil {
				edits = append(edits, d.Fix.Edits...)
			}
		}
		if len(edits) == 0 {
			t.Errorf("%s %s: no fix", c.rule, c.path)
			continue
		}
		if got := applyEdits(t, c.src, edits); got != c.want {
			t.Errorf("%s %s:\n got %s\nwant %s", c.rule, c.path, got, c.want)
		}
	}
}
