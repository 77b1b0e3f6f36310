package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// homeInCommandRule reports a command that names the home directory in a form
// only a shell expands, for clients that start servers without one.
var homeInCommandRule = &Rule{
	ID:       normalize.RuleHomeInCommand,
	Title:    "a command, argument, cwd or env value names the home as \"~\" or $HOME, which the client does not expand: it starts servers without a shell",
	Severity: normalize.Error,
	Clients:  "the clients known to start servers without a shell: %s",
	For:      func(c *normalize.Client) bool { return c.NoShell },
	doc: `A shell turns ` + "`~/bin/server`" + ` and ` + "`$HOME/bin/server`" + ` into a path; most clients start
stdio servers without one, so the system is asked for a program literally
named ` + "`~/bin/server`" + ` and the server does not start (ENOENT). What each client
does with ` + "`command`" + `, checked with the clients themselves (testdata/clients/nosh)
or in their code:

{{gen:table}}

Arguments, ` + "`cwd`" + ` and ` + "`env`" + ` values reach the server the same way: no shell turns
` + "`~/mem.json`" + ` or ` + "`--db=$HOME/x.db`" + ` into a path, so the server gets the text as
written, and most programs do not expand it either (a warning); a ` + "`cwd`" + ` the
system cannot find keeps the server from starting (an error). VS Code
expands ` + "`~`" + ` in ` + "`command`" + `, ` + "`args`" + ` and ` + "`cwd`" + `, not in ` + "`env`" + `; the placeholders each
client expands, and where, are its own (docs/clients.md): Claude Code expands
` + "`${HOME}`" + ` in ` + "`args`" + ` and ` + "`env`" + ` too, Codex nothing anywhere.

Other clients are not known to start servers without a shell, and are not
judged. The fix is an absolute path, or the client's own way to name the
home (for Codex, which has none, keep the server in your own
` + "`~/.codex/config.toml`" + `). The arguments of a shell (` + "`sh -c`" + `) or of an interpreter
running code (` + "`node -e`" + `, ` + "`python -c`" + `) are left alone: they read their own syntax.`,
	Fix:       "writes the home as the client names it (`${HOME}`, `${userHome}`, …) where it expands that in the field",
	FixUnsafe: true,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"notes\": { \"command\": \"~/bin/notes-mcp\" } } }\n",
		Good: "{ \"mcpServers\": { \"notes\": { \"command\": \"${HOME}/bin/notes-mcp\" } } }\n"},
	parts: map[string]func() string{"table": homeTable},
	Check: checkHomeInCommand,
}

func checkHomeInCommand(p *Pass) {
	for s, c := range p.Servers() {
		if !c.NoShell || s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		doc := p.Document(s.Source.Path)
		committed := !inHome(s)
		shell := e.commandVal != nil && isShell(e.command)
		if e.commandVal != nil && !shell {
			homeIn(p, doc, c, committed, "command", "", e.commandVal)
		}
		if !shell && !codeRunner(e) {
			// a shell or an interpreter reads its script itself
			for _, a := range e.argVals {
				if a != nil && a.Kind == normalize.String {
					homeIn(p, doc, c, committed, "args", "", a)
				}
			}
		}
		if m := s.Node.Member("cwd"); m != nil && m.Value.Kind == normalize.String && c.Knows("cwd") {
			homeIn(p, doc, c, committed, "cwd", "", m.Value)
		}
		if m := s.Node.Member(c.FieldKey("env")); m != nil && m.Value.Kind == normalize.Object && c.Knows(m.Key) {
			for _, kv := range m.Value.Unique() {
				if kv.Value.Kind == normalize.String {
					homeIn(p, doc, c, committed, "env", kv.Key, kv.Value)
				}
			}
		}
	}
}

// homeIn reports one value that names the home as "~" or $HOME in a form
// the client does not expand in field: the command and cwd keep the server
// from starting (errors), an argument or env value reaches it as written.
func homeIn(p *Pass, doc *normalize.Document, c *normalize.Client, committed bool, field, key string, v *normalize.Value) {
	str := v.Str
	if !strings.Contains(str, "~") && !strings.Contains(str, "HOME") {
		return
	}
	what := fmt.Sprintf("%s %q", field, str)
	switch field {
	case "args":
		what = fmt.Sprintf("argument %q", str)
	case "cwd":
		what = fmt.Sprintf("%q %q", "cwd", str)
	case "env":
		what = fmt.Sprintf("env %q", key)
	}
	effect := "so the server gets it literally"
	sev := normalize.Warning
	if field == "command" || field == "cwd" {
		effect, sev = "so the server will not start", normalize.Error
	}
	tildeExpanded := c.ExpandsTilde && field != "env"
	at, end := tildeAt(str)
	if at < 0 && field == "command" && strings.HasPrefix(str, "~") {
		// "~user/bin/x": another user's home, a shell's too
		at, end = 0, len(str)
		if i := strings.IndexAny(str, `/\`); i >= 0 {
			end = i
		}
	}
	if at >= 0 && !tildeExpanded {
		verb := "starts with"
		if at > 0 {
			verb = "holds"
		}
		d := p.reportSub(doc, v, at, end, "%s %s %q, which %s does not expand: it starts servers without a shell, %s",
			what, verb, str[at:end], c.Product, effect)
		d.Severity = sev
		d.Hint = homeHint(c, committed, field, str[end:])
		if str[at:end] == "~" {
			homeFix(d, doc, v, c, field, at, end)
		}
		return
	}
	for _, ph := range resolve.Scan(str) {
		if !homePlaceholder(ph) || expandsIn(c, ph.Syntax, field) {
			continue
		}
		d := p.reportSub(doc, v, ph.Start, ph.End, "%s holds %q, which %s does not expand: it starts servers without a shell, %s",
			what, ph.Text, c.Product, effect)
		d.Severity = sev
		d.Hint = homeHint(c, committed, field, str[ph.End:])
		homeFix(d, doc, v, c, field, ph.Start, ph.End)
		return
	}
}

// homeFix attaches the unsafe fix of a home the client does not expand:
// its own name for the home where it expands that in field (the home it
// then finds may not be the one the path meant: the user checks).
func homeFix(d *normalize.Diagnostic, doc *normalize.Document, v *normalize.Value, c *normalize.Client, field string, start, end int) {
	form := homeRef(c, field != "env")
	ph := resolve.Scan(form)
	if form == "" || form == "~" || len(ph) != 1 || !expandsIn(c, ph[0].Syntax, field) {
		return
	}
	r := normalize.SubRange(doc, v, start, end)
	if string(doc.Src[r.Start.Offset:r.End.Offset]) != v.Str[start:end] {
		return // written with escapes
	}
	setFix(d, false, fmt.Sprintf("write %q, which %s expands to the home", form, c.Product), replaceEdit(doc, r.Start, r.End, form))
}

// homePlaceholder reports $HOME and ${HOME}, which only a shell (or a
// client that expands them) turns into the home directory.
func homePlaceholder(ph resolve.Placeholder) bool {
	return ph.Name == "HOME" && (ph.Syntax == resolve.Bare || ph.Syntax == resolve.Dollar)
}

// expandsIn reports whether client c expands placeholders of syntax s in
// field (a canonical field: command, args, cwd, env).
func expandsIn(c *normalize.Client, s resolve.Syntax, field string) bool {
	return c.Expands(s) && (len(c.ExpandFields) == 0 || slices.Contains(c.ExpandFields, field))
}

// tildeAt finds a "~" that names the home: the whole value, or its start
// followed by a separator, or the same after the "=" of "--flag=~/…".
// end is where the path after it starts; at is -1 without one.
func tildeAt(s string) (at, end int) {
	home := func(i int) bool {
		return strings.HasPrefix(s[i:], "~") && (i+1 == len(s) || s[i+1] == '/' || s[i+1] == '\\')
	}
	if home(0) {
		return 0, 1
	}
	if k, _, ok := strings.Cut(s, "="); ok && isFlagName(k) && home(len(k)+1) {
		return len(k) + 1, len(k) + 2
	}
	return -1, 0
}

// homeHint says how the client names the home in field, followed by rest
// (the path after the home). Without a way, a committed file is told to
// keep the server in the client's user file, where an absolute path
// breaks nobody else's machine.
func homeHint(c *normalize.Client, committed bool, field, rest string) string {
	form := homeRef(c, field != "env")
	if ph := resolve.Scan(form); len(ph) > 0 && !expandsIn(c, ph[0].Syntax, field) {
		form = "" // the client's home placeholder is not expanded in this field
	}
	switch {
	case form != "":
		return fmt.Sprintf("write the absolute path, or %q", form+rest)
	case field == "command":
		return fmt.Sprintf("%s expands nothing in a command: write the absolute path of the program, or put it on PATH and write its name", c.Product)
	case committed && c.UserFile() != "":
		return fmt.Sprintf("%s expands nothing here: write a path relative to the project, or keep this server in %s with the absolute path", c.Product, c.UserFile())
	}
	return fmt.Sprintf("%s expands nothing here: write the absolute path", c.Product)
}

// homeTable is what each client that starts servers without a shell
// (NoShell) makes of the home in "command", as checkHomeInCommand judges
// it: "~" works when it ExpandsTilde, $HOME and ${HOME} when it expands
// Bare or Dollar there (Placeholders, ExpandFields); when ${HOME} fails,
// the client's own way to name the home (homeRef), if any.
func homeTable() string {
	works := func(ok bool) string {
		if ok {
			return "works"
		}
		return "fails"
	}
	var b strings.Builder
	b.WriteString("| client | `~/…` | `$HOME/…` | `${HOME}/…` |\n|---|---|---|---|\n")
	for _, c := range normalize.Clients() {
		if !c.Views() || !c.NoShell {
			continue
		}
		tilde := works(c.ExpandsTilde)
		if c.ExpandsTilde {
			tilde += " (" + c.Product + " expands `~`)"
		}
		dollar := works(expandsIn(c, resolve.Dollar, "command"))
		if dollar == "fails" {
			ref := homeRef(c, false)
			if ph := resolve.Scan(ref); len(ph) > 0 && expandsIn(c, ph[0].Syntax, "command") {
				dollar += " (`" + ref + "` works)"
			} else if len(c.Placeholders) == 0 {
				dollar += " (values are literal)"
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", c.Product, tilde, works(expandsIn(c, resolve.Bare, "command")), dollar)
	}
	return strings.TrimSuffix(b.String(), "\n")
}
