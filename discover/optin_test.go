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

// TestYAMLScalarAt: a nested setting (pisces's mcp.enableProjectConfig)
// read in block and flow form; a key of another parent, or at the top,
// is not it.
func TestYAMLScalarAt(t *testing.T) {
	for src, want := range map[string]string{
		"mcp:\n  enableProjectConfig: false\n":                      "false",
		"mcp:\n  other: 1\n  enableProjectConfig: \"false\" # no\n": "\"false\"",
		"mcp: {enableProjectConfig: False, x: 1}\n":                 "False",
		"other:\n  enableProjectConfig: false\nmcp:\n  x: 1\n":      "",
		"enableProjectConfig: false\n":                              "",
		"mcp:\n  x: 1\nenableProjectConfig: false\n":                "",
	} {
		if got := yamlScalarAt([]byte(src), "mcp", "enableProjectConfig"); got != want {
			t.Errorf("%q: got %q, want %q", src, got, want)
		}
	}
}
