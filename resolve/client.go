package resolve

import (
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// What each client expands lives in its descriptor
// (normalize.Client.Placeholders); these read it.

// SyntaxesFor returns the syntaxes the client expands, or nil for a client
// that expands none or for nil.
func SyntaxesFor(c *normalize.Client) []Syntax {
	if c != nil && len(c.Placeholders) > 0 {
		return slices.Clone(c.Placeholders)
	}
	return nil
}

// Foreign reports whether p is of a syntax the client does not expand, so the
// client sends it literally. It is false for a nil client, whose rules
// cannot be judged.
func Foreign(c *normalize.Client, p Placeholder) bool {
	return c != nil && !c.ExpandsVar(p.Syntax, p.Name)
}
