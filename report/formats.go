package report

import (
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/view"
)

// LintRenderer writes a lint run in one format.
type LintRenderer func(w io.Writer, l *view.Lint, st Style) error

// lintFormats are lint's output formats by name, in the order help lists
// them: one place that names them, for the flag, its check and the
// renderer (as tflint registers its formatters).
var lintFormats = []struct {
	name string
	r    LintRenderer
}{
	{"text", LintText},
	{"json", func(w io.Writer, l *view.Lint, _ Style) error { return LintJSON(w, l) }},
	{"sarif", func(w io.Writer, l *view.Lint, _ Style) error { return LintSARIF(w, l) }},
	{"github", func(w io.Writer, l *view.Lint, _ Style) error { return LintGitHub(w, l) }},
}

// LintFormat is the name of a lint output format, as --format gives it.
type LintFormat string

// Renderer is the format's renderer; false when there is no such format.
func (name LintFormat) Renderer() (LintRenderer, bool) {
	for _, f := range lintFormats {
		if f.name == string(name) {
			return f.r, true
		}
	}
	return nil, false
}

// LintFormats names lint's output formats as a sentence lists them: "text,
// json, sarif or github".
func LintFormats() string {
	names := make([]string, len(lintFormats))
	for i, f := range lintFormats {
		names[i] = f.name
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
