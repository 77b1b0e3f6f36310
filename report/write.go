package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// WriteRenderer writes what add, remove or sync did in one format: out
// is standard output, errOut standard error (text puts the clients
// refused there).
type WriteRenderer func(out, errOut io.Writer, w *view.Write, st Style) error

// WriteFormats are the output formats of add, remove and sync.
func WriteFormats() Formats[WriteRenderer] {
	return Formats[WriteRenderer]{
		{"text", WriteText},
		{"json", func(out, _ io.Writer, w *view.Write, _ Style) error { return writeResultJSON(out, w) }},
	}
}

// WriteText writes what add, remove or sync did: on errOut, each
// warning (what --force changed, a definition remove left elsewhere), each
// client refused and each whose view does not use what was written, with
// why and what to do; on w, a dry run's unified diff, or the files remove
// changed, or the clients' views after the write (the server's for add,
// the matrix for sync).
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
	switch {
	case r.DryRun:
		return LintDiff(w, r.Diff, st)
	case r.Remove:
		for _, f := range r.Files {
			if _, err := fmt.Fprintf(w, "removed %q from %s\n", r.Name, f.Path); err != nil {
				return err
			}
		}
	case r.Views != nil && !r.Name.IsZero():
		return ExplainNameViewsText(w, r.Views, st)
	case r.Views != nil:
		return ExplainMatrixText(w, r.Views, secret.Lit(""), false, st)
	}
	return nil
}

type writeJSONOut struct {
	Name       secret.Safe     `json:"name,omitzero"`
	DryRun     bool            `json:"dry_run"`
	Files      []writeJSONFile `json:"files"`
	Refused    []writeJSONNote `json:"refused"`
	Warnings   []writeJSONNote `json:"warnings"`
	Unverified []writeJSONNote `json:"unverified"`
	// Views is explain --format json's answer after the write: the
	// server's views for add, the clients' matrix for sync; null when
	// nothing was written.
	Views json.RawMessage `json:"views"`
}

type writeJSONFile struct {
	Path    secret.Safe   `json:"path"`
	Created bool          `json:"created"`
	Removed bool          `json:"removed,omitzero"`
	Diff    []secret.Safe `json:"diff"`
}

type writeJSONNote struct {
	Client  secret.Safe `json:"client"`
	Product secret.Safe `json:"product"`
	Reason  secret.Safe `json:"reason"`
	Hint    secret.Safe `json:"hint,omitzero"`
}

// writeResultJSON writes what add, remove or sync did as one JSON object.
func writeResultJSON(w io.Writer, r *view.Write) error {
	out := writeJSONOut{Name: r.Name, DryRun: r.DryRun, Files: []writeJSONFile{}, Refused: []writeJSONNote{}, Warnings: []writeJSONNote{}, Unverified: []writeJSONNote{},
		Views: json.RawMessage("null")}
	for _, f := range r.Files {
		out.Files = append(out.Files, writeJSONFile{Path: f.Path, Created: f.Created, Removed: r.Remove, Diff: orEmpty(f.Diff.Lines)})
	}
	notes := func(ns []view.WriteNote) []writeJSONNote {
		out := []writeJSONNote{}
		for _, n := range ns {
			out = append(out, writeJSONNote{Client: n.ClientID, Product: n.Client, Reason: n.Reason, Hint: n.Hint})
		}
		return out
	}
	out.Refused, out.Warnings, out.Unverified = notes(r.Refused), notes(r.Warnings), notes(r.Unverified)
	if r.Views != nil {
		var b bytes.Buffer
		var err error
		if !r.Name.IsZero() {
			err = ExplainNameViewsJSON(&b, r.Views)
		} else {
			err = ExplainMatrixJSON(&b, r.Views, false)
		}
		if err != nil {
			return err
		}
		out.Views = bytes.TrimSpace(b.Bytes())
	}
	return writeJSON(w, out)
}

// about names the client a note is about, "Codex: ", unless the note
// starts with its name already ("Codex passes variables by name …").
func about(n view.WriteNote) string {
	if strings.HasPrefix(n.Reason.String(), n.Client.String()+" ") {
		return ""
	}
	return n.Client.String() + ": "
}
