package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// Views of several clients side by side: the matrix of explain without
// --client, and explain NAME across clients.

// cellText is what a client does with a server, for the matrix: where the
// definition it uses is, or why it does not start it.
func cellText(e *view.Entry) string {
	if e == nil {
		return "-"
	}
	s := &e.Server
	if !s.Started {
		return s.Status.String()
	}
	return fmt.Sprintf("%s:%d", s.Source.Path, s.Source.Pos.Line)
}

// ExplainMatrixText writes, for the clients of a workspace, one row per
// server name with what each client does with it, then how the clients'
// definitions differ, then the sources (absent ones with allSources).
func ExplainMatrixText(w io.Writer, ws *view.Workspace, how secret.Safe, allSources bool, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	products := make([]string, len(ws.Views))
	for i, v := range ws.Views {
		products[i] = fmt.Sprintf("%s (%s)", v.Product, v.Client)
		if !v.Version.IsZero() {
			products[i] = fmt.Sprintf("%s (%s, %s)", v.Product, v.Client, v.Version)
		}
	}
	fmt.Fprintf(w, "%s %s\n", st.bold("Clients:"), strings.Join(products, ", "))
	if !how.IsZero() {
		fmt.Fprintf(w, "  %s\n", st.dim(how.String()))
	}
	fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Servers (%d):", len(ws.Matrix))))
	if len(ws.Matrix) == 0 {
		fmt.Fprintln(w, "  none found")
	} else {
		tw := &table{indent: "  ", head: true}
		head := []string{"NAME"}
		for _, v := range ws.Views {
			head = append(head, strings.ToUpper(v.Product.String()))
		}
		tw.add(head...)
		for _, r := range ws.Matrix {
			cells := []string{r.Name.String()}
			for _, e := range r.Cells {
				t := cellText(e)
				if e != nil && !e.Server.Started {
					t = st.yellow(t)
				}
				cells = append(cells, t)
			}
			tw.add(cells...)
		}
		tw.writeColumns(w, st.Width, 1)
	}
	if len(ws.Differences) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.bold("Differences between clients:"))
		for _, d := range ws.Differences {
			also := ""
			if d.Starts {
				also = " (they start different things)"
			}
			fmt.Fprintf(w, "  %s: %s %s and %s %s differ in %s%s\n", st.bold(d.Name.String()),
				ws.Views[d.Base].Product, where(d.A), ws.Views[d.Other].Product, where(d.B),
				joinSafe(d.Fields, ", "), also)
			for _, x := range d.Details {
				fmt.Fprintf(w, "    %s\n", x)
			}
		}
	}
	var refused []string
	for _, v := range ws.Views {
		if v.Refused != nil {
			var b strings.Builder
			writeRefused(&b, v.Refused, "  ", st)
			refused = append(refused, b.String())
		}
	}
	if len(refused) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.bold("Refused:"))
		for _, r := range refused {
			fmt.Fprint(w, r)
		}
	}
	var notOn []string
	for _, r := range ws.Matrix {
		for i, e := range r.Cells {
			if v := ws.Views[i]; e != nil && v.Refused != nil && e.Server.Reason == v.Refused.Reason {
				continue // said once, above
			}
			if e != nil && !e.Server.Started {
				line := fmt.Sprintf("%s in %s: %s", r.Name, ws.Views[i].Product, e.Server.DisabledBy)
				if !e.Server.Hint.IsZero() {
					line += "\n    " + st.dim("to start it:") + " " + e.Server.Hint.String()
				}
				notOn = append(notOn, line)
			}
		}
	}
	if len(notOn) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.bold("Not started:"))
		for _, n := range notOn {
			fmt.Fprintf(w, "  %s\n", n)
		}
	}
	writeWorkspaceSources(w, ws, allSources, st)
	for _, n := range ws.Notes {
		fmt.Fprintf(w, "  %s %s\n", st.dim("note:"), n)
	}
	writeDiagnosticList(w, ws.Diagnostics, st)
	return nil
}

// writeRefused says that a client refuses its whole configuration, why
// and what to do.
func writeRefused(w io.Writer, r *view.Refused, indent string, st Style) {
	fmt.Fprintf(w, "%s%s\n", indent, st.red(r.Reason.String()))
	if !r.Hint.IsZero() {
		fmt.Fprintf(w, "%s  %s %s\n", indent, st.dim("to load it:"), r.Hint)
	}
}

func writeWorkspaceSources(w io.Writer, ws *view.Workspace, all bool, st Style) {
	absent := 0
	fmt.Fprintf(w, "\n%s\n", st.bold("Sources:"))
	tw := &table{indent: "  ", head: true}
	tw.add("SCOPE", "STATUS", "SERVERS", "READ BY", "PATH")
	for _, s := range ws.Sources {
		if s.Absent && !all && s.Note.IsZero() {
			absent++
			continue
		}
		tw.add(s.Scope.String(), sourceStatus(s, st), sourceCount(s), joinSafe(s.ReadBy, ", "), sourcePath(s))
	}
	tw.write(w, st.Width)
	if absent > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("%d more paths checked and absent (--all-sources lists them)", absent)))
	}
}

func sourceStatus(s view.SourceFile, st Style) string {
	switch {
	case s.Found:
		return st.green(s.Status.String())
	case s.Failed:
		return st.red(s.Status.String())
	case s.Ignored:
		return st.yellow(s.Status.String())
	}
	return st.dim(s.Status.String())
}

func sourceCount(s view.SourceFile) string {
	if s.Found || s.Ignored {
		return fmt.Sprint(s.Servers)
	}
	return "-"
}

func sourcePath(s view.SourceFile) string {
	path := s.Path.String()
	if !s.Section.IsZero() {
		path += " " + s.Section.String()
	}
	if !s.Note.IsZero() {
		path += ": " + s.Note.String()
	}
	if s.Failed {
		path += errorSuffix(s.Error)
	}
	return path
}

// alonePriority is the one view of a workspace that holds only a view
// merged by priority (view.Set.ByPriority), which keeps its own layout for
// a name: every definition with its provider and priority. Nil otherwise.
func alonePriority(ws *view.Workspace) *view.Set {
	if len(ws.Views) == 1 && ws.Views[0].ByPriority && ws.Views[0].Named >= 0 {
		return ws.Views[0]
	}
	return nil
}

// ExplainNameViewsText writes, for each client that defines the name the
// workspace was built for, the definition it uses, the ones it does not
// and why, and its status.
func ExplainNameViewsText(w io.Writer, ws *view.Workspace, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	if v := alonePriority(ws); v != nil {
		explainNamePriorityText(w, v, st)
		return nil
	}
	first := true
	var missing []string
	for _, v := range ws.Views {
		if v.Named < 0 && len(v.NotLoaded) > 0 {
			if !first {
				fmt.Fprintln(w)
			}
			first = false
			fmt.Fprintf(w, "%s %s\n", st.bold(v.Product.String()+":"), st.yellow("not loaded"))
			for _, nl := range v.NotLoaded {
				fmt.Fprintf(w, "  defined at %s: %s\n", location(nl.At.Path, nl.At.Pos), nl.Why)
				if !nl.Hint.IsZero() {
					fmt.Fprintf(w, "  %s %s\n", st.dim("to load it:"), nl.Hint)
				}
			}
			continue
		}
		if v.Named < 0 {
			missing = append(missing, v.Product.String())
			continue
		}
		e := &v.Entries[v.Named]
		if !first {
			fmt.Fprintln(w)
		}
		first = false
		fmt.Fprintf(w, "%s %s\n", st.bold(v.Product.String()+":"), statusWord(&e.Server, st))
		if !e.Server.Started && !e.Server.Hint.IsZero() {
			fmt.Fprintf(w, "  %s %s\n", st.dim("to start it:"), e.Server.Hint)
		}
		writeNameDefinitions(w, e, "  ", st)
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.dim(fmt.Sprintf("not defined for %s", strings.Join(missing, ", "))))
	}
	writeDiagnosticList(w, ws.NameDiagnostics, st)
	return nil
}

// statusWord is "starts" (and without which fields it does not read) or
// the status and why.
func statusWord(s *view.Server, st Style) string {
	if s.Started {
		var ignored []string
		for _, m := range s.Members {
			if !m.Ignored.IsZero() {
				ignored = append(ignored, fmt.Sprintf("%q", m.Key))
			}
		}
		if len(ignored) > 0 {
			return st.green("starts it") + st.yellow(fmt.Sprintf(", without %s, which it does not read", strings.Join(ignored, ", ")))
		}
		return st.green("starts it")
	}
	return st.yellow(s.Status.String()) + ": " + s.DisabledBy.String()
}

// writeNameDefinitions lists every definition of one entry of a client's
// view, the one in use first, each field with its position.
func writeNameDefinitions(w io.Writer, e *view.Entry, indent string, st Style) {
	for i, d := range e.Definitions {
		mark := st.green("in use")
		switch {
		case !d.Winner && d.Server.Yields:
			mark = st.yellow(d.Server.Status.String())
		case !d.Winner && e.Server.Merged:
			mark = st.dim("merged")
		case !d.Winner:
			mark = st.dim("not used")
		}
		fmt.Fprintf(w, "%s#%d %s (%s)  [%s]\n", indent, i+1, st.bold(where(d.Server.Source)), d.Server.Source.ScopeText(), mark)
		if !d.Winner {
			fmt.Fprintf(w, "%s   why: %s\n", indent, d.Reason)
		}
		switch {
		case d.Winner:
		case len(d.Changes) > 0:
			fmt.Fprintf(w, "%s   would change %s: %s\n", indent, d.When, joinSafe(d.Changes, ", "))
		case e.Server.Merged && len(d.Diffs) > 0:
			fmt.Fprintf(w, "%s   overridden by a higher layer: %s\n", indent, joinSafe(d.Diffs, ", "))
		case e.Server.Merged:
			fmt.Fprintf(w, "%s   no field overridden\n", indent)
		case len(d.Diffs) > 0:
			fmt.Fprintf(w, "%s   differs from #1 in: %s\n", indent, joinSafe(d.Diffs, ", "))
		default:
			fmt.Fprintf(w, "%s   identical to #1\n", indent)
		}
		if d.Server.Patch {
			fmt.Fprintf(w, "%s   a patch: it sets only the fields below\n", indent)
		} else {
			fmt.Fprintf(w, "%s   transport: %s (%s)\n", indent, d.Server.Transport, transportHow(&d.Server))
		}
		writeMembers(w, &d.Server, indent+"   ", st)
	}
}

// ExplainViewText writes one client's view: the files it reads in its own
// precedence, then every server with the definition in use, the ones not
// used and why, and whether the client starts it. A client that merges
// its providers' files by priority (view.Set.ByPriority) shows every file
// with its provider and priority, and each definition a server shadows.
func ExplainViewText(w io.Writer, set *view.Set, allSources bool, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	fmt.Fprintf(w, "%s\n%s\n\n", st.bold("What "+set.Product.String()+" loads here"+modelledOn(set)+":"), set.ClientRules)
	if r := set.Refused; r != nil {
		writeRefused(w, r, "", st)
		fmt.Fprintln(w)
	}
	order, cols := "precedence", []string{"SCOPE", "STATUS", "SERVERS", "PATH"}
	if set.ByPriority {
		order, cols, allSources = "priority", append([]string{"PRIORITY", "CLIENT"}, cols...), true
	}
	fmt.Fprintln(w, st.bold("Sources, highest "+order+" first:"))
	tw := &table{indent: "  ", head: true}
	tw.add(cols...)
	absent := 0
	for _, s := range set.Sources {
		if s.Absent && !allSources && s.Note.IsZero() {
			absent++
			continue
		}
		row := []string{s.Scope.String(), sourceStatus(s, st), sourceCount(s), sourcePath(s)}
		if set.ByPriority {
			row = append([]string{fmt.Sprint(s.Priority), s.Client.String()}, row...)
		}
		tw.add(row...)
	}
	tw.write(w, st.Width)
	if absent > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("%d more paths checked and absent (--all-sources lists them)", absent)))
	}
	for _, n := range set.Notes {
		fmt.Fprintf(w, "  %s %s\n", st.dim("note:"), n)
	}
	fmt.Fprintf(w, "\n%s\n", st.bold("Servers ("+serverCounts(set)+"):"))
	if len(set.Entries) == 0 {
		fmt.Fprintln(w, "  none found")
	}
	block := serverBlock{
		origin:  func(src view.Origin) string { return src.ScopeText() },
		notUsed: "not used",
		status: func(s *view.Server) string {
			switch {
			case s.Started:
				return ""
			case set.Refused != nil && s.Reason == set.Refused.Reason:
				return s.Status.String() + ": the whole config is refused (above)"
			}
			return s.Status.String() + ": " + s.DisabledBy.String()
		},
		noHint: func(s *view.Server) bool { return set.Refused != nil && s.Reason == set.Refused.Reason },
	}
	if set.ByPriority {
		block.origin, block.notUsed = provenance, "shadows"
		block.status = func(s *view.Server) string {
			if s.Enabled {
				return ""
			}
			return "disabled: " + s.DisabledBy.String()
		}
	}
	for i := range set.Entries {
		block.write(w, &set.Entries[i], st)
	}
	writeDiagnosticList(w, set.Diagnostics, st)
	return nil
}

// serverCounts is the count after "Servers": how many start, or, merged
// by priority, how many are in effect and how many definitions they
// shadow or merge.
func serverCounts(set *view.Set) string {
	if !set.ByPriority {
		starting := 0
		for i := range set.Entries {
			if set.Entries[i].Server.Enabled {
				starting++
			}
		}
		return fmt.Sprintf("%d, %d start", len(set.Entries), starting)
	}
	shadowed, merged := 0, 0
	for _, e := range set.Entries {
		if e.Server.Merged {
			merged += len(e.Shadowed)
		} else {
			shadowed += len(e.Shadowed)
		}
	}
	counts := fmt.Sprintf("%d effective, %d shadowed", len(set.Entries), shadowed)
	if merged > 0 {
		counts += fmt.Sprintf(", %d merged", merged)
	}
	return counts
}
