package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/view"
)

type probeOptions struct {
	IO       *IO
	Flags    discoveryFlags
	Resolve  resolveFlags
	Names    []string
	Timeout  time.Duration // 0: each server's own, else the client's default, else 30s
	Parallel int
	Format   string
	Tools    bool
	Color    colorFlags
	// GOOS is the system whose client behaviour is modelled (the child
	// environment on Windows); "" is this one.
	GOOS string
	// WriteLock and CheckLock write the tool lock, or compare with it;
	// Lock is its path (--lock); LockDescriptions keeps descriptions in it.
	WriteLock, CheckLock, LockDescriptions bool
	Lock                                   string
}

func newProbeCmd(io *IO, runF func(*probeOptions) error) *cobra.Command {
	opts := &probeOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "probe [NAME...]",
		Short: "Start the servers the clients would use and list their tools",
		Long: `probe connects to every server the selected clients would start (or those
named), in parallel, as each client would: stdio servers are started with
the command, args, env and working directory the client uses (Codex clears
the environment, Gemini CLI removes secret-looking variables), remote ones
are reached with the client's resolved URL and headers. It lists every tool,
counts resources and prompts, and names what went wrong: a command not on
PATH, a server that exits (with its last stderr lines), one that writes logs
on stdout, a timeout and in which phase, authorization (the 401 challenge,
the protected resource and authorization server metadata, and what in them
breaks clients), the wrong transport.

Servers a client would not start (disabled, pending approval, rejected,
untrusted, blocked, invalid) are listed with the reason and not started.
The same server used by several clients with the same resolved values is
started once.

probe never opens a browser and never prompts. pisces !command values run
only with --allow-exec. A file outside the project that a value reads
(opencode {file:path}, envFile) goes to a server only with
--allow-outside-files; without it the server is skipped. Every process it
starts is stopped when its probe ends, on timeout, on Ctrl-C and on
SIGTERM, daemons a server detached included. A server cannot steer probe
to another host: redirects, OAuth metadata and SSE endpoints are checked
when dialed (see docs/security.md). Secrets are masked in every
output.

--write-lock records in .mcpconf.lock (at --root; --lock FILE for another)
what each server tells the model: per server definition (keyed by its
command and arguments, or URL, so the clients that share it share an
entry) its name, version and protocol version, and per tool its name and
the SHA-256 of its description, input schema and annotations
(--lock-descriptions keeps the descriptions too, for reviews). It is
sorted: an unchanged server writes the same bytes. --check-lock compares
the live servers with it and fails on any tool added, removed or changed,
and on a server missing from the lock or from the config, naming each;
it never writes the lock, and prints as lint does (--format text, json,
sarif or github). Both also probe the servers waiting only for approval
or trust here, so that a lock is the same on every machine.

Exit status: 0 when every server probed is ok and no tool has an error
(a description that hides text from you, an invalid schema; with
--check-lock: and nothing differs from the lock), 1 otherwise, 2 bad usage,
3 fatal (a lock that cannot be read).`,
		Example: `  mcpconf probe
  mcpconf probe github linear --tools
  mcpconf probe --client codex --timeout 60s
  mcpconf probe --format json | jq '.servers[] | {name, client, status}'
  mcpconf probe --write-lock --lock-descriptions
  mcpconf probe --check-lock --format github`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Names = args
			if runF != nil {
				return runF(opts)
			}
			return runProbe(opts)
		},
	}
	opts.Flags.register(cmd)
	opts.Resolve.register(cmd)
	opts.Resolve.sends = true
	cmd.Flags().BoolVar(&opts.Resolve.AllowOutsideFiles, app.AllowOutsideFilesFlag[2:], false, "send servers the content of files outside the project (--root) that values name: opencode {file:path}, envFile (never by default)")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", 0, "deadline of each server (default: the server's own startup timeout, else its client's default, else 30s)")
	cmd.Flags().IntVar(&opts.Parallel, "parallel", 0, fmt.Sprintf("servers probed at once (default: twice the CPUs, at least 8, at most 16; %d on this machine)", probe.DefaultParallel()))
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+report.ProbeFormats().String()+" (with --check-lock: "+report.LintFormats().String()+")")
	cmd.Flags().BoolVar(&opts.Tools, "tools", false, "list every tool with its parameters and description")
	cmd.Flags().BoolVar(&opts.WriteLock, "write-lock", false, "record what each server's tools tell the model in the lock file")
	cmd.Flags().BoolVar(&opts.CheckLock, "check-lock", false, "compare the live servers with the lock file and fail on any difference (prints as lint: --format text, json, sarif, github)")
	cmd.Flags().StringVar(&opts.Lock, "lock", "", "the lock `file` (default: "+app.LockFile+" at --root)")
	cmd.Flags().BoolVar(&opts.LockDescriptions, "lock-descriptions", false, "with --write-lock, keep each tool's description in the lock, for reviews")
	registerColor(cmd, &opts.Color)
	return cmd
}

func runProbe(opts *probeOptions) error {
	if err := opts.lockUsage(); err != nil {
		return err
	}
	if opts.CheckLock {
		if _, ok := report.LintFormats().Lookup(opts.Format); !ok {
			return usagef("unknown format %q: use %s", opts.Format, report.LintFormats())
		}
	}
	format, ok := report.ProbeFormats().Lookup(opts.Format)
	if !ok && !opts.CheckLock {
		return usagef("unknown format %q: use %s", opts.Format, report.ProbeFormats())
	}
	if opts.Timeout < 0 {
		return usagef("--timeout %s is negative: give a duration such as 30s", opts.Timeout)
	}
	if opts.Parallel < 0 {
		return usagef("--parallel %d is negative: give the number of servers to probe at once", opts.Parallel)
	}
	if err := checkColor(opts.Color); err != nil {
		return err
	}
	if opts.GOOS == "" {
		opts.GOOS = runtime.GOOS
	}
	dopts, clients, _, err := opts.Flags.clients(opts.IO)
	if err != nil {
		return err
	}
	lockMode := opts.WriteLock || opts.CheckLock
	if len(clients) == 0 && !lockMode {
		if len(opts.Names) > 0 {
			return silentError{exitFindings}
		}
		return nil
	}
	env, err := opts.Resolve.env(opts.IO, &dopts)
	if err != nil {
		return err
	}
	env.GOOS = opts.GOOS
	wd, _ := opts.IO.Getwd()
	req := app.ProbeRequest{Options: &dopts, Clients: clients, Env: env, Names: opts.Names,
		Timeout: opts.Timeout, GOOS: opts.GOOS, Environ: opts.IO.Environment(), Wd: wd,
		AllowOutsideFiles: opts.Resolve.AllowOutsideFiles, Unapproved: lockMode,
		Parallel: opts.Parallel, Tools: opts.Tools, Version: versionString()}
	if lockMode {
		ws, _ := opts.IO.Lookup("GITHUB_WORKSPACE")
		req.Lock = &app.LockRequest{Check: opts.CheckLock, Path: opts.Lock, Descriptions: opts.LockDescriptions, GitHubWorkspace: ws}
	}
	plan, err := app.PlanProbe(req, opts.IO.Boundary())
	if err != nil {
		return err
	}
	if len(plan.Servers) == 0 && !lockMode {
		fmt.Fprintln(opts.IO.ErrOut, "mcpconf: the clients here define no server: nothing to probe")
		return nil
	}
	out, err := app.ProbeRun(opts.IO.Ctx(), plan, opts.callbacks(format))
	if err != nil {
		return err
	}
	if w := out.Wrote; w != nil {
		opts.IO.Errorf("wrote %s: %d servers, %d tools", w.Display, w.Servers, w.Tools)
		for _, why := range w.Missing {
			opts.IO.Errorf("the lock does not record server %s", why)
		}
	}
	if out.Failed {
		return silentError{exitFindings}
	}
	return nil
}

// callbacks print a probe run: with a live format (text), each server's
// line as it finishes and, on a terminal, a progress line on stderr; the
// results in format when the servers are done; a check of the lock as
// lint prints.
func (opts *probeOptions) callbacks(format report.ProbeRenderer) app.ProbeCallbacks {
	w, st := opts.IO.Out, opts.IO.Style(opts.Color)
	cb := app.ProbeCallbacks{
		Results: func(shown []view.ProbeResult) error {
			return format.Render(w, shown, report.ProbeTextOptions{Tools: opts.Tools}, st)
		},
		Checked: func(l *view.Lint) error {
			render, _ := report.LintFormats().Lookup(opts.Format)
			return render.Render(w, l, st)
		},
	}
	lines := format.Live && !opts.CheckLock
	live := report.StartProbeLive(opts.IO.ErrOut, report.Style{Width: opts.IO.ErrWidth}, opts.IO.ErrTTY && lines)
	cb.Finished = live.Stop
	if !lines {
		return cb
	}
	if opts.IO.ErrTTY {
		cb.Progress = live.Progress
	}
	// the servers not started are known at once
	cb.Skipped = func(r view.ProbeResult) { report.ProbeLine(w, r, st) }
	cb.Done = func(rs []view.ProbeResult) {
		live.Print(func() {
			for _, r := range rs {
				report.ProbeLine(w, r, st)
			}
		})
	}
	return cb
}

// lockUsage refuses lock flags that do not go together.
func (opts *probeOptions) lockUsage() error {
	switch {
	case opts.WriteLock && opts.CheckLock:
		return usagef("--write-lock and --check-lock do not go together: write the lock, or check against it")
	case (opts.WriteLock || opts.CheckLock) && len(opts.Names) > 0:
		return usagef("--write-lock and --check-lock cover every server: name none (got %q)", opts.Names[0])
	case opts.LockDescriptions && !opts.WriteLock:
		return usagef("--lock-descriptions goes with --write-lock")
	case opts.Lock != "" && !opts.WriteLock && !opts.CheckLock:
		return usagef("--lock goes with --write-lock or --check-lock")
	}
	return nil
}
