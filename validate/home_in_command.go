package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// HomeInCommand reports a command that names the home directory in a form
// only a shell expands, for clients that start servers without one.
var HomeInCommand = &Rule{
	ID:       "home-in-command",
	Title:    "a command starts with \"~\" or holds $HOME, which the client does not expand: it starts servers without a shell",
	Severity: normalize.Error,
	Clients:  "the clients known to start servers without a shell: Claude Code, Codex, Gemini CLI, opencode, VS Code",
	Doc: `A shell turns ` + "`~/bin/server`" + ` and ` + "`$HOME/bin/server`" + ` into a path; most clients start
stdio servers without one, so the system is asked for a program literally
named ` + "`~/bin/server`" + ` and the server does not start (ENOENT). What each client
does with ` + "`command`" + `, checked with the clients themselves (testdata/clients/nosh)
or in their code:

| client | ` + "`~/…`" + ` | ` + "`$HOME/…`" + ` | ` + "`${HOME}/…`" + ` |
|---|---|---|---|
| Claude Code | fails | fails | works (Claude Code expands ` + "`${…}`" + `) |
| Gemini CLI | fails | works | works (settings are expanded first) |
| Codex | fails | fails | fails (values are literal) |
| opencode | fails | fails | fails (` + "`{env:HOME}`" + ` works) |
| VS Code | works (VS Code expands ` + "`~`" + `) | fails | fails (` + "`${userHome}`" + ` works) |

Other clients are not known to start servers without a shell, and are not
judged. The fix is an absolute path, or the client's own way to name the
home. A command run through a shell (` + "`sh -c`" + `) is left alone.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"notes\": { \"command\": \"~/bin/notes-mcp\" } } }\n",
		Good: "{ \"mcpServers\": { \"notes\": { \"command\": \"${HOME}/bin/notes-mcp\" } } }\n"},
	Check: checkHomeInCommand,
}

func checkHomeInCommand(p *Pass) {
	for s, dl := range p.Servers() {
		if !dl.NoShell || s.Transport != normalize.Stdio {
			continue
		}
		if c := progName(s.Command); c != "cmd" && c != "cmd.exe" && !strings.HasPrefix(s.Command, "~") && !strings.Contains(s.Command, "HOME") {
			continue // nothing to look at, without reading the arguments
		}
		e := execOf(s)
		if e.commandVal == nil || isShell(e.command) {
			continue
		}
		cmd := e.command
		doc := p.Document(s.Source.Path)
		if strings.HasPrefix(cmd, "~") && !dl.ExpandsTilde {
			end := strings.IndexAny(cmd, `/\`)
			if end < 0 {
				end = len(cmd)
			}
			d := p.reportSub(doc, e.commandVal, 0, end, "command %q starts with %q, which %s does not expand: it starts servers without a shell, so the server will not start",
				cmd, cmd[:end], dl.Product)
			d.Hint = homeHint(dl, cmd[end:])
			continue
		}
		for _, ph := range resolve.Scan(cmd) {
			if ph.Name != "HOME" || (ph.Syntax != resolve.Bare && ph.Syntax != resolve.Dollar) || dl.Expands(ph.Syntax) {
				continue
			}
			d := p.reportSub(doc, e.commandVal, ph.Start, ph.End, "command %q holds %q, which %s does not expand: it starts servers without a shell, so the server will not start",
				cmd, ph.Text, dl.Product)
			d.Hint = homeHint(dl, cmd[ph.End:])
			break
		}
	}
}

// homeHint says how the client names the home in a command, followed by
// rest (the path after the home).
func homeHint(c *normalize.Client, rest string) string {
	form := homeRef(c, true)
	if form == "" {
		return fmt.Sprintf("%s expands nothing in a command: write the absolute path of the program, or put it on PATH and write its name", c.Product)
	}
	return fmt.Sprintf("write the absolute path, or %q", form+rest)
}
