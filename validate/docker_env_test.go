package validate

import "testing"

func TestDockerEnv(t *testing.T) {
	const image = `"ghcr.io/github/github-mcp-server"`
	def := func(args, env string) string {
		return `{"mcpServers": {"gh": {"command": "docker", "args": [` + args + `], "env": {` + env + `}}}}`
	}
	hint := `add "-e", "GITHUB_PERSONAL_ACCESS_TOKEN" to args before the image`
	runRuleCases(t, "docker-env", []ruleCase{
		{name: "env without -e",
			files: tree(".mcp.json", def(`"run", "-i", "--rm", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}", "DOCKER_HOST": "unix:///run/docker.sock"`)),
			want:  []string{`warning .mcp.json:1:120: docker does not pass env "GITHUB_PERSONAL_ACCESS_TOKEN" of server "gh" into the container: no "-e GITHUB_PERSONAL_ACCESS_TOKEN" names it [docker-env]`},
			hint:  hint},
		{name: "same in cursor", files: tree(".cursor/mcp.json", def(`"run", "-i", "--rm", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"`)),
			want: []string{`warning .cursor/mcp.json:1:120: docker does not pass env "GITHUB_PERSONAL_ACCESS_TOKEN" of server "gh" into the container: no "-e GITHUB_PERSONAL_ACCESS_TOKEN" names it [docker-env]`}},
		{name: "-e NAME", files: tree(".mcp.json", def(`"run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"`))},
		{name: "--env=NAME", files: tree(".mcp.json", def(`"run", "-i", "--env=GITHUB_PERSONAL_ACCESS_TOKEN", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "x"`))},
		{name: "-e NAME=VALUE", files: tree(".mcp.json", def(`"run", "-i", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_TOKEN}", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}"`))},
		{name: "an env file may name it", files: tree(".mcp.json", def(`"run", "-i", "--env-file", ".env", `+image, `"GITHUB_PERSONAL_ACCESS_TOKEN": "x"`))},
		{name: "variables docker reads", files: tree(".mcp.json", def(`"run", "-i", `+image, `"DOCKER_CONFIG": "/cfg", "HTTPS_PROXY": "http://proxy:3128", "PATH": "/usr/bin"`))},
		{name: "not docker run", files: tree(".mcp.json", `{"mcpServers": {"c": {"command": "docker", "args": ["compose", "run", "svc"], "env": {"TOKEN": "x"}}}}`)},
		{name: "codex env_vars",
			files: tree(".codex/config.toml", "[mcp_servers.gh]\ncommand = \"docker\"\nargs = [\"run\", \"-i\", \"--rm\", "+image+"]\nenv_vars = [\"GITHUB_PERSONAL_ACCESS_TOKEN\"]\n"),
			want:  []string{`warning .codex/config.toml:4:13: docker does not pass env_vars name "GITHUB_PERSONAL_ACCESS_TOKEN" of server "gh" into the container: no "-e GITHUB_PERSONAL_ACCESS_TOKEN" names it [docker-env]`}},
	})
}
