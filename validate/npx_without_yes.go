package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// npxWithoutYesRule reports npx commands that can stop at npm's install
// question.
var npxWithoutYesRule = &Rule{
	ID:       normalize.RuleNpxWithoutYes,
	Title:    "a server runs npx without -y",
	Severity: normalize.Warning,
	Clients:  "every client that starts stdio servers",
	doc: `Before it installs a package that is not in the local project, npx asks
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
	Fix:   `adds "-y" before the package name`,
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
		call := npxParse(e.args)
		if call.answered || call.pkg < 0 || call.unknown >= 0 || e.argVals[call.pkg] == nil {
			continue // npx-unknown-option reports a package npm takes by mistake
		}
		doc := p.Document(s.Source.Path)
		name := strings.TrimPrefix(strings.TrimPrefix(e.args[call.pkg], "--package="), "-p=")
		pkg := e.argVals[call.pkg]
		d := p.AtValue(doc, pkg, "npx runs %q without \"-y\": npm may stop at \"Ok to proceed?\" before installing it", name)
		d.Hint = "add \"-y\" before the package name"
		if isItem(pkg) && pkg.Str == e.args[call.pkg] {
			setFix(d, true, `add "-y" before the package name`, replaceEdit(doc, pkg.Range.Start, pkg.Range.Start, jsonQuote("-y")+", "))
		}
	}
}
