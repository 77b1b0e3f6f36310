package resolve

import (
	"github.com/mcpconf/mcpconf/normalize"
	"reflect"
	"testing"
)

func TestSyntaxesFor(t *testing.T) {
	tests := []struct {
		client string
		want   []Syntax
	}{
		{"pisces", []Syntax{Dollar}},
		{"claude", []Syntax{Dollar}},
		{"mcp-json", []Syntax{Dollar}},
		{"cursor", []Syntax{EnvColon, Editor}},
		{"windsurf", []Syntax{EnvColon}},
		{"vscode", []Syntax{Input, EnvColon, Editor}},
		{"codex", nil},
		{"gemini", []Syntax{Dollar, Bare, Percent}},
		{"opencode", []Syntax{Brace, BraceFile}},
		{"agent-code", nil},
		{"no-such-client", nil},
	}
	for _, tt := range tests {
		t.Run(tt.client, func(t *testing.T) {
			if got := SyntaxesFor(normalize.ClientByID(tt.client)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("SyntaxesFor(%q) = %v, want %v", tt.client, got, tt.want)
			}
		})
	}
}

func TestSyntaxesForReturnsCopy(t *testing.T) {
	SyntaxesFor(normalize.ClientByID("vscode"))[0] = Percent
	if got := SyntaxesFor(normalize.ClientByID("vscode"))[0]; got != Input {
		t.Fatalf("SyntaxesFor shares its table: got %v", got)
	}
}

func TestForeign(t *testing.T) {
	one := func(s string) Placeholder { return Scan(s)[0] }
	tests := []struct {
		client string
		in     string
		want   bool
	}{
		{"claude", "${X}", false},
		{"claude", "${X:-d}", false},
		{"claude", "${env:X}", true},
		{"claude", "$X", true},
		{"claude", "${workspaceFolder}", true},
		{"pisces", "{env:X}", true},
		{"mcp-json", "${input:x}", true},
		{"cursor", "${env:X}", false},
		{"cursor", "${userHome}", false},
		{"cursor", "${X}", true},
		{"cursor", "${input:x}", true},
		{"windsurf", "${env:X}", false},
		{"windsurf", "${workspaceFolder}", true},
		{"vscode", "${input:x}", false},
		{"vscode", "${/}", false},
		{"vscode", "{file:x}", true},
		{"codex", "${X}", true},
		{"codex", "%X%", true},
		{"gemini", "$X", false},
		{"gemini", "%X%", false},
		{"gemini", "${X}", false},
		{"gemini", "${env:X}", true},
		{"opencode", "{env:X}", false},
		{"opencode", "{file:x}", false},
		{"opencode", "${X}", true},
		{"opencode", "${env:X}", true},
		{"agent-code", "${X}", true},
		{"no-such-client", "${X}", false},
	}
	for _, tt := range tests {
		t.Run(tt.client+" "+tt.in, func(t *testing.T) {
			if got := Foreign(normalize.ClientByID(tt.client), one(tt.in)); got != tt.want {
				t.Errorf("Foreign(%q, %q) = %v, want %v", tt.client, tt.in, got, tt.want)
			}
		})
	}
}
