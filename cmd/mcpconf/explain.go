package main

import (
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// discoveryFlags are the flags every command that discovers shares.
type discoveryFlags struct {
	Root    string
	Home    string
	System  string
	Profile string
	Clients []string
}

func (f *discoveryFlags) register(cmd *cobra.Command) {
	f.registerPlaces(cmd)
	cmd.Flags().StringSliceVar(&f.Clients, "client", nil, "judge by these clients only (repeatable or comma-separated: "+strings.Join(discover.Clients(), ", ")+"); default: every client whose files are found")
}

// registerPlaces registers where the clients are read from, without
// --client (sync names its clients with --from and --to).
func (f *discoveryFlags) registerPlaces(cmd *cobra.Command) {
	cmd.Flags().StringVarP(&f.Root, "root", "C", "", "directory the clients start in; each finds its project from there (default: the working directory)")
	cmd.Flags().StringVar(&f.Home, "home", "", "home directory to read user-scope files from; isolates the run from the real home (default: your home)")
	cmd.Flags().StringVar(&f.System, "system", "", "directory that stands for the machine's root, where machine-wide files are read (Claude Code's managed settings, Gemini CLI's system settings) (default: / without --home; none with it)")
	cmd.Flags().StringVar(&f.Profile, "profile", "", "read a named profile as the clients that have profiles do when started with it ("+strings.Join(normalize.ProfileHelp(), "; ")+"); default: none")
}

// required gives --client the help of a command that needs it (add,
// remove): usage holds %s for the clients; lint's default of every client
// found does not apply there.
func (f *discoveryFlags) required(cmd *cobra.Command, usage string) {
	cmd.Flags().Lookup("client").Usage = fmt.Sprintf(usage, strings.Join(discover.Clients(), ", "))
}

// options resolves the defaults against the IO (app.Discovery).
func (f *discoveryFlags) options(io *IO) (discover.Options, error) {
	return app.Discovery(app.DiscoveryRequest{Root: f.Root, Home: f.Home, System: f.System, Profile: f.Profile,
		Getenv: io.Getenv, Getwd: io.Getwd, HomeDir: io.HomeDir})
}

// clients prepares the run's discovery and chooses the clients
// (app.SelectClients: --client, "clients" in .mcpconf.toml, the clients
// whose files are found); when there is none, it says so on stderr.
func (f *discoveryFlags) clients(io *IO) (discover.Options, []*normalize.Client, secret.Safe, error) {
	dopts, err := f.options(io)
	if err == nil {
		err = dopts.Prepare()
	}
	if err != nil {
		return dopts, nil, secret.Safe{}, err
	}
	choice, err := app.SelectClients(&dopts, app.ClientRequest{Names: f.Clients, Config: app.QuietConfig(&dopts), Scope: discover.AllScopes})
	if err != nil {
		return dopts, nil, secret.Safe{}, err
	}
	if len(choice.Clients) == 0 {
		io.Errorf("%s", app.NoFilesMessage(&dopts))
	}
	return dopts, choice.Clients, choice.How, nil
}

type explainOptions struct {
	IO         *IO
	Flags      discoveryFlags
	Format     string
	Color      colorFlags
	AllSources bool
	Name       string
	Resolve    resolveFlags
}

// resolveFlags are the flags of commands that resolve values (explain
// --resolve, probe).
type resolveFlags struct {
	On          bool
	AllowExec   bool
	ExecTimeout time.Duration
	Inputs      []string
	// AllowOutsideFiles is probe's --allow-outside-files: a value may
	// carry a file outside the project (--root) to a server.
	AllowOutsideFiles bool
	// sends says the values resolved go to servers (probe): a file
	// outside the project is then withheld unless AllowOutsideFiles.
	// explain --resolve reads any file: it shows where a value came from
	// and a fingerprint, never the value.
	sends bool
}

func (f *resolveFlags) register(cmd *cobra.Command) {
	cmd.Flags().BoolVar(&f.AllowExec, "allow-exec", false, "run pisces !command values to resolve env and header values (never by default)")
	cmd.Flags().DurationVar(&f.ExecTimeout, "exec-timeout", resolve.DefaultExecTimeout, "time a !command may take before it is stopped")
	cmd.Flags().StringArrayVar(&f.Inputs, "input", nil, "answer a VS Code ${input:ID}: --input ID=VALUE (repeatable)")
}

// env builds what resolution may read (app.ResolveEnv).
func (f *resolveFlags) env(io *IO, dopts *discover.Options) (resolve.Env, error) {
	return app.ResolveEnv(app.ResolveEnvRequest{Options: dopts, Lookup: io.Lookup, Inputs: f.Inputs,
		AllowExec: f.AllowExec, ExecTimeout: f.ExecTimeout, Sends: f.sends, AllowOutsideFiles: f.AllowOutsideFiles})
}

func newExplainCmd(io *IO, runF func(*explainOptions) error) *cobra.Command {
	opts := &explainOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "explain [NAME]",
		Short: "Show which definition each client uses and whether it starts it",
		Long: `explain answers, for each client that reads this tree, "which servers will
it start, from which file, and why not the others?"

Without NAME it prints a matrix: one row per server name, one column per
client, each cell the file:line the client uses or why it does not start the
server (disabled, pending-approval, rejected, untrusted, blocked, invalid);
then where the clients' definitions of one server differ; then the files
found (--all-sources adds the paths checked and absent).

With NAME it shows, for each client, the definition it uses, the ones it
does not and why, and whether it starts the server.

The clients are those given with --client, else "clients" in .mcpconf.toml,
else every client whose files are found. With one client the output is that
client's detailed view; --client pisces is pisces's priority-merged view of
every provider.

Each client finds its project from --root (default the working directory)
as it does itself: Codex folds every .codex/config.toml from the git root
down, Claude Code reads .mcp.json in every directory above. Values of env
and headers are never printed. explain never runs anything.`,
		Example: `  mcpconf explain
  mcpconf explain github
  mcpconf explain --client claude,cursor
  mcpconf explain --client codex --root ./repo/sub --home /tmp/h --format json`,
		Args: maxOneArg("NAME"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Name = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runExplain(opts)
		},
	}
	opts.Flags.register(cmd)
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+report.ExplainFormats().String())
	cmd.Flags().BoolVar(&opts.AllSources, "all-sources", false, "also list the paths checked and absent")
	cmd.Flags().BoolVar(&opts.Resolve.On, "resolve", false, "show each value as the client would use it, with where it came from (secrets as their origin and fingerprint)")
	opts.Resolve.register(cmd)
	registerColor(cmd, &opts.Color)
	return cmd
}

func runExplain(opts *explainOptions) error {
	format, ok := report.ExplainFormats().Lookup(opts.Format)
	if !ok {
		return usagef("unknown format %q: use %s", opts.Format, report.ExplainFormats())
	}
	if err := checkColor(opts.Color); err != nil {
		return err
	}
	dopts, clients, how, err := opts.Flags.clients(opts.IO)
	if err != nil {
		return err
	}
	var ex *app.Explanation
	if len(clients) == 0 {
		if opts.Name != "" {
			return silentError{exitFindings}
		}
		if !format.Empty {
			return nil
		}
		ex = app.ExplainNothing(&dopts, opts.Resolve.On, opts.IO.Boundary())
	} else {
		req := app.ExplainRequest{Options: &dopts, Clients: clients, Name: opts.Name}
		if opts.Resolve.On {
			env, err := opts.Resolve.env(opts.IO, &dopts)
			if err != nil {
				return err
			}
			req.Resolve = &env
		}
		if ex, err = app.Explain(req, opts.IO.Boundary()); err != nil {
			return err
		}
	}
	ropts := report.ExplainOptions{Resolve: opts.Resolve.On, Name: opts.Name != "", AllSources: opts.AllSources, How: how}
	if err := format.Render(opts.IO.Out, ex.Workspace, ex.Resolutions, ropts, opts.IO.Style(opts.Color)); err != nil || !ex.NotLoaded {
		return err
	}
	// written, but no client loads it: the answer is printed, and the exit
	// status still says no client has it
	return silentError{exitFindings}
}
