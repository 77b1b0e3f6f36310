package secret

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestSafeOnlyFromTheBoundary type-checks code outside the package: a
// constant makes a Safe through Lit, a string variable does not, and a Safe
// cannot be written as a literal with a field.
func TestSafeOnlyFromTheBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("type-checks the package from source")
	}
	check := func(body string) error {
		src := "package p\nimport \"github.com/mcpconf/mcpconf/secret\"\nvar _ = secret.Lit\n" + body
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatal(err)
		}
		conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
		_, err = conf.Check("p", fset, []*ast.File{f}, nil)
		return err
	}
	if err := check(`const c = "none"; var ok = secret.Lit(c); var ok2 = secret.Lit("x" + c)`); err != nil {
		t.Fatalf("a constant is refused: %v", err)
	}
	for _, bad := range []string{
		`func f(s string) secret.Safe { return secret.Lit(s) }`,
		`var s = "x"; var bad = secret.Lit(s)`,
		`var bad = secret.Safe{"raw"}`,
	} {
		if err := check(bad); err == nil || !strings.Contains(err.Error(), "cannot use") && !strings.Contains(err.Error(), "unexported") && !strings.Contains(err.Error(), "implicit assignment") {
			t.Errorf("%s: compiles (%v)", bad, err)
		}
	}
}

func TestNeutralize(t *testing.T) {
	b := NewKeyed(nil)
	for in, want := range map[string]string{
		"plain":                    "plain",
		"a\x1b[2Jb":                "a\uFFFD[2Jb",
		"\x1b]0;title\x07x":        "\uFFFD]0;title\uFFFDx",
		"\x1b]8;;http://e\x07link": "\uFFFD]8;;http://e\uFFFDlink",
		"csi\u009b31m":             "csi\uFFFD31m",
		"bidi\u202egnp.exe":        "bidi\uFFFDgnp.exe",
		"two\nlines\r":             "two\uFFFDlines\uFFFD",
		"tab\there":                "tab here",
		"tags\U000E0041\U000E0042": "tags\uFFFD\uFFFD",
		"bad\xffutf8":              "bad\uFFFDutf8",
		"line\u2028sep":            "line\uFFFDsep",
		"数据 e\u0301 😀":             "数据 e\u0301 😀",
	} {
		if got := b.Text(in).String(); got != want {
			t.Errorf("Text(%q) = %q, want %q", in, got, want)
		}
	}
	if got := b.Lines("a\r\nb\n\tc\x1b").String(); got != "a\nb\n\tc\uFFFD" {
		t.Errorf("Lines: %q", got)
	}
}

// TestCutAfterMasking: a secret cut at the limit never shows its first
// characters, whether the scanner or the boundary knows it.
func TestCutAfterMasking(t *testing.T) {
	b := NewKeyed(nil)
	known := "Kq7Zx2Lm5Np8Rt1Yv4Wb"
	b.Learn(known)
	for _, s := range []string{strings.Repeat("x", 190) + " " + fakeGHP, strings.Repeat("y", 195) + " " + known + " tail"} {
		for n := 180; n < 260; n++ {
			got := b.Cut(s, n).String()
			for _, secret := range []string{fakeGHP, known} {
				if strings.Contains(got, secret[:6]) {
					t.Fatalf("Cut(%d) shows %q: %q", n, secret[:6], got)
				}
			}
		}
	}
}

// TestFingerprintKeyed: fingerprints compare values within a boundary,
// differ across keys, and are not the bare hash of the value, so a short
// secret cannot be recovered offline.
func TestFingerprintKeyed(t *testing.T) {
	a, b := NewKeyed([]byte("one")), NewKeyed([]byte("two"))
	if first, again := a.Fingerprint("1234"), a.Fingerprint("1234"); first != again || first == a.Fingerprint("1235") {
		t.Error("a fingerprint does not compare values")
	}
	if a.Fingerprint("1234") == b.Fingerprint("1234") {
		t.Error("two keys give the same fingerprint")
	}
	// sha256("1234") starts 03ac6742
	if fp := New().Fingerprint("1234").String(); strings.Contains(fp, "03ac67") || !strings.HasPrefix(fp, "4 chars, hmac:") {
		t.Errorf("fingerprint %q", fp)
	}
}

// TestBoundaryLearnsWhatItMasks: a value a recognizer masks in one text
// (a server's "token=VALUE") is masked in every text made Safe after,
// where nothing says it is a secret (a positional argument).
func TestBoundaryLearnsWhatItMasks(t *testing.T) {
	const v = "Xy7kQ2mP9vL4wR8t"
	for name, mask := range map[string]func(b *Boundary){
		"Text":       func(b *Boundary) { b.Text("auth failed: token=" + v) },
		"Mask":       func(b *Boundary) { b.Mask("API_KEY=" + v) },
		"Message":    func(b *Boundary) { b.Message(`its last stderr line: "token=` + v + `"`) },
		"SourceLine": func(b *Boundary) { b.SourceLine(`"password": "`+v+`"`, nil) },
		"Value":      func(b *Boundary) { b.Value("DB_PASSWORD", v) },
		"Args":       func(b *Boundary) { b.Args([]string{"--token", v}) },
		"URL":        func(b *Boundary) { b.URL("https://u:" + v + "@h/mcp") },
	} {
		b := NewKeyed(nil)
		if got := b.Text("run srv " + v).String(); got != "run srv "+v {
			t.Fatalf("%s: masked before it was seen: %q", name, got)
		}
		mask(b)
		if got := b.Text("run srv " + v).String(); got != "run srv ***" {
			t.Errorf("%s: not learned: %q", name, got)
		}
	}
	// a short value is learned when it cannot be a word of a message;
	// a common word under a key is not: it would mask messages
	b := NewKeyed(nil)
	b.Text("password: hunter2")
	b.Text("password: none")
	if got := b.Text("run srv hunter2; none of them").String(); got != "run srv ***; none of them" {
		t.Errorf("%q", got)
	}
}

// TestBoundarySettle: a view whose later text teaches a secret is built
// again, so its earlier text hides it too.
func TestBoundarySettle(t *testing.T) {
	const v = "Xy7kQ2mP9vL4wR8t"
	b := NewKeyed(nil)
	var hint, stderr Safe
	runs := 0
	b.Settle(func() {
		runs++
		hint, stderr = b.Text("run it by hand: srv "+v), b.Text("token="+v)
	})
	if hint.String() != "run it by hand: srv ***" || stderr.String() != "token=***" || runs != 2 {
		t.Errorf("%d runs: %q, %q", runs, hint, stderr)
	}
}

// TestMessageAndOwn: mcpconf's own words are never replaced by a learned
// secret they equal; the values a message quotes, and any value-like
// secret, are.
func TestMessageAndOwn(t *testing.T) {
	b := NewKeyed(nil)
	b.Learn("hardcoded-secret", "credential", "Claude Code", "FlagKey-Tq5Wn8Zr2Lp7Xv3")
	for _, c := range []struct{ in, want string }{
		{`env "API_KEY" holds "credential": its name says it is a credential`, `env "API_KEY" holds "***": its name says it is a credential`},
		{`rule "hardcoded-secret" is off; hardcoded-secret fires`, `rule "***" is off; hardcoded-secret fires`},
		{`Claude Code does not start it`, `Claude Code does not start it`},
		{"command \"x\" failed: bad key FlagKey-Tq5Wn8Zr2Lp7Xv3", `command "x" failed: bad key ***`},
		{"in `credential` mode", "in `***` mode"},
		{`escaped "a \" credential"`, `escaped "a \" ***"`},
	} {
		if got := b.Message(c.in).String(); got != c.want {
			t.Errorf("Message(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	if got := b.Own("hardcoded-secret").String(); got != "hardcoded-secret" {
		t.Errorf("Own: %q", got)
	}
	if got := b.Own("ghp_" + "0123456789abcdefghijABCDEFGHIJk1m2n3").String(); got != "***" {
		t.Errorf("Own shows a token: %q", got)
	}
	for s, want := range map[string]bool{"hardcoded-secret": true, "Gemini CLI": true, "VS Code": true, "credential": true,
		"hunter2": false, "camelCase": false, "a_b": false, "Tq5Wn8": false} {
		if proseLike(s) != want {
			t.Errorf("proseLike(%q) = %v", s, !want)
		}
	}
}

// TestPath: a path hides a value-like secret, not a word it holds by
// chance (a client's directory).
func TestPath(t *testing.T) {
	b := NewKeyed(nil)
	b.Learn("claude", "Tq5Wn8Zr2Lp7")
	for in, want := range map[string]string{
		"~/.claude.json":                 "~/.claude.json",
		"/srv/Tq5Wn8Zr2Lp7/.mcp.json":    "/srv/***/.mcp.json",
		"/srv/ghp_" + body36 + "/x.json": "/srv/***/x.json",
	} {
		if got := b.Path(in).String(); got != want {
			t.Errorf("Path(%q) = %q, want %q", in, got, want)
		}
	}
}

// FuzzMessage: a learned secret that cannot be words of a message is
// never shown by Message or Path, wherever it stands in the text; and
// Message's output holds nothing the scanner sees.
func FuzzMessage(f *testing.F) {
	for _, s := range []string{`env "API_KEY" holds "`, `command "x" failed: bad key `, "in `", `"a \" `, "~/.", ""} {
		f.Add(s, "Tq5Wn8Zr2Lp7Xv3", `" ok`)
	}
	f.Fuzz(func(t *testing.T, pre, v, post string) {
		v = strings.TrimSpace(v)
		if len(v) < boundedBelow || proseLike(v) || strings.Contains(v, Masked) || !printable(v) {
			return
		}
		b := NewKeyed(nil)
		b.Learn(v)
		for _, got := range []string{b.Message(pre + v + post).String(), b.Path(pre + v + post).String()} {
			if strings.Contains(got, v) {
				t.Errorf("%q shows %q", got, v)
			}
		}
		if got := b.Message(pre + v + post).String(); find(got) != nil && printable(pre+post) {
			t.Errorf("%q holds a secret the scanner sees", got)
		}
	})
}
