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
// (found, whether or not it parses; not one it skips or ignores), in the
// run's view order. A view
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
			// a file the client skips whole (Kilo Code CLI's "skipped
			// config due to error") is not one it judges entry by entry
			if s.Status != normalize.Absent && s.Status != normalize.Ignored && !slices.Contains(out[s.Path], v) {
				out[s.Path] = append(out[s.Path], v)
			}
		}
	}
	return out
}

// readersOf is fileReaders(...)[path] for the run's workspace, the map
// built once per run.
func (p *Pass) readersOf(path string) []*normalize.Set {
	if p.Workspace == nil {
		return nil
	}
	if p.run == nil {
		return fileReaders(p.Workspace.Views)[path]
	}
	p.run.mu.Lock()
	defer p.run.mu.Unlock()
	if p.run.readers == nil {
		p.run.readers = fileReaders(p.Workspace.Views)
	}
	return p.run.readers[path]
}

// readsWith is the descriptor a view reads a file with: the client's own,
// or the dialect it reads that file in (File.ReadBy: VS Code reads
// .mcp.json with rules of its own).
func readsWith(v *normalize.Set, path string) *normalize.Client {
	for _, s := range v.Sources {
		if s.Path == path && s.Client != nil {
			return s.Client
		}
	}
	return v.Client
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
	unnamed := false
	for _, p := range yes {
		if !strings.Contains(d.Message, p) {
			unnamed = true
		}
	}
	var parts []string
	if unnamed && len(yes) > 0 && len(no) > 0 {
		parts = append(parts, "for "+joinWords(yes, "and"))
	}
	// a reader not concerned is named unless the message already says
	// what it does
	if len(no) > 0 && !namesAll(d.Message, no) {
		verb := "reads"
		if len(no) > 1 {
			verb = "read"
		}
		parts = append(parts, fmt.Sprintf("not %s, which also %s this file", joinWords(no, "or"), verb))
	}
	if len(parts) == 0 {
		return
	}
	d.Message += " (" + strings.Join(parts, "; ") + ")"
}

// asGuests makes info of a finding on a shared file that concerns only
// guests of the run (normalize.Workspace.Guests: clients not asked for
// that read only other clients' files here, as Qwen Code reads
// .mcp.json) while a reader that is no guest is not concerned: nothing
// shows the guests are used, so it says what would happen if they were.
// Asked for (--client, .mcpconf.toml), a client is no guest.
func asGuests(d *normalize.Diagnostic, concerned, readers []*normalize.Set, guests []*normalize.Client) {
	if len(guests) == 0 || d.Severity == normalize.Info || len(concerned) == 0 {
		return
	}
	guest := func(v *normalize.Set) bool { return slices.Contains(guests, v.Client) }
	if !slices.ContainsFunc(readers, func(v *normalize.Set) bool { return !guest(v) && !slices.Contains(concerned, v) }) {
		return
	}
	var names []string
	for _, v := range concerned {
		if !guest(v) {
			return
		}
		names = append(names, v.Client.Product)
	}
	d.Severity, d.ForGuests = normalize.Info, true
	d.Message += fmt.Sprintf("; no file of %s's own is here: this matters if you use it", joinWords(names, "or"))
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

// withoutProducts is a message with every client's product name and id
// replaced by one mark: two views saying the same of a place in their own
// names say the same thing.
func withoutProducts(msg string) string {
	for _, c := range normalize.Clients() {
		if c.Product != "" {
			msg = strings.ReplaceAll(msg, c.Product, "\x01")
		}
	}
	return msg
}
