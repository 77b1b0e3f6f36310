package resolve

import "strings"

// ValueKind says how pisces reads an env or header value at connect time.
type ValueKind int

const (
	// Literal is sent as written (after Unescape).
	Literal ValueKind = iota
	// EnvName is the name of a set variable, replaced by its value.
	EnvName
	// Command starts with "!": the rest runs in a shell and its trimmed
	// stdout is the value.
	Command
)

func (k ValueKind) String() string {
	switch k {
	case Literal:
		return "literal"
	case EnvName:
		return "env-name"
	case Command:
		return "command"
	}
	return "unknown"
}

// Classify tells how pisces reads value. Any value starting with "!" is a
// shell command: pisces has no escape, so "!!x" runs "!x". A value is
// EnvName only when the variable is set and not empty: pisces falls back to
// the literal for an empty one (envValue || value). Nothing is run here.
func Classify(value string, lookup func(string) (string, bool)) ValueKind {
	if strings.HasPrefix(value, "!") {
		return Command
	}
	if value == "" || lookup == nil {
		return Literal
	}
	if v, ok := lookup(value); ok && v != "" {
		return EnvName
	}
	return Literal
}

// commandLine returns the shell command of a Command value, trimmed as pisces
// trims it (it also keys its cache on this), or "" for any other value.
func commandLine(value string) string {
	if !strings.HasPrefix(value, "!") {
		return ""
	}
	return strings.TrimSpace(value[1:])
}

// IsEnvName reports whether s looks like an environment variable name
// (^[A-Z_][A-Z0-9_]*$): the shape of a value pisces would silently
// dereference if the variable happened to be set.
func IsEnvName(s string) bool {
	if s == "" || s[0] >= '0' && s[0] <= '9' {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c == '_' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return false
		}
	}
	return true
}
