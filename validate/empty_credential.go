package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// emptyCredentialRule reports credential variables and headers left empty.
var emptyCredentialRule = &Rule{
	ID:       normalize.RuleEmptyCredential,
	Title:    "a credential variable or header is empty",
	Severity: normalize.Info,
	Clients:  "every client that starts servers with the env and headers of the file",
	doc: `An install line copied with its credential left blank
(` + "`\"GITHUB_PERSONAL_ACCESS_TOKEN\": \"\"`" + `) starts the server without it: it starts,
then fails on the first call that needs the credential, or quietly works
with less (unauthenticated rate limits, public data only).

Reported for ` + "`env`" + ` (opencode ` + "`environment`" + `) entries and headers whose name says
they hold a credential (` + "`*_TOKEN`" + `, ` + "`*_API_KEY`" + `, ` + "`*_SECRET`" + `, ` + "`PASSWORD`" + `, ` + "`Authorization`" + `,
` + "`DATABASE_URL`" + `, ` + "`*_DSN`" + `, ` + "`*_CONNECTION_STRING`" + `) and whose value is empty. Fill it in
with the client's placeholder, so that the secret stays out of the file, or
remove the entry when the server does not need it. A layer that only
patches a server of another layer is left alone.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"\" } } } }\n",
		Good: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_PERSONAL_ACCESS_TOKEN\": \"${env:GITHUB_PERSONAL_ACCESS_TOKEN}\" } } } }\n"},
	Check: checkEmptyCredential,
}

func checkEmptyCredential(p *Pass) {
	for s := range p.Servers() {
		if s.Node == nil || s.Patch {
			continue
		}
		doc := p.Document(s.Source.Path)
		for _, m := range s.Node.Unique() {
			kind := secretKind(m.Key)
			if kind == "" || m.Value.Kind != normalize.Object {
				continue
			}
			for _, e := range m.Value.Unique() {
				if e.Value.Kind != normalize.String || strings.TrimSpace(e.Value.Str) != "" || !credentialKey(e.Key) {
					continue
				}
				what := "the server starts without its credential"
				if kind == "header" {
					what = "the server is sent no credential"
				}
				d := p.AtValue(doc, e.Value, "%s %q is empty: %s", kind, e.Key, what)
				hint, value := secretEdit(s.Source.Client, s.Name, m.Key, e.Key, "", nil)
				d.Hint = fmt.Sprintf("fill it in: %s; or remove it if the server does not need it", hint)
				if value != "" {
					suggest(d, fmt.Sprintf("write %q", value), replaceValue(doc, e.Value, jsonQuote(value)))
				}
			}
		}
	}
}

// credentialKey reports names of variables and headers that hold a
// credential: secret-looking names, and connection strings.
func credentialKey(key string) bool {
	if secret.IsSecretKey(key) {
		return true
	}
	w := strings.Join(secret.Words(key), "_")
	return strings.HasSuffix(w, "database_url") || strings.HasSuffix(w, "db_url") || strings.HasSuffix(w, "dsn") ||
		strings.HasSuffix(w, "connection_string") || strings.HasSuffix(w, "conn_str")
}
