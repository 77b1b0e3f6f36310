package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/schemas"
	"github.com/mcpconf/mcpconf/validate"
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
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: "+rulesFormats(0).String())
	return cmd
}

func runRules(opts *rulesOptions) error {
	w := opts.IO.Out
	format, ok := rulesFormats(helpWidth(opts.IO)).Lookup(opts.Format)
	if !ok {
		return usagef("unknown format %q: use %s", opts.Format, rulesFormats(0))
	}
	if opts.ID == "" {
		return format.list(w)
	}
	r, d, err := app.Rule(opts.ID)
	switch {
	case err != nil:
		return err
	case r != nil:
		return format.rule(w, r)
	}
	return format.diag(w, *d)
}

// rulesRenderer writes, in one format, the list of rules and probe
// diagnostics, or one rule's or diagnostic's documentation.
type rulesRenderer struct {
	list func(w io.Writer) error
	rule func(w io.Writer, r *validate.Rule) error
	diag func(w io.Writer, d probe.Rule) error
}

// rulesFormats are the rules command's output formats; the text list is
// wrapped to width.
func rulesFormats(width int) report.Formats[rulesRenderer] {
	return report.Formats[rulesRenderer]{
		{Name: "text", Render: rulesRenderer{
			list: func(w io.Writer) error { return validate.ListText(w, app.ProbeOnly(), width) },
			rule: validate.WriteRuleText, diag: validate.WriteDiagnosticText,
		}},
		{Name: "json", Render: rulesRenderer{
			list: func(w io.Writer) error { return writeJSON(w, app.RuleDocs()) },
			rule: func(w io.Writer, r *validate.Rule) error { return writeJSON(w, app.RuleDocOf(r)) },
			diag: func(w io.Writer, d probe.Rule) error { return writeJSON(w, app.DiagnosticDocOf(d)) },
		}},
	}
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
	w := opts.IO.Out
	if opts.Client == "" {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, c := range normalize.Clients() {
			if c.Schema == "" {
				fmt.Fprintf(tw, "%s\t(no schema)\n", c.ID)
			} else {
				fmt.Fprintf(tw, "%s\t%s%s.json\n", c.ID, schemas.BaseURL, c.Schema)
			}
		}
		return tw.Flush()
	}
	src, err := app.Schema(opts.Client)
	if err != nil {
		return err
	}
	_, err = w.Write(src)
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
