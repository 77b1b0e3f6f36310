package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

func where(src view.Origin) string {
	return fmt.Sprintf("%s:%d:%d", src.Path, src.Pos.Line, src.Pos.Col)
}

func provenance(src view.Origin) string {
	return fmt.Sprintf("%s, %s, priority %d", src.Client, src.Scope, src.Priority)
}

func joinSafe(parts []secret.Safe, sep string) string {
	out := make([]string, len(parts))
	for i, p := range parts {
		out[i] = p.String()
	}
	return strings.Join(out, sep)
}

// modelledOn names the client version a view reflects: " (as Claude Code
// 2.1.331 does)"; "" when its facts come from documentation alone.
func modelledOn(set *view.Set) string {
	if set.Version.IsZero() {
		return ""
	}
	return " (as " + set.Product.String() + " " + set.Version.String() + " does)"
}

// errorSuffix is a failed source's error after its path: "path:line:col:
// message", as everywhere else, or "path: message".
func errorSuffix(e secret.Safe) string {
	if s := e.String(); s != "" && s[0] >= '0' && s[0] <= '9' {
		return ":" + s
	}
	return ": " + e.String()
}

// serverBlock words the block of one server in explain's text: its line,
// where it comes from, its env and header names, and each definition of
// its name that is not used or merged into it. A view merged by priority
// and the others differ only in the words.
type serverBlock struct {
	origin  func(view.Origin) string  // after the path, in parentheses
	status  func(*view.Server) string // why it does not start; "" when it does
	notUsed string                    // the verb for a definition that lost its name
	// noHint, when set, leaves out the hint of a server (said once for
	// the whole view: a refused config).
	noHint func(*view.Server) bool
}

func (b serverBlock) write(w io.Writer, e *view.Entry, st Style) {
	s := &e.Server
	state := ""
	if why := b.status(s); why != "" {
		state = "  " + st.yellow(why)
	}
	fmt.Fprintf(w, "  %s  %s  %s%s\n", st.bold(s.Name.String()), st.cyan(s.Transport.String()), s.Summary, state)
	fmt.Fprintf(w, "    from %s (%s)\n", where(s.Source), b.origin(s.Source))
	if b.status(s) != "" && !s.Hint.IsZero() && (b.noHint == nil || !b.noHint(s)) {
		fmt.Fprintf(w, "    %s %s\n", st.dim("to start it:"), s.Hint)
	}
	if len(s.Env) > 0 {
		fmt.Fprintf(w, "    env: %s\n", keyValues(s.Env))
	}
	if len(s.Headers) > 0 {
		fmt.Fprintf(w, "    headers: %s\n", keyValues(s.Headers))
	}
	for _, sh := range e.Shadowed {
		verb, diff := b.notUsed, "identical"
		if len(sh.Differences) > 0 {
			diff = "differs in " + joinSafe(sh.Differences, ", ")
		}
		if len(sh.Changes) > 0 {
			diff = "would change " + joinSafe(sh.Changes, ", ") + " " + sh.When.String()
		}
		// A definition turned off by a gate that yields its name (an
		// unapproved project server) is not merged, only not used.
		if s.Merged && !sh.Server.Yields {
			verb, diff = "merges", "no field overridden"
			if len(sh.Differences) > 0 {
				diff = "overridden: " + joinSafe(sh.Differences, ", ")
			}
		}
		fmt.Fprintf(w, "    %s %s (%s): %s; %s\n", st.dim(verb), where(sh.Server.Source), b.origin(sh.Server.Source), sh.Reason, diff)
	}
}

// keyValues is "K=V K2=V2", the values masked as written.
func keyValues(m view.Map) string {
	parts := make([]string, len(m))
	for i, kv := range m {
		parts[i] = kv.Key.String() + "=" + kv.Value.String()
	}
	return strings.Join(parts, " ")
}

func writeDiagnosticList(w io.Writer, diags []view.Finding, st Style) {
	if len(diags) == 0 {
		return
	}
	fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Diagnostics (%d):", len(diags))))
	for _, d := range diags {
		sev := d.Severity.String()
		switch d.Severity {
		case view.Error:
			sev = st.red(sev)
		case view.Warning:
			sev = st.yellow(sev)
		}
		if loc := location(d.Path, d.Pos); loc != "" {
			fmt.Fprintf(w, "  %s: %s: %s [%s]\n", loc, sev, d.Message, d.Rule)
		} else {
			fmt.Fprintf(w, "  %s: %s [%s]\n", sev, d.Message, d.Rule)
		}
	}
}

// explainNamePriorityText writes every definition of the name the set was
// built for, in a view merged by priority shown alone: each field with its
// position, which one won and why.
func explainNamePriorityText(w io.Writer, set *view.Set, st Style) {
	e := &set.Entries[set.Named]
	defs := e.Definitions
	count := fmt.Sprintf("%d definitions, highest priority first", len(defs))
	if len(defs) == 1 {
		count = "1 definition"
	}
	fmt.Fprintf(w, "%s: %s\n", st.bold(e.Server.Name.String()), count)
	for i, d := range defs {
		mark := st.green("wins")
		if !d.Winner {
			mark = st.dim("shadowed")
		} else if !d.Server.Enabled {
			mark = st.yellow("wins, disabled")
		}
		fmt.Fprintf(w, "\n#%d %s (%s)  [%s]\n", i+1, st.bold(where(d.Server.Source)), provenance(d.Server.Source), mark)
		fmt.Fprintf(w, "   why: %s\n", d.Reason)
		if d.Winner && !d.Server.Enabled && !d.Server.Hint.IsZero() {
			fmt.Fprintf(w, "   to start it: %s\n", d.Server.Hint)
		}
		switch {
		case d.Winner:
		case e.Server.Merged && len(d.Diffs) > 0:
			fmt.Fprintf(w, "   overridden by a higher layer: %s\n", joinSafe(d.Diffs, ", "))
		case e.Server.Merged:
			fmt.Fprintln(w, "   no field overridden")
		case len(d.Diffs) > 0:
			fmt.Fprintf(w, "   differs from #1 in: %s\n", joinSafe(d.Diffs, ", "))
		default:
			fmt.Fprintln(w, "   identical to #1")
		}
		fmt.Fprintf(w, "   transport: %s (%s)\n", d.Server.Transport, transportHow(&d.Server))
		writeMembers(w, &d.Server, "   ", st)
	}
	writeDiagnosticList(w, e.Diagnostics, st)
}

func transportHow(s *view.Server) string {
	if s.TransportExplicit {
		return "from \"type\""
	}
	return "inferred"
}

// writeMembers lists the fields of a definition as written, each with the
// file and position of its key.
func writeMembers(w io.Writer, s *view.Server, indent string, st Style) {
	tw := &table{indent: indent}
	for _, m := range s.Members {
		ignored := ""
		if !m.Ignored.IsZero() {
			ignored = "  " + st.yellow("ignored: "+m.Ignored.String())
		}
		tw.add(m.Key.String(), m.Value.String(), st.dim(fmt.Sprintf("%s:%s", m.Path, m.Pos))+ignored)
	}
	tw.write(w, st.Width)
}
