package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// driftRule reports one server name that the clients of a project define
// differently.
var driftRule = &Rule{
	ID:       normalize.RuleDrift,
	Title:    "clients of the same project define one server differently",
	Severity: normalize.Warning,
	Cross:    true,
	Clients:  "every pair of clients in the set that defines the same server name",
	doc: `A team that supports several editors keeps the same server in each one's
file: ` + "`.mcp.json`" + ` for Claude Code, ` + "`.cursor/mcp.json`" + ` for Cursor,
` + "`.vscode/mcp.json`" + ` for VS Code. When the copies drift apart, each editor starts
something else under the same name, and a fix made in one file is missing in
the others.

The definitions are compared as each client reads them: placeholders in each
client's own syntax are the same reference (` + "`${GITHUB_TOKEN}`" + ` in ` + "`.mcp.json`" + `
equals ` + "`${env:GITHUB_TOKEN}`" + ` in ` + "`.cursor/mcp.json`" + `, and Codex's
` + "`env_vars = [\"GITHUB_TOKEN\"]`" + ` passes the same variable), and each client's
transport inference applies. A difference in what starts or is reached
(transport, command, args, URL) is a warning; a difference in environment,
headers or working directory is info.

Copies that differ only in options are often tuned per client on purpose
(a server documenting ` + "`--context ide-assistant`" + ` for Claude Code and
` + "`--context codex`" + ` for Codex; a flag one copy passes and another sets with an
environment variable), and mcpconf cannot tell tuning from drift: that is
info, naming the options. An option is a flag one copy has and the other
not, or another value of the same long option (` + "`--context ide`" + `,
` + "`--browser=chrome`" + `); a package, a version, a path, a URL, a positional
argument, or a value after a short flag or in ` + "`docker run`" + ` (whose options'
arity mcpconf does not judge) still starts something else.

Each definition the clients use is compared with the first client's (in the
order of ` + "`mcpconf explain`" + `'s columns); the finding sits on the other client's
definition and points at the first.

Fix: make the copies the same, or give different servers different names.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"], \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" } }\n" +
			"} }\n",
		Good: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.8.1\"], \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" } }\n" +
			"} }\n",
		Others: map[string]string{".cursor/mcp.json": "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.8.1\"], \"env\": { \"GITHUB_TOKEN\": \"${env:GITHUB_TOKEN}\" } }\n" +
			"} }\n"}},
	Check: checkDrift,
}

func checkDrift(p *Pass) {
	if p.Workspace == nil || len(p.Workspace.Views) < 2 {
		return
	}
	type use struct {
		c *normalize.Client
		s *normalize.Server
	}
	byName := map[string][]use{}
	var names []string
	for _, v := range p.Workspace.Views {
		c := v.Client
		if c == nil || c.ReadsProviders() {
			continue // a view merged by priority holds other clients' definitions
		}
		for i := range v.Entries {
			s := &v.Entries[i].Server
			if s.Node == nil {
				continue
			}
			if _, ok := byName[s.Name]; !ok {
				names = append(names, s.Name)
			}
			byName[s.Name] = append(byName[s.Name], use{c, s})
		}
	}
	for _, name := range names {
		uses := byName[name]
		base := uses[0]
		for _, u := range uses[1:] {
			if u.s.Source.Path == base.s.Source.Path && u.s.Source.Pointer == base.s.Source.Pointer {
				continue // the same definition read by two clients
			}
			fields, starts := resolve.CrossDifferences(base.c, base.s, u.c, u.s)
			if len(fields) == 0 {
				continue
			}
			what := "with other environment or headers"
			if starts {
				what = "and starts something else"
			}
			var d *normalize.Diagnostic
			hint := "make the definitions the same (each in its client's own placeholder syntax), or rename one if they are different servers"
			if fields[0] == "args" && !slices.Contains(fields, "url") {
				aa, ba := resolve.CrossArgs(u.c, u.s, base.c, base.s)
				if mine, theirs, ok := optionsOnly(u.s.Command, aa, ba); ok {
					starts = false
					what = fmt.Sprintf("only in options, which may be tuned per client: %s has %s, %s %s", u.c.Product, mine, base.c.Product, theirs)
					if rest := fields[1:]; len(rest) > 0 {
						what += "; and in " + strings.Join(rest, ", ")
					}
					d = p.At(u.s, "", "server %q differs between %s (%s:%s) and %s (%s:%s) %s",
						name, u.c.Product, u.s.Source.Path, u.s.Source.Pos, base.c.Product, base.s.Source.Path, base.s.Source.Pos, what)
					hint = "nothing to do if each client is given its options on purpose; otherwise make the definitions the same"
				}
			}
			if d == nil {
				d = p.At(u.s, "", "server %q differs between %s (%s:%s) and %s (%s:%s) %s: %s",
					name, u.c.Product, u.s.Source.Path, u.s.Source.Pos, base.c.Product, base.s.Source.Path, base.s.Source.Pos,
					what, strings.Join(fields, ", "))
			}
			if !starts {
				d.Severity = normalize.Info
			}
			d.Related = append(d.Related, normalize.Related{Path: base.s.Source.Path, Pos: base.s.Source.Pos,
				Message: fmt.Sprintf("%s's definition", base.c.Product)})
			d.Hint = hint
		}
	}
}

// optionsOnly reports whether two argument lists of one command differ
// only in options: flags one has and the other not, or another value of
// the same long option ("--context ide", "--browser=chrome"), which a team
// may tune per client on purpose. mine and theirs are the differing
// options of each, quoted ("none" for none). A package, a version, a path,
// a URL, a positional argument or an option's value after a short flag
// (whose arity mcpconf does not know: "-y pkg", docker's "-i image") is
// not an option: the lists then start something else.
func optionsOnly(command string, a, b []string) (mine, theirs string, ok bool) {
	if len(a) > 256 || len(b) > 256 {
		return "", "", false
	}
	if pa, ia, oka := runnerPackageOf(execLine{command: command, args: a}); oka {
		pb, ib, okb := runnerPackageOf(execLine{command: command, args: b})
		if !okb || pa != pb || a[ia-1] != b[ib-1] {
			return "", "", false // another package or version
		}
	}
	docker := runnerProg(command) == "docker" || runnerProg(command) == "podman"
	ma, mb := argDiff(a, b)
	// option reports whether list[i], which the other list lacks, is a flag
	// or the value of a long option (not after a short one, not in docker,
	// whose options' arity is its own) that names no package, path or URL.
	option := func(list []string, i int) bool {
		v := list[i]
		if strings.HasPrefix(v, "-") && len(v) > 1 && v != "--" {
			if _, val, ok := strings.Cut(v, "="); ok {
				return !targetLike(val)
			}
			return true
		}
		if docker || i == 0 || targetLike(v) {
			return false
		}
		prev := list[i-1]
		return strings.HasPrefix(prev, "--") && len(prev) > 2 && !strings.Contains(prev, "=")
	}
	var da, db []string
	for i := range a {
		if !ma[i] {
			if !option(a, i) {
				return "", "", false
			}
			da = append(da, a[i])
		}
	}
	for i := range b {
		if !mb[i] {
			if !option(b, i) {
				return "", "", false
			}
			db = append(db, b[i])
		}
	}
	// a value that differs is shown with its option
	show := func(list []string, kept []bool) string {
		var parts []string
		for i := 0; i < len(list); i++ {
			if kept[i] {
				continue
			}
			words := []string{list[i]}
			if !strings.HasPrefix(list[i], "-") && i > 0 && kept[i-1] {
				words = append([]string{list[i-1]}, words...)
			}
			for i+1 < len(list) && !kept[i+1] {
				i++
				words = append(words, list[i])
			}
			parts = append(parts, fmt.Sprintf("%q", strings.Join(words, " ")))
		}
		if len(parts) == 0 {
			return "none"
		}
		return strings.Join(parts, ", ")
	}
	if len(da) == 0 && len(db) == 0 {
		return "", "", false
	}
	return show(a, ma), show(b, mb), true
}

// targetLike reports an argument that names what runs or is reached rather
// than how: a path, a URL, a package with a version or a scope, an image.
func targetLike(v string) bool {
	return strings.ContainsAny(v, `/\:@`) || strings.Contains(v, "==") || strings.HasPrefix(v, ".") || strings.HasPrefix(v, "~")
}

// argDiff marks the arguments of a and b that a longest common
// subsequence keeps: the others are the difference.
func argDiff(a, b []string) (ka, kb []bool) {
	n, m := len(a), len(b)
	l := make([][]int, n+1)
	for i := range l {
		l[i] = make([]int, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			if a[i] == b[j] {
				l[i][j] = l[i+1][j+1] + 1
			} else {
				l[i][j] = max(l[i+1][j], l[i][j+1])
			}
		}
	}
	ka, kb = make([]bool, n), make([]bool, m)
	for i, j := 0, 0; i < n && j < m; {
		switch {
		case a[i] == b[j]:
			ka[i], kb[j] = true, true
			i++
			j++
		case l[i+1][j] >= l[i][j+1]:
			i++
		default:
			j++
		}
	}
	return ka, kb
}
