package app

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
	"github.com/mcpconf/mcpconf/view"
)

// LockFile is the tool lock's name at the project root (probe
// --write-lock, --check-lock; --lock names another file).
const LockFile = ".mcpconf.lock"

// Locked is the tool lock of one probe: what each server definition
// probed told the model (Lock), which servers could not be probed, and
// where each is defined.
type Locked struct {
	Lock *probe.Lock
	// Unchecked says, by server key, why a server was not probed ok (it
	// failed, timed out, needs authorization); a key probed ok for one
	// client is not in it.
	Unchecked map[string]string
	// Idle says, by server key, why no client starts a server it defines
	// (disabled, blocked, rejected, invalid): not in use, so not locked.
	Idle map[string]string
	// Where is a definition of each server, by key, for findings about a
	// server the lock does not record.
	Where map[string]normalize.Source
	// Names is the name of each server, by key (the first client's).
	Names map[string]string
}

// LockOf is the lock of a probe: one entry per distinct definition
// probed ok, under the key of what starts it (its command and arguments,
// or URL, in no client's placeholder syntax; only what b proves a secret
// masked, lockEntry), with the clients and names that define it, its name
// and version, the protocol version and each tool's sums
// (probe.ToolSums); descriptions adds each description, masked.
func LockOf(plan *ProbePlan, results []probe.Result, b *secret.Boundary, descriptions bool) *Locked {
	out := &Locked{Lock: &probe.Lock{Version: probe.LockVersion}, Unchecked: map[string]string{}, Idle: map[string]string{}, Where: map[string]normalize.Source{}, Names: map[string]string{}}
	// by client id, then name, whatever order the clients were selected
	// in: where clients get different tools from one server (it lists
	// more to a client that declares roots), the same one is locked
	order := make([]int, 0, len(plan.Servers))
	for i, p := range plan.Servers {
		if p.server != nil {
			order = append(order, i)
		}
	}
	slices.SortStableFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(results[a].Client, results[b].Client), cmp.Compare(plan.Servers[a].server.Name, plan.Servers[b].server.Name))
	})
	// the definitions, told apart by what starts them as written, before
	// anything is masked: a masked token makes two definitions look alike
	type definition struct {
		entry probe.LockServer
		runs  []int // in order
	}
	var defs []*definition
	byStart := map[string]*definition{}
	for _, i := range order {
		s := plan.Servers[i].server
		start := lockStart(s)
		d := byStart[start]
		if d == nil {
			d = &definition{entry: lockEntry(s, b)}
			byStart[start] = d
			defs = append(defs, d)
		}
		d.runs = append(d.runs, i)
		d.entry.UsedBy = append(d.entry.UsedBy, probe.LockUse{Client: results[i].Client, Name: s.Name})
	}
	at := map[string]int{}
	for _, d := range defs {
		entry := d.entry
		(&probe.Lock{Servers: []probe.LockServer{entry}}).Sort() // its users sorted: they may be in its key
		key := entry.Key()
		if j, ok := at[key]; ok {
			// alike once masked though the definitions differ, and used
			// alike: cannot be, each name has one definition per client
			out.Lock.Servers[j].UsedBy = append(out.Lock.Servers[j].UsedBy, entry.UsedBy...)
			continue
		}
		first := plan.Servers[d.runs[0]].server
		out.Where[key], out.Names[key] = first.Source, first.Name
		ok := slices.IndexFunc(d.runs, func(i int) bool { return results[i].Status == probe.StatusOK })
		if ok < 0 {
			for _, i := range d.runs {
				r := &results[i]
				why := string(r.Status)
				if r.Reason != "" {
					why += ": " + r.Reason
				}
				why = fmt.Sprintf("%s (%s)", why, r.Client)
				into := out.Unchecked
				if !probed(r.Status) {
					into = out.Idle
				}
				if _, ok := into[key]; !ok {
					into[key] = why
				}
			}
			if _, ok := out.Unchecked[key]; ok {
				delete(out.Idle, key) // started by a client, and failed
			}
			continue
		}
		r := &results[d.runs[ok]]
		entry.Server = probe.LockInfo{Name: b.Text(r.Server.Name).String(), Version: b.Text(r.Server.Version).String()}
		entry.ProtocolVersion = b.Text(r.ProtocolVersion).String()
		entry.Tools = []probe.LockTool{}
		for _, t := range r.Tools {
			lt := probe.LockTool{Name: b.Text(t.Name).String(), Description: t.Sums.Description, InputSchema: t.Sums.InputSchema, Annotations: t.Sums.Annotations}
			if descriptions && !t.NotKept { // past what a result keeps, only the sums
				text := b.Lines(t.Said).String()
				lt.Text = &text
			}
			entry.Tools = append(entry.Tools, lt)
		}
		at[key] = len(out.Lock.Servers)
		out.Lock.Servers = append(out.Lock.Servers, entry)
	}
	out.Lock.Sort()
	return out
}

// lockStart is what starts a server as written, its secrets too (never
// shown: it tells definitions apart): its transport, command and
// arguments or URL, references to variables in no client's syntax.
func lockStart(s *normalize.Server) string {
	command, args, url := s.Command, s.Args, s.URL
	if n, err := Neutral(s.Source.Client, s); err == nil {
		command, args, url = n.Command, n.Args, n.URL
	}
	if url != "" || s.Transport == normalize.HTTP || s.Transport == normalize.SSE {
		return "url\x00" + url
	}
	return "stdio\x00" + command + "\x00" + strings.Join(args, "\x00")
}

// lockEntry is a server's key fields: its command and arguments, or URL,
// with references to variables as ${NAME} whatever the client's syntax
// (Neutral), so that the clients that define it alike share the entry and
// the lock does not depend on the machine's values. Only what b proves a
// secret is masked: a value it learned, a token's shape, the value of a
// secret flag, a URL's credentials; a command is a program's name, never
// taken for a secret because it looks random ("mcp-server-everything"
// once was, and two servers shared an entry).
func lockEntry(s *normalize.Server, b *secret.Boundary) probe.LockServer {
	command, args, url := s.Command, s.Args, s.URL
	if n, err := Neutral(s.Source.Client, s); err == nil {
		command, args, url = n.Command, n.Args, n.URL
	}
	if url != "" || s.Transport == normalize.HTTP || s.Transport == normalize.SSE {
		return probe.LockServer{URL: b.URL(url).String()}
	}
	e := probe.LockServer{Command: b.Text(command).String()}
	for _, a := range b.Args(args) {
		e.Args = append(e.Args, a.String())
	}
	return e
}

// WriteLock writes the lock of a probe to path, created or replaced
// atomically, inside the project or the home (writeScope: a lock that
// links out of them is refused, naming the link) unless ctx stops it
// first. A file at path that is not a lock (a lock of another version
// is one) is refused, never replaced: a repository's .mcpconf.lock may be
// anything. A server that could not be probed keeps the entry the lock
// at path had for it, if any, so a server that fails once does not drop
// out of the lock; the servers not recorded at all are returned, by key:
// their name and why.
func WriteLock(ctx context.Context, o *discover.Options, path string, l *Locked) (notRecorded map[string]string, err error) {
	notRecorded = map[string]string{}
	lock := *l.Lock
	lock.Servers = slices.Clone(lock.Servers)
	in := writeScope(o.Root, o.Home, path)
	if err := in.Check(path); err != nil {
		return notRecorded, err
	}
	before, old, readErr := readLock(path)
	if readErr != nil && !errors.Is(readErr, fs.ErrNotExist) && before == nil {
		return notRecorded, readErr // it exists, and cannot be read
	}
	if before != nil && old == nil {
		if what := notLock(before); what != "" {
			return notRecorded, fmt.Errorf("%q is not a tool lock (%s): nothing was written; mcpconf replaces only a lock it wrote: move the file away, or write the lock elsewhere with --lock FILE", path, what)
		}
	}
	for key, why := range l.Unchecked {
		i := -1
		if old != nil {
			i = slices.IndexFunc(old.Servers, func(s probe.LockServer) bool { return s.Key() == key })
		}
		if i >= 0 {
			lock.Servers = append(lock.Servers, old.Servers[i])
		} else {
			notRecorded[key] = fmt.Sprintf("%q: %s", l.Names[key], why)
		}
	}
	data := probe.EncodeLock(&lock)
	if before == nil {
		return notRecorded, edit.CreateFile(orBackground(ctx), in, path, data, normalize.JSON, false)
	}
	return notRecorded, edit.WriteFile(orBackground(ctx), in, path, before, data, normalize.JSON)
}

// notLock says what data is when it is not a tool lock ("" when it is
// one, of any version, even one probe.DecodeLock refuses): an empty
// file, a binary one, text that is not JSON, JSON without a lock's
// "version" and "servers". It never quotes the file.
func notLock(data []byte) string {
	switch {
	case len(bytes.TrimSpace(data)) == 0:
		return "an empty file"
	case !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0:
		return "a binary file"
	}
	var v map[string]json.RawMessage
	if err := json.Unmarshal(data, &v); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) || !json.Valid(data) {
			line, col := lineCol(data, max(0, off(se)-1))
			return fmt.Sprintf("text that is not JSON: invalid at %d:%d", line, col)
		}
		return "JSON that is not an object"
	}
	var version float64
	if json.Unmarshal(v["version"], &version) != nil || v["servers"] == nil {
		return `JSON without a lock's "version" and "servers"`
	}
	return ""
}

// off is a syntax error's offset, 0 for none.
func off(se *json.SyntaxError) int64 {
	if se == nil {
		return 0
	}
	return se.Offset
}

// noLock is a lock not written yet; it is an fs.ErrNotExist.
type noLock string

func (p noLock) Error() string {
	return fmt.Sprintf("there is no lock at %q: write it first with mcpconf probe --write-lock", string(p))
}

func (noLock) Unwrap() error { return fs.ErrNotExist }

// readLock reads the lock at path once: its bytes (nil when it cannot be
// read) and the lock they hold (nil when they hold none). err wraps
// fs.ErrNotExist for a lock not written yet, and says how to write one.
func readLock(path string) ([]byte, *probe.Lock, error) {
	f, err := safefile.Read(path, safefile.Limits{Max: discover.MaxFileSize})
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil, noLock(path)
		}
		return nil, nil, fmt.Errorf("cannot read the lock %q: %v", path, err)
	}
	l, err := probe.DecodeLock(f.Data)
	if err != nil {
		return f.Data, nil, fmt.Errorf("cannot read the lock %q: %v", path, err)
	}
	return f.Data, l, nil
}

// LockCheckRequest is a comparison of a probe with a lock (probe
// --check-lock).
type LockCheckRequest struct {
	Options *discover.Options
	// Path is the lock file, absolute; Display as findings name it.
	Path, Display string
	Locked        *Locked
	// Results are the probe's: their findings on what the servers tell
	// the model (and other checks of their tools) are reported with the
	// lock's, at the servers' definitions.
	Plan    *ProbePlan
	Results []probe.Result
	Version string
	// GitHubWorkspace is GITHUB_WORKSPACE, for the paths of GitHub and
	// SARIF output.
	GitHubWorkspace string
}

// CheckLock compares the probe with the lock at req.Path and reports, as
// a lint run does (any of lint's formats renders it), each difference
// (probe.CompareLock) where it is: a tool's line in the lock, or the
// definition of a server the lock does not record; and the findings of
// the probe's checks on the tools of the servers probed ok, at their
// definitions. It never writes the lock. An error is a lock that cannot
// be read.
func CheckLock(req LockCheckRequest) (*run.Lint, error) {
	src, want, err := readLock(req.Path)
	if err != nil {
		return nil, err
	}
	doc, _ := discover.Parse(req.Path, req.Display, normalize.JSON, src)
	o := req.Options
	run := &run.Lint{Version: req.Version, Checked: map[string]*run.LintFile{}, Files: 1, Rules: probeRuleInfos(),
		Repository: repository(req.GitHubWorkspace, o), Base: o.Base, Home: o.Home}
	var servers *normalize.Value
	if doc.Root != nil {
		servers = doc.Root.Get("servers")
	}
	item := func(v *normalize.Value, i int) *normalize.Value {
		if v == nil || v.Kind != normalize.Array || i < 0 || i >= len(v.Items) {
			return nil
		}
		return v.Items[i]
	}
	for _, c := range probe.CompareLock(want, req.Locked.Lock, req.Locked.Unchecked, req.Locked.Idle) {
		d := normalize.Diagnostic{Rule: c.Rule, Severity: c.Severity, Message: c.Message, Hint: c.Hint}
		if s := item(servers, c.Want); s != nil {
			d.Path, d.Pos, d.Pointer = req.Display, s.Range.Start, s.Pointer
			if t := item(s.Get("tools"), c.Tool); t != nil {
				d.Pos, d.Pointer = t.Range.Start, t.Pointer
			}
		} else if c.Got >= 0 {
			src := req.Locked.Where[req.Locked.Lock.Servers[c.Got].Key()]
			d.Path, d.Pos, d.Pointer = src.Path, src.Pos, src.Pointer
		}
		run.Findings = append(run.Findings, d)
	}
	// the probe's findings on the tools, once per definition
	for i, r := range req.Results {
		p := req.Plan.Servers[i]
		if r.Status != probe.StatusOK || p.server == nil {
			continue
		}
		for _, d := range r.Diagnostics {
			if d.Severity == normalize.Info || !probe.Checked(d.Rule) {
				continue
			}
			d.Path, d.Pos, d.Pointer = p.server.Source.Path, p.server.Source.Pos, p.server.Source.Pointer
			if !slices.ContainsFunc(run.Findings, func(f normalize.Diagnostic) bool {
				return f.Rule == d.Rule && f.Message == d.Message && f.Path == d.Path && f.Pos == d.Pos
			}) {
				run.Findings = append(run.Findings, d)
			}
		}
	}
	slices.SortStableFunc(run.Findings, normalize.CompareDiagnostics)
	run.Checked[req.Display] = view.CheckedFile(doc, run.Findings, true, nil)
	files := map[string]bool{req.Display: true}
	for _, d := range run.Findings {
		if d.Path != "" {
			files[d.Path] = true
		}
	}
	run.Files = len(files)
	return run, nil
}

// probeRuleInfos describes probe's diagnostics for SARIF.
func probeRuleInfos() []run.RuleInfo {
	var out []run.RuleInfo
	for _, r := range probe.Rules() {
		out = append(out, run.RuleInfo{ID: r.ID, Title: r.Title, Help: r.Doc, DocURL: validate.DocURL(r.ID), Severity: r.Severity})
	}
	return out
}

// LockPath is the lock file: given (--lock, relative to the working
// directory), else LockFile at the project root; and as findings show it.
func LockPath(o *discover.Options, given string) (abs, display string) {
	abs = filepath.Join(o.Root, LockFile)
	if given != "" {
		abs = given
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(o.Cwd, abs)
		}
	}
	abs = filepath.Clean(abs)
	display = abs
	if rel, err := filepath.Rel(o.Base, abs); err == nil && filepath.IsLocal(rel) {
		display = filepath.ToSlash(rel)
	}
	return abs, display
}
