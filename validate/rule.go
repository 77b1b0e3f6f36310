// Package validate holds mcpconf's lint rules. Each rule lives in its own
// file as a *Rule value carrying its documentation as data and an id of
// normalize's catalogue (normalize.RuleID); rules.go lists them explicitly
// (no init registration). docs/rules.md is rendered here (Markdown), with
// probe's diagnostics after the rules. Rules see the whole discovered
// Set, so cross-file rules (shadowed, name-collision) are ordinary rules.
package validate

import (
	"cmp"
	"fmt"
	"iter"
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// Rule is one lint check and its documentation.
type Rule struct {
	ID       normalize.RuleID   // kebab-case, stable forever (one of normalize's constants)
	Title    string             // one line, lower case, no final period
	Severity normalize.Severity // default severity
	// doc says why the rule matters and what to do, in Markdown; readers
	// get it from DocText. Where it says what the descriptors know (a
	// table of what each client accepts, the clients with a property), it
	// holds a part {{gen:NAME}} that DocText replaces with parts[NAME]()
	// when the docs are made, so the text follows the descriptors and a
	// new client appears in it without a word here.
	doc   string
	parts map[string]func() string
	// Example is a bad and a good version of one file. Tests run the rule
	// on both: it must fire on Bad and stay silent on Good, so the docs
	// never lie.
	Example Example
	// Off rules run only when .mcpconf.toml enables them: they are
	// opinions (unpinned-package) or depend on the machine running lint
	// (undefined-variable), and CI results must not.
	Off bool
	// Check reports findings through the pass. Rules whose findings come
	// from discovery (syntax, duplicate-key, …) have no Check.
	Check func(*Pass)
	// Cross rules compare the views of several clients (drift): they run
	// once per workspace, with Pass.Set nil; the others run in each
	// client's view.
	Cross bool
	// Clients says which clients the rule speaks for, for its docs: "" for
	// every client (each file judged by the clients that read it). With
	// For it is a format whose %s is the list of the clients For picks
	// from their descriptors ("" for the list alone), made when the docs
	// are: a new client with the property is listed without a word here.
	Clients string
	For     func(*normalize.Client) bool
	// Fix says what the rule's fix does, for its docs ("adds \"-y\"
	// before the package name"); "" when it has none. FixUnsafe: the fix
	// changes what the file means (lint --fix --unsafe-fixes applies it).
	// Every finding that carries a fix belongs to a rule that says so.
	Fix       string
	FixUnsafe bool
	// NoFix says why the rule has no fix, when that is not plain.
	NoFix string
	// fixFinding fixes a finding discovery makes (a rule without Check),
	// given the document it is in.
	fixFinding func(d *normalize.Diagnostic, doc *normalize.Document)
	// Reader: the rule speaks for how a view's client reads a file (its
	// shadowing, tool names, value semantics), so in a view merged by
	// priority (a client that reads its providers' files) it runs even on
	// files their owner's view judges; other rules leave those files to
	// the owner.
	Reader bool
	// Contexts are where the rule's findings have another severity than
	// Severity, each stated in its docs.
	Contexts []Context
}

// Example is a config file in a bad and a good form.
type Example struct {
	File string // path relative to the project root, e.g. ".mcp.json"
	Bad  string
	Good string
	// Others are further files present in both runs (path -> content), for
	// rules about more than one file such as shadowed.
	Others map[string]string
	// Config is a .mcpconf.toml present in both runs, for rules that need
	// one such as policy.
	Config string
	// ProjectScope runs the example as lint's default does (project files
	// only) rather than with --scope all.
	ProjectScope bool
	// Also are further bad examples (path -> content), each linted on its
	// own with Others, for a hint the bad example does not reach (a
	// client's own advice): TestHintEdits applies their hints' edits too.
	Also map[string]string
}

// SpeaksFor says which clients the rule speaks for, in words.
func (r *Rule) SpeaksFor() string {
	if r.For != nil {
		var names []string
		for _, c := range normalize.Clients() {
			if c.Views() && r.For(c) {
				names = append(names, c.Product)
			}
		}
		return fmt.Sprintf(cmp.Or(r.Clients, "%s"), strings.Join(names, ", "))
	}
	if r.Clients == "" {
		return "each client, for the files it reads"
	}
	return r.Clients
}

// DocText is the rule's documentation, in Markdown, its generated parts
// made from the descriptors: every reader of a rule's doc (docs/rules.md,
// mcpconf rules, SARIF help) gets it here.
func (r *Rule) DocText() string {
	if len(r.parts) == 0 {
		return r.doc
	}
	var b strings.Builder
	rest := r.doc
	for {
		before, after, ok := strings.Cut(rest, genOpen)
		if !ok {
			break
		}
		name, tail, ok := strings.Cut(after, genClose)
		gen := r.parts[name]
		if !ok || gen == nil {
			break // TestRuleDocs reports it
		}
		b.WriteString(before)
		b.WriteString(gen())
		rest = tail
	}
	b.WriteString(rest)
	return b.String()
}

// genOpen and genClose delimit a generated part of a rule's doc.
const genOpen, genClose = "{{gen:", "}}"

// DocURL is where a rule's documentation lives.
func DocURL(id normalize.RuleID) string {
	return "https://github.com/mcpconf/mcpconf/blob/main/docs/rules.md#" + string(id)
}

// Pass is what a rule's Check gets: the discovered set and a way to
// report.
type Pass struct {
	// Set is the view being checked: one client's, or pisces's merged view.
	Set *normalize.Set
	// Workspace holds every view of the run, so a rule can tell whether a
	// file is read by another client too.
	Workspace *normalize.Workspace
	Policy    *Policy
	// Getenv reads the environment lint runs in; nil means nothing is set.
	Getenv func(string) string
	rule   *Rule
	docs   map[string]*normalize.Document
	// defined caches definedElsewhere.
	defined map[string]bool
	// run is shared by the passes of one run (every client's view).
	run *runState
	// out holds pointers so that a finding returned by Report stays valid
	// (and its changes kept) while more are reported.
	out []*normalize.Diagnostic
}

// Document returns the document a server or diagnostic path belongs to.
func (p *Pass) Document(path string) *normalize.Document {
	if p.docs == nil && p.run != nil && p.Workspace != nil && (p.Set == nil || slices.Contains(p.Workspace.Views, p.Set)) {
		// every pass of a run looks in the same documents: map them once
		p.run.mu.Lock()
		if p.run.docs == nil {
			p.run.docs = map[string]*normalize.Document{}
			for _, v := range p.Workspace.Views {
				for _, d := range v.Documents {
					p.run.docs[d.Path] = d
				}
			}
		}
		p.docs = p.run.docs
		p.run.mu.Unlock()
	}
	if p.docs == nil {
		p.docs = map[string]*normalize.Document{}
		if p.Workspace != nil {
			for _, v := range p.Workspace.Views {
				for _, d := range v.Documents {
					p.docs[d.Path] = d
				}
			}
		}
		if p.Set != nil {
			for _, d := range p.Set.Documents {
				p.docs[d.Path] = d
			}
		}
	}
	return p.docs[path]
}

// Report adds a finding at r in doc with the rule's default severity and
// returns it so the caller can add a hint or change the severity.
func (p *Pass) Report(doc *normalize.Document, r normalize.Range, ptr, format string, args ...any) *normalize.Diagnostic {
	d := normalize.At(doc, r, ptr, p.rule.ID, p.rule.Severity, format, args...)
	p.out = append(p.out, &d)
	return &d
}

// At reports on a field of a server definition: the value of key, or the
// server's name when key is "" or absent.
func (p *Pass) At(s *normalize.Server, key, format string, args ...any) *normalize.Diagnostic {
	doc := p.Document(s.Source.Path)
	if m := s.Node.Member(key); key != "" && m != nil {
		return p.Report(doc, m.Value.Range, m.Value.Pointer, format, args...)
	}
	return p.Report(doc, normalize.Range{Start: s.Source.Pos, End: s.Source.Pos}, s.Source.Pointer, format, args...)
}

// AtKey reports on the key of a server field rather than its value
// (unknown fields, fields for another transport).
func (p *Pass) AtKey(s *normalize.Server, m *normalize.Member, format string, args ...any) *normalize.Diagnostic {
	return p.Report(p.Document(s.Source.Path), m.KeyRange, m.Value.Pointer, format, args...)
}

// AtValue reports on any value of a document.
func (p *Pass) AtValue(doc *normalize.Document, v *normalize.Value, format string, args ...any) *normalize.Diagnostic {
	return p.Report(doc, v.Range, v.Pointer, format, args...)
}

// Definitions is every server definition read, shadowed ones included.
func (p *Pass) Definitions() []normalize.Server { return p.Set.Definitions }

// clientOf returns the descriptor of the client whose shape a server was
// read with.
func clientOf(s *normalize.Server) *normalize.Client { return s.Source.Client }

// Lookup returns the rule with the given id, or nil.
func Lookup(id normalize.RuleID) *Rule {
	for _, r := range rules {
		if r.ID == id {
			return r
		}
	}
	return nil
}

// RunWorkspace checks every client's view of a workspace, each file by the
// clients that read it, and runs the rules that compare clients. A finding
// several clients make at one place is reported once, at its highest
// severity, in the words of a client's own view rather than pisces's.
func RunWorkspace(ws *normalize.Workspace, cfg *Config) []normalize.Diagnostic {
	views := slices.Clone(ws.Views)
	slices.SortStableFunc(views, func(a, b *normalize.Set) int { return b2i(byPriority(a)) - b2i(byPriority(b)) })
	perView := make([][]normalize.Diagnostic, len(views))
	run := &runState{done: map[string]bool{}}
	for i, v := range views {
		perView[i] = runView(v, ws, cfg, run)
	}
	// Several clients reading one file report the same problem, each in
	// its own words: at each place and rule the findings of one view are
	// kept, the view with the highest severity there (a client's own view
	// before one merged by priority on a tie).
	type choice struct{ view, sev int }
	chosen := map[string]choice{}
	keys := findingKeys(perView)
	for i, ds := range perView {
		for j, d := range ds {
			k := keys[i][j]
			if c, ok := chosen[k]; !ok || int(d.Severity) > c.sev && c.view != i {
				chosen[k] = choice{i, int(d.Severity)}
			} else if c.view == i && int(d.Severity) > c.sev {
				chosen[k] = choice{i, int(d.Severity)}
			}
		}
	}
	// the views each kept finding concerns: those that made it, and those
	// for which the same work was done once (Pass.once)
	concerned := map[string][]*normalize.Set{}
	for i, ds := range perView {
		for j, d := range ds {
			k := keys[i][j]
			also := append([]*normalize.Set{views[i]}, run.sharedWith[views[i]][d.Path]...)
			for _, v := range also {
				if !slices.Contains(concerned[k], v) {
					concerned[k] = append(concerned[k], v)
				}
			}
		}
	}
	// a reader with a finding of its own at a place and rule is not one
	// another finding there leaves out
	atPlace := map[string][]*normalize.Set{}
	for i, ds := range perView {
		for _, d := range ds {
			pk := placeKey(d)
			if !slices.Contains(atPlace[pk], views[i]) {
				atPlace[pk] = append(atPlace[pk], views[i])
			}
		}
	}
	readers := fileReaders(views)
	var out []normalize.Diagnostic
	for i, ds := range perView {
		for j, d := range ds {
			if k := keys[i][j]; chosen[k].view == i {
				rs := slices.DeleteFunc(slices.Clone(readers[d.Path]), func(v *normalize.Set) bool {
					return !slices.Contains(concerned[k], v) && slices.Contains(atPlace[placeKey(d)], v)
				})
				nameReaders(&d, concerned[k], rs)
				asGuests(&d, concerned[k], rs, ws.Guests)
				out = append(out, d)
			}
		}
	}
	policy, getenv := cfg.pass()
	for _, r := range rules {
		if r.Check != nil && r.Cross && cfg.enabled(r) {
			p := &Pass{Workspace: ws, Policy: policy, Getenv: getenv, rule: r}
			out = append(out, runCheck(r, p)...)
		}
	}
	return finish(out, cfg)
}

// findingKeys gives each finding of each view the key of what it says:
// findings at one place and rule say the same when, client names set
// aside, one message is the other or begins it ("Claude Code ignores it;
// did you mean …" and "VS Code ignores it"); they say different things
// otherwise (pisces and VS Code each hide a server by another
// definition), and each is kept.
func findingKeys(perView [][]normalize.Diagnostic) [][]string {
	type cluster struct{ norm, id string }
	clusters := map[string][]*cluster{}
	keys := make([][]string, len(perView))
	for i, ds := range perView {
		keys[i] = make([]string, len(ds))
		for j, d := range ds {
			place := placeKey(d)
			n := withoutProducts(d.Message)
			var c *cluster
			for _, x := range clusters[place] {
				if strings.HasPrefix(n, x.norm) || strings.HasPrefix(x.norm, n) {
					c = x
					break
				}
			}
			if c == nil {
				c = &cluster{norm: n, id: fmt.Sprintf("%s\x00%d", place, len(clusters[place]))}
				clusters[place] = append(clusters[place], c)
			} else if len(n) > len(c.norm) {
				c.norm = n
			}
			keys[i][j] = c.id
		}
	}
	return keys
}

// placeKey is a finding's place and rule.
func placeKey(d normalize.Diagnostic) string {
	return fmt.Sprintf("%s\x00%d\x00%d\x00%s", d.Path, d.Pos.Line, d.Pos.Col, d.Rule)
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// byPriority reports a view merged by priority: its client reads its
// providers' files as well (normalize.ByPriority), which their owners'
// views judge.
func byPriority(set *normalize.Set) bool {
	c := set.Client
	return c == nil || c.ReadsProviders()
}

func (c *Config) pass() (*Policy, func(string) string) {
	if c == nil {
		return nil, nil
	}
	return &c.Policy, c.Getenv
}

// runState is what the passes of one run share.
type runState struct {
	mu   sync.Mutex
	done map[string]bool
	// first is the view that did each piece of work done once (once), and
	// sharedWith, by that view and file, the views whose same work it did.
	first      map[string]*normalize.Set
	sharedWith map[*normalize.Set]map[string][]*normalize.Set
	// readers is fileReaders of the workspace, built at first use.
	readers map[string][]*normalize.Set
	// unloaded caches the entries no client of a view loads: every value
	// rule looks at them.
	unloaded map[*normalize.Set][]discover.Unloaded
	// docs maps the display path of every document of the workspace to it.
	docs map[string]*normalize.Document
}

// once reports whether this is the first time in the run that a piece of
// work (kind) is done on doc with arg: the same file read by several
// clients is validated against the same schema once.
func (p *Pass) once(kind string, doc *normalize.Document, arg string) bool {
	if p.run == nil {
		return true
	}
	k := fmt.Sprintf("%s\x00%p\x00%s", kind, doc, arg)
	p.run.mu.Lock()
	defer p.run.mu.Unlock()
	if p.run.done[k] {
		if f := p.run.first[k]; f != nil && f != p.Set {
			if p.run.sharedWith == nil {
				p.run.sharedWith = map[*normalize.Set]map[string][]*normalize.Set{}
			}
			if p.run.sharedWith[f] == nil {
				p.run.sharedWith[f] = map[string][]*normalize.Set{}
			}
			p.run.sharedWith[f][doc.Path] = append(p.run.sharedWith[f][doc.Path], p.Set)
		}
		return false
	}
	p.run.done[k] = true
	if p.run.first == nil {
		p.run.first = map[string]*normalize.Set{}
	}
	p.run.first[k] = p.Set
	return true
}

// runView runs the per-view rules on one set, with discovery's findings.
func runView(set *normalize.Set, ws *normalize.Workspace, cfg *Config, run *runState) []normalize.Diagnostic {
	policy, getenv := cfg.pass()
	// files their owner's view judges: in a view merged by priority only
	// the rules about its reader (Rule.Reader) look at them
	judged := map[string]bool{}
	for _, v := range ws.Views {
		if v == set || byPriority(v) {
			continue
		}
		for _, s := range v.Sources {
			if s.Status != normalize.Absent {
				judged[s.Path] = true
			}
		}
	}
	var out []normalize.Diagnostic
	for _, r := range rules {
		if r.Check == nil || r.Cross || !cfg.enabled(r) {
			continue
		}
		p := &Pass{Set: set, Workspace: ws, Policy: policy, Getenv: getenv, rule: r, run: run}
		found := runCheck(r, p)
		if byPriority(set) && !r.Reader {
			found = slices.DeleteFunc(found, func(d normalize.Diagnostic) bool { return judged[d.Path] })
		}
		out = append(out, found...)
	}
	for _, d := range set.Diagnostics {
		if r := Lookup(d.Rule); r == nil || cfg.enabled(r) {
			if r != nil && r.fixFinding != nil && d.Fix == nil {
				if doc := documentAt(set, ws, d.Path); doc != nil {
					r.fixFinding(&d, doc)
				}
			}
			out = append(out, d)
		}
	}
	return out
}

// documentAt is the document a view or its workspace read at path.
func documentAt(set *normalize.Set, ws *normalize.Workspace, path string) *normalize.Document {
	for _, docs := range [][]*normalize.Document{set.Documents, ws.Documents} {
		for _, d := range docs {
			if d.Path == path {
				return d
			}
		}
	}
	return nil
}

// finish drops what the config silences and sorts.
func finish(out []normalize.Diagnostic, cfg *Config) []normalize.Diagnostic {
	out = dropGenericSchema(out)
	out = dropCovered(out)
	out = cfg.apply(out)
	slices.SortFunc(out, normalize.CompareDiagnostics)
	return slices.CompactFunc(out, func(a, b normalize.Diagnostic) bool {
		return a.Path == b.Path && a.Pos == b.Pos && a.Rule == b.Rule && a.Message == b.Message
	})
}

// runCheck runs one rule and turns a panic into a finding: a bug in one
// rule must not hide what the others found.
func runCheck(r *Rule, p *Pass) (out []normalize.Diagnostic) {
	defer func() {
		if v := recover(); v != nil {
			out = append(out, normalize.Diagnostic{Rule: r.ID, Severity: normalize.Error,
				Message: fmt.Sprintf("internal error in rule %q: %v; please report it", r.ID, v),
				Hint:    "disable the rule in .mcpconf.toml until it is fixed"})
		}
	}()
	defer func() {
		out = slices.Grow(out, len(p.out))
		for _, d := range p.out {
			out = append(out, *d)
		}
	}()
	r.Check(p)
	return nil
}

// dropGenericSchema removes schema findings on a value that a specific
// rule already reports: "must be a boolean" adds nothing to invalid-enabled's
// account of what the client does with "yes".
func dropGenericSchema(diags []normalize.Diagnostic) []normalize.Diagnostic {
	specific := map[string]bool{}
	for _, d := range diags {
		if d.Rule != schemaRule.ID && d.Pointer != "" {
			specific[d.Path+"#"+d.Pointer] = true
		}
	}
	out := diags[:0]
	for _, d := range diags {
		if d.Rule == schemaRule.ID && specific[d.Path+"#"+d.Pointer] {
			continue
		}
		out = append(out, d)
	}
	return out
}

// Servers iterates over every definition read, shadowed ones included, in
// priority order, with the descriptor of the client whose shape it was read
// with.
func (p *Pass) Servers() iter.Seq2[*normalize.Server, *normalize.Client] {
	return func(yield func(*normalize.Server, *normalize.Client) bool) {
		defs := p.Set.Definitions
		for i := range defs {
			s := &defs[i]
			c := s.Source.Client
			if c == nil {
				continue // not read by a known client: nothing to judge it by
			}
			if !yield(s, c) {
				return
			}
		}
	}
}

// definedElsewhere reports whether a definition of the same client and
// name with a command or url exists in the set: the layer that a patch
// changes.
func (p *Pass) definedElsewhere(s *normalize.Server) bool {
	if p.defined == nil {
		p.defined = map[string]bool{}
		for o := range p.Servers() {
			if o.Node.Member("command") != nil || o.Node.Member("url") != nil {
				p.defined[o.Source.Client.ID+"\x00"+o.Name] = true
			}
		}
	}
	return p.defined[s.Source.Client.ID+"\x00"+s.Name]
}

// patches reports a layer that only changes a server another layer
// defines, and can be judged only with that layer: either it is read and
// defines the server, or it is not read at all (project scope).
func (p *Pass) patches(s *normalize.Server) bool {
	return s.Patch && (p.definedElsewhere(s) || !p.Set.UserRead)
}

// Context is a place where a rule's findings have a severity of their
// own, for its docs (mcpconf rules, docs/rules.md): lint reports the
// context's example at Severity, and TestRuleSeverities checks it.
type Context struct {
	// When says where, in Markdown, after "… when": "pisces reads the
	// file".
	When     string
	Severity normalize.Severity
	// Example: the rule's own bad example shows this context (its
	// findings there have this severity or the default). Otherwise Bad
	// (in File, "" for the example's file; "" Bad for the example's) is
	// linted as lint --client Client does ("pisces": its merged view; "":
	// as the example is).
	Example bool
	Client  string
	File    string
	Bad     string
}
