package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/secret"
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
	Remove    bool // mcpconf remove
}

func newAddCmd(io *IO, runF func(*addOptions) error) *cobra.Command {
	opts := &addOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "add NAME [URL] --client C[,C...] [-e KEY=VALUE]... [-H \"Key: Value\"]... [-- COMMAND [ARGS...]]",
		Short: "Write one server into each client's file, in each client's own form",
		Long: `add writes a server definition into the project's (or, with --scope user, the
user's) file of each client given with --client, as that client reads it:
its key and shape, its "type" literal, its placeholder syntax. A value may
reference a variable as ${NAME}; it is written in each client's syntax
(${env:NAME} for Cursor and VS Code, {env:NAME} for opencode, env_vars for
Codex). What a client cannot hold exactly is refused for that client, with
why: a literal that looks like a secret, a variable a client would send
literally, SSE for a client without it.

A stdio server is the command after --; a remote one is URL (--transport
http, the default, or sse). Files keep every byte add does not change; a
missing file is created. --dry-run prints the changes as a unified diff and
writes nothing. After writing, add shows each client's view of the server:
whether it starts it, or why not and what to do.`,
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
	registerColor(cmd, &opts.Color)
	return cmd
}

func newRemoveCmd(io *IO, runF func(*addOptions) error) *cobra.Command {
	opts := &addOptions{IO: io, Remove: true}
	cmd := &cobra.Command{
		Use:   "remove NAME --client C[,C...]",
		Short: "Remove a server from each client's file",
		Long: `remove deletes the server NAME from the project's (or, with --scope user, the
user's) file of each client given with --client, keeping every other byte
of the file. --dry-run prints the changes as a unified diff and writes
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
	cmd.Flags().StringVar(&opts.Scope, "scope", "project", "which file of each client: project, user or local")
	cmd.Flags().BoolVar(&opts.DryRun, "dry-run", false, "print the changes as a unified diff and write nothing")
	registerColor(cmd, &opts.Color)
	return cmd
}

// server is the definition the flags describe.
func (opts *addOptions) server() (define.Server, error) {
	s := define.Server{Name: opts.Name}
	for _, e := range opts.Env {
		k, v, ok := strings.Cut(e, "=")
		if !ok || k == "" {
			return s, usagef("-e %q: write -e KEY=VALUE", e)
		}
		s.Env = append(s.Env, define.KV{Key: k, Value: v})
	}
	for _, h := range opts.Headers {
		k, v, ok := strings.Cut(h, ":")
		if !ok || strings.TrimSpace(k) == "" {
			return s, usagef("-H %q: write -H \"Key: Value\"", h)
		}
		s.Headers = append(s.Headers, define.KV{Key: strings.TrimSpace(k), Value: strings.TrimSpace(v)})
	}
	switch {
	case opts.URL != "" && len(opts.Command) > 0:
		return s, usagef("give a URL or a command after --, not both")
	case opts.URL != "":
		s.Transport, s.URL = normalize.HTTP, opts.URL
		if opts.Transport == "sse" {
			s.Transport = normalize.SSE
		} else if opts.Transport != "" && opts.Transport != "http" {
			return s, usagef("unknown --transport %q: use http or sse", opts.Transport)
		}
		if len(s.Env) > 0 {
			return s, usagef("-e is for a stdio server: a remote server takes headers (-H)")
		}
	case len(opts.Command) > 0:
		s.Transport, s.Command, s.Args = normalize.Stdio, opts.Command[0], opts.Command[1:]
		if len(s.Headers) > 0 || opts.Transport != "" {
			return s, usagef("-H and --transport are for a remote server (a URL)")
		}
	default:
		return s, usagef("give the server's URL, or its command after --")
	}
	return s, nil
}

func runAdd(opts *addOptions) error {
	if err := checkColor(opts.Color); err != nil {
		return err
	}
	if len(opts.Flags.Clients) == 0 {
		return usagef("--client is required: the clients to write the server for")
	}
	scope := normalize.Scope(opts.Scope)
	if !slices.Contains(app.WriteScopes, scope) {
		return usagef("unknown scope %q: use project, user or local", opts.Scope)
	}
	dopts, clients, _, err := opts.Flags.shown(opts.IO)
	if err != nil {
		return err
	}
	var res *app.AddResult
	if opts.Remove {
		res, err = app.Remove(app.RemoveRequest{Options: &dopts, Clients: clients, Scope: scope, Name: opts.Name, DryRun: opts.DryRun})
	} else {
		s, serr := opts.server()
		if serr != nil {
			return serr
		}
		res, err = app.Add(app.AddRequest{Options: &dopts, Clients: clients, Scope: scope, Server: s, DryRun: opts.DryRun, Force: opts.Force})
	}
	if err != nil {
		return err
	}
	b, st := opts.IO.Boundary(), opts.IO.Style(opts.Color)
	refused(opts.IO, b, res)
	if opts.DryRun {
		if err := diffs(opts.IO, b, st, res.Files); err != nil {
			return err
		}
	} else if len(res.Files) > 0 && !opts.Remove {
		// the write is not done until each client's view says what it makes of it
		fresh, err := opts.Flags.options(opts.IO)
		if err != nil {
			return err
		}
		if err := fresh.Prepare(); err != nil {
			return err
		}
		ex, err := app.Explain(app.ExplainRequest{Options: &fresh, Clients: clients, Name: opts.Name}, b)
		if err != nil {
			return err
		}
		if err := report.ExplainNameViewsText(opts.IO.Out, ex.Workspace, st); err != nil {
			return err
		}
	} else {
		for _, f := range res.Files {
			fmt.Fprintf(opts.IO.Out, "removed %q from %s\n", b.Text(opts.Name), b.Text(f.Path))
		}
	}
	if len(res.Refused) > 0 {
		return silentError{exitFindings}
	}
	return nil
}

// refused says, on stderr, which clients a write refused and why, and
// what --force changed.
func refused(io *IO, b *secret.Boundary, res *app.AddResult) {
	for _, w := range res.Warnings {
		fmt.Fprintf(io.ErrOut, "mcpconf: %s: warning: %s\n", b.Text(w.Client.Product), b.Text(w.Reason))
	}
	for _, r := range res.Refused {
		fmt.Fprintf(io.ErrOut, "mcpconf: %s: %s\n", b.Text(r.Client.Product), b.Text(r.Reason))
		if r.Hint != "" {
			fmt.Fprintf(io.ErrOut, "  hint: %s\n", b.Text(r.Hint))
		}
	}
}

// diffs prints what files would become, as a unified diff through the
// boundary (lint --diff, a dry run).
func diffs(io *IO, b *secret.Boundary, st report.Style, files []app.FileFix) error {
	var ds []string
	for _, f := range files {
		ds = append(ds, edit.Diff(f.Path, f.Before, f.After))
	}
	return report.LintDiff(io.Out, view.NewDiff(b, ds), st)
}
