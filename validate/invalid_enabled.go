package validate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// invalidEnabledRule reports on/off switches that are not booleans.
var invalidEnabledRule = &Rule{
	ID:       normalize.RuleInvalidEnabled,
	Title:    "an on/off switch is not a boolean",
	Severity: normalize.Error,
	doc: "`enabled` (pisces, Codex, opencode), `disabled` (Windsurf), `required` (Codex)\n" +
		"and `trust` (Gemini CLI) take `true` or `false`, without quotes.\n\n" +
		"pisces coerces the strings `\"true\"`, `\"false\"`, `\"1\"` and `\"0\"` in its own files, so\n" +
		"they work there; that is reported as info because the same file read by another\n" +
		"client (or copied to one) does not. Anything else is an error: Codex cannot load a\n" +
		"config with a string where it expects a boolean, opencode rejects the whole\n" +
		"config, and pisces (oh-my-pi 18.2.3) keeps a server enabled whatever other value\n" +
		"`enabled` holds, a number included, and in a bare mcp.json any string.",
	Example: Example{File: ".codex/config.toml",
		Bad:  "[mcp_servers.context7]\nurl = \"https://mcp.context7.com/mcp\"\nenabled = \"false\"\n",
		Good: "[mcp_servers.context7]\nurl = \"https://mcp.context7.com/mcp\"\nenabled = false\n"},
	Check: checkInvalidEnabled,
	Fix:   `writes "true" or "false" (any case) as the boolean, without quotes`,
}

var switchKeys = []string{"enabled", "disabled", "required", "trust"}

func checkInvalidEnabled(p *Pass) {
	for s, c := range p.Servers() {
		lenient := c.LenientBool
		for _, key := range switchKeys {
			m := s.Node.Member(key)
			if m == nil || !c.Knows(key) || m.Value.Kind == normalize.Bool {
				continue
			}
			v := m.Value
			if lenient && key == "enabled" && v.Kind == normalize.String {
				if b, ok := piscesBool(v.Str); ok {
					d := p.At(s, key, "server %q has %q: %q, a string that %s reads as %t but other clients do not take as a boolean", s.Name, key, v.Str, c.ReaderName(), b)
					d.Severity = normalize.Info
					d.Hint = fmt.Sprintf("write %t without quotes", b)
					setFix(d, true, fmt.Sprintf("write %t without quotes", b), replaceValue(p.Document(s.Source.Path), v, strconv.FormatBool(b)))
					continue
				}
			}
			what := ""
			switch {
			case lenient || c.BadSwitchIgnored:
				what = c.ReaderName() + " keeps the server enabled"
			case c.Strictness == normalize.RejectsServer:
				what = c.ReaderName() + " cannot load the config"
			case c.Strictness == normalize.RejectsConfig:
				what = c.ReaderName() + " rejects the whole config"
			default:
				what = c.ReaderName() + " expects a boolean"
			}
			d := p.At(s, key, "server %q has %q: %s, which is not true or false: %s", s.Name, key, switchText(v), what)
			d.Hint = "write true or false without quotes"
			if v.Kind == normalize.String && (strings.EqualFold(v.Str, "true") || strings.EqualFold(v.Str, "false")) {
				b := strings.EqualFold(v.Str, "true")
				setFix(d, true, fmt.Sprintf("write %t without quotes", b), replaceValue(p.Document(s.Source.Path), v, strconv.FormatBool(b)))
			}
		}
	}
}

// piscesBool reads the strings a lenient client (pisces) coerces to booleans.
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
