package docs

import (
	"errors"
	"flag"
	"io/fs"
	"os"
	"testing"

	"github.com/mcpconf/mcpconf/internal/golden"
)

var update = flag.Bool("update", false, "rewrite docs/clients.md")

// TestClientsDoc fails when docs/clients.md is not what the descriptors
// and the last harness run (docs/agreement.json) say.
func TestClientsDoc(t *testing.T) {
	agreement, err := os.ReadFile("../../../docs/agreement.json")
	if errors.Is(err, fs.ErrNotExist) {
		agreement, err = nil, nil
	}
	if err != nil {
		t.Fatal(err)
	}
	doc, err := clientsMarkdown(agreement)
	if err != nil {
		t.Fatal(err)
	}
	index, err := fieldIndex("../../..")
	if err != nil {
		t.Fatal(err)
	}
	doc += "\n" + index
	golden.File(t, "../../../docs/clients.md", []byte(doc), *update, "go run ./internal/dev/update")
}
