package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/normalize"
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
		Short: "List the lint rules, or print one rule's documentation",
		Long: `Without ID, rules lists every lint rule with its default severity and what
it finds; rules marked "(off)" run only when .mcpconf.toml enables them.

With ID, it prints that rule's documentation and, for most rules, a bad and
a good example.

--format json prints the same data for tools: an array of every rule, or
with ID that rule's object.`,
		Example: `  mcpconf rules
  mcpconf rules hardcoded-secret
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
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	return cmd
}

// ruleJSON is one rule in rules --format json. Fields are added, never
// renamed or removed.
type ruleJSON struct {
	ID       string       `json:"id"`
	Title    string       `json:"title"`
	Severity string       `json:"severity"`
	Off      bool         `json:"off"`
	Clients  string       `json:"clients"`
	Doc      string       `json:"doc"`
	DocURL   string       `json:"doc_url"`
	Example  *exampleJSON `json:"example"`
}

type exampleJSON struct {
	File   string            `json:"file"`
	Bad    string            `json:"bad"`
	Good   string            `json:"good"`
	Others map[string]string `json:"others,omitempty"`
	Config string            `json:"config,omitempty"`
}

func toRuleJSON(r *validate.Rule) ruleJSON {
	out := ruleJSON{ID: string(r.ID), Title: r.Title, Severity: r.Severity.String(), Off: r.Off, Clients: r.SpeaksFor(),
		Doc: r.Doc, DocURL: validate.DocURL(r.ID)}
	if e := r.Example; e.File != "" {
		out.Example = &exampleJSON{File: e.File, Bad: e.Bad, Good: e.Good, Others: e.Others, Config: e.Config}
	}
	return out
}

func runRules(opts *rulesOptions) error {
	w := opts.IO.Out
	if opts.Format != "text" && opts.Format != "json" {
		return usagef("unknown format %q: use text or json", opts.Format)
	}
	if opts.ID == "" && opts.Format == "json" {
		all := make([]ruleJSON, 0, len(validate.Rules()))
		for _, r := range validate.Rules() {
			all = append(all, toRuleJSON(r))
		}
		return writeJSON(w, all)
	}
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
	r := validate.Lookup(normalize.RuleID(opts.ID))
	if r == nil {
		ids := make([]string, 0)
		for _, r := range validate.Rules() {
			ids = append(ids, string(r.ID))
		}
		if near := normalize.Closest(opts.ID, ids); near != "" {
			return usagef("unknown rule %q; did you mean %q?", opts.ID, near)
		}
		return usagef("unknown rule %q: run 'mcpconf rules' for the list", opts.ID)
	}
	if opts.Format == "json" {
		return writeJSON(w, toRuleJSON(r))
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
		for _, c := range normalize.Clients() {
			if c.Schema == "" {
				fmt.Fprintf(tw, "%s\t(no schema)\n", c.ID)
			} else {
				fmt.Fprintf(tw, "%s\t%s%s.json\n", c.ID, schemas.BaseURL, c.Schema)
			}
		}
		return tw.Flush()
	}
	if c := normalize.ClientByID(opts.Client); c != nil && c.Schema == "" {
		return usagef("no JSON Schema for client %q: mcpconf checks %s's files with its own rules; run 'mcpconf schema' for the clients that have one", opts.Client, c.Product)
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

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
