package gen

import (
	"os"
	"path/filepath"
)

// typicalFiles is a typical project: four clients' files in a git
// repository, a few servers, each a common kind (a pinned npx package
// with a token from the environment, a filesystem server, a remote one),
// some defined for several clients.
var typicalFiles = map[string]string{
	".mcp.json": `{
  "mcpServers": {
    "github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "${GITHUB_TOKEN}"}},
    "fs": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]},
    "docs": {"type": "http", "url": "https://mcp.example.com/mcp"}
  }
}
`,
	".cursor/mcp.json":      `{"mcpServers": {"github": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_TOKEN": "${env:GITHUB_TOKEN}"}}}}` + "\n",
	".vscode/mcp.json":      `{"servers": {"fs": {"type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem@2025.8.21", "."]}}}` + "\n",
	".gemini/settings.json": `{"mcpServers": {"docs": {"httpUrl": "https://mcp.example.com/mcp"}}}` + "\n",
}

// Typical writes a typical project at dir/project (a git repository: its
// .git directory, empty) and an empty home at dir/home, what the timing
// of a small run measures (docs/performance.md).
func Typical(dir string) error {
	project := filepath.Join(dir, "project")
	for _, d := range []string{filepath.Join(project, ".git"), filepath.Join(dir, "home")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	for name, text := range typicalFiles {
		if err := write(filepath.Join(project, filepath.FromSlash(name)), []byte(text)); err != nil {
			return err
		}
	}
	return nil
}
