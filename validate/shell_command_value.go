package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// shellCommandValueRule reports pisces "!command" env and header values.
var shellCommandValueRule = &Rule{
	ID:       normalize.RuleShellCommandValue,
	Title:    "an env or header value runs a shell command (pisces \"!command\")",
	Severity: normalize.Error,
	For:      func(c *normalize.Client) bool { return c.ValueCommands },
	Reader:   true,
	doc: `pisces reads an ` + "`env`" + ` or ` + "`headers`" + ` value that starts with ` + "`!`" + ` as a shell
command: it runs the rest with ` + "`/bin/sh -c`" + ` in the project directory when the
server starts and uses its trimmed output as the value. That is how pisces
reads secrets from a keychain (` + "`\"!security find-generic-password -w -s github\"`" + `).

In a project file (` + "`.pisces/mcp.json`" + `, ` + "`mcp.json`" + `, ` + "`.mcp.json`" + `) it means that anyone
who clones the repository and starts pisces runs a command written by
someone else: an error. In a user file it is the intended use and is
reported as info, so that you know which commands run.

Only pisces runs these values (its own files and the bare ` + "`mcp.json`" + ` it reads);
other clients, Claude Code included, send the ` + "`!`" + ` and the rest literally.
mcpconf never runs the command.`,
	Example: Example{File: ".pisces/mcp.json",
		Bad: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_TOKEN\": \"!gh auth token\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"github\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"],\n" +
			"  \"env\": { \"GITHUB_TOKEN\": \"${GITHUB_TOKEN}\" }\n" +
			"} } }\n"},
	Check: checkShellCommandValue,
}

func checkShellCommandValue(p *Pass) {
	eachPiscesValue(p, func(s *normalize.Server, field, key string, v *normalize.Value) {
		if resolve.Classify(v.Str, nil) != resolve.Command {
			return
		}
		what := "env"
		if field == "headers" {
			what = "header"
		}
		doc := p.Document(s.Source.Path)
		if s.Source.Scope == normalize.Project {
			d := p.AtValue(doc, v, "%s %q runs a shell command when the server starts: anyone who opens this project with pisces runs it", what, key)
			d.Hint = fmt.Sprintf("move the server to ~/.pisces/mcp.json, or write \"${%s}\" and set %s in your environment", secret.EnvName(key, "VALUE"), secret.EnvName(key, "VALUE"))
			return
		}
		d := p.AtValue(doc, v, "%s %q is read from a shell command that pisces runs when the server starts", what, key)
		d.Severity = normalize.Info
	})
}

// eachPiscesValue calls fn for every string env and header value of the
// definitions pisces reads with its value semantics.
func eachPiscesValue(p *Pass, fn func(s *normalize.Server, field, key string, v *normalize.Value)) {
	for s := range p.Servers() {
		if s.Node == nil || !valueCommands(s.Source.Client) {
			continue
		}
		for _, field := range []string{"env", "headers"} {
			// pisces resolves env for stdio servers and headers for remote
			// ones; on the other transport the field is ignored (which
			// field-for-other-transport reports) and nothing runs.
			if field == "env" && isRemote(s.Transport) || field == "headers" && s.Transport == normalize.Stdio {
				continue
			}
			obj := s.Node.Get(field)
			if obj == nil || obj.Kind != normalize.Object {
				continue
			}
			for _, m := range obj.Unique() {
				if m.Value.Kind == normalize.String {
					fn(s, field, m.Key, m.Value)
				}
			}
		}
	}
}
