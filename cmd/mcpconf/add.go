package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/view"
)

type addOptions struct {
	IO        *IO
	Flags     discoveryFlags
	Name, URL string
	Command   []string
	Scope     string
	Env       []string
	Headers   []string
	Transport string
	DryRun    bool
	Force     bool
	Color     colorFlags
	Format    string
	Remove    bool // mcpconf remove
}

func newAddCmd(io *IO, runF func(*addOptions) error) *cobra.Command {
	opts := &addOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "add NAME [URL] --client C[,C...] [-e KEY=VALUE]... [-H \"Key: Value\"]... [-- COMMAND [ARGS...]]",
		Short: "Write one server into each client's file, in each client's own form",
		Long: `add writes a server definition into the project's file (--scope user: the
user's; --scope local: the project's private one, for Claude Code its entry
in ~/.claude.json) of each client given with --client, as that client reads it:
its key and shape, its "type" literal, its placeholder syntax. A value may
reference a variable as ${NAME}; it is written in each client's syntax
(${env:NAME} for Cursor and VS Code, {env:NAME} for opencode, env_vars for
Codex). What a client cannot hold exactly is refused for that client, with
why: a literal that looks like a secret, a variable a client would send
literally, SSE for a client without it.

A stdio server is the command after --; a remote one is URL (--transport
http, the default, or sse). Files keep every byte add does not change; a
missing file is created. --dry-run prints the changes as a unified diff and
writes nothing. After writing, add reads each client's view again and shows
the server in it: whether the client starts it, or why not and what to do;
a client that does not use what was written (a definition of higher
precedence elsewhere) is an error (exit 1).`,
		Example: `  mcpconf add github --client claude,cursor,codex -e 'GITHUB_PERSONAL_ACCESS_TOKEN=${GITHUB_PERSONAL_ACCESS_TOKEN}' -- npx -y @modelcontextprotocol/server-github@2025.4.8
  mcpconf add docs https://docs.example.com/mcp --client claude,vscode -H 'Authorization: Bearer ${DOCS_TOKEN}'
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
			if runF != nil {
				return runF(opts)
			}
			return runAdd(opts)
		},
	}
	opts.Flags.register(cmd)
	f := cmd.Flags()
	f.StringVar(&opts.Scope, "scope", "project", "which file of each client: project, user or local")
	f.StringArrayVarP(&opts.Env, "env", "e", nil, "an environment variable of a stdio server, KEY=VALUE (repeatable)")
	f.StringArrayVarP(&opts.Headers, "header", "H", nil, "a header of a remote server, \"Key: Value\" (repeatable)")
	f.StringVar(&opts.Transport, "transport", "", "for a URL: http (default) or sse")
	f.BoolVar(&opts.DryRun, "dry-run", false, "print the changes as a unified diff and write nothing")
	f.BoolVar(&opts.Force, "force", false, "where a client cannot hold the server exactly, write its nearest form and warn what it changes (a literal secret is never written)")
	f.StringVar(&opts.Format, "format", "text", "output format: "+report.WriteFormats().String())
	registerColor(cmd, &opts.Color)
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
still has the server from another file. --dry-run prints the changes as a
unified diff and writes nothing.`,
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
	cmd.Flags().StringVar(&opts.Scope, "scope", "project", "which file of each client: project, user or local")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print the changes as a unified diff and write nothing")
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+report.WriteFormats().String())
	registerColor(cmd, &opts.Color)
	return cmd
}

func runAdd(opts *addOptions) error {
	if err := checkColor(opts.Color); err != nil {
		return err
	}
	if _, ok := report.WriteFormats().Lookup(opts.Format); !ok {
		return usagef("unknown format %q: use %s", opts.Format, report.WriteFormats())
	}
	if len(opts.Flags.Clients) == 0 {
		return usagef("--client is required: the clients to write the server for")
	}
	scope, err := writeScope(opts.Scope)
	if err != nil {
		return err
	}
	dopts, clients, _, err := opts.Flags.shown(opts.IO)
	if err != nil {
		return err
	}
	var res *app.AddResult
	if opts.Remove {
		res, err = app.Remove(app.RemoveRequest{Options: &dopts, Clients: clients, Scope: scope, Name: opts.Name, DryRun: opts.DryRun})
	} else {
		spec := define.Spec{Name: opts.Name, URL: opts.URL, Transport: opts.Transport, Command: opts.Command, Env: opts.Env, Headers: opts.Headers}
		s, serr := spec.Server()
		if serr != nil {
			return usagef("%v", serr)
		}
		res, err = app.Add(app.AddRequest{Options: &dopts, Clients: clients, Scope: scope, Servers: []define.Server{s}, DryRun: opts.DryRun, Force: opts.Force})
	}
	if err != nil {
		return err
	}
	return written(opts.IO, &opts.Flags, opts.Color, opts.Format, res, opts.Name, opts.Remove, opts.DryRun, clients)
}

// writeScope is the --scope of add, remove and sync.
func writeScope(s string) (normalize.Scope, error) {
	scope := normalize.Scope(s)
	if !slices.Contains(app.WriteScopes, scope) {
		return scope, usagef("unknown scope %q: use project, user or local", s)
	}
	return scope, nil
}

// written prints what add, remove or sync did in the format asked
// (report.WriteFormats). Once they wrote, every view is read again from
// the files: the write is not done until each client's view says what it
// makes of it (app.AddResult.Verify), and add and sync show the views.
func written(io *IO, flags *discoveryFlags, color colorFlags, format string, res *app.AddResult, name string, remove, dryRun bool, clients []*normalize.Client) error {
	render, _ := report.WriteFormats().Lookup(format)
	b, st := io.Boundary(), io.Style(color)
	var views *view.Workspace
	if !dryRun && len(res.Written) > 0 {
		fresh, err := flags.options(io)
		if err == nil {
			err = fresh.Prepare()
		}
		if err != nil {
			return err
		}
		res.Verify(&fresh, remove)
		if !remove && len(res.Files) > 0 {
			ex, err := app.Explain(app.ExplainRequest{Options: &fresh, Clients: clients, Name: name}, b)
			if err != nil {
				return err
			}
			views = ex.Workspace
		}
	}
	if err := render(io.Out, io.ErrOut, view.NewWrite(b, res.Run(name, remove, dryRun), views), st); err != nil {
		return err
	}
	if len(res.Refused) > 0 || len(res.Unverified) > 0 {
		return silentError{exitFindings}
	}
	return nil
}
