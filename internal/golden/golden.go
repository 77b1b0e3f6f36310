// Package golden compares test output with files kept in the repository
// (golden outputs, generated docs) and rewrites them on -update.
package golden

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// File compares got with the file at path; with update it writes got
// there instead. rerun is the command that rewrites the file, for the
// message.
func File(t testing.TB, path string, got []byte, update bool, rerun string) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (%s writes it; go run ./internal/dev/update writes every generated file)", err, rerun)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s is stale (%s rewrites it; go run ./internal/dev/update rewrites every generated file):\n%s", path, rerun, firstDifference(want, got))
	}
}

// firstDifference names the first line in which got differs from want.
func firstDifference(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		var wl, gl string
		if i < len(w) {
			wl = w[i]
		}
		if i < len(g) {
			gl = g[i]
		}
		if wl != gl {
			return fmt.Sprintf("line %d:\nwant %q\ngot  %q", i+1, wl, gl)
		}
	}
	return "(same lines, different bytes)"
}
