package secret_test

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/internal/shell/shelltest"
	"github.com/mcpconf/mcpconf/secret"
)

// TestTextKeepsQuoting: a command quoted to paste keeps its words when
// the boundary masks a secret that spans part of its quoting — a learned
// value holding a quote, a key=value the scanner finds in a name — so
// that masking never lets the shell run part of a name.
func TestTextKeepsQuoting(t *testing.T) {
	for _, c := range []struct{ learned, name string }{
		{`Qz8Lm3Xp9W'\'`, "Qz8Lm3Xp9W'; touch pasted; #"},
		{`Qz8Lm3Xp9W'`, "a Qz8Lm3Xp9W"},
		{`Zx9Qw2Lm4'\''`, "Zx9Qw2Lm4';touch pasted;'"},
		{"", "token='; touch pasted; #"},
		{"", "x --api-key='; touch pasted; #"},
	} {
		b := secret.New()
		if c.learned != "" {
			b.Learn(c.learned)
		}
		line := shell.POSIX("mcpconf", "probe", c.name, "--tools", "x y';touch pasted;#")
		shown := b.Text(line).String()
		if got := shelltest.Args(t, shown); len(got) != 4 || got[0] != "probe" || got[2] != "--tools" {
			t.Errorf("%s\nshown as %s: mcpconf gets %q", line, shown, got)
		}
	}
}

// TestTextKeepsQuotingRandom: for random names and a learned secret cut
// from the quoted command at random (after the program), the masked
// command still gives mcpconf as many arguments and runs nothing else.
func TestTextKeepsQuotingRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 7))
	const alphabet = `ab9Z'"\ ;#$()` + "`=-"
	word := func(n int) string {
		var b strings.Builder
		for range n {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
		return b.String()
	}
	for range 300 {
		args := []string{"mcpconf", word(1 + r.IntN(12)), word(1 + r.IntN(12)), "--tools"}
		line := shell.POSIX(args...)
		i := len("mcpconf ") + r.IntN(len(line)-len("mcpconf ")) // a program masked is not found
		j := min(len(line), i+8+r.IntN(10))
		b := secret.New()
		b.Learn(line[i:j])
		shown := b.Text(line).String()
		if got := shelltest.Args(t, shown); len(got) != len(args)-1 {
			t.Fatalf("%s with %q learned\nshown as %s: mcpconf gets %q", line, line[i:j], shown, got)
		}
	}
}
