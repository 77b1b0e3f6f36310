package app

import (
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/schemas"
	"github.com/mcpconf/mcpconf/validate"
)

// RuleDoc is one lint rule or probe diagnostic as rules --format json
// prints it. Fields are added, never renamed or removed.
type RuleDoc struct {
	ID       string      `json:"id"`
	Kind     string      `json:"kind"` // "lint" or "probe"
	Title    string      `json:"title"`
	Severity string      `json:"severity"`
	Off      bool        `json:"off"`
	Clients  string      `json:"clients"`
	Doc      string      `json:"doc"`
	DocURL   string      `json:"doc_url"`
	Example  *ExampleDoc `json:"example"`
	// Fix is what lint --fix does about the rule's findings; absent when
	// it has no fix.
	Fix *FixDoc `json:"fix,omitempty"`
	// Contexts are where the rule's findings have a severity of their
	// own (validate.Context); absent when they all have Severity.
	Contexts []ContextDoc `json:"contexts,omitempty"`
}

// ContextDoc is one of a rule's contexts in a RuleDoc: the severity lint
// gives its findings there.
type ContextDoc struct {
	When     string `json:"when"`
	Severity string `json:"severity"`
}

// FixDoc is a rule's fix in a RuleDoc: what it does, and whether lint
// --fix applies it (safe) or only with --unsafe-fixes.
type FixDoc struct {
	Description string `json:"description"`
	Safe        bool   `json:"safe"`
}

// ExampleDoc is a rule's examples in a RuleDoc.
type ExampleDoc struct {
	File   string            `json:"file"`
	Bad    string            `json:"bad"`
	Good   string            `json:"good"`
	Others map[string]string `json:"others,omitempty"`
	Config string            `json:"config,omitempty"`
}

// RuleDocOf is lint rule r's RuleDoc.
func RuleDocOf(r *validate.Rule) RuleDoc {
	out := RuleDoc{ID: string(r.ID), Kind: "lint", Title: r.Title, Severity: r.Severity.String(), Off: r.Off, Clients: r.SpeaksFor(),
		Doc: r.DocText(), DocURL: validate.DocURL(r.ID)}
	if e := r.Example; e.File != "" {
		out.Example = &ExampleDoc{File: e.File, Bad: e.Bad, Good: e.Good, Others: e.Others, Config: e.Config}
	}
	if r.Fix != "" {
		out.Fix = &FixDoc{Description: r.Fix, Safe: !r.FixUnsafe}
	}
	for _, c := range r.Contexts {
		out.Contexts = append(out.Contexts, ContextDoc{When: c.When, Severity: c.Severity.String()})
	}
	return out
}

// DiagnosticDocOf is probe diagnostic r's RuleDoc: a rule's fields, with
// "probe" for kind and no example.
func DiagnosticDocOf(r probe.Rule) RuleDoc {
	return RuleDoc{ID: string(r.ID), Kind: "probe", Title: r.Title, Severity: r.Severity.String(),
		Clients: "each client, for the servers mcpconf probe starts or reaches", Doc: r.Doc, DocURL: validate.DocURL(r.ID)}
}

// ProbeOnly is probe's diagnostics but those a lint rule documents under
// the same id.
func ProbeOnly() []probe.Rule {
	var out []probe.Rule
	for _, r := range probe.Rules() {
		if validate.Lookup(r.ID) == nil {
			out = append(out, r)
		}
	}
	return out
}

// RuleDocs documents every lint rule, in catalogue order, then every
// probe diagnostic of ProbeOnly.
func RuleDocs() []RuleDoc {
	diags := ProbeOnly()
	all := make([]RuleDoc, 0, len(validate.Rules())+len(diags))
	for _, r := range validate.Rules() {
		all = append(all, RuleDocOf(r))
	}
	for _, r := range diags {
		all = append(all, DiagnosticDocOf(r))
	}
	return all
}

// Rule is the lint rule id names, else the probe diagnostic (one of the
// two is set); an unknown id is a *UsageError that names the nearest one.
func Rule(id string) (*validate.Rule, *probe.Rule, error) {
	rid := normalize.RuleID(id)
	if r := validate.Lookup(rid); r != nil {
		return r, nil, nil
	}
	diags := ProbeOnly()
	if i := slices.IndexFunc(diags, func(r probe.Rule) bool { return r.ID == rid }); i >= 0 {
		return nil, &diags[i], nil
	}
	ids := make([]string, 0)
	for _, r := range validate.Rules() {
		ids = append(ids, string(r.ID))
	}
	for _, r := range diags {
		ids = append(ids, string(r.ID))
	}
	if near := normalize.Closest(id, ids); near != "" {
		return nil, nil, usagef("unknown rule %q; did you mean %q?", id, near)
	}
	return nil, nil, usagef("unknown rule %q: run 'mcpconf rules' for the list", id)
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
