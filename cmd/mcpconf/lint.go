package main

import (
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"sync/atomic"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	lintrun "github.com/mcpconf/mcpconf/run" // "run" is the tests' helper here
	"github.com/mcpconf/mcpconf/view"
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
	Color     colorFlags
	CheckEnv  bool
	// Fix writes the safe fixes (UnsafeFixes: the unsafe ones too); Diff
	// prints them as a unified diff and writes nothing.
	Fix, UnsafeFixes, Diff bool
	// Baseline is the baseline file (--baseline); WriteBaseline records
	// the run's findings in it first (--write-baseline).
	Baseline      string
	WriteBaseline bool
}

func newLintCmd(io *IO, runF func(*lintOptions) error) *cobra.Command {
	opts := &lintOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "lint [PATH...]",
		Short: "Check MCP server configs offline, and fix what can be fixed",
		Long: `lint checks MCP server definitions without starting a server, running a
command or touching the network.

Without PATH it reads the project at --root (default: the working directory).
A directory PATH is a project root; a file PATH is that file, its client
inferred from its path (what pre-commit passes), with the findings about it
(also those about a server it shares with another file), or, for a file
that decides on every server of its project (.claude/settings.json,
.mcpconf.toml), that project; -r walks directories for every known config
file, skipping .git, node_modules and vendor.

By default only project-scope files are read (--scope project), so results
in CI do not depend on the machine's home directory.

--format github and sarif name files relative to the repository root
(GITHUB_WORKSPACE when set, else the git root above --root), whatever
--root or the working directory, so that GitHub finds them; text and json
name them relative to --root.

--fix writes the fixes rules know (mcpconf rules says which) to the files,
keeping every byte a fix does not change (comments, order, layout), then
lints again and reports what remains; --unsafe-fixes adds the fixes that
change what a file means (a literal secret becomes a reference to a
variable you must then set). A file that changed since it was read, or
would not parse once fixed, is not written. --diff prints the fixes as a
unified diff instead and writes nothing; it is for reading, not for git
apply: a line that holds a secret is printed masked ("***"), so git apply
rejects its hunk. Apply the fixes with --fix.

--baseline FILE reports only the findings FILE does not record, and notes
how many of its entries match no finding any more; --write-baseline
--baseline FILE first records every current finding in FILE (after
.mcpconf.toml's ignores; with PATHs, only the entries of the files checked
and of the directories given are replaced). A finding is known by its rule,
file, server and field (the JSON pointer), not its line or message, so it
stays quiet when lines move; run lint from the same directory as when the
baseline was written, as paths are recorded as displayed. Exit codes count
what the baseline leaves.

Exit codes: 0 nothing at or above --fail-on, 1 findings (with --diff: a
diff), 2 bad usage, 3 fatal (the root cannot be read, a directory could not
be walked, a fixed file could not be written).`,
		Example: `  mcpconf lint
  mcpconf lint -r .
  mcpconf lint .mcp.json .cursor/mcp.json
  mcpconf lint --scope all --fail-on warning
  mcpconf lint --format sarif > mcpconf.sarif
  mcpconf lint --diff
  mcpconf lint --fix
  mcpconf lint --write-baseline --baseline mcpconf-baseline.json`,
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
	f.StringVar(&opts.Scope, "scope", "project", "files to read: "+app.ScopeWords(false))
	f.StringVar(&opts.Format, "format", "text", "output format: "+report.LintFormats().String())
	f.StringVar(&opts.FailOn, "fail-on", "error", "lowest severity that fails: error, warning or info")
	f.StringVar(&opts.Config, "config", "", "linter config file (default: .mcpconf.toml at the root, if any)")
	f.BoolVar(&opts.CheckEnv, "check-env", false, "report placeholders whose variables are not set in this environment (undefined-variable)")
	f.BoolVar(&opts.Fix, "fix", false, "write the safe fixes to the files, then report what remains")
	f.BoolVar(&opts.UnsafeFixes, "unsafe-fixes", false, "with --fix or --diff, the fixes that change what a file means too")
	f.BoolVar(&opts.Diff, "diff", false, "print the fixes as a unified diff, secrets masked (not for git apply); write nothing; exit 1 when there is one")
	f.StringVar(&opts.Baseline, "baseline", "", "report only the findings not recorded in this `file` (see --write-baseline)")
	f.BoolVar(&opts.WriteBaseline, "write-baseline", false, "record every current finding in the --baseline file, then lint against it")
	registerColor(cmd, &opts.Color)
	return cmd
}

func runLint(opts *lintOptions) error {
	render, ok := report.LintFormats().Lookup(opts.Format)
	if !ok {
		return usagef("unknown format %q: use %s", opts.Format, report.LintFormats())
	}
	if err := checkColor(opts.Color); err != nil {
		return err
	}
	failOn, err := normalize.ParseSeverity(opts.FailOn)
	if err != nil {
		return usagef("--fail-on: %v", err)
	}
	batchGC()
	scope, err := app.ReadScope(opts.Scope)
	if err != nil {
		return err
	}
	switch {
	case opts.Fix && opts.Diff:
		return usagef("--fix and --diff do not go together: --diff shows what --fix would write")
	case opts.UnsafeFixes && !opts.Fix && !opts.Diff:
		return usagef("--unsafe-fixes goes with --fix or --diff")
	case opts.WriteBaseline && opts.Diff:
		return usagef("--write-baseline and --diff do not go together: --diff writes nothing")
	}
	dopts, err := opts.Flags.options(opts.IO)
	if err != nil {
		return err
	}
	ws, _ := opts.IO.Lookup("GITHUB_WORKSPACE")
	req := app.LintRequest{Options: dopts, RootGiven: opts.Flags.Root != "",
		Paths: opts.Paths, Recursive: opts.Recursive, Scope: scope, Clients: opts.Flags.Clients,
		Config: opts.Config, CheckEnv: opts.CheckEnv, GitHubWorkspace: ws, Version: versionString(),
		Snippets: render.Snippets, RuleHelp: render.RuleHelp, Context: opts.IO.Ctx()}
	if opts.Diff {
		return runLintDiff(opts, req)
	}
	var res *lintrun.Lint
	if opts.Fix {
		res, err = app.LintFix(req, opts.UnsafeFixes)
	} else {
		res, err = app.Lint(req)
	}
	if err != nil {
		return err
	}
	if opts.Baseline != "" || opts.WriteBaseline {
		err := app.ApplyBaseline(res, app.BaselineRequest{Path: opts.Baseline, Cwd: dopts.Cwd, Write: opts.WriteBaseline, Paths: opts.Paths, Context: opts.IO.Ctx()})
		if err != nil {
			return err
		}
	}
	if err := render.Render(opts.IO.Out, view.NewLint(opts.IO.Boundary(), res), opts.IO.Style(opts.Color)); err != nil {
		return err
	}
	switch {
	case len(res.Errors) > 0:
		return silentError{exitFatal}
	case app.Failing(res.Findings, failOn):
		return silentError{exitFindings}
	}
	return nil
}

// runLintDiff prints the fixes lint would write as a unified diff: exit 1
// when there is one.
func runLintDiff(opts *lintOptions, req app.LintRequest) error {
	res, fixes, err := app.LintDiff(req, opts.UnsafeFixes)
	if err != nil {
		return err
	}
	b := opts.IO.Boundary()
	view.NewLint(b, res) // learn what the run found secret
	if err := report.LintDiff(opts.IO.Out, view.NewDiff(b, app.Diffs(fixes)), opts.IO.Style(opts.Color)); err != nil {
		return err
	}
	if len(fixes) > 0 {
		return silentError{exitFindings}
	}
	return nil
}

// batchGC lets the collector run less often while lint runs: lint keeps
// little alive (each root's documents go once it is checked), so the
// default pacing collected every few MB allocated, 181 times on 2,000
// files. Four times the live heap, under a soft ceiling of 100 MiB, takes
// a third off lint -r's time there (620 -> 390 ms, 31 MB) and keeps 8,000
// roots near 110 MB (150 MiB: 135-143 MB, no faster). A run whose live
// heap passes half the ceiling (one .mcp.json of 20,000 servers, viewed
// by each client that reads it: about 250 MB) would spend half its CPU
// collecting to stay under it; from then on the pacing is Go's own
// (watchLiveHeap). GOGC and GOMEMLIMIT set in the environment win.
func batchGC() {
	_, gogc := os.LookupEnv("GOGC")
	_, limit := os.LookupEnv("GOMEMLIMIT")
	if !gogc {
		debug.SetGCPercent(300)
	}
	if !limit {
		debug.SetMemoryLimit(batchLimit)
	}
	if !gogc && !limit && watching.CompareAndSwap(false, true) {
		watchLiveHeap()
	}
}

const batchLimit = 100 << 20

// watching is whether a watchLiveHeap chain runs (one per process: Main
// runs many times in tests).
var watching atomic.Bool

// watchLiveHeap looks at the heap after each collection (a finalizer
// of an object made for it, made again each time) and, once it passes
// half of batchLimit, gives the collector Go's own pacing back and stops.
func watchLiveHeap() {
	s := &gcSentinel{}
	runtime.SetFinalizer(s, func(*gcSentinel) {
		// the heap right after a collection: the live heap, and what was
		// allocated since it ended (runtime/metrics says the live heap
		// alone, but its package's init costs every run 0.08 ms)
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > batchLimit/2 {
			debug.SetGCPercent(100)
			debug.SetMemoryLimit(math.MaxInt64)
			watching.Store(false)
			return
		}
		watchLiveHeap()
	})
}

// gcSentinel holds a pointer so that it is not batched with other small
// objects by the allocator, whose finalizers would then wait for theirs.
type gcSentinel struct{ _ *int }
