package validate

import (
	"flag"
	"testing"

	"github.com/mcpconf/mcpconf/internal/golden"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md")

// TestRulesDoc fails when docs/rules.md is not what the rule data says.
func TestRulesDoc(t *testing.T) {
	golden.File(t, "../docs/rules.md", []byte(Markdown()), *update, "go test ./validate -run TestRulesDoc -update")
}
