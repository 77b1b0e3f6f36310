package report

import (
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// Format is one output format of a command: its name, as --format gives
// it, and what renders it.
type Format[R any] struct {
	Name   string
	Render R
}

// Formats are a command's output formats, in the order help lists them:
// the one place that names them, for the flag's help, its check and the
// rendering (as tflint registers its formatters).
type Formats[R any] []Format[R]

// Lookup returns the renderer of the format name; false when there is no
// such format.
func (fs Formats[R]) Lookup(name string) (R, bool) {
	for _, f := range fs {
		if f.Name == name {
			return f.Render, true
		}
	}
	var zero R
	return zero, false
}

// String names the formats as a sentence lists them: "text, json, sarif
// or github".
func (fs Formats[R]) String() string {
	names := make([]string, len(fs))
	for i, f := range fs {
		names[i] = f.Name
	}
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}

// LintRenderer writes a lint run in one format. Snippets says the format
// quotes the source lines findings point at (view.Finding.Source): lint
// keeps the lines of the files with findings for it, and none otherwise.
// RuleHelp says it shows the help of the rules that fired (view.Rule.Help,
// built for it alone).
type LintRenderer struct {
	Snippets bool
	RuleHelp bool
	Render   func(w io.Writer, l *view.Lint, st Style) error
}

// LintFormats are lint's output formats.
func LintFormats() Formats[LintRenderer] {
	return Formats[LintRenderer]{
		{"text", LintRenderer{Snippets: true, Render: lintText}},
		{"json", LintRenderer{Render: func(w io.Writer, l *view.Lint, _ Style) error { return lintJSON(w, l) }}},
		{"sarif", LintRenderer{RuleHelp: true, Render: func(w io.Writer, l *view.Lint, _ Style) error { return lintSARIF(w, l) }}},
		{"github", LintRenderer{Render: func(w io.Writer, l *view.Lint, _ Style) error { return lintGitHub(w, l) }}},
	}
}

// ProbeRenderer writes the results of a probe run in one format. Live
// says the format also shows each server's line as it finishes, and a
// progress line on a terminal: Render then leaves the lines out
// (ProbeTextOptions.Lines).
type ProbeRenderer struct {
	Live   bool
	Render func(w io.Writer, results []view.ProbeResult, opts ProbeTextOptions, st Style) error
}

// ProbeFormats are probe's output formats.
func ProbeFormats() Formats[ProbeRenderer] {
	return Formats[ProbeRenderer]{
		{"text", ProbeRenderer{Live: true, Render: probeText}},
		{"json", ProbeRenderer{Render: func(w io.Writer, results []view.ProbeResult, _ ProbeTextOptions, _ Style) error {
			return probeJSON(w, results)
		}}},
	}
}

// ExplainOptions are what explain's flags ask of a renderer: the values
// resolved (--resolve), one name's definitions (NAME), the paths checked
// and absent too (--all-sources), and how the clients were chosen (the
// matrix says it).
type ExplainOptions struct {
	Resolve, Name, AllSources bool
	How                       secret.Safe
}

// ExplainRenderer writes an explanation in one format: every client's
// views (one client's view, with a single one; each client's definitions
// of one name, with Name), or the servers resolved. Empty says the format
// answers when no client reads a file here (json, for programs); text
// then says nothing.
type ExplainRenderer struct {
	Empty  bool
	Render func(w io.Writer, ws *view.Workspace, resolved []view.Resolution, opts ExplainOptions, st Style) error
}

// ExplainFormats are explain's output formats.
func ExplainFormats() Formats[ExplainRenderer] {
	return Formats[ExplainRenderer]{
		{"text", ExplainRenderer{Render: explainAsText}},
		{"json", ExplainRenderer{Empty: true, Render: explainAsJSON}},
	}
}

// explainAsText writes an explanation as text.
func explainAsText(w io.Writer, ws *view.Workspace, resolved []view.Resolution, opts ExplainOptions, st Style) error {
	switch {
	case opts.Resolve:
		return ExplainResolveText(w, resolved, st)
	case opts.Name:
		return ExplainNameViewsText(w, ws, st)
	case len(ws.Views) == 1:
		return ExplainViewText(w, ws.Views[0], opts.AllSources, st)
	}
	return ExplainMatrixText(w, ws, opts.How, opts.AllSources, st)
}

// explainAsJSON writes an explanation as JSON.
func explainAsJSON(w io.Writer, ws *view.Workspace, resolved []view.Resolution, opts ExplainOptions, _ Style) error {
	switch {
	case opts.Resolve:
		return ExplainResolveJSON(w, resolved)
	case opts.Name:
		return ExplainNameViewsJSON(w, ws)
	case len(ws.Views) == 1:
		return ExplainJSON(w, ws.Views[0])
	}
	return ExplainMatrixJSON(w, ws, opts.AllSources)
}
