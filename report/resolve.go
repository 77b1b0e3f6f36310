package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// ExplainResolveText writes, for each server, every value as written and
// as the client would use it, with where each piece came from, secrets
// shown only as their origin and fingerprint; then every unresolved
// reference and every key that will not be sent.
func ExplainResolveText(w io.Writer, servers []view.Resolution, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	var diags []view.Finding
	for i, rs := range servers {
		if i > 0 {
			fmt.Fprintln(w)
		}
		state := ""
		if !rs.Started {
			state = "  " + st.yellow(rs.Status.String())
			if rs.Refused.String() != "" {
				state += st.yellow(": " + rs.Refused.String())
			}
		}
		fmt.Fprintf(w, "%s %s  %s%s\n", st.bold(rs.Product.String()+":"), st.bold(rs.Name.String()), st.dim(where(rs.Source)), state)
		tw := &table{indent: "  ", head: true}
		tw.add("FIELD", "AS WRITTEN", "AS USED", "WHERE IT CAME FROM")
		for _, f := range rs.Fields {
			val := f.Value.String()
			switch {
			case f.Dropped:
				val = st.yellow("not sent: " + joinSafe(f.Problems, "; "))
			case f.Same:
				val = "="
			}
			origin := joinSafe(f.Origins, "; ")
			if len(f.Problems) > 0 && !f.Dropped {
				origin = strings.TrimPrefix(strings.Join([]string{origin, st.yellow(joinSafe(f.Problems, "; "))}, "; "), "; ")
			}
			tw.add(f.Label.String(), f.Raw.String(), val, st.dim(origin))
		}
		tw.write(w, st.Width)
		diags = append(diags, rs.Unresolved...)
	}
	if len(servers) == 0 {
		fmt.Fprintln(w, "no server to resolve")
	}
	if len(diags) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Unresolved (%d):", len(diags))))
		for _, d := range diags {
			fmt.Fprintf(w, "  %s: %s\n", location(d.Path, d.Pos), d.Message)
		}
	}
	return nil
}

type jsonResolvedField struct {
	Field    secret.Safe   `json:"field"`
	Key      secret.Safe   `json:"key,omitzero"`
	Raw      secret.Safe   `json:"raw"`
	Value    secret.Safe   `json:"value"`
	Origins  []secret.Safe `json:"origins"`
	Secret   bool          `json:"secret"`
	Dropped  bool          `json:"dropped"`
	Problems []secret.Safe `json:"problems"`
	Path     secret.Safe   `json:"path"`
	Line     int           `json:"line"`
	Column   int           `json:"column"`
}

type jsonResolvedServer struct {
	Client secret.Safe `json:"client"`
	Name   secret.Safe `json:"name"`
	Status secret.Safe `json:"status"`
	// Refused says why the client does not start it (status "failed").
	Refused secret.Safe         `json:"refused,omitzero"`
	Source  jsonOrigin          `json:"source"`
	Fields  []jsonResolvedField `json:"fields"`
}

type resolveJSON struct {
	Servers    []jsonResolvedServer `json:"servers"`
	Unresolved []JSONDiagnostic     `json:"unresolved"`
}

// ExplainResolveJSON is ExplainResolveText as JSON.
func ExplainResolveJSON(w io.Writer, servers []view.Resolution) error {
	out := resolveJSON{Servers: []jsonResolvedServer{}}
	var diags []view.Finding
	for _, rs := range servers {
		js := jsonResolvedServer{Client: rs.Client, Name: rs.Name, Status: rs.Status, Refused: rs.Refused, Source: origin(rs.Source, false), Fields: []jsonResolvedField{}}
		for _, f := range rs.Fields {
			js.Fields = append(js.Fields, jsonResolvedField{Field: f.Field, Key: f.Key, Raw: f.Raw, Value: f.Value,
				Origins: orEmpty(f.Origins), Secret: f.Secret, Dropped: f.Dropped, Problems: orEmpty(f.Problems),
				Path: f.Path, Line: f.Pos.Line, Column: f.Pos.Col})
		}
		out.Servers = append(out.Servers, js)
		diags = append(diags, rs.Unresolved...)
	}
	out.Unresolved = diagnosticJSON(diags, false)
	return writeJSON(w, out)
}
