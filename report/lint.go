package report

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
)

// RuleInfo is what the lint renderers need to know about a rule. report
// does not import validate (dependencies point one way), so the caller
// converts its rules into these.
type RuleInfo struct {
	ID       string // kebab-case, stable
	Title    string // one line, lower case, no final period
	Help     string // why the rule matters and what to do, in Markdown
	DocURL   string
	Severity normalize.Severity // default severity
}

// ToolError is a problem of the run rather than a finding in a config: a
// path that does not exist, a broken .mcpconf.toml. Tool errors are kept
// apart from findings because no rule produced them and no rule setting
// can silence them.
type ToolError struct {
	Path    string // "" when the error concerns no file
	Message string
}

// Lint is everything a lint renderer prints.
type Lint struct {
	// Findings in output order: sorted by path, line, column, rule
	// (normalize.CompareDiagnostics). Renderers never reorder them.
	Findings []normalize.Diagnostic
	Errors   []ToolError
	// Documents by display path, for source snippets.
	Documents map[string]*normalize.Document
	// Rules lists every rule, not only those that fired: SARIF consumers
	// show rule help for any rule, and doc links need the URL.
	Rules []RuleInfo
	// Files is how many files were checked, for the summary.
	Files int
	// NoFiles says where lint looked and what to try, for the summary
	// when it found no file: `in "/repo" for any client; pass …`.
	NoFiles  string
	ToolName string // "mcpconf" when empty
	Version  string
}

// toolName is the name the tool prints under.
func (l *Lint) toolName() string {
	if l.ToolName == "" {
		return "mcpconf"
	}
	return l.ToolName
}

// ruleIndex maps each rule id to its first position in l.Rules.
func (l *Lint) ruleIndex() map[string]int {
	idx := make(map[string]int, len(l.Rules))
	for i, r := range l.Rules {
		if _, dup := idx[r.ID]; !dup {
			idx[r.ID] = i
		}
	}
	return idx
}

// docURLs returns a lookup of documentation links; unknown rules have none.
func (l *Lint) docURLs() func(string) string {
	idx := l.ruleIndex()
	return func(id string) string {
		if i, ok := idx[id]; ok {
			return l.Rules[i].DocURL
		}
		return ""
	}
}

// counts is how many findings there are of each severity.
type counts struct{ errors, warnings, infos int }

func (l *Lint) counts() counts {
	var c counts
	for _, d := range l.Findings {
		switch d.Severity {
		case normalize.Error:
			c.errors++
		case normalize.Warning:
			c.warnings++
		default:
			c.infos++
		}
	}
	return c
}

// plural is "1 file", "2 files", "0 files".
func plural(n int, noun string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, noun)
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// isHomePath reports whether a display path lies under the user's home
// ("~/…"), which is never part of the repository being checked.
func isHomePath(p string) bool {
	return p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)
}

// location is path:line:col, path alone without a position, or "" when
// the diagnostic concerns no file.
func location(path string, pos normalize.Pos) string {
	if path == "" || !pos.IsValid() {
		return path
	}
	if pos.Col < 1 {
		return fmt.Sprintf("%s:%d", path, pos.Line)
	}
	return fmt.Sprintf("%s:%d:%d", path, pos.Line, pos.Col)
}

// withHint is a message followed by its hint on a line of its own, the way
// the text format prints it; machine formats use it where a result has a
// single message field.
func withHint(d normalize.Diagnostic) string {
	if d.Hint == "" {
		return d.Message
	}
	return d.Message + "\nhint: " + d.Hint
}

// printable replaces what must not reach a terminal or a log verbatim by
// U+FFFD: control characters (escape sequences), bidi controls (text that
// reads differently from what it is) and invalid UTF-8. It replaces one
// rune by one rune so code point columns stay where they were. Tabs are
// kept: callers align carets with them.
func printable(s string) string {
	if !needsCleaning(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if unsafeRune(r) {
			r = utf8.RuneError
		}
		b.WriteRune(r)
	}
	return b.String()
}

func needsCleaning(s string) bool {
	if !utf8.ValidString(s) {
		return true
	}
	for _, r := range s {
		if unsafeRune(r) {
			return true
		}
	}
	return false
}

func unsafeRune(r rune) bool {
	return r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r))
}
