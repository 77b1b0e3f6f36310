package normalize

import "testing"

// TestWhatwgParses checks the URL check Cline's schema makes (zod's
// z.string().url(): URL.canParse of the trimmed text) on the urls cline
// 3.0.65 was seen to take or refuse (testdata/clients/cline-names,
// cline-bad-url, cline-placeholder-url, the harness's seed 3, and by hand:
// the IPv4, IPv6 and user-info urls).
func TestWhatwgParses(t *testing.T) {
	for in, want := range map[string]bool{
		"http://127.0.0.1:9/mcp":   true,
		" http://127.0.0.1:9/x ":   true,
		"localhost:9/mcp":          true, // a scheme "localhost"
		"http:127.0.0.1:9/mcp":     true,
		"https://[::1]:9/":         true,
		"127.0.0.1:9/mcp":          false,
		"http://":                  false,
		"http://a b/":              false,
		"http://127.0.0.1:99999/":  false,
		"${env:BASE}/mcp":          false,
		"not a url":                false,
		"":                         false,
		"http://1.2.3.4.5/":        false,
		"http://user@example.com/": true,
	} {
		if got := whatwgParses(in); got != want {
			t.Errorf("whatwgParses(%q) = %v, want %v", in, got, want)
		}
	}
}
