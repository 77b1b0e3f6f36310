package discover

import (
	"path/filepath"
	"testing"

	"github.com/mcpconf/mcpconf/internal/gen"
)

// BenchmarkDiscover measures discovery, normalization and merge of 1,000
// servers spread over every provider's project and user files.
func BenchmarkDiscover(b *testing.B) {
	root := b.TempDir()
	home := filepath.Join(root, "home")
	if err := gen.Tree(root, home, 1000); err != nil {
		b.Fatal(err)
	}
	set, err := piscesView(Options{Root: root, Home: home})
	if err != nil {
		b.Fatal(err)
	}
	if n := len(set.Definitions); n != 1000 || len(set.Diagnostics) != 0 || len(set.Entries) != 801 {
		b.Fatalf("%d definitions, %d servers, %d diagnostics", n, len(set.Entries), len(set.Diagnostics))
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if _, err := piscesView(Options{Root: root, Home: home}); err != nil {
			b.Fatal(err)
		}
	}
}
