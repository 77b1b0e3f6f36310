// Package report renders what mcpconf found: explain reports, lint
// findings and probe results, as text, JSON, SARIF and GitHub annotations.
// Renderers write to an io.Writer and never decide about terminals
// themselves: the caller passes a Style, colored or plain.
// A command's output formats are one list of names and renderers
// (Formats: LintFormats, ProbeFormats), which the --format flag's help,
// its check and the rendering read.
//
// Renderers take views (package view) and nothing else: every text in a
// view is a secret.Safe, already masked and neutralized by the run's
// boundary, and report imports nothing of the module but view and secret
// (never package run, which holds the raw results). TestRenderersTakeOnlyViews
// walks every type a value can reach a renderer through and fails on a
// text that is not a Safe. What a renderer prints was made safe before it
// got it; a new renderer cannot forget to.
package report

// Style colors text and says how wide the terminal is. The zero Style
// prints plain text with lines as long as they are.
type Style struct {
	Bold, Dim, Red, Yellow, Green, Cyan func(string) string
	// Width is the terminal's width in cells: tables narrow and wrap their
	// cells, long lines wrap under a hanging indent, lint's snippets show
	// a narrower window. 0 leaves the output as it is (a pipe, a file).
	Width int
}

func apply(f func(string) string, s string) string {
	if f == nil {
		return s
	}
	return f(s)
}

func (s Style) bold(t string) string   { return apply(s.Bold, t) }
func (s Style) dim(t string) string    { return apply(s.Dim, t) }
func (s Style) red(t string) string    { return apply(s.Red, t) }
func (s Style) yellow(t string) string { return apply(s.Yellow, t) }
func (s Style) green(t string) string  { return apply(s.Green, t) }
func (s Style) cyan(t string) string   { return apply(s.Cyan, t) }
