// Package manual renders mcpconf's own documentation: its lint rules and
// probe diagnostics (mcpconf rules) and the clients' JSON Schemas
// (mcpconf schema), in the formats those commands accept.
//
// It is not package report, whose renderers print a run through views,
// because what it prints is the program's text, never a run's: no value
// of the user's reaches it. So it takes the rules and schemas themselves,
// and prints a documentation's example token as the documentation writes
// it, where a view would mask it (the hardcoded-secret rule's bad
// example).
package manual

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/schemas"
	"github.com/mcpconf/mcpconf/validate"
)

// RulesRenderer writes, in one format, the list of lint rules and probe
// diagnostics (a text list wrapped to width; 0: not wrapped), or one
// rule's or diagnostic's documentation.
type RulesRenderer struct {
	List       func(w io.Writer, width int) error
	Rule       func(w io.Writer, r *validate.Rule) error
	Diagnostic func(w io.Writer, d probe.Rule) error
}

// RulesFormats are the rules command's output formats.
func RulesFormats() report.Formats[RulesRenderer] {
	return report.Formats[RulesRenderer]{
		{Name: "text", Render: RulesRenderer{
			List: func(w io.Writer, width int) error { return validate.ListText(w, app.ProbeOnly(), width) },
			Rule: validate.WriteRuleText, Diagnostic: validate.WriteDiagnosticText,
		}},
		{Name: "json", Render: RulesRenderer{
			List:       func(w io.Writer, _ int) error { return writeJSON(w, app.RuleDocs()) },
			Rule:       func(w io.Writer, r *validate.Rule) error { return writeJSON(w, app.RuleDocOf(r)) },
			Diagnostic: func(w io.Writer, d probe.Rule) error { return writeJSON(w, app.DiagnosticDocOf(d)) },
		}},
	}
}

// SchemaList writes every client with the URL of its schema, "(no
// schema)" for a client whose files are checked without one.
func SchemaList(w io.Writer) error {
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

// Schema writes a JSON Schema as mcpconf keeps it (app.Schema).
func Schema(w io.Writer, src []byte) error {
	_, err := w.Write(src)
	return err
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
