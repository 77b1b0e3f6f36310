// Package discover finds the MCP config files of every known client under a
// project root and a home directory, reads them with positions, maps them to
// normalize.Server and merges them by priority.
package discover

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/normalize"
)

// Options say where to look. Root and Home are made absolute by Discover.
type Options struct {
	Root string // project root
	Home string // user home
	// Base is what project paths are shown relative to; default Root.
	Base string
	Cwd  string // for relative CODEX_HOME and friends; default the process's
	// Getenv reads the environment; nil means no variables are set, which
	// keeps tests hermetic.
	Getenv func(string) string
	// GOOS is the system whose paths are used (default the running one),
	// so tests can ask for macOS and Windows paths anywhere.
	GOOS string
}

var runtimeGOOS = runtime.GOOS

func (o *Options) getenv(k string) string {
	if o.Getenv == nil {
		return ""
	}
	return o.Getenv(k)
}

// RootError means the project root itself cannot be read: there is nothing
// to report on.
type RootError struct{ Err error }

func (e *RootError) Error() string { return e.Err.Error() }
func (e *RootError) Unwrap() error { return e.Err }

func (o *Options) prepare() error {
	if o.Cwd == "" {
		o.Cwd, _ = os.Getwd()
	}
	o.Root = absFrom(o.Cwd, o.Root)
	o.Home = absFrom(o.Cwd, o.Home)
	if o.Base == "" {
		o.Base = o.Root
	}
	o.Base = absFrom(o.Cwd, o.Base)
	f, err := os.Open(o.Root) // paths above are set even when this fails
	if err == nil {
		_, err = f.Readdirnames(1)
		f.Close()
		if errors.Is(err, io.EOF) {
			err = nil // an empty root is fine
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return &RootError{fmt.Errorf("cannot read root %q: %v", o.Root, err)}
	}
	return nil
}

// Discover reads every location and merges the servers. It only fails when
// the root cannot be read; broken files become diagnostics.
func Discover(o Options) (*normalize.Set, error) {
	if err := o.prepare(); err != nil {
		return nil, err
	}
	return o.Read(o.Locations()), nil
}

// Read reads the given locations (in merge order) and merges what they
// define. The options must have been prepared (Discover or Prepare).
func (o *Options) Read(locs []Location) *normalize.Set {
	docs := readAll(locs)
	set := &normalize.Set{Root: o.Root, Home: o.Home}
	var defs []normalize.Server
	lists := &fileLists{}
	perLoc := make([][]normalize.Server, len(locs))
	for i, loc := range locs {
		r := docs[i]
		sf := normalize.SourceFile{Path: loc.Display, Abs: loc.Abs, Client: loc.Client, Scope: loc.Scope,
			Priority: loc.Priority, Order: loc.Order, Status: normalize.Absent}
		if loc.Section {
			sf.Section = fmt.Sprintf("projects[%q].mcpServers", o.Root)
		}
		if r.doc != nil && !r.shared {
			set.Documents = append(set.Documents, r.doc)
			set.Diagnostics = append(set.Diagnostics, r.diags...)
			set.Diagnostics = append(set.Diagnostics, DuplicateKeys(r.doc)...)
		}
		switch {
		case r.doc == nil:
			// absent
		case r.doc.Root == nil:
			sf.Status = normalize.Failed
			sf.Error = firstError(r.diags)
		default:
			servers, diags, ok := decodeFile(r.doc, loc, o.Root, lists)
			set.Diagnostics = append(set.Diagnostics, diags...)
			if ok {
				sf.Status = normalize.Found
				sf.Servers = len(servers)
				perLoc[i] = servers
			}
		}
		set.Sources = append(set.Sources, sf)
	}
	defs = slices.Concat(perLoc...)
	lists.applyBeforeMerge(defs)
	set.Definitions = defs
	set.Entries = Merge(defs)
	lists.applyAfterMerge(set.Entries)
	slices.SortStableFunc(set.Diagnostics, normalize.CompareDiagnostics)
	return set
}

// Prepare makes paths absolute and checks that the root can be read.
func (o *Options) Prepare() error { return o.prepare() }

// DuplicateKeys reports every key written twice in one object. JSON
// readers keep the last one without a word, so the first is dead text.
func DuplicateKeys(doc *normalize.Document) []normalize.Diagnostic {
	var out []normalize.Diagnostic
	for _, d := range doc.Duplicates {
		diag := normalize.At(doc, d.First.KeyRange, d.First.Value.Pointer, normalize.RuleDuplicateKey, normalize.Warning,
			"key %q is defined again at %d:%d; this first definition is ignored", d.First.Key, d.Last.KeyRange.Start.Line, d.Last.KeyRange.Start.Col)
		diag.Related = []normalize.Related{{Path: doc.Path, Pos: d.Last.KeyRange.Start, Message: "the definition in effect"}}
		diag.Hint = "remove one of the two"
		out = append(out, diag)
	}
	return out
}

func firstError(diags []normalize.Diagnostic) string {
	for _, d := range diags {
		if d.Severity == normalize.Error {
			if d.Pos.IsValid() {
				return fmt.Sprintf("%s: %s", d.Pos, d.Message)
			}
			return d.Message
		}
	}
	return "cannot be read"
}

type readResult struct {
	doc    *normalize.Document
	diags  []normalize.Diagnostic
	shared bool // the same file was read for an earlier location
}

// readAll reads the locations in parallel (bounded) and returns results in
// location order. A file used by several locations (~/.claude.json) is read
// once.
func readAll(locs []Location) []readResult {
	out := make([]readResult, len(locs))
	first := map[string]int{}
	var jobs []int
	for i, l := range locs {
		if _, ok := first[l.Abs]; ok {
			out[i].shared = true
			continue
		}
		first[l.Abs] = i
		jobs = append(jobs, i)
	}
	ch := make(chan int)
	var wg sync.WaitGroup
	for range min(len(jobs), runtime.GOMAXPROCS(0)*4) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				doc, diags, err := ReadFile(locs[i].Abs, locs[i].Display, locs[i].Format)
				if err == nil {
					out[i] = readResult{doc: doc, diags: diags}
				}
			}
		}()
	}
	for _, i := range jobs {
		ch <- i
	}
	close(ch)
	wg.Wait()
	for i, l := range locs {
		if out[i].shared {
			j := first[l.Abs]
			out[i].doc, out[i].diags = out[j].doc, out[j].diags
		}
	}
	return out
}

// decodeFile finds the servers of one location in its document. ok is false
// when the location holds no servers section at all (Claude's local scope
// without an entry for this root).
func decodeFile(doc *normalize.Document, loc Location, root string, lists *fileLists) ([]normalize.Server, []normalize.Diagnostic, bool) {
	dl := normalize.ClientByID(loc.Client)
	var diags []normalize.Diagnostic
	top := doc.Root
	if top.Kind != normalize.Object {
		if !loc.Section { // reported once, for the file's main location
			diags = append(diags, normalize.At(doc, top.Range, "", normalize.RuleSchema, normalize.Error,
				"the file must hold an object at the top level, got %s", top.Kind))
		}
		return nil, diags, true
	}
	at := top
	if loc.Section {
		at = claudeProject(top, root)
		if at == nil {
			return nil, nil, false
		}
	} else {
		lists.collect(doc, loc)
	}
	for _, wrong := range dl.WrongKeys {
		m := at.Member(wrong)
		if m == nil || m.Value.Kind != normalize.Object {
			continue // absent, or some other setting that happens to share the name
		}
		d := normalize.At(doc, m.KeyRange, m.Value.Pointer, normalize.RuleWrongRootKey, normalize.Error,
			"servers under %q are ignored: %s reads %q in this file", wrong, dl.Product, dl.ServersKey)
		if slices.Contains(dl.ToleratedKeys, wrong) {
			// VS Code's schema still tolerates the old key for stdio servers
			// "for rough cross-compat"; other tools reading the file do not.
			d.Severity = normalize.Warning
			d.Message = fmt.Sprintf("%q is deprecated in this file: %s reads %q and tolerates %q for stdio servers only; other tools ignore them", wrong, dl.Product, dl.ServersKey, wrong)
		}
		d.Hint = fmt.Sprintf("rename %q to %q", wrong, dl.ServersKey)
		diags = append(diags, d)
	}
	src := normalize.Source{Path: doc.Path, Abs: doc.Abs, Client: loc.Client, Scope: loc.Scope, Priority: loc.Priority, Order: loc.Order}
	servers, more := dl.Decode(doc, at.Get(dl.ServersKey), src)
	return servers, append(diags, more...), true
}

// claudeProject finds projects[<root>] in ~/.claude.json. Claude Code keys
// it by the absolute path it was started in; symlinks and trailing slashes
// are forgiven.
func claudeProject(top *normalize.Value, root string) *normalize.Value {
	projects := top.Get("projects")
	if projects == nil || projects.Kind != normalize.Object {
		return nil
	}
	want := []string{root}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != root {
		want = append(want, r)
	}
	for _, m := range projects.Unique() {
		key := filepath.Clean(filepath.FromSlash(m.Key))
		if slices.Contains(want, key) && m.Value.Kind == normalize.Object {
			return m.Value
		}
	}
	return nil
}

// Merge dedups definitions (already in priority order) by name: the first
// wins whole, the rest are shadowed. A disabled definition still owns its
// name. Entries come back sorted by name.
func Merge(defs []normalize.Server) []normalize.Entry {
	index := make(map[string]int, len(defs))
	out := make([]normalize.Entry, 0, len(defs))
	for _, s := range defs {
		i, ok := index[s.Name]
		if !ok {
			index[s.Name] = len(out)
			out = append(out, normalize.Entry{Server: s})
			continue
		}
		w := &out[i].Server
		out[i].Shadowed = append(out[i].Shadowed, normalize.Shadow{Server: s,
			Differences: normalize.Differences(w, &s), Reason: lostBecause(w, &s)})
	}
	slices.SortFunc(out, func(a, b normalize.Entry) int { return strings.Compare(a.Server.Name, b.Server.Name) })
	return out
}

func lostBecause(w, l *normalize.Server) string {
	ws, ls := w.Source, l.Source
	switch {
	case ws.Priority != ls.Priority:
		return fmt.Sprintf("lower priority: %s (%d) < %s (%d)", ls.Client, ls.Priority, ws.Client, ws.Priority)
	case ws.Client != ls.Client:
		return fmt.Sprintf("same priority (%d): %s is read before %s", ws.Priority, ws.Client, ls.Client)
	case ws.Scope != ls.Scope:
		return fmt.Sprintf("same provider: %s scope wins over %s scope", ws.Scope, ls.Scope)
	case ws.Path != ls.Path:
		return fmt.Sprintf("same provider and scope: %s is read before %s", ws.Path, ls.Path)
	}
	return "an earlier definition in the same file wins"
}
