package discover

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// setting is a setting's value v as client c reads it: a client that
// expands placeholders in its settings files when it loads them
// (Layout.SettingsPlaceholders: Gemini CLI's resolveEnvVarsInObject) reads
// a string with the variables getenv holds put in, and a variable that is
// not set left as written. v itself when nothing changes; the copy keeps
// v's position.
func setting(c *normalize.Client, getenv func(string) string, v *normalize.Value) *normalize.Value {
	if v == nil || v.Kind != normalize.String || c == nil || len(c.SettingsPlaceholders) == 0 {
		return v
	}
	s := expandSetting(c, getenv, v.Str)
	if s == v.Str {
		return v
	}
	cp := *v
	cp.Str = s
	return &cp
}

// expandSetting is the text s of a setting of client c, expanded.
func expandSetting(c *normalize.Client, getenv func(string) string, s string) string {
	if !strings.ContainsAny(s, "$%") {
		return s // every syntax a client expands in its settings starts so
	}
	lookup := func(name string) (string, bool) {
		if getenv == nil {
			return "", false
		}
		v := getenv(name)
		return v, v != ""
	}
	out, _ := resolve.Expand(s, c.SettingsPlaceholders, resolve.Context{Lookup: lookup})
	return out
}

// expandAll is a settings file's decoded value x (Value.Interface) as
// client c validates it: every string value expanded, keys as written.
func expandAll(c *normalize.Client, getenv func(string) string, x any) any {
	if len(c.SettingsPlaceholders) == 0 {
		return x
	}
	switch t := x.(type) {
	case string:
		return expandSetting(c, getenv, t)
	case []any:
		out := make([]any, len(t))
		for i, e := range t {
			out[i] = expandAll(c, getenv, e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, e := range t {
			out[k] = expandAll(c, getenv, e)
		}
		return out
	}
	return x
}
