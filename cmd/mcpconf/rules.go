package main

import (
	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/report/manual"
)

type rulesOptions struct {
	IO     *IO
	ID     string
	Format string
}

func newRulesCmd(io *IO, runF func(*rulesOptions) error) *cobra.Command {
	opts := &rulesOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the lint rules and probe diagnostics, or document one",
		Long: `Without ID, rules lists every lint rule with its default severity and what
it finds; rules marked "(off)" run only when .mcpconf.toml enables them.
Then it lists the diagnostics of mcpconf probe, marked "(probe)".

With ID, it prints that rule's or diagnostic's documentation and, for most
lint rules, a bad and a good example.

--format json prints the same data for tools: an array of every rule and
diagnostic, or with ID that one's object.`,
		Example: `  mcpconf rules
  mcpconf rules hardcoded-secret
  mcpconf rules transport-fallback
  mcpconf rules --format json`,
		Args: maxOneArg("ID"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.ID = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runRules(opts)
		},
	}
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+manual.RulesFormats().String())
	return cmd
}

func runRules(opts *rulesOptions) error {
	w := opts.IO.Out
	format, ok := manual.RulesFormats().Lookup(opts.Format)
	if !ok {
		return usagef("unknown format %q: use %s", opts.Format, manual.RulesFormats())
	}
	if opts.ID == "" {
		return format.List(w, helpWidth(opts.IO))
	}
	r, d, err := app.Rule(opts.ID)
	switch {
	case err != nil:
		return err
	case r != nil:
		return format.Rule(w, r)
	}
	return format.Diagnostic(w, *d)
}

type schemaOptions struct {
	IO     *IO
	Client string
}

func newSchemaCmd(io *IO, runF func(*schemaOptions) error) *cobra.Command {
	opts := &schemaOptions{IO: io}
	return &cobra.Command{
		Use:   "schema [CLIENT]",
		Short: "Print the JSON Schema of a client's config file, for editors",
		Long: `schema prints the JSON Schema mcpconf validates a client's file against.
Without CLIENT it lists the clients and the URLs of their schemas ("(no
schema)" for a client whose files are checked without one). To use
one in an editor, save it and point the file at it: "$schema" or the
json.schemas setting for JSON files, a "#:schema" comment (Taplo, Even
Better TOML) for TOML files.`,
		Example: `  mcpconf schema
  mcpconf schema vscode > .vscode/mcp.schema.json`,
		Args: maxOneArg("CLIENT"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				opts.Client = args[0]
			}
			if runF != nil {
				return runF(opts)
			}
			return runSchema(opts)
		},
	}
}

func runSchema(opts *schemaOptions) error {
	if opts.Client == "" {
		return manual.SchemaList(opts.IO.Out)
	}
	src, err := app.Schema(opts.Client)
	if err != nil {
		return err
	}
	return manual.Schema(opts.IO.Out, src)
}
