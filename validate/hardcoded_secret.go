package validate

import (
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// hardcodedSecretRule reports credentials written into config files.
var hardcodedSecretRule = &Rule{
	ID:       normalize.RuleHardcodedSecret,
	Title:    "a credential is written literally in the config file",
	Severity: normalize.Error,
	doc: `A token in ` + "`env`" + `, ` + "`headers`" + ` ({{gen:keys}}), in
` + "`args`" + ` or in the URL (user info, query) is readable by everyone who can read the
file, and by everyone who clones the repository when the file is committed.

Two things are reported:

- well-known token shapes anywhere in a server: GitHub (` + "`ghp_`" + `, ` + "`gho_`" + `, ` + "`ghu_`" + `,
  ` + "`ghs_`" + `, ` + "`ghr_`" + `, ` + "`github_pat_`" + `), OpenAI-style ` + "`sk-`" + `, Anthropic ` + "`sk-ant-`" + `, Slack
  ` + "`xox?-`" + `, AWS ` + "`AKIA`" + `/` + "`ASIA`" + ` key IDs, GitLab ` + "`glpat-`" + `, Google ` + "`AIza`" + `, npm ` + "`npm_`" + `,
  Stripe ` + "`sk_live_`" + `/` + "`rk_live_`" + `, and the keys of services MCP servers often need:
  Context7 ` + "`ctx7sk-`" + `, Tavily ` + "`tvly-`" + `, Perplexity ` + "`pplx-`" + `, Groq ` + "`gsk_`" + `, Hugging
  Face ` + "`hf_`" + `, Linear ` + "`lin_api_`" + `, Supabase ` + "`sbp_`" + `, Notion ` + "`ntn_`" + `, Firecrawl ` + "`fc-`" + `,
  Shopify ` + "`shpat_`" + `, DigitalOcean ` + "`dop_v1_`" + `, OpenRouter ` + "`sk-or-v1-`" + `, xAI ` + "`xai-`" + `,
  Figma ` + "`figd_`" + `, Apify, E2B, Jina, Postman, Google OAuth ` + "`ya29.`" + `, Slack app-level
  ` + "`xapp-`" + `, GitLab deploy and runner ` + "`gldt-`" + `/` + "`glrt-`" + `, Docker ` + "`dckr_pat_`" + `, SendGrid
  ` + "`SG.`" + `, PyPI ` + "`pypi-`" + `, Atlassian ` + "`ATATT`" + `, Sentry ` + "`sntrys_`" + `/` + "`sntryu_`" + `; JSON Web
  Tokens, and a literal ` + "`Bearer …`" + ` or ` + "`Basic …`" + ` credential (each shape with its
  source: ` + "`secret.Shapes`" + `);
- long (20 characters or more), random-looking (at least 3.5 bits of entropy
  per character) values under secret-looking names (` + "`*_TOKEN`" + `, ` + "`*_KEY`" + `,
  ` + "`Authorization`" + `, ` + "`--api-key=…`" + `, ` + "`?token=`" + `, …) that hold no placeholder and are
  not paths or URLs;
- short or plain literals under a name that says the whole value is a
  credential (` + "`*_PASSWORD`" + `, ` + "`*_ACCESS_TOKEN`" + `, ` + "`*_SECRET`" + `, ` + "`*_API_KEY`" + `): a warning (info in
  the home's files), unless the value is an obvious placeholder (` + "`changeme`" + `,
  ` + "`xxx`" + `, ` + "`<token>`" + `, ` + "`REDACTED`" + `, ` + "`none`" + `, a variable name in capitals).

Also: the password of a URL or connection string anywhere in ` + "`args`" + ` or ` + "`env`" + `
(` + "`postgresql://app:pw@db/app`" + `, ` + "`mongodb+srv://u:pw@…`" + `, ` + "`redis://:pw@…`" + `; a warning when
the host is this machine, nothing when the password is a placeholder or a
template such as ` + "`password`" + `); a secret-named member of a JSON object passed as
one argument (` + "`--config '{\"braveApiKey\":\"…\"}'`" + `); Neon ` + "`napi_`" + ` keys; and the token
shapes above in a file that does not parse, at their exact place: a committed
key is exposed whether or not the file parses. Servers the client does not
load (under another client's key, outside the servers key) are checked too.

Not secrets: placeholders of any syntax, other languages' included
(` + "`${process.env.X}`" + `, ` + "`{{X}}`" + `: foreign-placeholder reports them), template values
(template-value), and keys that are public by design: a Supabase anon key
(a JWT whose payload says ` + "`\"role\": \"anon\"`" + `), ` + "`NEXT_PUBLIC_*`" + ` and ` + "`EXPO_PUBLIC_*`" + `
variables, ` + "`*_PUBLISHABLE_KEY`" + ` — unless the value has a vendor's secret shape
(a GitHub token in ` + "`NEXT_PUBLIC_GITHUB_TOKEN`" + ` is still reported) or is a
service-role JWT.

{{gen:names}}
hold variable names, never secrets, and are skipped.

Project and local files are errors (they are committed, or sit next to
files that are); files in the home directory are warnings: user files, and
Claude Code's local scope, which lives in ` + "`~/.claude.json`" + ` next to the user
scope. The secret is never printed: the finding names the key and the kind of
credential.

The hint rewrites the value the secret was found in, the secret replaced by
a variable (` + "`\"Bearer ${CTX_API_KEY}\"`" + `, ` + "`\"postgresql://app:${PG_PASSWORD}@db/app\"`" + `), named
after the key the value sits under, else after the vendor a token's shape
names (` + "`CONTEXT7_API_KEY`" + `), else after the server.

Fix: read the value from the environment with the client's own syntax —
{{gen:refs}}
— and rotate the token, since it has been exposed.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"ghp_" + "R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${GITHUB_PERSONAL_ACCESS_TOKEN}\" }\n" +
			"} } }\n",
		Also: map[string]string{
			// Codex reads the token of a URL server from the variable
			// bearer_token_env_var names (issue 27 item 16)
			".codex/config.toml": "[mcp_servers.docs]\nurl = \"https://docs.example.com/mcp\"\nbearer_token = \"ghp_" + "R2d2C3poBb8Kk1Xw9Lm4Zq7Tt0Yy5Uu3Vv6N\"\n",
		}},
	parts: map[string]func() string{
		"keys":  func() string { return fieldKeys("env", "headers") },
		"names": nameFields,
		"refs":  func() string { return varRefs("GITHUB_TOKEN") },
	},
	Check:     checkHardcodedSecret,
	Fix:       "replaces a literal token in an env or header value by a reference to a variable in the client's own syntax (the finding's hint names it), where the client expands it; the value is never printed",
	FixUnsafe: true,
}

// secretKind says whether a server field holds env variables ("env") or
// headers ("header") in its members, under any client's key for them
// (normalize.KeysOf); "" for another field.
func secretKind(field string) string { return secretMaps()[field] }

var secretMaps = sync.OnceValue(func() map[string]string {
	m := map[string]string{}
	for _, k := range normalize.KeysOf("env") {
		m[k] = "env"
	}
	for _, k := range normalize.KeysOf("headers") {
		m[k] = "header"
	}
	return m
})

func checkHardcodedSecret(p *Pass) {
	defs := p.Definitions()
	byEntry := make(map[string]*normalize.Server, len(defs))
	for i := range defs {
		s := &defs[i]
		byEntry[s.Source.Path+"#"+s.Source.Pointer] = s
	}
	// servers the client does not load too: the file holds them all the same
	for s := range p.valueServers() {
		secretsIn(p, s)
	}
	// A file that does not parse has no entries, but a token in it is
	// exposed all the same.
	for _, doc := range p.Set.Documents {
		if doc.Root == nil && len(doc.Src) > 0 {
			rawSecrets(p, doc, p.homeFile(doc.Path))
		}
	}
	// An entry hidden by a later one with the same key is dead text to the
	// client, but a token written there is as readable as any other.
	for _, doc := range p.Set.Documents {
		for _, d := range doc.Duplicates {
			if s := byEntry[doc.Path+"#"+d.First.Value.Pointer]; s != nil {
				dead := *s
				dead.Node = d.First.Value
				secretsIn(p, &dead)
			}
		}
	}
}

// secretsIn checks one server entry. Duplicate keys inside it are all
// checked: the one a JSON reader drops still sits in the file.
func secretsIn(p *Pass, s *normalize.Server) {
	if s.Node == nil || s.Node.Kind != normalize.Object {
		return
	}
	c := secretCheck{p: p, s: s, doc: p.Document(s.Source.Path)}
	for _, m := range s.Node.Members {
		switch {
		case slices.Contains(clientOf(s).NameFields, m.Key):
			// variable names
		case secretKind(m.Key) != "" && m.Value.Kind == normalize.Object:
			for _, e := range m.Value.Members {
				if e.Value.Kind == normalize.String {
					c.value(m.Key, e.Key, e.Value)
				}
			}
		case m.Key == "args" || (m.Key == "command" && m.Value.Kind == normalize.Array):
			c.args(m.Key, m.Value)
		case m.Key == "url" || m.Key == "serverUrl" || m.Key == "httpUrl":
			if m.Value.Kind == normalize.String {
				c.url(m.Key, m.Value)
			}
		default:
			walkStrings(m.Value, m.Key, m.Key, func(v stringVisit) { c.other(v) })
		}
	}
}

type secretCheck struct {
	p   *Pass
	s   *normalize.Server
	doc *normalize.Document
}

// value checks an env or header value.
func (c *secretCheck) value(field, key string, v *normalize.Value) {
	what := fmt.Sprintf("%s %q", secretKind(field), key) // env "X", header "Y"
	if kind, start, end, ok := secret.FindToken(v.Str); ok {
		if !publicByDesign(key, kind, v.Str[start:end]) {
			at := &tokenAt{v.Str, start, end}
			d := c.p.reportSub(c.doc, v, start, end, "%s holds a literal %s", what, kind)
			c.reportIn(d, field, key, kind, at)
			c.fix(d, v, field, key, kind, at)
		}
		return
	}
	if valueCommands(c.s.Source.Client) && resolve.Classify(v.Str, nil) == resolve.Command {
		return // a command that prints the secret, not the secret
	}
	if c.urls(field, key, what, v) || c.json(field, what, v) {
		return
	}
	if secret.IsSecretKey(key) && secret.LooksSecret(v.Str) && !publicByDesign(key, "", v.Str) {
		d := c.p.AtValue(c.doc, v, "%s holds what looks like a literal secret", what)
		c.report(d, field, key, "")
		c.fix(d, v, field, key, "", nil)
		return
	}
	if shortCredential(key, v.Str) {
		d := c.p.AtValue(c.doc, v, "%s holds a short literal, but its name says it is a credential: it is readable by everyone who can read the file", what)
		d.Severity = normalize.Warning
		if inHome(c.s) {
			d.Severity = normalize.Info
		}
		d.Hint = secretHint(c.s.Source.Client, c.s.Name, field, key, "", nil) + "; then change the credential if it is real"
	}
}

// shortCredential reports a literal under a credential name (DB_PASSWORD,
// SLACK_ACCESS_TOKEN) that is too short or plain to look random but is no
// obvious placeholder ("changeme", "xxx", "<token>", "REDACTED"), no path,
// no placeholder of any syntax and no template.
func shortCredential(key, v string) bool {
	if !secret.IsCredentialKey(key) || secret.IsPlaceholderValue(v) || secret.LooksLikePath(v) || len(resolve.Scan(v)) > 0 || strings.HasPrefix(v, "process.env.") {
		return false
	}
	_, _, template := templateSpan(v)
	return !template
}

// publicByDesign reports values that are public although they look like
// credentials: Supabase's anon key, NEXT_PUBLIC_* and EXPO_PUBLIC_*
// variables, publishable keys. A secret of a known vendor's shape is never
// public, whatever the name; a JWT is public under such a name unless it
// says it is a service role.
func publicByDesign(key, kind, token string) bool {
	if secret.PublicToken(kind, token) {
		return true
	}
	if !secret.PublicKey(key) {
		return false
	}
	switch kind {
	case "":
		return true
	case "JSON Web Token":
		return secret.JWTRole(token) != "service_role"
	}
	return false
}

// args checks each argument, "--flag=value" and "KEY=value" forms, and the
// argument after a secret-looking flag. The opencode "command" array is
// the program followed by its arguments.
func (c *secretCheck) args(field string, arr *normalize.Value) {
	items := arr.Items
	for i, it := range items {
		if it.Kind != normalize.String {
			continue
		}
		label := fmt.Sprintf("%q[%d]", field, i)
		flag := ""
		if i > 0 && items[i-1].Kind == normalize.String && strings.HasPrefix(items[i-1].Str, "-") {
			flag = strings.TrimLeft(items[i-1].Str, "-")
		}
		if kind, start, end, ok := secret.FindToken(it.Str); ok {
			if k, _, _ := strings.Cut(it.Str, "="); !publicByDesign(strings.TrimLeft(k, "-"), kind, it.Str[start:end]) && !publicByDesign(flag, kind, it.Str[start:end]) {
				c.reportIn(c.p.reportSub(c.doc, it, start, end, "%s holds a literal %s", label, kind), field, "", kind, &tokenAt{it.Str, start, end})
			}
			continue
		}
		if c.urls(field, "", label, it) || c.json(field, label, it) {
			continue
		}
		if k, val, ok := strings.Cut(it.Str, "="); ok && isFlagName(k) {
			name := strings.TrimLeft(k, "-")
			if secret.IsSecretKey(name) && secret.LooksSecret(val) && !publicByDesign(name, "", val) {
				c.report(c.p.reportSub(c.doc, it, len(k)+1, len(it.Str), "the value of %q in %s looks like a literal secret", k, label), field, name, "")
			}
			continue
		}
		if name := strings.TrimLeft(it.Str, "-"); strings.HasPrefix(it.Str, "-") && i+1 < len(items) && secret.IsSecretKey(name) && !secret.PublicKey(name) {
			next := items[i+1]
			if next.Kind == normalize.String && !strings.HasPrefix(next.Str, "-") && secret.LooksSecret(next.Str) {
				if _, _, _, tok := secret.FindToken(next.Str); !tok { // reported on its own turn
					c.report(c.p.AtValue(c.doc, next, "the value of %q in %q[%d] looks like a literal secret", it.Str, field, i+1),
						field, strings.TrimLeft(it.Str, "-"), "")
				}
			}
		}
	}
}

// isFlagName reports "--api-key", "-k" or "API_KEY": the left of "=".
func isFlagName(k string) bool {
	name := strings.TrimLeft(k, "-")
	if name == "" {
		return false
	}
	for i := 0; i < len(name); i++ {
		b := name[i]
		if !(b == '-' || b == '_' || b == '.' || 'a' <= b && b <= 'z' || 'A' <= b && b <= 'Z' || '0' <= b && b <= '9') {
			return false
		}
	}
	return true
}

// url checks token shapes, the password of the user info, a token used as
// the user name, and secret-looking query parameters (secret.URLSecrets,
// the finder output masking uses too).
func (c *secretCheck) url(field string, v *normalize.Value) {
	found := secret.URLSecrets(v.Str)
	for _, f := range found {
		if f.Kind != "password" && f.Kind != "user name" && f.Kind != "query" {
			c.report(c.p.reportSub(c.doc, v, f.Start, f.End, "%q holds a literal %s", field, f.Kind), field, "", f.Kind)
			return // the token is the finding; the rest of the URL is noise
		}
	}
	for _, f := range found {
		raw := v.Str[f.Start:f.End]
		switch {
		case f.Kind == "password" && raw != "" && len(resolve.Scan(raw)) == 0:
			c.report(c.p.reportSub(c.doc, v, f.Start, f.End, "%q holds a literal password in its user info", field), field, "", "password")
		case f.Kind == "user name" && secret.LooksSecret(raw):
			c.report(c.p.reportSub(c.doc, v, f.Start, f.End, "%q holds what looks like a literal secret as its user name", field), field, "", "")
		case f.Kind == "query" && secret.LooksSecret(f.Value):
			c.report(c.p.reportSub(c.doc, v, f.Start, f.End, "query parameter %q of %q looks like a literal secret", f.Key, field), field, f.Key, "")
		}
	}
}

// other checks every remaining string: token shapes anywhere, and random
// values under secret-looking keys (oauth clientSecret, Codex bearer_token).
func (c *secretCheck) other(v stringVisit) {
	if kind, start, end, ok := secret.FindToken(v.value.Str); ok {
		if !publicByDesign(v.key, kind, v.value.Str[start:end]) {
			d := c.p.reportSub(c.doc, v.value, start, end, "%q holds a literal %s", v.key, kind)
			c.report(d, v.field, v.key, kind)
			if start == 0 && end == len(v.value.Str) {
				c.suggestEdit(d, v.field, v.key, kind, v.value)
			}
		}
		return
	}
	if secret.IsSecretKey(v.key) && secret.LooksSecret(v.value.Str) && !publicByDesign(v.key, "", v.value.Str) {
		d := c.p.AtValue(c.doc, v.value, "%q holds what looks like a literal secret", v.key)
		c.report(d, v.field, v.key, "")
		c.suggestEdit(d, v.field, v.key, "", v.value)
	}
}

// suggestEdit attaches the edit the hint describes where it is one: a
// field of the server written in place of the field that holds the
// secret, its value the variable that is to hold it (Codex's
// bearer_token_env_var for bearer_token).
func (c *secretCheck) suggestEdit(d *normalize.Diagnostic, field, key, kind string, v *normalize.Value) {
	m := c.s.Node.Member(field)
	if d == nil || m == nil || m.Value != v {
		return
	}
	a, ok := varEdit(c.s.Source.Client, field, key, clientVarName(c.s.Source.Client, c.s.Name, field, key, kind, false), "", true)
	if !ok || a.set == "" {
		return
	}
	suggest(d, fmt.Sprintf("write %s = %s in place of %q", a.set, a.value, field), renameMember(c.doc, m, a.set, a.value)...)
}

// report sets the severity by scope and the hint for the client.
func (c *secretCheck) report(d *normalize.Diagnostic, field, key, kind string) {
	c.reportIn(d, field, key, kind, nil)
}

// reportIn is report for a token found at a place of a value, which the
// hint rewrites with the token replaced.
func (c *secretCheck) reportIn(d *normalize.Diagnostic, field, key, kind string, at *tokenAt) {
	if inHome(c.s) {
		d.Severity = normalize.Warning
	}
	d.Hint = secretHint(c.s.Source.Client, c.s.Name, field, key, kind, at) + "; then rotate the credential"
}

// fix attaches the unsafe fix of a secret in an env or header value v:
// the value rewritten with a reference to a variable in the client's
// syntax, the token replaced (its "Bearer " kept). The user must then set
// the variable: the meaning changes. Nothing is fixed where the client
// would not expand the reference there, or reads variables by name.
func (c *secretCheck) fix(d *normalize.Diagnostic, v *normalize.Value, field, key, kind string, at *tokenAt) {
	cl := c.s.Source.Client
	if cl == nil {
		return
	}
	header := secretKind(field) == "header"
	auth := header && strings.EqualFold(key, "Authorization")
	name := clientVarName(cl, c.s.Name, field, key, kind, auth)
	whole := ""
	switch {
	case kind == "basic auth credential" && auth:
		whole = `the whole "Basic …" value`
	case at != nil && auth && !at.bareBearer(kind), at != nil && !auth && (at.start > 0 || at.end < len(at.value)):
		whole = "the whole value"
	}
	if _, ok := varAdvice(cl, field, key, name, whole, true); ok || whole != "" {
		return
	}
	ref := cl.VarRef(name)
	own := resolve.Scan(ref)
	if ref == "" || len(own) != 1 || !expandsIn(cl, own[0].Syntax, field) {
		return
	}
	switch {
	case at != nil:
		ref = at.rewrite(kind, ref)
	case auth:
		ref = "Bearer " + ref
	}
	setFix(d, false, fmt.Sprintf("read it from the variable %s, which you then set in your environment, and rotate the credential", name),
		replaceValue(c.doc, v, jsonQuote(ref)))
}

// tokenAt is where a token sits in the value it was found in: value[start:end].
type tokenAt struct {
	value      string
	start, end int
}

// rewrite is the value with the token replaced by ref. A generic
// "Bearer …" or "Basic …" credential is found with its scheme, which is
// kept.
func (t *tokenAt) rewrite(kind, ref string) string {
	tok := t.value[t.start:t.end]
	if kind == "bearer token" || kind == "basic auth credential" {
		if i := strings.IndexByte(tok, ' '); i > 0 {
			ref = tok[:i] + " " + ref
		}
	}
	return t.value[:t.start] + ref + t.value[t.end:]
}

// bareBearer reports a value that is "Bearer " and the token, nothing else:
// what Codex's bearer_token_env_var sends.
func (t *tokenAt) bareBearer(kind string) bool {
	if kind == "bearer token" {
		return t.start == 0 && t.end == len(t.value)
	}
	scheme, rest, ok := strings.Cut(t.value[:t.start], " ")
	return ok && strings.EqualFold(scheme, "Bearer") && strings.TrimSpace(rest) == "" && t.end == len(t.value)
}

// inHome reports whether a definition lives in a file outside the
// project, which is not committed: the user's home (user scope, and Claude
// Code's local scope in ~/.claude.json; agent-code's local file sits in the
// project) or the machine's managed and system files.
func inHome(s *normalize.Server) bool {
	return s.Source.Scope.OutsideProject() || s.Source.Scope == normalize.Local && clientOf(s).HomeLocal
}

// homeFile reports whether the file at path is one of the home's, for a
// file without servers to ask inHome about.
func (p *Pass) homeFile(path string) bool {
	for _, sf := range p.Set.Sources {
		if sf.Path == path {
			c := sf.Client
			return sf.Scope.OutsideProject() || sf.Scope == normalize.Local && c != nil && c.HomeLocal
		}
	}
	return false
}

// secretHint says how the client reads the value from the environment.
// The variable is named after the key the value sits under, else after
// the vendor a token's shape names, else after the server. at, when set,
// is where the token sits in its value: the hint rewrites that value.
func secretHint(c *normalize.Client, server, field, key, kind string, at *tokenAt) string {
	hint, _ := secretEdit(c, server, field, key, kind, at)
	return hint
}

// secretEdit is secretHint and, when the hint is to write a value in
// place of the one there, that value ("" otherwise).
func secretEdit(c *normalize.Client, server, field, key, kind string, at *tokenAt) (hint, value string) {
	header := secretKind(field) == "header"
	auth := header && strings.EqualFold(key, "Authorization")
	name := clientVarName(c, server, field, key, kind, auth)
	// A header or value that holds more than the token is kept whole:
	// "Basic …", a raw key in Authorization, "Bearer …" in env.
	whole := ""
	switch {
	case kind == "basic auth credential" && auth:
		whole = `the whole "Basic …" value`
	case at != nil && auth && !at.bareBearer(kind), at != nil && !auth && (at.start > 0 || at.end < len(at.value)):
		whole = "the whole value"
	}
	if advice, ok := varAdvice(c, field, key, name, whole, true); ok {
		return advice, ""
	}
	ph := ""
	if c != nil {
		ph = c.VarRef(name)
	}
	if ph == "" {
		return fmt.Sprintf("read it from an environment variable such as %s instead", name), ""
	}
	switch {
	case at != nil:
		ph = at.rewrite(kind, ph)
	case auth && kind != "basic auth credential":
		ph = "Bearer " + ph // an empty or template Authorization header
	}
	return fmt.Sprintf("write %q and set %s in your environment", ph, name), ph
}

// secretVarName names the variable a hint suggests for a secret.
func secretVarName(server, key, kind string, auth bool) string {
	return clientVarName(nil, server, "", key, kind, auth)
}

// serverToken names the variable of a server's token.
func serverToken(server string) string {
	return secret.EnvName(strings.ToUpper(server)+"_TOKEN", "MCP_TOKEN")
}

// clientVarName is secretVarName for a value of field in client c: a
// field c refuses, whose value another field names the variable of
// (Codex: bearer_token, bearer_token_env_var), is the server's token,
// named as unknown-field names it.
func clientVarName(c *normalize.Client, server, field, key, kind string, auth bool) string {
	if c != nil && c.Unsupported[field].Instead != "" {
		return serverToken(server)
	}
	if kind == "password" {
		// the password of a URL under MONGO_URI: MONGO_PASSWORD
		words := secret.Words(key)
		for len(words) > 0 && urlWords[words[len(words)-1]] {
			words = words[:len(words)-1]
		}
		if len(words) > 0 {
			return secret.EnvName(strings.ToUpper(strings.Join(words, "_"))+"_PASSWORD", "DB_PASSWORD")
		}
		return secret.EnvName(strings.ToUpper(secret.EnvName(server, "DB"))+"_PASSWORD", "DB_PASSWORD")
	}
	if key != "" && !auth {
		return secret.EnvName(key, "API_TOKEN")
	}
	switch {
	case kindVars[kind] != "":
		return kindVars[kind]
	case strings.HasPrefix(kind, "GitHub"):
		return "GITHUB_TOKEN"
	}
	suffix := "_TOKEN"
	switch {
	case kind == "basic auth credential":
		suffix = "_BASIC_AUTH"
	case strings.Contains(kind, "key"):
		suffix = "_API_KEY"
	}
	prefix := strings.ToUpper(secret.EnvName(server, "MCP"))
	for _, w := range []string{"_API", "_TOKEN", "_BASIC"} {
		// server "api": API_KEY, not API_API_KEY
		if strings.HasPrefix(suffix, w) && (strings.HasSuffix(prefix, w) || prefix == w[1:]) {
			prefix = strings.TrimSuffix(strings.TrimSuffix(prefix, w), w[1:])
			suffix = strings.TrimPrefix(suffix, "_")
			if prefix != "" {
				suffix = "_" + suffix
			}
		}
	}
	return secret.EnvName(prefix+suffix, "API"+suffix)
}

// urlWords end the names of variables that hold a URL or connection string.
var urlWords = map[string]bool{"uri": true, "url": true, "dsn": true, "string": true, "connection": true, "conn": true, "str": true}

// kindVars name the variable a hint suggests for a token of a known kind
// found where no key names it (an argument).
// The shapes no vendor owns ("sk-…", JWTs, "Bearer …") are named after
// the server instead.
var kindVars = map[string]string{
	"Neon API key": "NEON_API_KEY", "Anthropic API key": "ANTHROPIC_API_KEY",
	"GitLab personal access token": "GITLAB_TOKEN", "npm access token": "NPM_TOKEN", "Google API key": "GOOGLE_API_KEY",
	"Stripe secret key": "STRIPE_SECRET_KEY", "Slack token": "SLACK_TOKEN", "AWS access key ID": "AWS_ACCESS_KEY_ID",
	"Context7 API key": "CONTEXT7_API_KEY", "Tavily API key": "TAVILY_API_KEY", "Perplexity API key": "PERPLEXITY_API_KEY",
	"Groq API key": "GROQ_API_KEY", "Hugging Face token": "HF_TOKEN", "Linear API key": "LINEAR_API_KEY",
	"Supabase access token": "SUPABASE_ACCESS_TOKEN", "Notion integration token": "NOTION_TOKEN",
	"Firecrawl API key": "FIRECRAWL_API_KEY", "Shopify access token": "SHOPIFY_ACCESS_TOKEN",
	"Shopify shared secret": "SHOPIFY_API_SECRET", "DigitalOcean token": "DIGITALOCEAN_TOKEN",
	"OpenRouter API key": "OPENROUTER_API_KEY", "xAI API key": "XAI_API_KEY", "Figma access token": "FIGMA_API_KEY",
	"Stripe restricted key": "STRIPE_SECRET_KEY", "Stripe test secret key": "STRIPE_SECRET_KEY",
	"Apify API token": "APIFY_TOKEN", "E2B API key": "E2B_API_KEY", "Jina API key": "JINA_API_KEY",
	"Postman API key": "POSTMAN_API_KEY", "Google OAuth access token": "GOOGLE_ACCESS_TOKEN",
	"Slack app-level token": "SLACK_APP_TOKEN", "GitLab deploy token": "GITLAB_DEPLOY_TOKEN",
	"GitLab runner authentication token": "GITLAB_RUNNER_TOKEN", "Docker personal access token": "DOCKER_TOKEN",
	"SendGrid API key": "SENDGRID_API_KEY", "PyPI API token": "PYPI_TOKEN", "Atlassian API token": "ATLASSIAN_API_TOKEN",
	"Sentry organization token": "SENTRY_AUTH_TOKEN", "Sentry user token": "SENTRY_AUTH_TOKEN",
}
