package validate

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// envNotPassedRule reports a variable a stdio server takes from the
// environment it inherits, when the client that starts it does not pass
// that variable on.
var envNotPassedRule = &Rule{
	ID:       normalize.RuleEnvNotPassed,
	Title:    "the server needs a variable from its environment that the client does not pass",
	Severity: normalize.Warning,
	Clients:  "%s (the clients that do not pass their whole environment)",
	For:      func(c *normalize.Client) bool { return c.ChildEnv.Keep != nil || c.ChildEnv.Redact != nil },
	doc: `Claude Code, Cursor and VS Code start a stdio server with their whole
environment, so a token exported in the shell reaches it. Codex does not: it
passes only ` + "`HOME`" + `, ` + "`PATH`" + `, ` + "`USER`" + ` and a few more, and the names listed
in ` + "`env_vars`" + `; Roo Code passes only ` + "`HOME`" + `, ` + "`PATH`" + `, ` + "`USER`" + `, ` + "`SHELL`" + `,
` + "`TERM`" + ` and ` + "`LOGNAME`" + ` (the MCP SDK's default). Gemini CLI passes its environment
but removes every variable whose name looks like a secret (` + "`TOKEN`" + `, ` + "`KEY`" + `,
` + "`SECRET`" + `, ` + "`PASSWORD`" + `, …) unless the definition's ` + "`env`" + ` sets it.

The rule looks at what a server is known to read from its environment
without the definition saying so:

- ` + "`docker run -e NAME`" + ` (no ` + "`=VALUE`" + `) forwards ` + "`NAME`" + ` from docker's
  environment, the one the client gives it; when the client left it out,
  the container does not get it.
- npm packages whose own code reads a token from the environment and exits
  or fails every call without it (unless a flag gives it):
  ` + "`@modelcontextprotocol/server-github`" + ` (` + "`GITHUB_PERSONAL_ACCESS_TOKEN`" + `),
  ` + "`@modelcontextprotocol/server-gitlab`" + ` (` + "`GITLAB_PERSONAL_ACCESS_TOKEN`" + `),
  ` + "`@modelcontextprotocol/server-brave-search`" + ` and ` + "`@brave/brave-search-mcp-server`" + `
  (` + "`BRAVE_API_KEY`" + ` or ` + "`--brave-api-key`" + `), ` + "`@modelcontextprotocol/server-slack`" + `
  (` + "`SLACK_BOT_TOKEN`" + ` and ` + "`SLACK_TEAM_ID`" + `), ` + "`@modelcontextprotocol/server-google-maps`" + `
  (` + "`GOOGLE_MAPS_API_KEY`" + `), ` + "`@modelcontextprotocol/server-everart`" + ` (` + "`EVERART_API_KEY`" + `),
  ` + "`@notionhq/notion-mcp-server`" + ` (` + "`NOTION_TOKEN`" + ` or ` + "`OPENAPI_MCP_HEADERS`" + `),
  ` + "`tavily-mcp`" + ` (` + "`TAVILY_API_KEY`" + `), ` + "`@supabase/mcp-server-supabase`" + `
  (` + "`SUPABASE_ACCESS_TOKEN`" + ` or ` + "`--access-token`" + `), ` + "`@stripe/mcp`" + ` (` + "`STRIPE_SECRET_KEY`" + `
  or ` + "`--api-key`" + `), ` + "`@perplexity-ai/mcp-server`" + ` and ` + "`server-perplexity-ask`" + `
  (` + "`PERPLEXITY_API_KEY`" + `), ` + "`@heroku/mcp-server`" + ` (` + "`HEROKU_API_KEY`" + `). Packages that
  now start without their token (github-mcp-server from 1.5, Sentry from
  0.31, firecrawl and exa v3) are left out.

Such a server works in Claude Code and fails in Codex, Gemini CLI or Roo
Code, most often as "bad credentials" or a 401 from the API behind it. Name
the variable where the client passes it: ` + "`env_vars = [\"NAME\"]`" + ` for Codex,
` + "`\"env\": {\"NAME\": \"$NAME\"}`" + ` for Gemini CLI, ` + "`\"env\": {\"NAME\": \"${env:NAME}\"}`" + ` for
Roo Code.`,
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
	starter := p.Set.Client
	settings := func(path []string) []string { return discover.Strings(p.Set, path) }
	for i := range p.Set.Entries {
		s := &p.Set.Entries[i].Server
		file := clientOf(s) // the shape the definition was read with
		c := starter        // the client that starts it
		if c == nil {
			c = file
		}
		if file == nil || !s.Enabled || s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		run, _ := resolve.ParseDockerRun(e.command, e.args)
		forwarded := run.Forwarded
		need, first := needsOf(e)
		if need != nil && need.givenByFlag(e.args[first:]) {
			need = nil
		}
		if len(forwarded) == 0 && need == nil {
			continue
		}
		// What the client passes of its own environment, were every name
		// set where it runs (to a value that looks like nothing: only
		// names decide).
		var parent []string
		for _, f := range forwarded {
			parent = append(parent, f.Name+"=x")
		}
		if need != nil {
			for _, group := range need.vars {
				for _, v := range group {
					parent = append(parent, v+"=x")
				}
			}
		}
		env, _ := resolve.ChildEnv(c, s, parent, nil, "linux", settings)
		passed := func(name string) bool {
			return slices.ContainsFunc(env, func(kv string) bool { return strings.HasPrefix(kv, name+"=") })
		}
		// the findings, then one edit that passes every name they miss
		type finding struct {
			doc     *normalize.Document
			v       *normalize.Value
			message string
		}
		var found []finding
		var missing []string
		for _, f := range forwarded {
			if passed(f.Name) || slices.Contains(missing, f.Name) {
				continue
			}
			missing = append(missing, f.Name)
			found = append(found, finding{p.Document(s.FieldPath(file.FieldKey("args"))), e.argVals[f.Arg],
				fmt.Sprintf("%s does not pass %q from its environment to server %q, so %q forwards nothing: the container runs without it",
					c.Product, f.Name, s.Name, "docker run -e "+f.Name)})
		}
		if need != nil {
			for _, group := range need.vars {
				if slices.ContainsFunc(group, passed) {
					continue
				}
				what, it := strconv.Quote(group[0]), "it"
				if len(group) > 1 {
					what, it = strings.Join(strings.Split(normalize.Quoted(group), ", "), " or "), "one of them"
				}
				v := e.commandVal // the program itself, or the package a runner starts
				if first > 0 {
					v = e.argVals[first-1]
				}
				field := "args"
				if first == 0 {
					field = "command"
				}
				if !slices.Contains(missing, group[0]) {
					missing = append(missing, group[0])
				}
				found = append(found, finding{p.Document(s.FieldPath(file.FieldKey(field))), v,
					fmt.Sprintf("%s does not pass %s from its environment to server %q, and %s needs %s", c.Product, what, s.Name, need.pkg, it)})
			}
		}
		edits, hint := passEdits(p.Document(s.Source.Path), c, file, s, missing)
		if hint == "" {
			hint = c.ChildEnv.Hint
		} else if c.ChildEnv.HintAlso != "" {
			hint += ", " + fmt.Sprintf(c.ChildEnv.HintAlso, them(len(missing)))
		}
		for _, f := range found {
			d := p.Report(f.doc, f.v.Range, f.v.Pointer, "%s", f.message)
			d.Hint = hint
			suggest(d, hint, edits...)
		}
	}
}

// passEdits are the edits that make client c pass the variables names to
// server s through its definition (written in file's shape): the
// definition's list of names (Codex's env_vars) extended, or its env given
// a reference to each in c's syntax (Gemini CLI "$NAME", Roo Code
// "${env:NAME}"); hint says so with the text the edits write. None when c
// has neither, or the definition cannot be edited.
func passEdits(doc *normalize.Document, c, file *normalize.Client, s *normalize.Server, names []string) ([]normalize.Edit, string) {
	if doc == nil || s.Node == nil || s.Node.Kind != normalize.Object || len(names) == 0 {
		return nil, ""
	}
	quoted := make([]string, len(names))
	for i, n := range names {
		quoted[i] = jsonQuote(n)
	}
	member := func(key, valueJSON string) string {
		if doc.Format == normalize.TOML {
			return key + " = " + valueJSON
		}
		return jsonQuote(key) + ": " + valueJSON
	}
	if c.ByName != nil && c.ByName.Env != "" {
		key := c.ByName.Env
		if l := s.Node.Get(key); l != nil {
			if l.Kind != normalize.Array {
				return nil, ""
			}
			edits, err := edit.AppendItem(doc, l, quoted...)
			if err != nil {
				return nil, ""
			}
			return edits, fmt.Sprintf("add %s to its %q", strings.Join(quoted, ", "), key)
		}
		list := "[" + strings.Join(quoted, ", ") + "]"
		e, err := edit.InsertMember(doc, s.Node, key, list)
		if err != nil {
			return nil, ""
		}
		return []normalize.Edit{e}, "add to the server: " + member(key, list)
	}
	if c.VarForm == "" || doc.Format == normalize.TOML {
		return nil, ""
	}
	key := file.FieldKey("env")
	pairs := make([]string, len(names))
	for i, n := range names {
		pairs[i] = jsonQuote(n) + ": " + jsonQuote(c.VarRef(n))
	}
	env := s.Node.Get(key)
	switch {
	case env == nil:
		obj := "{" + strings.Join(pairs, ", ") + "}"
		e, err := edit.InsertMember(doc, s.Node, key, obj)
		if err != nil {
			return nil, ""
		}
		return []normalize.Edit{e}, "add to the server: " + member(key, obj)
	case env.Kind == normalize.Object && len(env.Members) > 0:
		b, err := edit.NewBatch(doc, env)
		if err != nil {
			return nil, ""
		}
		for _, n := range names {
			if ok, err := b.Insert(n, jsonQuote(c.VarRef(n))); !ok || err != nil {
				return nil, ""
			}
		}
		return b.Edits(), fmt.Sprintf("add %s to its %q", strings.Join(pairs, ", "), key)
	}
	return nil, ""
}

// them is "it" for one, "them" for more.
func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
