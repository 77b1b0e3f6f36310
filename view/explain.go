package view

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
)

// Entry is one server name of a view: the definition in use, the ones it
// shadows or merges, and each definition as explain NAME lists it.
type Entry struct {
	Server   Server
	Shadowed []Shadow
	// Definitions lists the definition in use first, then the others,
	// each with why it is used or not.
	Definitions []Definition
	// Diagnostics are the findings inside any of its definitions
	// (explain NAME only).
	Diagnostics []Finding
}

// Shadow is a definition that lost its name to a higher one, or was merged
// into it.
type Shadow struct {
	Server      Server
	Differences []secret.Safe // empty when the definitions are equivalent
	Reason      secret.Safe
	// Changes, for a layer that only patches the definition in use and is
	// not read (an untrusted Codex project), say what it would change:
	// `startup_timeout_sec 20 → 60`; When says when ("once the project is
	// trusted").
	Changes []secret.Safe
	When    secret.Safe
}

// Definition is one definition of a name, as explain NAME lists it.
type Definition struct {
	Server Server
	Winner bool
	Reason secret.Safe
	Diffs  []secret.Safe // how it differs from the winner
	// Changes and When: what a patch layer that is not read would change
	// in the winner, and when it would (see Shadow).
	Changes []secret.Safe
	When    secret.Safe
}

// SourceFile is one place a client looked, found or not.
type SourceFile struct {
	Path     secret.Safe
	Client   secret.Safe // the provider id
	Scope    secret.Safe
	Priority int
	Section  secret.Safe
	Status   secret.Safe // found, absent, error, ignored
	Servers  int
	Error    secret.Safe
	Note     secret.Safe
	Hint     secret.Safe   // what to do about a file the client skips
	ReadBy   []secret.Safe // the clients that read it (workspace sources)
	// Found, Absent, Failed and Ignored say what Status says.
	Found, Absent, Failed, Ignored bool
}

// Set is one client's view as output shows it.
type Set struct {
	Root, Home secret.Safe
	Client     secret.Safe // the client id; zero for a view that is not one client's
	Product    secret.Safe // its product name
	// Version is the client version the view reflects (the descriptor's);
	// zero when its facts come from documentation alone.
	Version     secret.Safe
	ClientRules secret.Safe // how the client combines its files
	// ByPriority: the client merges its providers' files by priority
	// (normalize.ByPriority): output keeps each definition's provider and
	// priority, and its own layout.
	ByPriority  bool
	Sources     []SourceFile
	Entries     []Entry
	Diagnostics []Finding
	// Named is the index in Entries of the server run.ExplainOptions.Name
	// names, -1 when the view has none; NotLoaded, then, says where the
	// name is written but the client does not load it.
	Named     int
	NotLoaded []NotLoaded
	// Refused is set when the client refuses its whole configuration:
	// every server of the view is refused, for this reason.
	Refused *Refused
	// Notes say what the run left out (machine-wide files a run isolated
	// with --home does not read), for a client's view shown alone.
	Notes []secret.Safe
}

// Refused is why a client refuses its whole configuration, with the
// client's own message, the place that caused it, and what to do.
type Refused struct {
	Reason, Hint secret.Safe
	At           *Place // nil when no file caused it (a flag, a variable)
}

// Row is one server name across the clients of a workspace.
type Row struct {
	Name  secret.Safe
	Cells []*Entry // per view; nil when the client has no such server
}

// Drift is how two clients' definitions of one server differ, once
// placeholders are neutral (${X} in .mcp.json equals ${env:X} in
// .cursor/mcp.json).
type Drift struct {
	Name        secret.Safe
	Base, Other int // view indexes
	A, B        Origin
	Fields      []secret.Safe
	Starts      bool // they start or reach different things
	// Details say, for each value that differs once each client has read
	// it, how each client passes it: names and placeholders, never a
	// value (resolve.LaunchDifferences).
	Details []secret.Safe
}

// Workspace is what several clients read from one project and home.
type Workspace struct {
	Root, Home  secret.Safe
	Views       []*Set
	Matrix      []Row
	Differences []Drift
	// Sources is every file any client reads, once each, with the
	// clients that read it; absent ones too.
	Sources     []SourceFile
	Diagnostics []Finding
	Notes       []secret.Safe
	// Name and NameDiagnostics are set for explain NAME: the name, and
	// the findings inside every client's definitions of it, once each.
	Name            secret.Safe
	NameDiagnostics []Finding
}

// learnSet teaches the boundary every definition of a set, the shadowed
// ones too.
func learnSet(b *secret.Boundary, set *normalize.Set) {
	// the variables its files set into the client's environment are
	// config values: gates and resolved values may show them
	for _, e := range set.Environ {
		b.LearnValue(e.Name, e.Value)
	}
	for i := range set.Entries {
		e := &set.Entries[i]
		learnServer(b, &e.Server)
		for j := range e.Shadowed {
			learnServer(b, &e.Shadowed[j].Server)
		}
	}
}

// LearnWorkspace teaches the boundary the secrets of every definition the
// clients of a workspace read (probe, before it starts anything).
func LearnWorkspace(b *secret.Boundary, ws *normalize.Workspace) {
	for _, v := range ws.Views {
		learnSet(b, v)
	}
}

func newSet(b *secret.Boundary, set *normalize.Set, opts run.ExplainOptions) *Set {
	out := &Set{Root: b.Text(set.Root), Home: b.Text(set.Home), Client: b.Own(normalize.IDOf(set.Client)),
		ClientRules: b.Message(set.ClientRules), ByPriority: !isView(set), Named: -1}
	if c := set.Client; c != nil {
		out.Product = b.Own(c.Product)
		if c.Version != "" {
			out.Version = b.Own(c.Version)
		}
	}
	for _, s := range set.Sources {
		out.Sources = append(out.Sources, sourceFile(b, s))
	}
	out.Entries = make([]Entry, 0, len(set.Entries))
	for i := range set.Entries {
		e := &set.Entries[i]
		named := opts.Name != "" && e.Server.Name == opts.Name
		if named {
			out.Named = i
		}
		out.Entries = append(out.Entries, entry(b, set, e, named))
	}
	if opts.Name != "" && out.Named < 0 {
		out.NotLoaded = notLoaded(b, set, opts.Name)
	}
	out.Diagnostics = findings(b, set.Diagnostics)
	if g := set.Refused; g != nil {
		out.Refused = &Refused{Reason: b.Message(g.Reason), Hint: b.Message(g.Hint)}
		if g.Path != "" {
			out.Refused.At = &Place{Path: b.Path(g.Path), Pos: pos(g.Pos)}
		}
	}
	return out
}

// isView reports whether a set is one client's own files (not a view of
// its providers' files merged by priority, which holds other clients'
// definitions and keeps its priorities and its form).
func isView(set *normalize.Set) bool {
	c := set.Client
	return c != nil && c.Merge != normalize.ByPriority
}

func sourceFile(b *secret.Boundary, s normalize.SourceFile) SourceFile {
	return SourceFile{Path: b.Path(s.Path), Client: b.Own(normalize.IDOf(s.Client)), Scope: b.Own(string(s.Scope)), Priority: s.Priority,
		Section: b.Text(s.Section), Status: b.Own(string(s.Status)), Servers: s.Servers, Error: b.Text(s.Error), Note: b.Message(s.Note), Hint: b.Message(s.Hint),
		Found: s.Status == normalize.Found, Absent: s.Status == normalize.Absent, Failed: s.Status == normalize.Failed, Ignored: s.Status == normalize.Ignored}
}

func entry(b *secret.Boundary, set *normalize.Set, e *normalize.Entry, named bool) Entry {
	out := Entry{Server: server(b, &e.Server, named)}
	for i := range e.Shadowed {
		sh := &e.Shadowed[i]
		v := Shadow{Server: server(b, &sh.Server, named), Differences: b.Texts(sh.Differences), Reason: b.Message(sh.Reason)}
		if sh.Server.Patch && sh.Server.Off != nil && sh.Server.Off.Yields {
			v.Changes, v.When = changes(b, &e.Server, &sh.Server, sh.Differences), b.Own(onceWord[sh.Server.Off.Status])
		}
		out.Shadowed = append(out.Shadowed, v)
	}
	why := "highest priority definition of this name"
	switch {
	case len(e.Shadowed) == 0:
		why = "only definition of this name"
	case e.Server.FieldPaths != nil:
		why = "the client merges its layers key by key: this is the result, each field from the file shown beside it"
	}
	if off := e.Server.Off; !e.Server.Enabled && off != nil && off.Kind != normalize.ByApproval && off.Kind != normalize.ByTrust && off.Kind != normalize.ByShape {
		why += "; it is disabled (" + e.Server.DisabledBy() + ") but still owns the name, so no other definition starts"
	}
	out.Definitions = append(out.Definitions, Definition{Server: out.Server, Winner: true, Reason: b.Message(why)})
	for _, sh := range out.Shadowed {
		out.Definitions = append(out.Definitions, Definition{Server: sh.Server, Reason: sh.Reason, Diffs: sh.Differences, Changes: sh.Changes, When: sh.When})
	}
	if named {
		out.Diagnostics = findings(b, diagnosticsFor(set, e))
	}
	return out
}

// onceWord says when a patch a gate keeps out would apply.
var onceWord = map[normalize.Status]string{
	normalize.StatusUntrusted: "once the project is trusted",
	normalize.StatusPending:   "once approved",
}

// changes says what a patch layer would change in the definition in use:
// `startup_timeout_sec 20 → 60`, `enabled true → false`, each value as
// explain shows it as written (masked).
func changes(b *secret.Boundary, w, patch *normalize.Server, keys []string) []secret.Safe {
	var out []secret.Safe
	for _, k := range keys {
		m := patch.Node.Member(k)
		if m == nil {
			continue
		}
		old := "unset"
		if w.Node != nil {
			if o := w.Node.Member(k); o != nil {
				old = b.JSON(maskedValue(k, o.Value)).String()
			}
		}
		out = append(out, b.Text(fmt.Sprintf("%s %s → %s", k, old, b.JSON(maskedValue(k, m.Value)))))
	}
	return out
}

// diagnosticsFor picks the findings inside any definition of the entry.
func diagnosticsFor(set *normalize.Set, e *normalize.Entry) []normalize.Diagnostic {
	defs := []*normalize.Server{&e.Server}
	for i := range e.Shadowed {
		defs = append(defs, &e.Shadowed[i].Server)
	}
	var out []normalize.Diagnostic
	for _, s := range defs {
		for _, diag := range set.Diagnostics {
			if diag.Path == s.Source.Path && diag.Pointer != "" &&
				(diag.Pointer == s.Source.Pointer || strings.HasPrefix(diag.Pointer, s.Source.Pointer+"/")) {
				out = append(out, diag)
			}
		}
	}
	return out
}

// NewWorkspace makes the views of several clients Safe, with the matrix
// of server names by client, how the clients' definitions differ, and
// every file they read.
//
// It is built after the workspace's secrets are learned, and again when
// its texts taught one (Boundary.Settle).
func NewWorkspace(b *secret.Boundary, ws *normalize.Workspace, opts run.ExplainOptions) *Workspace {
	LearnWorkspace(b, ws)
	var out *Workspace
	b.Settle(func() { out = newWorkspace(b, ws, opts) })
	return out
}

func newWorkspace(b *secret.Boundary, ws *normalize.Workspace, opts run.ExplainOptions) *Workspace {
	out := &Workspace{Root: b.Text(ws.Root), Home: b.Text(ws.Home), Notes: each(ws.Notes, b.Message)}
	for _, v := range ws.Views {
		out.Views = append(out.Views, newSet(b, v, opts))
	}
	out.Matrix, out.Differences = matrix(b, ws, out.Views)
	out.Sources = workspaceSources(b, ws)
	out.Diagnostics = findings(b, ws.Diagnostics)
	// explain NAME lists the findings of every client's definitions once
	if opts.Name != "" {
		var diags []normalize.Diagnostic
		for _, v := range ws.Views {
			for i := range v.Entries {
				if e := &v.Entries[i]; e.Server.Name == opts.Name {
					diags = append(diags, diagnosticsFor(v, e)...)
				}
			}
		}
		// and the problems of the files that hold it but are not loaded
		for i, v := range out.Views {
			for _, nl := range v.NotLoaded {
				for _, d := range ws.Views[i].Diagnostics {
					if b.Path(d.Path) == nl.At.Path {
						diags = append(diags, d)
					}
				}
			}
		}
		slices.SortFunc(diags, normalize.CompareDiagnostics)
		diags = slices.CompactFunc(diags, func(a, b normalize.Diagnostic) bool { return a.String() == b.String() })
		out.Name, out.NameDiagnostics = b.Text(opts.Name), findings(b, diags)
	}
	return out
}

// matrix builds one row per server name (sorted) and, for every name
// several clients define, how each client's definition differs from the
// first one's.
func matrix(b *secret.Boundary, ws *normalize.Workspace, views []*Set) ([]Row, []Drift) {
	var all []string
	byName := make([]map[string]int, len(ws.Views)) // per view: name -> entry
	for j, v := range ws.Views {
		byName[j] = make(map[string]int, len(v.Entries))
		for k, e := range v.Entries {
			if !slices.ContainsFunc(byName[:j], func(m map[string]int) bool { _, ok := m[e.Server.Name]; return ok }) {
				if _, dup := byName[j][e.Server.Name]; !dup {
					all = append(all, e.Server.Name)
				}
			}
			byName[j][e.Server.Name] = k
		}
	}
	slices.Sort(all)
	rows := make([]Row, len(all))
	var drifts []Drift
	for i, n := range all {
		rows[i] = Row{Name: b.Text(n), Cells: make([]*Entry, len(ws.Views))}
		raw := make([]*normalize.Entry, len(ws.Views))
		for j, v := range ws.Views {
			if k, ok := byName[j][n]; ok {
				raw[j] = &v.Entries[k]
				rows[i].Cells[j] = &views[j].Entries[k]
			}
		}
		base := -1
		for j, e := range raw {
			if e == nil || !isView(ws.Views[j]) {
				continue // pisces's merged view holds other clients' definitions
			}
			if base < 0 {
				base = j
				continue
			}
			ca, cb := ws.Views[base].Client, ws.Views[j].Client
			fields, starts := resolve.CrossDifferences(ca, &raw[base].Server, cb, &e.Server)
			if len(fields) > 0 {
				drifts = append(drifts, Drift{Name: rows[i].Name, Base: base, Other: j, Fields: b.Texts(fields), Starts: starts,
					A: origin(b, raw[base].Server.Source), B: origin(b, e.Server.Source),
					Details: each(resolve.LaunchDifferences(ca, &raw[base].Server, cb, &e.Server), b.Message)})
			}
		}
	}
	return rows, drifts
}

// workspaceSources lists every file once, with the clients that read it.
func workspaceSources(b *secret.Boundary, ws *normalize.Workspace) []SourceFile {
	type src struct {
		normalize.SourceFile
		clients []string
	}
	var all []src
	index := map[string]int{}
	for _, v := range ws.Views {
		for _, s := range v.Sources {
			key := s.Path + "\x00" + s.Section
			if s.Status == normalize.Ignored {
				key += "\x00ignored" // its own row: who ignores it is the news
			}
			i, ok := index[key]
			if !ok {
				i = len(all)
				index[key] = i
				all = append(all, src{SourceFile: s})
			}
			if s.Status != normalize.Absent && all[i].Status == normalize.Absent {
				all[i].SourceFile = s
			}
			if !slices.Contains(all[i].clients, v.Client.ID) {
				all[i].clients = append(all[i].clients, v.Client.ID)
			}
		}
	}
	out := make([]SourceFile, len(all))
	for i, s := range all {
		out[i] = sourceFile(b, s.SourceFile)
		out[i].ReadBy = each(s.clients, b.Own)
	}
	return out
}
