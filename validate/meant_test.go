package validate

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

func TestMeantField(t *testing.T) {
	for _, c := range []struct{ client, key, want string }{
		{"cursor", "arguments", "args"},
		{"cursor", "environment", "env"},
		{"opencode", "env", "environment"},
		{"cursor", "comand", "command"},
		{"cursor", "disabled", ""},
		{"cursor", "autoApprove", ""},
		{"cursor", "description", ""},
	} {
		if got := MeantField(normalize.ClientByID(c.client), c.key); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.client, c.key, got, c.want)
		}
	}
}
