package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// npxUnknownOptionRule reports server options written between npx and the
// package: npm takes the value of the first one for the package.
var npxUnknownOptionRule = &Rule{
	ID:       normalize.RuleNpxUnknownOption,
	Title:    "an option npm does not know comes before the package, so npx runs its value instead",
	Severity: normalize.Error,
	Clients:  "every client that starts stdio servers",
	doc: `Everything between ` + "`npx`" + ` and the package is read by npm. An option npm does
not know (` + "`--project-ref`" + `, ` + "`--api-key`" + `, …: the server's own options) is a switch to
npm, so the argument after it is no longer its value but the first
positional argument, which is the package npx installs and runs:

` + "```" + `console
$ npx --project-ref abcref @supabase/mcp-server-supabase
npm warn "abcref" is being parsed as a normal command line argument.
npm warn Unknown cli config "--project-ref". …
npm error request to https://registry.npmjs.org/abcref failed …
` + "```" + `

(npm 11.19.1.) The server never starts; worse, npm installs whatever package
happens to carry the name of the value. VS Code writes such lines for
servers from the MCP gallery whose registry entry lists the server's
options as runtime arguments.

npm's own options before the package are fine: ` + "`-y`" + `, ` + "`--registry URL`" + `, ` + "`-p pkg`" + `,
` + "`--package=pkg`" + `, ` + "`--ignore-scripts`" + `, and ` + "`--opt=value`" + ` (which keeps its value).
Put the server's options after the package name, where npx hands them to
the server.`,
	Example: Example{File: ".vscode/mcp.json",
		Bad: "{ \"servers\": { \"supabase\": { \"command\": \"npx\",\n" +
			"  \"args\": [\"-y\", \"--project-ref\", \"abcdefghijklmnop\", \"@supabase/mcp-server-supabase@0.7.0\"] } } }\n",
		Good: "{ \"servers\": { \"supabase\": { \"command\": \"npx\",\n" +
			"  \"args\": [\"-y\", \"@supabase/mcp-server-supabase@0.7.0\", \"--project-ref\", \"abcdefghijklmnop\"] } } }\n"},
	Check: checkNpxUnknownOption,
}

func checkNpxUnknownOption(p *Pass) {
	for s := range p.Servers() {
		e := execOf(s)
		if !isNpx(e.command) {
			continue
		}
		call := npxParse(e.args)
		if call.unknown < 0 || call.pkg < 0 || e.argVals[call.unknown] == nil {
			continue
		}
		opt := e.args[call.unknown]
		d := p.AtValue(p.Document(s.Source.Path), e.argVals[call.unknown],
			"npm does not know the option %q, so npx runs %q as the package instead of %q", opt, e.args[call.pkg], e.args[call.intended])
		first := "\"-y\", "
		if call.answered {
			first = ""
		}
		d.Hint = "put the server's options after the package: [" + first + normalize.Quoted([]string{e.args[call.intended], strings.SplitN(opt, "=", 2)[0]}) + ", …]"
	}
}
