package report

import (
	"io"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// The JSON of explain over several clients. Like the other JSON shapes,
// fields are added, never renamed or removed.

type jsonView struct {
	Client  secret.Safe  `json:"client"`
	Product secret.Safe  `json:"product"`
	Version secret.Safe  `json:"client_version,omitzero"`
	Rules   secret.Safe  `json:"rules"`
	Refused *jsonRefused `json:"refused,omitempty"`
	Servers []jsonServer `json:"servers"`
}

type jsonCell struct {
	Status secret.Safe `json:"status"`
	Reason secret.Safe `json:"reason,omitzero"`
	Hint   secret.Safe `json:"hint,omitzero"`
	Path   secret.Safe `json:"path"`
	Line   int         `json:"line"`
	Column int         `json:"column"`
}

type jsonRow struct {
	Name    secret.Safe         `json:"name"`
	Clients map[string]jsonCell `json:"clients"` // by client id
}

type jsonWhere struct {
	Client secret.Safe `json:"client"`
	Path   secret.Safe `json:"path"`
	Line   int         `json:"line"`
	Column int         `json:"column"`
}

type jsonDrift struct {
	Name secret.Safe `json:"name"`
	A    jsonWhere   `json:"a"`
	B    jsonWhere   `json:"b"`
	// Fields name what differs once placeholders are neutral;
	// StartsDifferently is true when transport, command, args or URL do.
	Fields            []secret.Safe `json:"fields"`
	StartsDifferently bool          `json:"starts_differently"`
	// Details say how each client passes each value that differs:
	// names and placeholders, never a value.
	Details []secret.Safe `json:"details"`
}

type jsonWorkspaceSource struct {
	jsonSource
	ReadBy []secret.Safe `json:"read_by"`
}

type workspaceJSON struct {
	Root        secret.Safe           `json:"root"`
	Home        secret.Safe           `json:"home"`
	Views       []jsonView            `json:"views"`
	Matrix      []jsonRow             `json:"matrix"`
	Differences []jsonDrift           `json:"differences"`
	Sources     []jsonWorkspaceSource `json:"sources"`
	Diagnostics []JSONDiagnostic      `json:"diagnostics"`
	Notes       []secret.Safe         `json:"notes"`
}

// ExplainMatrixJSON writes every client's view, the matrix of server names
// by client, the differences between clients, and the sources.
func ExplainMatrixJSON(w io.Writer, ws *view.Workspace, allSources bool) error {
	out := workspaceJSON{Root: ws.Root, Home: ws.Home, Views: []jsonView{}, Matrix: []jsonRow{}, Differences: []jsonDrift{},
		Sources: []jsonWorkspaceSource{}, Notes: orEmpty(ws.Notes)}
	for _, v := range ws.Views {
		jv := jsonView{Client: v.Client, Product: v.Product, Version: v.Version, Rules: v.ClientRules, Refused: refusedJSON(v.Refused), Servers: []jsonServer{}}
		for i := range v.Entries {
			e := &v.Entries[i]
			js := serverJSON(&e.Server, false)
			statusJSON(&js, &e.Server)
			shadowsJSON(&js, e, false)
			jv.Servers = append(jv.Servers, js)
		}
		out.Views = append(out.Views, jv)
	}
	for _, r := range ws.Matrix {
		jr := jsonRow{Name: r.Name, Clients: map[string]jsonCell{}}
		for i, e := range r.Cells {
			if e == nil {
				continue
			}
			s := &e.Server
			jr.Clients[ws.Views[i].Client.String()] = jsonCell{Status: s.Status, Reason: s.DisabledBy, Hint: s.Hint, Path: s.Source.Path, Line: s.Source.Pos.Line, Column: s.Source.Pos.Col}
		}
		out.Matrix = append(out.Matrix, jr)
	}
	for _, d := range ws.Differences {
		out.Differences = append(out.Differences, jsonDrift{Name: d.Name,
			A:      jsonWhere{Client: ws.Views[d.Base].Client, Path: d.A.Path, Line: d.A.Pos.Line, Column: d.A.Pos.Col},
			B:      jsonWhere{Client: ws.Views[d.Other].Client, Path: d.B.Path, Line: d.B.Pos.Line, Column: d.B.Pos.Col},
			Fields: d.Fields, StartsDifferently: d.Starts, Details: orEmpty(d.Details)})
	}
	for _, s := range ws.Sources {
		if s.Absent && !allSources {
			continue
		}
		out.Sources = append(out.Sources, jsonWorkspaceSource{jsonSource: sourceJSON(s, false), ReadBy: s.ReadBy})
	}
	out.Diagnostics = diagnosticJSON(ws.Diagnostics, false)
	return writeJSON(w, out)
}

type jsonNameView struct {
	Client      secret.Safe      `json:"client"`
	Product     secret.Safe      `json:"product"`
	Version     secret.Safe      `json:"client_version,omitzero"`
	Status      secret.Safe      `json:"status"`
	Reason      secret.Safe      `json:"reason,omitzero"`
	Hint        secret.Safe      `json:"hint,omitzero"`
	Definitions []jsonDefinition `json:"definitions"`
	// NotLoaded lists, for a client that does not load the name, where it
	// is written and why not (status "not-loaded").
	NotLoaded []jsonNotLoaded `json:"not_loaded,omitempty"`
}

type jsonNotLoaded struct {
	Path   secret.Safe `json:"path"`
	Line   int         `json:"line"`
	Column int         `json:"column"`
	Why    secret.Safe `json:"why"`
	Hint   secret.Safe `json:"hint,omitzero"`
}

type explainNameViewsJSON struct {
	Name        secret.Safe      `json:"name"`
	Clients     []jsonNameView   `json:"clients"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

// ExplainNameViewsJSON writes, for each client that defines the name the
// workspace was built for, its status and every definition, the one in
// use first.
func ExplainNameViewsJSON(w io.Writer, ws *view.Workspace) error {
	if v := alonePriority(ws); v != nil {
		return explainNamePriorityJSON(w, v)
	}
	out := explainNameViewsJSON{Name: ws.Name, Clients: []jsonNameView{}}
	for _, v := range ws.Views {
		if v.Named < 0 && len(v.NotLoaded) > 0 {
			nv := jsonNameView{Client: v.Client, Product: v.Product, Version: v.Version, Status: secret.Lit("not-loaded"), Reason: v.NotLoaded[0].Why,
				Hint: v.NotLoaded[0].Hint, Definitions: []jsonDefinition{}}
			for _, nl := range v.NotLoaded {
				nv.NotLoaded = append(nv.NotLoaded, jsonNotLoaded{Path: nl.At.Path, Line: nl.At.Pos.Line, Column: nl.At.Pos.Col, Why: nl.Why, Hint: nl.Hint})
			}
			out.Clients = append(out.Clients, nv)
			continue
		}
		if v.Named < 0 {
			continue
		}
		e := &v.Entries[v.Named]
		nv := jsonNameView{Client: v.Client, Product: v.Product, Version: v.Version, Status: e.Server.Status, Reason: e.Server.DisabledBy, Hint: e.Server.Hint}
		for i := range e.Definitions {
			nv.Definitions = append(nv.Definitions, definitionJSON(&e.Definitions[i], false, true))
		}
		out.Clients = append(out.Clients, nv)
	}
	out.Diagnostics = diagnosticJSON(ws.NameDiagnostics, false)
	return writeJSON(w, out)
}
