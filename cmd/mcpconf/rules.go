package main

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
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
		Short: "List the lint rules and probe diagnostics, or print one's documentation",
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
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	return cmd
}

// ruleJSON is one rule in rules --format json. Fields are added, never
// renamed or removed.
type ruleJSON struct {
	ID       string       `json:"id"`
	Kind     string       `json:"kind"` // "lint" or "probe"
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
	out := ruleJSON{ID: string(r.ID), Kind: "lint", Title: r.Title, Severity: r.Severity.String(), Off: r.Off, Clients: r.SpeaksFor(),
		Doc: r.Doc, DocURL: validate.DocURL(r.ID)}
	if e := r.Example; e.File != "" {
		out.Example = &exampleJSON{File: e.File, Bad: e.Bad, Good: e.Good, Others: e.Others, Config: e.Config}
	}
	return out
}

// diagnosticJSON is a probe diagnostic in rules --format json: a rule's
// fields, with "probe" for kind and no example.
func diagnosticJSON(r probe.Rule) ruleJSON {
	return ruleJSON{ID: string(r.ID), Kind: "probe", Title: r.Title, Severity: r.Severity.String(),
		Clients: "each client, for the servers mcpconf probe starts or reaches", Doc: r.Doc, DocURL: validate.DocURL(r.ID)}
}

// probeOnly is probe's diagnostics but those a lint rule documents under
// the same id.
func probeOnly() []probe.Rule {
	var out []probe.Rule
	for _, r := range probe.Rules() {
		if validate.Lookup(r.ID) == nil {
			out = append(out, r)
		}
	}
	return out
}

func runRules(opts *rulesOptions) error {
	w := opts.IO.Out
	if opts.Format != "text" && opts.Format != "json" {
		return usagef("unknown format %q: use text or json", opts.Format)
	}
	diags := probeOnly()
	if opts.ID == "" && opts.Format == "json" {
		all := make([]ruleJSON, 0, len(validate.Rules())+len(diags))
		for _, r := range validate.Rules() {
			all = append(all, toRuleJSON(r))
		}
		for _, r := range diags {
			all = append(all, diagnosticJSON(r))
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
		// a table of its own: the lint rules' columns do not move
		if err := tw.Flush(); err != nil {
			return err
		}
		tw = tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, r := range diags {
			fmt.Fprintf(tw, "%s\t%s (probe)\t%s\n", r.ID, r.Severity, r.Title)
		}
		return tw.Flush()
	}
	id := normalize.RuleID(opts.ID)
	if r := validate.Lookup(id); r != nil {
		if opts.Format == "json" {
			return writeJSON(w, toRuleJSON(r))
		}
		fmt.Fprint(w, validate.RuleText(r, ""))
		fmt.Fprintf(w, "\nMore: %s\n", validate.DocURL(r.ID))
		return nil
	}
	if i := slices.IndexFunc(diags, func(r probe.Rule) bool { return r.ID == id }); i >= 0 {
		if opts.Format == "json" {
			return writeJSON(w, diagnosticJSON(diags[i]))
		}
		fmt.Fprint(w, validate.DiagnosticText(diags[i], ""))
		fmt.Fprintf(w, "\nMore: %s\n", validate.DocURL(id))
		return nil
	}
	ids := make([]string, 0)
	for _, r := range validate.Rules() {
		ids = append(ids, string(r.ID))
	}
	for _, r := range diags {
		ids = append(ids, string(r.ID))
	}
	if near := normalize.Closest(opts.ID, ids); near != "" {
		return usagef("unknown rule %q; did you mean %q?", opts.ID, near)
	}
	return usagef("unknown rule %q: run 'mcpconf rules' for the list", opts.ID)
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
