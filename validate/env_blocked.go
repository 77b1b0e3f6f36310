package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// envBlockedRule reports env keys a client refuses to pass to the server it
// starts (Gemini CLI drops those that change how a program runs).
var envBlockedRule = &Rule{
	ID:       normalize.RuleEnvBlocked,
	Title:    "an env variable the client does not pass to the server",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return c.ChildEnv.Blocked != nil || len(c.UnsafeEnv) > 0 },
	doc: `Gemini CLI starts a stdio server without the variables of its ` + "`env`" + ` that
change how a program is loaded or run: ` + "`NODE_OPTIONS`" + `, ` + "`NODE_PATH`" + `,
` + "`PYTHONPATH`" + `, ` + "`LD_PRELOAD`" + `, ` + "`LD_LIBRARY_PATH`" + `, ` + "`DYLD_*`" + `,
` + "`CLASSPATH`" + `, ` + "`JAVA_TOOL_OPTIONS`" + `, ` + "`BASH_ENV`" + ` and a few more. It drops them
with a line in its debug log only, so a server that needs one fails to start or
behaves differently in Gemini CLI than in Claude Code or Cursor, which pass
them.

x-code goes further: a stdio server whose ` + "`env`" + ` sets ` + "`NODE_OPTIONS`" + `, ` + "`LD_PRELOAD`" + `,
` + "`LD_LIBRARY_PATH`" + `, ` + "`LD_AUDIT`" + `, a ` + "`DYLD_*`" + ` loader variable, ` + "`BASH_ENV`" + `, ` + "`ENV`" + `,
` + "`PROMPT_COMMAND`" + `, ` + "`PYTHONSTARTUP`" + `, ` + "`PYTHONPATH`" + `, ` + "`PERL5OPT`" + `, ` + "`PERL5LIB`" + `,
` + "`RUBYOPT`" + ` or ` + "`RUBYLIB`" + ` (any case) is not started at all: an error for x-code.

Pass the setting another way: an argument (` + "`node --max-old-space-size=4096 server.js`" + `,
` + "`python -m`" + ` from the package's directory via ` + "`cwd`" + `), or a wrapper script
that sets the variable and runs the server.`,
	Example: Example{File: ".gemini/settings.json",
		Bad: "{ \"mcpServers\": { \"tools\": {\n" +
			"  \"command\": \"python\", \"args\": [\"-m\", \"tools_server\"],\n" +
			"  \"env\": { \"PYTHONPATH\": \"./src\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"tools\": {\n" +
			"  \"command\": \"python\", \"args\": [\"-m\", \"tools_server\"], \"cwd\": \"./src\"\n" +
			"} } }\n"},
	Check: checkEnvBlocked,
}

func checkEnvBlocked(p *Pass) {
	for s, c := range p.Servers() {
		blocked := c.ChildEnv.Blocked
		if len(c.UnsafeEnv) > 0 {
			blocked = c.UnsafeEnv
		}
		if len(blocked) == 0 || s.Node == nil || isRemote(s.Transport) {
			continue
		}
		obj := s.Node.Get("env")
		if obj == nil || obj.Kind != normalize.Object {
			continue
		}
		for _, m := range obj.Unique() {
			if !slices.ContainsFunc(blocked, func(b string) bool { return strings.EqualFold(b, m.Key) }) {
				continue
			}
			msg, hint := EnvBlockedMessage(c, m.Key, s.Name)
			d := p.AtKey(s, m, "%s", msg)
			d.Hint = hint
			if len(c.UnsafeEnv) > 0 {
				d.Severity = normalize.Error
			}
		}
	}
}

// EnvBlockedMessage is the message and hint of env-blocked for env key,
// which client c does not pass to server (by name; "" is the server a
// note is about: probe's, for a server it starts).
func EnvBlockedMessage(c *normalize.Client, key, server string) (msg, hint string) {
	to := "the server"
	if server != "" {
		to = fmt.Sprintf("server %q", server)
	}
	if len(c.UnsafeEnv) > 0 {
		return fmt.Sprintf("%s does not start %s: env %q is a runtime code-loading hook it refuses", c.Product, to, key),
			fmt.Sprintf("remove %q from \"env\" (export it in the shell that starts %s if it is really needed)", key, c.Product)
	}
	return fmt.Sprintf("%s does not pass env %q to %s: it drops variables that change how a program runs", c.Product, key, to),
		"pass it as an argument, or start the server from a script that sets it"
}
