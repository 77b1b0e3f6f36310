package validate

import (
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// undefinedVariableRule reports placeholders whose variable is not set where
// lint runs. It is off by default: the result depends on the machine.
var undefinedVariableRule = &Rule{
	ID:       normalize.RuleUndefinedVariable,
	Title:    "a placeholder refers to a variable that is not set",
	Severity: normalize.Warning,
	Clients:  "each client, for the placeholders it expands and the variables it reads by name",
	Off:      true,
	doc: `A placeholder the client expands, whose variable is not set and that has no
default (` + "`${VAR:-default}`" + `), is sent as each client does with it: as an empty
string in {{gen:empty}}; literally elsewhere (where mcpconf knows of no other
rule, it assumes that). A warning: the server starts without the value. The
placeholders are
{{gen:forms}}.
The variables named in
{{gen:byname}}
are checked too: an unset one means the server does not get the value or the
header — or, in {{gen:fails}}, that the client does not start the server at
all, an error (` + "`mcpconf probe`" + ` reports the server failed: ` + "`missing-variable`" + `).

The environment is the one ` + "`mcpconf lint`" + ` runs in, which may not be the one the
client starts in, so this rule is off by default: ` + "`mcpconf lint --check-env`" + ` runs it
(or ` + "`enable = [\"undefined-variable\"]`" + ` in ` + "`.mcpconf.toml`" + `) to check a developer
machine; ` + "`mcpconf explain --resolve`" + ` always names every unset variable. Placeholders in
a syntax the client does not expand are reported by foreign-placeholder
instead.`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": { \"docs\": {\n" +
			"  \"type\": \"http\", \"url\": \"https://mcp.example.com/mcp\",\n" +
			"  \"headers\": { \"Authorization\": \"Bearer ${MCPCONF_EXAMPLE_UNSET_TOKEN}\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"fs\": {\n" +
			"  \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"],\n" +
			"  \"env\": { \"LOG_LEVEL\": \"${MCPCONF_EXAMPLE_LOG_LEVEL:-info}\" }\n" +
			"} } }\n"},
	parts: map[string]func() string{
		"forms":  variableForms,
		"empty":  unsetList(normalize.UnsetEmpty),
		"fails":  unsetList(normalize.UnsetFails),
		"byname": func() string { return byNameFields("of") },
	},
	Check: checkUndefinedVariable,
}

// variableSyntaxes are the syntaxes that name environment variables.
// Percent is left out: Gemini CLI expands it on Windows only.
var variableSyntaxes = []resolve.Syntax{resolve.Dollar, resolve.Bare, resolve.EnvColon, resolve.Brace}

func checkUndefinedVariable(p *Pass) {
	// the environment the client has once started: lint's, with what the
	// client's own files set over it (Expansion.EnvFiles)
	lookup := p.Set.Lookup(func(name string) (string, bool) {
		if p.Getenv == nil {
			return "", false
		}
		v := p.Getenv(name)
		return v, v != ""
	})
	for s, c := range p.Servers() {
		if s.Node == nil || !s.Enabled {
			continue
		}
		doc := p.Document(s.Source.Path)
		if c.VarsByName {
			checkEnvRefs(p, c, s, doc, lookup)
			continue
		}
		var syns []resolve.Syntax
		for _, syn := range c.Placeholders {
			if slices.Contains(variableSyntaxes, syn) {
				syns = append(syns, syn)
			}
		}
		if len(syns) == 0 {
			continue
		}
		eachString(s.Node, func(v stringVisit) {
			_, unresolved := resolve.Expand(v.value.Str, syns, resolve.Context{Lookup: lookup})
			for _, u := range unresolved {
				if !slices.Contains(variableSyntaxes, u.Syntax) || u.Syntax == resolve.Bare && !resolve.IsEnvName(u.Name) {
					continue
				}
				if u.Syntax == resolve.Dollar && c.ExtensionVar(s, u.Name) {
					continue // replaced in an extension's manifest before the environment is read
				}
				what := fmt.Sprintf("the server gets %q literally", u.Text)
				rule := c.UnsetIn(canonicalField(v.field))
				switch {
				case u.Syntax == resolve.Brace:
					what = "opencode substitutes an empty string"
				case rule.Does == normalize.UnsetEmpty:
					what = c.Product + " substitutes an empty string"
				case rule.Does == normalize.UnsetFails:
					what = c.Product + " does not start the server"
				}
				d := p.reportSub(doc, v.value, u.Start, u.End, "variable %q is not set: %s", u.Name, what)
				if rule.Does == normalize.UnsetFails {
					d.Severity = normalize.Error
				}
				d.Hint = fmt.Sprintf("set %s in the environment the client starts in", u.Name)
				if u.Syntax == resolve.Dollar {
					d.Hint += fmt.Sprintf(", or give a default: \"${%s:-…}\"", u.Name)
				}
			}
		})
	}
}

// canonicalField is the canonical name of a server field as written
// ("http_headers" is headers), for the client's unset rules.
func canonicalField(key string) string {
	switch secretKind(key) {
	case "env":
		return "env"
	case "header":
		return "headers"
	}
	return key
}

// unsetList lists, for the rules' docs, the clients that do what with a
// variable not set, and in which fields: "VS Code, opencode and Gemini
// CLI's `env` and `headers`".
func unsetList(does normalize.Unset) func() string {
	return func() string {
		var names []string
		for _, c := range normalize.Clients() {
			if !c.Views() {
				continue
			}
			var fields []string
			every := false
			for _, r := range c.Unset {
				if r.Does != does {
					continue
				}
				if r.Field == "" {
					every = true
				} else {
					fields = append(fields, "`"+r.Field+"`")
				}
			}
			switch {
			case every:
				names = append(names, c.Product)
			case len(fields) > 0:
				names = append(names, c.Product+"'s "+normalize.Join(fields, "and"))
			}
		}
		return normalize.Join(names, "and")
	}
}

// checkEnvRefs checks the variables a client reads by name (Codex).
func checkEnvRefs(p *Pass, c *normalize.Client, s *normalize.Server, doc *normalize.Document, lookup func(string) (string, bool)) {
	product := clientProduct(s)
	unset := func(name string) bool {
		_, ok := lookup(name)
		return name != "" && !ok
	}
	if v := s.Node.Get("env_vars"); v != nil && v.Kind == normalize.Array {
		for _, it := range v.Items {
			name := it
			if it.Kind == normalize.Object {
				name = it.Get("name")
			}
			if name != nil && name.Kind == normalize.String && unset(name.Str) {
				d := p.AtValue(doc, name, "variable %q in \"env_vars\" is not set: the server does not get it", name.Str)
				d.Hint = fmt.Sprintf("set %s in the environment %s starts in", name.Str, product)
			}
		}
	}
	if v := s.Node.Get("bearer_token_env_var"); v != nil && v.Kind == normalize.String && unset(v.Str) {
		if rule := c.UnsetIn("bearer_token_env_var"); rule.Does == normalize.UnsetFails {
			d := p.AtValue(doc, v, "variable %q in \"bearer_token_env_var\" is not set: %s does not start the server (%q)", v.Str, product, fmt.Sprintf(rule.Message, v.Str, s.Name))
			d.Severity = normalize.Error
			d.Hint = fmt.Sprintf("set %s in the environment %s starts in", v.Str, product)
		} else {
			d := p.AtValue(doc, v, "variable %q in \"bearer_token_env_var\" is not set: %s cannot send the Authorization header", v.Str, product)
			d.Hint = fmt.Sprintf("set %s in the environment %s starts in", v.Str, product)
		}
	}
	if v := s.Node.Get("env_http_headers"); v != nil && v.Kind == normalize.Object {
		for _, m := range v.Unique() {
			if m.Value.Kind == normalize.String && unset(m.Value.Str) {
				d := p.AtValue(doc, m.Value, "variable %q for header %q is not set: %s does not send the header", m.Value.Str, m.Key, product)
				d.Hint = fmt.Sprintf("set %s in the environment %s starts in", m.Value.Str, product)
			}
		}
	}
}
