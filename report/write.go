package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/view"
)

// WriteText writes what add, remove or sync did: on errOut, each
// warning (what --force changed, a definition remove left elsewhere), each
// client refused and each whose view does not use what was written, with
// why and what to do;
// on w, a dry run's unified diff, or the files remove changed. (What add
// and sync wrote is shown as each client's view of it, by the explain
// renderers.)
func WriteText(w, errOut io.Writer, r *view.Write, st Style) error {
	for _, n := range r.Warnings {
		if _, err := fmt.Fprintf(errOut, "mcpconf: %swarning: %s\n", about(n), n.Reason); err != nil {
			return err
		}
		if !n.Hint.IsZero() {
			if _, err := fmt.Fprintf(errOut, "  hint: %s\n", n.Hint); err != nil {
				return err
			}
		}
	}
	for _, n := range append(r.Refused, r.Unverified...) {
		if _, err := fmt.Fprintf(errOut, "mcpconf: %s%s\n", about(n), n.Reason); err != nil {
			return err
		}
		if !n.Hint.IsZero() {
			if _, err := fmt.Fprintf(errOut, "  hint: %s\n", n.Hint); err != nil {
				return err
			}
		}
	}
	if r.DryRun {
		return LintDiff(w, r.Diff, st)
	}
	if r.Remove {
		for _, f := range r.Files {
			if _, err := fmt.Fprintf(w, "removed %q from %s\n", r.Name, f.Path); err != nil {
				return err
			}
		}
	}
	return nil
}

// about names the client a note is about, "Codex: ", unless the note
// starts with its name already ("Codex passes variables by name …").
func about(n view.WriteNote) string {
	if strings.HasPrefix(n.Reason.String(), n.Client.String()+" ") {
		return ""
	}
	return n.Client.String() + ": "
}
