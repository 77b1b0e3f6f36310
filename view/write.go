package view

import (
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
)

// Write is a run.Write through the boundary.
type Write struct {
	Name       secret.Safe
	Remove     bool
	DryRun     bool
	Files      []WriteFile
	Refused    []WriteNote
	Warnings   []WriteNote
	Unverified []WriteNote
	// Diff holds every file's change, for a dry run.
	Diff *Diff
	// Views are the clients' views read again after the write (nil for a
	// dry run, a remove, or nothing written): the server's (Name set), or
	// every server's (sync).
	Views *Workspace
}

// WriteFile is a file a write changed, shown.
type WriteFile struct {
	Path    secret.Safe
	Created bool
	// Diff is the file's change.
	Diff *Diff
}

// WriteNote is a refusal or warning, shown.
type WriteNote struct {
	Client, Reason, Hint secret.Safe
	ClientID             secret.Safe
}

// NewWrite makes a write's result safe to print; views, when not nil,
// are the clients' views read again after it.
func NewWrite(b *secret.Boundary, r *run.Write, views *Workspace) *Write {
	b.Learn(r.Secrets...)
	w := &Write{Name: b.Text(r.Name), Remove: r.Remove, DryRun: r.DryRun, Views: views}
	var diffs []string
	for _, f := range r.Files {
		w.Files = append(w.Files, WriteFile{Path: b.Path(f.Path), Created: f.Created, Diff: NewDiff(b, []string{f.Diff})})
		diffs = append(diffs, f.Diff)
	}
	w.Diff = NewDiff(b, diffs)
	note := func(n run.ClientNote) WriteNote {
		return WriteNote{Client: b.Own(n.Client.Product), ClientID: b.Own(n.Client.ID), Reason: b.Message(n.Reason), Hint: b.Message(n.Hint)}
	}
	for _, n := range r.Refused {
		w.Refused = append(w.Refused, note(n))
	}
	for _, n := range r.Warnings {
		w.Warnings = append(w.Warnings, note(n))
	}
	for _, n := range r.Unverified {
		w.Unverified = append(w.Unverified, note(n))
	}
	return w
}

// ServerSecrets are the secrets explain masks in a definition (its entry
// as written, or its fields when it has none): those of a definition a
// write copies or writes, which its output masks (run.Write.Secrets).
func ServerSecrets(s *normalize.Server) []string {
	b := secret.NewKeyed(nil)
	learnServer(b, s)
	return b.Learned()
}
