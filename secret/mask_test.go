package secret

import (
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestMaskLine(t *testing.T) {
	cases := []struct{ in, want string }{
		{`"env": { "GITHUB_TOKEN": "ghp_0123456789abcdefghijklmnopqrstuvwxyz" }`, `"env": { "GITHUB_TOKEN": "****************************************" }`},
		{`"args": ["--key", "sk-ant-api03-Xk9fQ2mZr7LpW4vB8nT1yH6dJ3sE5aCq_AbCdEfGh"]`, `"args": ["--key", "` + strings.Repeat("*", 54) + `"]`},
		{`API_KEY = "Zm9vYmFyYmF6cXV4MTIzNDU2"`, `API_KEY = "************************"`},
		{`"Authorization": "Bearer ${TOKEN}"`, `"Authorization": "Bearer ${TOKEN}"`},
		{`"SECRET": "!op read op://vault/x"`, `"SECRET": "!op read op://vault/x"`},
		{`"command": "npx", "args": ["-y", "pkg@1.0.0"]`, `"command": "npx", "args": ["-y", "pkg@1.0.0"]`},
		{`"password": "é-ünïcode-secret"`, `"password": "****************"`},
	}
	b := NewKeyed(nil)
	for _, c := range cases {
		if got := b.SourceLine(c.in, nil).String(); got != c.want {
			t.Errorf("SourceLine(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
	// Explicit spans from hardcoded-secret findings are hidden as well.
	if got := b.SourceLine(`"X": "abcdefgh12345678"`, []ColSpan{{7, 23}}).String(); got != `"X": "****************"` {
		t.Errorf("span: %s", got)
	}
	// a learned secret is hidden wherever it is; a tab stays, an escape goes
	b.Learn("plain-known-value")
	if got := b.SourceLine("\t\"x\": \"plain-known-value\" \x1b[2J", nil).String(); got != "\t\"x\": \"*****************\" \uFFFD[2J" {
		t.Errorf("known: %q", got)
	}
}

func TestMaskFreeText(t *testing.T) {
	cases := []struct{ in, want string }{
		{`url "http://user:pw123456@h.example.com/mcp?token=abc123&x=1" is denied`, `url "http://user:***@h.example.com/mcp?token=***&x=1" is denied`},
		{`"ftp://h.example.com/x?api_key=k1&page=2#frag"`, `"ftp://h.example.com/x?api_key=***&page=2#frag"`},
		{`https://example.com/mcp stays`, `https://example.com/mcp stays`},
		{`["--api-key", "v4lu3v4lu3", "--token=t0k3nt0k3n", "--port", "8080"]`, `["--api-key", "***", "--token=***", "--port", "8080"]`},
		{`["--api-key", "${API_KEY}"]`, `["--api-key", "${API_KEY}"]`},
		{`holds ghp_R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N here`, `holds *** here`},
	}
	for _, c := range cases {
		if got := Mask(c.in); got != c.want {
			t.Errorf("Mask(%s)\n got %s\nwant %s", c.in, got, c.want)
		}
	}
}

// TestURLSpansMatchesRegexp checks URLSpans against the regular expression
// it implements, on random strings of the characters that matter.
func TestURLSpansMatchesRegexp(t *testing.T) {
	re := regexp.MustCompile("[a-zA-Z][a-zA-Z0-9+.-]*://[^\\s\"'`<>\\v]+")
	const alphabet = "ah1+.-:/:// \t\v`\"'<>@?=&é\xff"
	rng := rand.New(rand.NewPCG(1, 2))
	cases := []string{"", "://", "http://", "x http://a.b/c?d=e f", `"https://u:p@h/x","ftp://y"`, "1http://a", "+.a://b", "a://b://c"}
	for range 20000 {
		b := make([]byte, rng.IntN(24))
		for i := range b {
			b[i] = alphabet[rng.IntN(len(alphabet))]
		}
		cases = append(cases, string(b))
	}
	for _, s := range cases {
		var want [][2]int
		for _, m := range re.FindAllStringIndex(s, -1) {
			want = append(want, [2]int{m[0], m[1]})
		}
		if got := URLSpans(s); !slices.Equal(got, want) {
			t.Fatalf("URLSpans(%q) = %v, want %v", s, got, want)
		}
	}
}
