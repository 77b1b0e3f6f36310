package report

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// counts is how many findings there are of each severity.
type counts struct{ errors, warnings, infos int }

func lintCounts(l *view.Lint) counts {
	var c counts
	for _, d := range l.Findings {
		switch d.Severity {
		case view.Error:
			c.errors++
		case view.Warning:
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

// places indexes where the files of a lint run lie in the repository, by
// display path.
type places map[string]view.LintPath

func placesOf(l *view.Lint) places {
	out := make(places, len(l.Paths))
	for _, p := range l.Paths {
		out[p.Path.String()] = p
	}
	return out
}

// of is where the file at a display path lies; only its Path when the
// run did not place it.
func (ps places) of(path secret.Safe) view.LintPath {
	if p, ok := ps[path.String()]; ok {
		return p
	}
	return view.LintPath{Path: path}
}

// repoPath is the path GitHub and SARIF name a file by: relative to the
// repository root, else the display path.
func (ps places) repoPath(path secret.Safe) secret.Safe {
	if p := ps.of(path); !p.RepoPath.IsZero() {
		return p.RepoPath
	}
	return path
}

// isHomePath reports whether a display path is shown from the user's home
// ("~/…"); such a file outside the repository is named relative to HOME.
func isHomePath(p string) bool {
	return p == "~" || strings.HasPrefix(p, "~/") || strings.HasPrefix(p, `~\`)
}

// location is path:line:col, path alone without a position, or "" when
// the diagnostic concerns no file.
func location(path secret.Safe, pos view.Pos) string {
	if path.IsZero() || !pos.IsValid() {
		return path.String()
	}
	if pos.Col < 1 {
		return fmt.Sprintf("%s:%d", path, pos.Line)
	}
	return fmt.Sprintf("%s:%d:%d", path, pos.Line, pos.Col)
}

// withHint is a message followed by its hint on a line of its own, the way
// the text format prints it; machine formats use it where a result has a
// single message field.
func withHint(d view.Finding) string {
	if d.Hint.IsZero() {
		return d.Message.String()
	}
	return d.Message.String() + "\nhint: " + d.Hint.String()
}
