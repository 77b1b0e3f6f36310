package report

import (
	"encoding/json"
	"io"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// The JSON shapes below are a stable interface: fields are added, never
// renamed or removed.

type jsonSource struct {
	Path     string  `json:"path"`
	Provider string  `json:"provider"`
	Scope    string  `json:"scope"`
	Priority *int    `json:"priority,omitempty"` // pisces's merged view only
	Section  string  `json:"section,omitempty"`
	Status   string  `json:"status"`
	Servers  int     `json:"servers"`
	Error    *string `json:"error"`
}

type jsonOrigin struct {
	Path     string `json:"path"`
	Provider string `json:"provider"`
	Scope    string `json:"scope"`
	Priority *int   `json:"priority,omitempty"` // pisces's merged view only
	Line     int    `json:"line"`
	Column   int    `json:"column"`
}

type jsonServer struct {
	Name           string            `json:"name"`
	Transport      string            `json:"transport"`
	Type           string            `json:"type,omitempty"`
	Command        string            `json:"command,omitempty"`
	Args           []string          `json:"args"`
	URL            string            `json:"url,omitempty"`
	Cwd            string            `json:"cwd,omitempty"`
	EnvFile        string            `json:"env_file,omitempty"`
	Env            map[string]string `json:"env"`
	Headers        map[string]string `json:"headers"`
	EnvVars        []string          `json:"env_vars"`
	HeaderEnvRefs  map[string]string `json:"header_env_refs,omitempty"`
	BearerTokenEnv string            `json:"bearer_token_env_var,omitempty"`
	Required       bool              `json:"required,omitempty"`
	Enabled        bool              `json:"enabled"`
	DisabledBy     string            `json:"disabled_by,omitempty"`
	// Status and Reason are set in a client's own view: what the client
	// does with the server and why it does not start it.
	Status           string       `json:"status,omitempty"`
	Reason           string       `json:"reason,omitempty"`
	DecidedAt        *jsonPlace   `json:"decided_at,omitempty"`
	StartupTimeoutMS *int64       `json:"startup_timeout_ms"`
	ToolTimeoutMS    *int64       `json:"tool_timeout_ms"`
	EnabledTools     []string     `json:"enabled_tools"`
	DisabledTools    []string     `json:"disabled_tools"`
	Source           jsonOrigin   `json:"source"`
	Shadowed         []jsonShadow `json:"shadowed"`
}

// jsonPlace is where a setting that decided a status is written.
type jsonPlace struct {
	Path   string `json:"path"`
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
}

type jsonShadow struct {
	Source      jsonOrigin `json:"source"`
	Differs     bool       `json:"differs"`
	Differences []string   `json:"differences"`
	Reason      string     `json:"reason"`
}

// JSONDiagnostic is the JSON shape of a finding, shared by explain and lint.
type JSONDiagnostic struct {
	Rule     string `json:"rule"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
	Path     string `json:"path"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	EndLine  int    `json:"end_line,omitempty"`
	EndCol   int    `json:"end_column,omitempty"`
	Pointer  string `json:"pointer,omitempty"`
	Hint     string `json:"hint,omitempty"`
	DocURL   string `json:"doc_url,omitempty"`
}

func origin(src normalize.Source) jsonOrigin {
	o := jsonOrigin{Path: src.Path, Provider: src.Client, Scope: string(src.Scope), Line: src.Pos.Line, Column: src.Pos.Col}
	if src.Priority != 0 { // only pisces's merged view has priorities
		p := src.Priority
		o.Priority = &p
	}
	return o
}

func ms(d time.Duration) *int64 {
	if d == 0 {
		return nil
	}
	v := d.Milliseconds()
	return &v
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func serverJSON(s *normalize.Server) jsonServer {
	env, headers := maskMap(s.Env), maskMap(s.Headers)
	if env == nil {
		env = map[string]string{}
	}
	if headers == nil {
		headers = map[string]string{}
	}
	return jsonServer{
		Name: s.Name, Transport: transportName(s.Transport), Type: s.Type,
		Command: s.Command, Args: orEmpty(MaskArgs(s.Args)), URL: MaskURL(s.URL), Cwd: s.Cwd, EnvFile: s.EnvFile,
		Env: env, Headers: headers, EnvVars: orEmpty(s.EnvVars), HeaderEnvRefs: s.HeaderEnvRefs,
		BearerTokenEnv: s.BearerTokenEnvVar, Required: s.Required,
		Enabled: s.Enabled, DisabledBy: s.DisabledBy(),
		StartupTimeoutMS: ms(s.StartupTimeout), ToolTimeoutMS: ms(s.ToolTimeout),
		EnabledTools: orEmpty(s.IncludeTools), DisabledTools: orEmpty(s.ExcludeTools),
		Source: origin(s.Source), Shadowed: []jsonShadow{},
	}
}

// statusJSON adds a client view's status, reason and the place of the
// setting that decided it.
func statusJSON(js *jsonServer, s *normalize.Server) {
	js.Status = string(ServerStatus(s))
	if s.Off != nil {
		js.Reason = s.Off.Reason
		if s.Off.Path != "" {
			js.DecidedAt = &jsonPlace{Path: s.Off.Path, Line: s.Off.Pos.Line, Column: s.Off.Pos.Col}
		}
	}
}

func transportName(t normalize.Transport) string {
	if t == normalize.NoTransport {
		return "unknown"
	}
	return string(t)
}

// DiagnosticJSON converts findings; docURL may be nil.
func DiagnosticJSON(diags []normalize.Diagnostic, docURL func(rule string) string) []JSONDiagnostic {
	out := make([]JSONDiagnostic, 0, len(diags))
	for _, d := range diags {
		j := JSONDiagnostic{Rule: d.Rule, Severity: d.Severity.String(), Message: d.Message, Path: d.Path,
			Line: d.Pos.Line, Column: d.Pos.Col, Pointer: d.Pointer, Hint: d.Hint}
		if d.End.IsValid() && d.End != d.Pos {
			j.EndLine, j.EndCol = d.End.Line, d.End.Col
		}
		if docURL != nil {
			j.DocURL = docURL(d.Rule)
		}
		out = append(out, j)
	}
	return out
}

type explainJSON struct {
	Root        string           `json:"root"`
	Home        string           `json:"home"`
	Client      string           `json:"client,omitempty"`
	ClientRules string           `json:"client_rules,omitempty"`
	Sources     []jsonSource     `json:"sources"`
	Servers     []jsonServer     `json:"servers"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

// ExplainJSON writes the whole discovered set.
func ExplainJSON(w io.Writer, set *normalize.Set) error {
	out := explainJSON{Root: set.Root, Home: set.Home, Client: set.Client, ClientRules: set.ClientRules, Sources: []jsonSource{}, Servers: []jsonServer{}}
	view := isView(set)
	for _, s := range set.Sources {
		js := jsonSource{Path: s.Path, Provider: s.Client, Scope: string(s.Scope),
			Section: s.Section, Status: string(s.Status), Servers: s.Servers}
		if !view {
			p := s.Priority
			js.Priority = &p
		}
		if s.Error != "" {
			e := s.Error
			js.Error = &e
		}
		out.Sources = append(out.Sources, js)
	}
	for i := range set.Entries {
		e := &set.Entries[i]
		js := serverJSON(&e.Server)
		if view {
			statusJSON(&js, &e.Server)
		}
		for j := range e.Shadowed {
			sh := &e.Shadowed[j]
			js.Shadowed = append(js.Shadowed, jsonShadow{Source: origin(sh.Server.Source), Differs: len(sh.Differences) > 0,
				Differences: orEmpty(sh.Differences), Reason: sh.Reason})
		}
		out.Servers = append(out.Servers, js)
	}
	out.Diagnostics = DiagnosticJSON(set.Diagnostics, nil)
	return writeJSON(w, out)
}

type jsonField struct {
	Key    string `json:"key"`
	Value  any    `json:"value"`
	Path   string `json:"path"`
	Line   int    `json:"line"`
	Column int    `json:"column"`
}

type jsonDefinition struct {
	Winner bool        `json:"winner"`
	Reason string      `json:"reason"`
	Server jsonServer  `json:"server"`
	Fields []jsonField `json:"fields"`
	// Differences from the winner; empty for the winner itself.
	Differences []string `json:"differences"`
}

type explainNameJSON struct {
	Name        string           `json:"name"`
	Definitions []jsonDefinition `json:"definitions"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

// ExplainNameJSON writes every definition of one server name.
func ExplainNameJSON(w io.Writer, set *normalize.Set, e *normalize.Entry) error {
	out := explainNameJSON{Name: e.Server.Name}
	for _, d := range definitions(e) {
		jd := jsonDefinition{Winner: d.winner, Reason: d.reason, Server: serverJSON(d.s), Differences: orEmpty(d.diffs), Fields: []jsonField{}}
		for _, m := range d.s.Node.Members {
			jd.Fields = append(jd.Fields, jsonField{Key: m.Key, Value: maskedInterface(m.Key, m.Value), Path: d.s.FieldPath(m.Key), Line: m.KeyRange.Start.Line, Column: m.KeyRange.Start.Col})
		}
		out.Definitions = append(out.Definitions, jd)
	}
	out.Diagnostics = DiagnosticJSON(diagnosticsFor(set, e), nil)
	return writeJSON(w, out)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
