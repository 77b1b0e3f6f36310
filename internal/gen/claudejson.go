package gen

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ClaudeJSON writes path as Claude Code leaves ~/.claude.json after long
// use: a few user servers at the top, and one entry under "projects" per
// project it was started in, each with its prompt history (pasted
// contents, long lines), allowed tools and its own servers, until the file
// holds about size bytes over projects entries. root's entry, when root is
// not "", comes in the middle, with one local server ("local-db") and the
// project's .mcp.json servers approved; the user servers are "user-docs"
// and "user-search". It returns the number of projects written.
func ClaudeJSON(path string, size int64, root string) (int, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	f, err := os.Create(path)
	if err != nil {
		return 0, err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	cw := &countWriter{w: w}
	fmt.Fprint(cw, `{
  "numStartups": 812,
  "installMethod": "global",
  "autoUpdates": true,
  "userID": "0f3c9a1be2d84c7a9e6b5d4c3b2a19080f1e2d3c4b5a69788796a5b4c3d2e1f0",
  "mcpServers": {
    "user-docs": { "type": "http", "url": "https://docs.example.com/mcp" },
    "user-search": { "command": "npx", "args": ["-y", "@example/search@1.2.3"], "env": { "LOG_LEVEL": "info" } }
  },
  "projects": {`)
	// one history prompt: what a user typed or pasted, JSON-escaped text
	prompt := strings.Repeat(`fix the failing test in pkg/server and explain why \"TestHandshake\" times out; `, 6)
	paste := strings.Repeat(`    at Object.<anonymous> (/home/dev/src/app/node_modules/.pnpm/x@1.0.0/index.js:12:7)\n`, 12)
	n := 0
	wroteRoot := root == ""
	for cw.n < size || !wroteRoot {
		key := fmt.Sprintf("/home/dev/src/project-%05d", n)
		if !wroteRoot && cw.n >= size/2 {
			key, wroteRoot = root, true
		}
		if n > 0 {
			fmt.Fprint(cw, ",")
		}
		fmt.Fprintf(cw, "\n    %q: {\n      \"allowedTools\": [\"Bash(go test:*)\", \"Edit\"],\n      \"history\": [", key)
		for h := range 20 {
			if h > 0 {
				fmt.Fprint(cw, ",")
			}
			fmt.Fprintf(cw, "\n        { \"display\": \"%s%d\", \"pastedContents\": { \"1\": { \"id\": 1, \"type\": \"text\", \"content\": \"%s\" } } }", prompt, h, paste)
		}
		fmt.Fprint(cw, "\n      ],\n      \"mcpContextUris\": [],\n")
		if key == root {
			fmt.Fprint(cw, `      "mcpServers": { "local-db": { "command": "uvx", "args": ["mcp-server-sqlite==0.6.2", "--db-path", "/tmp/dev.db"] } },
      "enabledMcpjsonServers": [],
      "disabledMcpjsonServers": [],
      "enableAllProjectMcpServers": true,
      "hasTrustDialogAccepted": true,
`)
		} else {
			fmt.Fprint(cw, `      "mcpServers": { "scratch": { "command": "node", "args": ["scratch.js"] } },
      "enabledMcpjsonServers": ["github"],
      "disabledMcpjsonServers": [],
      "hasTrustDialogAccepted": false,
`)
		}
		fmt.Fprint(cw, `      "projectOnboardingSeenCount": 3,
      "hasClaudeMdExternalIncludesApproved": false,
      "lastCost": 1.2345,
      "lastAPIDuration": 123456,
      "lastSessionId": "6e0c1f52-7d2b-4b8e-9a0f-3c5d7e9b1a2c"
    }`)
		n++
	}
	fmt.Fprint(cw, "\n  }\n}\n")
	if err := w.Flush(); err != nil {
		f.Close()
		return 0, err
	}
	return n, f.Close()
}

type countWriter struct {
	w *bufio.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}
