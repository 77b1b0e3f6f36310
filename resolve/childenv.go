package resolve

import (
	"regexp"
	"slices"
	"strings"
	"sync"

	"github.com/mcpconf/mcpconf/normalize"
)

// Left is what a client leaves out of a stdio server's environment.
type Left struct {
	// Inherited are variables of the client's own environment the server
	// does not get (cleared or redacted), sorted.
	Inherited []string
	// Blocked are keys of the definition's env the client drops, sorted.
	Blocked []string
}

// ChildEnv returns the environment ("K=V", sorted) client c gives the
// stdio server s (as resolved by Server) when the client runs with the
// environment parent, on goos. fileVars are the variables of the
// definition's envFile (ReadEnvFile), for a client that loads one: over
// what the server inherits, under its env. settings returns the names
// listed at a settings path of the client's files (for the allowed and
// blocked lists of a redaction); nil reads none.
func ChildEnv(c *normalize.Client, s *normalize.Server, parent, fileVars []string, goos string, settings func(path []string) []string) ([]string, Left) {
	ce := c.ChildEnv
	fold := goos == "windows"
	env := map[string]string{}
	var keys []string // first spelling of each name, in order of arrival
	set := func(k, v string) {
		id := envKey(k, fold)
		if _, ok := env[id]; !ok {
			keys = append(keys, k)
		}
		env[id] = v
	}
	for k, v := range ce.Set {
		set(k, v)
	}
	keep := ce.Keep
	if fold && ce.KeepWindows != nil {
		keep = ce.KeepWindows
	}
	var left Left
	red := newRedactor(ce.Redact, settings)
	for _, kv := range parent {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" {
			continue
		}
		kept := keep == nil || slices.ContainsFunc(keep, func(n string) bool { return strings.EqualFold(n, k) }) ||
			slices.Contains(s.EnvVars, k)
		if kept && red != nil && red.removes(k, v) {
			kept = false
		}
		if !kept {
			left.Inherited = append(left.Inherited, k)
			continue
		}
		set(k, v)
	}
	if ce.EnvFile {
		for _, kv := range fileVars {
			if k, v, ok := strings.Cut(kv, "="); ok && k != "" {
				set(k, v)
			}
		}
	}
	for k, v := range s.Env {
		if slices.ContainsFunc(ce.Blocked, func(b string) bool { return strings.EqualFold(b, k) }) {
			left.Blocked = append(left.Blocked, k)
			continue
		}
		if ce.AppendPath && strings.EqualFold(k, "PATH") {
			if old := env[envKey(k, fold)]; old != "" {
				v = old + pathListSep(goos) + v
			}
		}
		set(k, v)
	}
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		out = append(out, k+"="+env[envKey(k, fold)])
	}
	slices.Sort(out)
	slices.Sort(left.Inherited)
	slices.Sort(left.Blocked)
	return out, left
}

// pathListSep separates the entries of PATH on goos.
func pathListSep(goos string) string {
	if goos == "windows" {
		return ";"
	}
	return ":"
}

func envKey(k string, fold bool) string {
	if fold {
		return strings.ToUpper(k)
	}
	return k
}

type redactor struct {
	r               *normalize.Redaction
	values          []*regexp.Regexp
	allowed, denied []string
}

// valuePatterns compiles each descriptor's patterns once, on first use.
var valuePatterns sync.Map // *normalize.Redaction -> []*regexp.Regexp

func newRedactor(r *normalize.Redaction, settings func([]string) []string) *redactor {
	if r == nil {
		return nil
	}
	res := &redactor{r: r}
	if v, ok := valuePatterns.Load(r); ok {
		res.values = v.([]*regexp.Regexp)
	} else {
		for _, p := range r.ValuePatterns {
			res.values = append(res.values, regexp.MustCompile("(?i)"+p))
		}
		valuePatterns.Store(r, res.values)
	}
	if settings != nil {
		if r.AllowedPath != nil {
			res.allowed = settings(r.AllowedPath)
		}
		if r.BlockedPath != nil {
			res.denied = settings(r.BlockedPath)
		}
	}
	return res
}

// removes decides as the client's sanitizer does: the first rule that
// applies, in the order of the Redaction's fields.
func (x *redactor) removes(name, value string) bool {
	up := strings.ToUpper(name)
	hasPrefix := func(ps []string) bool {
		return slices.ContainsFunc(ps, func(p string) bool { return strings.HasPrefix(up, strings.ToUpper(p)) })
	}
	has := func(ns []string) bool {
		return slices.ContainsFunc(ns, func(n string) bool { return strings.EqualFold(n, name) })
	}
	switch {
	case hasPrefix(x.r.KeepFirst):
		return false
	case value != "" && slices.ContainsFunc(x.values, func(re *regexp.Regexp) bool { return re.MatchString(value) }):
		return true
	case hasPrefix(x.r.KeepPrefixes), has(x.allowed):
		return false
	case has(x.denied):
		return true
	case has(x.r.Keep):
		return false
	case has(x.r.Remove):
		return true
	}
	return slices.ContainsFunc(x.r.NameParts, func(p string) bool { return strings.Contains(up, strings.ToUpper(p)) })
}
