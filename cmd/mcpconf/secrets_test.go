package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSecretsNeverPrinted plants secrets in the environment, in the output
// of a !command, in literal values and in a connection string, runs every
// command that reads the tree in every format, and fails if any secret
// appears in what mcpconf prints.
func TestSecretsNeverPrinted(t *testing.T) {
	const (
		fromEnv     = "ghp_EnvSecret0123456789abcdefghijKLMNOPqr"
		fromCmd     = "cmd-secret-Zq8Wm2Lp5Rt7Yx3Vb9"
		literal     = "sk-LiteralSecretAbCdEfGh0123456789XyZ"
		dbPassword  = "DbPassw0rd-Kq7Zx2"
		headerValue = "HeaderSecret-Mn4Bv8Cx2Lz6"
		inDefault   = "DefaultSecret-Pw3Ks9Jd7Hq1"
	)
	secrets := []string{fromEnv, fromCmd, literal, dbPassword, headerValue, inDefault}
	// the command prints a secret it does not contain
	vault := filepath.Join(t.TempDir(), "vault")
	if err := os.WriteFile(vault, []byte(fromCmd+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	root := writeTree(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {
			"cmd": {"command": "srv", "env": {"API_TOKEN": "!cat ` + vault + `", "GH": "GITHUB_TOKEN"}},
			"web": {"type": "http", "url": "https://x.example.com/mcp", "headers": {"Authorization": "Bearer ${GITHUB_TOKEN}", "X-Api-Key": "` + headerValue + `"}}}}`,
		".mcp.json": `{"mcpServers": {
			"db": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-postgres@0.6.2", "postgresql://admin:` + dbPassword + `@db.example.com:5432/app"]},
			"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${GITHUB_TOKEN}", "OPENAI_API_KEY": "` + literal + `", "FALLBACK_KEY": "${NOPE:-` + inDefault + `}"}}}}`,
		".cursor/mcp.json": `{"mcpServers": {"gh": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-github@2025.4.8"], "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TOKEN}"}}}}`,
	})
	env := map[string]string{"GITHUB_TOKEN": fromEnv}
	home := t.TempDir()
	var runs [][]string
	for _, f := range []string{"text", "json", "sarif", "github"} {
		for _, scope := range []string{"project", "all"} {
			runs = append(runs, []string{"lint", "--root", root, "--home", home, "--format", f, "--scope", scope, "--check-env"})
		}
	}
	for _, f := range []string{"text", "json"} {
		for _, extra := range [][]string{nil, {"gh"}, {"db"}, {"--client", "pisces"}, {"--client", "claude"}, {"--resolve"},
			{"--resolve", "--allow-exec"}, {"cmd", "--resolve", "--allow-exec"}, {"web", "--resolve"}} {
			runs = append(runs, append([]string{"explain", "--root", root, "--home", home, "--format", f}, extra...))
		}
	}
	for _, args := range runs {
		_, out, errOut := run(t, env, args...)
		for _, s := range secrets {
			if strings.Contains(out+errOut, s) {
				t.Errorf("mcpconf %s printed the secret %q:\n%s%s", strings.Join(args, " "), s, out, errOut)
			}
		}
	}
	// masked, but not missed: lint reports the password of the connection
	// string as a hard-coded secret
	_, rep, _ := lintJSON(t, env, "--root", root, "--home", home)
	found := false
	for _, f := range rep.Findings {
		found = found || f.Rule == "hardcoded-secret" && f.Path == ".mcp.json" && strings.Contains(f.Message, "password")
	}
	if !found {
		t.Errorf("lint does not report the password of the connection string: %+v", rep.Findings)
	}
}

// TestResolveRunsCommandsOnlyWhenAllowed: explain --resolve runs a !command
// only with --allow-exec, and then once, however many servers use it.
func TestResolveRunsCommandsOnlyWhenAllowed(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "count")
	cmd := "!echo run >> " + count + "; echo value"
	root := writeTree(t, map[string]string{
		".pisces/mcp.json": `{"mcpServers": {"a": {"command": "a", "env": {"T": "` + cmd + `"}}, "b": {"command": "b", "env": {"T": "` + cmd + `"}}}}`,
	})
	home := t.TempDir()
	for _, args := range [][]string{
		{"explain", "--root", root, "--home", home},
		{"explain", "--root", root, "--home", home, "--resolve"},
		{"lint", "--root", root, "--home", home, "--scope", "all", "--check-env"},
	} {
		run(t, nil, args...)
		if _, err := os.Stat(count); err == nil {
			t.Fatalf("mcpconf %s ran a command", strings.Join(args, " "))
		}
	}
	code, out, errOut := run(t, nil, "explain", "--root", root, "--home", home, "--resolve", "--allow-exec")
	if code != 0 {
		t.Fatal(errOut)
	}
	b, _ := os.ReadFile(count)
	if got := strings.Count(string(b), "run"); got != 1 {
		t.Errorf("the command ran %d times, want once", got)
	}
	if !strings.Contains(out, "from command") {
		t.Errorf("no command origin in:\n%s", out)
	}
}
