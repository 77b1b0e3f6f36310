package secret

import (
	"reflect"
	"strings"
	"testing"
)

func TestIsSecretKey(t *testing.T) {
	tests := []struct {
		key  string
		want bool
	}{
		{"GITHUB_TOKEN", true},
		{"MAX_TOKENS", false},
		{"DEFAULT_MINIMUM_TOKENS", false},
		{"maxOutputTokens", false},
		{"CONTEXT_TOKENS_LIMIT", false},
		{"MAX_TOKENS_API_KEY", true},
		{"REFRESH_TOKENS", true},
		{"GITHUB_PERSONAL_ACCESS_TOKEN", true},
		{"OPENAI_API_KEY", true},
		{"api_key", true},
		{"apiKey", true},
		{"APIKey", true},
		{"APIKEY", true},
		{"x-api-key", true},
		{"X-Goog-Api-Key", true},
		{"Authorization", true},
		{"Proxy-Authorization", true},
		{"X-Auth-Token", true},
		{"clientSecret", true},
		{"CLIENT_SECRET", true},
		{"client.secret", true},
		{"DB_PASSWORD", true},
		{"DB_PASS", true},
		{"PASSWD", true},
		{"Cookie", true},
		{"Set-Cookie", true},
		{"AWS_SECRET_ACCESS_KEY", true},
		{"GOOGLE_APPLICATION_CREDENTIALS", true},
		{"credential", true},
		{"PRIVATE_KEY", true},
		{"ACCESSTOKEN", true},
		{"accesstoken", true},
		{"dbpassword", true},
		{"secretkey", true},
		{"AUTH_TOKENS", true},
		{"OAuth2Token", true},
		{"GITHUB_PAT", true},
		{"SECRET2", true},
		{"KEYBOARD_LAYOUT", false},
		{"keyboardLayout", false},
		{"AUTHOR", false},
		{"MONKEY", false},
		{"TOKENIZERS_PARALLELISM", false},
		{"PATH", false},
		{"PWD", false},
		{"HOME", false},
		{"NODE_ENV", false},
		{"Content-Type", false},
		{"TOKEN_URL", false},
		{"tokenUrl", false},
		{"bearer_token_env_var", false},
		{"SSH_AUTH_SOCK", false},
		{"AUTH_TYPE", false},
		{"authProviderType", false},
		{"OAUTH_CLIENT_ID", false},
		{"OAuthClientId", false},
		{"PASSTHROUGH", false},
		{"BYPASS", false},
		{"", false},
		{"___", false},
	}
	for _, tt := range tests {
		if got := IsSecretKey(tt.key); got != tt.want {
			t.Errorf("IsSecretKey(%q) = %v, want %v (words %q)", tt.key, got, tt.want, splitWords(tt.key))
		}
	}
}

func TestSplitWords(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"X_API_KEY", []string{"x", "api", "key"}},
		{"XApiKey", []string{"x", "api", "key"}},
		{"APIKey", []string{"api", "key"}},
		{"apiKey", []string{"api", "key"}},
		{"OAuth2Token", []string{"oauth", "2", "token"}},
		{"s3-bucket.name", []string{"s", "3", "bucket", "name"}},
		{"--", nil},
	}
	for _, tt := range tests {
		if got := splitWords(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("splitWords(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestPublicKey(t *testing.T) {
	for key, want := range map[string]bool{
		"SUPABASE_ANON_KEY":                 true,
		"VITE_SUPABASE_ANON_KEY":            true,
		"supabaseAnonKey":                   true,
		"NEXT_PUBLIC_SUPABASE_URL":          true,
		"NEXT_PUBLIC_POSTHOG_KEY":           true,
		"EXPO_PUBLIC_API_KEY":               true,
		"STRIPE_PUBLISHABLE_KEY":            true,
		"NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY": true,
		"SUPABASE_SERVICE_ROLE_KEY":         false,
		"SUPABASE_KEY":                      false,
		"PUBLIC_KEY_PATH":                   false,
		"MY_NEXT_PUBLIC_KEY":                false, // the prefix is what Next.js reads
		"ANONYMOUS_TELEMETRY":               false,
		"STRIPE_SECRET_KEY":                 false,
	} {
		if got := PublicKey(key); got != want {
			t.Errorf("PublicKey(%q) = %v, want %v", key, got, want)
		}
	}
}

// TestMayBeSecretKeyIsASuperset: the quick filter never says no to a key
// IsSecretKey's words would accept.
func TestMayBeSecretKeyIsASuperset(t *testing.T) {
	var all []string
	for w := range secretWords {
		all = append(all, w)
	}
	for w := range keyCompounds {
		all = append(all, w)
	}
	all = append(all, secretSuffixes...)
	for _, w := range all {
		for _, k := range []string{w, strings.ToUpper(w), "X_" + strings.ToUpper(w) + "S", "my" + w} {
			if !mayBeSecretKey(k) {
				t.Errorf("mayBeSecretKey(%q) = false", k)
			}
		}
	}
}

// Keys whose value is a credential whatever its length: a short literal
// there is still a password or a token (unseen configs held
// "DB_PASSWORD": "hunter2", "SLACK_ACCESS_TOKEN": "abc123").
func TestIsCredentialKey(t *testing.T) {
	for key, want := range map[string]bool{
		"DB_PASSWORD": true, "SLACK_ACCESS_TOKEN": true, "CLIENT_SECRET": true, "OPENAI_API_KEY": true,
		"X-API-Key": true, "apiKey": true, "github_pat": true, "POSTGRES_PASSWD": true, "secret": true,
		"accessToken": true, "PRIVATE_KEY": true, "AUTH_TOKEN": true, "Authorization": true,
		"PRIMARY_KEY": false, "SORT_KEY": false, "TOKEN_URL": false, "MAX_TOKENS": false, "SECRET_NAME": false,
		"AUTH_TYPE": false, "PASSWORD_FILE": false, "KEY": false, "TOKENIZER": false, "PIN": false,
		"NEXT_PUBLIC_API_KEY": false,
	} {
		if got := IsCredentialKey(key); got != want {
			t.Errorf("IsCredentialKey(%q) = %v, want %v", key, got, want)
		}
	}
}

func TestIsPlaceholderValue(t *testing.T) {
	for v, want := range map[string]bool{
		"changeme": true, "CHANGE_ME": true, "xxx": true, "****": true, "...": true, "<token>": true, "your-token": true,
		"TODO": true, "REDACTED": true, "none": true, "secret": true, "password": true, "token": true, "sk-...": true,
		"API_KEY": true, "placeholder": true, "[REDACTED_API_KEY]": true, "-": true, "ghp_aaaaaaaaaaaaaaaaaaaa": true, "sk-no-key-required": true, "not-needed": true,
		"hunter2": false, "abc123": false, "postgres": false, "s3cr3t!": false, "admin123": false,
	} {
		if got := IsPlaceholderValue(v); got != want {
			t.Errorf("IsPlaceholderValue(%q) = %v, want %v", v, got, want)
		}
	}
}
