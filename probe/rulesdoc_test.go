package probe

import (
	"flag"
	"os"
	"testing"
)

var updateDoc = flag.Bool("update", false, "rewrite docs/probe.md")

// TestRulesDoc fails when docs/probe.md is not what rules.go says.
func TestRulesDoc(t *testing.T) {
	const file = "../docs/probe.md"
	got := RulesMarkdown()
	if *updateDoc {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want, err := os.ReadFile(file); err != nil || string(want) != got {
		t.Fatalf("docs/probe.md is stale: run go test ./probe -run TestRulesDoc -update")
	}
}
