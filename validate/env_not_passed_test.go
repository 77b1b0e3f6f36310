package validate

import "testing"

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
