// Package gen writes synthetic config trees for benchmarks: every
// provider's files, project and user scope, with realistic entries and a
// share of names defined in several places (so merging has work to do).
package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// target is one file of one client shape.
type target struct {
	path  string // relative to root, or "~/..." for the home
	shape string // mcpServers | servers | mcp | toml
}

var targets = []target{
	{".pisces/mcp.json", "mcpServers"}, {"~/.pisces/mcp.json", "mcpServers"},
	{".claude/mcp.json", "mcpServers"}, {"~/.claude.json", "mcpServers"},
	{".codex/config.toml", "toml"}, {"~/.codex/config.toml", "toml"},
	{".gemini/settings.json", "mcpServers"}, {"~/.gemini/settings.json", "mcpServers"},
	{"opencode.json", "mcp"}, {"~/.config/opencode/opencode.json", "mcp"},
	{".cursor/mcp.json", "mcpServers"}, {"~/.cursor/mcp.json", "mcpServers"},
	{".windsurf/mcp_config.json", "mcpServers"}, {"~/.codeium/windsurf/mcp_config.json", "mcpServers"},
	{".agent/settings.toml", "toml"}, {"~/.config/agent-code/config.toml", "toml"},
	{".vscode/mcp.json", "servers"}, {"~/.config/Code/User/mcp.json", "servers"},
	{".mcp.json", "mcpServers"},
}

// Tree writes n servers spread over every provider's project and user
// files under root and home. One name in five is defined in two files.
func Tree(root, home string, n int) error {
	per := make([][]int, len(targets))
	for i := range n {
		per[i%len(targets)] = append(per[i%len(targets)], i)
	}
	for ti, t := range targets {
		p := filepath.Join(root, filepath.FromSlash(t.path))
		if rest, ok := strings.CutPrefix(t.path, "~/"); ok {
			p = filepath.Join(home, filepath.FromSlash(rest))
		}
		names := make([]string, 0, len(per[ti]))
		for _, i := range per[ti] {
			if i%5 == 0 && i > 0 {
				i-- // the same name as in the previous file: shadowing
			}
			names = append(names, "server-"+letters(i))
		}
		if err := write(p, File(t.shape, names)); err != nil {
			return err
		}
	}
	return nil
}

// Monorepo writes files config files of perFile servers each, spread over
// packages/pkg-N directories, cycling through the project-scope shapes.
func Monorepo(dir string, files, perFile int) error {
	var project []target
	for _, t := range targets {
		if !strings.HasPrefix(t.path, "~/") {
			project = append(project, t)
		}
	}
	for f := range files {
		t := project[f%len(project)]
		pkg := filepath.Join(dir, "packages", fmt.Sprintf("pkg-%04d", f/len(project)))
		names := make([]string, perFile)
		for i := range names {
			names[i] = "svc-" + letters(f) + "-" + letters(i)
		}
		if err := write(filepath.Join(pkg, filepath.FromSlash(t.path)), File(t.shape, names)); err != nil {
			return err
		}
	}
	return nil
}

// Minified writes dir/.mcp.json holding servers servers on one line, as
// a minifier or a tool that writes compact JSON leaves it. Three servers
// in four have a finding, so a linter has findings all along one long
// line: npx without -y (a warning), a literal bearer token in a header (an
// error whose snippet must be masked) and a plain http URL to a remote
// host (a warning); the fourth is clean.
func Minified(dir string, servers int) error {
	var b strings.Builder
	b.WriteString(`{"mcpServers":{`)
	for i := range servers {
		if i > 0 {
			b.WriteByte(',')
		}
		n := "svc-" + letters(i)
		fmt.Fprintf(&b, "%q:", n)
		switch i % 4 {
		case 0:
			fmt.Fprintf(&b, `{"command":"npx","args":["@example/%s@1.2.3"],"env":{"LOG_LEVEL":"info"}}`, n)
		case 1: // a fake token of the generic shape, different per server
			fmt.Fprintf(&b, `{"type":"http","url":"https://%s.example.com/mcp","headers":{"Authorization":"Bearer f4ke%08dT0ken%s"}}`, n, i, letters(i))
		case 2:
			fmt.Fprintf(&b, `{"type":"http","url":"http://%s.example.com/mcp","headers":{"X-Team":"core"}}`, n)
		default:
			fmt.Fprintf(&b, `{"command":"npx","args":["-y","@example/%s@1.2.3","--port","%d"]}`, n, 3000+i%1000)
		}
	}
	b.WriteString("}}\n")
	return write(filepath.Join(dir, ".mcp.json"), []byte(b.String()))
}

// letters spells n in base 26 (a, b, …, z, ba, bb, …): names that stay
// distinct after clients turn digits into underscores.
func letters(n int) string {
	s := ""
	for {
		s = string(rune('a'+n%26)) + s
		n /= 26
		if n == 0 {
			return s
		}
	}
}

func write(p string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, b, 0o644)
}

// File renders servers in one shape. Every third server is remote.
func File(shape string, names []string) []byte {
	var b strings.Builder
	switch shape {
	case "toml":
		b.WriteString("# generated\n")
		for i, n := range names {
			fmt.Fprintf(&b, "\n[mcp_servers.%s]\n", n)
			if i%3 == 2 {
				fmt.Fprintf(&b, "url = \"https://%s.example.com/mcp\"\n", n)
				continue
			}
			fmt.Fprintf(&b, "command = \"npx\"\nargs = [\"-y\", \"@example/%s@1.2.3\", \"--port\", \"%d\"]\n", n, 3000+i)
			fmt.Fprintf(&b, "env = { LOG_LEVEL = \"info\", REGION = \"eu-%d\" }\n", i%4)
		}
	default:
		key := shape
		fmt.Fprintf(&b, "{\n  %q: {\n", key)
		for i, n := range names {
			sep := ","
			if i == len(names)-1 {
				sep = ""
			}
			switch {
			case i%3 == 2 && shape == "mcp":
				fmt.Fprintf(&b, "    %q: { \"type\": \"remote\", \"url\": \"https://%s.example.com/mcp\", \"headers\": { \"X-Team\": \"core\" } }%s\n", n, n, sep)
			case i%3 == 2:
				fmt.Fprintf(&b, "    %q: { \"type\": \"http\", \"url\": \"https://%s.example.com/mcp\", \"headers\": { \"X-Team\": \"core\" } }%s\n", n, n, sep)
			case shape == "mcp":
				fmt.Fprintf(&b, "    %q: { \"type\": \"local\", \"command\": [\"npx\", \"-y\", \"@example/%s@1.2.3\"], \"environment\": { \"LOG_LEVEL\": \"info\" } }%s\n", n, n, sep)
			default:
				fmt.Fprintf(&b, "    %q: { \"command\": \"npx\", \"args\": [\"-y\", \"@example/%s@1.2.3\", \"--port\", \"%d\"], \"env\": { \"LOG_LEVEL\": \"info\" } }%s\n", n, n, 3000+i, sep)
			}
		}
		b.WriteString("  }\n}\n")
	}
	return []byte(b.String())
}
