package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// installCommandRule reports a server whose command installs a package
// ("npm install -g …") instead of running one.
var installCommandRule = &Rule{
	ID:       normalize.RuleInstallCommand,
	Title:    "a server's command installs a package instead of running a server",
	Severity: normalize.Error,
	Clients:  "every client that starts stdio servers",
	doc: `Install instructions come before the configuration, and sometimes end up in
it: ` + "`npm install -g @acme/mcp`" + ` as the server's command. The client runs the
install, which prints its progress and exits; nothing speaks MCP, and the
server never starts (each start installs the package again).

Reported for ` + "`npm install`" + ` (` + "`i`" + `, ` + "`add`" + `, ` + "`ci`" + `), ` + "`yarn add`" + ` (and ` + "`yarn global add`" + `),
` + "`pnpm add`" + ` / ` + "`install`" + `, ` + "`bun add`" + ` / ` + "`install`" + `, ` + "`pip install`" + ` (` + "`python -m pip install`" + `),
` + "`uv pip install`" + `, ` + "`uv tool install`" + `, ` + "`uv add`" + `, ` + "`pipx install`" + `, ` + "`brew install`" + `,
` + "`cargo install`" + `, ` + "`go install`" + ` and ` + "`gem install`" + `. A shell script that installs,
then starts the server (` + "`sh -c \"npm install && node server.js\"`" + `) is left alone.

Install the package once by hand if you want it installed, and make the
command run the server: ` + "`npx -y PACKAGE`" + ` for an npm package, ` + "`uvx PACKAGE`" + ` for a
Python one, or the program the install put on PATH.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": { \"github\": { \"command\": \"npm\", \"args\": [\"install\", \"-g\", \"@modelcontextprotocol/server-github@2025.4.8\"] } } }\n",
		Good: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } } }\n"},
	NoFix: "which program the package installs, and whether the install was meant to stay, is the author's to say",
	Check: checkInstallCommand,
}

// installers are the install subcommands of package managers, by program:
// each a sequence of words after the program (options skipped), and the
// runner that starts a package of that kind ("" for none).
var installers = map[string]struct {
	subs   [][]string
	runner string
}{
	"npm":    {[][]string{{"install"}, {"i"}, {"add"}, {"ci"}, {"isntall"}}, "npx"},
	"yarn":   {[][]string{{"add"}, {"global", "add"}, {"install"}}, "npx"},
	"pnpm":   {[][]string{{"add"}, {"install"}, {"i"}}, "npx"},
	"bun":    {[][]string{{"add"}, {"install"}, {"i"}}, "npx"},
	"pip":    {[][]string{{"install"}}, "uvx"},
	"pip3":   {[][]string{{"install"}}, "uvx"},
	"uv":     {[][]string{{"pip", "install"}, {"tool", "install"}, {"add"}}, "uvx"},
	"pipx":   {[][]string{{"install"}}, "uvx"},
	"brew":   {[][]string{{"install"}}, ""},
	"cargo":  {[][]string{{"install"}}, ""},
	"go":     {[][]string{{"install"}}, ""},
	"gem":    {[][]string{{"install"}}, ""},
	"python": {[][]string{{"-m", "pip", "install"}}, "uvx"},
}

func checkInstallCommand(p *Pass) {
	for s, c := range p.Servers() {
		if s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		if e.commandVal == nil || isShell(e.command) {
			continue
		}
		words := append([]string{e.command}, e.args...)
		if strings.ContainsAny(strings.TrimSpace(e.command), " \t") && len(e.args) == 0 {
			words = splitWords(e.command) // a whole command line (command-line reports that too)
		}
		said, pkg, runner, ok := installOf(words)
		if !ok {
			continue
		}
		doc := p.Document(s.Source.Path)
		d := p.AtValue(doc, e.commandVal, "server %q runs %q, which installs a package and exits: it does not speak MCP, so the server never starts", s.Name, said)
		switch {
		case runner != "" && pkg != "":
			args := []string{pkg}
			if runner == "npx" {
				args = []string{"-y", pkg}
			}
			d.Hint = "install it once by hand if you want; to start the server, run the package: " + execForm(c, doc.Format == normalize.TOML, runner, args)
			suggest(d, d.Hint, execEdits(doc, c, s, runner, args)...)
		default:
			d.Hint = fmt.Sprintf("install it once by hand, then make %q the program it installs", "command")
		}
	}
}

// installOf reports whether a command line installs a package: what it
// says ("npm install", "python3 -m pip install"), the first package named
// and the runner that would start it.
func installOf(words []string) (said, pkg, runner string, ok bool) {
	if len(words) < 2 {
		return "", "", "", false
	}
	prog := runnerProg(words[0])
	key := prog
	if strings.HasPrefix(prog, "python") || prog == "py" {
		key = "python"
	}
	in, known := installers[key]
	if !known {
		return "", "", "", false
	}
	for _, sub := range in.subs {
		i, j := 1, 0
		for i < len(words) && j < len(sub) {
			w := words[i]
			switch {
			case w == sub[j]:
				j++
			case strings.HasPrefix(w, "-") && !strings.HasPrefix(sub[j], "-"):
				// a global option before the subcommand
			default:
				i = len(words)
				continue
			}
			i++
		}
		if j < len(sub) {
			continue
		}
		for ; i < len(words); i++ {
			if !strings.HasPrefix(words[i], "-") {
				pkg = words[i]
				break
			}
		}
		return prog + " " + strings.Join(sub, " "), pkg, in.runner, true
	}
	return "", "", "", false
}
