package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// NpxWithoutYes reports npx commands that can stop at npm's install
// question.
var NpxWithoutYes = &Rule{
	ID:       "npx-without-yes",
	Title:    "a server runs npx without -y",
	Severity: normalize.Warning,
	Clients:  "every client that starts stdio servers",
	Doc: `Before it installs a package that is not in the local project, npx asks
"Need to install the following packages: … Ok to proceed?" unless ` + "`-y`" + `
(` + "`--yes`" + `) is given. Since npm 7.0 (npm/cli#1936) it skips the question and installs
anyway when stdin is not a terminal, which is how clients start stdio
servers on Linux and macOS. But the question still stops the server
whenever a terminal is attached (a client or wrapper that gives servers a
pseudo-terminal, or you running the command by hand to test it), and it has
been reported to hang servers started through pipes on Windows, where the
client waits for the handshake until its startup timeout.

` + "`-y`" + ` before the package name makes the install explicit and the behaviour the
same everywhere; every client's documentation writes it. ` + "`--no`" + ` (fail instead
of installing) and ` + "`npm_config_yes`" + ` in the server's environment are accepted
too. opencode's one-array ` + "`command`" + ` and a Windows ` + "`cmd /c npx …`" + ` wrapper are read
the same way. ` + "`pnpm dlx`" + ` and ` + "`bunx`" + ` do not ask.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": { \"memory\": { \"command\": \"npx\", \"args\": [\"@modelcontextprotocol/server-memory@2025.8.4\"] } } }\n",
		Good: "{ \"mcpServers\": { \"memory\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"] } } }\n"},
	Check: checkNpxWithoutYes,
}

func isNpx(cmd string) bool {
	switch progName(cmd) {
	case "npx", "npx.cmd", "npx.exe":
		return true
	}
	return false
}

func checkNpxWithoutYes(p *Pass) {
	for s := range p.Servers() {
		e := execOf(s)
		if !isNpx(e.command) {
			continue
		}
		if v, ok := s.Env["npm_config_yes"]; ok && v != "false" {
			continue
		}
		if v, ok := s.Env["NPM_CONFIG_YES"]; ok && v != "false" {
			continue
		}
		pkg, answered := npxPackage(e.args)
		if answered || pkg < 0 {
			continue
		}
		doc := p.Document(s.Source.Path)
		name := strings.TrimPrefix(e.args[pkg], "--package=")
		d := p.AtValue(doc, e.argVals[pkg], "npx runs %q without \"-y\": npm may stop at \"Ok to proceed?\" before installing it", name)
		d.Hint = "add \"-y\" before the package name"
	}
}

// npxPackage finds the package npx runs: the index of the first positional
// argument (-1 when there is none), and whether -y, --yes or --no came
// before it.
func npxPackage(args []string) (pkg int, answered bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "-y" || a == "--yes" || a == "--yes=true" || a == "--no" || a == "--no-install" || a == "--yes=false":
			return -1, true
		case a == "--":
			if i+1 < len(args) {
				return i + 1, false
			}
			return -1, false
		case (a == "-p" || a == "--package") && i+1 < len(args):
			// npx -p pkg cmd: the package is the -p value.
			return npxAfterPackage(args, i+2, i+1)
		case a == "-c" || a == "--call" || npmValueOptions[a]:
			i++ // the value
		case strings.HasPrefix(a, "--package="):
			return npxAfterPackage(args, i+1, i)
		case strings.HasPrefix(a, "-") && len(a) > 1:
			// another npm option
		default:
			return i, false
		}
	}
	return -1, false
}

// npmValueOptions are npm options written before the package that take
// the next argument as their value ("npx --registry https://… pkg", as VS
// Code writes for servers installed from the MCP gallery).
var npmValueOptions = map[string]bool{
	"--registry": true, "--cache": true, "--userconfig": true, "--globalconfig": true,
	"--prefix": true, "--loglevel": true, "--node-options": true, "--script-shell": true,
	"--shell": true, "--workspace": true, "-w": true, "--include": true, "--omit": true,
	"--before": true, "--tag": true, "--scope": true, "--proxy": true, "--https-proxy": true,
	"--cafile": true, "--location": true,
}

// npxAfterPackage keeps looking for -y after a --package option: npx
// accepts it anywhere before the command.
func npxAfterPackage(args []string, from, pkg int) (int, bool) {
	for _, a := range args[from:] {
		switch {
		case a == "-y" || a == "--yes" || a == "--no":
			return -1, true
		case !strings.HasPrefix(a, "-"):
			return pkg, false
		}
	}
	return pkg, false
}
