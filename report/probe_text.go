package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
)

// ProbeTextOptions says what ProbeText prints besides the details.
type ProbeTextOptions struct {
	// Lines prints one line per server first; leave it off when the lines
	// were printed live with ProbeLine as each server finished.
	Lines bool
	// Tools lists each tool of the servers that answered, as a signature
	// with its description.
	Tools bool
}

// statusWidth aligns what follows the status in ProbeLine.
const statusWidth = len(probe.StatusPendingApproval)

// ProbeLine writes the one line of a finished server, for live output
// from probe.Options.OnDone:
//
//	ok               github [claude] stdio 2026-07-28: 12 tools, 3 resources, 1 prompt (412ms)
//	needs-auth       linear [cursor] http: authorization required (88ms)
//	timeout          slow [codex] stdio: timed out after 30s in handshake (30.0s)
//	pending-approval everything [claude]: not approved in .mcp.json
func ProbeLine(w io.Writer, r probe.Result, st Style) error {
	_, err := fmt.Fprintln(w, probeLine(r, st))
	return err
}

func probeLine(r probe.Result, st Style) string {
	status := fmt.Sprintf("%-*s", statusWidth, r.Status)
	var b strings.Builder
	b.WriteString(statusColor(r.Status, st)(status))
	b.WriteString(" ")
	b.WriteString(st.bold(printable(r.Name)))
	if r.Client != "" {
		b.WriteString(" [" + printable(r.Client) + "]")
	}
	started := r.Timings.Total > 0
	if r.Transport != "" && started {
		b.WriteString(" " + r.Transport)
	}
	if r.Status == probe.StatusOK && r.ProtocolVersion != "" {
		b.WriteString(" " + printable(r.ProtocolVersion))
	}
	b.WriteString(": ")
	if r.Status == probe.StatusOK {
		b.WriteString(probeCounts(r))
	} else {
		b.WriteString(printable(MaskText(r.Reason)))
	}
	if started {
		b.WriteString(" " + st.dim("("+fmtMS(r.Timings.Total)+")"))
	}
	return b.String()
}

func probeCounts(r probe.Result) string {
	parts := []string{plural(len(r.Tools), "tool")}
	if r.Resources != nil {
		parts = append(parts, plural(*r.Resources, "resource"))
	}
	if r.Prompts != nil {
		parts = append(parts, plural(*r.Prompts, "prompt"))
	}
	return strings.Join(parts, ", ")
}

func statusColor(status string, st Style) func(string) string {
	switch status {
	case probe.StatusOK:
		return st.green
	case probe.StatusNeedsAuth, probe.StatusDisabled, probe.StatusSkipped, probe.StatusPendingApproval, probe.StatusUntrusted:
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

// ProbeProgress is the progress line to show on a terminal while servers
// are pending, from probe.Options.OnProgress: "probing 3/7: github, slack
// and 2 more".
func ProbeProgress(done, total int, pending []string) string {
	if len(pending) == 0 {
		return fmt.Sprintf("probed %d/%d", done, total)
	}
	names := make([]string, 0, 3)
	for _, n := range pending[:min(len(pending), 3)] {
		names = append(names, printable(n))
	}
	s := fmt.Sprintf("probing %d/%d: %s", done, total, strings.Join(names, ", "))
	if more := len(pending) - len(names); more > 0 {
		s += fmt.Sprintf(" and %d more", more)
	}
	return s
}

// ProbeText writes the report of a probe run: the lines (unless they were
// printed live), each server's tools (with Tools), the details of every
// server that is not ok or has findings, and a summary line.
func ProbeText(w io.Writer, results []probe.Result, opts ProbeTextOptions, st Style) error {
	ew := &errWriter{w: w}
	if opts.Lines {
		for _, r := range results {
			fmt.Fprintln(ew, probeLine(r, st))
		}
	}
	if opts.Tools {
		for _, r := range results {
			if r.Status == probe.StatusOK {
				fmt.Fprintln(ew)
				writeTools(ew, r, st)
			}
		}
	}
	for _, r := range results {
		// Details say more than the line: findings, stderr, authorization.
		if r.Status == probe.StatusOK && !hasFindings(r) || len(r.Diagnostics) == 0 && len(r.Stderr) == 0 && r.Auth == nil {
			continue
		}
		fmt.Fprintln(ew)
		writeDetails(ew, r, st)
	}
	fmt.Fprintln(ew)
	fmt.Fprintln(ew, probeSummary(results, st))
	return ew.err
}

func hasFindings(r probe.Result) bool {
	for _, d := range r.Diagnostics {
		if d.Severity >= normalize.Warning {
			return true
		}
	}
	return false
}

func serverHead(r probe.Result, st Style) string {
	head := st.bold(printable(r.Name))
	if r.Client != "" {
		head += " [" + printable(r.Client) + "]"
	}
	return head
}

func writeTools(w io.Writer, r probe.Result, st Style) {
	fmt.Fprintf(w, "%s: %s", serverHead(r, st), plural(len(r.Tools), "tool"))
	if r.Server.Name != "" {
		fmt.Fprintf(w, " %s", st.dim("(server "+printable(r.Server.Name)+" "+printable(r.Server.Version)+")"))
	}
	fmt.Fprintln(w)
	for _, t := range r.Tools {
		fmt.Fprintf(w, "  %s\n", st.cyan(printable(Signature(t.Name, t.InputSchema))))
		if d := shortDescription(MaskText(t.Description), 300); d != "" {
			fmt.Fprintf(w, "      %s\n", printable(d))
		}
	}
}

// shortDescription is a tool description's first paragraph on one line,
// cut to max bytes: descriptions can be pages long.
func shortDescription(s string, max int) string {
	s = firstParagraph(strings.ReplaceAll(s, "\r\n", "\n"))
	if len(s) > max {
		cut := max
		for cut > 0 && s[cut]&0xC0 == 0x80 {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

func writeDetails(w io.Writer, r probe.Result, st Style) {
	status := statusColor(r.Status, st)(r.Status)
	fmt.Fprintf(w, "%s: %s", serverHead(r, st), status)
	if r.Reason != "" {
		fmt.Fprintf(w, ": %s", printable(MaskText(r.Reason)))
	}
	fmt.Fprintln(w)
	if r.Server.Name != "" || r.ProtocolVersion != "" {
		fmt.Fprintf(w, "  %s %s %s, protocol %s (%s), %s\n", st.dim("server:"), printable(r.Server.Name), printable(r.Server.Version),
			printable(r.ProtocolVersion), eraName(r.Era), r.Transport)
	}
	diags := slices.Clone(r.Diagnostics)
	MaskFindings(diags)
	for _, d := range diags {
		color := severityColor(d.Severity, st)
		// Findings about the definition (resolution, environment) point
		// at it; those of the live server have no position.
		where := ""
		if loc := location(d.Path, d.Pos); loc != "" {
			where = printable(loc) + ": "
		}
		fmt.Fprintf(w, "  %s: %s%s %s\n", color(d.Severity.String()), where, printable(d.Message), st.dim("["+d.Rule+"]"))
		if d.Hint != "" {
			fmt.Fprintf(w, "    %s %s\n", st.green("hint:"), printable(d.Hint))
		}
	}
	if len(r.Stderr) > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("stderr, last %s:", plural(len(r.Stderr), "line"))))
		for _, l := range r.Stderr {
			fmt.Fprintf(w, "    %s %s\n", st.dim("|"), printable(MaskText(l)))
		}
	}
	if r.Auth != nil {
		writeAuth(w, r.Auth, st)
	}
}

func eraName(era string) string {
	if era == probe.EraLegacy {
		return "legacy initialize"
	}
	return "server/discover"
}

func writeAuth(w io.Writer, a *probe.AuthInfo, st Style) {
	label := func(s string) string { return st.dim(s) }
	fmt.Fprintf(w, "  %s\n", label(fmt.Sprintf("authorization (HTTP %d):", a.Status)))
	for _, c := range a.Challenges {
		var params []string
		for _, k := range sortedKeys(c.Params) {
			params = append(params, fmt.Sprintf("%s=%q", k, c.Params[k]))
		}
		fmt.Fprintf(w, "    %s %s %s\n", label("challenge:"), c.Scheme, printable(MaskText(strings.Join(params, " "))))
	}
	if m := a.ResourceMetadata; m != nil {
		fmt.Fprintf(w, "    %s %s (%s)\n", label("resource metadata:"), printable(MaskURL(m.URL)), m.Source)
		fmt.Fprintf(w, "      %s %s\n", label("resource:"), printable(MaskURL(m.Resource)))
		fmt.Fprintf(w, "      %s %s\n", label("authorization servers:"), listOrNone(m.AuthorizationServers))
		if len(m.ScopesSupported) > 0 {
			fmt.Fprintf(w, "      %s %s\n", label("scopes:"), listOrNone(m.ScopesSupported))
		}
	}
	if s := a.AuthServer; s != nil {
		kind := "RFC 8414"
		if s.Kind == "openid" {
			kind = "OpenID Connect"
		}
		fmt.Fprintf(w, "    %s %s (%s, %s)\n", label("authorization server:"), printable(MaskURL(s.Issuer)), kind, printable(MaskURL(s.MetadataURL)))
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
		if f.Error == "" {
			continue
		}
		status := "no answer"
		if f.Status != 0 {
			status = fmt.Sprintf("HTTP %d", f.Status)
		}
		fmt.Fprintf(w, "    %s %s: %s, %s\n", label("tried:"), printable(MaskURL(f.URL)), status, printable(MaskText(f.Error)))
	}
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return printable(MaskURL(s))
}

func listOrNone(items []string) string {
	if len(items) == 0 {
		return "none"
	}
	out := make([]string, len(items))
	for i, s := range items {
		out[i] = printable(MaskURL(s))
	}
	return strings.Join(out, ", ")
}

// probeSummary counts servers by status, in the order of the statuses,
// and findings by severity: "5 servers: 3 ok, 1 needs-auth, 1 timeout; 2
// errors, 1 warning".
func probeSummary(results []probe.Result, st Style) string {
	if len(results) == 0 {
		return "no servers to probe"
	}
	order := []string{probe.StatusOK, probe.StatusNeedsAuth, probe.StatusTimeout, probe.StatusFailed,
		probe.StatusDisabled, probe.StatusSkipped, probe.StatusPendingApproval, probe.StatusRejected,
		probe.StatusUntrusted, probe.StatusBlocked, probe.StatusInvalid}
	byStatus := map[string]int{}
	var errors, warnings int
	for _, r := range results {
		byStatus[r.Status]++
		if !slices.Contains(order, r.Status) {
			order = append(order, r.Status)
		}
		for _, d := range r.Diagnostics {
			switch d.Severity {
			case normalize.Error:
				errors++
			case normalize.Warning:
				warnings++
			}
		}
	}
	var parts []string
	for _, s := range order {
		if n := byStatus[s]; n > 0 {
			parts = append(parts, statusColor(s, st)(fmt.Sprintf("%d %s", n, s)))
		}
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

// Signature renders a tool like a function: "search(query: string,
// limit?: integer)". Required parameters come first, in the order of
// "required" (a JSON array keeps the server's order; an object read
// through the SDK does not), then the optional ones, marked "?", in the
// order of "properties". Types: the schema's type (several joined with
// "|", null last), "T[]" for an array of T, the values of an enum, "any"
// when the schema does not say.
func Signature(name string, schema json.RawMessage) string {
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
func schemaProperties(raw json.RawMessage) ([]property, []string) {
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
