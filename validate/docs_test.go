package validate

import (
	"flag"
	"testing"

	"github.com/mcpconf/mcpconf/internal/golden"
	"github.com/mcpconf/mcpconf/probe"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md")

// TestRulesDoc fails when docs/rules.md is not what the rule data says:
// validate's rules and probe's diagnostics.
func TestRulesDoc(t *testing.T) {
	golden.File(t, "../docs/rules.md", []byte(markdown(probe.Rules())), *update, "go test ./validate -run TestRulesDoc -update")
}
