package resolve

import (
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// What each client expands lives in its descriptor
// (normalize.Client.Placeholders); these read it by client id.

// SyntaxesFor returns the syntaxes the client expands, or nil for a client
// that expands none or that is unknown (see Known).
func SyntaxesFor(client string) []Syntax {
	if c := normalize.ClientByID(client); c != nil && len(c.Placeholders) > 0 {
		return slices.Clone(c.Placeholders)
	}
	return nil
}

// Known reports whether the client is known.
func Known(client string) bool { return normalize.ClientByID(client) != nil }

// Foreign reports whether p is of a syntax the client does not expand, so the
// client sends it literally. It is false for an unknown client, whose rules
// cannot be judged.
func Foreign(client string, p Placeholder) bool {
	c := normalize.ClientByID(client)
	return c != nil && !c.ExpandsVar(p.Syntax, p.Name)
}
