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
				`"SESSION_SECRET": "aaaaaaaaaaaaaaaaaaaaaaaaaaaa", "BUILD_ID": "`+fakeRandom+`", "DB_PASSWORD": "<db-password>", `+
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
			hints: []string{`write "Basic $L_BASIC_AUTH" and set L_BASIC_AUTH in your environment; then rotate the credential`}},
		{name: "cursor", files: tree(".cursor/mcp.json", `{"mcpServers": {"l": {"url": "https://x.example/mcp", "headers": {"Authorization": "`+basic+`"}}}}`),
			want:  []string{`error .cursor/mcp.json:1:85: header "Authorization" holds a literal basic auth credential [hardcoded-secret]`},
			hints: []string{`write "Basic ${env:L_BASIC_AUTH}" and set L_BASIC_AUTH in your environment; then rotate the credential`}},
		{name: "codex", files: tree(".codex/config.toml", "[mcp_servers.l]\nurl = \"https://x.example/mcp\"\nhttp_headers = { Authorization = \""+basic+"\" }\n"),
			want:  []string{`error .codex/config.toml:3:35: header "Authorization" holds a literal basic auth credential [hardcoded-secret]`},
			hints: []string{`move it to env_http_headers = { "Authorization" = "L_BASIC_AUTH" } and put the whole "Basic …" value in L_BASIC_AUTH; Codex reads the header from that variable; then rotate the credential`}},
	})
}

// Supabase JWTs as Supabase issues them: header, a payload with the role,
// a fake signature.
const (
	fakeAnonJWT    = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJhbm9uIn0" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	fakeServiceJWT = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJzZXJ2aWNlX3JvbGUifQ" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	fakeNeonKey    = "napi_" + "k3m9x2q7w1e8r4t6y0u5i3o9p2a7s1d6f8g4h0j5k2l9z3x7c1v6b8n4m0q2w5e9"
)

// Keys that are public by design are no hard-coded secrets (regression:
// Ragul26061999/annam2.0's SUPABASE_ANON_KEY, rebuilt with fakes).
func TestHardcodedSecretPublicByDesign(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "anon key, public variables, publishable keys",
			files: tree(".windsurf/mcp_config.json", `{"mcpServers": {"s": {"command": "srv", "env": {`+
				`"SUPABASE_ANON_KEY": "`+fakeAnonJWT+`", "SUPABASE_KEY": "`+fakeAnonJWT+`", `+
				`"NEXT_PUBLIC_POSTHOG_KEY": "`+fakeRandom+`", "STRIPE_PUBLISHABLE_KEY": "pk_live_`+fakeRandom+`", `+
				`"SUPABASE_SERVICE_ROLE_KEY": "`+fakeServiceJWT+`", "NEXT_PUBLIC_GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}}`),
			want: []string{
				`error .windsurf/mcp_config.json:1:449: env "SUPABASE_SERVICE_ROLE_KEY" holds a literal JSON Web Token [hardcoded-secret]`,
				`error .windsurf/mcp_config.json:1:595: env "NEXT_PUBLIC_GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`,
			}},
		{name: "a service-role key under a public name is still a secret",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"s": {"command": "srv", "args": ["--anon-key", "`+fakeServiceJWT+`"]}}}`),
			want:  []string{`error .cursor/mcp.json:1:65: "args"[1] holds a literal JSON Web Token [hardcoded-secret]`}},
	})
}

// Placeholders of other languages are not secrets, and no hint says to
// rotate them (regression: 01capitain/jira-release-manager, rebuilt).
func TestHardcodedSecretForeignPlaceholders(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "javascript and templates",
			files: tree(".gemini/settings.json", `{"mcpServers": {"c": {"httpUrl": "https://mcp.context7.com/mcp", "headers": {`+
				`"CONTEXT7_API_KEY": "${process.env.CONTEXT7_API_KEY}", "X_API_TOKEN": "process.env.X_API_TOKEN", `+
				`"Authorization": "Bearer {{ ACCESS_TOKEN }}", "X_SECRET_KEY": "%X_SECRET_KEY%"}}}}`)},
	})
}

// A password in a connection string (regression: 13uraksahin/read-water's
// postgresql:// argument, rebuilt).
func TestHardcodedSecretConnectionStrings(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "args and env",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"pg": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres@0.6.2", "postgresql://app:s3cr3tPw@db.example.com:5432/app"], `+
				`"env": {"MONGO_URI": "mongodb+srv://u:Xk29dLq@cluster0.example.net/db", "REDIS_URL": "redis://:r3disPw@cache.example.com:6379", "DSN": "--db=postgres://app:pw2@10.0.0.5/app"}}}}`),
			want: []string{
				`error .cursor/mcp.json:1:122: "args"[2] holds a literal password in its connection string [hardcoded-secret]`,
				`error .cursor/mcp.json:1:196: env "MONGO_URI" holds a literal password in its connection string [hardcoded-secret]`,
				`error .cursor/mcp.json:1:253: env "REDIS_URL" holds a literal password in its connection string [hardcoded-secret]`,
				`error .cursor/mcp.json:1:314: env "DSN" holds a literal password in its connection string [hardcoded-secret]`,
			},
			hints: []string{
				`write "postgresql://app:${env:PG_PASSWORD}@db.example.com:5432/app" and set PG_PASSWORD in your environment; then rotate the credential`,
				`write "mongodb+srv://u:${env:MONGO_PASSWORD}@cluster0.example.net/db" and set MONGO_PASSWORD in your environment; then rotate the credential`,
				`write "redis://:${env:REDIS_PASSWORD}@cache.example.com:6379" and set REDIS_PASSWORD in your environment; then rotate the credential`,
				`write "--db=postgres://app:${env:PG_PASSWORD}@10.0.0.5/app" and set PG_PASSWORD in your environment; then rotate the credential`,
			}},
		{name: "a local host is a warning",
			files: tree(".mcp.json", `{"mcpServers": {"pg": {"command": "srv", "args": ["postgresql://readwater:Rw2024x@localhost:5433/readwater"]}}}`),
			want:  []string{`warning .mcp.json:1:75: "args"[0] holds a literal password in its connection string to a local host [hardcoded-secret]`}},
		{name: "placeholders and template passwords",
			files: tree(".mcp.json", `{"mcpServers": {"pg": {"command": "srv", "args": ["postgresql://app:${DB_PASSWORD}@db/app", "postgres://user:password@db/app", "postgres://u:<your-password>@db/app", "postgres://app@db/app"]}}}`)},
	})
}

// A secret-named key in a JSON argument (regression:
// 1062265550/Charging_pile_back_end's smithery --config, rebuilt).
func TestHardcodedSecretJSONArgument(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "escaped JSON in an argument",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"brave": {"command": "npx", "args": ["-y", "@smithery/cli@1.2.3", "run", "@smithery-ai/brave-search", "--config", "{\"braveApiKey\":\"`+fakeRandom+`\",\"country\":\"US\"}"]}}}`),
			want:  []string{`error .cursor/mcp.json:1:151: the value of "braveApiKey" in the JSON of "args"[5] looks like a literal secret [hardcoded-secret]`},
			hints: []string{`write "${env:BRAVE_API_KEY}" and set BRAVE_API_KEY in your environment; then rotate the credential`}},
		{name: "a Neon key as a bare argument",
			files: tree(".cursor/mcp.json", `{"mcpServers": {"neon": {"command": "npx", "args": ["-y", "@neondatabase/mcp-server-neon@0.6.1", "start", "`+fakeNeonKey+`"]}}}`),
			want:  []string{`error .cursor/mcp.json:1:108: "args"[3] holds a literal Neon API key [hardcoded-secret]`},
			hints: []string{`write "${env:NEON_API_KEY}" and set NEON_API_KEY in your environment; then rotate the credential`}},
	})
}

// A token in a file that does not parse is reported at its exact place.
func TestHardcodedSecretUnparsedFile(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "trailing comma in strict JSON, two tokens",
			files: tree(".cursor/mcp.json", "{\n  \"mcpServers\": {\n    \"gh\": {\"command\": \"srv\", \"env\": {\"GITHUB_TOKEN\": \""+fakeGitHubToken+"\",}},\n"+
				"    \"api\": {\"url\": \"https://x/mcp\", \"headers\": {\"Authorization\": \"Bearer "+fakeAWSKeyID+"\"}}\n  }\n"),
			want: []string{
				`error .cursor/mcp.json:3:55: the file does not parse, but it holds a literal GitHub personal access token [hardcoded-secret]`,
				`error .cursor/mcp.json:4:74: the file does not parse, but it holds a literal AWS access key ID [hardcoded-secret]`,
			},
			hint: `remove it from the file and rotate the credential: it is exposed whether or not the file parses`},
		{name: "TOML in the home is a warning",
			files: tree("~/.codex/config.toml", "[mcp_servers.gh\ncommand = \"srv\"\nenv = { GITHUB_TOKEN = \""+fakeGitHubToken+"\" }\n"),
			want:  []string{`warning ~/.codex/config.toml:3:25: the file does not parse, but it holds a literal GitHub personal access token [hardcoded-secret]`}},
	})
}

// Servers under a key the client does not read still hold their secrets
// (regression: Teycir/ZkPatternFuzz's "servers" in a Windsurf file).
func TestHardcodedSecretUnloadedServers(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "wrong key and top level",
			files: tree(".windsurf/mcp_config.json", `{"servers": {"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}}`,
				".mcp.json", `{"gh": {"command": "srv", "env": {"GITHUB_TOKEN": "`+fakeGitHubToken+`"}}}`),
			want: []string{
				`error .mcp.json:1:52: env "GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`,
				`error .windsurf/mcp_config.json:1:64: env "GITHUB_TOKEN" holds a literal GitHub personal access token [hardcoded-secret]`,
			}},
	})
}

// The hint rewrites the value it was found in, the token replaced by a
// variable: "Bearer " and "Authorization: " stay where they were written,
// and the variable is named after the key, the vendor a token's shape
// names, or the server — not after "OpenAI" for any "sk-" key.
func TestHardcodedSecretHintKeepsTheValue(t *testing.T) {
	const sk = "sk-" + "proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z"
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "claude code",
			files: tree(".mcp.json", `{"mcpServers": {"ctx": {"type": "http", "url": "https://ctx.example.com/mcp", "headers": {"Authorization": "Bearer `+sk+`", "X-Api-Key": "Bearer `+sk+`"}},`+
				`"rem": {"command": "npx", "args": ["-y", "mcp-remote@0.1.29", "https://r.example.com/mcp", "--header", "Authorization: Bearer `+sk+`"], "env": {"AUTH_HEADER": "Bearer `+sk+`"}}}}`),
			want: []string{
				`error .mcp.json:1:116: header "Authorization" holds a literal OpenAI-style API key [hardcoded-secret]`,
				`error .mcp.json:1:180: header "X-Api-Key" holds a literal OpenAI-style API key [hardcoded-secret]`,
				`error .mcp.json:1:350: "args"[4] holds a literal OpenAI-style API key [hardcoded-secret]`,
				`error .mcp.json:1:425: env "AUTH_HEADER" holds a literal OpenAI-style API key [hardcoded-secret]`,
			},
			hints: []string{
				`write "Bearer ${CTX_API_KEY}" and set CTX_API_KEY in your environment; then rotate the credential`,
				`write "Bearer ${X_API_KEY}" and set X_API_KEY in your environment; then rotate the credential`,
				`write "Authorization: Bearer ${REM_API_KEY}" and set REM_API_KEY in your environment; then rotate the credential`,
				`write "Bearer ${AUTH_HEADER}" and set AUTH_HEADER in your environment; then rotate the credential`,
			}},
		{name: "a vendor's shape names its variable", files: tree(".cursor/mcp.json",
			`{"mcpServers": {"docs": {"url": "https://mcp.context7.com/mcp", "headers": {"Authorization": "Bearer ctx7sk-`+"1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d"+`"}}}}`),
			want:  []string{`error .cursor/mcp.json:1:102: header "Authorization" holds a literal Context7 API key [hardcoded-secret]`},
			hints: []string{`write "Bearer ${env:CONTEXT7_API_KEY}" and set CONTEXT7_API_KEY in your environment; then rotate the credential`}},
		{name: "codex: a header that is not a bare bearer token stays whole", files: tree(".codex/config.toml",
			"[mcp_servers.a]\nurl = \"https://a.example.com/mcp\"\nhttp_headers = { Authorization = \"Bearer "+sk+"\" }\n[mcp_servers.b]\nurl = \"https://b.example.com/mcp\"\nhttp_headers = { Authorization = \""+sk+"\" }\n"),
			want: []string{
				`error .codex/config.toml:3:42: header "Authorization" holds a literal OpenAI-style API key [hardcoded-secret]`,
				`error .codex/config.toml:6:35: header "Authorization" holds a literal OpenAI-style API key [hardcoded-secret]`,
			},
			hints: []string{
				`remove the header and set bearer_token_env_var = "A_API_KEY"; Codex reads the token from that variable; then rotate the credential`,
				`move it to env_http_headers = { "Authorization" = "B_API_KEY" } and put the whole value in B_API_KEY; Codex reads the header from that variable; then rotate the credential`,
			}},
	})
}

// Context7's key shape in a file that does not parse was missed.
func TestHardcodedSecretVendorShapeUnparsed(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "context7 key in broken JSON", files: tree(".cursor/mcp.json",
			"{\n  \"mcpServers\": {\n    \"context7\": {\"command\": \"npx\", \"args\": [\"-y\", \"@upstash/context7-mcp\", \"--api-key\", \"ctx7sk-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d\"],}\n  }\n}\n"),
			want: []string{`error .cursor/mcp.json:3:90: the file does not parse, but it holds a literal Context7 API key [hardcoded-secret]`}},
	})
}

// A short literal under a credential name is a credential all the same
// (unseen configs: "DB_PASSWORD": "hunter2", "SLACK_ACCESS_TOKEN": "abc123");
// obvious placeholders are not.
func TestHardcodedSecretShortCredential(t *testing.T) {
	runRuleCases(t, "hardcoded-secret", []ruleCase{
		{name: "short values", files: tree(".mcp.json",
			`{"mcpServers": {"db": {"command": "db-mcp", "env": {"DB_PASSWORD": "hunter2", "SLACK_ACCESS_TOKEN": "abc123", "CLIENT_SECRET": "s3cr3t", "DB_USER": "admin", "SORT_KEY": "name", "API_KEY": "changeme", "GITHUB_TOKEN": "xxx", "OTHER_TOKEN": "REDACTED", "NEXT_PUBLIC_API_KEY": "pk1"}}}}`),
			want: []string{
				`warning .mcp.json:1:68: env "DB_PASSWORD" holds a short literal, but its name says it is a credential: it is readable by everyone who can read the file [hardcoded-secret]`,
				`warning .mcp.json:1:101: env "SLACK_ACCESS_TOKEN" holds a short literal, but its name says it is a credential: it is readable by everyone who can read the file [hardcoded-secret]`,
				`warning .mcp.json:1:128: env "CLIENT_SECRET" holds a short literal, but its name says it is a credential: it is readable by everyone who can read the file [hardcoded-secret]`,
			},
			hints: []string{
				`write "${DB_PASSWORD}" and set DB_PASSWORD in your environment; then change the credential if it is real`,
				`write "${SLACK_ACCESS_TOKEN}" and set SLACK_ACCESS_TOKEN in your environment; then change the credential if it is real`,
				`write "${CLIENT_SECRET}" and set CLIENT_SECRET in your environment; then change the credential if it is real`,
			}},
		{name: "home files are info", files: tree("~/.cursor/mcp.json",
			`{"mcpServers": {"db": {"command": "db-mcp", "env": {"DB_PASSWORD": "hunter2"}}}}`),
			want: []string{`info ~/.cursor/mcp.json:1:68: env "DB_PASSWORD" holds a short literal, but its name says it is a credential: it is readable by everyone who can read the file [hardcoded-secret]`}},
	})
}

// The variable a hint names after the server does not repeat a word:
// server "api" gets API_KEY, not API_API_KEY.
func TestSecretVarName(t *testing.T) {
	for _, c := range [][3]string{{"api", "OpenAI-style API key", "API_KEY"}, {"ctx", "OpenAI-style API key", "CTX_API_KEY"},
		{"my-api", "OpenAI-style API key", "MY_API_KEY"}, {"token", "bearer token", "TOKEN"}, {"l", "basic auth credential", "L_BASIC_AUTH"},
		{"gh-token", "bearer token", "GH_TOKEN"}, {"docs", "Context7 API key", "CONTEXT7_API_KEY"}} {
		if got := secretVarName(c[0], "", c[1], true); got != c[2] {
			t.Errorf("server %q, %s: %q, want %q", c[0], c[1], got, c[2])
		}
	}
}
