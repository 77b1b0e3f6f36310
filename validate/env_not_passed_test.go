package validate

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

func TestEnvNotPassed(t *testing.T) {
	const docker = `"command": "docker", "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "-e", "LOG_LEVEL=debug", "ghcr.io/github/github-mcp-server"]`
	const codexArgs = `command = "docker"` + "\n" + `args = ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", "ghcr.io/github/github-mcp-server"]` + "\n"
	codexHint := `add to the server: env_vars = ["GITHUB_PERSONAL_ACCESS_TOKEN"]`
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
			hint: `add to the server: env_vars = ["BRAVE_API_KEY"]`},
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

// TestEnvNotPassedSuggest: the hint carries the edit that passes every
// variable a server misses, in the starting client's way (Codex's
// env_vars, created or extended; Gemini CLI's and Roo Code's env, created
// or extended with a reference in their syntax), and with it applied the
// finding is gone (issue 27: the hint was free text).
func TestEnvNotPassedSuggest(t *testing.T) {
	const slack = `"-y", "@modelcontextprotocol/server-slack"`
	for _, tc := range []struct {
		name, path, src, hint, want string
		passed                      int // of the two variables, those the client passes
	}{
		{"codex creates env_vars", ".codex/config.toml", "[mcp_servers.s]\ncommand = \"npx\"\nargs = [" + slack + "]\n",
			`add to the server: env_vars = ["SLACK_BOT_TOKEN", "SLACK_TEAM_ID"]`,
			"[mcp_servers.s]\ncommand = \"npx\"\nargs = [" + slack + "]\nenv_vars = [\"SLACK_BOT_TOKEN\", \"SLACK_TEAM_ID\"]\n", 0},
		{"codex extends env_vars", ".codex/config.toml", "[mcp_servers.s]\ncommand = \"npx\"\nargs = [" + slack + "]\nenv_vars = [\n  \"LOG\", # kept\n]\n",
			`add "SLACK_BOT_TOKEN", "SLACK_TEAM_ID" to its "env_vars"`,
			"[mcp_servers.s]\ncommand = \"npx\"\nargs = [" + slack + "]\nenv_vars = [\n  \"LOG\", # kept\n  \"SLACK_BOT_TOKEN\",\n  \"SLACK_TEAM_ID\",\n]\n", 0},
		{"gemini creates env", ".gemini/settings.json", `{"mcpServers": {"s": {"command": "npx", "args": [` + slack + `]}}}`,
			// SLACK_TEAM_ID does not look like a secret: Gemini CLI passes it
			`add to the server: "env": {"SLACK_BOT_TOKEN": "$SLACK_BOT_TOKEN"}, or list it in security.environmentVariableRedaction.allowed`,
			`{"mcpServers": {"s": {"command": "npx", "args": [` + slack + `], "env": {"SLACK_BOT_TOKEN": "$SLACK_BOT_TOKEN"}}}}`, 1},
		{"roo extends env", ".roo/mcp.json", "{\"mcpServers\": {\"s\": {\n  \"command\": \"npx\",\n  \"args\": [" + slack + "],\n  \"env\": {\n    \"LOG\": \"1\"\n  }\n}}}",
			`add "SLACK_BOT_TOKEN": "${env:SLACK_BOT_TOKEN}", "SLACK_TEAM_ID": "${env:SLACK_TEAM_ID}" to its "env"`,
			"{\"mcpServers\": {\"s\": {\n  \"command\": \"npx\",\n  \"args\": [" + slack + "],\n  \"env\": {\n    \"LOG\": \"1\",\n    \"SLACK_BOT_TOKEN\": \"${env:SLACK_BOT_TOKEN}\",\n    \"SLACK_TEAM_ID\": \"${env:SLACK_TEAM_ID}\"\n  }\n}}}", 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := tree(tc.path, tc.src)
			var found []normalize.Diagnostic
			for _, d := range lintScope(t, files, nil, discover.ProjectScopes) {
				if d.Rule == normalize.RuleEnvNotPassed {
					found = append(found, d)
				}
			}
			if want := 2 - tc.passed; len(found) != want { // a finding per variable
				t.Fatalf("%d findings, want %d (one per variable): %v", len(found), want, found)
			}
			for _, d := range found {
				if d.Hint != tc.hint || d.Suggest == nil {
					t.Fatalf("hint %q (suggest %v), want %q", d.Hint, d.Suggest, tc.hint)
				}
			}
			fixed := applyEdits(t, tc.src, found[0].Suggest.Edits)
			if fixed != tc.want {
				t.Errorf("with the hint's edit:\n%s\nwant\n%s", fixed, tc.want)
			}
			for _, d := range lintScope(t, tree(tc.path, fixed), nil, discover.ProjectScopes) {
				if d.Rule == normalize.RuleEnvNotPassed || d.Severity == normalize.Error {
					t.Errorf("after the edit: %s", d)
				}
			}
		})
	}
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
