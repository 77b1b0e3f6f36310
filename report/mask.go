package report

import (
	"sort"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// Masked is what every secret prints as.
const Masked = "***"

// maskMap keeps the keys of env and header maps and hides every value:
// those maps are where secrets live, and a key is enough to explain.
func maskMap(m map[string]string) map[string]string {
	if m == nil {
		return nil
	}
	out := make(map[string]string, len(m))
	for k := range m {
		out[k] = Masked
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// MaskURL hides a password in the user info, the values of query
// parameters with secret-looking names (?api_key=…, ?token=…) and known
// token shapes, keeping the rest as written.
func MaskURL(raw string) string {
	spans := urlSecrets(raw, 0)
	if len(spans) == 0 {
		return raw
	}
	var b strings.Builder
	last := 0
	for _, sp := range mergeSpans(spans) {
		b.WriteString(raw[last:sp.start])
		b.WriteString(Masked)
		last = sp.end
	}
	b.WriteString(raw[last:])
	return b.String()
}

// MaskArgs hides the value of secret-looking flags (--token X,
// --api-key=X) and arguments that look like a token on their own.
func MaskArgs(args []string) []string {
	if len(args) == 0 {
		return args
	}
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if k, _, ok := strings.Cut(a, "="); ok && strings.HasPrefix(k, "-") && resolve.IsSecretKey(strings.TrimLeft(k, "-")) {
			out[i] = k + "=" + Masked
			continue
		}
		if i > 0 && strings.HasPrefix(args[i-1], "-") && !strings.Contains(args[i-1], "=") &&
			resolve.IsSecretKey(strings.TrimLeft(args[i-1], "-")) && !strings.HasPrefix(a, "-") {
			out[i] = Masked
			continue
		}
		if _, ok := resolve.TokenKind(a); ok {
			out[i] = Masked
		}
	}
	return out
}
