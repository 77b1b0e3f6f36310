// Package run holds what a command found, or was asked, before the secret
// boundary: the raw results app assembles (a lint run, a write, the
// servers explain --resolve resolved), whose texts are the files' paths,
// messages quoting values, the files' bytes and the secrets themselves.
//
// It sits below package view, which makes these results Safe (view.NewLint,
// view.NewWrite, view.NewResolutions, view.NewWorkspace). Package report,
// the renderers, never imports it: report's TestRenderersTakeOnlyViews
// fails on a renderer that could be handed one of these types, or any
// type with a text that is not a secret.Safe.
package run

import (
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// Lint is what a lint run found, as the lint command assembles it.
type Lint struct {
	// Findings in output order: sorted by path, line, column, rule
	// (normalize.CompareDiagnostics). Renderers never reorder them.
	Findings []normalize.Diagnostic
	Errors   []ToolError
	// Checked are the files checked, by display path: what output needs
	// of each once its document is released (view.CheckedFile).
	Checked map[string]*LintFile
	// Sources are the files the findings' fixes edit, by absolute path,
	// as they were read: the fixes' offsets are in this text.
	Sources map[string]Source
	// Rules are the rules that fired, with their help and doc URL (SARIF
	// lists them; each finding links its rule's doc). Only those: a rule's
	// help text is built and masked for each run that shows it.
	Rules []RuleInfo
	// Files is how many files were checked, for the summary.
	Files int
	// NoFiles says where lint looked and what to try, for the summary
	// when it found no file: `in "/repo" for any client; pass …`.
	NoFiles string
	// Notes are about the run rather than a file's content: which clients
	// judged a file no client of the run would have read (a bare mcp.json:
	// pisces), which files were found but read by none of the run's clients
	// (Unread counts them).
	Notes    []string
	Unread   int
	ToolName string // "mcpconf" when empty
	Version  string
	// Repository is the root of the repository checked (GITHUB_WORKSPACE
	// or the git root), absolute: GitHub annotations and SARIF name files
	// relative to it. "" when there is none: they then name them as the
	// display paths do, relative to Base.
	Repository string
	// Base and Home are what display paths are relative to (absolute):
	// a project file's to Base, a "~/…" path to Home. "" when unknown.
	Base, Home string
	// Baseline says what lint's baseline did; nil without one.
	Baseline *BaselineResult
}

// LintFile is what lint output needs of a file it checked, kept in place
// of its document: lint -r checks thousands of project roots and releases
// each root's documents, with their position trees, once it is checked.
type LintFile struct {
	// Secrets are what a Boundary learns of the file: what explain masks
	// as written in it (or, in a file that does not parse, every token
	// shape and credential of its text), and what the hardcoded-secret
	// findings point at when Lines is nil.
	Secrets []string
	// Lines are the file's source lines, for snippets; nil when no output
	// quotes them (no finding points into the file, or the format shows
	// no snippet).
	Lines *normalize.Lines
	// Partly says the run kept only some findings of the file: those
	// about a server that spans it and a file lint was given (a file
	// named on the command line, pre-commit's), not every finding of its
	// own. It is not counted among the files checked, and a baseline's
	// entries of it are not the run's to replace or call fixed.
	Partly bool
}

// ToolError is a problem of the run rather than a finding in a config: a
// path that does not exist, a directory that could not be walked. No rule
// produced it and no rule setting can silence it.
type ToolError struct {
	Path    string // "" when the error concerns no file
	Message string
}

// RuleInfo is what the lint renderers need to know about a rule.
type RuleInfo struct {
	ID       normalize.RuleID // kebab-case, stable
	Title    string           // one line, lower case, no final period
	Help     string           // why the rule matters and what to do, in Markdown
	DocURL   string
	Severity normalize.Severity // default severity
}

// Source is a file as lint read it, for its fixes.
type Source struct {
	Path, Abs string
	Format    normalize.Format
	Text      []byte
}

// BaselineResult is what lint's baseline did in a run (lint --baseline,
// --write-baseline): the findings it recorded are gone from the run's
// findings, and these numbers say what became of them.
type BaselineResult struct {
	Path    string // the baseline file, as given
	Written bool   // the file was (re)written from this run's findings
	Entries int    // entries in the file, after writing when Written
	// Matched counts the findings the baseline kept quiet.
	Matched int
	// Fixed counts the entries, of the files this run checked, that match
	// no finding any more: run with --write-baseline to drop them.
	Fixed int
}

// Write is what mcpconf add, remove or sync wrote, or would write (a dry
// run), before the boundary: app builds it.
type Write struct {
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
	// before it (view.DocumentSecrets), and in the definitions it wrote
	// (view.ServerSecrets): view.NewWrite learns them before it makes
	// anything Safe, so a diff's removed and context lines, a dry run's
	// and a removed server's values among them, are masked as explain
	// masks them.
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

// ResolvedServer is one server of one client, resolved as that client
// would (explain --resolve).
type ResolvedServer struct {
	Client   *normalize.Client
	Server   *normalize.Server
	Resolved resolve.Resolved
}

// ExplainOptions says what a view of a workspace holds besides its
// servers (view.NewWorkspace).
type ExplainOptions struct {
	// Name builds, for this server name only, the fields of each
	// definition and the findings inside them (explain NAME).
	Name string
}
