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

// npm options before the package are npm's; -p and --package name the
// package; a server option before the package is npx-unknown-option's
// (regression: 122sp7/xuanwu-app's supabase server, rebuilt here).
func TestNpxWithoutYesNpmOptions(t *testing.T) {
	const pkg = "@supabase/mcp-server-supabase@0.7.0"
	args := func(a string) string { return `{"servers": {"m": {"command": "npx", "args": [` + a + `]}}}` }
	runRuleCases(t, "npx-without-yes", []ruleCase{
		{name: "-p names the package", files: tree(".vscode/mcp.json", args(`"-p", "`+pkg+`", "supabase-mcp"`)),
			want: []string{`warning .vscode/mcp.json:1:53: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "--package= names the package", files: tree(".vscode/mcp.json", args(`"--package=`+pkg+`", "supabase-mcp"`)),
			want: []string{`warning .vscode/mcp.json:1:47: npx runs "` + pkg + `" without "-y": npm may stop at "Ok to proceed?" before installing it [npx-without-yes]`}},
		{name: "an unknown option is not the package's business here",
			files: tree(".vscode/mcp.json", args(`"--project-ref", "${input:project-ref}", "--registry", "https://registry.npmjs.org", "`+pkg+`"`))},
	})
}

func TestNpxUnknownOption(t *testing.T) {
	const pkg = "@supabase/mcp-server-supabase@0.7.0"
	args := func(a string) string { return `{"servers": {"m": {"command": "npx", "args": [` + a + `]}}}` }
	runRuleCases(t, "npx-unknown-option", []ruleCase{
		{name: "gallery line", files: tree(".vscode/mcp.json", args(`"--project-ref", "${input:project-ref}", "--read-only", "true", "--registry", "https://registry.npmjs.org", "`+pkg+`"`)),
			want:  []string{`error .vscode/mcp.json:1:47: npm does not know the option "--project-ref", so npx runs "${input:project-ref}" as the package instead of "` + pkg + `" [npx-unknown-option]`},
			hints: []string{`put the server's options after the package: ["-y", "` + pkg + `", "--project-ref", …]`}},
		{name: "answered, with an = value", files: tree(".cursor/mcp.json", `{"mcpServers": {"m": {"command": "npx", "args": ["-y", "--api-key", "k", "`+pkg+`"]}}}`),
			want:  []string{`error .cursor/mcp.json:1:56: npm does not know the option "--api-key", so npx runs "k" as the package instead of "` + pkg + `" [npx-unknown-option]`},
			hints: []string{`put the server's options after the package: ["` + pkg + `", "--api-key", …]`}},
		{name: "npm's own options and = values are fine", files: tree(".cursor/mcp.json", `{"mcpServers": {`+
			`"a": {"command": "npx", "args": ["-y", "--registry", "https://registry.npmjs.org", "`+pkg+`"]}, `+
			`"b": {"command": "npx", "args": ["-y", "--api-key=k", "`+pkg+`"]}, `+
			`"c": {"command": "npx", "args": ["-y", "--ignore-scripts", "`+pkg+`", "--project-ref", "x"]}, `+
			`"d": {"command": "npx", "args": ["-y", "--unknown", "`+pkg+`"]}}}`)},
	})
}
