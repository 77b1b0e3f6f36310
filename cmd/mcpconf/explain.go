package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/report"
)

// discoveryFlags are the flags every command that discovers shares.
type discoveryFlags struct {
	Root string
	Home string
}

func (f *discoveryFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.Root, "root", "", "project root to read project-scope files from (default: the working directory)")
	cmd.Flags().StringVar(&f.Home, "home", "", "home directory to read user-scope files from (default: your home)")
}

// options resolves the defaults against the IO.
func (f *discoveryFlags) options(io *IO) (discover.Options, error) {
	o := discover.Options{Root: f.Root, Home: f.Home, Getenv: io.Getenv}
	cwd, err := io.Getwd()
	if err != nil {
		return o, fmt.Errorf("cannot determine the working directory: %v", err)
	}
	o.Cwd = cwd
	if o.Root == "" {
		o.Root = cwd
	}
	if o.Home == "" {
		if o.Home, err = io.HomeDir(); err != nil {
			return o, usagef("cannot determine your home directory (%v): pass --home", err)
		}
	}
	return o, nil
}

type explainOptions struct {
	IO      *IO
	Client  string
	Flags   discoveryFlags
	Format  string
	NoColor bool
	Name    string
}

func newExplainCmd(io *IO, runF func(*explainOptions) error) *cobra.Command {
	opts := &explainOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "explain [NAME]",
		Short: "Show every config source, which definition of each server wins, and why",
		Long: `Without NAME, explain lists every path it checked in priority order (found,
absent, or broken with the reason), then every effective server with the
file:line:col of the winning definition and each definition it shadowed.

With NAME, it shows every definition of that server in priority order, each
field with its position, which one won and why.

With --client, it answers "what will this client load here?": only that
client's own files, in its own precedence, combined by its own rule (Codex,
opencode and agent-code merge their layers key by key; the others let one
definition win whole). Without it, the view is the merged one of all
providers by priority (the pisces model).

Values of env and headers are never printed. explain never runs anything.`,
		Example: `  mcpconf explain
  mcpconf explain github
  mcpconf explain --client codex
  mcpconf explain --root ./repo --home /tmp/fakehome --format json`,
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
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	cmd.Flags().StringVar(&opts.Client, "client", "", "show what one client loads: "+strings.Join(discover.Clients(), ", "))
	cmd.Flags().BoolVar(&opts.NoColor, "no-color", false, "disable colors (also NO_COLOR)")
	return cmd
}

func runExplain(opts *explainOptions) error {
	if opts.Format != "text" && opts.Format != "json" {
		return usagef("unknown format %q: use text or json", opts.Format)
	}
	dopts, err := opts.Flags.options(opts.IO)
	if err != nil {
		return err
	}
	var set *normalize.Set
	if opts.Client != "" {
		set, err = discover.ClientView(dopts, opts.Client)
		var uc *discover.UnknownClientError
		if errors.As(err, &uc) {
			return usageError{err}
		}
	} else {
		set, err = discover.Discover(dopts)
	}
	if err != nil {
		return err
	}
	w := opts.IO.Out
	if opts.Name == "" {
		if opts.Format == "json" {
			return report.ExplainJSON(w, set)
		}
		return report.ExplainText(w, set, opts.IO.Style(opts.NoColor))
	}
	e := findEntry(set, opts.Name)
	if e == nil {
		msg := fmt.Sprintf("no server named %q in any source", opts.Name)
		if near := nearest(set, opts.Name); near != "" {
			msg += fmt.Sprintf("; did you mean %q?", near)
		}
		fmt.Fprintf(opts.IO.ErrOut, "mcpconf: %s\n", msg)
		return silentError{exitFindings}
	}
	if opts.Format == "json" {
		return report.ExplainNameJSON(w, set, e)
	}
	return report.ExplainNameText(w, set, e, opts.IO.Style(opts.NoColor))
}

func findEntry(set *normalize.Set, name string) *normalize.Entry {
	i := sort.Search(len(set.Entries), func(i int) bool { return set.Entries[i].Server.Name >= name })
	if i < len(set.Entries) && set.Entries[i].Server.Name == name {
		return &set.Entries[i]
	}
	return nil
}

func nearest(set *normalize.Set, name string) string {
	names := make([]string, len(set.Entries))
	for i, e := range set.Entries {
		names[i] = e.Server.Name
	}
	return normalize.Closest(name, names)
}
