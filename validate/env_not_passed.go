package validate

import (
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// EnvNotPassed reports a variable a stdio server takes from the
// environment it inherits, when the client that starts it does not pass
// that variable on.
var EnvNotPassed = &Rule{
	ID:       "env-not-passed",
	Title:    "the server needs a variable from its environment that the client does not pass",
	Severity: normalize.Warning,
	Clients:  "codex, gemini (the clients that do not pass their whole environment)",
	Doc: `Claude Code, Cursor and VS Code start a stdio server with their whole
environment, so a token exported in the shell reaches it. Codex does not: it
passes only ` + "`HOME`" + `, ` + "`PATH`" + `, ` + "`USER`" + ` and a few more, and the names listed
in ` + "`env_vars`" + `. Gemini CLI passes its environment but removes every variable
whose name looks like a secret (` + "`TOKEN`" + `, ` + "`KEY`" + `, ` + "`SECRET`" + `, ` + "`PASSWORD`" + `, …)
unless the definition's ` + "`env`" + ` sets it.

The rule looks at what a server is known to read from its environment
without the definition saying so:

- ` + "`docker run -e NAME`" + ` (no ` + "`=VALUE`" + `) forwards ` + "`NAME`" + ` from docker's
  environment, the one the client gives it; when the client left it out,
  the container does not get it.

Such a server works in Claude Code and fails in Codex or Gemini CLI, most
often as "bad credentials" or a 401 from the API behind it. Name the
variable where the client passes it: ` + "`env_vars = [\"NAME\"]`" + ` for Codex,
` + "`\"env\": {\"NAME\": \"$NAME\"}`" + ` for Gemini CLI.`,
	Example: Example{File: ".codex/config.toml",
		Bad: "[mcp_servers.github]\n" +
			"command = \"docker\"\n" +
			"args = [\"run\", \"-i\", \"--rm\", \"-e\", \"GITHUB_PERSONAL_ACCESS_TOKEN\", \"ghcr.io/github/github-mcp-server\"]\n",
		Good: "[mcp_servers.github]\n" +
			"command = \"docker\"\n" +
			"args = [\"run\", \"-i\", \"--rm\", \"-e\", \"GITHUB_PERSONAL_ACCESS_TOKEN\", \"ghcr.io/github/github-mcp-server\"]\n" +
			"env_vars = [\"GITHUB_PERSONAL_ACCESS_TOKEN\"]\n"},
	Check: checkEnvNotPassed,
}

func checkEnvNotPassed(p *Pass) {
	starter := normalize.ClientByID(p.Set.Client)
	settings := func(path []string) []string { return discover.Strings(p.Set, path) }
	for i := range p.Set.Entries {
		s := &p.Set.Entries[i].Server
		c := starter
		if c == nil {
			c = clientOf(s)
		}
		if c == nil || !s.Enabled || s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		forwarded := resolve.DockerForwarded(e.command, e.args)
		if len(forwarded) == 0 {
			continue
		}
		// What the client would pass if every name were set where it runs
		// (a value that looks like nothing: only names decide).
		var parent []string
		for _, f := range forwarded {
			parent = append(parent, f.Name+"=x")
		}
		env, _ := resolve.ChildEnv(c, s, parent, nil, "linux", settings)
		doc := p.Document(s.FieldPath(argsField(s)))
		for _, f := range forwarded {
			if slices.ContainsFunc(env, func(kv string) bool { return len(kv) > len(f.Name) && kv[:len(f.Name)+1] == f.Name+"=" }) {
				continue
			}
			v := e.argVals[f.Arg]
			d := p.Report(doc, v.Range, v.Pointer, "%s does not pass %q from its environment to server %q, so %q forwards nothing: the container runs without it",
				c.Product, f.Name, s.Name, fmt.Sprintf("docker run -e %s", f.Name))
			d.Hint = c.ChildEnv.Hint
		}
	}
}

// argsField is the field that holds a server's arguments.
func argsField(s *normalize.Server) string {
	if c := clientOf(s); c != nil && c.CommandArray {
		return "command"
	}
	return "args"
}
