package validate

import "testing"

func TestUnpinnedPackage(t *testing.T) {
	server := func(cmd, args string) string {
		return `{"mcpServers": {"s": {"command": "` + cmd + `", "args": [` + args + `]}}}`
	}
	runRuleCases(t, "unpinned-package", []ruleCase{
		{name: "npx without a version", files: tree(".mcp.json", server("npx", `"-y", "@modelcontextprotocol/server-github"`)),
			want:  []string{`info .mcp.json:1:56: package "@modelcontextprotocol/server-github" has no exact version: every start may run a different release [unpinned-package]`},
			hints: []string{`pin an exact version: "@modelcontextprotocol/server-github@<version>"`}},
		{name: "dist-tags and ranges", files: tree(
			".cursor/mcp.json", server("npx", `"-y", "pkg@latest"`),
			".windsurf/mcp_config.json", server("bunx", `"pkg@^1.2.0"`),
			".mcp.json", server("pnpm", `"dlx", "pkg@1.2"`)),
			want: []string{
				`info .cursor/mcp.json:1:56: package "pkg@latest" is not pinned to an exact version: every start may run a different release [unpinned-package]`,
				`info .mcp.json:1:58: package "pkg@1.2" is not pinned to an exact version: every start may run a different release [unpinned-package]`,
				`info .windsurf/mcp_config.json:1:51: package "pkg@^1.2.0" is not pinned to an exact version: every start may run a different release [unpinned-package]`,
			}},
		{name: "uvx", files: tree(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "uvx", "args": ["mcp-server-fetch"]}, `+
			`"b": {"command": "uvx", "args": ["--from", "mcp-server-git>=0.6", "mcp-server-git"]}, `+
			`"c": {"command": "uvx", "args": ["--python", "3.12", "mcp-server-time==2025.4.7"]}, `+
			`"d": {"command": "uvx", "args": ["mcp-proxy@0.8.2"]}, `+
			`"e": {"command": "uv", "args": ["tool", "run", "mcp-server-sqlite[extra]"]}}}`),
			want: []string{
				`info .mcp.json:1:50: package "mcp-server-fetch" has no exact version: every start may run a different release [unpinned-package]`,
				`info .mcp.json:1:115: package "mcp-server-git>=0.6" is not pinned to an exact version: every start may run a different release [unpinned-package]`,
				`info .mcp.json:1:343: package "mcp-server-sqlite" has no exact version: every start may run a different release [unpinned-package]`,
			},
			hints: []string{`pin an exact version: "mcp-server-fetch==<version>"`, `pin an exact version: "mcp-server-git==<version>"`, `pin an exact version: "mcp-server-sqlite[extra]==<version>"`}},
		{name: "docker", files: tree(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "docker", "args": ["run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"]}, `+
			`"b": {"command": "docker", "args": ["run", "-i", "--rm", "mcp/fetch:latest"]}, `+
			`"c": {"command": "podman", "args": ["run", "-i", "localhost:5000/mcp/time"]}, `+
			`"d": {"command": "docker", "args": ["run", "-i", "mcp/git:1.0.0"]}, `+
			`"e": {"command": "docker", "args": ["run", "-i", "mcp/sqlite@sha256:0123abcd"]}}}`),
			want: []string{
				`info .mcp.json:1:96: image "ghcr.io/github/github-mcp-server" has no tag or digest: every start may run a different image [unpinned-package]`,
				`info .mcp.json:1:191: image "mcp/fetch:latest" uses the tag "latest": every start may run a different image [unpinned-package]`,
				`info .mcp.json:1:262: image "localhost:5000/mcp/time" has no tag or digest: every start may run a different image [unpinned-package]`,
			},
			hints: []string{
				`pin a tag or a digest: "ghcr.io/github/github-mcp-server:<version>" or "ghcr.io/github/github-mcp-server@sha256:<digest>"`,
				`pin a tag or a digest: "mcp/fetch:<version>" or "mcp/fetch@sha256:<digest>"`,
				`pin a tag or a digest: "localhost:5000/mcp/time:<version>" or "localhost:5000/mcp/time@sha256:<digest>"`,
			}},
		{name: "pinned, local and placeholder specs", files: tree(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"]}, `+
			`"b": {"command": "npx", "args": ["-y", "./tools/server"]}, `+
			`"c": {"command": "npx", "args": ["-y", "github:owner/repo"]}, `+
			`"d": {"command": "npx", "args": ["-y", "${MCP_PACKAGE}"]}, `+
			`"e": {"command": "npx", "args": ["-y", "--package=pkg@1.0.0", "pkg-bin"]}, `+
			`"f": {"command": "uvx", "args": ["git+https://github.com/o/r"]}, `+
			`"g": {"command": "node", "args": ["server.js"]}}}`)},
	})
}

func TestUnpinnedPackageOffByDefault(t *testing.T) {
	d := only(lintFiles(t, tree(".mcp.json", `{"mcpServers": {"s": {"command": "uvx", "args": ["mcp-server-fetch"]}}}`), nil), "unpinned-package")
	if len(d) > 0 {
		t.Errorf("unpinned-package runs without being enabled: %v", d)
	}
}
