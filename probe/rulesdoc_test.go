package probe

import (
	"flag"
	"testing"

	"github.com/mcpconf/mcpconf/internal/golden"
)

var updateDoc = flag.Bool("update", false, "rewrite docs/probe.md")

// TestRulesDoc fails when docs/probe.md is not what rules.go says.
func TestRulesDoc(t *testing.T) {
	golden.File(t, "../docs/probe.md", []byte(rulesMarkdown()), *updateDoc, "go test ./probe -run TestRulesDoc -update")
}
