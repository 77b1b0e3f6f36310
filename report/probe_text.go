package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// ProbeTextOptions says what the text format prints besides the details.
type ProbeTextOptions struct {
	// Lines prints one line per server first; leave it off when the lines
	// were printed live with ProbeLine as each server finished.
	Lines bool
	// Tools lists each tool of the servers that answered, as a signature
	// with its description.
	Tools bool
}

// statusWidth aligns what follows the status in ProbeLine: the width of
// "needs-auth", the longest status of a server probe starts. A longer
// status (pending-approval, of a server the client does not start) takes
// the room it needs on its own line: a column as wide as it made most
// lines wrap at 80 columns.
const statusWidth = len("needs-auth")

// ProbeLine writes the one line of a finished server, for live output
// from probe.Options.OnDone:
//
//	ok         github [claude] stdio 2026-07-28: 12 tools, 3 resources, 1 prompt (412ms)
//	needs-auth linear [cursor] http: authorization required (88ms)
//	timeout    slow [codex] stdio: timed out after 30s in handshake (30.0s)
//	pending-approval everything [claude]: not approved in .mcp.json
//
// On a terminal a line too long wraps under the name, past the status.
func ProbeLine(w io.Writer, r view.ProbeResult, st Style) error {
	_, err := io.WriteString(w, probeLines(r, st))
	return err
}

// probeLines is a server's line, wrapped on a terminal, and under it,
// for a server the client does not start, what to do to start it.
func probeLines(r view.ProbeResult, st Style) string {
	s := strings.Join(wrap(probeLine(r, st), st.Width, probeIndent), "\n") + "\n"
	if !r.Hint.IsZero() {
		s += strings.Join(wrap(probeIndent+st.dim("to start it:")+" "+r.Hint.String(), st.Width, probeIndent+"  "), "\n") + "\n"
	}
	return s
}

// probeProgress redraws the progress line of a probe run on a terminal:
// it returns to the start of the line, clears it and writes line, cut to
// one cell less than the terminal's width. A line that wrapped would
// leave its first rows behind at each redraw.
func probeProgress(w io.Writer, line secret.Safe, st Style) error {
	_, err := io.WriteString(w, "\r\x1b[K"+cutTo(line.String(), st.Width-1))
	return err
}

// probeIndent is where the wrapped part of a probe line starts: under the
// server's name.
var probeIndent = strings.Repeat(" ", statusWidth+1)

func probeLine(r view.ProbeResult, st Style) string {
	status := fmt.Sprintf("%-*s", statusWidth, r.Status)
	var b strings.Builder
	b.WriteString(statusColor(r.Tone, st)(status))
	b.WriteString(" ")
	b.WriteString(st.bold(r.Name.String()))
	if !r.Client.IsZero() {
		b.WriteString(" [" + r.Client.String() + "]")
	}
	started := r.Timings.Total > 0
	if !r.Transport.IsZero() && started {
		b.WriteString(" " + r.Transport.String())
	}
	if r.OK && !r.ProtocolVersion.IsZero() {
		b.WriteString(" " + r.ProtocolVersion.String())
	}
	b.WriteString(": ")
	if r.OK {
		b.WriteString(probeCounts(r))
	} else {
		b.WriteString(r.Reason.String())
	}
	if started {
		b.WriteString(" " + st.dim("("+fmtMS(r.Timings.Total)+")"))
	}
	return b.String()
}

func probeCounts(r view.ProbeResult) string {
	parts := []string{plural(len(r.Tools), "tool")}
	if r.Resources != nil {
		parts = append(parts, plural(*r.Resources, "resource"))
	}
	if r.Prompts != nil {
		parts = append(parts, plural(*r.Prompts, "prompt"))
	}
	return strings.Join(parts, ", ")
}

func statusColor(t view.Tone, st Style) func(string) string {
	switch t {
	case view.Good:
		return st.green
	case view.Warn:
		return st.yellow
	}
	return st.red
}

// fmtMS prints a duration the way people read them: "412ms", "30.0s".
func fmtMS(d time.Duration) string {
	if d < time.Millisecond {
		return "<1ms"
	}
	if d < time.Second {
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}

// probeText writes the report of a probe run: the lines (unless they were
// printed live), each server's tools (with Tools), the details of every
// server that is not ok or has findings, and a summary line.
func probeText(w io.Writer, results []view.ProbeResult, opts ProbeTextOptions, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	ew := &errWriter{w: w}
	if opts.Lines {
		for _, r := range results {
			io.WriteString(ew, probeLines(r, st))
		}
	}
	if opts.Tools {
		for _, r := range results {
			if r.OK {
				fmt.Fprintln(ew)
				writeTools(ew, r, st)
			}
		}
	}
	for _, r := range results {
		// Details say more than the line: findings, stderr, authorization.
		if r.OK && !hasFindings(r) || len(r.Diagnostics) == 0 && len(r.Stderr) == 0 && r.Auth == nil {
			continue
		}
		fmt.Fprintln(ew)
		writeDetails(ew, r, st)
	}
	fmt.Fprintln(ew)
	fmt.Fprintln(ew, probeSummary(results, st))
	return ew.err
}

func hasFindings(r view.ProbeResult) bool {
	for _, d := range r.Diagnostics {
		if d.Severity >= view.Warning {
			return true
		}
	}
	return false
}

func serverHead(r view.ProbeResult, st Style) string {
	head := st.bold(r.Name.String())
	if !r.Client.IsZero() {
		head += " [" + r.Client.String() + "]"
	}
	return head
}

func writeTools(w io.Writer, r view.ProbeResult, st Style) {
	fmt.Fprintf(w, "%s: %s", serverHead(r, st), plural(len(r.Tools), "tool"))
	if !r.ServerName.IsZero() {
		fmt.Fprintf(w, " %s", st.dim("(server "+r.ServerName.String()+" "+r.ServerVersion.String()+")"))
	}
	fmt.Fprintln(w)
	for _, t := range r.Tools {
		fmt.Fprintf(w, "  %s\n", st.cyan(signature(t.Name.String(), t.InputSchema.Raw())))
		if d := shortDescription(t.Description, 300); d != "" {
			fmt.Fprintf(w, "      %s\n", d)
		}
	}
}

// shortDescription is a tool description's first paragraph on one line,
// cut to max bytes: descriptions can be pages long. The description was
// masked whole before.
func shortDescription(s secret.Safe, max int) string {
	d := firstParagraph(strings.ReplaceAll(s.String(), "\r\n", "\n"))
	if len(d) > max {
		cut := max
		for cut > 0 && d[cut]&0xC0 == 0x80 {
			cut--
		}
		d = d[:cut] + "…"
	}
	return d
}

func writeDetails(w io.Writer, r view.ProbeResult, st Style) {
	status := statusColor(r.Tone, st)(r.Status.String())
	fmt.Fprintf(w, "%s: %s", serverHead(r, st), status)
	if !r.Reason.IsZero() {
		fmt.Fprintf(w, ": %s", r.Reason)
	}
	fmt.Fprintln(w)
	if !r.ServerName.IsZero() || !r.ProtocolVersion.IsZero() {
		fmt.Fprintf(w, "  %s %s %s, protocol %s (%s), %s\n", st.dim("server:"), r.ServerName, r.ServerVersion,
			r.ProtocolVersion, eraName(r.Legacy), r.Transport)
	}
	for _, d := range r.Diagnostics {
		color := severityColor(d.Severity, st)
		// Findings about the definition (resolution, environment) point
		// at it; those of the live server have no position.
		where := ""
		if loc := location(d.Path, d.Pos); loc != "" {
			where = loc + ": "
		}
		fmt.Fprintf(w, "  %s: %s%s %s\n", color(d.Severity.String()), where, d.Message, st.dim("["+d.Rule.String()+"]"))
		if !d.Hint.IsZero() {
			fmt.Fprintf(w, "    %s %s\n", st.green("hint:"), d.Hint)
		}
	}
	if len(r.Stderr) > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("stderr, last %s:", plural(len(r.Stderr), "line"))))
		for _, l := range r.Stderr {
			fmt.Fprintf(w, "    %s %s\n", st.dim("|"), l)
		}
	}
	if r.Auth != nil {
		writeAuth(w, r.Auth, st)
	}
}

func eraName(legacy bool) string {
	if legacy {
		return "legacy initialize"
	}
	return "server/discover"
}

func writeAuth(w io.Writer, a *view.Auth, st Style) {
	label := func(s string) string { return st.dim(s) }
	fmt.Fprintf(w, "  %s\n", label(fmt.Sprintf("authorization (HTTP %d):", a.Status)))
	for _, c := range a.Challenges {
		var params []string
		for _, kv := range c.Params {
			params = append(params, fmt.Sprintf("%s=%q", kv.Key, kv.Value))
		}
		fmt.Fprintf(w, "    %s %s %s\n", label("challenge:"), c.Scheme, strings.Join(params, " "))
	}
	if m := a.ResourceMetadata; m != nil {
		fmt.Fprintf(w, "    %s %s (%s)\n", label("resource metadata:"), m.URL, m.Source)
		fmt.Fprintf(w, "      %s %s\n", label("resource:"), m.Resource)
		fmt.Fprintf(w, "      %s %s\n", label("authorization servers:"), listOrNone(m.AuthorizationServers))
		if len(m.ScopesSupported) > 0 {
			fmt.Fprintf(w, "      %s %s\n", label("scopes:"), listOrNone(m.ScopesSupported))
		}
	}
	if s := a.AuthServer; s != nil {
		kind := "RFC 8414"
		if s.Kind.String() == "openid" {
			kind = "OpenID Connect"
		}
		fmt.Fprintf(w, "    %s %s (%s, %s)\n", label("authorization server:"), s.Issuer, kind, s.MetadataURL)
		fmt.Fprintf(w, "      %s %s\n", label("authorize:"), orNone(s.AuthorizationEndpoint))
		fmt.Fprintf(w, "      %s %s\n", label("token:"), orNone(s.TokenEndpoint))
		registration := orNone(s.RegistrationEndpoint)
		if s.ClientIDMetadataDocument {
			registration += ", client ID metadata documents"
		}
		fmt.Fprintf(w, "      %s %s\n", label("registration:"), registration)
		fmt.Fprintf(w, "      %s %s\n", label("PKCE:"), listOrNone(s.CodeChallengeMethods))
	}
	for _, f := range a.Fetches {
		if f.Error.IsZero() {
			continue
		}
		status := "no answer"
		if f.Status != 0 {
			status = fmt.Sprintf("HTTP %d", f.Status)
		}
		fmt.Fprintf(w, "    %s %s: %s, %s\n", label("tried:"), f.URL, status, f.Error)
	}
}

func orNone(s secret.Safe) string {
	if s.IsZero() {
		return "none"
	}
	return s.String()
}

func listOrNone(items []secret.Safe) string {
	if len(items) == 0 {
		return "none"
	}
	return joinSafe(items, ", ")
}

// probeSummary counts servers by status, in the order of the statuses,
// and findings by severity: "5 servers: 3 ok, 1 needs-auth, 1 timeout; 2
// errors, 1 warning".
func probeSummary(results []view.ProbeResult, st Style) string {
	if len(results) == 0 {
		return "no servers to probe"
	}
	type count struct {
		rank, n int
		status  string
		tone    view.Tone
	}
	var counts []*count
	byStatus := map[string]*count{}
	var errors, warnings int
	for _, r := range results {
		c := byStatus[r.Status.String()]
		if c == nil {
			c = &count{rank: r.Rank, status: r.Status.String(), tone: r.Tone}
			byStatus[c.status] = c
			counts = append(counts, c)
		}
		c.n++
		for _, d := range r.Diagnostics {
			switch d.Severity {
			case view.Error:
				errors++
			case view.Warning:
				warnings++
			}
		}
	}
	slices.SortStableFunc(counts, func(a, b *count) int { return a.rank - b.rank })
	var parts []string
	for _, c := range counts {
		parts = append(parts, statusColor(c.tone, st)(fmt.Sprintf("%d %s", c.n, c.status)))
	}
	s := plural(len(results), "server") + ": " + strings.Join(parts, ", ")
	var f []string
	if errors > 0 {
		f = append(f, st.red(plural(errors, "error")))
	}
	if warnings > 0 {
		f = append(f, st.yellow(plural(warnings, "warning")))
	}
	if len(f) > 0 {
		s += "; " + strings.Join(f, ", ")
	}
	return s
}

// signature renders a tool like a function: "search(query: string,
// limit?: integer)". Required parameters come first, in the order of
// "required" (a JSON array keeps the server's order; an object read
// through the SDK does not), then the optional ones, marked "?", in the
// order of "properties". Types: the schema's type (several joined with
// "|", null last), "T[]" for an array of T, the values of an enum, "any"
// when the schema does not say.
func signature(name string, schema []byte) string {
	props, required := schemaProperties(schema)
	byName := make(map[string]property, len(props))
	for _, p := range props {
		byName[p.name] = p
	}
	parts := make([]string, 0, len(props))
	for _, r := range required {
		if p, ok := byName[r]; ok {
			parts = append(parts, p.name+": "+typeName(p.schema, 0))
			delete(byName, r)
		}
	}
	for _, p := range props {
		if _, optional := byName[p.name]; optional {
			parts = append(parts, p.name+"?: "+typeName(p.schema, 0))
			delete(byName, p.name)
		}
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

type property struct {
	name   string
	schema map[string]any
}

// schemaProperties reads "properties" in document order (a Go map would
// lose it) and "required".
func schemaProperties(raw []byte) ([]property, []string) {
	if len(raw) == 0 {
		return nil, nil
	}
	var top struct {
		Properties json.RawMessage `json:"properties"`
		Required   []string        `json:"required"`
	}
	if json.Unmarshal(raw, &top) != nil || len(top.Properties) == 0 {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(top.Properties))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, top.Required
	}
	var out []property
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			break
		}
		key, _ := tok.(string)
		var v any
		if dec.Decode(&v) != nil {
			break
		}
		sub, _ := v.(map[string]any) // a boolean schema says nothing of the type
		out = append(out, property{name: key, schema: sub})
	}
	return out, top.Required
}

func typeName(s map[string]any, depth int) string {
	if s == nil || depth > 3 {
		return "any"
	}
	if enum, ok := s["enum"].([]any); ok && len(enum) > 0 && len(enum) <= 6 {
		vals := make([]string, 0, len(enum))
		for _, v := range enum {
			b, _ := json.Marshal(v)
			vals = append(vals, string(b))
		}
		return strings.Join(vals, "|")
	}
	named := func(t string) string {
		if t != "array" {
			return t
		}
		items, ok := s["items"].(map[string]any)
		if !ok {
			return "any[]"
		}
		inner := typeName(items, depth+1)
		if strings.Contains(inner, "|") {
			inner = "(" + inner + ")"
		}
		return inner + "[]"
	}
	switch t := s["type"].(type) {
	case string:
		return named(t)
	case []any:
		// "null" last: ["null", "array"] reads as "string[]|null".
		var names []string
		null := false
		for _, v := range t {
			if n, ok := v.(string); ok {
				if n == "null" {
					null = true
					continue
				}
				names = append(names, named(n))
			}
		}
		if null {
			names = append(names, "null")
		}
		if len(names) > 0 {
			return strings.Join(names, "|")
		}
	}
	for _, k := range []string{"anyOf", "oneOf"} {
		if alts, ok := s[k].([]any); ok && len(alts) > 0 {
			var names []string
			for _, a := range alts {
				m, _ := a.(map[string]any)
				names = append(names, typeName(m, depth+1))
			}
			return strings.Join(names, "|")
		}
	}
	return "any"
}
