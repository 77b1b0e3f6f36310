package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// bareEnvNameRule reports pisces env and header values that are a variable
// name, which pisces silently dereferences.
var bareEnvNameRule = &Rule{
	ID:       normalize.RuleBareEnvName,
	Title:    "an env or header value is a bare variable name that pisces dereferences",
	Severity: normalize.Info,
	For:      func(c *normalize.Client) bool { return c.ValueCommands },
	Reader:   true,
	doc: `pisces reads an ` + "`env`" + ` or ` + "`headers`" + ` value that is exactly the name of a set
environment variable as that variable's value: ` + "`\"GITHUB_TOKEN\": \"GITHUB_TOKEN\"`" + `
sends your token when ` + "`GITHUB_TOKEN`" + ` is set, and the word ` + "`GITHUB_TOKEN`" + ` when it is
not — without a message either way. Claude Code, which reads ` + "`.mcp.json`" + ` too,
always sends the name itself.

Write ` + "`\"${GITHUB_TOKEN}\"`" + ` to say what you mean: it works in both clients and an
unset variable shows up. Only values that look like variable names for
credentials are reported (the value equals its key, or one of them is a
secret-looking name), so ` + "`\"LOG_LEVEL\": \"INFO\"`" + ` is left alone.`,
	Example: Example{File: ".pisces/mcp.json",
		Bad: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_TOKEN\": \"GITHUB_TOKEN\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" }\n" +
			"} } }\n"},
	Check: checkBareEnvName,
}

func checkBareEnvName(p *Pass) {
	eachPiscesValue(p, func(s *normalize.Server, field, key string, v *normalize.Value) {
		name := v.Str
		if !resolve.IsEnvName(name) || !(name == key || secret.IsSecretKey(key) || secret.IsSecretKey(name)) {
			return
		}
		what := "env"
		if field == "headers" {
			what = "header"
		}
		also := ""
		if co := clientOf(s).CoReaderClient(); co != nil && !co.ValueCommands {
			also = "; " + co.Product + " always sends the name"
		}
		doc := p.Document(s.Source.Path)
		d := p.AtValue(doc, v, "%s %q is the bare name %q: pisces sends the value of that variable when it is set and the name itself when it is not%s",
			what, key, name, also)
		ref := "${" + name + "}"
		d.Hint = fmt.Sprintf("write %q to make it explicit", ref)
		suggest(d, fmt.Sprintf("write %q", ref), replaceValue(doc, v, jsonQuote(ref)))
	})
}
