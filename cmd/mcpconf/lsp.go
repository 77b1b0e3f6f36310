package main

import (
	"errors"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/lsp"
)

type lspOptions struct {
	IO *IO
	// Home is --home: the home directory user files are read from.
	Home string
	// Stdio is --stdio, which editors pass to every language server; it
	// is the only transport.
	Stdio bool
}

func newLSPCmd(io *IO, runF func(*lspOptions) error) *cobra.Command {
	opts := &lspOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "lsp",
		Short: "Serve LSP on stdio: lint, fixes and explain in an editor",
		Long: `lsp speaks the Language Server Protocol on stdin and stdout, for an
editor to start. For each config file a client reads that the editor opens,
it publishes what mcpconf lint --format json reports for that file in its
tree (the workspace folder that holds it), linting unsaved buffers as they
are and every open file of a tree again when one of them changes; offers
lint's fixes as quick fixes (and every safe fix of a file as
source.fixAll.mcpconf); on a hover over a server, shows what mcpconf
explain NAME says of it for each client that reads the file, and over a
placeholder, which variable each reader reads and whether it is set;
completes a server's keys, its type and variable names (never values);
goes from a name in an approval or allow/deny list to its definition; and
lists a file's servers as its symbols.

It never runs a server or a command and never writes a file: the editor
applies the edits it is offered. Values of env and headers are masked as in
explain and lint.`,
		Example: `  # Neovim 0.11+: in init.lua
  vim.lsp.config('mcpconf', { cmd = { 'mcpconf', 'lsp' },
    filetypes = { 'json', 'jsonc', 'toml' } })
  vim.lsp.enable('mcpconf')`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if runF != nil {
				return runF(opts)
			}
			return runLSP(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Home, "home", "", "home directory to read user-scope files from (default: your home)")
	cmd.Flags().BoolVar(&opts.Stdio, "stdio", false, "speak LSP on stdin and stdout (the default and only transport; editors pass it)")
	return cmd
}

func runLSP(opts *lspOptions) error {
	o := opts.IO
	err := lsp.Serve(o.Ctx(), lsp.Options{In: o.In, Out: o.Out, Log: o.ErrOut, Home: opts.Home,
		Getenv: o.Getenv, Environ: o.Environ, Getwd: o.Getwd, HomeDir: o.HomeDir, Version: versionString(), Boundary: o.Boundary})
	if errors.Is(err, lsp.ErrExitWithoutShutdown) {
		return silentError{exitFindings} // LSP: exit before shutdown exits 1
	}
	return err
}
