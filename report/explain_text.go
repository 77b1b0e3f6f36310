package report

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// secretMaps are server keys whose values are maps of secrets by nature.
var secretMaps = map[string]bool{"env": true, "headers": true, "environment": true, "http_headers": true}

// maskedInterface is v as plain data with every secret replaced.
func maskedInterface(key string, v *normalize.Value) any {
	switch {
	case v.Kind == normalize.Object && secretMaps[key]:
		out := map[string]any{}
		for _, m := range v.Unique() {
			if m.Value.Kind == normalize.String {
				out[m.Key] = MaskValue(m.Value.Str)
			} else {
				out[m.Key] = maskedInterface(m.Key, m.Value)
			}
		}
		return out
	case v.Kind == normalize.Object:
		out := map[string]any{}
		for _, m := range v.Unique() {
			out[m.Key] = maskedInterface(m.Key, m.Value)
		}
		return out
	case v.Kind == normalize.String && resolve.IsSecretKey(key) && !strings.HasSuffix(strings.ToLower(key), "_env_var"):
		return Masked
	case v.Kind == normalize.String && (key == "url" || key == "serverUrl" || key == "httpUrl"):
		return MaskURL(v.Str)
	case v.Kind == normalize.String && isToken(v.Str):
		return Masked
	case v.Kind == normalize.Array && (key == "args" || key == "command"):
		if strs, ok := v.Strings(); ok {
			return MaskArgs(strs)
		}
	case v.Kind == normalize.Array:
		out := make([]any, len(v.Items))
		for i, it := range v.Items {
			out[i] = maskedInterface("", it)
		}
		return out
	}
	return v.Interface()
}

func isToken(s string) bool {
	_, ok := resolve.TokenKind(s)
	return ok
}

func compact(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(v)
	return strings.TrimSpace(b.String())
}

type definition struct {
	s      *normalize.Server
	winner bool
	reason string
	diffs  []string
}

func definitions(e *normalize.Entry) []definition {
	why := "highest priority definition of this name"
	switch {
	case len(e.Shadowed) == 0:
		why = "only definition of this name"
	case e.Server.FieldPaths != nil:
		why = "the client merges its layers key by key: this is the result, each field from the file shown beside it"
	}
	if !e.Server.Enabled && e.Server.Off != nil && e.Server.Off.Kind != normalize.ByApproval && e.Server.Off.Kind != normalize.ByTrust && e.Server.Off.Kind != normalize.ByShape {
		why += "; it is disabled (" + e.Server.DisabledBy() + ") but still owns the name, so no other definition starts"
	}
	out := []definition{{s: &e.Server, winner: true, reason: why}}
	for i := range e.Shadowed {
		sh := &e.Shadowed[i]
		out = append(out, definition{s: &sh.Server, reason: sh.Reason, diffs: sh.Differences})
	}
	return out
}

// diagnosticsFor picks the findings inside any definition of the entry.
func diagnosticsFor(set *normalize.Set, e *normalize.Entry) []normalize.Diagnostic {
	var out []normalize.Diagnostic
	for _, d := range definitions(e) {
		for _, diag := range set.Diagnostics {
			if diag.Path == d.s.Source.Path && diag.Pointer != "" &&
				(diag.Pointer == d.s.Source.Pointer || strings.HasPrefix(diag.Pointer, d.s.Source.Pointer+"/")) {
				out = append(out, diag)
			}
		}
	}
	return out
}

func where(src normalize.Source) string {
	return fmt.Sprintf("%s:%d:%d", src.Path, src.Pos.Line, src.Pos.Col)
}

func provenance(src normalize.Source) string {
	return fmt.Sprintf("%s, %s, priority %d", src.Client, src.Scope, src.Priority)
}

// summary is the one-line form of what a server starts or connects to.
func summary(s *normalize.Server) string {
	switch {
	case s.Command != "":
		return strings.Join(append([]string{s.Command}, MaskArgs(s.Args)...), " ")
	case s.URL != "":
		return MaskURL(s.URL)
	case s.Transport == normalize.Extension:
		return "(provided by an extension)"
	}
	return "(no command or URL)"
}

// ExplainText writes the sources table, the effective servers with what
// they shadow, and the diagnostics.
func ExplainText(w io.Writer, set *normalize.Set, st Style) error {
	if set.Client != "" {
		fmt.Fprintf(w, "%s\n%s\n\n", st.bold("What "+normalize.ProductName(set.Client)+" loads here:"), set.ClientRules)
	}
	fmt.Fprintln(w, st.bold("Sources, highest priority first:"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  PRIORITY\tCLIENT\tSCOPE\tSTATUS\tSERVERS\tPATH")
	for _, s := range set.Sources {
		n, status, path := "-", string(s.Status), s.Path
		if s.Section != "" {
			path += " " + s.Section
		}
		switch s.Status {
		case normalize.Found:
			n = fmt.Sprint(s.Servers)
			status = st.green(status)
		case normalize.Failed:
			status = st.red(status)
			if s.Error != "" && s.Error[0] >= '0' && s.Error[0] <= '9' {
				path += ":" + s.Error // "path:line:col: message", as everywhere else
			} else {
				path += ": " + s.Error
			}
		default:
			status = st.dim(status)
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\t%s\n", s.Priority, s.Client, s.Scope, status, n, path)
	}
	tw.Flush()

	shadowed, merged := 0, 0
	for _, e := range set.Entries {
		if e.Server.FieldPaths != nil {
			merged += len(e.Shadowed)
		} else {
			shadowed += len(e.Shadowed)
		}
	}
	counts := fmt.Sprintf("%d effective, %d shadowed", len(set.Entries), shadowed)
	if merged > 0 {
		counts += fmt.Sprintf(", %d merged", merged)
	}
	fmt.Fprintf(w, "\n%s\n", st.bold("Servers ("+counts+"):"))
	if len(set.Entries) == 0 {
		fmt.Fprintln(w, "  none found")
	}
	block := serverBlock{
		origin:  provenance,
		notUsed: "shadows",
		status: func(s *normalize.Server) string {
			if s.Enabled {
				return ""
			}
			return "disabled: " + s.DisabledBy()
		},
	}
	for i := range set.Entries {
		block.write(w, &set.Entries[i], st)
	}
	writeDiagnosticList(w, set.Diagnostics, st)
	return nil
}

// serverBlock words the block of one server in explain's text: its line,
// where it comes from, its env and header names, and each definition of
// its name that is not used or merged into it. The pisces view and the
// client views differ only in the words.
type serverBlock struct {
	origin  func(normalize.Source) string  // after the path, in parentheses
	status  func(*normalize.Server) string // why it does not start; "" when it does
	notUsed string                         // the verb for a definition that lost its name
}

func (b serverBlock) write(w io.Writer, e *normalize.Entry, st Style) {
	s := &e.Server
	state := ""
	if why := b.status(s); why != "" {
		state = "  " + st.yellow(why)
	}
	fmt.Fprintf(w, "  %s  %s  %s%s\n", st.bold(s.Name), st.cyan(transportName(s.Transport)), summary(s), state)
	fmt.Fprintf(w, "    from %s (%s)\n", where(s.Source), b.origin(s.Source))
	if len(s.Env) > 0 {
		fmt.Fprintf(w, "    env: %s\n", maskedKeys(s.Env))
	}
	if len(s.Headers) > 0 {
		fmt.Fprintf(w, "    headers: %s\n", maskedKeys(s.Headers))
	}
	for _, sh := range e.Shadowed {
		verb, diff := b.notUsed, "identical"
		if len(sh.Differences) > 0 {
			diff = "differs in " + strings.Join(sh.Differences, ", ")
		}
		// A definition turned off by a gate that yields its name (an
		// unapproved project server) is not merged, only not used.
		if s.FieldPaths != nil && (sh.Server.Off == nil || !sh.Server.Off.Yields) {
			verb, diff = "merges", "no field overridden"
			if len(sh.Differences) > 0 {
				diff = "overridden: " + strings.Join(sh.Differences, ", ")
			}
		}
		fmt.Fprintf(w, "    %s %s (%s): %s; %s\n", st.dim(verb), where(sh.Server.Source), b.origin(sh.Server.Source), sh.Reason, diff)
	}
}

func maskedKeys(m map[string]string) string {
	keys := sortedKeys(m)
	for i, k := range keys {
		keys[i] = k + "=" + MaskValue(m[k])
	}
	return strings.Join(keys, " ")
}

func writeDiagnosticList(w io.Writer, diags []normalize.Diagnostic, st Style) {
	if len(diags) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Diagnostics (%d):", len(diags))))
	for _, d := range diags {
		sev := d.Severity.String()
		switch d.Severity {
		case normalize.Error:
			sev = st.red(sev)
		case normalize.Warning:
			sev = st.yellow(sev)
		}
		if loc := location(d.Path, d.Pos); loc != "" {
			fmt.Fprintf(w, "  %s: %s: %s [%s]\n", loc, sev, d.Message, d.Rule)
		} else {
			fmt.Fprintf(w, "  %s: %s [%s]\n", sev, d.Message, d.Rule)
		}
	}
}

// ExplainNameText writes every definition of one name, each field with its
// position, which one won and why.
func ExplainNameText(w io.Writer, set *normalize.Set, e *normalize.Entry, st Style) error {
	defs := definitions(e)
	count := fmt.Sprintf("%d definitions, highest priority first", len(defs))
	if len(defs) == 1 {
		count = "1 definition"
	}
	fmt.Fprintf(w, "%s: %s\n", st.bold(e.Server.Name), count)
	for i, d := range defs {
		mark := st.green("wins")
		if !d.winner {
			mark = st.dim("shadowed")
		} else if !d.s.Enabled {
			mark = st.yellow("wins, disabled")
		}
		fmt.Fprintf(w, "\n#%d %s (%s)  [%s]\n", i+1, st.bold(where(d.s.Source)), provenance(d.s.Source), mark)
		fmt.Fprintf(w, "   why: %s\n", d.reason)
		switch {
		case d.winner:
		case e.Server.FieldPaths != nil && len(d.diffs) > 0:
			fmt.Fprintf(w, "   overridden by a higher layer: %s\n", strings.Join(d.diffs, ", "))
		case e.Server.FieldPaths != nil:
			fmt.Fprintln(w, "   no field overridden")
		case len(d.diffs) > 0:
			fmt.Fprintf(w, "   differs from #1 in: %s\n", strings.Join(d.diffs, ", "))
		default:
			fmt.Fprintln(w, "   identical to #1")
		}
		how := "inferred"
		if d.s.TransportExplicit {
			how = "from \"type\""
		}
		fmt.Fprintf(w, "   transport: %s (%s)\n", transportName(d.s.Transport), how)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, m := range d.s.Node.Members {
			fmt.Fprintf(tw, "   %s\t%s\t%s\n", m.Key, compact(maskedInterface(m.Key, m.Value)), st.dim(fmt.Sprintf("%s:%s", d.s.FieldPath(m.Key), m.KeyRange.Start)))
		}
		tw.Flush()
	}
	writeDiagnosticList(w, diagnosticsFor(set, e), st)
	return nil
}
