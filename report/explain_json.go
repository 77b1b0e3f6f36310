package report

import (
	"encoding/json"
	"io"
	"time"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// The JSON shapes below are a stable interface: fields are added, never
// renamed or removed.

type jsonSource struct {
	Path     secret.Safe  `json:"path"`
	Provider secret.Safe  `json:"provider"`
	Scope    secret.Safe  `json:"scope"`
	Priority *int         `json:"priority,omitempty"` // a view merged by priority only
	Section  secret.Safe  `json:"section,omitzero"`
	Status   secret.Safe  `json:"status"`
	Servers  int          `json:"servers"`
	Error    *secret.Safe `json:"error"`
	// Note says why a client does not read the file (it skips it, or it
	// is not one of the client's); Hint what to do about it.
	Note secret.Safe `json:"note,omitzero"`
	Hint secret.Safe `json:"hint,omitzero"`
}

type jsonOrigin struct {
	Path     secret.Safe `json:"path"`
	Provider secret.Safe `json:"provider"`
	Scope    secret.Safe `json:"scope"`
	Priority *int        `json:"priority,omitempty"` // a view merged by priority only
	// Extension names the extension that brings the definition.
	Extension secret.Safe `json:"extension,omitzero"`
	// Plugin names the plugin that brings the definition.
	Plugin secret.Safe `json:"plugin,omitzero"`
	Line   int         `json:"line"`
	Column int         `json:"column"`
}

type jsonServer struct {
	Name           secret.Safe   `json:"name"`
	Transport      secret.Safe   `json:"transport"`
	Type           secret.Safe   `json:"type,omitzero"`
	Command        secret.Safe   `json:"command,omitzero"`
	Args           []secret.Safe `json:"args"`
	URL            secret.Safe   `json:"url,omitzero"`
	Cwd            secret.Safe   `json:"cwd,omitzero"`
	EnvFile        secret.Safe   `json:"env_file,omitzero"`
	Env            view.Map      `json:"env"`
	Headers        view.Map      `json:"headers"`
	EnvVars        []secret.Safe `json:"env_vars"`
	HeaderEnvRefs  view.Map      `json:"header_env_refs,omitzero"`
	BearerTokenEnv secret.Safe   `json:"bearer_token_env_var,omitzero"`
	Required       bool          `json:"required,omitempty"`
	Enabled        bool          `json:"enabled"`
	DisabledBy     secret.Safe   `json:"disabled_by,omitzero"`
	// Hint says what to do for the client to start a server it does not.
	Hint secret.Safe `json:"hint,omitzero"`
	// Status and Reason are set in a client's own view: what the client
	// does with the server and why it does not start it.
	Status           secret.Safe   `json:"status,omitzero"`
	Reason           secret.Safe   `json:"reason,omitzero"`
	DecidedAt        *jsonPlace    `json:"decided_at,omitempty"`
	StartupTimeoutMS *int64        `json:"startup_timeout_ms"`
	ToolTimeoutMS    *int64        `json:"tool_timeout_ms"`
	EnabledTools     []secret.Safe `json:"enabled_tools"`
	DisabledTools    []secret.Safe `json:"disabled_tools"`
	Source           jsonOrigin    `json:"source"`
	Shadowed         []jsonShadow  `json:"shadowed"`
}

// jsonPlace is where a setting that decided a status is written.
type jsonPlace struct {
	Path   secret.Safe `json:"path"`
	Line   int         `json:"line,omitempty"`
	Column int         `json:"column,omitempty"`
}

type jsonShadow struct {
	Source      jsonOrigin    `json:"source"`
	Differs     bool          `json:"differs"`
	Differences []secret.Safe `json:"differences"`
	Reason      secret.Safe   `json:"reason"`
	// WouldChange: what a patch layer that is not read would change
	// (`startup_timeout_sec 20 → 60`), and When it would.
	WouldChange []secret.Safe `json:"would_change,omitempty"`
	When        secret.Safe   `json:"when,omitzero"`
}

// JSONDiagnostic is the JSON shape of a finding, shared by explain and lint.
type JSONDiagnostic struct {
	Rule     secret.Safe `json:"rule"`
	Severity string      `json:"severity"`
	Message  secret.Safe `json:"message"`
	Path     secret.Safe `json:"path"`
	Line     int         `json:"line"`
	Column   int         `json:"column"`
	EndLine  int         `json:"end_line,omitempty"`
	EndCol   int         `json:"end_column,omitempty"`
	Pointer  secret.Safe `json:"pointer,omitzero"`
	Hint     secret.Safe `json:"hint,omitzero"`
	DocURL   secret.Safe `json:"doc_url,omitzero"`
	// Clients are the clients the finding concerns, when several read
	// its file.
	Clients []secret.Safe `json:"clients,omitempty"`
}

func origin(src view.Origin, _ bool) jsonOrigin {
	o := jsonOrigin{Path: src.Path, Provider: src.Client, Scope: src.Scope, Extension: src.Extension, Plugin: src.Plugin, Line: src.Pos.Line, Column: src.Pos.Col}
	if src.Priority != 0 { // only a view merged by priority has priorities
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

func orEmptyMap(m view.Map) view.Map {
	if m == nil {
		return view.Map{}
	}
	return m
}

func serverJSON(s *view.Server, merged bool) jsonServer {
	return jsonServer{
		Name: s.Name, Transport: s.Transport, Type: s.Type,
		Command: s.Command, Args: orEmpty(s.Args), URL: s.URL, Cwd: s.Cwd, EnvFile: s.EnvFile,
		Env: orEmptyMap(s.Env), Headers: orEmptyMap(s.Headers), EnvVars: orEmpty(s.EnvVars), HeaderEnvRefs: s.HeaderEnvRefs,
		BearerTokenEnv: s.BearerTokenEnvVar, Required: s.Required,
		Enabled: s.Enabled, DisabledBy: s.DisabledBy, Hint: s.Hint,
		StartupTimeoutMS: ms(s.StartupTimeout), ToolTimeoutMS: ms(s.ToolTimeout),
		EnabledTools: orEmpty(s.EnabledTools), DisabledTools: orEmpty(s.DisabledTools),
		Source: origin(s.Source, merged), Shadowed: []jsonShadow{},
	}
}

// statusJSON adds a client view's status, reason and the place of the
// setting that decided it.
func statusJSON(js *jsonServer, s *view.Server) {
	js.Status, js.Reason = s.Status, s.Reason
	if s.DecidedAt != nil {
		js.DecidedAt = &jsonPlace{Path: s.DecidedAt.Path, Line: s.DecidedAt.Pos.Line, Column: s.DecidedAt.Pos.Col}
	}
}

func shadowsJSON(js *jsonServer, e *view.Entry, merged bool) {
	for _, sh := range e.Shadowed {
		js.Shadowed = append(js.Shadowed, jsonShadow{Source: origin(sh.Server.Source, merged), Differs: len(sh.Differences) > 0,
			Differences: orEmpty(sh.Differences), Reason: sh.Reason, WouldChange: sh.Changes, When: sh.When})
	}
}

// diagnosticJSON converts findings; doc links are written when the
// findings have them (lint).
func diagnosticJSON(diags []view.Finding, _ bool) []JSONDiagnostic {
	out := make([]JSONDiagnostic, 0, len(diags))
	for _, d := range diags {
		j := JSONDiagnostic{Rule: d.Rule, Severity: d.Severity.String(), Message: d.Message, Path: d.Path,
			Line: d.Pos.Line, Column: d.Pos.Col, Pointer: d.Pointer, Hint: d.Hint, DocURL: d.DocURL, Clients: d.Clients}
		if d.End.IsValid() {
			j.EndLine, j.EndCol = d.End.Line, d.End.Col
		}
		out = append(out, j)
	}
	return out
}

func sourceJSON(s view.SourceFile, merged bool) jsonSource {
	js := jsonSource{Path: s.Path, Provider: s.Client, Scope: s.Scope, Section: s.Section, Status: s.Status, Servers: s.Servers, Note: s.Note, Hint: s.Hint}
	if merged {
		p := s.Priority
		js.Priority = &p
	}
	if !s.Error.IsZero() {
		e := s.Error
		js.Error = &e
	}
	return js
}

type explainJSON struct {
	Root        secret.Safe      `json:"root"`
	Home        secret.Safe      `json:"home"`
	Client      secret.Safe      `json:"client,omitzero"`
	Version     secret.Safe      `json:"client_version,omitzero"`
	ClientRules secret.Safe      `json:"client_rules,omitzero"`
	Refused     *jsonRefused     `json:"refused,omitempty"`
	Sources     []jsonSource     `json:"sources"`
	Servers     []jsonServer     `json:"servers"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
	Notes       []secret.Safe    `json:"notes,omitempty"`
}

// jsonRefused is why a client refuses its whole configuration.
type jsonRefused struct {
	Reason secret.Safe `json:"reason"`
	Hint   secret.Safe `json:"hint,omitzero"`
	Path   secret.Safe `json:"path,omitzero"`
	Line   int         `json:"line,omitempty"`
	Column int         `json:"column,omitempty"`
}

func refusedJSON(r *view.Refused) *jsonRefused {
	if r == nil {
		return nil
	}
	out := &jsonRefused{Reason: r.Reason, Hint: r.Hint}
	if r.At != nil {
		out.Path, out.Line, out.Column = r.At.Path, r.At.Pos.Line, r.At.Pos.Col
	}
	return out
}

// ExplainJSON writes one client's view: each server with its status, or,
// for a client that merges its providers' files by priority, with each
// definition's provider and priority.
func ExplainJSON(w io.Writer, set *view.Set) error {
	out := explainJSON{Root: set.Root, Home: set.Home, Client: set.Client, Version: set.Version, ClientRules: set.ClientRules, Refused: refusedJSON(set.Refused),
		Sources: []jsonSource{}, Servers: []jsonServer{}}
	for _, s := range set.Sources {
		out.Sources = append(out.Sources, sourceJSON(s, set.ByPriority))
	}
	for i := range set.Entries {
		e := &set.Entries[i]
		js := serverJSON(&e.Server, set.ByPriority)
		if !set.ByPriority {
			statusJSON(&js, &e.Server)
		}
		shadowsJSON(&js, e, set.ByPriority)
		out.Servers = append(out.Servers, js)
	}
	out.Diagnostics = diagnosticJSON(set.Diagnostics, false)
	out.Notes = set.Notes
	return writeJSON(w, out)
}

type jsonField struct {
	Key    secret.Safe `json:"key"`
	Value  secret.JSON `json:"value"`
	Path   secret.Safe `json:"path"`
	Line   int         `json:"line"`
	Column int         `json:"column"`
	// Ignored says the client does not read the field, and what it may
	// have meant.
	Ignored secret.Safe `json:"ignored,omitzero"`
}

type jsonDefinition struct {
	Winner bool        `json:"winner"`
	Reason secret.Safe `json:"reason"`
	Server jsonServer  `json:"server"`
	Fields []jsonField `json:"fields"`
	// Differences from the winner; empty for the winner itself.
	Differences []secret.Safe `json:"differences"`
}

type explainNameJSON struct {
	Name        secret.Safe      `json:"name"`
	Definitions []jsonDefinition `json:"definitions"`
	Diagnostics []JSONDiagnostic `json:"diagnostics"`
}

func definitionJSON(d *view.Definition, merged, status bool) jsonDefinition {
	js := serverJSON(&d.Server, merged)
	if status {
		statusJSON(&js, &d.Server)
	}
	jd := jsonDefinition{Winner: d.Winner, Reason: d.Reason, Server: js, Differences: orEmpty(d.Diffs), Fields: []jsonField{}}
	for _, m := range d.Server.Members {
		jd.Fields = append(jd.Fields, jsonField{Key: m.Key, Value: m.Value, Path: m.Path, Line: m.Pos.Line, Column: m.Pos.Col, Ignored: m.Ignored})
	}
	return jd
}

// explainNamePriorityJSON writes every definition of the name the set was
// built for, in a view merged by priority shown alone.
func explainNamePriorityJSON(w io.Writer, set *view.Set) error {
	e := &set.Entries[set.Named]
	out := explainNameJSON{Name: e.Server.Name}
	for i := range e.Definitions {
		out.Definitions = append(out.Definitions, definitionJSON(&e.Definitions[i], set.ByPriority, false))
	}
	out.Diagnostics = diagnosticJSON(e.Diagnostics, false)
	return writeJSON(w, out)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}
