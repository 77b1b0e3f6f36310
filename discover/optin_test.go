package discover

import (
	"slices"
	"testing"
)

// TestYAMLStringList: enabledProviders as oh-my-pi's config.yml holds it,
// a block or a flow list, quoted or not, among other keys; anything else is
// no list, never a panic.
func TestYAMLStringList(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"enabledProviders:\n  - cursor\n  - \"gemini\"\n  - 'claude' # mine\nother: 1\n", []string{"cursor", "gemini", "claude"}},
		{"theme: dark\nenabledProviders: [codex, \"*\"]\n", []string{"codex", "*"}},
		{"enabledProviders:\n- all\n", []string{"all"}},
		{"enabledProviders: []\n", nil},
		{"  enabledProviders: [cursor]\n", nil}, // not a top-level key
		{"enabledProvidersX: [cursor]\n", nil},
		{"enabledProviders:\n", nil},
		{"enabledProviders: [\n", nil},
		{"", nil},
		{"\x00\xff: [", nil},
	} {
		if got := yamlStringList([]byte(tc.src), "enabledProviders"); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}
