package secret

import (
	"encoding/base64"
	"encoding/json"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/resolve"
)

// tokenKind reports whether s contains a credential of a well-known shape
// (a GitHub token, an AWS access key ID, a JWT, a literal "Bearer …", …)
// and names its kind for messages, e.g. "GitHub personal access token".
// The token itself is never returned, so callers cannot print it by
// mistake; FindToken gives its offsets.
func tokenKind(s string) (kind string, ok bool) {
	kind, _, _, ok = FindToken(s)
	return kind, ok
}

// FindToken is tokenKind with the byte offsets [start, end) of the first
// token found in s.
//
// A token must start at a word boundary (not right after a letter, digit,
// "_" or "-") and end at one, so "ghp_" inside a longer word is not a
// token. Values that are obviously examples — a body of fewer than six
// distinct characters ("ghp_xxxx…"), or containing "EXAMPLE" as AWS's
// documentation keys do — are not tokens either. A "Bearer" or "Basic"
// credential holding a placeholder of any syntax is not literal and is
// skipped.
//
// A specific shape wins over the generic "Bearer …" and "Basic …": "Bearer
// ghp_…" is a GitHub personal access token.
func FindToken(s string) (kind string, start, end int, ok bool) {
	var generic struct {
		kind       string
		start, end int
	}
	x := vendorShapesAt()
	for i := 0; i < len(s); i++ {
		if i > 0 && isTokenWordChar(s[i-1]) {
			continue
		}
		k, e, found := tokenAt(s, i, x)
		switch {
		case !found:
		case k != kindBearer && k != kindBasic:
			return k, i, e, true
		case generic.kind == "":
			generic.kind, generic.start, generic.end = k, i, e
		}
	}
	if generic.kind != "" {
		return generic.kind, generic.start, generic.end, true
	}
	return "", 0, 0, false
}

// EachToken calls fn with the kind and byte offsets [start, end) of every
// token in s, left to right, in one pass: every word boundary where
// FindToken would accept a token, including generic "Bearer …" ones before
// a specific token and tokens that overlap others. It is for masking, where
// anything a token could be must go; FindToken called again after each
// token it returns would skip some and cost a scan of the rest of s per
// token.
func EachToken(s string, fn func(kind string, start, end int)) {
	x := vendorShapesAt()
	for i := 0; i < len(s); i++ {
		if i > 0 && isTokenWordChar(s[i-1]) {
			continue
		}
		if k, e, found := tokenAt(s, i, x); found {
			fn(k, i, e)
		}
	}
}

const (
	kindBearer = "bearer token"
	kindBasic  = "basic auth credential"
)

// githubKinds maps the letter of GitHub's "gh?_" prefixes to the kind.
var githubKinds = [256]string{
	'p': "GitHub personal access token",
	'o': "GitHub OAuth token",
	'u': "GitHub user-to-server token",
	's': "GitHub server-to-server token",
	'r': "GitHub refresh token",
}

// vendorShape is a vendor's key: a fixed prefix, then a body of at least
// min characters of class (exactly min when exact), holding digits and
// letters unless letters is set (letters of both cases, no digit needed).
// source is where the shape is documented: the issuer's documentation,
// or the gitleaks rule (github.com/gitleaks/gitleaks, config/gitleaks.toml)
// or GitHub secret-scanning pattern it matches.
type vendorShape struct {
	prefix, kind string
	min          int
	exact        bool
	class        func(byte) bool
	letters      bool
	source       string
}

// ghScanning is GitHub's list of secret-scanning patterns, for the shapes
// it names.
const ghScanning = "https://docs.github.com/en/code-security/secret-scanning/introduction/supported-secret-scanning-patterns"

// vendorShapes are the keys of services MCP servers commonly need, by
// their documented or observed prefixes; more specific prefixes first.
// A shape added here is recognized everywhere (FindToken, find, Mask) and
// tested in every output (Shapes, TestShapesNeverPrinted).
var vendorShapes = []vendorShape{
	{prefix: "ctx7sk-", kind: "Context7 API key", min: 20, class: isKeyChar, source: "https://github.com/upstash/context7#readme (API keys from context7.com/dashboard)"},
	{prefix: "tvly-", kind: "Tavily API key", min: 20, class: isKeyChar, source: "https://docs.tavily.com/documentation/quickstart"},
	{prefix: "pplx-", kind: "Perplexity API key", min: 32, class: isKeyChar, source: "gitleaks perplexity-api-key"},
	{prefix: "gsk_", kind: "Groq API key", min: 40, class: isAlnum, source: "https://console.groq.com/docs/quickstart"},
	{prefix: "hf_", kind: "Hugging Face token", min: 30, class: isAlnum, letters: true, source: "gitleaks huggingface-access-token"},
	{prefix: "lin_api_", kind: "Linear API key", min: 30, class: isAlnum, source: "gitleaks linear-api-key"},
	{prefix: "sbp_", kind: "Supabase access token", min: 40, class: isLowerAlnum, source: "https://supabase.com/docs/reference/cli/supabase-login"},
	{prefix: "ntn_", kind: "Notion integration token", min: 40, class: isAlnum, source: "gitleaks notion-api-token"},
	{prefix: "fc-", kind: "Firecrawl API key", min: 32, exact: true, class: isLowerHex, source: "https://docs.firecrawl.dev/introduction"},
	{prefix: "shpat_", kind: "Shopify access token", min: 32, exact: true, class: isLowerHex, source: "gitleaks shopify-access-token"},
	{prefix: "shpca_", kind: "Shopify access token", min: 32, exact: true, class: isLowerHex, source: "gitleaks shopify-custom-access-token"},
	{prefix: "shppa_", kind: "Shopify access token", min: 32, exact: true, class: isLowerHex, source: "gitleaks shopify-private-app-access-token"},
	{prefix: "shpss_", kind: "Shopify shared secret", min: 32, exact: true, class: isLowerHex, source: "gitleaks shopify-shared-secret"},
	{prefix: "dop_v1_", kind: "DigitalOcean token", min: 64, exact: true, class: isLowerHex, source: "gitleaks digitalocean-pat"},
	{prefix: "sk-or-v1-", kind: "OpenRouter API key", min: 40, class: isLowerHex, source: "https://openrouter.ai/docs/api-reference/authentication"},
	{prefix: "xai-", kind: "xAI API key", min: 40, class: isAlnum, source: "https://docs.x.ai/docs/overview"},
	{prefix: "figd_", kind: "Figma access token", min: 30, class: isKeyChar, source: "https://www.figma.com/developers/api#access-tokens"},
	{prefix: "rk_live_", kind: "Stripe restricted key", min: 20, class: isAlnum, source: "gitleaks stripe-access-token"},
	{prefix: "sk_test_", kind: "Stripe test secret key", min: 20, class: isAlnum, source: "gitleaks stripe-access-token"},
	{prefix: "apify_api_", kind: "Apify API token", min: 30, class: isAlnum, source: "https://docs.apify.com/platform/integrations/api"},
	{prefix: "e2b_", kind: "E2B API key", min: 30, class: isLowerHex, source: "https://e2b.dev/docs/api-key"},
	{prefix: "jina_", kind: "Jina API key", min: 40, class: isAlnum, source: "https://jina.ai/api-dashboard"},
	{prefix: "PMAK-", kind: "Postman API key", min: 50, class: isKeyChar, source: "gitleaks postman-api-token"},
	{prefix: "ya29.", kind: "Google OAuth access token", min: 30, class: isKeyCharDot, source: "GitHub secret scanning google_oauth_access_token, " + ghScanning},
	{prefix: "xapp-", kind: "Slack app-level token", min: 20, class: isKeyChar, source: "gitleaks slack-app-token"},
	{prefix: "gldt-", kind: "GitLab deploy token", min: 20, class: isKeyChar, source: "gitleaks gitlab-deploy-token"},
	{prefix: "glrt-", kind: "GitLab runner authentication token", min: 20, class: isKeyChar, source: "gitleaks gitlab-runner-authentication-token"},
	{prefix: "dckr_pat_", kind: "Docker personal access token", min: 20, class: isKeyChar, source: "GitHub secret scanning docker_personal_access_token, " + ghScanning},
	{prefix: "SG.", kind: "SendGrid API key", min: 66, class: isSendGrid, source: "gitleaks sendgrid-api-token"},
	{prefix: "pypi-", kind: "PyPI API token", min: 50, class: isKeyChar, source: "gitleaks pypi-upload-token"},
	{prefix: "ATATT", kind: "Atlassian API token", min: 100, class: isAtlassian, source: "gitleaks atlassian-api-token"},
	{prefix: "sntrys_", kind: "Sentry organization token", min: 50, class: isSentry, source: "gitleaks sentry-org-token"},
	{prefix: "sntryu_", kind: "Sentry user token", min: 64, exact: true, class: isLowerHex, source: "gitleaks sentry-user-token"},
}

// isKeyCharDot is isKeyChar and ".": Google's ya29 tokens hold dots.
func isKeyCharDot(c byte) bool { return isKeyChar(c) || c == '.' }

// isSendGrid is SendGrid's alphabet: SG.<22>.<43>, base64url parts.
func isSendGrid(c byte) bool { return isKeyChar(c) || c == '.' || c == '=' }

// isAtlassian is Atlassian's: base64url, "=" padding inside.
func isAtlassian(c byte) bool { return isKeyChar(c) || c == '=' }

// isSentry is Sentry's organization tokens': base64 and "_".
func isSentry(c byte) bool { return isKeyChar(c) || c == '+' || c == '/' || c == '=' }

// A Shape is a credential shape FindToken recognizes, as data: the kind
// it names in messages, the prefix a token of it starts with, and Source:
// where the shape is documented (the issuer's documentation, or the
// gitleaks rule or GitHub secret-scanning pattern it matches).
type Shape struct {
	Kind, Prefix, Source string
	example              string
}

// Example is a made-up credential of the shape, for tests: every output
// is tested with one of each shape.
func (s Shape) Example() string { return s.example }

// codeShapes are the shapes recognized by code rather than by a prefix
// and a body (tokenAt's switch), with an example each, built from pieces
// so that no secret scanner mistakes this file for a leak.
var codeShapes = []Shape{
	{"GitHub personal access token", "ghp_", "gitleaks github-pat", "gh" + "p_" + exampleBody36},
	{"GitHub OAuth token", "gho_", "gitleaks github-oauth", "gh" + "o_" + exampleBody36},
	{"GitHub user-to-server token", "ghu_", "gitleaks github-app-token", "gh" + "u_" + exampleBody36},
	{"GitHub server-to-server token", "ghs_", "gitleaks github-app-token", "gh" + "s_" + exampleBody36},
	{"GitHub refresh token", "ghr_", "gitleaks github-refresh-token", "gh" + "r_" + exampleBody36},
	{"GitHub fine-grained personal access token", "github_pat_", "gitleaks github-fine-grained-pat", "github" + "_pat_" + "11ABCDEFG0" + "123456789abcdef" + "_" + "ghijklmnopqrstuvwxyz0123456789"},
	{"GitLab personal access token", "glpat-", "gitleaks gitlab-pat", "gl" + "pat-" + "aB3dE6gH9jK2mN5pQ8sT"},
	{"Anthropic API key", "sk-ant-", "gitleaks anthropic-api-key", "sk-" + "ant-" + "api03-" + "Xy7zAb4cDe1fGh8iJk5lMn2o"},
	{"OpenAI-style API key", "sk-", "gitleaks openai-api-key; DeepSeek's lower-case hex keys, https://api-docs.deepseek.com/", "sk-" + "proj-" + "Ab3dEf6hIj9kLm2nOp5qRs8t"},
	{"Stripe secret key", "sk_live_", "gitleaks stripe-access-token", "sk" + "_live_" + "Ab3dEf6hIj9kLm2nOp5qRs8t"},
	{"Slack token", "xox", "gitleaks slack-bot-token, slack-user-token, slack-legacy-workspace-token", "xo" + "xb-" + "1234567890" + "-" + "abcdefGHIJ"},
	{"AWS access key ID", "AKIA", "gitleaks aws-access-token", "AK" + "IA" + "Z7Q2" + "R4T6" + "Y8U1" + "W3E5"},
	{"Google API key", "AIza", "gitleaks gcp-api-key", "AI" + "za" + "SyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q"},
	{kindJWT, "eyJ", "gitleaks jwt; RFC 7519", "eyJhbGciOiJIUzI1NiJ9" + "." + "eyJzdWIiOiJtY3Bjb25mIn0" + "." + "c2lnbmF0dXJlLXNhbXBsZQ"},
	{"npm access token", "npm_", "gitleaks npm-access-token", "np" + "m_" + exampleBody36},
	{"Neon API key", "napi_", "https://neon.com/docs/manage/api-keys", "na" + "pi_" + "k3m9x2q7w1e8r4t6y0u5i3o9p2a7s1d6f8g4h0j5k2l9z3x7c1v6b8n4m0q2w5e9"},
	{kindBearer, "Bearer ", "RFC 6750; GitHub secret scanning http_bearer_authentication_header, " + ghScanning, "Bearer " + "9f8e7d6c5b4a39281706f5e4d3c2b1a0"},
	{kindBasic, "Basic ", "RFC 7617; GitHub secret scanning http_basic_authentication_header, " + ghScanning, "Basic " + "dXNlcjpwYXNzd29yZDEyMw=="},
}

const exampleBody36 = "0123456789" + "abcdefghij" + "ABCDEFGHIJ" + "k1m2n3"

// Shapes lists every credential shape FindToken recognizes, with its
// source and an example.
func Shapes() []Shape {
	out := make([]Shape, 0, len(vendorShapes)+len(codeShapes))
	for _, v := range vendorShapes {
		out = append(out, Shape{Kind: v.kind, Prefix: v.prefix, Source: v.source, example: v.prefix + v.exampleBody()})
	}
	return append(out, codeShapes...)
}

// exampleBody is a body of the shape's minimum length made of its class:
// letters of both cases and digits mixed, as a generated key is.
func (v vendorShape) exampleBody() string {
	const pool = "aB3dE6gH9jK2mN5pQ8sT1vW4xY7zC0fR"
	var b strings.Builder
	for b.Len() < v.min {
		for i := 0; i < len(pool) && b.Len() < v.min; i++ {
			if v.class(pool[i]) {
				b.WriteByte(pool[i])
			}
		}
	}
	return b.String()
}

// vendorIndex finds the vendor shapes that may start at a byte: those
// whose prefix starts with it, and, to pass over most words after one
// look, the set of second bytes of those prefixes.
type vendorIndex struct {
	byFirst [256][]vendorShape
	second  [256][4]uint64
}

// vendorShapesAt is the index, built on first use.
var vendorShapesAt = sync.OnceValue(func() *vendorIndex {
	x := &vendorIndex{}
	for _, v := range vendorShapes {
		a, b := v.prefix[0], v.prefix[1]
		x.byFirst[a] = append(x.byFirst[a], v)
		x.second[a][b>>6] |= 1 << (b & 63)
	}
	return x
})

// at tries the vendor shapes at s[i].
func (x *vendorIndex) at(s string, i int) (string, int, bool) {
	if i+1 >= len(s) {
		return "", 0, false
	}
	if b := s[i+1]; x.second[s[i]][b>>6]&(1<<(b&63)) == 0 {
		return "", 0, false
	}
	for _, v := range x.byFirst[s[i]] {
		if !strings.HasPrefix(s[i:], v.prefix) {
			continue
		}
		from := i + len(v.prefix)
		var e int
		var ok bool
		if v.exact {
			e, ok = exact(s, from, v.min, v.class)
		} else {
			e, ok = atLeast(s, from, v.min, v.class)
		}
		if !ok {
			continue
		}
		body := s[from:e]
		if v.letters && !(hasUpper(body) && hasLower(body)) || !v.letters && !(hasDigit(body) && hasLetter(body)) {
			continue
		}
		return v.kind, e, true
	}
	return "", 0, false
}

// tokenAt tries every shape at s[i].
func tokenAt(s string, i int, x *vendorIndex) (string, int, bool) {
	rest := s[i:]
	if k, e, ok := x.at(s, i); ok {
		return k, e, true
	}
	switch s[i] {
	case 'g':
		if len(rest) >= 4 && rest[0:2] == "gh" && rest[3] == '_' {
			if k := githubKinds[rest[2]]; k != "" {
				if e, ok := exact(s, i+4, 36, isAlnum); ok {
					return k, e, true
				}
			}
		}
		if strings.HasPrefix(rest, "github_pat_") {
			if e, ok := atLeast(s, i+11, 30, isAlnumUnderscore); ok {
				return "GitHub fine-grained personal access token", e, true
			}
		}
		if strings.HasPrefix(rest, "glpat-") {
			if e, ok := atLeast(s, i+6, 20, isKeyChar); ok {
				return "GitLab personal access token", e, true
			}
		}
	case 's':
		if strings.HasPrefix(rest, "sk-ant-") {
			if e, ok := atLeast(s, i+7, 20, isKeyChar); ok && mixed(s[i+7:e]) {
				return "Anthropic API key", e, true
			}
		}
		if strings.HasPrefix(rest, "sk-") {
			if e, ok := atLeast(s, i+3, 20, isKeyChar); ok && mixed(s[i+3:e]) {
				return "OpenAI-style API key", e, true
			}
			// lower-case hex keys of OpenAI-compatible APIs (DeepSeek)
			if e, ok := atLeast(s, i+3, 32, isLowerHex); ok && hasDigit(s[i+3:e]) && hasLetter(s[i+3:e]) {
				return "OpenAI-style API key", e, true
			}
		}
		if strings.HasPrefix(rest, "sk_live_") {
			if e, ok := atLeast(s, i+8, 20, isAlnum); ok {
				return "Stripe secret key", e, true
			}
		}
	case 'x':
		if len(rest) >= 5 && rest[:3] == "xox" && strings.IndexByte("abprs", rest[3]) >= 0 && rest[4] == '-' {
			if e, ok := atLeast(s, i+5, 10, func(c byte) bool { return isAlnum(c) || c == '-' }); ok && hasDigit(s[i+5:e]) {
				return "Slack token", e, true
			}
		}
	case 'A':
		if strings.HasPrefix(rest, "AKIA") || strings.HasPrefix(rest, "ASIA") {
			if e, ok := exact(s, i+4, 16, func(c byte) bool { return 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' }); ok {
				return "AWS access key ID", e, true
			}
		}
		if strings.HasPrefix(rest, "AIza") {
			if e, ok := exact(s, i+4, 35, isKeyChar); ok {
				return "Google API key", e, true
			}
		}
	case 'e':
		if e, ok := jwtAt(s, i); ok {
			return kindJWT, e, true
		}
	case 'n':
		if strings.HasPrefix(rest, "npm_") {
			if e, ok := exact(s, i+4, 36, isAlnum); ok {
				return "npm access token", e, true
			}
		}
		if strings.HasPrefix(rest, "napi_") {
			// Neon: napi_ and 64 lower-case letters and digits; a shorter
			// body of at least 40 is taken too, a word is not.
			if e, ok := atLeast(s, i+5, 40, isLowerAlnum); ok && hasDigit(s[i+5:e]) && hasLetter(s[i+5:e]) {
				return "Neon API key", e, true
			}
		}
	case 'B', 'b':
		if e, ok := schemeCredential(s, i, "bearer", 16, isToken68); ok {
			return kindBearer, e, true
		}
		if e, ok := schemeCredential(s, i, "basic", 12, isToken68); ok {
			return kindBasic, e, true
		}
	}
	return "", 0, false
}

// exact matches exactly n characters of class from s[from], followed by a
// word boundary.
func exact(s string, from, n int, class func(byte) bool) (int, bool) {
	e := from
	for e < len(s) && class(s[e]) {
		e++
	}
	if e-from != n || (e < len(s) && isTokenWordChar(s[e])) || dummy(s[from:e]) {
		return 0, false
	}
	return e, true
}

// atLeast matches n or more characters of class from s[from].
func atLeast(s string, from, n int, class func(byte) bool) (int, bool) {
	e := from
	for e < len(s) && class(s[e]) {
		e++
	}
	if e-from < n || (e < len(s) && isTokenWordChar(s[e])) || dummy(s[from:e]) {
		return 0, false
	}
	return e, true
}

// jwtAt matches header.payload.signature where header and payload are
// base64url JSON objects (they start with "eyJ", the encoding of `{"`).
func jwtAt(s string, i int) (int, bool) {
	e := i
	for part := 0; part < 3; part++ {
		if part < 2 && !strings.HasPrefix(s[e:], "eyJ") {
			return 0, false
		}
		from := e
		for e < len(s) && isKeyChar(s[e]) {
			e++
		}
		if e-from < 10 {
			return 0, false
		}
		if part < 2 {
			if e >= len(s) || s[e] != '.' {
				return 0, false
			}
			e++
		}
	}
	if e < len(s) && (isTokenWordChar(s[e]) || s[e] == '.') {
		return 0, false
	}
	return e, !dummy(s[i:e])
}

// schemeCredential matches an HTTP authorization scheme word (any case),
// spaces, and a credential of at least n characters that is not a
// placeholder, not an environment variable name and holds both letters and
// digits (so "Bearer YOUR_TOKEN_HERE" and "Bearer <token>" are not taken).
func schemeCredential(s string, i int, scheme string, n int, class func(byte) bool) (int, bool) {
	if len(s)-i <= len(scheme) || !strings.EqualFold(s[i:i+len(scheme)], scheme) || s[i+len(scheme)] != ' ' {
		return 0, false
	}
	from := i + len(scheme)
	for from < len(s) && s[from] == ' ' {
		from++
	}
	// The credential runs to the next space and must be all of class:
	// stop at the first other byte, so a "Bearer" in a long line without
	// spaces (minified JSON) costs the credential, not the rest of the line.
	e := from
	for e < len(s) && class(s[e]) {
		e++
	}
	if e < len(s) && !isSpace(s[e]) {
		return 0, false
	}
	cred := s[from:e]
	if len(cred) < n || len(resolve.Scan(cred)) > 0 || resolve.IsEnvName(cred) || dummy(cred) {
		return 0, false
	}
	if !hasDigit(cred) || !hasLetter(cred) {
		return 0, false
	}
	return e, true
}

// dummy reports bodies that are examples rather than credentials.
func dummy(body string) bool {
	if strings.Contains(strings.ToUpper(body), "EXAMPLE") {
		return true
	}
	var seen [256]bool
	distinct := 0
	for k := 0; k < len(body); k++ {
		if !seen[body[k]] {
			seen[body[k]] = true
			distinct++
			if distinct >= 6 {
				return false
			}
		}
	}
	return true
}

// mixed reports whether s has a digit, a lower-case and an upper-case
// letter, as generated keys do and package or flag names do not.
func mixed(s string) bool {
	var d, l, u bool
	for k := 0; k < len(s); k++ {
		c := s[k]
		d = d || isDigit(c)
		l = l || isLower(c)
		u = u || isUpper(c)
	}
	return d && l && u
}

func hasDigit(s string) bool {
	for k := 0; k < len(s); k++ {
		if isDigit(s[k]) {
			return true
		}
	}
	return false
}

func hasLetter(s string) bool {
	for k := 0; k < len(s); k++ {
		if isUpper(s[k]) || isLower(s[k]) {
			return true
		}
	}
	return false
}

func isAlnumUnderscore(c byte) bool { return isAlnum(c) || c == '_' }

func isLowerAlnum(c byte) bool { return isLower(c) || isDigit(c) }

func isLowerHex(c byte) bool { return isDigit(c) || 'a' <= c && c <= 'f' }

func hasUpper(s string) bool {
	for k := 0; k < len(s); k++ {
		if isUpper(s[k]) {
			return true
		}
	}
	return false
}

func hasLower(s string) bool {
	for k := 0; k < len(s); k++ {
		if isLower(s[k]) {
			return true
		}
	}
	return false
}

// isKeyChar is the base64url alphabet most API keys use.
func isKeyChar(c byte) bool { return isAlnum(c) || c == '_' || c == '-' }

// isTokenWordChar is what may not touch a token on either side.
func isTokenWordChar(c byte) bool { return isKeyChar(c) }

// isToken68 is RFC 9110's token68 alphabet.
func isToken68(c byte) bool {
	return isAlnum(c) || strings.IndexByte("-._~+/=", c) >= 0
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// PublicToken reports a token that is public by design although it has a
// credential's shape: a JSON Web Token whose payload says "role": "anon"
// (Supabase's anon key, shipped in every browser bundle of the project).
// A service-role key, or any JWT that does not say anon, is not public.
func PublicToken(kind, token string) bool {
	return kind == kindJWT && jwtClaim(token, "role") == "anon"
}

const kindJWT = "JSON Web Token"

// JWTRole is the "role" claim of a JSON Web Token's payload, or "".
func JWTRole(token string) string { return jwtClaim(token, "role") }

// jwtClaim returns a string claim of a JWT's payload, or "".
func jwtClaim(token, claim string) string {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return ""
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return ""
	}
	var claims map[string]any
	if json.Unmarshal(payload, &claims) != nil {
		return ""
	}
	v, _ := claims[claim].(string)
	return v
}
