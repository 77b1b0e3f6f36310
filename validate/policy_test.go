package validate

import "testing"

func TestPolicy(t *testing.T) {
	const servers = `{"mcpServers": {` +
		`"evil-tools": {"command": "npx", "args": ["-y", "evil-mcp@1.0.0"]}, ` +
		`"fs": {"command": "/usr/local/bin/docker", "args": ["run", "-i", "mcp/filesystem:1.0.0"]}, ` +
		`"docs": {"type": "http", "url": "http://docs.internal.example/mcp"}}}`
	const hint = "remove the server, or ask whoever owns the policy in .mcpconf.toml to allow it"
	runRuleCases(t, "policy", []ruleCase{
		{name: "deny names, commands by base name, urls",
			cfg:   &Config{Policy: Policy{DenyNames: []string{"evil-*"}, DenyCommands: []string{"docker"}, DenyURLs: []string{"http://*"}}},
			files: tree(".mcp.json", servers),
			want: []string{
				`error .mcp.json:1:17: server "evil-tools" is denied by policy: it matches "evil-*" in deny_names [policy]`,
				`error .mcp.json:1:103: command "/usr/local/bin/docker run -i mcp/filesystem:1.0.0" of server "fs" is denied by policy: it matches "docker" in deny_commands [policy]`,
				`error .mcp.json:1:208: url "http://docs.internal.example/mcp" of server "docs" is denied by policy: it matches "http://*" in deny_urls [policy]`,
			},
			hints: []string{hint, hint, hint}},
		{name: "allow lists; the command line matches across slashes",
			cfg: &Config{Policy: Policy{AllowNames: []string{"fs", "docs"}, AllowCommands: []string{"*docker run -i mcp/*"},
				AllowURLs: []string{"https://*"}}},
			files: tree(".mcp.json", servers),
			want: []string{
				`error .mcp.json:1:17: server "evil-tools" is not allowed by policy: it matches no pattern in allow_names ("fs", "docs") [policy]`,
				`error .mcp.json:1:43: command "npx -y evil-mcp@1.0.0" of server "evil-tools" is not allowed by policy: it matches no pattern in allow_commands ("*docker run -i mcp/*") [policy]`,
				`error .mcp.json:1:208: url "http://docs.internal.example/mcp" of server "docs" is not allowed by policy: it matches no pattern in allow_urls ("https://*") [policy]`,
			}},
		{name: "deny wins over allow; opencode command arrays",
			cfg:   &Config{Policy: Policy{AllowCommands: []string{"npx"}, DenyCommands: []string{"npx -y evil-*"}}},
			files: tree("opencode.json", `{"mcp": {"e": {"type": "local", "command": ["npx", "-y", "evil-mcp@1.0.0"]}, "g": {"type": "local", "command": ["npx", "-y", "good-mcp@1.0.0"]}}}`),
			want:  []string{`error opencode.json:1:45: command "npx -y evil-mcp@1.0.0" of server "e" is denied by policy: it matches "npx -y evil-*" in deny_commands [policy]`}},
		{name: "empty policy", cfg: &Config{}, files: tree(".mcp.json", servers)},
	})
}

func TestWildcard(t *testing.T) {
	tests := []struct {
		pattern, s string
		want       bool
	}{
		{"", "", true},
		{"", "a", false},
		{"*", "", true},
		{"*", "a/b/c", true},
		{"a*", "abc", true},
		{"a*", "ba", false},
		{"*c", "abc", true},
		{"a*c", "a/b/c", true},
		{"a?c", "abc", true},
		{"a?c", "ac", false},
		{"https://*.example.com/*", "https://mcp.example.com/mcp", true},
		{"https://*.example.com/*", "https://example.com.evil/x", false},
		{"*a*b*c*", "xaybzc", true},
		{"*a*b*c*", "xaybz", false},
		{"npx -y @scope/*", "npx -y @scope/pkg@1.0.0", true},
	}
	for _, tt := range tests {
		if got := wildcard(tt.pattern, tt.s); got != tt.want {
			t.Errorf("wildcard(%q, %q) = %v, want %v", tt.pattern, tt.s, got, tt.want)
		}
	}
}
