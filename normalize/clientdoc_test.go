package normalize

import (
	"flag"
	"os"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/clients.md")

// TestClientsDoc fails when docs/clients.md is not what the descriptors
// say.
func TestClientsDoc(t *testing.T) {
	const file = "../docs/clients.md"
	got := ClientsMarkdown()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil || string(want) != got {
		t.Fatalf("docs/clients.md is stale: run go test ./normalize -run TestClientsDoc -update")
	}
}
