package secret

import (
	"strings"
	"testing"
)

// Fake credentials of the right shapes, built from pieces so that no real
// secret scanner mistakes this file for a leak.
const body36 = "0123456789" + "abcdefghij" + "ABCDEFGHIJ" + "k1m2n3"

var (
	fakeGHP   = "ghp_" + body36
	fakeAWS   = "AKIA" + "Z7Q2" + "R4T6" + "Y8U1" + "W3E5"
	fakeJWT   = "eyJhbGciOiJIUzI1NiJ9" + "." + "eyJzdWIiOiJtY3Bjb25mIn0" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	fakeGoog  = "AIza" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"
	fakeOpen  = "sk-" + "proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8t"
	fakeAnth  = "sk-ant-" + "api03-" + "Xy7zAb4cDe1fGh8iJk5lMn2o"
	fakeSlack = "xoxb-" + "1234567890" + "-" + "abcdefGHIJ"
	fakeGL    = "glpat-" + "aB3dE6gH9jK2mN5pQ8sT"
	fakeNPM   = "npm_" + body36
	fakePAT   = "github_pat_" + "11ABCDEFG0" + "123456789abcdef" + "_" + "ghijklmnopqrstuvwxyz0123456789"
	fakeNeon  = "napi_" + "k3m9x2q7w1e8r4t6y0u5i3o9p2a7s1d6f8g4h0j5k2l9z3x7c1v6b8n4m0q2w5e9"
)

func TestTokenKind(t *testing.T) {
	tests := []struct {
		in   string
		kind string // "" when no token is expected
	}{
		{fakeGHP, "GitHub personal access token"},
		{"gho_" + body36, "GitHub OAuth token"},
		{"ghu_" + body36, "GitHub user-to-server token"},
		{"ghs_" + body36, "GitHub server-to-server token"},
		{"ghr_" + body36, "GitHub refresh token"},
		{"token " + fakeGHP, "GitHub personal access token"},
		{"--token=" + fakeGHP, "GitHub personal access token"},
		{"https://x:" + fakeGHP + "@github.com/o/r", "GitHub personal access token"},
		{fakePAT, "GitHub fine-grained personal access token"},
		{fakeAWS, "AWS access key ID"},
		{"ASIA" + "Z7Q2R4T6Y8U1W3E5", "AWS access key ID"},
		{fakeJWT, "JSON Web Token"},
		{"Bearer " + fakeJWT, "JSON Web Token"},
		{fakeGoog, "Google API key"},
		{fakeOpen, "OpenAI-style API key"},
		{fakeAnth, "Anthropic API key"},
		{fakeSlack, "Slack token"},
		{fakeGL, "GitLab personal access token"},
		{fakeNPM, "npm access token"},
		{fakeNeon, "Neon API key"},
		{"start " + fakeNeon, "Neon API key"},
		{"Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0", "bearer token"},
		{"bearer  abcDEF123456ghiJKL", "bearer token"},
		{"Basic dXNlcjpwYXNzd29yZDEyMw==", "basic auth credential"},
		// vendor shapes seen in MCP configs
		{"ctx7sk-" + "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "Context7 API key"},
		{"--api-key=ctx7sk-" + "1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d", "Context7 API key"},
		{"tvly-" + "dev-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1w", "Tavily API key"},
		{"pplx-" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0f", "Perplexity API key"},
		{"gsk_" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6l", "Groq API key"},
		{"hf_" + "AbcdEfghIjklMnopQrstUvwxYzabCdefGh", "Hugging Face token"},
		{"lin_api_" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0f", "Linear API key"},
		{"sbp_" + "0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b", "Supabase access token"},
		{"ntn_" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJ", "Notion integration token"},
		{"fc-" + "0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d", "Firecrawl API key"},
		{"shpat_" + "0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d", "Shopify access token"},
		{"sk-or-v1-" + "0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b", "OpenRouter API key"},
		{"sk-" + "0a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d", "OpenAI-style API key"}, // lower-case hex (DeepSeek's shape)
		{"figd_" + "Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4z", "Figma access token"},
		{"rk_live_" + "Ab3dEf6hIj9kLm2nOp5qRs8t", "Stripe restricted key"},

		// Not tokens.
		{"", ""},
		{"ctx7sk-test-secret", ""},            // a test fixture, not a key
		{"ctx7sk-...", ""},                    // an elided example
		{"fc-" + "config-loader-package", ""}, // a word, not hex
		{"hf_" + "transformers_cache_directory_name", ""}, // lower case words

		{"ghp_", ""},
		{"gldt-" + "short", ""}, // too short for a deploy token
		{"pypi-" + "my-package-name-with-a-long-tail", ""}, // a package, not a token
		{"SG.com", ""},
		{"ya29.", ""},
		{"dckr_pat_" + strings.Repeat("x", 27), ""},     // an obvious dummy
		{"napi_" + strings.Repeat("a1", 10), ""},        // too short for a Neon key
		{"napi_" + strings.Repeat("abcdefghij", 5), ""}, // no digit
		{"napi_" + strings.ToUpper(fakeNeon[5:]), ""},   // Neon keys are lower case
		{"ghp_" + body36[:35], ""},                      // too short
		{"ghp_" + body36 + "Z", ""},                     // too long
		{"xghp_" + body36, ""},                          // not at a word boundary
		{"ghp_" + strings.Repeat("x", 36), ""},          // an obvious dummy
		{"AKIAIOSFODNN7EXAMPLE", ""},                    // AWS's documentation key
		{"AKIA" + "Z7Q2R4T6Y8U1W3E", ""},                // 15 characters
		{"sk-my-long-package-name-here", ""},            // no digits or capitals
		{"--mask-" + fakeOpen[3:], ""},                  // "sk-" inside a word
		{"Bearer ${GITHUB_TOKEN}", ""},                  // a placeholder
		{"Bearer ${env:GITHUB_TOKEN}", ""},              // another client's placeholder
		{"Bearer {env:TOKEN}", ""},                      // opencode's
		{"Bearer YOUR_TOKEN_HERE", ""},                  // an env-name shape
		{"Bearer <your-token-goes-here>", ""},           // not token68
		{"Bearer abcdefghijklmnopqrstuvwxyz", ""},       // no digit
		{"Bearer x", ""},
		{"eyJhbGciOiJIUzI1NiJ9.payload.sig", ""}, // payload is not JSON
		{"@modelcontextprotocol/server-github@2025.4.8", ""},
		{"https://mcp.context7.com/mcp", ""},
	}
	for _, tt := range tests {
		kind, ok := tokenKind(tt.in)
		if ok != (tt.kind != "") || kind != tt.kind {
			t.Errorf("tokenKind(%q) = %q, %v; want %q", tt.in, kind, ok, tt.kind)
		}
	}
}

func TestFindTokenOffsets(t *testing.T) {
	s := "Authorization: Bearer " + fakeGHP + " trailing"
	kind, start, end, ok := FindToken(s)
	if !ok || kind != "GitHub personal access token" || s[start:end] != fakeGHP {
		t.Fatalf("FindToken = %q [%d:%d] %v", kind, start, end, ok)
	}
}

func FuzzFindToken(f *testing.F) {
	for _, s := range []string{fakeGHP, fakeJWT, "Bearer abc123def456ghi789", "eyJ.eyJ.", "xoxb-", "AKIA"} {
		f.Add(s)
	}
	f.Add("Bearer abc123def456ghi789 " + fakeGHP + " Basic dXNlcjpwYXNzd29yZDEyMw==")
	f.Fuzz(func(t *testing.T, s string) {
		if _, start, end, ok := FindToken(s); ok && (start < 0 || end > len(s) || start >= end) {
			t.Fatalf("bad offsets [%d:%d] in %q", start, end, s)
		}
		checkEachTokenCovers(t, s)
	})
}

// checkEachTokenCovers checks that every byte FindToken, called again
// after each token, would report is inside a span EachToken reports.
func checkEachTokenCovers(t *testing.T, s string) {
	t.Helper()
	covered := make([]bool, len(s))
	EachToken(s, func(_ string, start, end int) {
		if start < 0 || end > len(s) || start >= end {
			t.Fatalf("EachToken: bad offsets [%d:%d] in %q", start, end, s)
		}
		for i := start; i < end; i++ {
			covered[i] = true
		}
	})
	for off := 0; off < len(s); {
		_, start, end, ok := FindToken(s[off:])
		if !ok {
			break
		}
		for i := off + start; i < off+end; i++ {
			if !covered[i] {
				t.Fatalf("EachToken misses byte %d of %q (FindToken found %q)", i, s, s[off+start:off+end])
			}
		}
		off += end
	}
}

func TestEachToken(t *testing.T) {
	s := "Bearer abc123def456ghi789 x " + fakeGHP + " y " + fakeAWS
	var got []string
	EachToken(s, func(kind string, start, end int) { got = append(got, kind+"="+s[start:end]) })
	want := []string{"bearer token=Bearer abc123def456ghi789", "GitHub personal access token=" + fakeGHP, "AWS access key ID=" + fakeAWS}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("EachToken = %q, want %q", got, want)
	}
	for _, tt := range []string{s, "Bearer " + fakeJWT, "token " + fakeGHP + " Bearer 9f8e7d6c5b4a39281706f5e4d3c2b1a0"} {
		checkEachTokenCovers(t, tt)
	}
}

// TestEachTokenLongLine: one minified line with 50,000 "Bearer"
// placeholders holds no token.
func TestEachTokenLongLine(t *testing.T) {
	line := strings.Repeat(`{"Authorization":"Bearer ${TOKEN}"},`, 50_000) // 1.8 MB, 50,000 "Bearer"
	n := 0
	EachToken(line, func(string, int, int) { n++ })
	if n != 0 {
		t.Errorf("found %d tokens in placeholders", n)
	}
	if _, _, _, ok := FindToken(line); ok {
		t.Error("FindToken found a token in placeholders")
	}
}

// benchStrings are values of typical configs.
var benchStrings = []string{
	"npx",
	"-y",
	"@modelcontextprotocol/server-github",
	"https://example.com/mcp",
	"Bearer ${GITHUB_TOKEN}",
	"${DOCS_URL:-https://example.com/mcp}",
	"{env:DOCS_TOKEN}",
	"${workspaceFolder}/mcp/index.js",
}

func BenchmarkTokenKind(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchStrings {
			tokenKind(s)
		}
	}
}

func BenchmarkIsSecretKey(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		IsSecretKey("GITHUB_PERSONAL_ACCESS_TOKEN")
		IsSecretKey("KEYBOARD_LAYOUT")
	}
}

func BenchmarkFind(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchStrings {
			find(s)
		}
	}
}

func TestPublicToken(t *testing.T) {
	// header.payload.signature with payloads {"role":"anon",…} and
	// {"role":"service_role",…}, as Supabase issues them.
	anon := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJhbm9uIn0" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	service := "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + "." + "eyJpc3MiOiJzdXBhYmFzZSIsInJvbGUiOiJzZXJ2aWNlX3JvbGUifQ" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"
	for _, tt := range []struct {
		token string
		want  bool
	}{
		{anon, true},
		{service, false},
		{fakeJWT, false}, // no role
		{"not.a.jwt", false},
	} {
		kind, start, end, ok := FindToken(tt.token)
		if !ok || kind != "JSON Web Token" {
			if tt.want {
				t.Fatalf("%q: not found as a JWT", tt.token)
			}
			continue
		}
		if got := PublicToken(kind, tt.token[start:end]); got != tt.want {
			t.Errorf("PublicToken(%q) = %v, want %v", tt.token, got, tt.want)
		}
	}
	if PublicToken("GitHub personal access token", fakeGHP) {
		t.Error("a GitHub token is never public")
	}
}

// TestShapes: every shape of the table has a source and an example that
// FindToken finds whole, with its kind, alone, as an argument, after
// "Bearer" and in a sentence; Mask and MaskArgs hide it.
func TestShapes(t *testing.T) {
	kinds := map[string]bool{}
	for _, sh := range Shapes() {
		ex := sh.Example()
		if sh.Source == "" || sh.Kind == "" || !strings.HasPrefix(ex, sh.Prefix) {
			t.Errorf("%+v: no source, kind or example with its prefix", sh)
			continue
		}
		kinds[sh.Kind] = true
		ins := []string{ex, "--x " + ex, "key " + ex + " here"}
		if sh.Kind != kindBearer && sh.Kind != kindBasic {
			ins = append(ins, "["+ex+"]", `"`+ex+`",`) // a scheme's credential runs to a space
		}
		for _, in := range ins {
			kind, start, end, ok := FindToken(in)
			if !ok || in[start:end] != ex || kind != sh.Kind && !(sh.Kind == kindBearer || sh.Kind == kindBasic) {
				t.Errorf("FindToken(%q) = %q %q %v, want %q", in, kind, in[start:end], ok, sh.Kind)
			}
		}
		if got := Mask("run " + ex); strings.Contains(got, ex[len(sh.Prefix):]) {
			t.Errorf("Mask shows %s: %q", sh.Kind, got)
		}
		if got := MaskArgs([]string{"-y", "pkg", ex}); strings.Contains(strings.Join(got, " "), ex[len(sh.Prefix):]) {
			t.Errorf("MaskArgs shows %s: %q", sh.Kind, got)
		}
	}
	// the shapes the issue names
	for _, k := range []string{"Google OAuth access token", "Slack app-level token", "GitLab deploy token", "GitLab runner authentication token",
		"Docker personal access token", "SendGrid API key", "PyPI API token", "Atlassian API token", "Sentry organization token"} {
		if !kinds[k] {
			t.Errorf("no shape %q", k)
		}
	}
}
