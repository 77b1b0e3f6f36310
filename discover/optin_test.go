package discover

import (
	"slices"
	"testing"
)

// TestYAMLStringList: enabledProviders as oh-my-pi's config.yml holds it,
// a block or a flow list, quoted or not, among other keys, read as YAML
// (Bun's YAML.parse); a file that does not decode, or another key, is no
// list, never a panic.
func TestYAMLStringList(t *testing.T) {
	for _, tc := range []struct {
		src  string
		want []string
	}{
		{"enabledProviders:\n  - cursor\n  - \"gemini\"\n  - 'claude' # mine\nother: 1\n", []string{"cursor", "gemini", "claude"}},
		{"theme: dark\nenabledProviders: [codex, \"*\"]\n", []string{"codex", "*"}},
		{"enabledProviders:\n- all\n", []string{"all"}},
		{"enabledProviders: [cursor, 3, {a: b}]\n", []string{"cursor"}},
		{"  enabledProviders: [cursor]\n", []string{"cursor"}}, // an indented mapping is still the document's
		{"enabledProviders: []\n", nil},
		{"mcp:\n  enabledProviders: [cursor]\n", nil}, // not a top-level key
		{"enabledProvidersX: [cursor]\n", nil},
		{"enabledProviders:\n", nil},
		{"enabledProviders: cursor\n", nil},
		{"enabledProviders: [\n", nil},
		{"- enabledProviders\n", nil},
		{"", nil},
		{"\x00\xff: [", nil},
	} {
		m, _ := yamlMapping([]byte(tc.src))
		if got := stringList(m["enabledProviders"]); !slices.Equal(got, tc.want) {
			t.Errorf("%q: %q, want %q", tc.src, got, tc.want)
		}
	}
}

// TestYAMLFalse: a nested setting (pisces's mcp.enableProjectConfig) is
// off only when it is YAML's false, in block or flow form; a quoted
// "false" is a string, and a key of another parent, or at the top, is not
// it.
func TestYAMLFalse(t *testing.T) {
	for src, want := range map[string]bool{
		"mcp:\n  enableProjectConfig: false\n":                      true,
		"mcp: {enableProjectConfig: False, x: 1}\n":                 true,
		"mcp:\n  enableProjectConfig: FALSE\n":                      true,
		"mcp:\n  other: 1\n  enableProjectConfig: \"false\" # no\n": false,
		"mcp:\n  enableProjectConfig: true\n":                       false,
		"other:\n  enableProjectConfig: false\nmcp:\n  x: 1\n":      false,
		"enableProjectConfig: false\n":                              false,
		"mcp: false\n":                                              false,
	} {
		m, _ := yamlMapping([]byte(src))
		if got := isFalse(m, "mcp", "enableProjectConfig"); got != want {
			t.Errorf("%q: got %v, want %v", src, got, want)
		}
	}
}
