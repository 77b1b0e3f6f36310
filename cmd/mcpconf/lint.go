package main

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"sync"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/validate"
)

type lintOptions struct {
	IO        *IO
	Flags     discoveryFlags
	Paths     []string
	Recursive bool
	Scope     string
	Format    string
	FailOn    string
	Config    string
	NoColor   bool
}

func newLintCmd(io *IO, runF func(*lintOptions) error) *cobra.Command {
	opts := &lintOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check MCP server configs offline: syntax, schema, transports, secrets, placeholders, precedence",
		Long: `lint checks MCP server definitions without starting a server, running a
command or touching the network.

Without PATH it reads the project at --root (default: the working directory).
A directory PATH is a project root; a file PATH is that file, its client
inferred from its path (what pre-commit passes); -r walks directories for
every known config file, skipping .git, node_modules and vendor.

By default only project-scope files are read (--scope project), so results
in CI do not depend on the machine's home directory.

Exit codes: 0 nothing at or above --fail-on, 1 findings, 2 bad usage,
3 fatal (the root cannot be read, or a directory could not be walked).`,
		Example: `  mcpconf lint
  mcpconf lint -r .
  mcpconf lint .mcp.json .cursor/mcp.json
  mcpconf lint --scope all --fail-on warning
  mcpconf lint --format sarif > mcpconf.sarif`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Paths = args
			if runF != nil {
				return runF(opts)
			}
			return runLint(opts)
		},
	}
	opts.Flags.register(cmd)
	f := cmd.Flags()
	f.BoolVarP(&opts.Recursive, "recursive", "r", false, "walk directories for every known config file")
	f.StringVar(&opts.Scope, "scope", "project", "files to read: project, user or all")
	f.StringVar(&opts.Format, "format", "text", "output format: text, json, sarif or github")
	f.StringVar(&opts.FailOn, "fail-on", "error", "lowest severity that fails: error, warning or info")
	f.StringVar(&opts.Config, "config", "", "linter config file (default: .mcpconf.toml at the root, if any)")
	f.BoolVar(&opts.NoColor, "no-color", false, "disable colors (also NO_COLOR)")
	return cmd
}

func runLint(opts *lintOptions) error {
	if !slices.Contains([]string{"text", "json", "sarif", "github"}, opts.Format) {
		return usagef("unknown format %q: use text, json, sarif or github", opts.Format)
	}
	failOn, err := normalize.ParseSeverity(opts.FailOn)
	if err != nil {
		return usagef("--fail-on: %v", err)
	}
	scope := discover.ScopeFilter(opts.Scope)
	if !slices.Contains([]discover.ScopeFilter{discover.ProjectScopes, discover.UserScopes, discover.AllScopes}, scope) {
		return usagef("unknown scope %q: use project, user or all", opts.Scope)
	}
	dopts, err := opts.Flags.options(opts.IO)
	if err != nil {
		return err
	}
	if err := dopts.Prepare(); err != nil {
		// With explicit paths the root only locates .mcpconf.toml: a root
		// that cannot be read is fatal only when it is what we lint.
		if len(opts.Paths) == 0 || opts.Flags.Root != "" {
			return err
		}
	}
	if len(opts.Paths) > 0 {
		dopts.Base = dopts.Cwd // paths print as given, relative to where lint runs
	}
	res := &report.Lint{Version: versionString(), Documents: map[string]*normalize.Document{}}
	cfg, err := loadLintConfig(opts, &dopts, res)
	if err != nil {
		return err
	}
	if cfg != nil {
		cfg.Getenv = opts.IO.Getenv
	}
	jobs, err := lintSets(opts, &dopts, scope, res)
	if err != nil {
		return err
	}
	for _, r := range lintAll(&dopts, jobs, cfg) {
		res.Findings = append(res.Findings, r.findings...)
		for _, d := range r.set.Documents {
			res.Documents[d.Path] = d
		}
	}
	res.Findings = append(res.Findings, cfg.UnusedIgnores()...)
	slices.SortFunc(res.Findings, normalize.CompareDiagnostics)
	res.Findings = slices.CompactFunc(res.Findings, func(a, b normalize.Diagnostic) bool {
		return a.Path == b.Path && a.Pos == b.Pos && a.Rule == b.Rule && a.Message == b.Message
	})
	if cfg != nil && cfg.Doc != nil {
		res.Documents[cfg.Doc.Path] = cfg.Doc // checked too, and snippets for lint-config findings
	}
	res.Files = len(res.Documents)
	res.Rules = ruleInfos()
	report.MaskFindings(res.Findings)

	if err := renderLint(opts, res); err != nil {
		return err
	}
	switch {
	case len(res.Errors) > 0:
		return silentError{exitFatal}
	case failing(res.Findings, failOn):
		return silentError{exitFindings}
	}
	return nil
}

func renderLint(opts *lintOptions, res *report.Lint) error {
	w := opts.IO.Out
	switch opts.Format {
	case "json":
		return report.LintJSON(w, res)
	case "sarif":
		return report.LintSARIF(w, res)
	case "github":
		return report.LintGitHub(w, res)
	}
	return report.LintText(w, res, opts.IO.Style(opts.NoColor))
}

func failing(diags []normalize.Diagnostic, at normalize.Severity) bool {
	for _, d := range diags {
		if d.Severity >= at {
			return true
		}
	}
	return false
}

// loadLintConfig reads --config, or .mcpconf.toml at the root when it
// exists. Its own problems are findings (rule lint-config).
func loadLintConfig(opts *lintOptions, dopts *discover.Options, res *report.Lint) (*validate.Config, error) {
	abs, optional := filepath.Join(dopts.Root, validate.ConfigFile), true
	if opts.Config != "" {
		abs, optional = opts.Config, false
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dopts.Cwd, abs)
		}
	}
	display := abs
	if rel, err := filepath.Rel(dopts.Base, abs); err == nil && filepath.IsLocal(rel) {
		display = filepath.ToSlash(rel)
	}
	cfg, diags, err := validate.LoadConfig(abs, display, optional)
	if err != nil {
		name := opts.Config // as given; the default one by its display path
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

type lintResult struct {
	set      *normalize.Set
	findings []normalize.Diagnostic
}

// lintAll reads and checks each project root on its own, several at a
// time: roots share nothing, and a monorepo has hundreds of them.
func lintAll(dopts *discover.Options, jobs [][]discover.Location, cfg *validate.Config) []lintResult {
	out := make([]lintResult, len(jobs))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(len(jobs), runtime.GOMAXPROCS(0)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				set := dopts.Read(jobs[i])
				out[i] = lintResult{set: set, findings: validate.Run(set, cfg)}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	return out
}

// lintSets turns the arguments into the locations of each project root,
// so that shadowing is judged within a project, never across two.
func lintSets(opts *lintOptions, dopts *discover.Options, scope discover.ScopeFilter, res *report.Lint) ([][]discover.Location, error) {
	if len(opts.Paths) == 0 {
		return [][]discover.Location{scope.Filter(dopts.Locations())}, nil
	}
	groups := map[string][]string{} // root -> files (nil: every file of the root)
	var userFiles []string
	for _, p := range opts.Paths {
		abs := p
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dopts.Cwd, p)
		}
		abs = filepath.Clean(abs)
		fi, err := os.Stat(abs)
		if err != nil {
			return nil, usagef("cannot lint %q: %v", p, unwrapPath(err))
		}
		switch {
		case fi.IsDir() && opts.Recursive:
			roots, errs := discover.Walk(abs)
			for _, e := range errs {
				res.Errors = append(res.Errors, report.ToolError{Path: p, Message: e.Error()})
			}
			for root, files := range roots {
				groups[root] = append(groups[root], files...)
			}
		case fi.IsDir():
			if _, ok := groups[abs]; !ok {
				groups[abs] = nil
			}
		default:
			loc, root, ok := dopts.Classify(abs)
			if !ok {
				return nil, usagef("cannot tell which client reads %q: it is not a known MCP config path (run 'mcpconf explain' to see the paths mcpconf reads)", p)
			}
			if loc.Scope == normalize.User {
				userFiles = append(userFiles, abs)
				continue
			}
			if files, seen := groups[root]; !seen || files != nil {
				groups[root] = append(files, abs)
			}
		}
	}
	var user []discover.Location
	if scope != discover.ProjectScopes {
		user = discover.UserScopes.Filter(dopts.Locations())
	}
	for _, l := range dopts.Locations() {
		if slices.Contains(userFiles, l.Abs) && !l.Section && !slices.ContainsFunc(user, func(u discover.Location) bool { return u.Abs == l.Abs }) {
			user = append(user, l)
		}
	}
	roots := make([]string, 0, len(groups))
	for r := range groups {
		roots = append(roots, r)
	}
	sort.Strings(roots)
	var jobs [][]discover.Location
	for _, root := range roots {
		locs := dopts.ProjectLocations(root, groups[root])
		if scope == discover.UserScopes {
			locs = nil
		}
		jobs = append(jobs, mergeOrder(append(locs, user...)))
	}
	if len(roots) == 0 && len(user) > 0 {
		jobs = append(jobs, mergeOrder(slices.Clone(user)))
	}
	return jobs, nil
}

// mergeOrder sorts locations of one root into the providers-table order.
func mergeOrder(locs []discover.Location) []discover.Location {
	slices.SortStableFunc(locs, func(a, b discover.Location) int { return a.Order - b.Order })
	return locs
}

func ruleInfos() []report.RuleInfo {
	rules := validate.Rules()
	out := make([]report.RuleInfo, len(rules))
	for i, r := range rules {
		out[i] = report.RuleInfo{ID: r.ID, Title: r.Title, Help: r.Doc, DocURL: validate.DocURL(r.ID), Severity: r.Severity}
	}
	return out
}
