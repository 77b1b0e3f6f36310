package main

import (
	"fmt"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/schemas"
	"github.com/mcpconf/mcpconf/validate"
)

type rulesOptions struct {
	IO *IO
	ID string
}

func newRulesCmd(io *IO, runF func(*rulesOptions) error) *cobra.Command {
	opts := &rulesOptions{IO: io}
	return &cobra.Command{
		Use:   "rules [ID]",
		Short: "List the lint rules, or print one rule's documentation",
		Long: `Without ID, rules lists every lint rule with its default severity and what
it finds; rules marked "(off)" run only when .mcpconf.toml enables them.

With ID, it prints that rule's documentation and, for most rules, a bad and
a good example.`,
		Example: `  mcpconf rules
  mcpconf rules hardcoded-secret`,
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
}

func runRules(opts *rulesOptions) error {
	w := opts.IO.Out
	if opts.ID == "" {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, r := range validate.Rules() {
			sev := r.Severity.String()
			if r.Off {
				sev += " (off)"
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\n", r.ID, sev, r.Title)
		}
		return tw.Flush()
	}
	r := validate.Lookup(opts.ID)
	if r == nil {
		ids := make([]string, 0)
		for _, r := range validate.Rules() {
			ids = append(ids, r.ID)
		}
		if near := normalize.Closest(opts.ID, ids); near != "" {
			return usagef("unknown rule %q; did you mean %q?", opts.ID, near)
		}
		return usagef("unknown rule %q: run 'mcpconf rules' for the list", opts.ID)
	}
	fmt.Fprint(w, validate.RuleText(r, ""))
	fmt.Fprintf(w, "\nMore: %s\n", validate.DocURL(r.ID))
	return nil
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
Without CLIENT it lists the clients and the URLs of their schemas. To use
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

// schemaClients lists the clients (and providers) that have a schema, in
// table order.
func schemaClients() []string {
	var out []string
	for _, c := range normalize.Clients() {
		if c.Schema != "" {
			out = append(out, c.ID)
		}
	}
	return out
}

func runSchema(opts *schemaOptions) error {
	w := opts.IO.Out
	if opts.Client == "" {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, c := range schemaClients() {
			fmt.Fprintf(tw, "%s\t%s%s.json\n", c, schemas.BaseURL, schemas.ForClient(c))
		}
		return tw.Flush()
	}
	name := schemas.ForClient(opts.Client)
	if name == "" {
		// Allow the schema's own name too (mcp-servers).
		if _, ok := schemas.Source(opts.Client); ok {
			name = opts.Client
		}
	}
	src, ok := schemas.Source(name)
	if !ok {
		if near := normalize.Closest(opts.Client, schemaClients()); near != "" {
			return usagef("unknown client %q; did you mean %q?", opts.Client, near)
		}
		return usagef("unknown client %q: run 'mcpconf schema' for the list", opts.Client)
	}
	_, err := w.Write(src)
	return err
}
