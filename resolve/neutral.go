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
// .cursor/mcp.json and env_vars = ["GITHUB_TOKEN"] in Codex.
func neutralServer(c *normalize.Client, s *normalize.Server) normalize.Server {
	out := *s
	n := func(v string) string { return neutral(c, v) }
	out.Command = n(s.Command)
	out.Args = canonicalArgs(out.Command, mapSlice(s.Args, n))
	out.Cwd = n(s.Cwd)
	out.URL = n(s.URL)
	out.Env = mapValues(s.Env, n)
	out.Headers = mapValues(s.Headers, n)
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

// CrossArgs returns the arguments of two clients' definitions of a server
// as CrossDifferences compares them: placeholders in one neutral form,
// docker's options in one order.
func CrossArgs(ca *normalize.Client, a *normalize.Server, cb *normalize.Client, b *normalize.Server) (aa, ba []string) {
	n := func(c *normalize.Client, s *normalize.Server) []string {
		return canonicalArgs(neutral(c, s.Command), mapSlice(s.Args, func(v string) string { return neutral(c, v) }))
	}
	return n(ca, a), n(cb, b)
}

func neutral(c *normalize.Client, s string) string {
	if s == "" || !strings.ContainsAny(s, "${%") {
		return s
	}
	ps := scan(s, maskOf(c.Placeholders), nil)
	if len(ps) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, p := range ps {
		b.WriteString(s[last:p.Start])
		switch p.Syntax {
		case Dollar, Bare, EnvColon, Brace, Percent:
			b.WriteString("${" + p.Name)
			if p.HasDefault {
				b.WriteString(":-" + neutral(c, p.Default))
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
	b.WriteString(s[last:])
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
