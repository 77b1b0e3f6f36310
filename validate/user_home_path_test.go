package validate

import "testing"

// Regression: the absolute user paths of 0Guang0/quant-monitor-desk,
// 0kaman/project-veil and 22syn/crm, rebuilt.
func TestUserHomePath(t *testing.T) {
	runRuleCases(t, "user-home-path", []ruleCase{
		{name: "macOS, Linux and Windows homes",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "/Users/alice/venv/bin/python", "args": ["--project", "/home/bob/src/app"]}, `+
				`"b": {"command": "C:/Users/Guang/AppData/Local/bin/srv.exe", "env": {"PYTHONPATH": "/opt/lib:/home/carol/lib"}}}}`),
			want: []string{
				`info .mcp.json:1:35: "/Users/alice" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
				`info .mcp.json:1:89: "/home/bob" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
				`info .mcp.json:1:129: "C:/Users/Guang" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
				`info .mcp.json:1:204: "/home/carol" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
			},
			hints: []string{
				`use a path relative to the project, or "${HOME}/venv/bin/python"`,
				`use a path relative to the project, or "${HOME}/src/app"`,
				`use a path relative to the project, or "${HOME}/AppData/Local/bin/srv.exe"`,
				`use a path relative to the project, or "${HOME}/lib"`,
			}},
		{name: "escaped Windows path in Cursor",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"a": {"command": "node", "args": ["C:\\Users\\kobi\\mcp\\index.js"]}}}`),
			want:  []string{`info .cursor/mcp.json:1:52: "C:\\Users\\kobi" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`},
			hints: []string{`use a path relative to the project, or "${userHome}/mcp/index.js"`}},
		{name: "Codex has no home placeholder",
			files: tree(".codex/config.toml", "[mcp_servers.a]\ncommand = \"/home/dev/bin/srv\"\n"),
			want:  []string{`info .codex/config.toml:2:12: "/home/dev" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`},
			hints: []string{`use a path relative to the project, or keep this server in ~/.codex/config.toml, which is not committed`}},
		// root's home is one user's too (issue 27, real repositories: a
		// command under /root/ in a committed file)
		{name: "root's home",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"command": "/root/.local/bin/uvx", "args": ["mcp-x", "--root", "/rootfs/x", "/root"]}}}`),
			want:  []string{`info .mcp.json:1:35: "/root" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`},
			hints: []string{`use a path relative to the project, or "${HOME}/.local/bin/uvx"`}},
		{name: "user files, shared directories, templates and other paths",
			files: tree("~/.cursor/mcp.json", `{"mcpServers": {"a": {"command": "/Users/alice/bin/srv"}}}`,
				".cursor/mcp.json", `{"mcpServers": {"a": {"command": "/home/linuxbrew/.linuxbrew/bin/srv", "args": ["/Users/Shared/x", "/Users/<you>/x", "/home/username/x", "/data/home/x/y", "/Users/${USER}/x"]}}}`)},
	})
}

// One finding per file and home directory; the other places are related.
func TestUserHomePathOncePerFile(t *testing.T) {
	diags := only(lintFiles(t, tree(".windsurf/mcp_config.json", `{"mcpServers": {`+
		`"a": {"command": "/home/teycir/bin/a", "args": ["/home/teycir/x"]}, "b": {"command": "/home/teycir/bin/b"}, "c": {"command": "/home/other/c"}}}`), nil), "user-home-path")
	if len(diags) != 2 {
		t.Fatalf("findings: %v", diags)
	}
	if d := diags[0]; d.Message != `"/home/teycir" is a path into the home directory of one user: the server breaks on every other machine (2 more in this file)` ||
		len(d.Related) != 2 || d.Related[0].Pos.Col != 66 || d.Related[1].Pos.Col != 103 {
		t.Errorf("%+v", d)
	}
}

// "//home/alice/…" (a doubled slash, as path joins write it) and
// "file:///Users/alice/…" are paths into one user's home all the same.
func TestUserHomePathDoubledSlash(t *testing.T) {
	runRuleCases(t, "user-home-path", []ruleCase{
		{name: "doubled slash", files: oneFile(".cursor/mcp.json",
			`{"mcpServers": {"a": {"command": "node", "args": ["//home/alice/srv/index.js", "--root=file:///Users/bob/notes"]}}}`),
			want: []string{
				`info .cursor/mcp.json:1:53: "/home/alice" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
				`info .cursor/mcp.json:1:95: "/Users/bob" is a path into the home directory of one user: the server breaks on every other machine [user-home-path]`,
			}},
	})
}
