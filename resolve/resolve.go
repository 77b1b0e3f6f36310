package resolve

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Env is what resolving a server may read. Nothing comes from the process
// on its own: the caller passes the environment, the inputs, and a Runner
// only when commands may run (--allow-exec).
type Env struct {
	Lookup func(name string) (string, bool)
	// Inputs answers VS Code ${input:id}; nil means nobody answers.
	Inputs map[string]string
	// Run runs pisces !command values; nil means they are not run.
	Run *Runner
	// WorkspaceFolder is the project root (${workspaceFolder}) and
	// UserHome the home (${userHome}).
	WorkspaceFolder, UserHome string
	// ReadFile reads opencode {file:path} files; nil means none is read.
	ReadFile func(path string) ([]byte, error)
	// GOOS is the system the client runs on ("" is this one): some
	// syntaxes are expanded on Windows only.
	GOOS string
	// SetIn says which of the client's own files set a variable Lookup
	// holds ("" for the environment it was started with; nil: none
	// does): a value from one is a config value, not an outside one
	// (FromSetting).
	SetIn func(name string) string
}

// syntaxes are the placeholder syntaxes the client expands where it runs.
func (r *resolver) syntaxes() []normalize.Syntax {
	goos := r.env.GOOS
	if goos == "" {
		goos = runtime.GOOS
	}
	return r.c.PlaceholdersOn(goos)
}

// Field is one value of a server after resolution, with where each piece
// came from.
type Field struct {
	Field string // "command", "args", "env", "url", "headers", "cwd"
	Key   string // the env variable or header name; the index for args
	Raw   string // as written
	Value string // as the client would use it
	// Pieces say where the substituted parts of Value came from.
	Pieces []Piece
	// External: a piece of Value came from outside the file (the
	// environment, a command, an input, a file). Whether a value is a
	// secret is package secret's to say; output never shows such pieces.
	External bool
	// Dropped: the client does not send this key at all.
	Dropped bool
	// Problems say what could not be resolved.
	Problems []string
	// NotRun: the value is a command that was not run (no --allow-exec);
	// Prompted are the VS Code inputs the client would prompt for and
	// nobody answered. Either way the value is not what the client sends.
	NotRun   bool
	Prompted []string
	// Undeclared are the inputs the field uses that "inputs" does not
	// declare, with what the client does (it does not start the server).
	Undeclared []InputRef
	Pos        normalize.Pos
	Path       string
	// notes place problems more precisely than Pos (a {file:} not read:
	// at its placeholder, with what to do).
	notes map[int]problemNote
}

// InputRef is an ${input:id} a field uses, and what the client does with it.
type InputRef struct{ ID, Why string }

// problemNote is where Problems[i] is, and what to do about it.
type problemNote struct {
	pos  normalize.Pos
	hint string
}

// Incomplete says why the resolved server is not what the client would
// start: a command not run, an input nobody answered; "" when it is.
func (r Resolved) Incomplete() string {
	for _, f := range r.Fields {
		what := f.Field
		switch {
		case f.Field == "args":
			what = fmt.Sprintf("args[%s]", f.Key)
		case f.Key != "":
			what += " " + strconv.Quote(f.Key)
		}
		switch {
		case len(f.Undeclared) > 0:
			return what + ": " + f.Undeclared[0].Why
		case f.NotRun:
			return fmt.Sprintf("%s is a command, which runs only with --allow-exec", what)
		case len(f.Prompted) > 0:
			return fmt.Sprintf("%s needs input %q, which the client prompts for: pass --input %s=VALUE", what, f.Prompted[0], f.Prompted[0])
		}
	}
	return ""
}

// Resolved is a server as its client would start it or connect to it.
type Resolved struct {
	Server normalize.Server // command, args, env, url, headers resolved
	Fields []Field
	// Diagnostics name every unset variable, input and command not run,
	// and every key dropped, at the position of the value.
	Diagnostics []normalize.Diagnostic
	// Secrets are the values that came from outside the file (whole
	// fields and their external pieces): a run masks them wherever they
	// might appear (a server's stderr, an error message).
	Secrets []string
	// Refused says why the client does not start the server: a variable
	// it needs is not set, and the client fails then
	// (normalize.UnsetFails), in its own words; "" when it starts it.
	// RefusedHint says what to do. Diagnostics hold it as a
	// missing-variable error.
	Refused, RefusedHint string
}

// Server resolves a definition as client c does: each string in the
// client's own placeholder syntax (a syntax foreign to it stays literal),
// pisces's value semantics for env and headers, the variables Codex reads by
// name. doc is the definition's file, for positions.
func Server(c *normalize.Client, s *normalize.Server, doc *normalize.Document, env Env) Resolved {
	r := resolver{c: c, s: s, doc: doc, env: env}
	r.out.Server = *s
	r.out.Server.Env = nil
	r.out.Server.Headers = nil
	r.out.Server.Command = r.one("command", "", s.Command)
	args := make([]string, 0, len(s.Args))
	for i, a := range s.Args {
		args = append(args, r.one("args", fmt.Sprint(i), a))
	}
	r.out.Server.Args = args
	r.out.Server.URL = r.one("url", "", s.URL)
	r.out.Server.Cwd = r.one("cwd", "", s.Cwd)
	r.out.Server.EnvFile = r.one("envFile", "", s.EnvFile)
	r.out.Server.Env = r.kv("env", s.Env)
	r.out.Server.Headers = r.kv("headers", s.Headers)
	r.byName()
	return r.out
}

type resolver struct {
	c   *normalize.Client
	s   *normalize.Server
	doc *normalize.Document
	env Env
	out Resolved
	// inputs caches the ids the file's "inputs" declares (VS Code).
	inputs     map[string]bool
	inputsRead bool
}

// declared returns the input ids the server's file declares, for a client
// with inputs; nil when not known.
func (r *resolver) declared() map[string]bool {
	if !r.c.Inputs {
		return nil
	}
	if !r.inputsRead {
		r.inputs, r.inputsRead = normalize.DeclaredInputs(r.doc, r.s), true
	}
	return r.inputs
}

// one resolves a scalar field.
func (r *resolver) one(field, key, raw string) string {
	if raw == "" {
		return ""
	}
	f := r.expand(field, key, raw)
	r.problems(f)
	r.out.Fields = append(r.out.Fields, f)
	return f.Value
}

// problems reports what did not resolve in a field that is still sent.
func (r *resolver) problems(f Field) {
	for i, p := range f.Problems {
		if n, ok := f.notes[i]; ok {
			g := f
			g.Pos = n.pos
			r.diagHint(g, n.hint, "%s: %s", r.what(f.Field, f.Key), p)
			continue
		}
		d := r.diag(f, "%s: %s", r.what(f.Field, f.Key), p)
		for _, in := range f.Undeclared {
			if d != nil && p == in.Why {
				d.Severity = normalize.Error // the server does not start
			}
		}
	}
}

// kv resolves an env or headers map, in key order.
func (r *resolver) kv(field string, m map[string]string) map[string]string {
	if len(m) == 0 {
		return nil
	}
	out := map[string]string{}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		f := r.expand(field, k, m[k])
		if r.c.ValueCommands {
			r.piscesValue(&f)
		}
		if !f.Dropped {
			r.problems(f)
		}
		r.out.Fields = append(r.out.Fields, f)
		if !f.Dropped {
			out[k] = f.Value
		}
	}
	return out
}

// expands reports whether the client expands placeholders in field.
func (r *resolver) expands(field string) bool {
	return len(r.c.ExpandFields) == 0 || slices.Contains(r.c.ExpandFields, field)
}

func (r *resolver) expand(field, key, raw string) Field {
	f := Field{Field: field, Key: key, Raw: raw, Value: raw}
	f.Path, f.Pos = r.position(field, key)
	var unresolved []Unresolved
	if r.expands(field) {
		ctx := Context{Lookup: r.env.Lookup, Inputs: r.env.Inputs, WorkspaceFolder: r.env.WorkspaceFolder,
			UserHome: r.env.UserHome, ReadFile: r.readFile, EditorVars: r.c.EditorVars, Declared: r.declared(), UndeclaredInput: r.c.UndeclaredInput,
			SetIn: r.env.SetIn}
		var v string
		var pieces []Piece
		v, pieces, unresolved = trace(raw, r.syntaxes(), ctx)
		f.Value, f.Pieces = v, pieces
		for _, u := range unresolved {
			if u.Syntax == BraceFile {
				if f.notes == nil {
					f.notes = map[int]problemNote{}
				}
				f.notes[len(f.Problems)] = problemNote{pos: r.placeholderPos(field, key, raw, u), hint: u.Hint}
			}
			f.Problems = append(f.Problems, u.Reason)
			switch {
			case u.Syntax == Input && ctx.Declared != nil && !ctx.Declared[u.Name]:
				f.Undeclared = append(f.Undeclared, InputRef{ID: u.Name, Why: u.Reason})
			case u.Syntax == Input && r.env.Inputs[u.Name] == "":
				f.Prompted = append(f.Prompted, u.Name)
			}
		}
		r.unset(&f, unresolved)
	}
	for _, p := range f.Pieces {
		if p.Kind == FromVariable || p.Kind == FromInput || p.Kind == FromFile || p.Kind == FromCommand {
			f.External = true
		}
	}
	if f.External && f.Value != "" {
		r.out.Secrets = append(r.out.Secrets, f.Value)
		for _, p := range f.Pieces {
			if p.Kind != FromEditor && p.End > p.Start {
				r.out.Secrets = append(r.out.Secrets, f.Value[p.Start:p.End])
			}
		}
	}
	return f
}

// unset applies the client's rule for a variable that is not set
// (normalize.Client.UnsetIn) to the placeholders of f that name one:
// they become "" (VS Code's ${env:VAR}; Gemini CLI's env and headers,
// expanded again when the server starts), stay as written, or keep the
// client from starting the server.
func (r *resolver) unset(f *Field, unresolved []Unresolved) {
	var vars []Unresolved
	for _, u := range unresolved {
		switch u.Syntax {
		case Dollar, Bare, EnvColon, Percent:
			if _, set := r.lookup(u.Name); !set {
				vars = append(vars, u)
			}
		}
	}
	if len(vars) == 0 {
		return
	}
	switch rule := r.c.UnsetIn(f.Field); rule.Does {
	case normalize.UnsetEmpty:
		f.Value = removePlaceholders(f.Value, vars)
		for i, p := range f.Problems {
			for _, u := range vars {
				if p == u.Reason {
					f.Problems[i] = fmt.Sprintf("%s: %s sends an empty string", p, r.c.Product)
				}
			}
		}
	case normalize.UnsetLiteral:
		for i, p := range f.Problems {
			for _, u := range vars {
				if p == u.Reason {
					f.Problems[i] = fmt.Sprintf("%s: %s sends it as written", p, r.c.Product)
				}
			}
		}
	case normalize.UnsetFails:
		r.refuse(*f, rule, vars[0].Name, false)
	}
}

// refuse records that the client does not start the server because
// variable name is not set (or, empty, set to ""), in the client's words
// (rule.Message), as a missing-variable error at f.
func (r *resolver) refuse(f Field, rule normalize.UnsetRule, name string, empty bool) {
	msg := rule.Message
	if empty && rule.EmptyMessage != "" {
		msg = rule.EmptyMessage
	}
	if msg == "" {
		msg = "variable %[1]s is not set"
	}
	said := fmt.Sprintf("%s does not start it: %q", r.c.Product, fmt.Sprintf(msg, name, r.s.Name))
	hint := fmt.Sprintf("set %s in the environment %s starts in", name, r.c.Product)
	if r.out.Refused == "" {
		r.out.Refused, r.out.RefusedHint = said, hint
	}
	d := normalize.Diagnostic{Rule: normalize.RuleMissingVariable, Severity: normalize.Error, Path: f.Path, Pos: f.Pos,
		Message: fmt.Sprintf("server %q: %s", r.s.Name, said), Hint: hint}
	if !slices.ContainsFunc(r.out.Diagnostics, func(e normalize.Diagnostic) bool { return e.Message == d.Message && e.Pos == d.Pos }) {
		r.out.Diagnostics = append(r.out.Diagnostics, d)
	}
}

// removePlaceholders replaces the still-literal placeholders of v with "".
func removePlaceholders(v string, un []Unresolved) string {
	for _, u := range un {
		v = strings.Replace(v, u.Text, "", 1)
	}
	return v
}

// piscesValue applies pisces's connect-time semantics to an env or header
// value: a leading "!" runs a command whose trimmed stdout is the value;
// a value naming a set variable is that variable's value; an unresolved
// or empty value drops the key.
func (r *resolver) piscesValue(f *Field) {
	unresolved := len(f.Problems) > 0
	switch {
	case strings.HasPrefix(f.Value, "!"):
		line := commandLine(f.Value)
		f.External = true
		if r.env.Run == nil {
			f.Dropped, f.NotRun = true, true
			f.Problems = append(f.Problems, "the command is not run without --allow-exec")
			r.diag(*f, "%s will not be sent: %q is a command, which runs only with --allow-exec", r.what(f.Field, f.Key), "!"+line)
			return
		}
		res := r.env.Run.Run(line)
		if res.Err != "" {
			f.Dropped = true
			f.Problems = append(f.Problems, res.Err)
			r.diag(*f, "%s will not be sent: %s", r.what(f.Field, f.Key), res.Err)
			return
		}
		f.Value = res.Output
		f.Pieces = []Piece{{Start: 0, End: len(res.Output), Kind: FromCommand, Name: line, Text: f.Raw}}
		r.out.Secrets = append(r.out.Secrets, res.Output)
		return
	case !unresolved && f.Value != "" && IsEnvName(f.Value):
		if v, ok := r.lookup(f.Value); ok && v != "" {
			name := f.Value
			f.Value = v
			f.Pieces = []Piece{{Start: 0, End: len(v), Kind: FromVariable, Name: name, Text: name}}
			f.External = true
			r.out.Secrets = append(r.out.Secrets, v)
		}
	}
	switch {
	case unresolved:
		f.Dropped = true
		r.diag(*f, "%s will not be sent: %s", r.what(f.Field, f.Key), unsetList(f.Raw, r.syntaxes(), r.env))
	case f.Value == "":
		f.Dropped = true
		r.diag(*f, "%s will not be sent: its value is empty", r.what(f.Field, f.Key))
	}
}

// unsetList names the placeholders of raw that did not resolve:
// `${TOKEN} is unset`.
func unsetList(raw string, syntaxes []Syntax, env Env) string {
	_, un := Expand(raw, syntaxes, Context{Lookup: env.Lookup, Inputs: env.Inputs})
	var parts []string
	for _, u := range un {
		parts = append(parts, u.Text)
	}
	if len(parts) == 0 {
		return "it does not resolve"
	}
	verb := "is"
	if len(parts) > 1 {
		verb = "are"
	}
	return strings.Join(parts, ", ") + " " + verb + " unset"
}

// byName resolves the variables a client reads by name (Codex): env_vars
// pass variables through, bearer_token_env_var and env_http_headers fill
// headers.
func (r *resolver) byName() {
	if !r.c.VarsByName {
		return
	}
	s := r.s
	for _, name := range s.EnvVars {
		f := Field{Field: "env", Key: name, Raw: name, External: true}
		f.Path, f.Pos = r.position("env_vars", "")
		if v, ok := r.lookup(name); ok {
			f.Value = v
			f.Pieces = []Piece{{Start: 0, End: len(v), Kind: FromVariable, Name: name, Text: name}}
			if r.out.Server.Env == nil {
				r.out.Server.Env = map[string]string{}
			}
			// a value written in env wins over the inherited one
			if _, set := r.out.Server.Env[name]; !set {
				r.out.Server.Env[name] = v
			}
			r.out.Secrets = append(r.out.Secrets, v)
		} else {
			f.Dropped = true
			f.Problems = append(f.Problems, fmt.Sprintf("variable %q is not set", name))
			if rule := r.c.UnsetIn("env_vars"); rule.Does == normalize.UnsetFails {
				r.refuse(f, rule, name, false)
			} else {
				r.diag(f, "env %q will not be passed: variable %q in \"env_vars\" is not set", name, name)
			}
		}
		r.out.Fields = append(r.out.Fields, f)
	}
	keys := make([]string, 0, len(s.HeaderEnvRefs))
	for h := range s.HeaderEnvRefs {
		keys = append(keys, h)
	}
	slices.Sort(keys)
	for _, h := range keys {
		name := s.HeaderEnvRefs[h]
		field := "env_http_headers"
		if strings.EqualFold(h, "Authorization") && name == s.BearerTokenEnvVar {
			field = "bearer_token_env_var"
		}
		f := Field{Field: "headers", Key: h, Raw: name, External: true}
		f.Path, f.Pos = r.position(field, "")
		v, ok := r.lookup(name)
		if !ok || v == "" {
			f.Dropped = true
			what := "is not set"
			if ok {
				what = "is empty"
			}
			f.Problems = append(f.Problems, fmt.Sprintf("variable %q %s", name, what))
			if rule := r.c.UnsetIn(field); rule.Does == normalize.UnsetFails && (!ok || rule.EmptyToo) {
				r.refuse(f, rule, name, ok)
			} else {
				r.diag(f, "header %q will not be sent: variable %q in %q %s", h, name, field, what)
			}
			r.out.Fields = append(r.out.Fields, f)
			continue
		}
		prefix := ""
		if field == "bearer_token_env_var" {
			prefix = "Bearer "
		}
		f.Value = prefix + v
		f.Pieces = []Piece{{Start: len(prefix), End: len(f.Value), Kind: FromVariable, Name: name, Text: name}}
		if r.out.Server.Headers == nil {
			r.out.Server.Headers = map[string]string{}
		}
		r.out.Server.Headers[h] = f.Value
		r.out.Secrets = append(r.out.Secrets, v)
		r.out.Fields = append(r.out.Fields, f)
	}
}

func (r *resolver) lookup(name string) (string, bool) {
	if r.env.Lookup == nil {
		return "", false
	}
	return r.env.Lookup(name)
}

// readFile reads opencode {file:path} relative to the config file.
func (r *resolver) readFile(path string) ([]byte, error) {
	if r.env.ReadFile == nil {
		return nil, fmt.Errorf("files are not read here")
	}
	if !filepath.IsAbs(path) && r.doc != nil {
		path = filepath.Join(filepath.Dir(r.doc.Abs), path)
	}
	return r.env.ReadFile(path)
}

// what names a value in messages: `env "GITHUB_TOKEN"`, `header
// "Authorization"`, `"url"`, `"args"[2]`.
func (r *resolver) what(field, key string) string {
	switch field {
	case "env":
		return fmt.Sprintf("env %q", key)
	case "headers":
		return fmt.Sprintf("header %q", key)
	case "args":
		return fmt.Sprintf("%q[%s]", "args", key)
	}
	return fmt.Sprintf("%q", field)
}

// position finds the value a field was read from in the server's entry.
func (r *resolver) position(field, key string) (string, normalize.Pos) {
	s := r.s
	path := s.FieldPath(r.c.FieldKey(field))
	v, _ := r.node(field, key)
	if v == nil {
		return path, s.Source.Pos
	}
	return path, v.Range.Start
}

// node is the value a field was read from, or its nearest enclosing one
// (exact is false then); nil without one.
func (r *resolver) node(field, key string) (v *normalize.Value, exact bool) {
	n := r.s.Node
	if n == nil {
		return nil, false
	}
	m := n.Member(r.c.FieldKey(field))
	if m == nil {
		return nil, false
	}
	v = m.Value
	switch {
	case key == "":
		return v, true
	case v.Kind == normalize.Object:
		if e := v.Member(key); e != nil {
			return e.Value, true
		}
	case v.Kind == normalize.Array:
		var i int
		if _, err := fmt.Sscan(key, &i); err == nil {
			if r.c.CommandArray && field == "args" {
				i++ // the program is the first item
			}
			if i >= 0 && i < len(v.Items) {
				return v.Items[i], true
			}
		}
	}
	return v, false
}

// placeholderPos is where placeholder u of the value raw is written: exact
// when the value is written on one line without escapes, else the
// value's position.
func (r *resolver) placeholderPos(field, key, raw string, u Unresolved) normalize.Pos {
	_, pos := r.position(field, key)
	v, exact := r.node(field, key)
	if !exact || r.doc == nil || r.doc.Lines == nil || v.Kind != normalize.String || v.Str != raw {
		return pos
	}
	so, eo := v.Range.Start.Offset, v.Range.End.Offset
	if so < 0 || eo > len(r.doc.Src) || eo-so != len(raw)+2 || string(r.doc.Src[so+1:eo-1]) != raw ||
		strings.ContainsAny(raw, "\n\r") || u.Start < 0 || u.Start > len(raw) {
		return pos
	}
	return r.doc.Lines.Pos(so + 1 + u.Start)
}

// diag adds a diagnostic and returns it, or nil when the same one is
// there already.
func (r *resolver) diag(f Field, format string, args ...any) *normalize.Diagnostic {
	return r.diagHint(f, "", format, args...)
}

func (r *resolver) diagHint(f Field, hint, format string, args ...any) *normalize.Diagnostic {
	msg := fmt.Sprintf(format, args...)
	d := normalize.Diagnostic{Rule: normalize.RuleUnresolved, Severity: normalize.Warning, Path: f.Path, Pos: f.Pos,
		Message: fmt.Sprintf("server %q: %s", r.s.Name, msg), Hint: hint}
	for _, e := range r.out.Diagnostics {
		if e.Message == d.Message && e.Pos == d.Pos {
			return nil
		}
	}
	r.out.Diagnostics = append(r.out.Diagnostics, d)
	return &r.out.Diagnostics[len(r.out.Diagnostics)-1]
}
