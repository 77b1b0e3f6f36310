package secret

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFind: each kind of secret is found where it is, and what is not a
// secret (references, scheme words, our own messages) is left alone.
func TestFind(t *testing.T) {
	tests := []struct {
		in   string
		want []string // the secrets, in order
	}{
		{"token " + fakeGHP + " here", []string{fakeGHP}},
		{"postgresql://admin:Pw-Kq7Zx2@db.example.com:5432/app", []string{"Pw-Kq7Zx2"}},
		{"https://h.example/mcp?api_key=K3yValue123&x=1", []string{"K3yValue123"}},
		{"https://h.example/mcp?api_key=${KEY}", nil},
		{"postgresql://admin:${DB_PASSWORD}@db/app", nil},
		{"mcp --api-key=Abc123Def456 --verbose", []string{"Abc123Def456"}},
		{"mcp --api-key Abc123Def456 --verbose", []string{"Abc123Def456"}},
		{"mcp --password hunter22 -x", []string{"hunter22"}},
		{"mcp -password=hunter22", []string{"hunter22"}},
		{`["--token", "Tok3nValue99", "--port", "8080"]`, []string{"Tok3nValue99"}},
		{`["--token=Tok3nValue99"]`, []string{"Tok3nValue99"}},
		{`["--token", "${TOKEN}"]`, nil},
		{"mcp --token-file ./tok.txt --api-key-env API_KEY", nil},
		{"mcp --max-tokens 4096", nil},
		{"API_KEY=sup3rs3cret PATH=/usr/bin", []string{"sup3rs3cret"}},
		{"password: hunter22", []string{"hunter22"}},
		{"Authorization: Bearer abc", []string{"abc"}},
		{`{"apiKey": "Zz9-value", "name": "x"}`, []string{"Zz9-value"}},
		{`bearer_token = "sk-anything"`, []string{"sk-anything"}},
		{`bearer_token_env_var = "FIGMA_TOKEN"`, nil},
		{`"Authorization": "Bearer ${TOKEN}"`, nil},
		{`"Authorization": "Bearer l1teral"`, []string{"l1teral"}},
		{`server "x": env "API_KEY": variable "GITHUB_TOKEN" is not set`, nil},
		{`header "Authorization" will not be sent: ${TOKEN} is unset`, nil},
		{"API_KEY=***", nil},
		{"--token ***", nil},
		{"https://u:***@h/x", nil},
		{"pass --input ID=VALUE to answer", nil},
		{"https://actions.example.com/mcp/Ab3xZ9qLm2Wr7Tn5Kp8Vd/sse", []string{"Ab3xZ9qLm2Wr7Tn5Kp8Vd"}},
		{"https://mcp.example.dev/3f9b2c1e-7d4a-4e8b-9c0d-1a2b3c4d5e6f/sse", []string{"3f9b2c1e-7d4a-4e8b-9c0d-1a2b3c4d5e6f"}},
		{"https://docs.example.com/getting-started-with-authentication/v2/2025-06-18", nil},
		{"https://example.com/mcp/${MCP_KEY}/sse", nil},
	}
	for _, tt := range tests {
		var got []string
		for _, sp := range find(tt.in) {
			got = append(got, tt.in[sp.Start:sp.End])
		}
		if strings.Join(got, "|") != strings.Join(tt.want, "|") {
			t.Errorf("find(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestMaskValue(t *testing.T) {
	tests := map[string]string{
		"${GITHUB_TOKEN}":              "${GITHUB_TOKEN}",
		"Bearer ${TOKEN}":              "Bearer ${TOKEN}",
		"Bearer l1teral-secret":        "Bearer ***",
		"literal":                      "***",
		"${X:-fallback-secret}":        "${X:-***}",
		"GITHUB_TOKEN":                 "GITHUB_TOKEN",
		"!op read op://vault/token":    "!op read op://vault/token",
		"!echo " + fakeGHP:             "!echo ***",
		"!cli --password=hunter22":     "!cli --password=***",
		"!echo CanaryCmd-7Fq2Zr9Lx4Wp": "!echo ***",
	}
	for in, want := range tests {
		if got := MaskValue("API_TOKEN", in); got != want {
			t.Errorf("MaskValue(%q) = %q, want %q", in, got, want)
		}
	}
	// under any other key, what may be a secret is masked, what plainly
	// is not reads as written
	for in, want := range map[string]string{
		"/home/me/mem.json":                  "/home/me/mem.json",
		"$HOME/mem.json":                     "$HOME/mem.json",
		"${HOME}/.cache/srv":                 "${HOME}/.cache/srv",
		"production":                         "production",
		"3000":                               "3000",
		"v20.11.1":                           "v20.11.1",
		"https://api.example.com/v1":         "https://api.example.com/v1",
		"OddKey-Wq8Zr2Lx7Vt4Ns6":             "***",
		"hunter22":                           "***",
		"eyJjcmVkIjoiQjY0U2VjcmV0In0":        "***",
		"Bearer plainword":                   "Bearer plainword",
		"first line\nOddKey-Wq8Zr2Lx7Vt4Ns6": "first line\n***",
		"Bearer s3cr3t-v4lue":                "Bearer ***",
		fakeGHP:                              "***",
		"https://u:pw1234@h.example/":        "https://u:***@h.example/",
	} {
		if got := MaskValue("MEMORY_FILE_PATH", in); got != want {
			t.Errorf("MaskValue(MEMORY_FILE_PATH, %q) = %q, want %q", in, got, want)
		}
	}
}

func TestMaskArgs(t *testing.T) {
	in := []string{"-y", "srv", "--api-key=K3y-value", "--password", "hunter22", "--token", "${TOKEN}", "postgresql://a:pw1234@db/x", fakeGHP, "--verbose"}
	want := []string{"-y", "srv", "--api-key=***", "--password", "***", "--token", "${TOKEN}", "postgresql://a:***@db/x", "***", "--verbose"}
	if got := MaskArgs(in); strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("MaskArgs = %q, want %q", got, want)
	}
}

func TestMaskURL(t *testing.T) {
	tests := map[string]string{
		"https://h.example/mcp":                         "https://h.example/mcp",
		"https://u:p4ss@h.example/mcp?token=abc&x=1":    "https://u:***@h.example/mcp?token=***&x=1",
		"redis://:pw5678@cache:6379":                    "redis://:***@cache:6379",
		"https://" + fakeGHP + "@github.com/x.git":      "https://***@github.com/x.git",
		"https://h.example/mcp?key=${KEY}&access=plain": "https://h.example/mcp?key=${KEY}&access=plain",
	}
	for in, want := range tests {
		if got := MaskURL(in); got != want {
			t.Errorf("MaskURL(%q) = %q, want %q", in, got, want)
		}
	}
}

// checkMask is what masking must hold for any input: it does not panic,
// its output holds nothing find reports, and masking it again changes
// nothing.
func checkMask(t *testing.T, s string) {
	t.Helper()
	m := Mask(s)
	if spans := find(m); len(spans) > 0 {
		t.Fatalf("Mask(%q) = %q still holds %q", s, m, m[spans[0].Start:spans[0].End])
	}
	if again := Mask(m); again != m {
		t.Fatalf("Mask is not idempotent on %q: %q, then %q", s, m, again)
	}
	for _, sp := range find(s) {
		if sp.Start < 0 || sp.End > len(s) || sp.Start >= sp.End {
			t.Fatalf("find(%q): bad span %+v", s, sp)
		}
	}
	b := NewKeyed([]byte("k"))
	b.LearnText(s)
	if got := b.Text(s).String(); !printable(got) {
		t.Fatalf("Text(%q) = %q is not printable", s, got)
	}
	for _, f := range []func(string) string{func(v string) string { return MaskValue("", v) }, func(v string) string { return MaskValue("DATA", v) }, MaskURL, MaskCommand} {
		out := f(s)
		if spans := find(out); len(spans) > 0 {
			t.Fatalf("masked %q as %q, which still holds %q", s, out, out[spans[0].Start:spans[0].End])
		}
	}
}

// FuzzMask: detection and masking never panic, masking is idempotent, and
// masked output holds no secret find detects.
func FuzzMask(f *testing.F) {
	for _, s := range []string{
		fakeGHP, fakeJWT, fakeAWS, "Bearer abc123def456ghi789", "postgresql://admin:pw@db/app",
		"https://h/mcp?token=abc&api_key=${K}", "--api-key=abc --password x", `["--token", "abc", "--x"]`,
		`{"apiKey": "v", "token": "${T}"}`, "API_KEY=abc PASSWORD: def", "Authorization: Bearer x y",
		"a:b=c:d=e", `"k"="v"`, "--token=--token=x", "x://y:z@w?token=a#b", "!echo " + fakeGHP,
		"\x1b]8;;http://evil\x07link\x1b]8;;\x07", "\u202egnp.exe", "--secret \"unterminated",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) { checkMask(t, s) })
}

// FuzzRawJSON: a document made Safe is valid JSON, keeps its keys in
// order, and holds no secret the scanner sees.
func FuzzRawJSON(f *testing.F) {
	for _, s := range []string{`{"type":"object","properties":{"b":{},"a":{"description":"` + fakeGHP + `"}}}`, `[1,"x",null,true,{"k":[]}]`, `"\u001b[2J"`, `{}`, `12.5e3`, `{"password":"hunter22","nested":{"apiKey":"Zz9-value"},"list":[{"token":"${T}"}]}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !json.Valid([]byte(s)) {
			return
		}
		out := NewKeyed(nil).RawJSON([]byte(s))
		if !json.Valid(out.Raw()) || out.Raw()[0] != strings.TrimSpace(s)[0] {
			t.Fatalf("RawJSON(%s) = %s is not JSON", s, out.Raw())
		}
		if spans := find(out.String()); len(spans) > 0 && strings.Contains(s, out.String()[spans[0].Start:spans[0].End]) {
			t.Fatalf("RawJSON(%s) = %s still holds %q", s, out, out.String()[spans[0].Start:spans[0].End])
		}
	})
}
