package normalize_test

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	. "github.com/mcpconf/mcpconf/normalize"
)

// TestEnvFileText checks the text an env object's value becomes against
// what node prints for String(JSON.parse(text)) (EnvAnyValue, Claude Code's
// settings files) and what its config reader keeps (EnvScalars,
// ~/.claude.json): testdata/clients/claude-settings-env-values.
func TestEnvFileText(t *testing.T) {
	cases := []struct {
		json, any string
		scalar    bool // EnvScalars sets it (to any)
	}{
		{`"x"`, "x", true},
		{`1.5`, "1.5", true},
		{`1e21`, "1e+21", true},
		{`1e20`, "100000000000000000000", true},
		{`0.000001`, "0.000001", true},
		{`1e-7`, "1e-7", true},
		{`123e-20`, "1.23e-18", true},
		{`-0`, "0", true},
		{`5`, "5", true},
		{`0.30000000000000004`, "0.30000000000000004", true},
		{`1.7976931348623157e308`, "1.7976931348623157e+308", true},
		{`123456789012345678901`, "123456789012345680000", true},
		{`-2.5e-9`, "-2.5e-9", true},
		{`1.0`, "1", true},
		{`true`, "true", true},
		{`[1,[2,null],{"a":1}]`, "1,2,,[object Object]", false},
		{`null`, "null", false},
		{`[]`, "", false},
		{`[[]]`, "", false},
		{`[null]`, "", false},
		{`{}`, "[object Object]", false},
	}
	for _, c := range cases {
		doc, diags := discover.Parse("/s.json", "s.json", JSON, []byte(`{"v": `+c.json+`}`))
		if len(diags) > 0 || doc.Root == nil {
			t.Fatalf("%s: %v", c.json, diags)
		}
		v := doc.Root.Get("v")
		if got, ok := (EnvFile{Values: EnvAnyValue}).Text(v); !ok || got != c.any {
			t.Errorf("String(%s): got %q (%v), want %q", c.json, got, ok, c.any)
		}
		got, ok := (EnvFile{Values: EnvScalars}).Text(v)
		if ok != c.scalar || ok && got != c.any {
			t.Errorf("scalar %s: got %q (%v), want set %v", c.json, got, ok, c.scalar)
		}
	}
}
