package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// shadowedRule reports definitions that lost to a higher-priority definition
// of the same name.
var shadowedRule = &Rule{
	ID:       normalize.RuleShadowed,
	Title:    "a client does not use a definition because another of the same name wins",
	Severity: normalize.Warning,
	Reader:   true,
	Clients:  "each client, inside its own files (pisces across every provider's files)",
	doc: `Each client reads its own files in its own precedence, and when two of them
define the same server name one definition wins whole: Cursor and VS Code
prefer the project's file to the user's, Claude Code prefers its local scope
to the project's ` + "`.mcp.json`" + ` and that to ` + "`~/.claude.json`" + `, Gemini CLI the
workspace to the user. The other definition is not loaded.
({{gen:keybykey}} fold their files key by key instead: nothing is hidden
there, a higher layer changes fields of the lower one.)

A hidden definition that differs from the winner is a warning: editing it
changes nothing, and the server that starts is not the one you read. The
finding names the client, the fields that differ, and the winner. An
identical copy is reported as info: it is dead weight that will drift.

The rule speaks for one client at a time: a server kept in ` + "`.mcp.json`" + ` for
Claude Code and in ` + "`.cursor/mcp.json`" + ` for Cursor is not hidden (each client reads
only its own file; see drift for copies that differ). pisces reads every
client's files and lets the highest-priority provider win
({{gen:priority}}), so in a project with pisces files the rule also
reports, in pisces's name, what pisces hides; when another client reads the
hidden definition, the hint says to keep it.

Gemini CLI's extensions bring servers too, below every settings file: a
server of the same name in the settings replaces the extension's whole. The
finding is then on the settings' definition (an installed extension is not
yours to edit): rename it if both should run, or remove it to use the
extension's. Of two extensions that bring one name, Gemini CLI keeps the one
it reads first.

A server written twice in the same servers object is hidden the same way:
every client's JSON reader keeps the last entry; duplicate-key reports that.

Fix: delete the definition the client does not use, or rename one if both
are meant to run.`,
	Example: Example{File: "~/.cursor/mcp.json",
		Bad: "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n" +
			"} }\n",
		Good: "{ \"mcpServers\": {\n" +
			"  \"github-npx\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] }\n" +
			"} }\n",
		Others: map[string]string{".cursor/mcp.json": "{ \"mcpServers\": {\n" +
			"  \"github\": { \"command\": \"docker\", \"args\": [\"run\", \"-i\", \"--rm\", \"ghcr.io/github/github-mcp-server:v0.9.0\"] }\n" +
			"} }\n"}},
	parts: map[string]func() string{
		"keybykey": func() string { return clientList(keyByKey) },
		"priority": providerPriorities,
	},
	Check: checkShadowed,
}

func checkShadowed(p *Pass) {
	merged := byPriority(p.Set)
	c := p.Set.Client
	for i := range p.Set.Entries {
		e := &p.Set.Entries[i]
		for j := range e.Shadowed {
			sh := &e.Shadowed[j]
			if e.Server.FieldPaths != nil || sh.Server.Off != nil && sh.Server.Off.Yields {
				// layers folded key by key are not hidden, and a definition
				// waiting for approval is a status, not a mistake
				continue
			}
			reportShadow(p, c, merged, &e.Server, &sh.Server, sh.Differences, sh.Reason)
		}
	}
}

func reportShadow(p *Pass, c *normalize.Client, merged bool, w, l *normalize.Server, diffs []string, reason string) {
	if l.Node == nil {
		return
	}
	if !merged && l.Source.Extension != "" {
		reportExtensionShadow(p, c, w, l, diffs, reason)
		return
	}
	where := fmt.Sprintf("%s:%s", w.Source.Path, w.Source.Pos)
	in := ""
	if c != nil && (!merged || p.Workspace != nil && len(p.Workspace.Views) > 1) {
		in = " in " + c.Product // several clients: say whose view this is
	}
	var d *normalize.Diagnostic
	if len(diffs) > 0 {
		d = p.At(l, "", "server %q is hidden%s by the definition at %s, which differs in %s",
			l.Name, in, where, strings.Join(diffs, ", "))
	} else {
		d = p.At(l, "", "server %q is hidden%s by an identical definition at %s", l.Name, in, where)
		d.Severity = normalize.Info
	}
	d.Related = append(d.Related, normalize.Related{Path: w.Source.Path, Pos: w.Source.Pos, Message: "the definition in effect"})
	if others := p.readBy(l.Source.Path); len(others) > 0 {
		// another client uses this very definition: deleting it would take
		// the server away from that client
		verb := "reads"
		if len(others) > 1 {
			verb = "read"
		}
		d.Hint = fmt.Sprintf("%s; %s %s this definition too, so keep it; make the two definitions the same if they are meant to be one server", reason, normalize.Join(others, "and"), verb)
		return
	}
	d.Hint = reason + "; delete the unused definition, or rename one if both should run"
}

// readBy names the other clients of the run that read a file.
func (p *Pass) readBy(path string) []string { return p.otherReaders(path, nil) }

// otherReaders names the other clients of the run whose view found the
// file at path, and whose reading of it keep accepts (nil: any).
func (p *Pass) otherReaders(path string, keep func(normalize.SourceFile) bool) []string {
	if p.Workspace == nil {
		return nil
	}
	var out []string
	for _, v := range p.Workspace.Views {
		if v == p.Set {
			continue
		}
		for _, s := range v.Sources {
			if s.Path == path && s.Status == normalize.Found && (keep == nil || keep(s)) {
				out = append(out, v.Client.Product)
				break
			}
		}
	}
	return out
}

// reportExtensionShadow reports a server an extension brings that the
// client does not use. Nobody edits an installed extension: the finding
// is on the settings' definition that wins, and says what to do there;
// between two extensions, on the one not used.
func reportExtensionShadow(p *Pass, c *normalize.Client, w, l *normalize.Server, diffs []string, reason string) {
	ext := fmt.Sprintf("%s:%s", l.Source.Path, l.Source.Pos)
	if w.Source.Extension != "" {
		d := p.At(l, "", "server %q of extension %q is not used in %s: extension %q brings one of the same name (%s:%s)",
			l.Name, l.Source.Extension, c.Product, w.Source.Extension, w.Source.Path, w.Source.Pos)
		d.Related = append(d.Related, normalize.Related{Path: w.Source.Path, Pos: w.Source.Pos, Message: "the definition in effect"})
		d.Hint = fmt.Sprintf("%s; %s keeps the server of the extension it reads first: disable one of the two extensions where they clash (gemini extensions disable NAME)", reason, c.Product)
		return
	}
	var d *normalize.Diagnostic
	if len(diffs) > 0 {
		d = p.At(w, "", "server %q replaces the server of the same name that extension %q brings (%s), which differs in %s",
			w.Name, l.Source.Extension, ext, strings.Join(diffs, ", "))
	} else {
		d = p.At(w, "", "server %q is the same as the one extension %q brings (%s), which is not used", w.Name, l.Source.Extension, ext)
		d.Severity = normalize.Info
	}
	d.Related = append(d.Related, normalize.Related{Path: l.Source.Path, Pos: l.Source.Pos, Message: "the extension's definition, not used"})
	d.Hint = fmt.Sprintf("%s uses this definition (%s): rename this server if both should run, or remove it to use the extension's", c.Product, reason)
}
