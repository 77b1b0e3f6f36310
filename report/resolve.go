package report

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// ResolvedServer is one server of one client, resolved as that client
// would (explain --resolve).
type ResolvedServer struct {
	Client   string
	Server   *normalize.Server
	Resolved resolve.Resolved
}

// rawShown is a value as written, literal secrets hidden.
func rawShown(f resolve.Field, args []string, i int) string {
	switch f.Field {
	case "env", "headers":
		if f.Raw == f.Key && f.Value != f.Raw {
			return f.Raw // a variable read by name (Codex env_vars, pisces bare names)
		}
		return MaskValue(f.Raw)
	case "args":
		if i >= 0 && i < len(args) {
			return args[i]
		}
	case "url":
		return MaskURL(f.Raw)
	}
	return resolve.MaskCredentials(f.Raw)
}

func fieldName(f resolve.Field) string {
	switch f.Field {
	case "env":
		return "env " + f.Key
	case "headers":
		return "header " + f.Key
	case "args":
		return "args[" + f.Key + "]"
	}
	return f.Field
}

// ExplainResolveText writes, for each server, every value as written and
// as the client would use it, with where each piece came from, secrets
// shown only as their origin and fingerprint; then every unresolved
// reference and every key that will not be sent.
func ExplainResolveText(w io.Writer, servers []ResolvedServer, st Style) error {
	var diags []normalize.Diagnostic
	for i, rs := range servers {
		if i > 0 {
			fmt.Fprintln(w)
		}
		s := rs.Server
		state := ""
		if st2 := ServerStatus(s); st2 != normalize.StatusEnabled {
			state = "  " + st.yellow(string(st2))
		}
		fmt.Fprintf(w, "%s %s  %s%s\n", st.bold(normalize.ProductName(rs.Client)+":"), st.bold(s.Name), st.dim(where(s.Source)), state)
		rawArgs := MaskArgs(s.Args)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "  FIELD\tAS WRITTEN\tAS USED\tWHERE IT CAME FROM")
		for _, f := range rs.Resolved.Fields {
			idx := -1
			fmt.Sscan(f.Key, &idx)
			raw := rawShown(f, rawArgs, idx)
			val := f.Shown()
			switch {
			case f.Dropped:
				val = st.yellow("not sent: " + strings.Join(f.Problems, "; "))
			case val == raw && len(f.Problems) == 0:
				val = "="
			}
			origin := strings.Join(f.Origins(), "; ")
			if len(f.Problems) > 0 && !f.Dropped {
				origin = strings.TrimPrefix(strings.Join([]string{origin, st.yellow(strings.Join(f.Problems, "; "))}, "; "), "; ")
			}
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", fieldName(f), raw, val, st.dim(origin))
		}
		tw.Flush()
		diags = append(diags, rs.Resolved.Diagnostics...)
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
	Field    string   `json:"field"`
	Key      string   `json:"key,omitempty"`
	Raw      string   `json:"raw"`
	Value    string   `json:"value"`
	Origins  []string `json:"origins"`
	Secret   bool     `json:"secret"`
	Dropped  bool     `json:"dropped"`
	Problems []string `json:"problems"`
	Path     string   `json:"path"`
	Line     int      `json:"line"`
	Column   int      `json:"column"`
}

type jsonResolvedServer struct {
	Client string              `json:"client"`
	Name   string              `json:"name"`
	Status string              `json:"status"`
	Source jsonOrigin          `json:"source"`
	Fields []jsonResolvedField `json:"fields"`
}

type resolveJSON struct {
	Servers    []jsonResolvedServer `json:"servers"`
	Unresolved []JSONDiagnostic     `json:"unresolved"`
}

// ExplainResolveJSON is ExplainResolveText as JSON.
func ExplainResolveJSON(w io.Writer, servers []ResolvedServer) error {
	out := resolveJSON{Servers: []jsonResolvedServer{}}
	var diags []normalize.Diagnostic
	for _, rs := range servers {
		s := rs.Server
		js := jsonResolvedServer{Client: rs.Client, Name: s.Name, Status: string(ServerStatus(s)), Source: origin(s.Source), Fields: []jsonResolvedField{}}
		rawArgs := MaskArgs(s.Args)
		for _, f := range rs.Resolved.Fields {
			idx := -1
			fmt.Sscan(f.Key, &idx)
			js.Fields = append(js.Fields, jsonResolvedField{Field: f.Field, Key: f.Key, Raw: rawShown(f, rawArgs, idx), Value: f.Shown(),
				Origins: orEmpty(f.Origins()), Secret: f.Secret, Dropped: f.Dropped, Problems: orEmpty(f.Problems),
				Path: f.Path, Line: f.Pos.Line, Column: f.Pos.Col})
		}
		out.Servers = append(out.Servers, js)
		diags = append(diags, rs.Resolved.Diagnostics...)
	}
	out.Unresolved = DiagnosticJSON(diags, nil)
	return writeJSON(w, out)
}
