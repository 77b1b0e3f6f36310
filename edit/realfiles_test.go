package edit

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestHelpersOnRepositoryFiles runs every helper on the objects of every
// config file under testdata (real clients' files, real-world configs,
// the fixtures): each edit gives a file that parses to the tree expected.
func TestHelpersOnRepositoryFiles(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	root := filepath.Join("..", "testdata")
	files, edits := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		var formats []normalize.Format
		switch strings.ToLower(filepath.Ext(path)) {
		case ".json":
			formats = []normalize.Format{normalize.JSON, normalize.JSONC}
		case ".jsonc":
			formats = []normalize.Format{normalize.JSONC}
		case ".toml":
			formats = []normalize.Format{normalize.TOML}
		default:
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || len(src) > 16<<10 {
			return err
		}
		for _, format := range formats {
			doc, ok := parseClean(format, src)
			if !ok || len(doc.Duplicates) > 0 {
				continue
			}
			doc.Path = path
			files++
			n := 0
			doc.Root.Walk(func(v *normalize.Value) bool {
				if v.Kind != normalize.Object {
					return true
				}
				for op := range 4 {
					var m *normalize.Member
					if len(v.Members) > 0 {
						m = v.Members[(n+op)%len(v.Members)]
					}
					checkHelper(t, doc, v, m, op, "zz new", fuzzValues[(n+op)%len(fuzzValues)])
					edits++
				}
				n++
				return n < 12
			})
			break // the strictest format the file parses as
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Errorf("only %d files checked", files)
	}
	t.Logf("%d files, %d edits", files, edits)
}
