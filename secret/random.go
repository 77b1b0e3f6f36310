package secret

import (
	"math"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			f := float64(c) / n
			h -= f * math.Log2(f)
		}
	}
	return h
}

// Thresholds of LooksSecret.
const (
	secretMinLen     = 20
	secretMinEntropy = 3.5
)

// exampleWords mark example values rather than secrets.
var exampleWords = []string{"your", "example", "changeme", "change-me", "placeholder", "replace", "xxxx", "todo", "dummy", "<", ">", "..."}

// IsExample reports a value written as an example of one: "your-api-key",
// "<token>", "changeme", "xxxx…".
func IsExample(v string) bool {
	lower := strings.ToLower(v)
	for _, w := range exampleWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// LooksSecret reports a long, random-looking literal: no placeholder, no
// path or URL, no whitespace, no example wording. Lint reports such a value
// under a secret-looking key or flag; output masks it wherever it is
// written as a secret's value.
func LooksSecret(v string) bool {
	if len(v) < secretMinLen || strings.ContainsAny(v, " \t\r\n\\") || LooksLikePath(v) {
		return false
	}
	if len(resolve.Scan(v)) > 0 || resolve.IsEnvName(v) || IsExample(v) {
		return false
	}
	return entropy(v) >= secretMinEntropy
}

// LooksLikePath reports file paths and URLs: GOOGLE_APPLICATION_CREDENTIALS
// holds a path, not a secret.
func LooksLikePath(v string) bool {
	if strings.Contains(v, "://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") ||
		strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") {
		return true
	}
	if len(v) >= 3 && v[1] == ':' && (v[2] == '/' || v[2] == '\\') {
		return true // C:\…
	}
	for _, ext := range []string{".json", ".pem", ".key", ".p12", ".pfx", ".crt", ".txt", ".env", ".yaml", ".yml", ".toml"} {
		if strings.HasSuffix(strings.ToLower(v), ext) {
			return true
		}
	}
	return false
}
