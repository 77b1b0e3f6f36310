package resolve

import (
	"reflect"
	"strings"
	"testing"
)

// at builds the expected placeholder for s's text between start and end.
func at(s string, syn Syntax, name string, start, end int) Placeholder {
	return Placeholder{Syntax: syn, Name: name, Start: start, End: end, Text: s[start:end]}
}

func withDefault(p Placeholder, def string) Placeholder {
	p.Default, p.HasDefault = def, true
	return p
}

func TestScan(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want func(s string) []Placeholder
	}{
		{"empty", "", nil},
		{"plain", "npx -y server", nil},
		{"dollar", "${GITHUB_TOKEN}", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "GITHUB_TOKEN", 0, 15)}
		}},
		{"dollar in text", "Bearer ${TOKEN}!", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "TOKEN", 7, 15)}
		}},
		{"dollar default", "${URL:-https://example.com/mcp}", func(s string) []Placeholder {
			return []Placeholder{withDefault(at(s, Dollar, "URL", 0, len(s)), "https://example.com/mcp")}
		}},
		{"dollar empty default", "${A:-}", func(s string) []Placeholder {
			return []Placeholder{withDefault(at(s, Dollar, "A", 0, 6), "")}
		}},
		{"nested default", "${A:-${B}}x", func(s string) []Placeholder {
			return []Placeholder{withDefault(at(s, Dollar, "A", 0, 10), "${B}")}
		}},
		{"deep nested default", "${A:-${B:-${C}}}", func(s string) []Placeholder {
			return []Placeholder{withDefault(at(s, Dollar, "A", 0, 16), "${B:-${C}}")}
		}},
		{"default with lone brace", "${A:-{x}", func(s string) []Placeholder {
			return []Placeholder{withDefault(at(s, Dollar, "A", 0, 8), "{x")}
		}},
		{"unclosed default", "${A:-${B}", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "B", 5, 9)}
		}},
		{"claude plugin root", "${CLAUDE_PLUGIN_ROOT}/bin", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "CLAUDE_PLUGIN_ROOT", 0, 21)}
		}},
		{"bare", "$HOME/bin:$PATH", func(s string) []Placeholder {
			return []Placeholder{at(s, Bare, "HOME", 0, 5), at(s, Bare, "PATH", 10, 15)}
		}},
		{"bare stops at non-name", "$A-$B1.x", func(s string) []Placeholder {
			return []Placeholder{at(s, Bare, "A", 0, 2), at(s, Bare, "B1", 3, 6)}
		}},
		{"dollar amounts", "costs $5 or $ 6", nil},
		{"double dollar is no escape", "$${X}", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "X", 1, 5)}
		}},
		{"double dollar bare", "$$X", func(s string) []Placeholder {
			return []Placeholder{at(s, Bare, "X", 1, 3)}
		}},
		{"env colon", "Bearer ${env:TOKEN}", func(s string) []Placeholder {
			return []Placeholder{at(s, EnvColon, "TOKEN", 7, 19)}
		}},
		{"env colon wins over dollar default", "${env:-x}", func(s string) []Placeholder {
			return []Placeholder{at(s, EnvColon, "-x", 0, 9)}
		}},
		{"env colon with nested dollar", "${env:${X}}", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "X", 6, 10)}
		}},
		{"input", "${input:gh-token}", func(s string) []Placeholder {
			return []Placeholder{at(s, Input, "gh-token", 0, 17)}
		}},
		{"editor", "${workspaceFolder}/a${/}${userHome}${pathSeparator}${workspaceFolderBasename}", func(s string) []Placeholder {
			return []Placeholder{
				at(s, Editor, "workspaceFolder", 0, 18),
				at(s, Editor, "/", 20, 24),
				at(s, Editor, "userHome", 24, 35),
				at(s, Editor, "pathSeparator", 35, 51),
				at(s, Editor, "workspaceFolderBasename", 51, len(s)),
			}
		}},
		{"other vscode variable is dollar", "${cwd}", func(s string) []Placeholder {
			return []Placeholder{at(s, Dollar, "cwd", 0, 6)}
		}},
		{"brace", "Bearer {env:DOCS_TOKEN}", func(s string) []Placeholder {
			return []Placeholder{at(s, Brace, "DOCS_TOKEN", 7, 23)}
		}},
		{"brace file", "{file:~/.secrets/token}", func(s string) []Placeholder {
			return []Placeholder{at(s, BraceFile, "~/.secrets/token", 0, 23)}
		}},
		{"brace inside env colon", "${env:X}", func(s string) []Placeholder {
			return []Placeholder{at(s, EnvColon, "X", 0, 8)}
		}},
		{"no brace right after dollar", "${file:/x}", nil},
		{"brace with nested dollar", "{env:${A}}", func(s string) []Placeholder {
			return []Placeholder{at(s, Brace, "${A", 0, 9)}
		}},
		{"unclosed braces", "{env:{env:{env:", nil},
		{"empty brace name", "{env:}{file:}", nil},
		{"json object is not brace", `{"env":"x"}`, nil},
		{"percent", `%APPDATA%\Claude`, func(s string) []Placeholder {
			return []Placeholder{at(s, Percent, "APPDATA", 0, 9)}
		}},
		{"percent pair", "%A%%B%", func(s string) []Placeholder {
			return []Placeholder{at(s, Percent, "A", 0, 3), at(s, Percent, "B", 3, 6)}
		}},
		{"percent not a name", "100% and 50% of 60%", nil},
		{"percent digit start", "%1X%", nil},
		{"url encoding", "https://x/a%E2%80%99b%20c", nil},
		{"malformed dollar open", "${", nil},
		{"malformed dollar empty", "${}", nil},
		{"malformed dollar digit", "${1X}", nil},
		{"malformed dollar unclosed", "${ABC", nil},
		{"malformed dollar space", "${A B}", nil},
		{"malformed dollar colon", "${A:b}", nil},
		{"malformed dollar dash", "${A-b}", nil},
		{"malformed env colon", "${env:}", nil},
		{"malformed input", "${input:}", nil},
		{"lone dollar at end", "x$", nil},
		{"js env", "Bearer ${process.env.CONTEXT7_API_KEY}", func(s string) []Placeholder {
			return []Placeholder{at(s, JSEnv, "CONTEXT7_API_KEY", 7, len(s))}
		}},
		{"js env whole value", "process.env.API_KEY", func(s string) []Placeholder {
			return []Placeholder{at(s, JSEnv, "API_KEY", 0, len(s))}
		}},
		{"js env inside code is javascript", "console.log(process.env.API_KEY)", nil},
		{"js env with more after the name", "process.env.API_KEY || 'x'", nil},
		{"js env malformed", "${process.env.}${process.env.A-B}${process.env.A", nil},
		{"mustache", "{{API_KEY}} and {{ apiKey }}", func(s string) []Placeholder {
			return []Placeholder{at(s, Mustache, "API_KEY", 0, 11), at(s, Mustache, "apiKey", 16, len(s))}
		}},
		{"github actions", "Bearer ${{ secrets.GH_TOKEN }}", func(s string) []Placeholder {
			return []Placeholder{at(s, Mustache, "secrets.GH_TOKEN", 7, len(s))}
		}},
		{"go templates are not mustache", "{{.Names}} {{json .}} {{ .Values.x }}", nil},
		{"mustache around brace", "{{env:X}}", func(s string) []Placeholder {
			return []Placeholder{at(s, Brace, "X", 1, 8)}
		}},
		{"mustache malformed", "{{}} {{ A }x {{A", nil},
		{"mixed", "${A} ${env:B} {env:C} %D% $E ${input:f} {file:g}", func(s string) []Placeholder {
			return []Placeholder{
				at(s, Dollar, "A", 0, 4),
				at(s, EnvColon, "B", 5, 13),
				at(s, Brace, "C", 14, 21),
				at(s, Percent, "D", 22, 25),
				at(s, Bare, "E", 26, 28),
				at(s, Input, "f", 29, 39),
				at(s, BraceFile, "g", 40, 48),
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var want []Placeholder
			if tt.want != nil {
				want = tt.want(tt.in)
			}
			got := Scan(tt.in)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Scan(%q)\n got %+v\nwant %+v", tt.in, got, want)
			}
		})
	}
}

// TestScanPathological checks that unbalanced input is scanned in linear
// time: quadratic scanning of 1 MiB would take minutes.
func TestScanPathological(t *testing.T) {
	for _, unit := range []string{"${A:-", "{env:", "${env:", "%A", "$", "${A:-${B}", "{{ ", "{{a", "${{", "${process.env.A"} {
		s := strings.Repeat(unit, 1<<20/len(unit))
		Scan(s)
		Expand(s, everySyntax(), Context{})
	}
	const n = 200000
	deep := strings.Repeat("${A:-", n) + strings.Repeat("}", n)
	if got := Scan(deep); len(got) != 1 || got[0].End != len(deep) {
		t.Fatalf("Scan of %d nested defaults found %d placeholders", n, len(got))
	}
	if _, un := Expand(deep, []Syntax{Dollar}, Context{}); len(un) != 1 {
		t.Fatalf("Expand of %d nested defaults reported %d unresolved, want the depth limit once", n, len(un))
	}
}

func TestSyntaxForm(t *testing.T) {
	for _, s := range everySyntax() {
		if f := s.Form(); f == "" || f == string(s) {
			t.Errorf("%s.Form() = %q", s, f)
		}
		if got := Scan(s.Form()); len(got) != 1 || got[0].Syntax != s {
			t.Errorf("Scan(%q) = %+v, want one %s", s.Form(), got, s)
		}
	}
}
