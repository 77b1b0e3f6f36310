package secret

import "testing"

// TestLiteral: only a ${NAME} reference is a reference; a scheme word
// before one is not a literal; another syntax's placeholder and a
// default are.
func TestLiteral(t *testing.T) {
	for v, want := range map[string]bool{
		"${TOKEN}": false, "Bearer ${TOKEN}": false, "${A}:${B}": false, "": false, " ": false,
		"production": true, "1": true, "pre ${A}": true, "${A:-fallback}": true,
		"$Secret123": true, "${env:X}": true, "{{token}}": true, "%PATH%": true, "Bearer x": true,
	} {
		if got := Literal(v); got != want {
			t.Errorf("Literal(%q) = %v, want %v", v, got, want)
		}
	}
}

// TestLiteralSecret: a credential's name makes any literal but a
// placeholder value a secret, however short and plain; another
// secret-looking name, a value that may be one; any name, a random one,
// a token shape, a URL's password.
func TestLiteralSecret(t *testing.T) {
	cases := []struct {
		key, v string
		secret bool
	}{
		{"API_KEY", "Pw9QmZx4Lk2Vb7Nc", true},
		{"DB_PASSWORD", "hunter2x", true},
		{"DB_PASSWORD", "$uperSecret1", true},
		{"X-Api-Key", "abc", true},
		{"Authorization", "Bearer abc123", true},
		{"Authorization", "Bearer ${TOKEN}", false},
		{"API_KEY", "${API_KEY}", false},
		{"API_KEY", "changeme", false},
		{"API_KEY", "none", false},
		{"API_KEY", "YOUR_API_KEY", false},
		{"GITHUB_AUTH", "abc12345", true},
		{"AUTH_PROVIDER", "github", false},
		{"AUTH_ENABLED", "true", false},
		{"NODE_ENV", "production", false},
		{"SOME_ID", "Rn4Dm8Qz2Lx7", false}, // a literal, not judged a secret: only a private file keeps it from a project
		{"DATA", "Zx9Lm4Qw8Rt5Yu7Io3Pa", true},
		{"GH", "ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3", true},
		{"DATABASE_URL", "postgresql://admin:pw123456@db/app", true},
		{"DATABASE_URL", "postgresql://admin:${DB_PASSWORD}@db/app", false},
		{"SUPABASE_ANON_KEY", "eyJhbGciOi", false},
		{"MEMORY_FILE_PATH", "/home/me/mem.json", false},
	}
	for _, c := range cases {
		if got := LiteralSecret(c.key, c.v); (got != "") != c.secret {
			t.Errorf("LiteralSecret(%q, %q) = %q, want a secret: %v", c.key, c.v, got, c.secret)
		}
	}
}

// TestLiteralArgs: the value of a secret flag, in two arguments or one,
// and a secret of its own in an argument; not a reference, a path, a
// package or a flag's plain word.
func TestLiteralArgs(t *testing.T) {
	cases := []struct {
		args []string
		at   int
	}{
		{[]string{"npx", "-y", "pkg@1.0.0"}, -1},
		{[]string{"srv", "--api-key", "Pw9QmZx4Lk2Vb7Nc"}, 2},
		{[]string{"srv", "--token=abc"}, 1},
		{[]string{"srv", "--password", "hunter2x", "--port", "80"}, 2},
		{[]string{"srv", "--token", "${TOKEN}"}, -1},
		{[]string{"srv", "--token=${TOKEN}"}, -1},
		{[]string{"srv", "--token-file", "/run/secrets/token"}, -1},
		{[]string{"srv", "--auth", "github"}, -1},
		{[]string{"srv", "--token", "--verbose"}, -1},
		{[]string{"srv", "postgresql://admin:pw123456@db/app"}, 1},
		{[]string{"srv", "ghp_a1B2c3D4e5a1B2c3D4e5a1B2c3D4e5a1B2c3"}, 1},
		{[]string{"env", "API_KEY=Zx9Lm4Qw8Rt5", "srv"}, 1},
	}
	for _, c := range cases {
		if at, kind := LiteralArgs(c.args); at != c.at {
			t.Errorf("LiteralArgs(%q) = %d (%s), want %d", c.args, at, kind, c.at)
		}
	}
}

// TestLiteralURL: any literal user info, the literal value of a secret
// query parameter, a key in the path; references and public parameters
// are none.
func TestLiteralURL(t *testing.T) {
	cases := []struct{ url, kind, at string }{
		{"https://h.example.com/mcp", "", ""},
		{"https://u:hunter2x@h.example.com/mcp", KindPassword, "hunter2x"},
		{"https://tok3nZx9Lm4@h.example.com/mcp", KindUser, "tok3nZx9Lm4"},
		{"https://alice@h.example.com/mcp", KindUser, "alice"},
		{"https://u:${PASSWORD}@h.example.com/mcp", "", ""},
		{"https://h.example.com/mcp?api_key=Pw9Qm&v=2", KindQuery, "Pw9Qm"},
		{"https://h.example.com/mcp?api_key=${API_KEY}", "", ""},
		{"https://h.example.com/mcp?version=2", "", ""},
		{"https://h.example.com/mcp/Ab3xZ9Lm4Qw8Rt5Yu7Io/sse", KindPath, "Ab3xZ9Lm4Qw8Rt5Yu7Io"},
		// a secret-looking key without "=" at the end: no value, no panic
		// (FuzzPrivateLiterals found it)
		{"://?key", "", ""},
		{"https://h.example.com/mcp?token", "", ""},
	}
	for _, c := range cases {
		kind, a, b := LiteralURL(c.url)
		if kind != c.kind || c.url[a:b] != c.at {
			t.Errorf("LiteralURL(%q) = %q %q, want %q %q", c.url, kind, c.url[a:b], c.kind, c.at)
		}
	}
}
