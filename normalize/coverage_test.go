package normalize

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestCoverageReachedBy: every testdata/clients case and every rule of the
// harness's grammar a client's coverage names (Docs.Coverage) exists, so
// that docs/clients.md's "reached" figure counts real triggers.
func TestCoverageReachedBy(t *testing.T) {
	gen, err := os.ReadFile("../scripts/clientcheck/gen.py")
	if err != nil {
		t.Fatal(err)
	}
	caseRe := regexp.MustCompile(`\b((?:codex|claude|gemini|write|gen)-[a-z0-9*-]+)`)
	ruleRe := regexp.MustCompile("gen\\.py `([a-zA-Z_]+)`")
	for _, c := range clients {
		for _, cv := range c.Coverage {
			if cv.Message == "" && cv.Key == "" || cv.Source == "" {
				t.Errorf("%s: an item without a message or key, or without a source: %+v", c.ID, cv)
			}
			if cv.By == "" && cv.Why == "" {
				t.Errorf("%s: %s%s is reached by nothing and says not why", c.ID, cv.Message, cv.Key)
			}
			for _, m := range caseRe.FindAllStringSubmatch(cv.By, -1) {
				if ms, _ := filepath.Glob(filepath.Join("../testdata/clients", m[1])); len(ms) == 0 {
					t.Errorf("%s: %q names case %s, which testdata/clients does not hold", c.ID, cv.Message+cv.Key, m[1])
				}
			}
			for _, m := range ruleRe.FindAllStringSubmatch(cv.By, -1) {
				if !strings.Contains(string(gen), "def "+m[1]+"(") && !strings.Contains(string(gen), m[1]+" = ") {
					t.Errorf("%s: %q names grammar rule %s, which gen.py does not define", c.ID, cv.Message+cv.Key, m[1])
				}
			}
		}
	}
}
