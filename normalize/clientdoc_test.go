package normalize

import (
	"flag"
	"testing"

	"github.com/mcpconf/mcpconf/internal/golden"
)

var update = flag.Bool("update", false, "rewrite docs/clients.md")

// TestClientsDoc fails when docs/clients.md is not what the descriptors
// say.
func TestClientsDoc(t *testing.T) {
	golden.File(t, "../docs/clients.md", []byte(ClientsMarkdown()), *update, "go test ./normalize -run TestClientsDoc -update")
}
