package edit

import (
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

func slicesSort(s []int) { slices.Sort(s) }

// parse parses src as format and fails on any error-severity finding.
func mustParse(t *testing.T, format normalize.Format, src string) *normalize.Document {
	t.Helper()
	doc, diags := discover.Parse("/tmp/x", "x", format, []byte(src))
	for _, d := range diags {
		if d.Severity == normalize.Error {
			t.Fatalf("%s does not parse: %s\n%s", format, d.Message, src)
		}
	}
	if doc.Root == nil {
		t.Fatalf("%s does not parse:\n%s", format, src)
	}
	return doc
}
