package app

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/validate"
	"github.com/mcpconf/mcpconf/view"
)

// LintRequest is what lint is asked to check.
type LintRequest struct {
	// Options locate the project and the home (--root, --home, --system,
	// --profile), not yet prepared.
	Options discover.Options
	// RootGiven says the root was given (--root): with Paths, a root that
	// cannot be read is fatal then too.
	RootGiven bool
	// Paths are the paths to lint (files or directories, as given); none
	// is the root.
	Paths     []string
	Recursive bool // walk directories for every known config file
	Scope     discover.ScopeFilter
	Clients   []string // --client
	// Config is the linter config (--config); "" is .mcpconf.toml at the
	// root, if any.
	Config string
	// CheckEnv turns on undefined-variable, which depends on the machine
	// lint runs on.
	CheckEnv bool
	// GitHubWorkspace is GITHUB_WORKSPACE, the repository root on a GitHub
	// runner; "" elsewhere.
	GitHubWorkspace string
	Version         string // mcpconf's version, for SARIF and JSON
	// Snippets says output quotes the source lines findings point at (the
	// text format): the lines of the files with findings are kept. Other
	// formats need none of a project's lines.
	Snippets bool
	// RuleHelp says output shows the help of the rules that fired (SARIF):
	// it is built only then.
	RuleHelp bool
	// Context stops lint --fix before the next file is written, or a
	// file's write before its rename (Ctrl-C); nil: never.
	Context context.Context
}

// Lint checks the files req names and returns the run: findings in output
// order, the documents they point into, notes, and errors of the run
// (a directory that could not be walked). A usage problem (a path that
// does not exist, a config that cannot be read) is a *UsageError.
func Lint(req LintRequest) (*run.Lint, error) {
	dopts := req.Options
	if err := dopts.Prepare(); err != nil {
		// With explicit paths the root only locates .mcpconf.toml: a root
		// that cannot be read is fatal only when it is what we lint.
		if len(req.Paths) == 0 || req.RootGiven {
			return nil, err
		}
	}
	if len(req.Paths) > 0 {
		dopts.Base = dopts.Cwd // paths print as given, relative to where lint runs
	}
	res := &run.Lint{Version: req.Version, Checked: map[string]*run.LintFile{},
		Repository: repository(req.GitHubWorkspace, &dopts), Base: dopts.Base, Home: dopts.Home}
	cfg, err := loadLintConfig(&req, &dopts, res)
	if err != nil {
		return nil, err
	}
	if req.CheckEnv {
		// undefined-variable depends on the machine lint runs on, so it
		// runs only when asked for
		if cfg == nil {
			cfg = &validate.Config{}
		}
		cfg.Enable = append(cfg.Enable, normalize.RuleUndefinedVariable)
	}
	if cfg != nil {
		cfg.Getenv = dopts.Getenv
	}
	jobs, err := lintJobs(&req, &dopts, res)
	if err != nil {
		return nil, err
	}
	releaseLeaves(jobs)
	results, err := lintAll(&dopts, jobs, req.Clients, cfg, req.Snippets)
	if err != nil {
		return nil, err
	}
	for _, r := range results {
		res.Findings = append(res.Findings, r.findings...)
		for _, f := range r.files {
			if g := res.Checked[f.path]; g == nil || g.Partly {
				res.Checked[f.path] = f.file // a file checked whole by a job is so for the run
			}
		}
		for _, s := range r.sources {
			if res.Sources == nil {
				res.Sources = map[string]run.Source{}
			}
			res.Sources[s.Abs] = s
		}
		res.Notes = append(res.Notes, r.notes...)
		res.Unread += r.unread
	}
	res.Findings = append(res.Findings, cfg.UnusedIgnores()...)
	// validate.RunWorkspace keeps one finding per place and rule within a
	// job; a file several jobs read (a user file, linted with each root -r
	// finds) is checked by each, and its findings are kept once.
	// A job that sees more of the file's readers says more of it ("(not
	// VS Code, which also reads this file)": VS Code reads .mcp.json only
	// at the root it starts in): of messages one of which extends the
	// other, the longer is kept.
	slices.SortFunc(res.Findings, normalize.CompareDiagnostics)
	res.Findings = normalize.KeepFuller(res.Findings)
	if cfg != nil && cfg.Doc != nil {
		// checked too, and snippets for lint-config findings
		res.Checked[cfg.Doc.Path] = view.CheckedFile(cfg.Doc, res.Findings, true, nil)
	}
	res.Files = 0
	for _, f := range res.Checked {
		if !f.Partly {
			res.Files++
		}
	}
	if res.Files == 0 {
		res.NoFiles = noFilesWhere(&req, &dopts, cfg)
	}
	res.Rules = ruleInfos(res.Findings, req.RuleHelp)
	return res, nil
}

// Failing says whether a finding is at or above severity at (--fail-on).
func Failing(diags []normalize.Diagnostic, at normalize.Severity) bool {
	for _, d := range diags {
		if d.Severity >= at {
			return true
		}
	}
	return false
}

// loadLintConfig reads --config, or .mcpconf.toml at the root when it
// exists. Its own problems are findings (rule lint-config).
func loadLintConfig(req *LintRequest, dopts *discover.Options, res *run.Lint) (*validate.Config, error) {
	abs, optional := filepath.Join(dopts.Root, validate.ConfigFile), true
	if req.Config != "" {
		abs, optional = req.Config, false
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dopts.Cwd, abs)
		}
	}
	display := abs
	if rel, err := filepath.Rel(dopts.Base, abs); err == nil && filepath.IsLocal(rel) {
		display = filepath.ToSlash(rel)
	}
	cfg, diags, err := validate.LoadConfigOverlay(abs, display, optional, dopts.Overlay)
	if err != nil {
		name := req.Config // as given; the default one by its display path
		if name == "" {
			name = display
		}
		return nil, usagef("cannot read config %q: %v", name, unwrapPath(err))
	}
	res.Findings = append(res.Findings, diags...)
	return cfg, nil
}

func unwrapPath(err error) error {
	if pe, ok := err.(*os.PathError); ok {
		return pe.Err
	}
	return err
}

// lintJob is one project root to lint: every client that reads it, each
// file by the clients that read it.
type lintJob struct {
	root  string
	scope discover.ScopeFilter
	// only keeps the findings of these files (absolute paths): the files
	// given on the command line, linted in the context of their project.
	only []string
	// release says no other job reads the files under root, which are
	// forgotten once it is checked (see releaseLeaves).
	release bool
}

type lintResult struct {
	sources  []run.Source // the files fixes edit, as read
	findings []normalize.Diagnostic
	files    []checkedFile
	// notes say which clients judged a file no client of the run would
	// have read (a bare mcp.json: pisces), and which files were found but
	// read by none of the run's clients; unread counts the latter.
	notes  []string
	unread int
}

// checkedFile is what output needs of a file a job checked, by its
// display path.
type checkedFile struct {
	path string
	file *run.LintFile
}

// lintMemo holds the secrets of the documents that outlive a job (user
// files, a parent's files: every root reads them), learned once per run.
type lintMemo struct {
	mu      sync.Mutex
	secrets map[*normalize.Document][]string
}

func (m *lintMemo) of(doc *normalize.Document) []string {
	m.mu.Lock()
	s, ok := m.secrets[doc]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = view.DocumentSecrets(doc)
	if s == nil {
		s = []string{} // learned, none
	}
	m.mu.Lock()
	m.secrets[doc] = s
	m.mu.Unlock()
	return s
}

// lintAll reads and checks each project root on its own, several at a
// time: roots share nothing but the files read, and a monorepo has
// hundreds of them.
func lintAll(dopts *discover.Options, jobs []lintJob, flags []string, cfg *validate.Config, snippets bool) ([]lintResult, error) {
	out := make([]lintResult, len(jobs))
	errs := make([]error, len(jobs))
	memo := &lintMemo{secrets: map[*normalize.Document][]string{}}
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(jobs), runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				out[i], errs[i] = lintOne(dopts, jobs[i], flags, cfg, snippets, memo)
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out, errors.Join(errs...)
}

// lintOne lints one project root: every client's own view of it. It keeps
// of each document only what output needs (view.CheckedFile); a root no
// other job reads is then forgotten by the run's cache, so that lint -r
// holds one root's documents at a time, not the tree's.
func lintOne(dopts *discover.Options, job lintJob, flags []string, cfg *validate.Config, snippets bool, memo *lintMemo) (lintResult, error) {
	sub := *dopts
	sub.Root = job.root
	sub.AssumeTrusted = true
	choice, err := SelectClients(&sub, ClientRequest{Names: flags, Config: cfg, Ignored: cfg.IgnoresFile, Scope: job.scope, Named: job.only, Unread: true})
	if err != nil {
		return lintResult{}, err
	}
	clients, explicit := choice.Clients, choice.Explicit
	notes, unread := readerNotes(choice), len(choice.Unread)
	if len(clients) == 0 {
		return lintResult{notes: notes, unread: unread}, nil
	}
	r := lintResult{notes: notes, unread: unread}
	ws := sub.Scan(clients, job.scope)
	if !explicit {
		ws.Guests = discover.Guests(ws)
	}
	r.findings = validate.RunWorkspace(ws, cfg)
	docs := ws.Documents
	partly := map[string]bool{} // documents only findings about a named file are kept of
	if job.only != nil {
		r.findings = aboutFiles(r.findings, ws.Documents, job.only)
		held := map[string]bool{}
		for _, d := range r.findings {
			held[d.Path] = true
		}
		docs = slices.DeleteFunc(slices.Clone(ws.Documents), func(d *normalize.Document) bool {
			named := slices.Contains(job.only, d.Abs)
			partly[d.Path] = !named
			return !named && !held[d.Path]
		})
	}
	released := func(abs string) bool { return job.release && releasedBy(job.root, sub.Home, abs) }
	found := map[string]bool{}
	fixed := map[string]bool{} // files a fix edits
	for _, d := range r.findings {
		found[d.Path] = true
		if d.Fix != nil {
			for _, e := range d.Fix.Edits {
				fixed[e.Abs] = true
			}
		}
	}
	for _, d := range docs {
		if fixed[d.Abs] {
			// the text the fixes' offsets are in (lint --fix, --diff)
			r.sources = append(r.sources, run.Source{Path: d.Path, Abs: d.Abs, Format: d.Format, Text: d.Src})
		}
		var f *run.LintFile
		if released(d.Abs) {
			// read by this job alone: its lines only for its own snippets
			f = view.CheckedFile(d, r.findings, snippets && found[d.Path], nil)
		} else {
			// kept by the run (another job may read it, and find what
			// this one did not): whole, as the last job to read it has it
			f = view.CheckedFile(d, r.findings, true, memo.of(d))
		}
		f.Partly = partly[d.Path]
		r.files = append(r.files, checkedFile{d.Path, f})
	}
	if job.release {
		dopts.Forget(job.root, released)
	}
	return r, nil
}

// aboutFiles keeps the findings about the files named (absolute paths):
// those in one of them, and those about a server that spans one of them
// and another file (a definition it shadows or is shadowed by, one of
// another client it drifts from: a related place in it), which a change
// to the file may have caused wherever the finding is written. Every
// finding of a run that names all the project's files is kept once, so
// pre-commit's hook, which passes all the changed files to one run
// (require_serial), prints each once.
func aboutFiles(findings []normalize.Diagnostic, docs []*normalize.Document, only []string) []normalize.Diagnostic {
	named := map[string]bool{}
	for _, d := range docs {
		if slices.Contains(only, d.Abs) {
			named[d.Path] = true
		}
	}
	return slices.DeleteFunc(findings, func(d normalize.Diagnostic) bool {
		return !named[d.Path] && !slices.ContainsFunc(d.Related, func(r normalize.Related) bool { return r.Path != "" && named[r.Path] })
	})
}

// releasedBy says whether a file is forgotten once the root it is under
// is checked. When the home is at or below the root, the files under the
// home are user files, every root's, and kept.
func releasedBy(root, home, abs string) bool {
	return under(root, abs) && (home == "" || !(home == root || under(root, home)) || !under(home, abs))
}

// under reports whether path is below dir (both clean and absolute, as
// discovery makes them): a prefix compare, asked for every file the run
// holds each time a root is released.
func under(dir, path string) bool {
	if !strings.HasSuffix(dir, string(filepath.Separator)) {
		dir += string(filepath.Separator)
	}
	return len(path) > len(dir) && strings.HasPrefix(path, dir)
}

// releaseLeaves marks the jobs whose files no other job reads: those whose
// root no other job's root is at or below. A root's files are read by
// its own job and by those of the roots below it (clients look for
// project files in the directories above their start directory).
func releaseLeaves(jobs []lintJob) {
	roots := make([]string, len(jobs))
	for i, j := range jobs {
		roots[i] = j.root
	}
	sort.Strings(roots)
	for i := range jobs {
		root := jobs[i].root
		at := sort.SearchStrings(roots, root)
		if at+1 < len(roots) && roots[at+1] == root {
			continue // two jobs of one root (a user file named besides)
		}
		prefix := root
		if !strings.HasSuffix(prefix, string(filepath.Separator)) {
			prefix += string(filepath.Separator)
		}
		below := sort.SearchStrings(roots, prefix)
		jobs[i].release = below == len(roots) || !strings.HasPrefix(roots[below], prefix)
	}
}

// readerNotes say which files a job's clients were taken in for, and
// which files found none of them reads.
func readerNotes(ch *ClientChoice) (notes []string) {
	for _, f := range ch.Readers {
		names := productNames(f.Readers)
		notes = append(notes, fmt.Sprintf("%s is read by %s only: linted as %s reads it", f.Display, names, names))
	}
	for _, f := range ch.Unread {
		ids := make([]string, len(f.Readers))
		for i, c := range f.Readers {
			ids[i] = c.ID
		}
		if ch.Explicit {
			notes = append(notes, fmt.Sprintf("%s was found but is read by none of the selected clients (%s): %s reads it; lint it with --client %s",
				f.Display, productNames(ch.Clients), productNames(f.Readers), strings.Join(ids, ",")))
		} else {
			notes = append(notes, fmt.Sprintf("%s was found but is read by none of the clients linted here (%s): %s reads it; lint it with --client %s, or name it on the command line",
				f.Display, productNames(ch.Clients), productNames(f.Readers), strings.Join(ids, ",")))
		}
	}
	return notes
}

// lintJobs turns the arguments into project roots to lint, so that
// shadowing is judged within a project, never across two. A file argument
// is linted with the rest of its project and only the findings about it
// kept (aboutFiles), so pre-commit, which passes the changed files,
// reports what lint . does of them.
func lintJobs(req *LintRequest, dopts *discover.Options, res *run.Lint) ([]lintJob, error) {
	scope := req.Scope
	if len(req.Paths) == 0 {
		return []lintJob{{root: dopts.Root, scope: scope}}, nil
	}
	type group struct {
		all  bool
		only []string
	}
	groups := map[string]*group{}
	add := func(root string, file string) {
		g := groups[root]
		if g == nil {
			g = &group{}
			groups[root] = g
		}
		if file == "" {
			g.all = true
		} else if !slices.Contains(g.only, file) {
			g.only = append(g.only, file)
		}
	}
	var userFiles []string
	for _, p := range req.Paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dopts.Cwd, p)
		}
		abs = filepath.Clean(abs)
		dir := false
		if _, open := overlaid(dopts, abs); !open { // an editor's unsaved file is a file
			fi, err := os.Stat(abs)
			if err != nil {
				return nil, usagef("cannot lint %q: %v", p, unwrapPath(err))
			}
			dir = fi.IsDir()
		}
		switch {
		case dir && req.Recursive:
			roots, errs := discover.Walk(abs)
			for _, e := range errs {
				res.Errors = append(res.Errors, run.ToolError{Path: p, Message: e.Error()})
			}
			for root := range roots {
				add(root, "")
			}
		case dir:
			add(abs, "")
		default:
			loc, root, ok := dopts.Classify(abs)
			if !ok {
				// a file that decides on every server of its project (the
				// settings a client's gates read, the linter config): the
				// project is linted whole
				if root, ok := discover.SettingsRoot(abs); ok {
					add(root, "")
					continue
				}
				if filepath.Base(abs) == validate.ConfigFile {
					add(filepath.Dir(abs), "")
					continue
				}
				return nil, usagef("cannot tell which client reads %q: it is not a known MCP config path (run 'mcpconf explain' to see the paths mcpconf reads)", p)
			}
			if loc.Scope.OutsideProject() {
				userFiles = append(userFiles, abs)
				continue
			}
			add(root, abs)
		}
	}
	roots := make([]string, 0, len(groups))
	for r := range groups {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	var jobs []lintJob
	for _, root := range roots {
		g := groups[root]
		j := lintJob{root: root, scope: scope}
		if !g.all {
			j.only = g.only
		}
		if scope == discover.UserScopes {
			j.only = []string{} // project files are not linted in user scope
		}
		jobs = append(jobs, j)
	}
	if len(userFiles) > 0 {
		jobs = append(jobs, lintJob{root: dopts.Root, scope: discover.AllScopes, only: userFiles})
	} else if len(roots) == 0 && scope != discover.ProjectScopes {
		jobs = append(jobs, lintJob{root: dopts.Root, scope: discover.UserScopes})
	}
	return jobs, nil
}

// overlaid is the text an editor holds of abs (discover.Options.Overlay).
func overlaid(dopts *discover.Options, abs string) ([]byte, bool) {
	if dopts.Overlay == nil {
		return nil, false
	}
	return dopts.Overlay(abs)
}

// repository is the root of the repository lint checks, which GitHub
// annotations and SARIF name files relative to: GITHUB_WORKSPACE when set,
// else the git root at or above the root (--root, else the working
// directory); "" when there is none.
func repository(ws string, dopts *discover.Options) string {
	if ws != "" {
		return filepath.Clean(absPath(dopts.Cwd, ws))
	}
	root, _ := discover.GitRoot(dopts.Root)
	return root
}

// ruleInfos describes the rules that fired, in the rule list's order;
// with their help (Markdown built from the rule's documentation) when
// help is true.
func ruleInfos(findings []normalize.Diagnostic, help bool) []run.RuleInfo {
	fired := map[normalize.RuleID]bool{}
	for _, d := range findings {
		fired[d.Rule] = true
	}
	var out []run.RuleInfo
	for _, r := range validate.Rules() {
		if fired[r.ID] {
			info := run.RuleInfo{ID: r.ID, Title: r.Title, DocURL: validate.DocURL(r.ID), Severity: r.Severity}
			if help {
				info.Help = r.DocText()
			}
			out = append(out, info)
		}
	}
	return out
}

// noFilesWhere says where lint looked when it found no config file, for
// which clients, and what to try: `in "/repo" (and the directories above
// it) for any client; pass --root DIR …`.
func noFilesWhere(req *LintRequest, dopts *discover.Options, cfg *validate.Config) string {
	scope := req.Scope
	var where string
	switch {
	case req.Recursive:
		paths := req.Paths
		if len(paths) == 0 {
			paths = []string{dopts.Root}
		}
		where = "under " + normalize.Quoted(absAll(dopts.Cwd, paths)) + " (walked for every known config file)"
	case len(req.Paths) > 0:
		where = "in " + normalize.Quoted(absAll(dopts.Cwd, req.Paths))
	case scope == discover.UserScopes:
		where = fmt.Sprintf("under %q", dopts.Home)
	default:
		where = fmt.Sprintf("in %q (and the directories the clients look in above it)", dopts.Root)
		if scope == discover.AllScopes {
			where += fmt.Sprintf(" or under %q", dopts.Home)
		}
	}
	clients := "any client"
	names := req.Clients
	if len(names) == 0 && cfg != nil {
		names = cfg.Clients
	}
	if len(names) > 0 {
		clients = strings.Join(names, ", ")
	}
	hint := "pass --root DIR for another project, or -r to walk its subdirectories"
	if req.Recursive {
		hint = "pass another directory, or --root DIR"
	}
	return fmt.Sprintf("%s for %s; %s", where, clients, hint)
}

func absAll(cwd string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = absPath(cwd, p)
	}
	return out
}
