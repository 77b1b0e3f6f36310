package resolve_test

import (
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

func TestChildEnv(t *testing.T) {
	parent := []string{"PATH=/bin", "HOME=/h", "GITHUB_TOKEN=ghp_x", "EDITOR=vi", "DATABASE_URL=postgres://u:p@db/x",
		"PLAIN_URL=https://u:pw@h/", "GEMINI_CLI_KEY=k", "MY_KEY=allowed", "LANG=C", "NODE_OPTIONS=--inspect"}
	settings := func(path []string) []string {
		if path[len(path)-1] == "allowed" {
			return []string{"MY_KEY"}
		}
		return []string{"EDITOR"}
	}
	cases := []struct {
		client   string
		server   normalize.Server
		fileVars []string
		goos     string
		settings func([]string) []string
		want     []string
		left     resolve.Left
	}{{
		client: "claude",
		server: normalize.Server{Env: map[string]string{"EDITOR": "nano", "NODE_OPTIONS": "--max-old-space-size=64"}},
		want: []string{"DATABASE_URL=postgres://u:p@db/x", "EDITOR=nano", "GEMINI_CLI_KEY=k", "GITHUB_TOKEN=ghp_x", "HOME=/h", "LANG=C",
			"MY_KEY=allowed", "NODE_OPTIONS=--max-old-space-size=64", "PATH=/bin", "PLAIN_URL=https://u:pw@h/"},
	}, {
		// Codex clears the environment: a default few, env_vars, env
		client: "codex",
		server: normalize.Server{EnvVars: []string{"EDITOR"}, Env: map[string]string{"EDITOR": "from-env-vars", "X": "1"}},
		want:   []string{"EDITOR=from-env-vars", "HOME=/h", "LANG=C", "PATH=/bin", "X=1"},
		left:   resolve.Left{Inherited: []string{"DATABASE_URL", "GEMINI_CLI_KEY", "GITHUB_TOKEN", "MY_KEY", "NODE_OPTIONS", "PLAIN_URL"}},
	}, {
		client: "codex",
		goos:   "windows",
		server: normalize.Server{Env: map[string]string{"path": `C:\bin`}},
		want:   []string{`PATH=C:\bin`},
		left:   resolve.Left{Inherited: []string{"DATABASE_URL", "EDITOR", "GEMINI_CLI_KEY", "GITHUB_TOKEN", "HOME", "LANG", "MY_KEY", "NODE_OPTIONS", "PLAIN_URL"}},
	}, {
		// Gemini CLI redacts secret-looking names and values, drops
		// NODE_OPTIONS from env, adds GEMINI_CLI=1
		client: "gemini",
		server: normalize.Server{Env: map[string]string{"GITHUB_TOKEN": "explicit", "NODE_OPTIONS": "--inspect"}},
		want:   []string{"EDITOR=vi", "GEMINI_CLI=1", "GEMINI_CLI_KEY=k", "GITHUB_TOKEN=explicit", "HOME=/h", "LANG=C", "NODE_OPTIONS=--inspect", "PATH=/bin"},
		left:   resolve.Left{Inherited: []string{"DATABASE_URL", "GITHUB_TOKEN", "MY_KEY", "PLAIN_URL"}, Blocked: []string{"NODE_OPTIONS"}},
	}, {
		// the allowed list keeps a name; the blocked list removes one
		client:   "gemini",
		settings: settings,
		want:     []string{"GEMINI_CLI=1", "GEMINI_CLI_KEY=k", "HOME=/h", "LANG=C", "MY_KEY=allowed", "NODE_OPTIONS=--inspect", "PATH=/bin"},
		left:     resolve.Left{Inherited: []string{"DATABASE_URL", "EDITOR", "GITHUB_TOKEN", "PLAIN_URL"}},
	}, {
		// VS Code: everything inherited, then envFile, then env; a PATH
		// in env is appended to the inherited one
		client:   "vscode",
		server:   normalize.Server{Env: map[string]string{"PATH": "/opt/tools/bin", "EDITOR": "code"}},
		fileVars: []string{"EDITOR=from-file", "API_KEY=k1", "LANG=en_US.UTF-8"},
		want: []string{"API_KEY=k1", "DATABASE_URL=postgres://u:p@db/x", "EDITOR=code", "GEMINI_CLI_KEY=k", "GITHUB_TOKEN=ghp_x", "HOME=/h",
			"LANG=en_US.UTF-8", "MY_KEY=allowed", "NODE_OPTIONS=--inspect", "PATH=/bin:/opt/tools/bin", "PLAIN_URL=https://u:pw@h/"},
	}, {
		client:   "vscode",
		goos:     "windows",
		server:   normalize.Server{Env: map[string]string{"Path": `C:\tools`}},
		fileVars: []string{"path=ignored-by-env"},
		want: []string{"DATABASE_URL=postgres://u:p@db/x", "EDITOR=vi", "GEMINI_CLI_KEY=k", "GITHUB_TOKEN=ghp_x", "HOME=/h", "LANG=C",
			"MY_KEY=allowed", "NODE_OPTIONS=--inspect", `PATH=ignored-by-env;C:\tools`, "PLAIN_URL=https://u:pw@h/"},
	}, {
		// Claude Code has no envFile: its variables are not loaded, and
		// a PATH in env replaces the inherited one
		client:   "claude",
		server:   normalize.Server{Env: map[string]string{"PATH": "/opt/tools/bin"}},
		fileVars: []string{"API_KEY=k1"},
		want: []string{"DATABASE_URL=postgres://u:p@db/x", "EDITOR=vi", "GEMINI_CLI_KEY=k", "GITHUB_TOKEN=ghp_x", "HOME=/h", "LANG=C",
			"MY_KEY=allowed", "NODE_OPTIONS=--inspect", "PATH=/opt/tools/bin", "PLAIN_URL=https://u:pw@h/"},
	}}
	for _, tc := range cases {
		t.Run(tc.client+"/"+tc.goos, func(t *testing.T) {
			goos := tc.goos
			if goos == "" {
				goos = "linux"
			}
			got, left := resolve.ChildEnv(normalize.ClientByID(tc.client), &tc.server, parent, tc.fileVars, goos, tc.settings)
			if !slices.Equal(got, tc.want) {
				t.Errorf("env\n got %q\nwant %q", got, tc.want)
			}
			if !slices.Equal(left.Inherited, tc.left.Inherited) || !slices.Equal(left.Blocked, tc.left.Blocked) {
				t.Errorf("left\n got %+v\nwant %+v", left, tc.left)
			}
		})
	}
}
