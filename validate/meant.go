package validate

import "github.com/mcpconf/mcpconf/normalize"

// MeantField is the field of client c that an unknown key of a server
// most likely stands for, as unknown-field suggests it: "args" for
// "arguments" in Cursor, "environment" for "env" in opencode; "" when c
// has no such field, or the key is an on/off switch (its meaning is
// inverted, not renamed). It is for callers outside lint: probe names the
// field a client ignored when the server then fails.
func MeantField(c *normalize.Client, key string) string {
	switch foldKey(key) {
	case "disabled", "enabled":
		return ""
	}
	if g, ok := groupIndex()[foldKey(key)]; ok {
		for _, k := range fieldGroups[g].keys {
			if c.Knows(k) && k != key {
				return k
			}
		}
		return ""
	}
	return normalize.Closest(key, c.Fields)
}
