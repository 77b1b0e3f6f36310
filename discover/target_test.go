package discover

import (
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

func TestValidJSON(t *testing.T) {
	for src, want := range map[string]bool{
		`{"a": [1, 2.5e3, true, null, "x\u00e9"]}`: true,
		"{}\n":              true,
		`{"a": 1,}`:         false,
		"{\"a\": 1} // c":   false,
		"\xef\xbb\xbf{}":    false,
		"{\"a\": \"\xff\"}": false,
		`[1]`:               false,
		`{"a": 1} {}`:       false,
		strings.Repeat(`{"a":`, MaxDepth+1) + "1" + strings.Repeat("}", MaxDepth+1): false,
	} {
		if got := ValidJSON([]byte(src)); got != want {
			t.Errorf("ValidJSON(%q) = %v, want %v", src, got, want)
		}
	}
}

// FuzzValidJSON: what ValidJSON accepts parses without an error in every
// JSON format (the editor's check relies on it).
func FuzzValidJSON(f *testing.F) {
	for _, s := range []string{`{"a": [1, {"b": null}]}`, `{"projects": {"/x": {"mcpServers": {}}}}`, `{"a": "\ud800"}`, "{\"a\":1}\n"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if !ValidJSON(src) {
			return
		}
		for _, format := range []normalize.Format{normalize.JSON, normalize.JSONC, normalize.JSONComments} {
			doc, diags := Parse("/f", "f", format, src)
			for _, d := range diags {
				if d.Severity == normalize.Error {
					t.Fatalf("%s: ValidJSON accepts %q, Parse finds %s", format, src, d)
				}
			}
			if doc.Root == nil || doc.Root.Kind != normalize.Object {
				t.Fatalf("%s: ValidJSON accepts %q, no object", format, src)
			}
		}
	})
}
