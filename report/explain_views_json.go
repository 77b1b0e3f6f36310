package report

import (
	"io"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// The JSON of explain over several clients. Like the other JSON shapes,
// fields are added, never renamed or removed.

type jsonView struct {
	Client  string       `json:"client"`
	Product string       `json:"product"`
	Rules   string       `json:"rules"`
	Servers []jsonServer `json:"servers"`
}

type jsonCell struct {
	Status string `json:"status"`
	Reason string `json:"reason,omitempty"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type jsonRow struct {
	Name    string              `json:"name"`
	Clients map[string]jsonCell `json:"clients"`
}

type jsonWhere struct {
	Client string `json:"client"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type jsonDrift struct {
	Name string    `json:"name"`
	A    jsonWhere `json:"a"`
	B    jsonWhere `json:"b"`
	// Fields name what differs once placeholders are neutral;
	// StartsDifferently is true when transport, command, args or URL do.
	Fields            []string `json:"fields"`
	StartsDifferently bool     `json:"starts_differently"`
}

type jsonWorkspaceSource struct {
	jsonSource
	ReadBy []string `json:"read_by"`
}

type workspaceJSON struct {
	Root        string                `json:"root"`
	Home        string                `json:"home"`
	Views       []jsonView            `json:"views"`
	Matrix      []jsonRow             `json:"matrix"`
	Differences []jsonDrift           `json:"differences"`
	Sources     []jsonWorkspaceSource `json:"sources"`
	Diagnostics []JSONDiagnostic      `json:"diagnostics"`
	Notes       []string              `json:"notes"`
}

// ExplainMatrixJSON writes every client's view, the matrix of server names
// by client, the differences between clients, and the sources.
func ExplainMatrixJSON(w io.Writer, ws *normalize.Workspace, allSources bool) error {
	out := workspaceJSON{Root: ws.Root, Home: ws.Home, Views: []jsonView{}, Matrix: []jsonRow{}, Differences: []jsonDrift{},
		Sources: []jsonWorkspaceSource{}, Notes: orEmpty(ws.Notes)}
	for _, v := range ws.Views {
		jv := jsonView{Client: v.Client, Product: normalize.ProductName(v.Client), Rules: v.ClientRules, Servers: []jsonServer{}}
		for i := range v.Entries {
			e := &v.Entries[i]
			js := serverJSON(&e.Server)
			statusJSON(&js, &e.Server)
			for j := range e.Shadowed {
				sh := &e.Shadowed[j]
				js.Shadowed = append(js.Shadowed, jsonShadow{Source: origin(sh.Server.Source), Differs: len(sh.Differences) > 0,
					Differences: orEmpty(sh.Differences), Reason: sh.Reason})
			}
			jv.Servers = append(jv.Servers, js)
		}
		out.Views = append(out.Views, jv)
	}
	rows := matrix(ws)
	for _, r := range rows {
		jr := jsonRow{Name: r.name, Clients: map[string]jsonCell{}}
		for i, e := range r.cells {
			if e == nil {
				continue
			}
			s := &e.Server
			jr.Clients[ws.Views[i].Client] = jsonCell{Status: string(ServerStatus(s)), Reason: s.DisabledBy(),
				Path: s.Source.Path, Line: s.Source.Pos.Line, Column: s.Source.Pos.Col}
		}
		out.Matrix = append(out.Matrix, jr)
	}
	for _, d := range drifts(ws, rows) {
		a, b := findEntry(ws.Views[d.base], d.name), findEntry(ws.Views[d.other], d.name)
		out.Differences = append(out.Differences, jsonDrift{Name: d.name,
			A:      jsonWhere{Client: ws.Views[d.base].Client, Path: a.Server.Source.Path, Line: a.Server.Source.Pos.Line, Column: a.Server.Source.Pos.Col},
			B:      jsonWhere{Client: ws.Views[d.other].Client, Path: b.Server.Source.Path, Line: b.Server.Source.Pos.Line, Column: b.Server.Source.Pos.Col},
			Fields: d.fields, StartsDifferently: d.starts})
	}
	for _, s := range workspaceSources(ws) {
		if s.Status == normalize.Absent && !allSources {
			continue
		}
		js := jsonSource{Path: s.Path, Provider: s.Client, Scope: string(s.Scope), Section: s.Section, Status: string(s.Status), Servers: s.Servers}
		if s.Error != "" {
			e := s.Error
			js.Error = &e
		}
		out.Sources = append(out.Sources, jsonWorkspaceSource{jsonSource: js, ReadBy: s.clients})
	}
	out.Diagnostics = DiagnosticJSON(ws.Diagnostics, nil)
	return writeJSON(w, out)
}

type jsonNameView struct {
	Client      string           `json:"client"`
	Product     string           `json:"product"`
	Status      string           `json:"status"`
	Reason      string           `json:"reason,omitempty"`
	Definitions []jsonDefinition `json:"definitions"`
}

type explainNameViewsJSON struct {
	Name        string           `json:"name"`
	Clients     []jsonNameView   `json:"clients"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

// ExplainNameViewsJSON writes, for each client that defines name, its
// status and every definition, the one in use first.
func ExplainNameViewsJSON(w io.Writer, ws *normalize.Workspace, name string) error {
	out := explainNameViewsJSON{Name: name, Clients: []jsonNameView{}}
	var diags []normalize.Diagnostic
	for _, v := range ws.Views {
		e := findEntry(v, name)
		if e == nil {
			continue
		}
		nv := jsonNameView{Client: v.Client, Product: normalize.ProductName(v.Client), Status: string(ServerStatus(&e.Server)), Reason: e.Server.DisabledBy()}
		for _, d := range definitions(e) {
			js := serverJSON(d.s)
			statusJSON(&js, d.s)
			jd := jsonDefinition{Winner: d.winner, Reason: d.reason, Server: js, Differences: orEmpty(d.diffs), Fields: []jsonField{}}
			for _, m := range d.s.Node.Members {
				jd.Fields = append(jd.Fields, jsonField{Key: m.Key, Value: maskedInterface(m.Key, m.Value), Path: d.s.FieldPath(m.Key), Line: m.KeyRange.Start.Line, Column: m.KeyRange.Start.Col})
			}
			nv.Definitions = append(nv.Definitions, jd)
		}
		out.Clients = append(out.Clients, nv)
		diags = append(diags, diagnosticsFor(v, e)...)
	}
	slices.SortFunc(diags, normalize.CompareDiagnostics)
	out.Diagnostics = DiagnosticJSON(slices.CompactFunc(diags, func(a, b normalize.Diagnostic) bool { return a.String() == b.String() }), nil)
	return writeJSON(w, out)
}
