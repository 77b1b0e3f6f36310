package validate

import "testing"

func TestNpxWithoutYes(t *testing.T) {
	const pkg = "@modelcontextprotocol/server-memory@2025.8.4"
	args := func(a string) string { return `{"mcpServers": {"m": {"command": "npx", "args": [` + a + `]}}}` }
	runRuleCases(t, "npx-without-yes", []ruleCase{
		{name: "no -y", files: tree(".cursor/mcp.json", args(`"`+pkg+`"`)),
			want:  []string{`warning .cursor/mcp.json:1:50: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`},
			hints: []string{`add "-y" before the package name`}},
		{name: "--yes after the package goes to the package", files: tree(".mcp.json", args(`"--quiet", "`+pkg+`", "--yes"`)),
			want: []string{`warning .mcp.json:1:61: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "opencode command array", files: tree("opencode.json", `{"mcp": {"m": {"type": "local", "command": ["npx", "`+pkg+`"]}}}`),
			want: []string{`warning opencode.json:1:52: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "Windows wrapper and npx.cmd",
			files: tree(".codex/config.toml", "[mcp_servers.m]\ncommand = \"cmd\"\nargs = [\"/c\", \"npx\", \""+pkg+"\"]\n\n[mcp_servers.n]\ncommand = \"C:\\\\nodejs\\\\npx.cmd\"\nargs = [\"-p\", \""+pkg+"\", \"mcp-server-memory\"]\n"),
			want: []string{
				`warning .codex/config.toml:3:22: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`,
				`warning .codex/config.toml:7:15: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`,
			}},
		{name: "answered", files: tree(".mcp.json", `{"mcpServers": {`+
			`"a": {"command": "npx", "args": ["-y", "`+pkg+`"]}, `+
			`"b": {"command": "npx", "args": ["--yes", "`+pkg+`"]}, `+
			`"c": {"command": "npx", "args": ["--no", "`+pkg+`"]}, `+
			`"d": {"command": "npx", "args": ["-p", "`+pkg+`", "-y", "mcp-server-memory"]}, `+
			`"e": {"command": "npx", "args": ["`+pkg+`"], "env": {"npm_config_yes": "true"}}, `+
			`"f": {"command": "npx"}, `+
			`"g": {"command": "bunx", "args": ["`+pkg+`"]}, `+
			`"h": {"command": "pnpm", "args": ["dlx", "`+pkg+`"]}}}`)},
	})
}

// The value of an npm option is not the package (VS Code writes
// "npx --registry https://registry.npmjs.org pkg@1.0.0" for gallery
// servers; found in 0xTanzim/nextRush .vscode/mcp.json).
func TestNpxWithoutYesOptionValue(t *testing.T) {
	const pkg = "chrome-devtools-mcp@0.18.1"
	args := func(a string) string { return `{"servers": {"m": {"command": "npx", "args": [` + a + `]}}}` }
	runRuleCases(t, "npx-without-yes", []ruleCase{
		{name: "--registry value", files: tree(".vscode/mcp.json", args(`"--registry", "https://registry.npmjs.org", "`+pkg+`"`)),
			want: []string{`warning .vscode/mcp.json:1:91: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "--registry= form", files: tree(".vscode/mcp.json", args(`"--registry=https://registry.npmjs.org", "`+pkg+`"`)),
			want: []string{`warning .vscode/mcp.json:1:88: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "answered after a value option", files: tree(".vscode/mcp.json", args(`"--registry", "https://registry.npmjs.org", "-y", "`+pkg+`"`))},
	})
}
