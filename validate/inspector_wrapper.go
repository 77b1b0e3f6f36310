package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// inspectorWrapperRule reports a server started through the MCP Inspector,
// a web UI that does not speak MCP on its standard input and output.
var inspectorWrapperRule = &Rule{
	ID:       normalize.RuleInspectorWrapper,
	Title:    "a server is started through the MCP Inspector, which does not speak MCP on stdio",
	Severity: normalize.Error,
	Clients:  "every client that starts stdio servers",
	doc: `The MCP Inspector (` + "`npx @modelcontextprotocol/inspector node build/index.js`" + `)
is how a server's README says to try it: it starts the server itself and
opens a web page to call its tools. Copied into a client's configuration, the
client starts the Inspector, which prints its URL and waits for a browser; it
answers nothing on stdio, and the client waits for a handshake that never
comes.

Reported for ` + "`@modelcontextprotocol/inspector`" + ` run through a package runner
(` + "`npx`" + `, ` + "`bunx`" + `, ` + "`pnpm dlx`" + `, ` + "`npm exec`" + `) and for its program ` + "`mcp-inspector`" + `.
Start the server itself: what follows the Inspector's name (after its own
options and ` + "`--`" + `) is the server's command.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"weather\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/inspector@0.16.2\", \"node\", \"build/index.js\"] } } }\n",
		Good: "{ \"mcpServers\": { \"weather\": { \"command\": \"node\", \"args\": [\"build/index.js\"] } } }\n"},
	Fix:       "starts the server the Inspector was given instead of the Inspector, when no option of the Inspector's comes before it",
	FixUnsafe: true,
	Check:     checkInspectorWrapper,
}

const inspectorPackage = "@modelcontextprotocol/inspector"

func checkInspectorWrapper(p *Pass) {
	for s, c := range p.Servers() {
		if s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		if e.commandVal == nil {
			continue
		}
		first, wrapped := runsProgram(e, inspectorPackage)
		shown := inspectorPackage
		if wrapped && first > 0 {
			shown = e.args[first-1]
			for _, pre := range []string{"--package=", "-p="} {
				shown = strings.TrimPrefix(shown, pre)
			}
		}
		if !wrapped {
			if runnerProg(e.command) != "mcp-inspector" {
				continue
			}
			first, shown = 0, e.command
		}
		doc := p.Document(s.Source.Path)
		at := e.commandVal
		if first > 0 && e.argVals[first-1] != nil {
			at = e.argVals[first-1]
		}
		d := p.AtValue(doc, at, "server %q starts the MCP Inspector (%q), a web UI for testing servers: it does not speak MCP on stdio, so the client gets no handshake", s.Name, shown)
		inner, plain := inspectedCommand(e.args, first)
		if inner < 0 {
			d.Hint = "start the server itself, not the Inspector"
			continue
		}
		d.Hint = "start the server itself: " + execForm(c, doc.Format == normalize.TOML, e.args[inner], e.args[inner+1:])
		if plain {
			setFix(d, false, "start "+e.args[inner]+" without the Inspector", unwrapEdits(doc, s, e, inner)...)
		}
	}
}

// inspectedCommand finds the server command the Inspector was given in
// args from first: after its options (-e KEY=VALUE, --config FILE, …) and
// "--". plain: nothing came before it, so dropping the Inspector keeps
// the rest as written. inner is -1 without one (the Inspector alone, or
// with --config naming servers).
func inspectedCommand(args []string, first int) (inner int, plain bool) {
	valued := map[string]bool{"-e": true, "--config": true, "--server": true, "--transport": true, "--method": true,
		"--header": true, "--tool-name": true, "--tool-arg": true, "--target": true, "--server-url": true}
	for i := first; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if i+1 < len(args) {
				return i + 1, false
			}
			return -1, false
		case a == "--config" || strings.HasPrefix(a, "--config="):
			return -1, false // servers named in a file
		case valued[a]:
			i++
		case strings.HasPrefix(a, "-"):
		default:
			return i, i == first
		}
	}
	return -1, false
}

// unwrapEdits make the command start args[inner] with what follows it,
// dropping the runner, the Inspector and what came before; none when the
// shape is another (a command array, a cmd /c wrapper, escapes).
func unwrapEdits(doc *normalize.Document, s *normalize.Server, e execLine, inner int) []normalize.Edit {
	cmd := e.commandVal
	a := s.Node.Get("args")
	if isItem(cmd) || a == nil || a.Kind != normalize.Array || len(a.Items) != len(e.args) || e.argVals[inner] == nil {
		return nil
	}
	prog := e.argVals[inner]
	if string(doc.Src[prog.Range.Start.Offset:prog.Range.End.Offset]) != jsonQuote(prog.Str) {
		return nil
	}
	out := []normalize.Edit{replaceValue(doc, cmd, jsonQuote(prog.Str))}
	if inner+1 < len(a.Items) {
		return append(out, replaceEdit(doc, a.Items[0].Range.Start, a.Items[inner+1].Range.Start, ""))
	}
	return append(out, replaceValue(doc, a, "[]"))
}
