package app

import (
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/schemas"
	"github.com/mcpconf/mcpconf/validate"
)

// RuleDoc is one rule as rules --format json prints it. Fields are added, never
// renamed or removed.
type RuleDoc struct {
	ID       string      `json:"id"`
	Title    string      `json:"title"`
	Severity string      `json:"severity"`
	Off      bool        `json:"off"`
	Clients  string      `json:"clients"`
	Doc      string      `json:"doc"`
	DocURL   string      `json:"doc_url"`
	Example  *ExampleDoc `json:"example"`
}

// ExampleDoc is a rule's examples in a RuleDoc.
type ExampleDoc struct {
	File   string            `json:"file"`
	Bad    string            `json:"bad"`
	Good   string            `json:"good"`
	Others map[string]string `json:"others,omitempty"`
	Config string            `json:"config,omitempty"`
}

// RuleDocOf is r's RuleDoc.
func RuleDocOf(r *validate.Rule) RuleDoc {
	out := RuleDoc{ID: r.ID, Title: r.Title, Severity: r.Severity.String(), Off: r.Off, Clients: r.SpeaksFor(),
		Doc: r.Doc, DocURL: validate.DocURL(r.ID)}
	if e := r.Example; e.File != "" {
		out.Example = &ExampleDoc{File: e.File, Bad: e.Bad, Good: e.Good, Others: e.Others, Config: e.Config}
	}
	return out
}

// RuleDocs documents every rule, in catalogue order.
func RuleDocs() []RuleDoc {
	all := make([]RuleDoc, 0, len(validate.Rules()))
	for _, r := range validate.Rules() {
		all = append(all, RuleDocOf(r))
	}
	return all
}

// Rule is the rule id names; an unknown id is a *UsageError that names
// the nearest one.
func Rule(id string) (*validate.Rule, error) {
	r := validate.Lookup(id)
	if r != nil {
		return r, nil
	}
	ids := make([]string, 0)
	for _, r := range validate.Rules() {
		ids = append(ids, r.ID)
	}
	if near := normalize.Closest(id, ids); near != "" {
		return nil, usagef("unknown rule %q; did you mean %q?", id, near)
	}
	return nil, usagef("unknown rule %q: run 'mcpconf rules' for the list", id)
}

// SchemaClients lists the clients (and providers) that have a schema, in
// table order.
func SchemaClients() []string {
	var out []string
	for _, c := range normalize.Clients() {
		if c.Schema != "" {
			out = append(out, c.ID)
		}
	}
	return out
}

// Schema is the JSON Schema of client's config file (or the schema of
// that name: mcp-servers). A client without one, or an unknown one, is a
// *UsageError.
func Schema(client string) ([]byte, error) {
	if c := normalize.ClientByID(client); c != nil && c.Schema == "" {
		return nil, usagef("no JSON Schema for client %q: mcpconf checks %s's files with its own rules; run 'mcpconf schema' for the clients that have one", client, c.Product)
	}
	name := schemas.ForClient(client)
	if name == "" {
		// Allow the schema's own name too (mcp-servers).
		if _, ok := schemas.Source(client); ok {
			name = client
		}
	}
	src, ok := schemas.Source(name)
	if !ok {
		if near := normalize.Closest(client, SchemaClients()); near != "" {
			return nil, usagef("unknown client %q; did you mean %q?", client, near)
		}
		return nil, usagef("unknown client %q: run 'mcpconf schema' for the list", client)
	}
	return src, nil
}
