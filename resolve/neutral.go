package resolve

import (
	"maps"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// neutralServer returns a copy of a server definition with every placeholder
// its client expands written in one neutral form (${VAR}, ${VAR:-default},
// ${workspaceFolder}, ${input:id}), and the variables a client reads by
// name (Codex env_vars, env_http_headers, bearer_token_env_var) written as
// the env and header values they become. Two clients' definitions of one
// server then compare equal when they start the same thing:
// "${GITHUB_TOKEN}" in .mcp.json, "${env:GITHUB_TOKEN}" in
// .cursor/mcp.json and env_vars = ["GITHUB_TOKEN"] in Codex. Text a
// client sends as written has each "$" doubled, so "${GITHUB_TOKEN}" that
// Codex sends literally is not the reference Claude Code expands.
func neutralServer(c *normalize.Client, s *normalize.Server) normalize.Server {
	out := *s
	n := func(field string) func(string) string {
		return func(v string) string { return neutralIn(c, field, v) }
	}
	out.Command = n("command")(s.Command)
	out.Args = canonicalArgs(out.Command, mapSlice(s.Args, n("args")))
	out.Cwd = n("cwd")(s.Cwd)
	out.URL = n("url")(s.URL)
	out.Env = mapValues(s.Env, n("env"))
	out.Headers = mapValues(s.Headers, n("headers"))
	if len(s.EnvVars) > 0 {
		out.Env = maps.Clone(out.Env)
		if out.Env == nil {
			out.Env = map[string]string{}
		}
		for _, name := range s.EnvVars {
			if _, ok := out.Env[name]; !ok {
				out.Env[name] = "${" + name + "}"
			}
		}
		out.EnvVars = nil
	}
	if len(s.HeaderEnvRefs) > 0 {
		out.Headers = maps.Clone(out.Headers)
		if out.Headers == nil {
			out.Headers = map[string]string{}
		}
		for h, name := range s.HeaderEnvRefs {
			v := "${" + name + "}"
			if strings.EqualFold(h, "Authorization") && s.BearerTokenEnvVar == name {
				v = "Bearer " + v
			}
			out.Headers[h] = v
		}
		out.HeaderEnvRefs, out.BearerTokenEnvVar = nil, ""
	}
	return out
}

// CrossDifferences names the fields in which two clients' definitions of a
// server differ once neutral (see neutralServer), and whether they start or
// reach different things (transport, command, args or URL differ) rather
// than differing only in environment, headers or working directory.
func CrossDifferences(ca *normalize.Client, a *normalize.Server, cb *normalize.Client, b *normalize.Server) (fields []string, starts bool) {
	na, nb := neutralServer(ca, a), neutralServer(cb, b)
	for _, f := range normalize.Differences(&na, &nb) {
		switch f {
		case "transport", "command", "args", "url":
			starts = true
			fields = append(fields, f)
		case "env", "headers", "cwd", "env_file":
			fields = append(fields, f)
		}
		// enabled, timeouts and tool lists are each client's own business
	}
	return fields, starts
}

// expandsIn reports whether c expands placeholders in field (its
// ExpandFields; every field when it lists none).
func expandsIn(c *normalize.Client, field string) bool {
	return len(c.ExpandFields) == 0 || slices.Contains(c.ExpandFields, field)
}

// Launched are the placeholders of v that c expands in field: a client
// that expands none there, or a syntax or editor variable it does not
// know, sends the text as written.
func Launched(c *normalize.Client, field, v string) []Placeholder {
	if v == "" || !strings.ContainsAny(v, "${%") || !expandsIn(c, field) {
		return nil
	}
	ps := scan(v, maskOf(c.Placeholders), nil)
	return slices.DeleteFunc(ps, func(p Placeholder) bool { return !c.ExpandsVar(p.Syntax, p.Name) })
}

// CrossArgs returns the arguments of two clients' definitions of a server
// as CrossDifferences compares them: placeholders in one neutral form,
// docker's options in one order.
func CrossArgs(ca *normalize.Client, a *normalize.Server, cb *normalize.Client, b *normalize.Server) (aa, ba []string) {
	n := func(c *normalize.Client, s *normalize.Server) []string {
		return canonicalArgs(neutralIn(c, "command", s.Command), mapSlice(s.Args, func(v string) string { return neutralIn(c, "args", v) }))
	}
	return n(ca, a), n(cb, b)
}

// neutralIn is v in the neutral form of neutralServer, as c reads it in
// field.
func neutralIn(c *normalize.Client, field, s string) string {
	if s == "" || !strings.ContainsAny(s, "${%") {
		return s
	}
	ps := Launched(c, field, s)
	lit := func(t string) string { return strings.ReplaceAll(t, "$", "$$") }
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(lit(s[last:p.Start]))
		switch p.Syntax {
		case Dollar, Bare, EnvColon, Brace, Percent:
			b.WriteString("${" + p.Name)
			if p.HasDefault {
				b.WriteString(":-" + neutralIn(c, field, p.Default))
			}
			b.WriteString("}")
		case Editor:
			b.WriteString("${" + p.Name + "}")
		case Input:
			b.WriteString("${input:" + p.Name + "}")
		default:
			b.WriteString(p.Text)
		}
		last = p.End
	}
	b.WriteString(lit(s[last:]))
	return b.String()
}

func mapSlice(in []string, f func(string) string) []string {
	if in == nil {
		return nil
	}
	out := slices.Clone(in)
	for i := range out {
		out[i] = f(out[i])
	}
	return out
}

func mapValues(in map[string]string, f func(string) string) map[string]string {
	if in == nil {
		return nil
	}
	out := make(map[string]string, len(in))
	for k, v := range in {
		out[k] = f(v)
	}
	return out
}
