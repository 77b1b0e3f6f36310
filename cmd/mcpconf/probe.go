package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/secret"
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
}

func newProbeCmd(io *IO, runF func(*probeOptions) error) *cobra.Command {
	opts := &probeOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "probe [NAME...]",
		Short: "Start or connect to the servers the clients would use and list their tools",
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
when dialed (see the README's security model). Secrets are masked in every
output.

Exit status: 0 when every server probed is ok, 1 otherwise, 2 bad usage,
3 fatal.`,
		Example: `  mcpconf probe
  mcpconf probe github linear --tools
  mcpconf probe --client codex --timeout 60s
  mcpconf probe --format json | jq '.servers[] | {name, client, status}'`,
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
	cmd.Flags().IntVar(&opts.Parallel, "parallel", 0, fmt.Sprintf("servers probed at once (default %d on this machine)", probe.DefaultParallel()))
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+report.ProbeFormats().String())
	cmd.Flags().BoolVar(&opts.Tools, "tools", false, "list every tool with its parameters and description")
	registerColor(cmd, &opts.Color)
	return cmd
}

func runProbe(opts *probeOptions) error {
	format, ok := report.ProbeFormats().Lookup(opts.Format)
	if !ok {
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
	dopts, clients, _, err := opts.Flags.shown(opts.IO)
	if err != nil {
		return err
	}
	if len(clients) == 0 {
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
	b := opts.IO.Boundary()
	plan, err := app.PlanProbe(app.ProbeRequest{Options: &dopts, Clients: clients, Env: env, Names: opts.Names,
		Timeout: opts.Timeout, GOOS: opts.GOOS, Environ: opts.IO.Environment(), Wd: wd,
		AllowOutsideFiles: opts.Resolve.AllowOutsideFiles}, b)
	if err != nil {
		return err
	}
	if len(plan.Servers) == 0 {
		fmt.Fprintln(opts.IO.ErrOut, "mcpconf: the clients here define no server: nothing to probe")
		return nil
	}
	results := opts.run(plan, format.Live, b)

	w, st := opts.IO.Out, opts.IO.Style(opts.Color)
	shown := view.ProbeResults(b, results)
	if err := format.Render(w, shown, report.ProbeTextOptions{Tools: opts.Tools}, st); err != nil {
		return err
	}
	if app.ProbeFailed(results) {
		return silentError{exitFindings}
	}
	return nil
}

// run probes the plan (app.Probe). A live format (text) shows each line
// as its server finishes and, on a terminal, a progress line on stderr.
func (opts *probeOptions) run(plan *app.ProbePlan, lines bool, b *secret.Boundary) []probe.Result {
	st := opts.IO.Style(opts.Color)
	live := report.StartProbeLive(opts.IO.ErrOut, report.Style{Width: opts.IO.ErrWidth}, opts.IO.ErrTTY && lines)
	popts := probe.Options{Parallel: opts.Parallel, Tools: opts.Tools, ClientName: "mcpconf", ClientVersion: versionString(), Boundary: b}
	if opts.IO.ErrTTY && lines {
		popts.OnProgress = func(done, total int, pending []probe.Pending) {
			if len(pending) == 0 {
				live.Progress(nil)
				return
			}
			live.Progress(func(now time.Time) secret.Safe { return view.ProbeProgress(b, done, total, pending, now) })
		}
	}
	var onDone func([]probe.Result)
	if lines {
		// The servers not started are known at once.
		for _, p := range plan.Servers {
			if p.Result != nil {
				report.ProbeLine(opts.IO.Out, view.NewProbeResult(b, *p.Result), st)
			}
		}
		onDone = func(rs []probe.Result) {
			live.Print(func() {
				for _, r := range rs {
					report.ProbeLine(opts.IO.Out, view.NewProbeResult(b, r), st)
				}
			})
		}
	}
	results := app.Probe(opts.IO.Ctx(), plan, popts, onDone)
	live.Stop()
	return results
}
