package discover

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/normalize"
)

// BenchmarkDiscover measures discovery, normalization and merge of 1,000
// servers spread over every provider's project and user files.
func BenchmarkDiscover(b *testing.B) {
	root := b.TempDir()
	home := filepath.Join(root, "home")
	w, err := gen.Tree(root, home, 1000)
	if err != nil {
		b.Fatal(err)
	}
	// pisces reads other tools' user files only for the providers its
	// config enables: all of them here
	var ids []string
	for _, p := range normalize.Providers() {
		ids = append(ids, strconv.Quote(p.Client.ID))
	}
	cfg := filepath.Join(home, ".pisces", "agent", "config.yml")
	if err := os.MkdirAll(filepath.Dir(cfg), 0o755); err != nil {
		b.Fatal(err)
	}
	if err := os.WriteFile(cfg, []byte("enabledProviders: ["+strings.Join(ids, ", ")+"]\n"), 0o644); err != nil {
		b.Fatal(err)
	}
	set, err := piscesView(Options{Root: root, Home: home})
	if err != nil {
		b.Fatal(err)
	}
	// every definition written is read, one entry per name, and nothing
	// is wrong with the files
	if len(set.Definitions) != w.Definitions || len(set.Entries) != w.Names || len(set.Diagnostics) != 0 {
		b.Fatalf("%d definitions, %d servers, %d diagnostics; wrote %d definitions of %d names in %d files",
			len(set.Definitions), len(set.Entries), len(set.Diagnostics), w.Definitions, w.Names, w.Files)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := piscesView(Options{Root: root, Home: home}); err != nil {
			b.Fatal(err)
		}
	}
}
