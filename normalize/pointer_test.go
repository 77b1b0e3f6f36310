package normalize

import "testing"

// TestEscapePointer: RFC 6901's escapes, undone by UnescapePointer, and
// at the cost of the escaped string alone: a table of projects (Claude
// Code's ~/.claude.json) has thousands of keys that are paths, each
// joined into a pointer, and building a strings.Replacer per key cost
// several KB each (a 50 MB file: 12 MB of garbage).
func TestEscapePointer(t *testing.T) {
	for tok, want := range map[string]string{
		"":                 "",
		"plain":            "plain",
		"/home/dev/src/x":  "~1home~1dev~1src~1x",
		"a~b":              "a~0b",
		"~/":               "~0~1",
		"~1":               "~01",
		"é/ü~":             "é~1ü~0",
		"mcpServers":       "mcpServers",
		"C:\\Users\\x/y~z": "C:\\Users\\x~1y~0z",
	} {
		if got := EscapePointer(tok); got != want {
			t.Errorf("EscapePointer(%q) = %q, want %q", tok, got, want)
		}
		if got := UnescapePointer(want); got != tok {
			t.Errorf("UnescapePointer(%q) = %q, want %q", want, got, tok)
		}
	}
	if n := testing.AllocsPerRun(100, func() { EscapePointer("/home/dev/src/project-00001") }); n > 1 {
		t.Errorf("EscapePointer of a path: %v allocations, want 1", n)
	}
	if n := testing.AllocsPerRun(100, func() { UnescapePointer("~1home~1dev~1src~1project-00001") }); n > 1 {
		t.Errorf("UnescapePointer of a path: %v allocations, want 1", n)
	}
}
