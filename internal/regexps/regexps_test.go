package regexps

import "testing"

// One source gives one compiled expression, whoever asks.
func TestMustCompileOnce(t *testing.T) {
	a, b := MustCompile(`^x+$`), MustCompile(`^x+$`)
	if a != b || !a.MatchString("xx") || a.MatchString("y") {
		t.Fatalf("%p %p", a, b)
	}
	if MustCompile(`^y$`) == a {
		t.Fatal("two sources, one expression")
	}
}
