package validate

// Helpers shared by the value rules (hardcoded-secret, foreign-placeholder,
// undefined-variable, npx-without-yes, unpinned-package, …).

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// clientLabel names the products that read a provider's files, for
// messages: a bare .mcp.json is read by pisces and by Claude Code.
func clientLabel(c *normalize.Client) string {
	if c != nil {
		return c.LabelName()
	}
	return ""
}

// valueCommands reports the providers whose env and header values pisces
// reads with its own semantics (a leading "!" runs a command, a bare
// variable name is dereferenced).
func valueCommands(c *normalize.Client) bool {
	return c != nil && c.ValueCommands
}

// stringVisit is one string value of a server definition.
type stringVisit struct {
	field string // the server field it is under: "env", "args", "url", …
	key   string // the nearest object key above it (the env or header name)
	value *normalize.Value
}

// eachString calls fn for every string in a server entry, depth first in
// file order.
func eachString(node *normalize.Value, fn func(stringVisit)) {
	if node == nil || node.Kind != normalize.Object {
		return
	}
	for _, m := range node.Unique() {
		walkStrings(m.Value, m.Key, m.Key, fn)
	}
}

func walkStrings(v *normalize.Value, field, key string, fn func(stringVisit)) {
	switch v.Kind {
	case normalize.String:
		fn(stringVisit{field: field, key: key, value: v})
	case normalize.Array:
		for _, it := range v.Items {
			walkStrings(it, field, key, fn)
		}
	case normalize.Object:
		for _, m := range v.Unique() {
			walkStrings(m.Value, field, m.Key, fn)
		}
	}
}

// reportSub reports on the bytes [start, end) of a string value.
func (p *Pass) reportSub(doc *normalize.Document, v *normalize.Value, start, end int, format string, args ...any) *normalize.Diagnostic {
	return p.Report(doc, normalize.SubRange(doc, v, start, end), v.Pointer, format, args...)
}

// execLine is the program a stdio definition runs and its arguments, with
// the values they were read from (nil entries when a value has no node).
// opencode's one "command" array is split; a Windows "cmd /c PROGRAM …"
// wrapper is looked through.
type execLine struct {
	command    string
	commandVal *normalize.Value
	args       []string
	argVals    []*normalize.Value
}

func execOf(s *normalize.Server) execLine {
	var e execLine
	if s.Node == nil {
		return e
	}
	if c := clientOf(s); c != nil && c.CommandArray {
		c := s.Node.Get("command")
		if c == nil || c.Kind != normalize.Array || len(c.Items) == 0 {
			return e
		}
		e.command, e.commandVal = c.Items[0].Str, c.Items[0]
		for _, it := range c.Items[1:] {
			e.args = append(e.args, it.Str)
			e.argVals = append(e.argVals, it)
		}
	} else {
		c := s.Node.Get("command")
		if c == nil || c.Kind != normalize.String {
			return e
		}
		e.command, e.commandVal = c.Str, c
		if a := s.Node.Get("args"); a != nil && a.Kind == normalize.Array {
			for _, it := range a.Items {
				e.args = append(e.args, it.Str)
				e.argVals = append(e.argVals, it)
			}
		}
	}
	if b := progName(e.command); (b == "cmd" || b == "cmd.exe") && len(e.args) >= 2 && strings.EqualFold(e.args[0], "/c") {
		e.command, e.commandVal = e.args[1], e.argVals[1]
		e.args, e.argVals = e.args[2:], e.argVals[2:]
	}
	return e
}

// progName is the lower-cased base name of a command, for either path
// separator.
func progName(cmd string) string {
	if i := strings.LastIndexAny(cmd, `/\`); i >= 0 {
		cmd = cmd[i+1:]
	}
	return strings.ToLower(cmd)
}

// isShell reports commands that interpret $VAR, ${VAR} and %VAR%
// themselves when given a script.
func isShell(cmd string) bool {
	switch strings.TrimSuffix(progName(cmd), ".exe") {
	case "sh", "bash", "zsh", "dash", "ksh", "fish", "cmd", "powershell", "pwsh":
		return true
	}
	return false
}

// varAdvice says how a user of client c gets variable name into the value
// at field (the server field: env, headers, …) under key, for clients that
// have no placeholder for it: those that read variables by name in their
// own fields (Codex: env_vars, bearer_token_env_var, env_http_headers) and
// those that expand nothing. ok is false for clients with a placeholder
// (c.VarRef), which callers use instead.
//
// moving phrases the advice for a literal value being moved out of the
// file (hardcoded-secret); otherwise for a foreign placeholder being
// replaced (foreign-placeholder). whole, when not "", says the value must
// stay whole in the variable and names it for the advice ("the whole
// value", `the whole "Basic …" value`): an Authorization header that is not
// a bare bearer token, a value that holds more than the secret.
func varAdvice(c *normalize.Client, field, key, name, whole string, moving bool) (string, bool) {
	a, ok := varEdit(c, field, key, name, whole, moving)
	return a.text, ok
}

// advice is varEdit's answer: the hint's words, and, when the hint is to
// write a field of the server in place of field (its value the secret
// itself), that field and its value as a JSON literal.
type advice struct {
	text       string
	set, value string
}

// varEdit is varAdvice with the edit it describes as data, when it is
// one.
func varEdit(c *normalize.Client, field, key, name, whole string, moving bool) (advice, bool) {
	header := secretKind(field) == "header"
	auth := header && strings.EqualFold(key, "Authorization")
	switch {
	case c == nil:
		return advice{}, false
	case c.VarsByName:
		var how, then string
		if note, ok := c.Unsupported[field]; ok && note.Instead != "" {
			// a field the client refuses, and the one that names the
			// variable in its place (Codex: bearer_token_env_var)
			a := advice{set: note.Instead, value: jsonQuote(name)}
			a.text = fmt.Sprintf("remove %q and set %s = %s; %s reads the value from that variable", field, a.set, a.value, c.Product)
			if !moving {
				a.text = fmt.Sprintf("%s expands no variables: remove %q and set %s = %s", c.Product, field, a.set, a.value)
			}
			return a, true
		}
		switch {
		case auth && whole != "" && moving:
			how = fmt.Sprintf("move it to env_http_headers = { %q = %q } and put %s in %s", key, name, whole, name)
			then = "reads the header from that variable"
		case header && whole != "" && !moving:
			how = fmt.Sprintf("use env_http_headers = { %q = %q } and put %s in %s", key, name, whole, name)
		case auth:
			how = fmt.Sprintf("remove the header and set bearer_token_env_var = %q", name)
			then = "reads the token from that variable"
		case header && moving && whole != "":
			how = fmt.Sprintf("move it to env_http_headers = { %q = %q } and put %s in %s", key, name, whole, name)
			then = "reads the value from that variable"
		case header && moving:
			how = fmt.Sprintf("move it to env_http_headers = { %q = %q }", key, name)
			then = "reads the value from that variable"
		case header:
			how = fmt.Sprintf("use env_http_headers = { %q = %q }", key, name)
		case field == "env" && moving && whole != "":
			how = fmt.Sprintf("remove it from env, list it in env_vars = [%q] and put %s in %s", name, whole, name)
			then = "passes the variable through from your environment"
		case field == "env" && moving:
			how = fmt.Sprintf("remove it from env and list it in env_vars = [%q]", name)
			then = "passes the variable through from your environment"
		case field == "env":
			how = fmt.Sprintf("remove the entry and list the variable in env_vars = [%q]", name)
		default:
			here := ""
			if moving {
				here = " here"
			}
			return advice{text: fmt.Sprintf("%s expands no variables%s: pass %s to the server with env_vars = [%q] and have the server read it from there", c.Product, here, name, name),
				set: "env_vars", value: "[" + jsonQuote(name) + "]"}, true
		}
		if moving {
			return advice{text: fmt.Sprintf("%s; %s %s", how, c.Product, then)}, true
		}
		return advice{text: fmt.Sprintf("%s expands no variables: %s", c.Product, how)}, true
	case c.VarForm == "" && len(c.Placeholders) == 0:
		if moving {
			if f := c.UserFile(); f != "" {
				return advice{text: fmt.Sprintf("%s expands no variables: keep this server in %s, which is not committed", c.Product, f)}, true
			}
			return advice{text: fmt.Sprintf("read it from an environment variable such as %s instead", name)}, true
		}
		return advice{text: fmt.Sprintf("%s expands no variables: write the value itself, in a file that is not committed", c.Product)}, true
	}
	return advice{}, false
}
