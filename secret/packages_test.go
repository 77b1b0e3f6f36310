package secret

import (
	"bufio"
	"math/rand/v2"
	"os"
	"strings"
	"testing"
)

// packageNames are the names of secret/testdata/mcp-packages.txt.
func packageNames(t *testing.T) []string {
	t.Helper()
	f, err := os.Open("testdata/mcp-packages.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	if len(out) < 200 {
		t.Fatalf("only %d names", len(out))
	}
	return out
}

// TestPackageNamesNotSecret: the name of a real MCP server's package, or
// the command it installs, is no secret: not random-looking, not masked
// as a command, an argument or a value under a plain key, not refused as
// a literal secret in a write, and not masked by a Boundary (a tool lock
// keys a server by its command: "mcp-server-everything" masked made two
// servers one entry).
func TestPackageNamesNotSecret(t *testing.T) {
	for _, name := range packageNames(t) {
		b := NewKeyed([]byte("k"))
		switch {
		case LooksSecret(name):
			t.Errorf("LooksSecret(%q)", name)
		case mayBeSecret(name):
			t.Errorf("mayBeSecret(%q)", name)
		case MaskCommand(name) != name:
			t.Errorf("MaskCommand(%q) = %q", name, MaskCommand(name))
		case MaskValue("MCP_PACKAGE", name) != name:
			t.Errorf("MaskValue(MCP_PACKAGE, %q) = %q", name, MaskValue("MCP_PACKAGE", name))
		case LiteralSecret("MCP_PACKAGE", name) != "":
			t.Errorf("LiteralSecret(MCP_PACKAGE, %q) = %q", name, LiteralSecret("MCP_PACKAGE", name))
		case b.Command(name).String() != name:
			t.Errorf("Boundary.Command(%q) = %q", name, b.Command(name).String())
		}
		if at, _ := LiteralArgs([]string{"npx", "-y", name}); at >= 0 {
			t.Errorf("LiteralArgs(npx -y %q) = %d", name, at)
		}
		if got := MaskArgs([]string{"-y", name}); got[1] != name {
			t.Errorf("MaskArgs(-y %q) = %q", name, got)
		}
	}
}

// TestRandomNotWords: what a generator of keys writes does not read as
// words (ReadsAsWords, which keeps package names from LooksSecret):
// letters and digits in mixed case, hex, base64url with its "-" and "_",
// UUIDs, groups joined by "-". Random lower-case letters alone
// sometimes read, and groups of them more (a license key of five-letter
// groups); a few in a hundred, against none of the names above read as a
// secret.
func TestRandomNotWords(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	gen := func(alphabet string, n int) string {
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		return string(b)
	}
	const (
		letters = "abcdefghijklmnopqrstuvwxyz"
		mixed   = letters + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
		base62  = mixed + "0123456789"
		b64url  = base62 + "-_"
		hex     = "0123456789abcdef"
		lower   = letters + "0123456789"
	)
	const n = 10000
	for _, k := range []struct {
		kind string
		next func() string
		most int // in n
	}{
		{"base62", func() string { return gen(base62, 20+r.IntN(30)) }, n / 500},
		{"base64url", func() string { return gen(b64url, 24+r.IntN(30)) }, n / 500},
		{"hex", func() string { return gen(hex, 32+r.IntN(33)) }, 0},
		{"HEX", func() string { return strings.ToUpper(gen(hex, 32)) }, 0},
		{"uuid", func() string {
			return gen(hex, 8) + "-" + gen(hex, 4) + "-4" + gen(hex, 3) + "-a" + gen(hex, 3) + "-" + gen(hex, 12)
		}, 0},
		{"lower and digits", func() string { return gen(lower, 24+r.IntN(20)) }, n / 500},
		{"mixed-case letters", func() string { return gen(mixed, 20+r.IntN(20)) }, n / 100},
		{"groups", func() string { return gen(base62, 8) + "-" + gen(base62, 8) + "-" + gen(base62, 8) }, n / 100},
		{"lower-case letters", func() string { return gen(letters, 20+r.IntN(20)) }, n / 50},
		{"lower-case groups", func() string {
			return gen(lower, 5) + "-" + gen(lower, 5) + "-" + gen(lower, 5) + "-" + gen(lower, 5)
		}, n / 20},
	} {
		read := 0
		for range n {
			if v := k.next(); ReadsAsWords(v) {
				read++
				if read <= 3 {
					t.Logf("%s: %q reads as words", k.kind, v)
				}
			}
		}
		if read > k.most {
			t.Errorf("%s: %d of %d read as words, want at most %d", k.kind, read, n, k.most)
		}
	}
}
