package resolve

import (
	"strings"
	"testing"
)

// Seeds live in testdata/fuzz/Fuzz*/ so plain "go test" replays them.

func FuzzScan(f *testing.F) {
	f.Add("Bearer ${TOKEN:-${FALLBACK}} {env:X} %APPDATA% $HOME ${env:Y} ${input:id} ${/}")
	f.Add("${process.env.A} {{ B }} ${{ secrets.C }} {{.D}}")
	f.Add("process.env.API_KEY")
	f.Fuzz(func(t *testing.T, s string) {
		ps := Scan(s)
		prevEnd := 0
		for i, p := range ps {
			if p.Start < prevEnd || p.End <= p.Start || p.End > len(s) {
				t.Fatalf("placeholder %d %+v: bad offsets after %d in %d bytes", i, p, prevEnd, len(s))
			}
			prevEnd = p.End
			if p.Text != s[p.Start:p.End] {
				t.Fatalf("placeholder %d: Text %q != s[%d:%d] %q", i, p.Text, p.Start, p.End, s[p.Start:p.End])
			}
			if p.Name == "" || bit(p.Syntax) == 0 {
				t.Fatalf("placeholder %d %+v: no name or unknown syntax", i, p)
			}
			if p.HasDefault != (p.Syntax == Dollar && strings.Contains(p.Text, ":-")) {
				t.Fatalf("placeholder %d %+v: default flag disagrees with text", i, p)
			}
			if p.HasDefault && p.Text != "${"+p.Name+":-"+p.Default+"}" {
				t.Fatalf("placeholder %d %+v: default does not rebuild the text", i, p)
			}
			// A placeholder's text on its own scans to itself.
			alone := Scan(p.Text)
			want := p
			want.Start, want.End = 0, len(p.Text)
			if len(alone) != 1 || alone[0] != want {
				t.Fatalf("Scan(%q) = %+v, want [%+v]", p.Text, alone, want)
			}
		}
		if !strings.ContainsAny(s, "${%") && !strings.HasPrefix(s, "process.env.") && len(ps) != 0 {
			t.Fatalf("found %+v in a string without '$', '{' or '%%'", ps)
		}
	})
}

func FuzzExpand(f *testing.F) {
	f.Add("${A:-${B}} ${env:C} {env:D} {file:e} %F% $G ${input:h} ${userHome}", uint8(0xff))
	f.Fuzz(func(t *testing.T, s string, sel uint8) {
		var syntaxes []Syntax
		for i, syn := range everySyntax() {
			if sel&(1<<i) != 0 {
				syntaxes = append(syntaxes, syn)
			}
		}

		if got, un := Expand(s, nil, Context{}); got != s || un != nil {
			t.Fatalf("Expand with no syntaxes = %q, %+v", got, un)
		}

		// Every variable is set to text that looks like a placeholder: it
		// must come out as is, never expanded again.
		const trap = "${T}{env:T}%T%$T"
		ctx := Context{
			Lookup:          func(string) (string, bool) { return trap, true },
			WorkspaceFolder: trap, UserHome: trap,
			Inputs:   map[string]string{},
			ReadFile: func(string) ([]byte, error) { return []byte(trap), nil },
		}
		got, un := Expand(s, syntaxes, ctx)
		checkUnresolved(t, s, un)
		if !strings.ContainsAny(s, "${%") && got != s {
			t.Fatalf("Expand(%q) = %q, want it unchanged", s, got)
		}

		// With nothing known, the syntaxes that keep what they cannot
		// resolve leave the string as it is and report each placeholder.
		keep := []Syntax{Bare, EnvColon, Input, Percent, BraceFile}
		got, un = Expand(s, keep, Context{})
		checkUnresolved(t, s, un)
		if got != s {
			t.Fatalf("Expand(%q) with nothing known = %q, want it unchanged", s, got)
		}
		if n := len(scan(s, maskOf(keep), nil)); len(un) != n {
			t.Fatalf("Expand(%q) reported %d unresolved, want %d", s, len(un), n)
		}
	})
}

func checkUnresolved(t *testing.T, s string, un []Unresolved) {
	t.Helper()
	for _, u := range un {
		if u.Start < 0 || u.End <= u.Start || u.End > len(s) || u.Text != s[u.Start:u.End] {
			t.Fatalf("unresolved %+v does not match the input %q", u, s)
		}
		if u.Reason == "" {
			t.Fatalf("unresolved %+v has no reason", u)
		}
	}
}

// FuzzTrace expands with every syntax and checks the pieces: inside the
// result, in order, not overlapping, and never holding a value that did
// not come from its origin.
func FuzzTrace(f *testing.F) {
	f.Add("Bearer ${TOKEN:-${FALLBACK}} {env:X} %APPDATA% $HOME ${env:Y} ${input:id} ${/} {file:k}")
	f.Add("${A:-${B:-${C:-${D}}}}${A}${A:-}")
	f.Add("$$${A}}{env:}{{env:A}}")
	ctx := Context{
		Lookup: func(k string) (string, bool) {
			v, ok := map[string]string{"A": "a", "TOKEN": "tok", "HOME": "/h", "X": "", "Y": "y"}[k]
			return v, ok
		},
		Inputs:          map[string]string{"id": "in"},
		WorkspaceFolder: "/w",
		UserHome:        "/h",
		ReadFile:        func(string) ([]byte, error) { return []byte("file"), nil },
	}
	f.Fuzz(func(t *testing.T, s string) {
		out, pieces, _ := trace(s, everySyntax(), ctx)
		if plain, _ := Expand(s, everySyntax(), ctx); plain != out {
			t.Fatalf("Trace and Expand disagree: %q vs %q", out, plain)
		}
		last := 0
		for _, p := range pieces {
			if p.Start < last || p.End < p.Start || p.End > len(out) {
				t.Fatalf("piece %+v out of order or bounds in %q (after %d)", p, out, last)
			}
			last = p.End
			if p.Kind == FromVariable {
				if v, _ := ctx.Lookup(p.Name); out[p.Start:p.End] != v {
					t.Fatalf("piece %+v is %q, not the value of %s", p, out[p.Start:p.End], p.Name)
				}
			}
		}
	})
}
