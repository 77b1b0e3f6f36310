package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// lintText writes findings the way compilers and actionlint do, one block
// per finding followed by a blank line, then a summary:
//
//	mcpconf: missing.json: no such file or directory
//
//	.mcp.json:3:5: error: server "api" has no command [missing-command]
//	  3 |     "api": {}
//	    |     ^^^^^
//	  hint: add "command" or "url"
//	  .mcp.json:2:5: note: the definition in effect
//
//	1 error in 2 files; 1 tool error
//
// A finding without a position prints as "path: error: message [rule]".
// Colors come from st only, so a zero Style prints plain text.
func lintText(w io.Writer, l *view.Lint, st Style) (err error) {
	fw := st.fitted(w)
	defer closeInto(fw, &err)
	w = fw
	ew := &errWriter{w: w}
	if len(l.Errors) > 0 {
		for _, e := range l.Errors {
			fmt.Fprintf(ew, "%s %s\n", st.red(l.ToolName.String()+":"), toolErrorText(e))
		}
		fmt.Fprintln(ew)
	}
	lines := &sourceLines{}
	for _, d := range l.Findings {
		writeFinding(ew, d, lines, st)
		fmt.Fprintln(ew)
	}
	for _, n := range l.Notes {
		fmt.Fprintf(ew, "%s %s\n", st.cyan("note:"), n)
	}
	if len(l.Notes) > 0 {
		fmt.Fprintln(ew)
	}
	fmt.Fprintln(ew, lintSummary(l, st))
	return ew.err
}

func toolErrorText(e view.SafeToolError) string {
	if e.Path.IsZero() {
		return e.Message.String()
	}
	return e.Path.String() + ": " + e.Message.String()
}

// writeFinding prints the header line, the source snippet when the
// position is known, the hint and the related notes.
func writeFinding(w io.Writer, d view.Finding, lines *sourceLines, st Style) {
	color := severityColor(d.Severity, st)
	head := color(d.Severity.String()) + ": " + d.Message.String() + " " + st.dim("["+d.Rule.String()+"]")
	if loc := location(d.Path, d.Pos); loc != "" {
		head = st.bold(loc) + ": " + head
	}
	fmt.Fprintln(w, head)
	writeSnippet(w, d, lines, color, st)
	if !d.Hint.IsZero() {
		fmt.Fprintf(w, "  %s %s\n", st.green("hint:"), d.Hint)
	}
	for _, r := range d.Related {
		fmt.Fprintf(w, "  %s: %s %s\n", location(r.Path, r.Pos), st.cyan("note:"), r.Message)
	}
}

func severityColor(s view.Severity, st Style) func(string) string {
	switch s {
	case view.Error:
		return st.red
	case view.Warning:
		return st.yellow
	}
	return st.cyan
}

// writeSnippet prints the source line of the finding with a line-number
// gutter and a caret line under the span. It prints nothing when the
// finding has no source line.
func writeSnippet(w io.Writer, d view.Finding, lines *sourceLines, color func(string) string, st Style) {
	if !d.HasSource {
		return
	}
	num := strconv.Itoa(d.Pos.Line)
	sn := layoutSnippet(lines.get(d.Source), d.Pos.Col, spanEnd(d), snippetCells(st.Width, len(num)))
	src := ""
	if sn.text != "" {
		src = " " + sn.text // no trailing blank after the bar on an empty line
	}
	fmt.Fprintf(w, "  %s%s\n", st.dim(num+" |"), src)
	fmt.Fprintf(w, "  %s %s%s\n", st.dim(strings.Repeat(" ", len(num))+" |"), sn.pad, color(strings.Repeat("^", sn.carets)))
}

// sourceLines hands out source lines as code points, so that a column is
// an index. The view masked each line whole, before any window is cut
// from it, so a secret that a window cuts in half is hidden on both
// sides. Findings come sorted by path and line, so keeping the last line
// is enough for every line to be split once: the findings on one long
// line (a minified file) cost the line once plus a window each.
type sourceLines struct {
	text  string
	runes []rune
	valid bool
}

func (s *sourceLines) get(line secret.Safe) []rune {
	if !s.valid || s.text != line.String() {
		s.text, s.valid = line.String(), true
		s.runes = []rune(s.text)
	}
	return s.runes
}

// spanEnd is the column the underline stops before: the end of the span
// on the same line, 0 (the end of the line) for a span that goes on to
// later lines, one caret when there is no span.
func spanEnd(d view.Finding) int {
	switch {
	case !d.End.IsValid() || d.End.Line < d.Pos.Line:
		return d.Pos.Col + 1
	case d.End.Line == d.Pos.Line:
		return d.End.Col
	}
	return 0
}

// A line wider than maxSnippet cells is cut to a window of about
// maxSnippet cells (fewer on a narrower terminal) that keeps a third of
// it before the column, so a finding at column 40,000 of a minified file
// still shows what it points at, and costs the window, not the line.
// Every code point counts at least one cell here (a tab, a combining
// mark), so a window never holds more than maxSnippet code points.
const (
	maxSnippet = 120
	minSnippet = 20
	// maxMarks is how many combining marks a window edge moves by to keep
	// them with their base character.
	maxMarks = 8
)

// snippet is one source line ready to print: text (maybe cut, with …),
// pad (what goes before the carets: tabs where the text has tabs, spaces
// elsewhere) and the number of carets.
type snippet struct {
	text   string
	pad    string
	carets int
}

// snippetCells is the window of a snippet on a terminal width cells wide
// (0: no terminal): what is left of a line after the gutter ("  12 | ")
// and the two … of a cut line, at most maxSnippet, at least minSnippet.
func snippetCells(width, digits int) int {
	if width <= 0 {
		return maxSnippet
	}
	return min(maxSnippet, max(minSnippet, width-len("  ")-digits-len(" | ")-2))
}

// layoutSnippet lays out a line, already made printable and split into
// code points, with carets from column col up to column end (exclusive, 0
// for the end of the line), in a window of at most window cells. Columns
// count code points, like normalize.Pos; columns past the end of the line
// put the caret just after the last character. Its cost is the window,
// not the line.
func layoutSnippet(runes []rune, col, end, window int) snippet {
	n := len(runes)
	start := min(max(col-1, 0), n)
	stop := n
	if end > 0 {
		stop = min(max(end-1, start), n)
	}
	lo, hi := snippetWindow(runes, start, window)
	stop = min(stop, hi)

	var sn snippet
	var pad strings.Builder
	text := string(runes[lo:hi])
	if lo > 0 {
		text = "…" + text
		pad.WriteByte(' ')
	}
	if hi < n {
		text += "…"
	}
	for _, r := range runes[lo:start] {
		if r == '\t' {
			pad.WriteByte('\t') // a tab in the caret line lands where the source tab does
			continue
		}
		pad.WriteString(strings.Repeat(" ", cellWidth(r)))
	}
	for _, r := range runes[start:stop] {
		sn.carets += max(cellWidth(r), 1)
	}
	sn.text, sn.pad, sn.carets = text, pad.String(), max(sn.carets, 1)
	return sn
}

// snippetWindow picks the visible runes [lo, hi) of a line so that index
// start is inside: the whole line when it fits in window cells, else up
// to a third of the window before start and the rest after it (more
// before when the line ends first). It looks at the window only, never at
// the rest of a long line.
func snippetWindow(runes []rune, start, window int) (lo, hi int) {
	n := len(runes)
	if n <= window {
		w := 0
		for _, r := range runes {
			w += cells(r)
		}
		if w <= window {
			return 0, n
		}
	}
	used := 0
	lo = start
	for lo > 0 && used+cells(runes[lo-1]) <= window/3 {
		lo--
		used += cells(runes[lo])
	}
	hi = start
	for hi < n && used+cells(runes[hi]) <= window {
		used += cells(runes[hi])
		hi++
	}
	for hi == n && lo > 0 && used+cells(runes[lo-1]) <= window {
		lo--
		used += cells(runes[lo])
	}
	// Keep combining marks with their base: move a cut that falls before
	// a mark past it (a few at most).
	for k := 0; k < maxMarks && lo > 0 && lo < n && cellWidth(runes[lo]) == 0; k++ {
		lo--
	}
	for k := 0; k < maxMarks && hi < n && cellWidth(runes[hi]) == 0; k++ {
		hi++
	}
	return lo, hi
}

// cells is what a code point counts toward the window: its width, and at
// least one.
func cells(r rune) int { return max(cellWidth(r), 1) }

// lintSummary is the last line: "3 errors, 1 warning in 2 files", or
// "no problems found in 2 files", with "; 4 findings in the baseline"
// when a baseline (lint --baseline) kept some quiet and "; 1 tool error"
// when the run had some.
func lintSummary(l *view.Lint, st Style) string {
	c := lintCounts(l)
	var parts []string
	if c.errors > 0 {
		parts = append(parts, st.red(plural(c.errors, "error")))
	}
	if c.warnings > 0 {
		parts = append(parts, st.yellow(plural(c.warnings, "warning")))
	}
	if c.infos > 0 {
		parts = append(parts, st.cyan(plural(c.infos, "info")))
	}
	var s string
	switch {
	case len(parts) > 0:
		s = strings.Join(parts, ", ") + " in " + plural(l.Files, "file")
	case l.Files == 0 && l.Unread > 0:
		s = "no file read by the selected clients: " + plural(l.Unread, "file") + " found that none of them reads"
	case l.Files == 0:
		s = "no MCP config files found"
		if !l.NoFiles.IsZero() {
			s += " " + l.NoFiles.String()
		}
	default:
		s = "no problems found in " + plural(l.Files, "file")
	}
	if l.Baseline != nil && l.Baseline.Matched > 0 {
		s += "; " + plural(l.Baseline.Matched, "finding") + " in the baseline"
	}
	if len(l.Errors) > 0 {
		s += "; " + st.red(plural(len(l.Errors), "tool error"))
	}
	return s
}

// errWriter keeps the first write error so renderers can write freely
// and report it once at the end.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) Write(p []byte) (int, error) {
	if e.err != nil {
		return 0, e.err
	}
	n, err := e.w.Write(p)
	e.err = err
	return n, err
}
