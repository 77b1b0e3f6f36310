package validate

import (
	"strings"
	"testing"
)

func TestEnvNotPassed(t *testing.T) {
	const docker = `"command": "docker", "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "-e", "LOG_LEVEL=debug", "ghcr.io/github/github-mcp-server"]`
	const codexArgs = `command = "docker"` + "\n" + `args = ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"]` + "\n"
	codexHint := `name the variables the server needs in "env_vars"`
	runRuleCases(t, "env-not-passed", []ruleCase{
		{name: "codex clears it",
			files: tree(".codex/config.toml", "[mcp_servers.github]\n"+codexArgs),
			want: []string{`warning .codex/config.toml:3:36: Codex does not pass "GITHUB_PERSONAL_ACCESS_TOKEN" from its environment to server "github", ` +
				`so "docker run -e GITHUB_PERSONAL_ACCESS_TOKEN" forwards nothing: the container runs without it [env-not-passed]`},
			hint: codexHint},
		{name: "codex env_vars passes it",
			files: tree(".codex/config.toml", "[mcp_servers.github]\n"+codexArgs+`env_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]`+"\n")},
		{name: "codex env sets it",
			files: tree(".codex/config.toml", "[mcp_servers.github]\n"+codexArgs+`env = { GITHUB_PERSONAL_ACCESS_TOKEN = "ghp_x" }`+"\n")},
		{name: "codex user layer names it, project layer patches",
			files: tree("~/.codex/config.toml", "[mcp_servers.github]\n"+codexArgs,
				".codex/config.toml", "[mcp_servers.github]\nenv_vars = [\"GITHUB_PERSONAL_ACCESS_TOKEN\"]\n")},
		{name: "codex turned off",
			files: tree(".codex/config.toml", "[mcp_servers.github]\n"+codexArgs+"enabled = false\n")},
		{name: "gemini removes secret-looking names",
			files: tree(".gemini/settings.json", `{"mcpServers": {"github": {`+docker+`}}}`),
			want: []string{`warning .gemini/settings.json:1:85: Gemini CLI does not pass "GITHUB_PERSONAL_ACCESS_TOKEN" from its environment to server "github", ` +
				`so "docker run -e GITHUB_PERSONAL_ACCESS_TOKEN" forwards nothing: the container runs without it [env-not-passed]`}},
		{name: "gemini env sets it",
			files: tree(".gemini/settings.json", `{"mcpServers": {"github": {`+docker+`, "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "$GITHUB_TOKEN"}}}}`)},
		{name: "gemini allowed list keeps it",
			files: tree(".gemini/settings.json", `{"security": {"environmentVariableRedaction": {"allowed": ["GITHUB_PERSONAL_ACCESS_TOKEN"]}}, `+
				`"mcpServers": {"github": {`+docker+`}}}`)},
		{name: "gemini passes a plain name",
			files: tree(".gemini/settings.json", `{"mcpServers": {"s": {"command": "docker", "args": ["run", "-i", "-e", "LOG_LEVEL", "img"]}}}`)},
		{name: "claude passes everything",
			files: tree(".mcp.json", `{"mcpServers": {"github": {`+docker+`}}}`)},
		{name: "cursor passes everything",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"github": {`+docker+`}}}`)},
	})
}

func TestEnvNotPassedPackages(t *testing.T) {
	codex := func(args string, extra ...string) map[string]string {
		body := "[mcp_servers.s]\ncommand = \"npx\"\nargs = [" + args + "]\n"
		for _, e := range extra {
			body += e + "\n"
		}
		return tree(".codex/config.toml", body)
	}
	runRuleCases(t, "env-not-passed", []ruleCase{
		{name: "a package that needs a token", files: codex(`"-y", "@modelcontextprotocol/server-brave-search"`),
			want: []string{`warning .codex/config.toml:3:15: Codex does not pass "BRAVE_API_KEY" from its environment to server "s", and @modelcontextprotocol/server-brave-search needs it [env-not-passed]`},
			hint: `name the variables the server needs in "env_vars"`},
		{name: "a pinned version is the same package", files: codex(`"-y", "@modelcontextprotocol/server-slack@2025.4.25"`, `env_vars = ["SLACK_TEAM_ID"]`),
			want: []string{`warning .codex/config.toml:3:15: Codex does not pass "SLACK_BOT_TOKEN" from its environment to server "s", and @modelcontextprotocol/server-slack needs it [env-not-passed]`}},
		{name: "either of two variables", files: codex(`"-y", "@notionhq/notion-mcp-server"`),
			want: []string{`warning .codex/config.toml:3:15: Codex does not pass "NOTION_TOKEN" or "OPENAPI_MCP_HEADERS" from its environment to server "s", and @notionhq/notion-mcp-server needs one of them [env-not-passed]`}},
		{name: "one of two is enough", files: codex(`"-y", "@notionhq/notion-mcp-server"`, `env = { OPENAPI_MCP_HEADERS = "{}" }`)},
		{name: "env_vars", files: codex(`"-y", "@modelcontextprotocol/server-github"`, `env_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]`)},
		{name: "a flag gives it", files: codex(`"-y", "@supabase/mcp-server-supabase", "--access-token", "sbp_x"`)},
		{name: "a flag with =", files: codex(`"-y", "@stripe/mcp", "--tools=all", "--api-key=sk_test_x"`)},
		{name: "a flag before the package is npx's, not the package's", files: codex(`"--api-key=x", "-y", "@stripe/mcp", "--tools=all"`),
			want: []string{`warning .codex/config.toml:3:30: Codex does not pass "STRIPE_SECRET_KEY" from its environment to server "s", and @stripe/mcp needs it [env-not-passed]`}},
		{name: "an unknown package", files: codex(`"-y", "some-mcp-server"`)},
		{name: "gemini removes the token",
			files: tree(".gemini/settings.json", `{"mcpServers": {"s": {"command": "npx", "args": ["-y", "tavily-mcp@0.2.19"]}}}`),
			want:  []string{`warning .gemini/settings.json:1:56: Gemini CLI does not pass "TAVILY_API_KEY" from its environment to server "s", and tavily-mcp needs it [env-not-passed]`}},
		{name: "gemini with env", files: tree(".gemini/settings.json",
			`{"mcpServers": {"s": {"command": "npx", "args": ["-y", "tavily-mcp"], "env": {"TAVILY_API_KEY": "$TAVILY_API_KEY"}}}}`)},
		{name: "claude passes it", files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "npx", "args": ["-y", "tavily-mcp"]}}}`)},
	})
}

// TestEnvNotPassedDocListsPackages keeps the rule's documentation and the
// package table together.
func TestEnvNotPassedDocListsPackages(t *testing.T) {
	for _, n := range pkgNeeds {
		if !strings.Contains(envNotPassedRule.DocText(), "`"+n.pkg+"`") {
			t.Errorf("the doc of env-not-passed does not name %s", n.pkg)
		}
		for _, g := range n.vars {
			for _, v := range g {
				if !strings.Contains(envNotPassedRule.DocText(), "`"+v+"`") {
					t.Errorf("the doc of env-not-passed does not name %s of %s", v, n.pkg)
				}
			}
		}
	}
}

// TestEnvNotPassedProgram: a package installed globally and started by
// its own name.
func TestEnvNotPassedProgram(t *testing.T) {
	runRuleCases(t, "env-not-passed", []ruleCase{
		{name: "the program itself", files: tree(".gemini/settings.json", `{"mcpServers": {"t": {"command": "tavily-mcp"}}}`),
			want: []string{`warning .gemini/settings.json:1:34: Gemini CLI does not pass "TAVILY_API_KEY" from its environment to server "t", and tavily-mcp needs it [env-not-passed]`}},
	})
}
