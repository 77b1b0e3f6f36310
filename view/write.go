package view

import (
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// WriteRun is what mcpconf add, remove or sync wrote, or would write (a
// dry run), before the boundary: app builds it.
type WriteRun struct {
	Name   string // the server add or remove wrote; "" for sync
	Remove bool
	DryRun bool
	Files  []WrittenFile
	// Refused are the clients not written, and why; Warnings say what
	// --force changed for a client.
	Refused, Warnings []ClientNote
	// Unverified are the clients whose view, read again after the write,
	// does not use what was written.
	Unverified []ClientNote
	// Secrets are what explain masks in the files the write read, as read
	// before it (DocumentSecrets), and in the definitions it wrote
	// (ServerSecrets): NewWrite learns them before it makes anything
	// Safe, so a diff's removed and context lines, a dry run's and a
	// removed server's values among them, are masked as explain masks
	// them.
	Secrets []string
}

// WrittenFile is one file a write changed (or would change).
type WrittenFile struct {
	Path    string // as displayed
	Created bool
	Diff    string // unified diff of the change
}

// ClientNote is something a write says about one client.
type ClientNote struct {
	Client       *normalize.Client
	Reason, Hint string
}

// Write is a WriteRun through the boundary.
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
func NewWrite(b *secret.Boundary, run *WriteRun, views *Workspace) *Write {
	b.Learn(run.Secrets...)
	w := &Write{Name: b.Text(run.Name), Remove: run.Remove, DryRun: run.DryRun, Views: views}
	var diffs []string
	for _, f := range run.Files {
		w.Files = append(w.Files, WriteFile{Path: b.Path(f.Path), Created: f.Created, Diff: NewDiff(b, []string{f.Diff})})
		diffs = append(diffs, f.Diff)
	}
	w.Diff = NewDiff(b, diffs)
	note := func(n ClientNote) WriteNote {
		return WriteNote{Client: b.Own(n.Client.Product), ClientID: b.Own(n.Client.ID), Reason: b.Message(n.Reason), Hint: b.Message(n.Hint)}
	}
	for _, n := range run.Refused {
		w.Refused = append(w.Refused, note(n))
	}
	for _, n := range run.Warnings {
		w.Warnings = append(w.Warnings, note(n))
	}
	for _, n := range run.Unverified {
		w.Unverified = append(w.Unverified, note(n))
	}
	return w
}

// ServerSecrets are the secrets explain masks in a definition (its entry
// as written, or its fields when it has none): those of a definition a
// write copies or writes, which its output masks (WriteRun.Secrets).
func ServerSecrets(s *normalize.Server) []string {
	b := secret.NewKeyed(nil)
	learnServer(b, s)
	return b.Learned()
}
