package resolve

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// LaunchDifferences says, for each env variable, header, argument,
// command, URL and working directory in which two clients' definitions
// of a server give the server something different once each client has
// read them (CrossDifferences' fields, one by one), how each client
// passes it: "in env GITHUB_TOKEN, Claude Code expands "${GITHUB_TOKEN}"
// from variable GITHUB_TOKEN; Codex sends "${GITHUB_TOKEN}" literally".
// Only names and placeholders are said, never a value: literal values
// that differ are "different values".
func LaunchDifferences(ca *normalize.Client, a *normalize.Server, cb *normalize.Client, b *normalize.Server) []string {
	na, nb := neutralServer(ca, a), neutralServer(cb, b)
	var out []string
	one := func(what, field, ra, rb string, setA, setB bool) {
		da, db := passes(ca, a, field, what, ra, setA), passes(cb, b, field, what, rb, setB)
		if da == db && field != "env" && field != "headers" {
			return // the field alone says it
		}
		if da == db {
			out = append(out, fmt.Sprintf("in %s, %s and %s set different values", what, ca.Product, cb.Product))
			return
		}
		out = append(out, fmt.Sprintf("in %s, %s %s; %s %s", what, ca.Product, da, cb.Product, db))
	}
	if na.Command != nb.Command {
		one("command", "command", a.Command, b.Command, true, true)
	}
	if !slices.Equal(na.Args, nb.Args) {
		switch {
		case len(na.Args) != len(nb.Args):
			out = append(out, fmt.Sprintf("in args, %s passes %s and %s %d", ca.Product, arguments(len(a.Args)), cb.Product, len(b.Args)))
		case !slices.Equal(na.Args, mapSlice(a.Args, func(v string) string { return neutralIn(ca, "args", v) })) ||
			!slices.Equal(nb.Args, mapSlice(b.Args, func(v string) string { return neutralIn(cb, "args", v) })):
			// docker's flags in another order: args alone says it
		default:
			for i := range na.Args {
				if na.Args[i] != nb.Args[i] {
					one(fmt.Sprintf("argument %d", i+1), "args", a.Args[i], b.Args[i], true, true)
				}
			}
		}
	}
	if na.URL != nb.URL {
		one("url", "url", a.URL, b.URL, true, true)
	}
	if na.Cwd != nb.Cwd {
		one("cwd", "cwd", a.Cwd, b.Cwd, a.Cwd != "", b.Cwd != "")
	}
	kvs := func(what, field string, ma, mb map[string]string, ra, rb func(string) (string, bool)) {
		for _, k := range slices.Sorted(maps.Keys(union(ma, mb))) {
			va, oka := ma[k]
			vb, okb := mb[k]
			if oka == okb && va == vb {
				continue
			}
			xa, _ := ra(k)
			xb, _ := rb(k)
			one(what+" "+k, field, xa, xb, oka, okb)
		}
	}
	kvs("env", "env", na.Env, nb.Env, raw(a.Env), raw(b.Env))
	kvs("header", "headers", na.Headers, nb.Headers, raw(a.Headers), raw(b.Headers))
	return out
}

// passes says how c gives the server a value written raw in field of s:
// the placeholders it expands and those it sends literally, by name;
// "does not set it" when the value is not there.
func passes(c *normalize.Client, s *normalize.Server, field, what, raw string, set bool) string {
	if !set {
		return "does not set it"
	}
	if strings.HasPrefix(what, "env ") && raw == "" && slices.Contains(s.EnvVars, strings.TrimPrefix(what, "env ")) {
		return "passes variable " + strings.TrimPrefix(what, "env ") + " by name"
	}
	if strings.HasPrefix(what, "header ") && raw == "" {
		for h, v := range s.HeaderEnvRefs {
			if strings.EqualFold(h, strings.TrimPrefix(what, "header ")) {
				return "reads it from variable " + v + " by name"
			}
		}
	}
	expanded := Launched(c, field, raw)
	var says []string
	for _, p := range Scan(raw) {
		text := strconv.Quote(p.Text)
		if p.HasDefault {
			text = strconv.Quote(p.Text[:strings.Index(p.Text, ":-")+2] + "…}")
		}
		i := slices.IndexFunc(expanded, func(e Placeholder) bool { return e.Start == p.Start })
		switch {
		case i < 0:
			says = append(says, "sends "+text+" literally")
		case p.Syntax == Input:
			says = append(says, fmt.Sprintf("prompts for %s (input %s)", text, p.Name))
		case p.Syntax == Editor:
			says = append(says, "expands "+text)
		case p.Syntax == BraceFile:
			says = append(says, "reads "+text)
		default:
			says = append(says, fmt.Sprintf("expands %s from variable %s", text, p.Name))
		}
	}
	if len(says) == 0 {
		return "sets a value"
	}
	return strings.Join(says, ", ")
}

// raw looks a key up in m.
func raw(m map[string]string) func(string) (string, bool) {
	return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
}

// union is the keys of a and b.
func union(a, b map[string]string) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}

// arguments is "1 argument", "2 arguments".
func arguments(n int) string {
	if n == 1 {
		return "1 argument"
	}
	return strconv.Itoa(n) + " arguments"
}
