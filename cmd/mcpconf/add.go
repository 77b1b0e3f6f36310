package main

import (
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/view"
)

type addOptions struct {
	IO        *IO
	Flags     discoveryFlags
	Write     writeFlags
	Name, URL string
	Command   []string
	Env       []string
	Headers   []string
	Transport string
	Remove    bool // mcpconf remove
	// cmd is the command as parsed: its flags make the line a hint says
	// to type (dashLine).
	cmd *cobra.Command
}

// writeFlags are the flags add, remove and sync share.
type writeFlags struct {
	Scope  string
	DryRun bool
	Force  bool // add and sync
	Format string
	Color  colorFlags
}

func (f *writeFlags) register(cmd *cobra.Command, force bool) {
	fs := cmd.Flags()
	fs.StringVar(&f.Scope, "scope", "project", "which file of each client: "+app.ScopeWords(true))
	fs.BoolVar(&f.DryRun, "dry-run", false, "print the changes as a unified diff and write nothing")
	if force {
		fs.BoolVar(&f.Force, "force", false, "where a client cannot hold a server exactly, write its nearest form and warn what it changes (a literal secret is never written)")
	}
	fs.StringVar(&f.Format, "format", "text", "output format: "+report.WriteFormats().String())
	registerColor(cmd, &f.Color)
}

// check refuses a bad --color, --format or --scope, and returns the scope.
func (f *writeFlags) check() (normalize.Scope, error) {
	if err := checkColor(f.Color); err != nil {
		return "", err
	}
	if _, ok := report.WriteFormats().Lookup(f.Format); !ok {
		return "", usagef("unknown format %q: use %s", f.Format, report.WriteFormats())
	}
	return app.WriteScope(f.Scope)
}

func newAddCmd(io *IO, runF func(*addOptions) error) *cobra.Command {
	opts := &addOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "add NAME [URL | -- COMMAND [ARGS...]] --client C[,C...]",
		Short: "Write one server into each client's file, in its own form",
		Long: `add writes a server definition into the project's file (--scope user: the
user's; --scope local: the project's private one, for Claude Code its entry
in ~/.claude.json) of each client given with --client, as that client reads it:
its key and shape, its "type" literal, its placeholder syntax. A value may
reference a variable as ${NAME}; it is written in each client's syntax
(${env:NAME} for Cursor and VS Code, {env:NAME} for opencode, env_vars for
Codex). What a client cannot hold exactly is refused for that client, with
why: a variable a client would send literally, SSE for a client without
it. A literal secret is refused in every scope, even with --force: a value
under a credential's name (-e API_KEY=..., -H "X-Api-Key: ..."), a secret
flag's value after -- (--api-key VALUE), a URL's user info or ?api_key=;
the hint gives the reference to write instead.

A stdio server is the command after --; a remote one is URL (--transport
http, the default, or sse), an absolute http:// or https:// URL: any other
word after NAME is refused as a command written without --, with the line
to type instead. Files keep every byte add does not change; a
missing file is created. --dry-run prints the changes as a unified diff and
writes nothing. After writing, add reads each client's view again and shows
the server in it: whether the client starts it, or why not and what to do;
a client that does not use what was written (a definition of higher
precedence elsewhere) is an error (exit 1).`,
		Example: `  mcpconf add github --client claude,cursor,codex \
    -e 'GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_PERSONAL_ACCESS_TOKEN}' \
    -- npx -y @modelcontextprotocol/server-github@2025.4.8
  mcpconf add docs https://docs.example.com/mcp --client claude,vscode \
    -H 'Authorization: Bearer ${DOCS_TOKEN}'
  mcpconf add time --client vscode --dry-run -- uvx mcp-server-time`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			at := cmd.ArgsLenAtDash()
			if at < 0 {
				at = len(args)
			}
			if at > 2 {
				return usagef("add takes NAME and, for a remote server, URL before --: got %q", strings.Join(args[:at], " "))
			}
			opts.Name = args[0]
			if at == 2 {
				opts.URL = args[1]
			}
			opts.Command = args[at:]
			opts.cmd = cmd
			if runF != nil {
				return runF(opts)
			}
			return runAdd(opts)
		},
	}
	opts.Flags.register(cmd)
	opts.Flags.required(cmd, "the clients to write the server for (required; repeatable or comma-separated: %s)")
	opts.Write.register(cmd, true)
	f := cmd.Flags()
	f.StringArrayVarP(&opts.Env, "env", "e", nil, "an environment variable of a stdio server, KEY=VALUE (repeatable)")
	f.StringArrayVarP(&opts.Headers, "header", "H", nil, "a header of a remote server, \"Key: Value\" (repeatable)")
	f.StringVar(&opts.Transport, "transport", "", "for a URL: http (default) or sse")
	return cmd
}

func newRemoveCmd(io *IO, runF func(*addOptions) error) *cobra.Command {
	opts := &addOptions{IO: io, Remove: true}
	cmd := &cobra.Command{
		Use:   "remove NAME --client C[,C...]",
		Short: "Remove a server from each client's file",
		Long: `remove deletes the server NAME from the project's file (--scope user: the
user's; --scope local: the project's private one) of each client given with
--client, keeping every other byte of the file, and warns when the client
still has the server from another file. Where the file does not hold it,
remove names the files of the client that do, with the --scope that
reaches each. --dry-run prints the changes as a unified diff and writes
nothing.`,
		Example: `  mcpconf remove github --client cursor,vscode`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Name = args[0]
			if runF != nil {
				return runF(opts)
			}
			return runAdd(opts)
		},
	}
	opts.Flags.register(cmd)
	opts.Flags.required(cmd, "the clients whose files to remove the server from (required; repeatable or comma-separated: %s)")
	opts.Write.register(cmd, false)
	return cmd
}

func runAdd(opts *addOptions) error {
	scope, err := opts.Write.check()
	if err != nil {
		return err
	}
	if len(opts.Flags.Clients) == 0 {
		return usagef("--client is required: the clients to write the server for")
	}
	dopts, clients, _, err := opts.Flags.clients(opts.IO)
	if err != nil {
		return err
	}
	var res *app.AddResult
	if opts.Remove {
		res, err = app.Remove(app.RemoveRequest{Options: &dopts, Clients: clients, Scope: scope, Name: opts.Name, DryRun: opts.Write.DryRun, Context: opts.IO.Ctx()})
	} else {
		if opts.URL != "" && !define.RemoteURL(opts.URL, app.URLSchemes(clients)) {
			words := append([]string{opts.URL}, opts.Command...)
			return usagef("%q is not a URL (http:// or https://): did you mean `-- %s`? a stdio server's command goes after --: %s",
				opts.URL, shell.Words(words...), dashLine(opts.cmd, opts.Name, words))
		}
		spec := define.Spec{Name: opts.Name, URL: opts.URL, Transport: opts.Transport, Command: opts.Command, Env: opts.Env, Headers: opts.Headers}
		s, serr := spec.Server()
		if serr != nil {
			return usagef("%v", serr)
		}
		res, err = app.Add(app.AddRequest{Options: &dopts, Clients: clients, Scope: scope, Servers: []define.Server{s}, DryRun: opts.Write.DryRun, Force: opts.Write.Force, Context: opts.IO.Ctx()})
	}
	if err != nil {
		return err
	}
	return written(opts.IO, &opts.Flags, &opts.Write, res, opts.Name, opts.Remove, clients)
}

// dashLine is the mcpconf command line of cmd with the flags given (long
// names, in name order; not --header nor --transport, which a stdio
// server does not take), NAME, and words after "--": what to type when a
// command was given without "--", quoted to paste (shell.Command).
func dashLine(cmd *cobra.Command, name string, words []string) string {
	var flags []string
	cmd.Flags().Visit(func(f *pflag.Flag) {
		if f.Name == "header" || f.Name == "transport" {
			return
		}
		switch v := f.Value.(type) {
		case pflag.SliceValue:
			vals := v.GetSlice()
			if f.Value.Type() == "stringSlice" {
				vals = []string{strings.Join(vals, ",")}
			}
			for _, s := range vals {
				flags = append(flags, shell.Option("--"+f.Name, s)...)
			}
		default:
			if f.Value.Type() == "bool" {
				if f.Value.String() == "true" {
					flags = append(flags, "--"+f.Name)
				}
				return
			}
			flags = append(flags, shell.Option("--"+f.Name, f.Value.String())...)
		}
	})
	// NAME does not start with "-" here: cobra would have read it as a
	// flag, and after "--" there is no URL to mistake
	parts := append(append([]string{"mcpconf", cmd.Name(), name}, flags...), "--")
	return shell.Command(append(parts, words...)...)
}

// written prints what add, remove or sync did in the format asked
// (report.WriteFormats), once every view was read again from the files
// (app.Reread): the write is not done until each client's view says what
// it makes of it.
func written(io *IO, flags *discoveryFlags, w *writeFlags, res *app.AddResult, name string, remove bool, clients []*normalize.Client) error {
	render, _ := report.WriteFormats().Lookup(w.Format)
	b, st := io.Boundary(), io.Style(w.Color)
	var views *view.Workspace
	if !w.DryRun && len(res.Written) > 0 {
		fresh, err := flags.options(io)
		if err != nil {
			return err
		}
		if views, err = app.Reread(&fresh, res, clients, name, remove, b); err != nil {
			return err
		}
	}
	if err := render(io.Out, io.ErrOut, view.NewWrite(b, res.Run(name, remove, w.DryRun), views), st); err != nil {
		return err
	}
	if len(res.Refused) > 0 || len(res.Unverified) > 0 {
		return silentError{exitFindings}
	}
	return nil
}
