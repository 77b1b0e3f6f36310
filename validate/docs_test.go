package validate

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/rules.md")

// TestRulesDoc fails when docs/rules.md is not what the rule data says.
func TestRulesDoc(t *testing.T) {
	const file = "../docs/rules.md"
	got := Markdown()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil || string(want) != got {
		t.Fatalf("docs/rules.md is stale: run go test ./validate -run TestRulesDoc -update")
	}
}
