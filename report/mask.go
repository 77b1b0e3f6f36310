package report

import (
	"net/url"
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

// MaskURL hides a password in the userinfo and the values of query
// parameters with secret-looking names (?api_key=…, ?token=…).
func MaskURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return raw
	}
	changed := false
	if u.User != nil {
		if _, ok := u.User.Password(); ok {
			u.User = url.UserPassword(u.User.Username(), "xxxxx")
			changed = true
		}
	}
	q := u.Query()
	for k := range q {
		if resolve.IsSecretKey(k) {
			q[k] = []string{"xxxxx"}
			changed = true
		}
	}
	if !changed {
		return raw
	}
	u.RawQuery = q.Encode()
	return strings.ReplaceAll(u.String(), "xxxxx", Masked)
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
		if LooksLikeToken(a) {
			out[i] = Masked
		}
	}
	return out
}

// tokenPrefixes are the shapes of well-known credentials.
var tokenPrefixes = []string{"ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_", "sk-", "xoxb-", "xoxp-", "xoxa-", "xoxr-", "xoxs-", "glpat-", "AKIA", "ASIA"}

// LooksLikeToken reports whether s has the shape of a known credential.
func LooksLikeToken(s string) bool {
	if strings.HasPrefix(strings.ToLower(s), "bearer ") && len(s) > len("bearer ")+8 && !strings.Contains(s, "$") && !strings.Contains(s, "{") {
		return true
	}
	for _, p := range tokenPrefixes {
		if strings.HasPrefix(s, p) && len(s) >= len(p)+12 && !strings.ContainsAny(s, " /${}") {
			return true
		}
	}
	// a JWT: three base64url parts, the first decoding to {"…
	return strings.HasPrefix(s, "eyJ") && strings.Count(s, ".") == 2 && len(s) > 30
}
