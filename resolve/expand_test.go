package resolve

import (
	"errors"
	"github.com/mcpconf/mcpconf/normalize"
	"io/fs"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func env(kv ...string) func(string) (string, bool) {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(name string) (string, bool) {
		v, ok := m[name]
		return v, ok
	}
}

// miss is an expected Unresolved, by text, offset and a reason fragment.
type miss struct {
	text   string
	start  int
	reason string
}

func TestExpand(t *testing.T) {
	sep := string(filepath.Separator)
	files := map[string]string{
		"token.txt":              "  s3cret\n",
		filepath.Join("/h", "k"): "home-file",
	}
	base := Context{
		Lookup:          env("A", "a", "EMPTY", "", "B", "b", "NESTED", "${A}"),
		WorkspaceFolder: filepath.Join(sep+"work", "proj"),
		UserHome:        "/h",
		Inputs:          map[string]string{"tok": "input-value"},
		ReadFile: func(p string) ([]byte, error) {
			if v, ok := files[p]; ok {
				return []byte(v), nil
			}
			return nil, &fs.PathError{Op: "open", Path: p, Err: fs.ErrNotExist}
		},
	}
	noInputs := base
	noInputs.Inputs = nil
	noFiles := base
	noFiles.ReadFile = nil
	bare := Context{}

	tests := []struct {
		name     string
		in       string
		syntaxes []Syntax
		ctx      Context
		want     string
		misses   []miss
	}{
		{"no placeholders", "npx -y srv", everySyntax(), base, "npx -y srv", nil},
		{"set", "Bearer ${A}", []Syntax{Dollar}, base, "Bearer a", nil},
		{"set but empty", "[${EMPTY}]", []Syntax{Dollar}, base, "[]", nil},
		{"unset stays literal", "x${NOPE}y", []Syntax{Dollar}, base, "x${NOPE}y",
			[]miss{{"${NOPE}", 1, `variable "NOPE" is not set`}}},
		{"nil lookup means unset", "${A}", []Syntax{Dollar}, bare, "${A}",
			[]miss{{"${A}", 0, `variable "A" is not set`}}},
		{"default unused", "${A:-d}", []Syntax{Dollar}, base, "a", nil},
		{"default when unset", "${NOPE:-d}", []Syntax{Dollar}, base, "d", nil},
		// set to "" wins over the default in Claude Code and Gemini CLI
		// (testdata/clients/claude-env-set, gemini-env-set)
		{"empty is set", "[${EMPTY:-d}]", []Syntax{Dollar}, base, "[]", nil},
		{"empty default", "[${NOPE:-}]", []Syntax{Dollar}, base, "[]", nil},
		{"nested default", "${NOPE:-${B}}", []Syntax{Dollar}, base, "b", nil},
		{"nested default unset", "<${NOPE:-${GONE}}>", []Syntax{Dollar}, base, "<${GONE}>",
			[]miss{{"${GONE}", 9, `variable "GONE" is not set`}}},
		{"default of defaults", "${X:-${Y:-${Z:-deep}}}", []Syntax{Dollar}, base, "deep", nil},
		{"no double expansion", "${NESTED}", []Syntax{Dollar}, base, "${A}", nil},
		{"no double expansion in default", "${NOPE:-${NESTED}}", []Syntax{Dollar}, base, "${A}", nil},
		{"others stay literal", "${A} ${env:B} {env:B} %B% $B ${input:tok} ${userHome}",
			[]Syntax{Dollar}, base, "a ${env:B} {env:B} %B% $B ${input:tok} ${userHome}",
			[]miss{{"${userHome}", 42, `variable "userHome" is not set`}}},
		{"no syntaxes", "${A} ${env:B}", nil, base, "${A} ${env:B}", nil},
		{"unknown syntax", "${A}", []Syntax{"nope"}, base, "${A}", nil},
		{"gemini", "$A ${B} %A% ${NOPE:-x} $$A", SyntaxesFor(normalize.ClientByID("gemini")), base, "a b a x $a", nil},
		{"gemini bare unset", "$NOPE/x", SyntaxesFor(normalize.ClientByID("gemini")), base, "$NOPE/x",
			[]miss{{"$NOPE", 0, `variable "NOPE" is not set`}}},
		{"percent unset", "%NOPE%", []Syntax{Percent}, base, "%NOPE%",
			[]miss{{"%NOPE%", 0, `variable "NOPE" is not set`}}},
		{"env colon", "${env:A}/${env:NOPE}", SyntaxesFor(normalize.ClientByID("cursor")), base, "a/${env:NOPE}",
			[]miss{{"${env:NOPE}", 9, `variable "NOPE" is not set`}}},
		{"env colon not dollar", "${A}", SyntaxesFor(normalize.ClientByID("windsurf")), base, "${A}", nil},
		{"editor", "${workspaceFolder}${/}x${pathSeparator}${workspaceFolderBasename}:${userHome}",
			SyntaxesFor(normalize.ClientByID("vscode")), base,
			filepath.Join(sep+"work", "proj") + sep + "x" + sep + "proj:/h", nil},
		{"editor unknown", "${workspaceFolder} ${userHome}", []Syntax{Editor}, bare,
			"${workspaceFolder} ${userHome}",
			[]miss{{"${workspaceFolder}", 0, "workspace folder is not known"}, {"${userHome}", 19, "user home is not known"}}},
		{"input", "${input:tok}", SyntaxesFor(normalize.ClientByID("vscode")), base, "input-value", nil},
		{"input missing", "${input:other}", SyntaxesFor(normalize.ClientByID("vscode")), base, "${input:other}",
			[]miss{{"${input:other}", 0, `input "other" has no value`}}},
		{"input without inputs", "${input:tok}", SyntaxesFor(normalize.ClientByID("vscode")), noInputs, "${input:tok}",
			[]miss{{"${input:tok}", 0, `input "tok" is prompted for`}}},
		{"brace", "Bearer {env:A}", SyntaxesFor(normalize.ClientByID("opencode")), base, "Bearer a", nil},
		{"brace unset becomes empty", "Bearer {env:NOPE}", SyntaxesFor(normalize.ClientByID("opencode")), base, "Bearer ",
			[]miss{{"{env:NOPE}", 7, `variable "NOPE" is not set, opencode substitutes an empty string`}}},
		{"brace not inside env colon", "${env:A}", SyntaxesFor(normalize.ClientByID("opencode")), base, "${env:A}", nil},
		{"brace file trimmed", "{file:token.txt}", SyntaxesFor(normalize.ClientByID("opencode")), base, "s3cret", nil},
		{"brace file home", "{file:~/k}", SyntaxesFor(normalize.ClientByID("opencode")), base, "home-file", nil},
		{"brace file missing", "{file:none}", SyntaxesFor(normalize.ClientByID("opencode")), base, "{file:none}",
			[]miss{{"{file:none}", 0, `{file:none} is not read: file does not exist`}}},
		{"brace file not read", "{file:token.txt}", SyntaxesFor(normalize.ClientByID("opencode")), noFiles, "{file:token.txt}",
			[]miss{{"{file:token.txt}", 0, `file "token.txt" is not read`}}},
		{"too deep", strings.Repeat("${X:-", 10) + "v" + strings.Repeat("}", 10), []Syntax{Dollar}, base,
			"${X:-v}", // the ninth level's default, as written
			[]miss{{strings.Repeat("${X:-", 2) + "v" + strings.Repeat("}", 2), 40, "nested too deeply"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, un := Expand(tt.in, tt.syntaxes, tt.ctx)
			if got != tt.want {
				t.Errorf("Expand(%q) = %q, want %q", tt.in, got, tt.want)
			}
			var misses []miss
			for _, u := range un {
				if u.Text != tt.in[u.Start:u.End] {
					t.Errorf("unresolved %q does not match the input at [%d:%d]", u.Text, u.Start, u.End)
				}
				misses = append(misses, miss{u.Text, u.Start, u.Reason})
			}
			if len(misses) != len(tt.misses) {
				t.Fatalf("unresolved = %+v, want %+v", misses, tt.misses)
			}
			for i, m := range misses {
				w := tt.misses[i]
				if m.text != w.text || m.start != w.start || !strings.Contains(m.reason, w.reason) {
					t.Errorf("unresolved[%d] = %+v, want %+v", i, m, w)
				}
			}
		})
	}
}

func TestExpandReadFileError(t *testing.T) {
	ctx := Context{ReadFile: func(string) ([]byte, error) { return nil, errors.New("boom") }}
	got, un := Expand("{file:x}", []Syntax{BraceFile}, ctx)
	if got != "{file:x}" || len(un) != 1 || un[0].Reason != `{file:x} is not read: boom` {
		t.Errorf("got %q, %+v", got, un)
	}
}

func TestExpandUnresolvedFields(t *testing.T) {
	_, un := Expand("a ${X:-${Y}}", []Syntax{Dollar}, Context{})
	want := []Unresolved{{
		Placeholder: Placeholder{Syntax: Dollar, Name: "Y", Start: 7, End: 11, Text: "${Y}"},
		Reason:      `variable "Y" is not set`,
	}}
	if !reflect.DeepEqual(un, want) {
		t.Errorf("got %+v, want %+v", un, want)
	}
}
