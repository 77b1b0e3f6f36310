package discover

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/normalize"
)

// TestRootMarkersOnce: a run looks for each client's root markers (".git"
// and the like) in each directory at most once, however many clients and
// files ask where the project root is; lint -r over 8,000 roots spent half
// its stats on ".git", each path asked about 79 times a root. The answers
// are those of asking every time (the views are the same).
func TestRootMarkersOnce(t *testing.T) {
	dir := t.TempDir()
	if _, err := gen.Monorepo(dir, gen.RootFiles(), 3); err != nil {
		t.Fatal(err)
	}
	root := filepath.Join(dir, "packages", "pkg-0000")
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	asked := map[string]int{}
	lstat = func(p string) (os.FileInfo, error) {
		mu.Lock()
		asked[p]++
		mu.Unlock()
		return os.Lstat(p)
	}
	t.Cleanup(func() { lstat = os.Lstat })
	views := func() string {
		o := Options{Root: root, Home: filepath.Join(dir, "home")}
		if err := o.Prepare(); err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, c := range normalize.Clients() {
			set := o.View(c, AllScopes)
			for _, e := range set.Entries {
				b.WriteString(c.ID + " " + e.Server.Name + " " + e.Server.Source.Path + "\n")
			}
		}
		return b.String()
	}
	got := views()
	if len(asked) == 0 {
		t.Fatal("no root marker looked for: the test tests nothing")
	}
	for p, n := range asked {
		if n > 1 {
			t.Errorf("%s looked for %d times in one run", p, n)
		}
	}
	// the same views when every lookup asks the system
	o := Options{Root: root, Home: filepath.Join(dir, "home")}
	if err := o.Prepare(); err != nil {
		t.Fatal(err)
	}
	o.cache.noMarkerMemo = true
	var b strings.Builder
	for _, c := range normalize.Clients() {
		set := o.View(c, AllScopes)
		for _, e := range set.Entries {
			b.WriteString(c.ID + " " + e.Server.Name + " " + e.Server.Source.Path + "\n")
		}
	}
	if b.String() != got || got == "" {
		t.Errorf("views with the markers remembered:\n%s\nasking every time:\n%s", got, b.String())
	}
}
