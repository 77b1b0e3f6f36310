package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// policyRule enforces the allow and deny lists of .mcpconf.toml.
var policyRule = &Rule{
	ID:       normalize.RulePolicy,
	Title:    "a server is not allowed by the policy in .mcpconf.toml",
	Severity: normalize.Error,
	Clients:  "the linter's own policy, whatever the client",
	doc: `The linter's own config can hold a server policy: allow and deny lists of
patterns for server names, commands and URLs. Every definition found is
checked, disabled and hidden ones included, since they are one edit away
from running.

- Names are matched against the server name.
- Commands are matched against the command as written, its base name
  (` + "`npx`" + ` for ` + "`/usr/local/bin/npx`" + `) and the whole command line (command and
  arguments joined by spaces, ` + "`npx -y @scope/pkg@1.0.0`" + `).
- URLs are matched against the URL as written.

Patterns match whole strings; ` + "`*`" + ` matches any run of characters, ` + "`/`" + ` included,
and ` + "`?`" + ` one character. A deny list wins over an allow list; a non-empty allow
list allows only what matches one of its patterns. The finding names the
list and the pattern. Without a policy this rule reports nothing.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:    "{ \"mcpServers\": { \"notes\": { \"url\": \"https://mcp.untrusted.example/mcp\" } } }\n",
		Good:   "{ \"mcpServers\": { \"docs\": { \"url\": \"https://mcp.context7.com/mcp\" } } }\n",
		Config: "[policy]\ndeny_urls = [\"https://*.untrusted.example/*\"]\n"},
	Check: checkPolicy,
}

func checkPolicy(p *Pass) {
	pol := p.Policy
	if pol == nil {
		return
	}
	for s := range p.Servers() {
		if s.Node == nil {
			continue
		}
		doc := p.Document(s.Source.Path)
		if why := judge(pol.DenyNames, pol.AllowNames, "names", s.Name); why != "" {
			p.At(s, "", "server %q %s", s.Name, why).Hint = policyHint
		}
		if s.Command != "" {
			e := execOf(s)
			line := strings.Join(append([]string{s.Command}, s.Args...), " ")
			candidates := []string{s.Command, progName(s.Command), line}
			if e.command != "" && e.command != s.Command { // a cmd /c wrapper
				candidates = append(candidates, e.command, progName(e.command))
			}
			if why := judge(pol.DenyCommands, pol.AllowCommands, "commands", candidates...); why != "" {
				var d *normalize.Diagnostic
				if e.commandVal != nil {
					d = p.AtValue(doc, commandNode(s, e), "command %q of server %q %s", line, s.Name, why)
				} else {
					d = p.At(s, "command", "command %q of server %q %s", line, s.Name, why)
				}
				d.Hint = policyHint
			}
		}
		if s.URL != "" {
			if why := judge(pol.DenyURLs, pol.AllowURLs, "urls", s.URL); why != "" {
				p.At(s, urlKey(s), "url %q of server %q %s", s.URL, s.Name, why).Hint = policyHint
			}
		}
	}
}

const policyHint = "remove the server, or ask whoever owns the policy in .mcpconf.toml to allow it"

// commandNode is the value that holds the command: the string, or the
// first item of opencode's array.
func commandNode(s *normalize.Server, e execLine) *normalize.Value {
	if clientOf(s).CommandArray {
		if c := s.Node.Get("command"); c != nil && c.Kind == normalize.Array && len(c.Items) > 0 {
			return c.Items[0]
		}
	}
	if c := s.Node.Get("command"); c != nil {
		return c
	}
	return e.commandVal
}

// urlKey is the field the URL was read from.
func urlKey(s *normalize.Server) string {
	for _, k := range []string{"httpUrl", "serverUrl", "url"} {
		if v := s.Node.Get(k); v != nil && v.Kind == normalize.String && v.Str == s.URL {
			return k
		}
	}
	return "url"
}

// judge applies a deny and an allow list to the candidates and says why
// they are refused, or "" when they pass.
func judge(deny, allow []string, what string, candidates ...string) string {
	for _, pat := range deny {
		for _, c := range candidates {
			if wildcard(pat, c) {
				return "is denied by policy: it matches " + normalize.Quoted([]string{pat}) + " in deny_" + what
			}
		}
	}
	if len(allow) == 0 {
		return ""
	}
	for _, pat := range allow {
		for _, c := range candidates {
			if wildcard(pat, c) {
				return ""
			}
		}
	}
	shown := allow
	if len(shown) > 3 {
		shown = shown[:3]
	}
	more := ""
	if len(allow) > 3 {
		more = ", …"
	}
	return "is not allowed by policy: it matches no pattern in allow_" + what + " (" + normalize.Quoted(shown) + more + ")"
}

// wildcard matches a whole string against a pattern where "*" is any run
// of characters ("/" included) and "?" is one character. It runs in
// O(len(pattern)·len(s)) at worst, with no recursion.
func wildcard(pattern, s string) bool {
	p, n := 0, 0
	star, mark := -1, 0
	for n < len(s) {
		switch {
		case p < len(pattern) && pattern[p] == '*':
			star, mark = p, n
			p++
		case p < len(pattern) && (pattern[p] == '?' || pattern[p] == s[n]):
			p++
			n++
		case star >= 0:
			p = star + 1
			mark++
			n = mark
		default:
			return false
		}
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}
