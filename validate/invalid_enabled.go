package validate

import (
	"fmt"
	"strconv"

	"github.com/mcpconf/mcpconf/normalize"
)

// InvalidEnabled reports on/off switches that are not booleans.
var InvalidEnabled = &Rule{
	ID:       "invalid-enabled",
	Title:    "an on/off switch is not a boolean",
	Severity: normalize.Error,
	Doc: "`enabled` (pisces, Codex, opencode), `disabled` (Windsurf), `required` (Codex)\n" +
		"and `trust` (Gemini CLI) take `true` or `false`, without quotes.\n\n" +
		"pisces coerces the strings `\"true\"`, `\"false\"`, `\"1\"` and `\"0\"`, so they work\n" +
		"there; that is reported as info because the same file read by another client\n" +
		"(or copied to one) does not. Anything else is an error: Codex cannot load a\n" +
		"config with a string where it expects a boolean, opencode rejects the whole\n" +
		"config, and pisces keeps a server enabled whatever other text `enabled` holds.",
	Example: Example{File: ".codex/config.toml",
		Bad:  "[mcp_servers.context7]\nurl = \"https://mcp.context7.com/mcp\"\nenabled = \"false\"\n",
		Good: "[mcp_servers.context7]\nurl = \"https://mcp.context7.com/mcp\"\nenabled = false\n"},
	Check: checkInvalidEnabled,
}

var switchKeys = []string{"enabled", "disabled", "required", "trust"}

func checkInvalidEnabled(p *Pass) {
	defs := p.Definitions()
	for i := range defs {
		s := &defs[i]
		dl := Dialect(s)
		if dl == nil {
			continue
		}
		pisces := s.Source.Client == "pisces" || s.Source.Client == "mcp-json"
		for _, key := range switchKeys {
			m := s.Node.Member(key)
			if m == nil || !dl.Knows(key) || m.Value.Kind == normalize.Bool {
				continue
			}
			v := m.Value
			if pisces && key == "enabled" && v.Kind == normalize.String {
				if b, ok := piscesBool(v.Str); ok {
					d := p.At(s, key, "server %q has %q: %q, a string that pisces reads as %t but other clients do not take as a boolean", s.Name, key, v.Str, b)
					d.Severity = normalize.Info
					d.Hint = fmt.Sprintf("write %t without quotes", b)
					continue
				}
			}
			what := ""
			switch {
			case pisces && key == "enabled" && v.Kind == normalize.Number && v.Str == "0":
				what = "pisces reads it as false"
			case pisces:
				what = "pisces keeps the server enabled"
			case s.Source.Client == "codex":
				what = "Codex cannot load the config"
			case s.Source.Client == "opencode":
				what = "opencode rejects the whole config"
			default:
				what = dialectProduct(dl) + " expects a boolean"
			}
			d := p.At(s, key, "server %q has %q: %s, which is not true or false: %s", s.Name, key, switchText(v), what)
			d.Hint = "write true or false without quotes"
		}
	}
}

// piscesBool reads the strings pisces coerces to booleans.
func piscesBool(s string) (bool, bool) {
	switch s {
	case "true", "1":
		return true, true
	case "false", "0":
		return false, true
	}
	return false, false
}

// switchText shows a value in a message: strings quoted, numbers as
// written, containers by kind.
func switchText(v *normalize.Value) string {
	switch v.Kind {
	case normalize.String:
		return strconv.Quote(v.Str)
	case normalize.Number:
		return v.Str
	case normalize.Null:
		return "null"
	case normalize.Array:
		return "an array"
	case normalize.Object:
		return "an object"
	}
	return v.Kind.String()
}
