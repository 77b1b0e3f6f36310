package discover

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/mcpconf/mcpconf/normalize"
)

// SelectClients resolves client names (ids or aliases) to descriptors, in
// table order. Without names it picks every client that reads a file found
// in the scanned scopes; pisces, which reads every provider's files, only
// when one of its own files exists, so that a team using other clients is
// not judged by a tool it does not use.
func (o *Options) SelectClients(names []string, scope ScopeFilter) ([]*normalize.Client, error) {
	if len(names) > 0 {
		var out []*normalize.Client
		for _, n := range names {
			c := normalize.ClientByID(n)
			if c == nil || !c.Views() {
				return nil, &UnknownClientError{Client: n}
			}
			if !slices.Contains(out, c) {
				out = append(out, c)
			}
		}
		slices.SortStableFunc(out, func(a, b *normalize.Client) int { return tableIndex(a) - tableIndex(b) })
		return out, nil
	}
	// each client's files are looked for at once: on a typical project
	// this is most of what lint does before reading a file
	all := normalize.Clients()
	uses := make([]bool, len(all))
	each(len(all), runtime.GOMAXPROCS(0), func(i int) {
		uses[i] = all[i].Views() && o.usesClient(all[i], scope)
	})
	var out []*normalize.Client
	for i, c := range all {
		if uses[i] {
			out = append(out, c)
		}
	}
	return out, nil
}

func tableIndex(c *normalize.Client) int { return slices.Index(normalize.Clients(), c) }

// Scan builds the view of every client in the list (SelectClients) over
// the selected scopes, for options already prepared. Files shared by
// several clients are read once; the problems of a file itself (syntax,
// unreadable) are reported once.
func (o *Options) Scan(clients []*normalize.Client, scope ScopeFilter) *normalize.Workspace {
	w := &normalize.Workspace{Root: o.Root, Home: o.Home, Views: make([]*normalize.Set, len(clients))}
	each(len(clients), runtime.GOMAXPROCS(0), func(i int) { w.Views[i] = o.View(clients[i], scope) })
	seenDoc := map[string]bool{}
	seenSrc := map[string]int{}
	for _, v := range w.Views {
		for _, d := range v.Documents {
			if !seenDoc[d.Path] {
				seenDoc[d.Path] = true
				w.Documents = append(w.Documents, d)
			}
		}
		for _, s := range v.Sources {
			key := s.Path + "\x00" + s.Section
			if i, ok := seenSrc[key]; ok {
				// the same file read by another client: keep the one that
				// read it, and the most servers it found
				if w.Sources[i].Status == normalize.Absent && s.Status != normalize.Absent {
					w.Sources[i] = s
				}
				continue
			}
			seenSrc[key] = len(w.Sources)
			w.Sources = append(w.Sources, s)
		}
		w.Diagnostics = append(w.Diagnostics, v.Diagnostics...)
	}
	slices.SortFunc(w.Diagnostics, normalize.CompareDiagnostics)
	// A problem of a file is reported once. A client's view may say more
	// about it (what it means for that client: Gemini CLI starts no server
	// at all): the longer message, which sorts after, is kept.
	w.Diagnostics = normalize.KeepFuller(w.Diagnostics)
	w.Notes = o.Notes()
	return w
}

// usesClient reports whether a file of the client is here: one it reads
// servers from, or one only its users write (its settings, or a file where
// its users put servers it then ignores).
func (o *Options) usesClient(c *normalize.Client, scope ScopeFilter) bool {
	root := o.projectRoot(c)
	for _, l := range o.viewLocations(c, root) {
		if scope.Keep(l) && o.exists(l.Abs) {
			return true
		}
	}
	var more []normalize.File
	for _, ig := range c.Ignored {
		f := ig.File
		f.AtStart = true // looked for where the user is (findIgnored)
		more = append(more, f)
	}
	if c.Approval != nil {
		for _, st := range c.Approval.Settings {
			more = append(more, st.File)
		}
	}
	for _, f := range more {
		inHome := f.Base != normalize.RootDir
		if inHome && scope == ProjectScopes || !inHome && scope == UserScopes || f.Section != "" {
			continue
		}
		if abs, _ := o.fileAbs(c, f, root); o.exists(abs) {
			return true
		}
	}
	return false
}

// Guests are the clients of a workspace none of whose own files
// (SourceFile.Own) exists: each reads only other clients' files here
// (File.Guest, a File.Dialect, a provider's file), so nothing shows it is
// used (normalize.Workspace.Guests). Read from the views Scan built, with
// no file looked at again.
func Guests(ws *normalize.Workspace) []*normalize.Client {
	var out []*normalize.Client
	for _, v := range ws.Views {
		if v.Client != nil && !slices.ContainsFunc(v.Sources, func(s normalize.SourceFile) bool { return s.Own && s.Status != normalize.Absent }) {
			out = append(out, v.Client)
		}
	}
	return out
}

// FoundFile is a servers file found in the scanned scopes, with the clients
// that read it, in table order (pisces reads every provider's files).
type FoundFile struct {
	Abs, Display string
	Readers      []*normalize.Client
}

// Found lists the servers files that exist in the selected scopes, each
// with every client that reads it, whether or not the run selects those
// clients: a file no selected client reads is not to be called missing.
// Project files are those at or below the root.
func (o *Options) Found(scope ScopeFilter) []FoundFile {
	byAbs := map[string]*FoundFile{}
	var order []string
	for _, c := range normalize.Clients() {
		if !c.Views() {
			continue
		}
		for _, l := range o.readLocations(c, o.projectRoot(c)) {
			if !scope.Keep(l) || l.Section != "" || !l.Scope.OutsideProject() && !within(o.Root, filepath.Dir(l.Abs)) || !o.exists(l.Abs) {
				continue
			}
			f := byAbs[l.Abs]
			if f == nil {
				f = &FoundFile{Abs: l.Abs, Display: l.Display}
				byAbs[l.Abs] = f
				order = append(order, l.Abs)
			}
			if !slices.Contains(f.Readers, c) {
				f.Readers = append(f.Readers, c)
			}
		}
	}
	slices.SortFunc(order, func(a, b string) int { return strings.Compare(byAbs[a].Display, byAbs[b].Display) })
	out := make([]FoundFile, len(order))
	for i, a := range order {
		out[i] = *byAbs[a]
	}
	return out
}

// each calls f(0) … f(n-1), at most workers at once: the calling
// goroutine and up to workers-1 others take the next index in turn. A
// goroutine per call would start each on a small stack that the deep
// calls of a view grow by copying, again for every call; a few workers
// grow theirs once. One call runs on the calling goroutine alone.
func each(n, workers int, f func(i int)) {
	var next atomic.Int64
	work := func() {
		for {
			i := int(next.Add(1) - 1)
			if i >= n {
				return
			}
			f(i)
		}
	}
	var wg sync.WaitGroup
	for range min(n, workers) - 1 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			work()
		}()
	}
	work()
	wg.Wait()
}
