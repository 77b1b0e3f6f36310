package gen

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// Servers is a JSON object {"mcpServers": {…}} of n servers, each a
// stdio server with arguments and an environment variable (s0, s1, …),
// written on one line as a minifier or JSON.stringify leaves it, or
// indented by two spaces, a member per line, as editors write it.
func Servers(n int, oneLine bool) []byte {
	var b strings.Builder
	nl, in, colon := "\n", "  ", ": "
	if oneLine {
		nl, in, colon = "", "", ":"
	}
	ind := func(depth int) string { return nl + strings.Repeat(in, depth) }
	fmt.Fprintf(&b, `{%s"mcpServers"%s{`, ind(1), colon)
	for i := range n {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `%s"s%d"%s{%s"command"%s"npx",%s"args"%s[%s"-y",%s"@example/s%d@1.2.3"%s],%s"env"%s{%s"LOG_LEVEL"%s"info"%s}%s}`,
			ind(2), i, colon, ind(3), colon, ind(3), colon, ind(4), ind(4), i, ind(3), ind(3), colon, ind(4), colon, ind(3), ind(2))
	}
	fmt.Fprintf(&b, "%s}%s}\n", ind(1), nl)
	return []byte(b.String())
}

// ServersHome writes Servers(n, oneLine) as dir/home/.claude.json (Claude
// Code's user servers) and as dir/project/.mcp.json (its project's), for
// timing add, remove and sync on large targets of either layout.
func ServersHome(dir string, n int, oneLine bool) error {
	src := Servers(n, oneLine)
	if err := write(filepath.Join(dir, "home", ".claude.json"), src); err != nil {
		return err
	}
	if err := write(filepath.Join(dir, "project", ".mcp.json"), src); err != nil {
		return err
	}
	return os.MkdirAll(filepath.Join(dir, "project"), 0o755)
}
