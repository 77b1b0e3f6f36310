package main

import (
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/discover"
)

type syncOptions struct {
	IO       *IO
	Flags    discoveryFlags
	Write    writeFlags
	Names    []string
	From, To string
}

func newSyncCmd(io *IO, runF func(*syncOptions) error) *cobra.Command {
	opts := &syncOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "sync [NAME...] --from CLIENT --to CLIENT[,CLIENT...]",
		Short: "Write the servers one client uses into other clients' files",
		Long: `sync takes each server as --from uses it (the definition in use in its view,
after its own merge) and writes it into the project's file (--scope user:
the user's; --scope local: the project's private one) of each --to client,
translated: its shape and keys,
its transport literal, its placeholder syntax (${VAR}, ${env:VAR},
{env:VAR}, Codex's env_vars and bearer_token_env_var), its timeouts (in
the target's unit, where the target's field times the same thing), its tool
filters and env file. A definition of the same name there is rewritten; one
already the same is left alone. What a client cannot hold exactly is
refused for that client with why (--force writes the nearest form and warns
what it changes; a literal secret is never written). A server read from a
private file (the user's, a project's private entry in ~/.claude.json, the
machine's) goes into a project's file without any literal env or header
value, whatever it looks like, nor a URL's or an argument's credential:
such a server is refused, with the reference to write instead. Without
NAME, every server of the source. A source that defines no server, or
whose file does not parse, copies nothing and says which file and why
(exit 1); a file of the source that does not parse is named even when the
servers of its other files are copied (exit 1).

Files keep every byte sync does not change; a missing file is created.
--dry-run prints the changes as a unified diff and writes nothing. After
writing, sync reads every client's view again and shows it: which servers
each starts, or why not; a client that does not use what was written (a
definition of higher precedence elsewhere) is an error (exit 1).`,
		Example: `  mcpconf sync --from claude --to cursor,vscode,codex,gemini,opencode
  mcpconf sync github --from cursor --to claude --dry-run`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Names = args
			if runF != nil {
				return runF(opts)
			}
			return runSync(opts)
		},
	}
	opts.Flags.registerPlaces(cmd)
	f := cmd.Flags()
	f.StringVar(&opts.From, "from", "", "the client whose servers are copied")
	f.StringVar(&opts.To, "to", "", "the clients written to (comma-separated)")
	opts.Write.register(cmd, true)
	return cmd
}

func runSync(opts *syncOptions) error {
	scope, err := opts.Write.check()
	if err != nil {
		return err
	}
	if opts.From == "" || opts.To == "" {
		return usagef("--from and --to are required: the client to copy from and those to write to")
	}
	dopts, err := opts.Flags.options(opts.IO)
	if err != nil {
		return err
	}
	if err := dopts.Prepare(); err != nil {
		return err
	}
	from, err := app.SelectClients(&dopts, app.ClientRequest{Names: []string{opts.From}, Flag: "--from", Scope: discover.AllScopes})
	if err != nil {
		return err
	}
	to, err := app.SelectClients(&dopts, app.ClientRequest{Names: strings.Split(opts.To, ","), Flag: "--to", Scope: discover.AllScopes})
	if err != nil {
		return err
	}
	res, err := app.Sync(app.SyncRequest{Options: &dopts, From: from.Clients[0], To: to.Clients, Scope: scope, Names: opts.Names, DryRun: opts.Write.DryRun, Force: opts.Write.Force, Context: opts.IO.Ctx()})
	if err != nil {
		return err
	}
	return written(opts.IO, &opts.Flags, &opts.Write, res, "", false, append(from.Clients, to.Clients...))
}
