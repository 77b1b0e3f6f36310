package define

import (
	"fmt"
	"net/url"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// literalSecrets refuses a definition that holds a literal secret in any
// field, whatever the file it goes to and even forced: a project's file
// is read by everyone who clones it, a user's is copied, backed up and
// synced. The judgment is the secret package's (LiteralSecret,
// LiteralURL, LiteralArgs); the refusal names the field, never the
// value, and the hint says which reference to write instead, in the
// client's syntax and mcpconf add's, and where the value goes.
func literalSecrets(c *normalize.Client, s Server) error {
	refuse := func(field, kind, hint string) error {
		what := "a literal secret"
		switch kind {
		case secret.KindKeyed, secret.KindFlag, secret.KindRandom, secret.KindPassword, secret.KindUser, secret.KindQuery, secret.KindPath:
			// the field says which
		default:
			what += " (" + kind + ")" // a token's shape: "GitHub personal access token"
		}
		return &Refusal{Reason: fmt.Sprintf("%s of server %q holds %s, which mcpconf never writes to a file, even with --force", field, s.Name, what), Hint: hint}
	}
	for _, e := range s.Env {
		if kind := secret.LiteralSecret(e.Key, e.Value); kind != "" {
			return refuse(fmt.Sprintf("env %q", e.Key), kind, envHint(c, e.Key))
		}
	}
	for _, h := range s.Headers {
		if kind := secret.LiteralSecret(h.Key, h.Value); kind != "" {
			return refuse(fmt.Sprintf("header %q", h.Key), kind, headerHint(c, h.Key, h.Value))
		}
	}
	if kind, a, b := secret.LiteralURL(s.URL); kind != "" {
		return refuse(urlField(s.URL, kind, a), kind, urlHint(c, s, kind, a, b))
	}
	cmd := append([]string{s.Command}, s.Args...)
	if i, kind := secret.LiteralArgs(cmd); i >= 0 {
		return refuse(argField(i), kind, argHint(c, s, cmd, i))
	}
	return nil
}

// Shared refuses a definition read from a private file (Server.From: the
// user's, a project's private entry, the machine's) that is about to be
// written into a shared one (the project's): every literal value of its
// env and headers, whatever it looks like (secret.Literal), and the
// literal credentials of its URL, arguments and command, as any write
// judges them. What a user keeps in a private file does not move into a
// file others read; a reference to a variable does. The refusal names the
// field and the file, never the value; the hint gives the reference to
// write in c's syntax and where the value goes, or, for a value that is
// no secret, to copy the server into the user's file instead.
func Shared(c *normalize.Client, s Server) error {
	if s.From == "" {
		return nil
	}
	refuse := func(field, hint string, secretToo bool) error {
		if !secretToo {
			hint += ", or copy the server into the user's file instead (--scope user)"
		}
		return &Refusal{Reason: fmt.Sprintf("%s of server %q is a literal value from %s, which sync does not copy into a project file others read", field, s.Name, s.From), Hint: hint}
	}
	for _, e := range s.Env {
		if secret.Literal(e.Value) {
			return refuse(fmt.Sprintf("env %q", e.Key), envHint(c, e.Key), secret.LiteralSecret(e.Key, e.Value) != "")
		}
	}
	for _, h := range s.Headers {
		if secret.Literal(h.Value) {
			return refuse(fmt.Sprintf("header %q", h.Key), headerHint(c, h.Key, h.Value), secret.LiteralSecret(h.Key, h.Value) != "")
		}
	}
	if kind, a, b := secret.LiteralURL(s.URL); kind != "" {
		return refuse(urlField(s.URL, kind, a), urlHint(c, s, kind, a, b), true)
	}
	cmd := append([]string{s.Command}, s.Args...)
	if i, _ := secret.LiteralArgs(cmd); i >= 0 {
		return refuse(argField(i), argHint(c, s, cmd, i), true)
	}
	return nil
}

// urlField names the part of a URL that holds a credential found at
// start.
func urlField(u, kind string, start int) string {
	switch kind {
	case secret.KindPassword, secret.KindUser:
		return "the user info of the url"
	case secret.KindQuery:
		return fmt.Sprintf("the query parameter %q of the url", queryKey(u, start))
	case secret.KindPath:
		return "a path segment of the url"
	}
	return "the url"
}

// queryKey is the name of the query parameter whose value starts at
// start.
func queryKey(u string, start int) string {
	k := u[:max(start-1, 0)]
	k = k[strings.LastIndexAny(k, "?&")+1:]
	if d, err := url.QueryUnescape(k); err == nil {
		return d
	}
	return k
}

// argField names the i-th string of a command line (0: the command).
func argField(i int) string {
	if i == 0 {
		return "the command"
	}
	return fmt.Sprintf("argument %d", i)
}

// expandsIn reports whether c reads a ${NAME} reference written in its
// syntax (Client.VarRef) in field as the variable's value: what ref
// writes without a refusal.
func expandsIn(c *normalize.Client, field string) bool {
	own := resolve.Scan(c.VarRef("X"))
	return c.VarForm != "" && len(own) == 1 && !c.VarsByName && c.Expands(own[0].Syntax) &&
		(len(c.ExpandFields) == 0 || slices.Contains(c.ExpandFields, field))
}

// varName is the variable a hint names for a value written under key:
// API_KEY as it is, X_API_KEY for X-Api-Key, TOKEN for Authorization.
func varName(key string) string {
	if strings.EqualFold(key, "Authorization") {
		return "TOKEN"
	}
	if resolve.IsEnvName(key) && key == strings.ToUpper(key) {
		return key
	}
	var b strings.Builder
	for _, w := range secret.Words(key) {
		if b.Len() > 0 {
			b.WriteByte('_')
		}
		b.WriteString(strings.ToUpper(w))
	}
	if n := b.String(); resolve.IsEnvName(n) {
		return n
	}
	return "TOKEN"
}

// setHint is the hint of a refused literal: write form (the reference in
// c's file) or, on mcpconf's command line, cli, and set the variable name
// where c starts; form "" when c reads no variable there, and then
// instead, if not empty, what else to do.
func setHint(c *normalize.Client, form, cli, name, where, instead string) string {
	if form == "" {
		if instead == "" {
			instead = "give the server the value another way (a file it reads), or leave this client out"
		}
		return fmt.Sprintf("%s reads no variable in %s: %s", c.Product, where, instead)
	}
	return fmt.Sprintf("write %s instead (mcpconf add: %s) and set %s in the environment %s starts from", form, cli, name, c.Product)
}

// envHint says how c reads an env value from a variable.
func envHint(c *normalize.Client, key string) string {
	name := varName(key)
	var form string
	switch {
	case c.ByName != nil && resolve.IsEnvName(key):
		// passed by name: the variable is the server's own
		name = key
		form = fmt.Sprintf("%s = [%q]", c.ByName.Env, key)
	case c.ByName == nil && expandsIn(c, "env"):
		form = fmt.Sprintf("%q: %q", key, c.VarRef(name))
	}
	return setHint(c, form, fmt.Sprintf("-e '%s=${%s}'", key, name), name, "env", "")
}

// headerHint says how c reads a header's value from a variable, keeping
// its authorization scheme ("Bearer ").
func headerHint(c *normalize.Client, key, value string) string {
	name := varName(key)
	scheme := ""
	if w, _, ok := strings.Cut(strings.TrimSpace(value), " "); ok && slices.Contains([]string{"bearer", "basic", "token"}, strings.ToLower(w)) {
		scheme = w + " "
	}
	var form string
	switch {
	case c.ByName != nil && strings.EqualFold(key, "Authorization") && strings.EqualFold(scheme, "Bearer ") && c.ByName.Bearer != "":
		form = fmt.Sprintf("%s = %q", c.ByName.Bearer, name)
	case c.ByName != nil && scheme == "" && c.ByName.Headers != "":
		form = fmt.Sprintf("%s = { %q = %q }", c.ByName.Headers, key, name)
	case c.ByName == nil && expandsIn(c, "headers"):
		form = fmt.Sprintf("%q: %q", key, scheme+c.VarRef(name))
	}
	return setHint(c, form, fmt.Sprintf("-H '%s: %s${%s}'", key, scheme, name), name, "headers", "")
}

// urlHint says how c reads a URL's credential, at [start, end), from a
// variable: the URL with a reference in its place.
func urlHint(c *normalize.Client, s Server, kind string, start, end int) string {
	name := varName(s.Name + "_TOKEN")
	switch kind {
	case secret.KindPassword:
		name = varName(s.Name + "_PASSWORD")
	case secret.KindQuery:
		name = varName(queryKey(s.URL, start))
	}
	var form string
	if expandsIn(c, "url") {
		form = fmt.Sprintf("the url as %q", s.URL[:start]+c.VarRef(name)+s.URL[end:])
	}
	instead := ""
	if c.Knows(c.FieldKey("headers")) || c.ByName != nil && c.ByName.Bearer != "" {
		instead = fmt.Sprintf("send the credential in a header instead, if the server takes one (mcpconf add: -H 'Authorization: Bearer ${%s}'), and set %s in the environment %s starts from", name, name, c.Product)
	}
	return setHint(c, form, fmt.Sprintf("'%s'", s.URL[:start]+"${"+name+"}"+s.URL[end:]), name, "the url", instead)
}

// argHint says how c reads the value of the i-th string of a command
// line from a variable.
func argHint(c *normalize.Client, s Server, cmd []string, i int) string {
	name, prefix := varName(s.Name+"_TOKEN"), ""
	if k, _, ok := strings.Cut(cmd[i], "="); ok && strings.HasPrefix(k, "-") {
		name, prefix = varName(strings.TrimLeft(k, "-")), k+"="
	} else if i > 0 && strings.HasPrefix(cmd[i-1], "-") {
		name = varName(strings.TrimLeft(cmd[i-1], "-"))
	}
	field, what := "args", "the arguments"
	if i == 0 {
		field, what = "command", "the command"
	}
	var form string
	if expandsIn(c, field) {
		form = fmt.Sprintf("%s as %q", strings.TrimPrefix(what, "the "), prefix+c.VarRef(name))
		if i > 0 {
			form = fmt.Sprintf("argument %d as %q", i, prefix+c.VarRef(name))
		}
	}
	instead := ""
	if c.Knows(c.FieldKey("env")) {
		instead = fmt.Sprintf("give the server the value in its env instead, if it reads one (mcpconf add: -e '%s=${%s}'), and set %s in the environment %s starts from", name, name, name, c.Product)
	}
	return setHint(c, form, fmt.Sprintf("'%s${%s}' after --", prefix, name), name, what, instead)
}
