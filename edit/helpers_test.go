package edit

import (
	"slices"
	"strings"
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

type helperCase struct {
	name   string
	format normalize.Format
	src    string
	do     func(*normalize.Document) ([]normalize.Edit, error)
	want   string // "" with err: an error containing err
	err    string
}

func one(e normalize.Edit, err error) ([]normalize.Edit, error) { return []normalize.Edit{e}, err }

func insert(ptr, key, val string) func(*normalize.Document) ([]normalize.Edit, error) {
	return func(d *normalize.Document) ([]normalize.Edit, error) {
		return one(InsertMember(d, d.Root.Lookup(ptr), key, val))
	}
}

func replaceAt(ptr, val string) func(*normalize.Document) ([]normalize.Edit, error) {
	return func(d *normalize.Document) ([]normalize.Edit, error) {
		return one(ReplaceValue(d, d.Root.Lookup(ptr), val))
	}
}

func parentAndMember(d *normalize.Document, ptr string) (*normalize.Value, *normalize.Member) {
	i := strings.LastIndexByte(ptr, '/')
	obj := d.Root.Lookup(ptr[:i])
	return obj, obj.Member(normalize.UnescapePointer(ptr[i+1:]))
}

func rename(ptr, key string) func(*normalize.Document) ([]normalize.Edit, error) {
	return func(d *normalize.Document) ([]normalize.Edit, error) {
		_, m := parentAndMember(d, ptr)
		return RenameKey(d, m, key)
	}
}

func del(ptr string) func(*normalize.Document) ([]normalize.Edit, error) {
	return func(d *normalize.Document) ([]normalize.Edit, error) {
		obj, m := parentAndMember(d, ptr)
		return DeleteMember(d, obj, m)
	}
}

func runHelperCases(t *testing.T, cases []helperCase) {
	t.Helper()
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			doc := mustParse(t, tt.format, tt.src)
			edits, err := tt.do(doc)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range edits {
				if e.Path != "x" || e.Abs != "/tmp/x" || !e.Start.IsValid() {
					t.Errorf("edit without its file or position: %+v", e)
				}
			}
			got, err := Apply(doc.Src, edits)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("got\n%s\nwant\n%s\n%s", got, tt.want, Diff("x", []byte(tt.want), got))
			}
			mustParse(t, tt.format, string(got))
		})
	}
}
