package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// duplicateKeyRule is reported by discovery for keys written twice in one
// object.
var duplicateKeyRule = &Rule{
	ID:       normalize.RuleDuplicateKey,
	Title:    "a key is written twice in the same object",
	Severity: normalize.Warning,
	doc: `JSON readers keep the last of two equal keys without a word, so the first
definition is dead text that looks live. Both positions are reported.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": {\n  \"db\": { \"command\": \"old-db\" },\n  \"db\": { \"command\": \"new-db\" }\n} }\n",
		Good: "{ \"mcpServers\": {\n  \"db\": { \"command\": \"new-db\" }\n} }\n"},
	Fix:        "deletes the first of the two, the one readers ignore (unsafe: it may be the one you meant to keep)",
	FixUnsafe:  true,
	fixFinding: fixDuplicateKey,
}

// fixDuplicateKey deletes the first of two equal keys, which readers
// ignore.
func fixDuplicateKey(d *normalize.Diagnostic, doc *normalize.Document) {
	if doc.Root == nil || d.Pointer == "" {
		return
	}
	obj := doc.Root.Lookup(d.Pointer[:strings.LastIndexByte(d.Pointer, '/')])
	if obj == nil || obj.Kind != normalize.Object {
		return
	}
	for _, m := range obj.Members {
		if m.KeyRange.Start == d.Pos {
			if edits, err := edit.DeleteMember(doc, obj, m); err == nil {
				setFix(d, false, fmt.Sprintf("delete the first %q, which readers ignore", m.Key), edits...)
			}
			return
		}
	}
}
