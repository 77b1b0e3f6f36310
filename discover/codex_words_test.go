package discover_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/internal/clientcase/replay"
)

// TestCodexRefusalWords: where the real Codex refused its whole config
// (testdata/clients, exit code not 0), mcpconf's view quotes what Codex
// printed: "Error: HEADER\n\nCaused by:\n    CAUSE\n    in `PLACE`" is
// "HEADER: CAUSE in `PLACE`" (Set.RefusedSaying), so lint's finding and
// explain's reason say what Codex says. A case whose tree holds several
// mistakes may name another one (the order of the checks is not
// everywhere Codex's, docs/clients.md); those are listed in wordsDiffer.
func TestCodexRefusalWords(t *testing.T) {
	const syntax = "a syntax error: Codex quotes its TOML parser's message and the line, mcpconf its own parser's"
	wordsDiffer := map[string]string{
		"codex-profile-conflict":       "mcpconf names the files as it shows them (~/.codex/…), Codex by their absolute paths",
		"codex-trust-level-invalid":    "Codex prints this one twice, numbered (0: with the file's position, 1: with the place)",
		"codex-project-syntax-trusted": syntax,
		"codex-requirements-syntax":    syntax,
		"gen-codex-6841765d":           syntax,
	}
	for _, dir := range clientcase.Dirs(t, realClients) {
		c, obs := clientcase.Load(t, dir)
		o, ok := obs["codex"]
		if !ok || o.ExitCode == 0 || !strings.Contains(o.Stderr, "Caused by:") {
			continue
		}
		name := filepath.Base(dir)
		t.Run(name, func(t *testing.T) {
			if why, ok := wordsDiffer[name]; ok {
				t.Skip(why)
			}
			head, cause, _ := strings.Cut(o.Stderr, "\n\nCaused by:\n")
			var lines []string
			for _, l := range strings.Split(cause, "\n") {
				if l = strings.TrimSpace(l); l != "" {
					lines = append(lines, l)
				}
			}
			want := strings.TrimPrefix(head, "Error: ") + ": " + strings.Join(lines, " ")
			st := clientcase.Stage(t, dir, c)
			set, err := replay.View(st, c, "codex")
			if err != nil {
				t.Fatal(err)
			}
			got := st.Paths().Replace(set.RefusedSaying) // temp paths as clientcheck writes them
			if got != want {
				t.Errorf("mcpconf says Codex says\n  %s\nCodex says\n  %s", got, want)
			}
		})
	}
}
