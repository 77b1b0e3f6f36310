package resolve

import (
	"github.com/mcpconf/mcpconf/normalize"
	"testing"
)

var benchStrings = []string{
	"npx",
	"-y",
	"@modelcontextprotocol/server-github",
	"https://example.com/mcp",
	"Bearer ${GITHUB_TOKEN}",
	"${DOCS_URL:-https://example.com/mcp}",
	"{env:DOCS_TOKEN}",
	"${workspaceFolder}/mcp/index.js",
}

func BenchmarkScan(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchStrings {
			Scan(s)
		}
	}
}

func BenchmarkExpand(b *testing.B) {
	ctx := Context{Lookup: env("GITHUB_TOKEN", "ghp_x"), WorkspaceFolder: "/w"}
	syntaxes := SyntaxesFor(normalize.ClientByID("claude"))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchStrings {
			Expand(s, syntaxes, ctx)
		}
	}
}
