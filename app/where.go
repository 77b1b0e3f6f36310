package app

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
)

// elsewhere says where c's view has a definition of name outside the file
// a remove looked in (skip, its absolute path), and how to reach each:
// `~/.codex/config.toml (--scope user)`, or a file mcpconf does not write
// (a managed one, an extension's) to edit by hand. hint is the command
// that removes the first one mcpconf writes; both "" when the client has
// no other definition.
func elsewhere(o *discover.Options, c *normalize.Client, name, skip string, scope normalize.Scope) (where, hint string) {
	set := o.View(c, discover.AllScopes)
	var places []string
	for _, d := range set.Definitions {
		if d.Name != name || d.Source.Abs == skip && d.Source.Scope == scope {
			continue
		}
		place := fmt.Sprintf("%s (%s scope", d.Source.Path, d.Source.Scope)
		if s, ok := sourceScope(o, c, d.Source); ok {
			place += ": --scope " + string(s) + ")"
			if hint == "" {
				hint = "run " + shell.Command(shell.Args([]string{"mcpconf", "remove"}, name, "--client", c.ID, "--scope", string(s))...)
			}
		} else {
			place += ", which mcpconf does not write: edit it by hand)"
		}
		if !slices.Contains(places, place) {
			places = append(places, place)
		}
	}
	return strings.Join(places, ", "), hint
}

// sourceScope is the --scope whose file of c is the one src was read from.
func sourceScope(o *discover.Options, c *normalize.Client, src normalize.Source) (normalize.Scope, bool) {
	if !slices.Contains(WriteScopes, src.Scope) {
		return "", false
	}
	t, ok := o.TargetFile(c, src.Scope)
	return src.Scope, ok && t.Abs == src.Abs
}

// scopesOf says which --scope values have a file of c mcpconf writes:
// "--scope project or --scope user".
func scopesOf(o *discover.Options, c *normalize.Client) string {
	var out []string
	for _, s := range WriteScopes {
		if _, ok := o.TargetFile(c, s); ok {
			out = append(out, "--scope "+string(s))
		}
	}
	return normalize.Join(out, "or")
}

// notHere refuses a remove of name from c's file t, which does not hold
// it (why), naming the files that do and the --scope of each (elsewhere).
func (r *AddResult) notHere(o *discover.Options, c *normalize.Client, t discover.Target, scope normalize.Scope, name, why string) {
	where, hint := elsewhere(o, c, name, t.Abs, scope)
	if where != "" {
		why += fmt.Sprintf("; %s has it from %s", c.Product, where)
	}
	r.refuse(c, why, hint)
}
