package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// commandLineRule reports a whole command line written in "command", for
// clients that start servers without a shell.
var commandLineRule = &Rule{
	ID:       normalize.RuleCommandLine,
	Title:    "a command holds a whole command line, which a client without a shell takes for one program name",
	Severity: normalize.Error,
	Clients:  "the clients known to start servers without a shell: %s",
	For:      func(c *normalize.Client) bool { return c.NoShell },
	doc: `A shell splits ` + "`npx -y @acme/mcp`" + ` into a program and its arguments and runs
` + "`curl … | sh`" + ` as a pipeline; most clients start stdio servers without one, so
the system is asked for a program literally named ` + "`npx -y @acme/mcp`" + `, which does
not exist, and the server does not start (ENOENT).

Reported when ` + "`command`" + ` holds shell syntax (` + "`|`" + `, ` + "`&&`" + `, ` + "`;`" + `, ` + "`>`" + `, ` + "`$(…)`" + `, …), or
a program name followed by arguments: a name without a path, a path to a
well-known program (` + "`/usr/local/bin/node server.js`" + `), or any program followed by
an option. A path with spaces (` + "`C:\\Program Files\\nodejs\\node.exe`" + `,
` + "`/Applications/My Tool.app/…`" + `) is one program and left alone.

Put the program in ` + "`command`" + ` and each argument in ` + "`args`" + ` ({{gen:array}}: one
` + "`command`" + ` array); run shell syntax through a shell (` + "`sh -c`" + `). Clients not known
to start servers without a shell are not judged.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"memory\": { \"command\": \"npx -y @modelcontextprotocol/server-memory@2025.8.4\" } } }\n",
		Good: "{ \"mcpServers\": { \"memory\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-memory@2025.8.4\"] } } }\n",
		Also: map[string]string{
			// a TOML table without args, shell syntax, an array command
			".codex/config.toml": "[mcp_servers.memory]\ncommand = \"npx -y @modelcontextprotocol/server-memory@2025.8.4\"\n",
			".vscode/mcp.json":   "{ \"servers\": { \"logs\": { \"command\": \"tail -f /var/log/app.log | grep mcp\", \"args\": [] } } }\n",
			"opencode.json":      "{ \"mcp\": { \"memory\": { \"type\": \"local\", \"command\": [\"npx -y @modelcontextprotocol/server-memory@2025.8.4\"] } } }\n",
		}},
	parts: map[string]func() string{"array": func() string { return clientList(func(c *normalize.Client) bool { return c.CommandArray }) }},
	Check: checkCommandLine,
}

func checkCommandLine(p *Pass) {
	for s, c := range p.Servers() {
		if !c.NoShell || s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		cmd := s.Node.Get("command")
		var extra []string
		if c.CommandArray {
			if cmd == nil || cmd.Kind != normalize.Array || len(cmd.Items) == 0 {
				continue
			}
			for _, it := range cmd.Items[1:] {
				extra = append(extra, it.Str)
			}
			cmd = cmd.Items[0]
		} else if a := s.Node.Get("args"); a != nil && a.Kind == normalize.Array {
			for _, it := range a.Items {
				extra = append(extra, it.Str)
			}
		}
		if cmd == nil || cmd.Kind != normalize.String || !strings.ContainsAny(strings.TrimSpace(cmd.Str), " \t|&;<>`") {
			continue
		}
		line := strings.TrimSpace(cmd.Str)
		shell := shellSyntax(line)
		words := splitWords(line)
		if !shell && !argumentsIn(words) {
			continue
		}
		what := ""
		if shell {
			what = ", shell syntax"
		}
		d := p.At(s, "command", "%q is %q%s: %s starts servers without a shell and takes it for one program name, which does not exist, so the server will not start",
			"command", cmd.Str, what, c.Product)
		doc := p.Document(s.Source.Path)
		toml := doc != nil && doc.Format == normalize.TOML
		prog, args := words[0], append(words[1:], extra...)
		if shell {
			prog, args = "sh", []string{"-c", line}
			d.Hint = "run it through a shell: " + execForm(c, toml, prog, args)
		} else {
			d.Hint = "split it: " + execForm(c, toml, prog, args)
		}
		suggest(d, d.Hint, execEdits(doc, c, s, prog, args)...)
	}
}

// execEdits writes the program and its arguments as execForm prints
// them, in place of the server's command (and args): none when the file
// cannot take them in place (an inline TOML table without args).
func execEdits(doc *normalize.Document, c *normalize.Client, s *normalize.Server, prog string, args []string) []normalize.Edit {
	if doc == nil {
		return nil
	}
	list := func(ss []string) string {
		parts := make([]string, len(ss))
		for i, x := range ss {
			parts[i] = fmt.Sprintf("%q", x)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	cmd := s.Node.Get("command")
	if c.CommandArray {
		return []normalize.Edit{replaceValue(doc, cmd, list(append([]string{prog}, args...)))}
	}
	edits := []normalize.Edit{replaceValue(doc, cmd, fmt.Sprintf("%q", prog))}
	switch a := s.Node.Get("args"); {
	case a != nil:
		return append(edits, replaceValue(doc, a, list(args)))
	case len(args) == 0:
		return edits
	case doc.Format == normalize.TOML:
		end := cmd.Range.End
		if end.Offset < len(doc.Src) && doc.Src[end.Offset] != '\n' && doc.Src[end.Offset] != '\r' {
			return nil // not alone on its line
		}
		return append(edits, replaceEdit(doc, end, end, "\nargs = "+list(args)))
	}
	end := cmd.Range.End
	return append(edits, replaceEdit(doc, end, end, fmt.Sprintf(", %q: %s", "args", list(args))))
}

// shellSyntax reports a command line that only a shell can run.
func shellSyntax(s string) bool {
	for _, op := range []string{"|", "&&", ";", ">", "<", "$(", "`"} {
		if strings.Contains(s, op) {
			return true
		}
	}
	return false
}

// argumentsIn reports whether the words of a command are a program and its
// arguments rather than one path with spaces.
func argumentsIn(words []string) bool {
	if len(words) < 2 {
		return false
	}
	first := words[0]
	if sub := substURL(first).sub; sub != first {
		first = sub // a placeholder stands for a path
	}
	if !strings.ContainsAny(first, `/\`) && len(resolve.Scan(words[0])) == 0 {
		return true // "npx -y pkg": a name on PATH, then its arguments
	}
	if knownPrograms[runnerProg(first)] {
		return true
	}
	for _, w := range words[1:] {
		if strings.HasPrefix(w, "-") {
			return true
		}
	}
	return false
}

// knownPrograms run servers; a path to one followed by words is a command
// line, not a path with spaces.
var knownPrograms = map[string]bool{
	"node": true, "nodejs": true, "npx": true, "npm": true, "pnpm": true, "pnpx": true, "yarn": true,
	"bun": true, "bunx": true, "deno": true, "python": true, "python3": true, "py": true, "uv": true,
	"uvx": true, "pipx": true, "docker": true, "podman": true, "java": true, "go": true, "ruby": true,
	"php": true, "dotnet": true, "cargo": true, "sh": true, "bash": true, "zsh": true, "pwsh": true,
	"powershell": true, "cmd": true, "wsl": true,
}

// splitWords splits a command line on blanks, keeping quoted parts whole
// (without their quotes), as a POSIX shell would for simple lines.
func splitWords(s string) []string {
	var out []string
	var b strings.Builder
	in := false
	var q rune
	for _, r := range s {
		switch {
		case q != 0 && r == q:
			q = 0
		case q != 0:
			b.WriteRune(r)
		case r == '"' || r == '\'':
			q, in = r, true
		case r == ' ' || r == '\t':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteRune(r)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// execForm writes a program and its arguments the way the client's file
// does.
func execForm(c *normalize.Client, toml bool, prog string, args []string) string {
	q := func(ss []string) string {
		parts := make([]string, len(ss))
		for i, s := range ss {
			parts[i] = fmt.Sprintf("%q", s)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	switch {
	case c.CommandArray:
		return fmt.Sprintf("%q: %s", "command", q(append([]string{prog}, args...)))
	case toml:
		return fmt.Sprintf("command = %q, args = %s", prog, q(args))
	}
	return fmt.Sprintf("%q: %q, %q: %s", "command", prog, "args", q(args))
}
