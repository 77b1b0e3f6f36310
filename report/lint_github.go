package report

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/view"
)

// lintGitHub writes one GitHub Actions workflow command per tool error
// and per finding, which the runner turns into annotations on the pull
// request:
//
//	::error file=.mcp.json,line=3,col=5,endLine=3,endColumn=10,title=missing-command::server "api" has no command
//
// file= is relative to the repository root (view.Lint.Paths), whatever
// directory lint ran in or checked, so that GitHub puts the annotation on
// the file. Findings outside the repository (under "~/", or above it)
// cannot be annotated on a file, so they are emitted without file= and
// their message starts with the location. Nothing else is printed: every
// line is a command.
func lintGitHub(w io.Writer, l *view.Lint) error {
	ew := &errWriter{w: w}
	ps := placesOf(l)
	for _, e := range l.Errors {
		e.Path = ps.repoPath(e.Path)
		fmt.Fprintf(ew, "::error title=%s::%s\n", escapeProperty(l.ToolName.String()), escapeData(toolErrorText(e)))
	}
	for _, d := range l.Findings {
		fmt.Fprintln(ew, githubCommand(d, ps))
	}
	for _, n := range l.Notes {
		fmt.Fprintf(ew, "::notice title=%s::%s\n", escapeProperty(l.ToolName.String()), escapeData(n.String()))
	}
	return ew.err
}

// githubCommand is the workflow command for one finding. The message
// carries the hint and the related positions on lines of their own; the
// runner shows escaped newlines as line breaks.
func githubCommand(d view.Finding, ps places) string {
	var props []string
	msg := withHint(d)
	for _, r := range d.Related {
		msg += "\n" + location(ps.repoPath(r.Path), r.Pos) + ": note: " + r.Message.String()
	}
	if p := ps.of(d.Path); !p.RepoPath.IsZero() {
		props = append(props, "file="+escapeProperty(p.RepoPath.String()))
		props = append(props, githubPosition(d.Pos, d.End)...)
	} else if loc := location(d.Path, d.Pos); loc != "" {
		msg = loc + ": " + msg
	}
	props = append(props, "title="+escapeProperty(d.Rule.String()))
	return "::" + githubLevel(d.Severity) + " " + strings.Join(props, ",") + "::" + escapeData(msg)
}

// githubPosition is line, col and the end of the span as properties; the
// end only when it lies after the start.
func githubPosition(pos, end view.Pos) []string {
	if !pos.IsValid() {
		return nil
	}
	props := []string{"line=" + strconv.Itoa(pos.Line)}
	if pos.Col < 1 {
		return props
	}
	props = append(props, "col="+strconv.Itoa(pos.Col))
	if end.IsValid() && end.Col >= 1 && (end.Line > pos.Line || end.Line == pos.Line && end.Col > pos.Col) {
		props = append(props, "endLine="+strconv.Itoa(end.Line), "endColumn="+strconv.Itoa(end.Col))
	}
	return props
}

func githubLevel(s view.Severity) string {
	switch s {
	case view.Error:
		return "error"
	case view.Warning:
		return "warning"
	}
	return "notice"
}

// The runner reads a command up to the end of the line and splits
// properties at "," and the message at "::", so these must be escaped
// (as @actions/core does).
var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

func escapeData(s string) string     { return dataEscaper.Replace(s) }
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
