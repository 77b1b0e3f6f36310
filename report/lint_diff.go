package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/mcpconf/mcpconf/view"
)

// LintDiff writes the unified diffs of lint --diff, line by line (as
// view.NewDiff made them Safe): file headers bold, hunk headers cyan,
// removed lines red, added lines green.
func LintDiff(w io.Writer, d *view.Diff, st Style) error {
	for _, l := range d.Lines {
		s := l.String()
		switch {
		case strings.HasPrefix(s, "---"), strings.HasPrefix(s, "+++"):
			s = st.bold(s)
		case strings.HasPrefix(s, "@@"):
			s = st.cyan(s)
		case strings.HasPrefix(s, "-"):
			s = st.red(s)
		case strings.HasPrefix(s, "+"):
			s = st.green(s)
		}
		if _, err := fmt.Fprintln(w, s); err != nil {
			return err
		}
	}
	return nil
}
