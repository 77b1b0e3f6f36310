package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// A file several clients read (.mcp.json: Claude Code, Copilot CLI, Qwen
// Code, VS Code, pisces) gets one finding per place and rule, in the words
// of one client's view (RunWorkspace). That finding must not speak for a
// reader it does not concern: nameReaders says which readers it concerns
// when the file has others.

// fileReaders lists, for each file, the clients whose own view reads it
// (found, whether or not it parses), in the run's view order. A view
// merged by priority (pisces) is left out: it judges the files its
// providers' owners read only by its own rules (Rule.Reader), so its
// silence says nothing.
func fileReaders(views []*normalize.Set) map[string][]*normalize.Set {
	out := map[string][]*normalize.Set{}
	for _, v := range views {
		if v.Client == nil || byPriority(v) {
			continue
		}
		for _, s := range v.Sources {
			if s.Status != normalize.Absent && !slices.Contains(out[s.Path], v) {
				out[s.Path] = append(out[s.Path], v)
			}
		}
	}
	return out
}

// nameReaders sets, on a finding kept for a file with more than one
// reader, the clients it concerns (Diagnostic.Clients: the views that made
// it, and those whose same work was done once for all, see Pass.once) and,
// when some reader is not concerned, says so in the message: "(not
// Copilot CLI or VS Code, which also read this file)". A concerned client
// the message does not name is named.
func nameReaders(d *normalize.Diagnostic, concerned []*normalize.Set, readers []*normalize.Set) {
	if len(readers) < 2 || d.Path == "" {
		return
	}
	var yes, no []string
	for _, v := range readers {
		if slices.Contains(concerned, v) {
			yes = append(yes, v.Client.Product)
		} else {
			no = append(no, v.Client.Product)
		}
	}
	for _, v := range concerned {
		if !slices.Contains(readers, v) && v.Client != nil && !slices.Contains(yes, v.Client.Product) {
			yes = append(yes, v.Client.Product) // pisces, speaking for itself
		}
	}
	d.Clients = yes
	if len(no) == 0 || namesAll(d.Message, no) {
		return // it concerns every reader, or says what each other does
	}
	unnamed := false
	for _, p := range yes {
		if !strings.Contains(d.Message, p) {
			unnamed = true
		}
	}
	var parts []string
	if unnamed && len(yes) > 0 {
		parts = append(parts, "for "+joinWords(yes, "and"))
	}
	verb := "reads"
	if len(no) > 1 {
		verb = "read"
	}
	parts = append(parts, fmt.Sprintf("not %s, which also %s this file", joinWords(no, "or"), verb))
	d.Message += " (" + strings.Join(parts, "; ") + ")"
}

// joinWords joins names as a sentence does: "a", "a and b", "a, b and c".
func joinWords(names []string, and string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + and + " " + names[len(names)-1]
}

// namesAll reports whether a message names every product.
func namesAll(msg string, products []string) bool {
	for _, p := range products {
		if !strings.Contains(msg, p) {
			return false
		}
	}
	return true
}
