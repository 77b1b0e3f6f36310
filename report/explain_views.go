package report

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"text/tabwriter"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// Views of several clients side by side: the matrix of explain without
// --client, and explain NAME across clients.

// ServerStatus is a server's status in a client.
func ServerStatus(s *normalize.Server) normalize.Status {
	if s.Enabled || s.Off == nil {
		return normalize.StatusEnabled
	}
	return s.Off.Status
}

// matrixRow is one server name across the clients of a workspace.
type matrixRow struct {
	name  string
	cells []*normalize.Entry // per view; nil when the client has no such server
}

func matrix(ws *normalize.Workspace) []matrixRow {
	var names []string
	for _, v := range ws.Views {
		for _, e := range v.Entries {
			if !slices.Contains(names, e.Server.Name) {
				names = append(names, e.Server.Name)
			}
		}
	}
	slices.Sort(names)
	rows := make([]matrixRow, len(names))
	for i, n := range names {
		rows[i] = matrixRow{name: n, cells: make([]*normalize.Entry, len(ws.Views))}
		for j, v := range ws.Views {
			for k := range v.Entries {
				if v.Entries[k].Server.Name == n {
					rows[i].cells[j] = &v.Entries[k]
				}
			}
		}
	}
	return rows
}

// cellText is what a client does with a server, for the matrix: where the
// definition it uses is, or why it does not start it.
func cellText(e *normalize.Entry) string {
	if e == nil {
		return "-"
	}
	s := &e.Server
	if st := ServerStatus(s); st != normalize.StatusEnabled {
		return string(st)
	}
	return fmt.Sprintf("%s:%d", s.Source.Path, s.Source.Pos.Line)
}

// drift is how the definitions of one server differ between clients.
type drift struct {
	name   string
	base   int // view index of the definition compared against
	other  int
	fields []string
	starts bool
}

// drifts compares, for every name defined by several clients, each
// client's definition with the first client's, once placeholders are
// neutral (${X} in .mcp.json equals ${env:X} in .cursor/mcp.json).
func drifts(ws *normalize.Workspace, rows []matrixRow) []drift {
	var out []drift
	for _, r := range rows {
		base := -1
		for i, e := range r.cells {
			if e == nil || !isView(ws.Views[i]) {
				continue // pisces's merged view holds other clients' definitions
			}
			if base < 0 {
				base = i
				continue
			}
			ca, cb := normalize.ClientByID(ws.Views[base].Client), normalize.ClientByID(ws.Views[i].Client)
			fields, starts := resolve.CrossDifferences(ca, &r.cells[base].Server, cb, &e.Server)
			if len(fields) > 0 {
				out = append(out, drift{name: r.name, base: base, other: i, fields: fields, starts: starts})
			}
		}
	}
	return out
}

// ExplainMatrixText writes, for the clients of a workspace, one row per
// server name with what each client does with it, then how the clients'
// definitions differ, then the sources (absent ones with allSources).
func ExplainMatrixText(w io.Writer, ws *normalize.Workspace, how string, allSources bool, st Style) error {
	products := make([]string, len(ws.Views))
	for i, v := range ws.Views {
		products[i] = fmt.Sprintf("%s (%s)", normalize.ProductName(v.Client), v.Client)
	}
	fmt.Fprintf(w, "%s %s\n", st.bold("Clients:"), strings.Join(products, ", "))
	if how != "" {
		fmt.Fprintf(w, "  %s\n", st.dim(how))
	}
	rows := matrix(ws)
	fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Servers (%d):", len(rows))))
	if len(rows) == 0 {
		fmt.Fprintln(w, "  none found")
	} else {
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		head := []string{"NAME"}
		for _, v := range ws.Views {
			head = append(head, strings.ToUpper(normalize.ProductName(v.Client)))
		}
		fmt.Fprintf(tw, "  %s\n", strings.Join(head, "\t"))
		for _, r := range rows {
			cells := []string{r.name}
			for _, e := range r.cells {
				t := cellText(e)
				if e != nil && ServerStatus(&e.Server) != normalize.StatusEnabled {
					t = st.yellow(t)
				}
				cells = append(cells, t)
			}
			fmt.Fprintf(tw, "  %s\n", strings.Join(cells, "\t"))
		}
		tw.Flush()
	}
	if ds := drifts(ws, rows); len(ds) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.bold("Differences between clients:"))
		for _, d := range ds {
			a, b := ws.Views[d.base], ws.Views[d.other]
			ea, eb := findEntry(a, d.name), findEntry(b, d.name)
			also := ""
			if d.starts {
				also = " (they start different things)"
			}
			fmt.Fprintf(w, "  %s: %s %s and %s %s differ in %s%s\n", st.bold(d.name),
				normalize.ProductName(a.Client), where(ea.Server.Source), normalize.ProductName(b.Client), where(eb.Server.Source),
				strings.Join(d.fields, ", "), also)
		}
	}
	var notOn []string
	for _, r := range rows {
		for i, e := range r.cells {
			if e != nil && ServerStatus(&e.Server) != normalize.StatusEnabled {
				notOn = append(notOn, fmt.Sprintf("%s in %s: %s", r.name, normalize.ProductName(ws.Views[i].Client), e.Server.DisabledBy()))
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

func findEntry(set *normalize.Set, name string) *normalize.Entry {
	for i := range set.Entries {
		if set.Entries[i].Server.Name == name {
			return &set.Entries[i]
		}
	}
	return nil
}

// workspaceSource is one file and the clients that read it.
type workspaceSource struct {
	normalize.SourceFile
	clients []string
}

func workspaceSources(ws *normalize.Workspace) []workspaceSource {
	var out []workspaceSource
	index := map[string]int{}
	for _, v := range ws.Views {
		for _, s := range v.Sources {
			key := s.Path + "\x00" + s.Section
			if s.Status == normalize.Ignored {
				key += "\x00ignored" // its own row: who ignores it is the news
			}
			i, ok := index[key]
			if !ok {
				i = len(out)
				index[key] = i
				out = append(out, workspaceSource{SourceFile: s})
			}
			if s.Status != normalize.Absent && out[i].Status == normalize.Absent {
				out[i].SourceFile = s
			}
			if !slices.Contains(out[i].clients, v.Client) {
				out[i].clients = append(out[i].clients, v.Client)
			}
		}
	}
	return out
}

func writeWorkspaceSources(w io.Writer, ws *normalize.Workspace, all bool, st Style) {
	srcs := workspaceSources(ws)
	absent := 0
	fmt.Fprintf(w, "\n%s\n", st.bold("Sources:"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  SCOPE\tSTATUS\tSERVERS\tREAD BY\tPATH")
	for _, s := range srcs {
		if s.Status == normalize.Absent && !all {
			absent++
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\t%s\n", s.Scope, sourceStatus(s.SourceFile, st), sourceCount(s.SourceFile), strings.Join(s.clients, ", "), sourcePath(s.SourceFile))
	}
	tw.Flush()
	if absent > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("%d more paths checked and absent (--all-sources lists them)", absent)))
	}
}

func sourceStatus(s normalize.SourceFile, st Style) string {
	switch s.Status {
	case normalize.Found:
		return st.green(string(s.Status))
	case normalize.Failed:
		return st.red(string(s.Status))
	case normalize.Ignored:
		return st.yellow(string(s.Status))
	}
	return st.dim(string(s.Status))
}

func sourceCount(s normalize.SourceFile) string {
	if s.Status == normalize.Found || s.Status == normalize.Ignored {
		return fmt.Sprint(s.Servers)
	}
	return "-"
}

func sourcePath(s normalize.SourceFile) string {
	path := s.Path
	if s.Section != "" {
		path += " " + s.Section
	}
	if s.Note != "" {
		path += ": " + s.Note
	}
	if s.Status == normalize.Failed {
		if s.Error != "" && s.Error[0] >= '0' && s.Error[0] <= '9' {
			path += ":" + s.Error // "path:line:col: message", as everywhere else
		} else {
			path += ": " + s.Error
		}
	}
	return path
}

// ExplainNameViewsText writes, for each client that defines name, the
// definition it uses, the ones it does not and why, and its status.
func ExplainNameViewsText(w io.Writer, ws *normalize.Workspace, name string, st Style) error {
	first := true
	for _, v := range ws.Views {
		e := findEntry(v, name)
		if e == nil {
			continue
		}
		if !first {
			fmt.Fprintln(w)
		}
		first = false
		fmt.Fprintf(w, "%s %s\n", st.bold(normalize.ProductName(v.Client)+":"), statusWord(&e.Server, st))
		writeNameDefinitions(w, e, "  ", st)
	}
	var missing []string
	for _, v := range ws.Views {
		if findEntry(v, name) == nil {
			missing = append(missing, normalize.ProductName(v.Client))
		}
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "\n%s\n", st.dim(fmt.Sprintf("not defined for %s", strings.Join(missing, ", "))))
	}
	var diags []normalize.Diagnostic
	for _, v := range ws.Views {
		if e := findEntry(v, name); e != nil {
			diags = append(diags, diagnosticsFor(v, e)...)
		}
	}
	slices.SortFunc(diags, normalize.CompareDiagnostics)
	writeDiagnosticList(w, slices.CompactFunc(diags, func(a, b normalize.Diagnostic) bool { return a.String() == b.String() }), st)
	return nil
}

// statusWord is "starts" or the status and why.
func statusWord(s *normalize.Server, st Style) string {
	if ServerStatus(s) == normalize.StatusEnabled {
		return st.green("starts it")
	}
	return st.yellow(string(ServerStatus(s))) + ": " + s.DisabledBy()
}

// writeNameDefinitions lists every definition of one entry of a client's
// view, the one in use first, each field with its position.
func writeNameDefinitions(w io.Writer, e *normalize.Entry, indent string, st Style) {
	for i, d := range definitions(e) {
		mark := st.green("in use")
		switch {
		case !d.winner && d.s.Off != nil && d.s.Off.Yields:
			mark = st.yellow(string(ServerStatus(d.s)))
		case !d.winner && e.Server.FieldPaths != nil:
			mark = st.dim("merged")
		case !d.winner:
			mark = st.dim("not used")
		}
		fmt.Fprintf(w, "%s#%d %s (%s scope)  [%s]\n", indent, i+1, st.bold(where(d.s.Source)), d.s.Source.Scope, mark)
		if !d.winner {
			fmt.Fprintf(w, "%s   why: %s\n", indent, d.reason)
		}
		switch {
		case d.winner:
		case e.Server.FieldPaths != nil && len(d.diffs) > 0:
			fmt.Fprintf(w, "%s   overridden by a higher layer: %s\n", indent, strings.Join(d.diffs, ", "))
		case e.Server.FieldPaths != nil:
			fmt.Fprintf(w, "%s   no field overridden\n", indent)
		case len(d.diffs) > 0:
			fmt.Fprintf(w, "%s   differs from #1 in: %s\n", indent, strings.Join(d.diffs, ", "))
		default:
			fmt.Fprintf(w, "%s   identical to #1\n", indent)
		}
		how := "inferred"
		if d.s.TransportExplicit {
			how = "from \"type\""
		}
		fmt.Fprintf(w, "%s   transport: %s (%s)\n", indent, transportName(d.s.Transport), how)
		tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
		for _, m := range d.s.Node.Members {
			fmt.Fprintf(tw, "%s   %s\t%s\t%s\n", indent, m.Key, compact(maskedInterface(m.Key, m.Value)), st.dim(fmt.Sprintf("%s:%s", d.s.FieldPath(m.Key), m.KeyRange.Start)))
		}
		tw.Flush()
	}
}

// isView reports whether a set is one client's own view (not pisces's
// merged view, whose output keeps its priorities and its form).
func isView(set *normalize.Set) bool {
	c := normalize.ClientByID(set.Client)
	return c != nil && !c.ReadsProviders
}

// ExplainViewText writes one client's view: the files it reads in its own
// precedence, then every server with the definition in use, the ones not
// used and why, and whether the client starts it.
func ExplainViewText(w io.Writer, set *normalize.Set, allSources bool, st Style) error {
	fmt.Fprintf(w, "%s\n%s\n\n", st.bold("What "+normalize.ProductName(set.Client)+" loads here:"), set.ClientRules)
	fmt.Fprintln(w, st.bold("Sources, highest precedence first:"))
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "  SCOPE\tSTATUS\tSERVERS\tPATH")
	absent := 0
	for _, s := range set.Sources {
		if s.Status == normalize.Absent && !allSources {
			absent++
			continue
		}
		fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", s.Scope, sourceStatus(s, st), sourceCount(s), sourcePath(s))
	}
	tw.Flush()
	if absent > 0 {
		fmt.Fprintf(w, "  %s\n", st.dim(fmt.Sprintf("%d more paths checked and absent (--all-sources lists them)", absent)))
	}
	starting := 0
	for i := range set.Entries {
		if set.Entries[i].Server.Enabled {
			starting++
		}
	}
	fmt.Fprintf(w, "\n%s\n", st.bold(fmt.Sprintf("Servers (%d, %d start):", len(set.Entries), starting)))
	if len(set.Entries) == 0 {
		fmt.Fprintln(w, "  none found")
	}
	block := serverBlock{
		origin:  func(src normalize.Source) string { return string(src.Scope) + " scope" },
		notUsed: "not used",
		status: func(s *normalize.Server) string {
			if status := ServerStatus(s); status != normalize.StatusEnabled {
				return string(status) + ": " + s.DisabledBy()
			}
			return ""
		},
	}
	for i := range set.Entries {
		block.write(w, &set.Entries[i], st)
	}
	writeDiagnosticList(w, set.Diagnostics, st)
	return nil
}
