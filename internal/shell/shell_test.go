package shell

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/secret"
)

// words runs line in /bin/sh (printf's arguments after the format) and
// returns the arguments it received.
func words(t testing.TB, line string) []string {
	t.Helper()
	out, err := exec.Command("/bin/sh", "-c", line).Output()
	if err != nil {
		t.Fatalf("sh -c %q: %v", line, err)
	}
	if len(out) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
}

var hard = []string{
	"", "x", "x;touch pasted;#", "a b", "it's", "'", "''", `\`, `a\'b`, `"$HOME"`, "$(touch pasted)", "`touch pasted`",
	"*", "?", "[a]", "{a,b}", "~", "~root", "a\nb", "\n", "a\tb", "#x", "!x", "!!", "-rf", "--", "=x", "a=b", "%1",
	"é", "日本", "\u202ex", "\x1b[31m", "a&b", "a|b", "a>b", "<a", "(a)", "\r", "\x7f", "\xff\xfe", " ", "x ", "^a",
}

// TestQuote: each hard string, quoted, reaches a program run by /bin/sh
// as exactly itself, one argument; so does every argument of POSIX.
func TestQuote(t *testing.T) {
	for _, s := range hard {
		if got := words(t, `printf '%s\0' `+Quote(s)); len(got) != 1 || got[0] != s {
			t.Errorf("Quote(%q) = %s: sh passes %q", s, Quote(s), got)
		}
	}
	line := POSIX(append([]string{"printf", `%s\0`}, hard...)...)
	if got := words(t, line); strings.Join(got, "\x00") != strings.Join(hard, "\x00") {
		t.Errorf("POSIX: %s\nsh passes %q", line, got)
	}
	for s, want := range map[string]string{"x": "x", "a b": "'a b'", "it's": `'it'\''s'`, "": "''", "--tools": "--tools", "=x": "'=x'",
		"x;touch pasted;#": "'x;touch pasted;#'", "/usr/bin/npx": "/usr/bin/npx", "g-w,o-w": "g-w,o-w"} {
		if got := Quote(s); got != want {
			t.Errorf("Quote(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestPOSIXProgram: the program is quoted where a shell would read it as
// an assignment or a reserved word.
func TestPOSIXProgram(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mcpconf", "probe", "x"}, "mcpconf probe x"},
		{[]string{"A=b", "x"}, "'A=b' x"},
		{[]string{"if", "x"}, "'if' x"},
		{[]string{"x", "if"}, "x if"},
		{[]string{"my tool", "a"}, "'my tool' a"},
	} {
		if got := POSIX(c.args...); got != c.want {
			t.Errorf("POSIX(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}

// FuzzQuote: for any string without NUL, /bin/sh passes Quote's word to
// a program as that string, and POSIX's words as those strings.
func FuzzQuote(f *testing.F) {
	for _, s := range hard {
		f.Add(s, "y")
	}
	f.Fuzz(func(t *testing.T, s, s2 string) {
		if strings.ContainsRune(s, 0) || strings.ContainsRune(s2, 0) {
			t.Skip("an argument cannot hold NUL")
		}
		if got := words(t, `printf '%s\0' `+Quote(s)); len(got) != 1 || got[0] != s {
			t.Fatalf("Quote(%q) = %s: sh passes %q", s, Quote(s), got)
		}
		line := POSIX("printf", `%s\0`, s, s2)
		if got := words(t, line); len(got) != 2 || got[0] != s || got[1] != s2 {
			t.Fatalf("POSIX: %s: sh passes %q", line, got)
		}
	})
}

// TestQuotePowerShell: PowerShell's quoting rules (pwsh is not at hand to
// run): a single-quoted string holds everything literally but the single
// quotes — the ASCII one and U+2018..U+201B — each written twice; a bare
// word only of characters PowerShell's argument mode passes as they are;
// a quoted program behind &.
func TestQuotePowerShell(t *testing.T) {
	for s, want := range map[string]string{
		"x":                  "x",
		"C:\\Users\\me":      "C:\\Users\\me",
		"--tools":            "--tools",
		"-x":                 "-x",
		"--":                 "'--'",
		"--%":                "'--%'",
		"-a.b":               "'-a.b'",
		"":                   "''",
		"a b":                "'a b'",
		"it's":               "'it''s'",
		"it\u2019s":          "'it\u2019\u2019s'",
		"\u2018q\u201b":      "'\u2018\u2018q\u201b\u201b'",
		"$env:HOME":          "'$env:HOME'",
		"$(calc)":            "'$(calc)'",
		"`n":                 "'`n'",
		"x;calc;#":           "'x;calc;#'",
		"a,b":                "'a,b'",
		"@a":                 "'@a'",
		"\"q\"":              "'\"q\"'",
		"é":                  "'é'",
		"{a}":                "'{a}'",
		"x=1":                "'x=1'",
		"a\nb":               "'a\nb'",
		"\u201cdouble\u201d": "'\u201cdouble\u201d'",
	} {
		if got := QuotePowerShell(s); got != want {
			t.Errorf("QuotePowerShell(%q) = %s, want %s", s, got, want)
		}
		// what PowerShell reads back from a single-quoted string
		if got := QuotePowerShell(s); got[0] == '\'' && psUnquote(got) != s {
			t.Errorf("QuotePowerShell(%q) = %s reads back as %q", s, got, psUnquote(got))
		}
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"mcpconf", "probe", "--tools", "--", "-x y"}, "mcpconf probe --tools '--' '-x y'"},
		{[]string{"C:\\Program Files\\x.exe", "a"}, "& 'C:\\Program Files\\x.exe' a"},
	} {
		if got := PowerShell(c.args...); got != c.want {
			t.Errorf("PowerShell(%q) = %s, want %s", c.args, got, c.want)
		}
	}
}

// psUnquote reads a single-quoted PowerShell string as its tokenizer
// does: a single quote followed by another is the second one.
func psUnquote(q string) string {
	r := []rune(q)
	r = r[1 : len(r)-1]
	var b strings.Builder
	for i := 0; i < len(r); i++ {
		if psQuote(r[i]) {
			i++
		}
		b.WriteRune(r[i])
	}
	return b.String()
}

// TestShownAgreesWithBoundary: Shown is true exactly when the secret
// boundary prints a text on one line unchanged.
func TestShownAgreesWithBoundary(t *testing.T) {
	b := secret.New()
	var cases []string
	for r := rune(0); r < 0x3000; r++ {
		cases = append(cases, "a"+string(r)+"b")
	}
	cases = append(cases, "a\u2028b", "a\u2029b", "a\U000E0041b", "a\xffb", "a\u202eb", "a\u2066b")
	for _, s := range cases {
		if got, want := Shown(s), b.Text(s).String() == s; got != want {
			t.Errorf("Shown(%q) = %v, the boundary changes it: %v", s, got, !want)
		}
	}
}

// TestUnshown: a command with an argument a terminal cannot show prints
// U+FFFD in its place and says so, so that what is printed is never a
// command naming something else without a word.
func TestUnshown(t *testing.T) {
	got := Note(POSIX("mcpconf", "probe", "--tools", "a\nb\tc"))
	if !strings.HasPrefix(got, "mcpconf probe --tools 'a\uFFFDb\uFFFDc'") || !strings.HasSuffix(got, Unshown) {
		t.Errorf("%q", got)
	}
	if b := secret.New(); b.Text(got).String() != got {
		t.Errorf("the boundary changes %q into %q", got, b.Text(got))
	}
	if Note(got) != got || Note("a b") != "a b" {
		t.Error("Note is not idempotent")
	}
	if got := Note(PowerShell("mcpconf", "a\x1bb")); !strings.Contains(got, "'a\uFFFDb'") || !utf8.ValidString(got) {
		t.Errorf("%q", got)
	}
	if got := Command("x", "\xff"); !strings.Contains(got, "'\uFFFD'") {
		t.Errorf("%q", got)
	}
}

// TestArgs: the operand goes after the options and "--" when it starts
// with "-", else before them.
func TestArgs(t *testing.T) {
	words := []string{"mcpconf", "probe"}
	if got := Args(words, "a b", "--tools"); !slices.Equal(got, []string{"mcpconf", "probe", "a b", "--tools"}) {
		t.Errorf("%q", got)
	}
	if got := Args(words, "-x", "--tools"); !slices.Equal(got, []string{"mcpconf", "probe", "--tools", "--", "-x"}) {
		t.Errorf("%q", got)
	}
	if !slices.Equal(words, []string{"mcpconf", "probe"}) {
		t.Errorf("Args changed its words: %q", words)
	}
	if Path("-x/y") != "./-x/y" || Path("/a") != "/a" || Path("a") != "a" {
		t.Error("Path")
	}
}

// TestWordsOption: an option's value starting with "-" is written with
// "=", and Words quotes arguments with no program rule.
func TestWordsOption(t *testing.T) {
	defer func(w bool) { Windows = w }(Windows)
	Windows = false
	if got := Words(Option("--profile", "work")...); got != "--profile work" {
		t.Errorf("%s", got)
	}
	if got := Words(Option("--profile", "-a b")...); got != "'--profile=-a b'" {
		t.Errorf("%s", got)
	}
	if got := Words("--root=x"); got != "--root=x" {
		t.Errorf("%s", got)
	}
	if got := words(t, "printf '%s\\0' "+Words(Option("--p", "-x;y")...)); !slices.Equal(got, []string{"--p=-x;y"}) {
		t.Errorf("%q", got)
	}
	Windows = true
	if got := Words(Option("--profile", "it's")...); got != "--profile 'it''s'" {
		t.Errorf("%s", got)
	}
}
