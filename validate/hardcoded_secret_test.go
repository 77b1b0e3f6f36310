package validate

import "testing"

// Fake credentials of the right shapes, built from pieces so that secret
// scanners do not take this file for a leak.
const (
	fakeGitHubToken = "ghp_" + "0123456789" + "abcdefghij" + "ABCDEFGHIJ" + "k1m2n3"
	fakeAWSKeyID    = "AKIA" + "Z7Q2R4T6" + "Y8U1W3E5"
	fakeJWT         = "eyJhbGciOiJIUzI1NiJ9" + "." + "eyJzdWIiOiJtY3Bjb25mIn0" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	fakeRandom      = "q8Zr2" + "Lx7Vn" + "4Kp9T" + "w3Hs6" + "Jd1Mf" // 25 random-looking characters
)

func TestHardcodedSecret(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "GitHub token in a project file",
			files: tree(".mcp.json", `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}}`),
			want:  []string{`error .mcp.json:1:67: env "GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`},
			hints: []string{`write "${GITHUB_TOKEN}" and set GITHUB_TOKEN in your environment; then rotate the credential`}},
		{name: "user file is a warning",
			files: tree("~/.claude.json", `{"mcpServers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}}`),
			want:  []string{`warning ~/.claude.json:1:67: env "GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`}},
		{name: "local file is an error",
			files: tree(".agent/settings.local.toml", "[mcp_servers.gh]\ncommand = \"srv\"\nenv = { AWS_ACCESS_KEY_ID = \""+fakeAWSKeyID+"\" }\n"),
			want:  []string{`error .agent/settings.local.toml:3:30: env "AWS_ACCESS_KEY_ID" holds a literal AWS access key ID [hardcoded-secret]`},
			hints: []string{`agent-code expands no variables: keep this server in ~/.config/agent-code/config.toml, which is not committed; then rotate the credential`}},
		{name: "bearer header in Cursor",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"api": {"url": "https://api.example.com/mcp", "headers": {"Authorization": "Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"}}}}`),
			want:  []string{`error .cursor/mcp.json:1:93: header "Authorization" holds a literal bearer token [hardcoded-secret]`},
			hints: []string{`write "Bearer ${env:API_TOKEN}" and set API_TOKEN in your environment; then rotate the credential`}},
		{name: "Codex headers and env; names are never secrets",
			files: tree(".codex/config.toml", "[mcp_servers.api]\nurl = \"https://api.example.com/mcp\"\n"+
				"http_headers = { Authorization = \"Bearer "+fakeJWT+"\", \"X-Api-Key\" = \""+fakeRandom+"\" }\n"+
				"bearer_token_env_var = \""+fakeRandom+"\"\nenv_http_headers = { \"X-Token\" = \""+fakeRandom+"\" }\n\n"+
				"[mcp_servers.gh]\ncommand = \"srv\"\nenv = { GITHUB_TOKEN = \""+fakeGitHubToken+"\" }\nenv_vars = [\""+fakeRandom+"\"]\n"),
			want: []string{
				`error .codex/config.toml:3:42: header "Authorization" holds a literal JSON Web Token [hardcoded-secret]`,
				`error .codex/config.toml:3:126: header "X-Api-Key" holds what looks like a literal secret [hardcoded-secret]`,
				`error .codex/config.toml:9:25: env "GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`,
			},
			hints: []string{
				`remove the header and set bearer_token_env_var = "API_TOKEN"; Codex reads the token from that variable; then rotate the credential`,
				`move it to env_http_headers = { "X-Api-Key" = "X_API_KEY" }; Codex reads the value from that variable; then rotate the credential`,
				`remove it from env and list it in env_vars = ["GITHUB_TOKEN"]; Codex passes the variable through from your environment; then rotate the credential`,
			}},
		{name: "opencode environment and Gemini env",
			files: tree("opencode.json", `{"mcp": {"s": {"type": "local", "command": ["srv"], "environment": {"API_KEY": "`+fakeRandom+`"}}}}`,
				".gemini/settings.json", `{"mcpServers": {"s": {"command": "srv", "env": {"OPENAI_API_KEY": "sk-`+"proj-Ab3dEf6hIj9kLm2nOp5qRs8t"+`"}}}}`),
			want: []string{
				`error .gemini/settings.json:1:68: env "OPENAI_API_KEY" holds a literal OpenAI-style API key [hardcoded-secret]`,
				`error opencode.json:1:80: env "API_KEY" holds what looks like a literal secret [hardcoded-secret]`,
			},
			hints: []string{
				`write "$OPENAI_API_KEY" and set OPENAI_API_KEY in your environment; then rotate the credential`,
				`write "{env:API_KEY}" and set API_KEY in your environment; then rotate the credential`,
			}},
		{name: "arguments",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["--api-key=`+fakeRandom+`", "--token", "`+fakeRandom+`", "API_SECRET=`+fakeRandom+`", "`+fakeJWT+`"]}}}`),
			want: []string{
				`error .mcp.json:1:61: the value of "--api-key" in "args"[0] looks like a literal secret [hardcoded-secret]`,
				`error .mcp.json:1:100: the value of "--token" in "args"[2] looks like a literal secret [hardcoded-secret]`,
				`error .mcp.json:1:141: the value of "API_SECRET" in "args"[3] looks like a literal secret [hardcoded-secret]`,
				`error .mcp.json:1:170: "args"[4] holds a literal JSON Web Token [hardcoded-secret]`,
			}},
		{name: "opencode command array",
			files: tree("opencode.json", `{"mcp": {"s": {"type": "local", "command": ["srv", "--token=`+fakeGitHubToken+`"]}}}`),
			want:  []string{`error opencode.json:1:61: "command"[1] holds a literal GitHub personal access token [hardcoded-secret]`}},
		{name: "url password, user name and query",
			files: tree(".mcp.json", `{"mcpServers": {"a": {"type": "http", "url": "https://bob:hunter2@db.example.com/mcp"}, `+
				`"b": {"type": "http", "url": "https://`+fakeRandom+`@git.example.com/mcp"}, `+
				`"c": {"type": "http", "url": "https://api.example.com/mcp?region=eu&api_key=`+fakeRandom+`"}, `+
				`"d": {"type": "http", "url": "https://api.example.com/mcp?token=`+fakeGitHubToken+`"}}}`),
			want: []string{
				`error .mcp.json:1:59: "url" holds a literal password in its user info [hardcoded-secret]`,
				`error .mcp.json:1:127: "url" holds what looks like a literal secret as its user name [hardcoded-secret]`,
				`error .mcp.json:1:252: query parameter "api_key" of "url" looks like a literal secret [hardcoded-secret]`,
				`error .mcp.json:1:345: "url" holds a literal GitHub personal access token [hardcoded-secret]`,
			}},
		{name: "other fields: oauth client secret",
			files: tree(".pisces/mcp.json", `{"mcpServers": {"s": {"url": "https://api.example.com/mcp", "oauth": {"clientId": "mcpconf", "clientSecret": "`+fakeRandom+`"}}}}`),
			want:  []string{`error .pisces/mcp.json:1:110: "clientSecret" holds what looks like a literal secret [hardcoded-secret]`}},
		{name: "not secrets",
			files: tree(".mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["--token", "${GITHUB_TOKEN}", "--api-key=short"], "env": {`+
				`"GITHUB_TOKEN": "${GITHUB_TOKEN}", "OTHER_TOKEN": "${env:OTHER_TOKEN}", `+
				`"GOOGLE_APPLICATION_CREDENTIALS": "/home/me/.config/gcloud/application_default_credentials.json", `+
				`"API_KEY": "your-api-key-goes-here-please", "PASSWORD": "!op read op://vault/db/password", `+
				`"SESSION_SECRET": "aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "BUILD_ID": "`+fakeRandom+`", "DB_PASSWORD": "short", `+
				`"AUTH_TOKEN": "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx", "AWS_ACCESS_KEY_ID": "AKIAIOSFODNN7EXAMPLE"}, `+
				`"headers": {"Authorization": "Bearer ${API_TOKEN}", "X-Api-Key": "{env:KEY}"}}}}`)},
	})
}

// A literal "Basic …" header keeps its scheme in the hint (found in
// 4lejandrito/liferay-devcon-2025-mcp .gemini/settings.json, Liferay's
// default test@liferay.com:test).
func TestHardcodedSecretBasicHint(t *testing.T) {
	const basic = "Basic dGVzdEBsaWZlcmF5LmNvbTp0ZXN0"
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "gemini", files: tree(".gemini/settings.json", `{"mcpServers": {"l": {"url": "http://localhost:8080/o/mcp/sse", "headers": {"Authorization": "`+basic+`"}}}}`),
			want:  []string{`error .gemini/settings.json:1:95: header "Authorization" holds a literal basic auth credential [hardcoded-secret]`},
			hints: []string{`write "Basic $BASIC_AUTH" and set BASIC_AUTH in your environment; then rotate the credential`}},
		{name: "cursor", files: tree(".cursor/mcp.json", `{"mcpServers": {"l": {"url": "https://x.example/mcp", "headers": {"Authorization": "`+basic+`"}}}}`),
			want:  []string{`error .cursor/mcp.json:1:85: header "Authorization" holds a literal basic auth credential [hardcoded-secret]`},
			hints: []string{`write "Basic ${env:BASIC_AUTH}" and set BASIC_AUTH in your environment; then rotate the credential`}},
		{name: "codex", files: tree(".codex/config.toml", "[mcp_servers.l]\nurl = \"https://x.example/mcp\"\nhttp_headers = { Authorization = \""+basic+"\" }\n"),
			want:  []string{`error .codex/config.toml:3:35: header "Authorization" holds a literal basic auth credential [hardcoded-secret]`},
			hints: []string{`move it to env_http_headers = { "Authorization" = "BASIC_AUTH" } and put the whole "Basic …" value in BASIC_AUTH; Codex reads the header from that variable; then rotate the credential`}},
	})
}
