package lsp

import (
	"strings"
	"testing"
)

// TestRepair: the text before the cursor ("|"), made to parse, with the
// cursor's place in it ("|" again); "-" where no completion makes sense.
func TestRepair(t *testing.T) {
	cases := []struct {
		toml     bool
		in, want string
	}{
		{false, `{"a": {"b": 1, "c|`, `{"a": {"b": 1, |"": 0}}` + "\n"},
		{false, `{"a": {"b": 1|`, "-"},
		{false, `{"a": {"b": 1 |`, `{"a": {"b": 1 ,|"": 0}}` + "\n"},
		{false, `{"a": {"b": 1, |} "broken`, `{"a": {"b": 1, |"": 0}}` + "\n"},
		{false, `{"a": {"b": "x\|`, `{"a": {"b": "x|"}}` + "\n"},
		{false, `{"a": ["x", "${G|`, `{"a": ["x", "${G|"]}` + "\n"},
		{false, `{"a": {co|`, `{"a": {|"": 0}}` + "\n"},
		{false, `{"a": [|`, "-"},
		{false, `{"a": {"b": 1, // c|`, "-"},
		{false, "{\"a\": /* {[ */ {\"b\": 1, /* x */ |", "{\"a\": /* {[ */ {\"b\": 1, /* x */ |\"\": 0}}\n"},
		{false, `{"a": {"b": 1}]|`, "-"},
		{false, `|`, "-"},
		{true, "[s.x]\nk = 1\nen|", "[s.x]\nk = 1\n|\"\" = 0\n"},
		{true, "[s.x]\nk = \"ab|", "[s.x]\nk = \"ab|\"\n"},
		{true, "[s.x]\nk = 'ab|", "[s.x]\nk = 'ab|'\n"},
		{true, "[s.x]\nk = \"a\" |", "-"},
		{true, "[s.x]\nk = [|", "-"},
		{true, "[s.|", "-"},
	}
	for _, c := range cases {
		off := strings.Index(c.in, "|")
		src := c.in[:off] + c.in[off+1:]
		repair := repairJSON
		if c.toml {
			repair = repairTOML
		}
		out, at, ok := repair([]byte(src), off)
		got := "-"
		if ok {
			got = string(out[:at]) + "|" + string(out[at:])
		}
		if got != c.want {
			t.Errorf("%q: got %q, want %q", c.in, got, c.want)
		}
	}
}
