// Package define writes one server definition as each client reads it:
// the shape, keys, transport literal and placeholder syntax of the
// client's descriptor, or, where the client cannot express the definition
// exactly, a refusal that says why and what to do. It is the translation
// mcpconf add and mcpconf sync write through (the edit package does the
// writing); a package of its own because both commands, and their tests
// against the real clients, need the same translation and nothing else of
// either.
package define

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// Server is a definition as the user means it, in no client's syntax:
// values may reference variables as ${NAME}.
type Server struct {
	Name      string
	Transport normalize.Transport // Stdio, HTTP or SSE
	Command   string
	Args      []string
	Cwd       string // the working directory of a stdio server; "" is the client's
	Env       []KV
	URL       string
	Headers   []KV
	// EnvFile is a .env file whose variables a stdio server gets (VS
	// Code's envFile), an absolute path: what a relative one is relative
	// to differs between clients.
	EnvFile string
	// StartupTimeout bounds the server's start, up to its first tool list;
	// ToolTimeout bounds one tool call; 0: the client's default.
	StartupTimeout, ToolTimeout time.Duration
	// IncludeTools and ExcludeTools are the tool names the server's tools
	// are filtered by: nil for no list; an empty IncludeTools allows no
	// tool.
	IncludeTools, ExcludeTools []string
	// From is the private file the definition was read from, with its
	// scope ("~/.claude.json (user scope)"), for sync; "" for one given on
	// the command line or read from the project. A definition read from a
	// private file is written into a shared one only without its literal
	// values (Shared).
	From string
}

// KV is one env variable or header, in the order given.
type KV struct{ Key, Value string }

// Refusal says why a client cannot hold a definition exactly, and what the
// user can do.
type Refusal struct {
	Reason, Hint string
}

func (r *Refusal) Error() string { return r.Reason }

// Entry is a definition written for one client: the entry's value as JSON
// with its keys in writing order (edit.InsertMember renders it in the
// file's format).
type Entry struct {
	JSON string
}

// For writes s as client c reads it. A definition c cannot express
// exactly is a *Refusal: a transport it has no literal or inference for,
// a variable it would not expand where it is used, a literal that looks
// like a secret.
func For(c *normalize.Client, s Server) (Entry, error) {
	return write(c, s, nil)
}

// NameNote says what the client's own add command does with s's name
// when only that command refuses it (normalize.NamePattern.AddOnly):
// written all the same, with this warning; "" otherwise.
func NameNote(c *normalize.Client, s Server) string {
	p := c.NamePattern
	if p == nil || !p.AddOnly || p.Match(s.Name) {
		return ""
	}
	return fmt.Sprintf("%s (its names must match %s); %s loads it from the file, but rename it to manage it with that command, e.g. to %q",
		p.Outside(c, s.Name), p.Pattern, c.Product, p.Suggest(s.Name))
}

// Force is For that writes, where a client cannot hold the definition
// exactly but has a nearest form, that form, and says in a warning what it
// changes: a variable a by-name client passes under its own name, SSE
// reached with streamable HTTP, a reference the client sends literally. A
// literal secret is never written.
func Force(c *normalize.Client, s Server) (Entry, []string, error) {
	f := &forced{}
	e, err := write(c, s, f)
	return e, f.warnings, err
}

// forced collects what Force changed; nil in For.
type forced struct{ warnings []string }

// allow reports whether a nearest form may be written, and says so.
func (f *forced) allow(format string, args ...any) bool {
	if f == nil {
		return false
	}
	f.warnings = append(f.warnings, fmt.Sprintf(format, args...))
	return true
}

func write(c *normalize.Client, s Server, f *forced) (Entry, error) {
	if err := text(s); err != nil {
		return Entry{}, err
	}
	// an input first: its value is no literal, though it is written as one
	for _, v := range values(s) {
		if err := inputs(c, resolve.Scan(v)); err != nil {
			return Entry{}, err
		}
	}
	if err := literalSecrets(c, s); err != nil {
		return Entry{}, err
	}
	if p := c.NamePattern; p != nil && !p.AddOnly && !p.Match(s.Name) {
		return Entry{}, &Refusal{Reason: fmt.Sprintf("%s: its names must match %s", p.Outside(c, s.Name), p.Pattern),
			Hint: fmt.Sprintf("name it %q instead", p.Suggest(s.Name))}
	}
	var o object
	remote := s.Transport == normalize.HTTP || s.Transport == normalize.SSE
	switch {
	case s.Transport == normalize.Stdio && s.Command == "":
		return Entry{}, &Refusal{Reason: fmt.Sprintf("server %q has no command", s.Name), Hint: "give the command to run after --"}
	case remote && s.URL == "":
		return Entry{}, &Refusal{Reason: fmt.Sprintf("server %q has no URL", s.Name), Hint: "give the server's URL"}
	case !remote && s.Transport != normalize.Stdio:
		return Entry{}, &Refusal{Reason: fmt.Sprintf("server %q has no transport mcpconf can write", s.Name)}
	}
	if remote && !c.Knows(c.FieldKey("url")) {
		return Entry{}, &Refusal{Reason: fmt.Sprintf("%s starts local servers only: it has no URL setting for %q", c.Product, s.Name), Hint: c.RemoteHint}
	}
	typ := c.TypeFor(s.Transport)
	switch {
	case typ != "" && !remote && !c.TypeRequired:
		// a command says stdio to every client that infers; a "type" for
		// it is one more thing a client's schema may reject (Gemini CLI's
		// lists only "sse" and "http")
	case typ != "":
		o.set("type", typ)
	case len(c.Types) > 0:
		return Entry{}, &Refusal{Reason: fmt.Sprintf("%s has no \"type\" for a %s server", c.Product, s.Transport),
			Hint: "use the server's streamable HTTP endpoint (often /mcp instead of /sse) with --transport http"}
	case s.Transport == normalize.SSE && (c.NoSSE || !c.URLMeansSSE) &&
		!f.allow("%s reaches %q with streamable HTTP, not SSE: an SSE-only endpoint will not answer", c.Product, s.URL):
		return Entry{}, &Refusal{Reason: fmt.Sprintf("%s cannot connect to an SSE server", c.Product),
			Hint: "use the server's streamable HTTP endpoint (often /mcp instead of /sse) with --transport http"}
	case s.Transport == normalize.HTTP && c.URLMeansSSE &&
		!f.allow("%s reaches %q with the legacy SSE transport, not streamable HTTP", c.Product, s.URL):
		return Entry{}, &Refusal{Reason: fmt.Sprintf("%s reaches every url with the legacy SSE transport", c.Product),
			Hint: "give the server's SSE endpoint with --transport sse, if it has one"}
	}
	if remote {
		u, err := ref(c, f, s.URL, "url")
		if err != nil {
			return Entry{}, err
		}
		key := c.FieldKey("url")
		if k := c.URLKeys[s.Transport]; k != "" {
			key = k // Qwen Code's httpUrl
		}
		o.set(key, u)
		if err := headers(c, f, &o, s.Headers); err != nil {
			return Entry{}, err
		}
		if way := c.RemoteWay(s.URL); way != "" && !f.allow("%s reaches %q with neither MCP transport: it %s", c.Product, s.URL, way) {
			return Entry{}, &Refusal{Reason: fmt.Sprintf("%s reaches %q with neither MCP transport: it %s", c.Product, s.URL, way),
				Hint: fmt.Sprintf("start the server as a local command for %s, or pass --force if it answers plain JSON-RPC there", c.Product)}
		}
		if err := rest(c, f, &o, s); err != nil {
			return Entry{}, err
		}
		return o.entry()
	}
	cmd, err := ref(c, f, s.Command, "command")
	if err != nil {
		return Entry{}, err
	}
	args := make([]any, 0, len(s.Args))
	for _, a := range s.Args {
		v, err := ref(c, f, a, "args")
		if err != nil {
			return Entry{}, err
		}
		args = append(args, v)
	}
	if c.CommandArray {
		o.set(c.FieldKey("command"), append([]any{cmd}, args...))
	} else {
		o.set(c.FieldKey("command"), cmd)
		if len(args) > 0 {
			o.set(c.FieldKey("args"), args)
		}
	}
	if s.Cwd != "" {
		switch {
		case c.Knows("cwd"):
			cwd, err := ref(c, f, s.Cwd, "cwd")
			if err != nil {
				return Entry{}, err
			}
			o.set(c.FieldKey("cwd"), cwd)
		case !f.allow("%s has no working directory setting: the server starts where %s does, not in %q", c.Product, c.Product, s.Cwd):
			return Entry{}, &Refusal{Reason: fmt.Sprintf("%s has no working directory setting for %q (%q)", c.Product, s.Name, s.Cwd),
				Hint: "make the command work from any directory (absolute paths), or leave this client out"}
		}
	}
	if err := env(c, f, &o, s.Env); err != nil {
		return Entry{}, err
	}
	if err := envFile(c, f, &o, s); err != nil {
		return Entry{}, err
	}
	if err := rest(c, f, &o, s); err != nil {
		return Entry{}, err
	}
	return o.entry()
}

// rest writes what any server may have besides its transport: timeouts
// and tool filters.
func rest(c *normalize.Client, f *forced, o *object, s Server) error {
	if err := timeouts(c, f, o, s); err != nil {
		return err
	}
	return toolFilters(c, f, o, s)
}

// envFile writes a stdio server's .env file for a client that loads one
// (ChildEnv.EnvFile), under its key, when the path is absolute: mcpconf
// does not know what every client takes a relative path to be relative
// to.
func envFile(c *normalize.Client, f *forced, o *object, s Server) error {
	if s.EnvFile == "" {
		return nil
	}
	key := c.FieldKey("env_file")
	switch {
	case !c.ChildEnv.EnvFile || !c.Knows(key):
		if f.allow("%s reads no env file: %q does not get the variables of %q", c.Product, s.Name, s.EnvFile) {
			return nil
		}
		return &Refusal{Reason: fmt.Sprintf("%s reads no env file for %q (%q)", c.Product, s.Name, s.EnvFile),
			Hint: "write the variables the server needs in its env (KEY=${KEY}), or leave this client out"}
	case !filepath.IsAbs(s.EnvFile):
		if f.allow("the env file %q of %q is left out: mcpconf does not know which file a relative path names for %s", s.EnvFile, s.Name, c.Product) {
			return nil
		}
		return &Refusal{Reason: fmt.Sprintf("the env file %q of %q is a relative path, which mcpconf does not know how %s resolves", s.EnvFile, s.Name, c.Product),
			Hint: "write the env file's absolute path"}
	}
	v, err := ref(c, f, s.EnvFile, key)
	if err != nil {
		return err
	}
	o.set(key, v)
	return nil
}

// timeouts writes a server's startup and tool-call timeouts in the
// client's fields (Shape.Timeouts), each in a field that bounds the same
// thing, in its unit. A client whose one field bounds both takes them
// only when they are equal.
func timeouts(c *normalize.Client, f *forced, o *object, s Server) error {
	st, tt := s.StartupTimeout, s.ToolTimeout
	if st == 0 && tt == 0 {
		return nil
	}
	var start, call []normalize.TimeoutField
	var both *normalize.TimeoutField
	for i, t := range c.Timeouts {
		switch t.Bounds {
		case normalize.BoundsStartup:
			start = append(start, t)
		case normalize.BoundsCall:
			call = append(call, t)
		case normalize.BoundsStartup | normalize.BoundsCall:
			both = &c.Timeouts[i]
		}
	}
	if both != nil && len(start) == 0 && len(call) == 0 {
		d := max(st, tt)
		switch {
		case st == tt:
		case st == 0 || tt == 0:
			what, other := "startup", "each tool call"
			if st == 0 {
				what, other = "tool-call", "the start"
			}
			if !f.allow("%s's %q bounds the start and each tool call: the %s timeout %q of %q now bounds %s too", c.Product, both.Key, what, d.String(), s.Name, other) {
				return &Refusal{Reason: fmt.Sprintf("%s's %q bounds both the start and each tool call: it cannot hold a %s timeout alone (%q for %q)", c.Product, both.Key, what, d.String(), s.Name),
					Hint: "set the same timeout for the start and for tool calls, or leave this client out"}
			}
		default:
			if !f.allow("%s's %q bounds the start and each tool call: both are %q for %q (the startup timeout was %q, the tool-call timeout %q)", c.Product, both.Key, d.String(), s.Name, st.String(), tt.String()) {
				return &Refusal{Reason: fmt.Sprintf("%s's %q bounds both the start and each tool call: it cannot hold a startup timeout of %q and a tool-call timeout of %q for %q", c.Product, both.Key, st.String(), tt.String(), s.Name),
					Hint: "set the same timeout for the start and for tool calls, or leave this client out"}
			}
		}
		return timeout(c, f, o, []normalize.TimeoutField{*both}, d, "", s.Name)
	}
	if err := timeout(c, f, o, start, st, "startup", s.Name); err != nil {
		return err
	}
	return timeout(c, f, o, call, tt, "tool-call", s.Name)
}

// timeout writes d in the first of fields that holds it exactly, or,
// forced, the nearest value in the first.
func timeout(c *normalize.Client, f *forced, o *object, fields []normalize.TimeoutField, d time.Duration, what, name string) error {
	if d == 0 {
		return nil
	}
	if len(fields) == 0 {
		if f.allow("%s has no per-server %s timeout: %q of %q is left out and %s's default applies", c.Product, what, d.String(), name, c.Product) {
			return nil
		}
		hint := c.Missing[strings.ReplaceAll(what, "-call", "")+"_timeout"]
		if hint == "" {
			hint = "leave the timeout out, or leave this client out"
		}
		if c.UnverifiedTimeouts() {
			return &Refusal{Reason: fmt.Sprintf("mcpconf does not write %s's timeout, whose meaning is not verified: it cannot carry the %s timeout of %q (%q)", c.Product, what, name, d.String()), Hint: hint}
		}
		return &Refusal{Reason: fmt.Sprintf("%s has no per-server %s timeout for %q (%q)", c.Product, what, name, d.String()), Hint: hint}
	}
	for _, t := range fields {
		if v, ok := exactly(t, d); ok {
			o.set(t.Key, v)
			return nil
		}
	}
	t := fields[0]
	v, near := nearest(t, d)
	if f.allow("%s's %q takes %s: %q of %q is written as %q", c.Product, t.Key, takes(t), d.String(), name, near.String()) {
		o.set(t.Key, v)
		return nil
	}
	return &Refusal{Reason: fmt.Sprintf("%s's %q takes %s: it cannot hold %q exactly", c.Product, t.Key, takes(t), d.String()),
		Hint: fmt.Sprintf("set a timeout of %q instead, or leave this client out", near.String())}
}

// exactly is d as a number of t's unit that reads back as d (the decoder
// multiplies the number by the unit), when t takes it.
func exactly(t normalize.TimeoutField, d time.Duration) (any, bool) {
	if t.Min > 0 && d < t.Min || t.Max > 0 && d > t.Max {
		return nil, false
	}
	if d%t.Unit == 0 {
		return int64(d / t.Unit), true
	}
	x := float64(d) / float64(t.Unit)
	if t.Whole || time.Duration(x*float64(t.Unit)) != d {
		return nil, false
	}
	return x, true
}

// nearest is the value t takes that is nearest d, and the duration it
// stands for.
func nearest(t normalize.TimeoutField, d time.Duration) (any, time.Duration) {
	if t.Min > 0 {
		d = max(d, t.Min)
	}
	if t.Max > 0 {
		d = min(d, t.Max)
	}
	if v, ok := exactly(t, d); ok {
		return v, d
	}
	n := max((d+t.Unit/2)/t.Unit, 1)
	return int64(n), n * t.Unit
}

// takes says what values a timeout field takes: "whole milliseconds from
// 1s".
func takes(t normalize.TimeoutField) string {
	unit := map[time.Duration]string{time.Millisecond: "milliseconds", time.Second: "seconds"}[t.Unit]
	if unit == "" {
		unit = "units of " + t.Unit.String()
	}
	out := unit
	if t.Whole {
		out = "whole " + unit
	}
	switch {
	case t.Min > 0 && t.Max > 0:
		out += fmt.Sprintf(" from %s to %s", t.Min, t.Max)
	case t.Min > 0:
		out += fmt.Sprintf(" from %s", t.Min)
	case t.Max > 0:
		out += fmt.Sprintf(" up to %s", t.Max)
	}
	return out
}

// toolFilters writes a server's tool allow-list and deny-list in the
// client's keys (Shape.ToolFilters). A name the client would read as a
// pattern (a glob, Gemini CLI's "tool(args)") is refused.
func toolFilters(c *normalize.Client, f *forced, o *object, s Server) error {
	for i, list := range [2][]string{s.IncludeTools, s.ExcludeTools} {
		if list == nil {
			continue
		}
		what, effect := "allow-list", "every tool of the server is available"
		if i == 1 {
			what, effect = "deny-list", "the tools it names are available"
		}
		key := c.ToolFilters[i]
		if key == "" {
			if f.allow("%s has no per-server tool %s: that of %q is left out, so %s", c.Product, what, s.Name, effect) {
				continue
			}
			return &Refusal{Reason: fmt.Sprintf("%s has no per-server tool %s for %q", c.Product, what, s.Name),
				Hint: "leave this client out, or turn the tools off in the client itself"}
		}
		names := make([]any, 0, len(list))
		for _, n := range list {
			if i == 0 && c.ToolArgsInAllow && strings.Contains(n, "(") {
				return &Refusal{Reason: fmt.Sprintf("%s reads %q in %q as a pattern, not as a tool name", c.Product, n, key),
					Hint: "leave this client out"}
			}
			names = append(names, n)
		}
		o.set(key, names)
	}
	return nil
}

// env writes a stdio server's environment: values in the client's
// placeholder syntax, or, for a client that reads variables by name, the
// names of the variables passed whole.
func env(c *normalize.Client, f *forced, o *object, kvs []KV) error {
	if len(kvs) == 0 {
		return nil
	}
	if !c.Knows(c.FieldKey("env")) {
		if f.allow("%s has no env setting: the server does not get %s", c.Product, keys(kvs)) {
			return nil
		}
		return &Refusal{Reason: fmt.Sprintf("%s has no env setting: it cannot give the server %s", c.Product, keys(kvs)),
			Hint: "leave this client out, or set the variables where it runs"}
	}
	if c.ByName != nil {
		var names []any
		var lits []kv
		for _, e := range kvs {
			ph := resolve.Scan(e.Value)
			switch {
			case len(ph) == 0:
				lits = append(lits, kv{e.Key, e.Value})
			case len(ph) == 1 && ph[0].Text == e.Value && plainVar(ph[0]) && ph[0].Name == e.Key:
				names = append(names, e.Key)
			case len(ph) == 1 && ph[0].Text == e.Value && plainVar(ph[0]) &&
				f.allow("%s passes %s to the server under its own name, not as %s, so the server must read %s", c.Product, ph[0].Name, e.Key, ph[0].Name):
				names = append(names, ph[0].Name)
			default:
				return &Refusal{Reason: fmt.Sprintf("%s passes variables to a server by name: it cannot give %q to the server as %s", c.Product, e.Value, e.Key),
					Hint: fmt.Sprintf("name the variable %s where the server runs, and write %s=${%s}", e.Key, e.Key, e.Key)}
			}
		}
		if len(lits) > 0 {
			o.set(c.FieldKey("env"), object{lits})
		}
		if len(names) > 0 {
			o.set(c.ByName.Env, names)
		}
		return nil
	}
	var out object
	for _, e := range kvs {
		v, err := ref(c, f, e.Value, "env")
		if err != nil {
			return err
		}
		out.set(e.Key, v)
	}
	o.set(c.FieldKey("env"), out)
	return nil
}

// headers writes a remote server's headers, as env does.
func headers(c *normalize.Client, f *forced, o *object, kvs []KV) error {
	if len(kvs) == 0 {
		return nil
	}
	if !c.Knows(c.FieldKey("headers")) {
		if f.allow("%s has no headers setting: it does not send %s", c.Product, keys(kvs)) {
			return nil
		}
		return &Refusal{Reason: fmt.Sprintf("%s has no headers setting: it cannot send %s", c.Product, keys(kvs)),
			Hint: "leave this client out"}
	}
	if c.ByName != nil {
		var lits, byName []kv
		for _, h := range kvs {
			ph := resolve.Scan(h.Value)
			switch {
			case len(ph) == 0:
				lits = append(lits, kv{h.Key, h.Value})
			case len(ph) == 1 && plainVar(ph[0]) && strings.EqualFold(h.Key, "Authorization") && h.Value == "Bearer "+ph[0].Text && c.ByName.Bearer != "":
				o.set(c.ByName.Bearer, ph[0].Name)
			case len(ph) == 1 && plainVar(ph[0]) && ph[0].Text == h.Value && c.ByName.Headers != "":
				byName = append(byName, kv{h.Key, ph[0].Name})
			default:
				return &Refusal{Reason: fmt.Sprintf("%s reads header values from variables by name: it cannot send %q in %s", c.Product, h.Value, h.Key),
					Hint: fmt.Sprintf("put the whole value of %s in one variable and write %s: ${VARIABLE}", h.Key, h.Key)}
			}
		}
		if len(lits) > 0 {
			o.set(c.FieldKey("headers"), object{lits})
		}
		if len(byName) > 0 {
			o.set(c.ByName.Headers, object{byName})
		}
		return nil
	}
	var out object
	for _, h := range kvs {
		v, err := ref(c, f, h.Value, "headers")
		if err != nil {
			return err
		}
		out.set(h.Key, v)
	}
	o.set(c.FieldKey("headers"), out)
	return nil
}

// ref rewrites the ${NAME} references of a value in the client's own
// syntax, where the client expands them in field; a value without one is
// written as it is. A reference the client would send literally, or one
// with a default it has no syntax for, is a refusal.
func ref(c *normalize.Client, f *forced, v, field string) (string, error) {
	phs := resolve.Scan(v)
	if len(phs) == 0 {
		return v, nil
	}
	if err := inputs(c, phs); err != nil {
		return "", err
	}
	own := resolve.Scan(c.VarRef("X"))
	if c.VarForm == "" || len(own) != 1 || c.VarsByName {
		if f.allow("%s sends %q literally in %q: it expands no variables there", c.Product, v, field) {
			return v, nil
		}
		return "", &Refusal{Reason: fmt.Sprintf("%s expands no variables in %q: it would send %q literally", c.Product, field, v),
			Hint: "write the value itself, if it is no secret, or leave this client out"}
	}
	if !c.Expands(own[0].Syntax) || len(c.ExpandFields) > 0 && !slices.Contains(c.ExpandFields, field) {
		if f.allow("%s sends %q literally in %q: it expands no variables there", c.Product, v, field) {
			return v, nil
		}
		return "", &Refusal{Reason: fmt.Sprintf("%s does not expand variables in %q: it would send %q literally", c.Product, field, v),
			Hint: "write the value itself, if it is no secret, or leave this client out"}
	}
	var b strings.Builder
	at := 0
	for _, ph := range phs {
		if !plainVar(ph) {
			return "", &Refusal{Reason: fmt.Sprintf("%q is not a plain ${NAME} reference, which is all mcpconf translates", ph.Text),
				Hint: "write ${NAME} without a default"}
		}
		b.WriteString(v[at:ph.Start])
		r := c.VarRef(ph.Name)
		if strings.HasSuffix(r, ph.Name) && ph.End < len(v) && nameByte(v[ph.End]) {
			// $NAME then a letter would name another variable: the braced
			// form, where the client has it
			if !c.Expands(resolve.Dollar) {
				return "", &Refusal{Reason: fmt.Sprintf("%s would read %q as another variable than %s", c.Product, r+v[ph.End:], ph.Name),
					Hint: fmt.Sprintf("put a character that cannot be in a name after ${%s}", ph.Name)}
			}
			r = "${" + ph.Name + "}"
		}
		b.WriteString(r)
		at = ph.End
	}
	b.WriteString(v[at:])
	return b.String(), nil
}

// inputs refuses a VS Code ${input:id} among phs: a client without
// inputs would send it literally, and one with them prompts only for an
// input its file declares, which mcpconf does not copy.
func inputs(c *normalize.Client, phs []resolve.Placeholder) error {
	for _, ph := range phs {
		switch {
		case ph.Syntax != resolve.Input:
		case !c.Inputs:
			return &Refusal{Reason: fmt.Sprintf("%s has no inputs: %q is a value VS Code prompts for, which %s cannot ask for", c.Product, ph.Text, c.Product),
				Hint: fmt.Sprintf("put the value in an environment variable and reference it as ${NAME} instead of %q, or leave this client out", ph.Text)}
		default:
			return &Refusal{Reason: fmt.Sprintf("%q is declared in the source's \"inputs\", which mcpconf does not copy", ph.Text),
				Hint: "declare the input in the target file's \"inputs\" and write the server there by hand, or reference an environment variable"}
		}
	}
	return nil
}

// values are the strings of s that may hold placeholders.
func values(s Server) []string {
	out := append([]string{s.Command, s.URL, s.Cwd, s.EnvFile}, s.Args...)
	for _, e := range s.Env {
		out = append(out, e.Value)
	}
	for _, h := range s.Headers {
		out = append(out, h.Value)
	}
	return out
}

// nameByte is a byte that continues a variable's name.
func nameByte(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// plainVar is a ${NAME} reference without a default.
func plainVar(ph resolve.Placeholder) bool {
	return ph.Syntax == resolve.Dollar && !ph.HasDefault && resolve.IsEnvName(ph.Name)
}

// keys names the keys of kvs, quoted: "A", "B".
func keys(kvs []KV) string {
	var q []string
	for _, e := range kvs {
		q = append(q, strconv.Quote(e.Key))
	}
	return strings.Join(q, ", ")
}

// text refuses a definition with a name no file can hold as given (empty,
// or with a control character), or with text that is not UTF-8: a JSON or
// TOML file would hold something else.
func text(s Server) error {
	if s.Name == "" || strings.ContainsFunc(s.Name, unicode.IsControl) {
		return &Refusal{Reason: fmt.Sprintf("server name %q cannot be written: it is empty or holds a control character", s.Name), Hint: "choose another name"}
	}
	all := append([]string{s.Name, s.Command, s.URL, s.Cwd, s.EnvFile}, s.Args...)
	for _, kv := range append(slices.Clone(s.Env), s.Headers...) {
		all = append(all, kv.Key, kv.Value)
	}
	all = append(append(all, s.IncludeTools...), s.ExcludeTools...)
	for _, t := range all {
		if !utf8.ValidString(t) {
			return &Refusal{Reason: fmt.Sprintf("server %q holds text that is not UTF-8 (%q), which a config file cannot hold as given", s.Name, t), Hint: "write it in UTF-8"}
		}
	}
	return nil
}

// kv is one member of an object written in order.
type kv struct {
	key string
	val any
}

// object is a JSON object that keeps its keys in writing order.
type object struct{ members []kv }

func (o *object) set(key string, v any) {
	if i := slices.IndexFunc(o.members, func(m kv) bool { return m.key == key }); i >= 0 {
		o.members[i].val = v
		return
	}
	o.members = append(o.members, kv{key, v})
}

func (o object) entry() (Entry, error) {
	b, err := o.MarshalJSON()
	return Entry{JSON: string(b)}, err
}

// MarshalJSON writes the members in order, with ": " and ", " as users
// write them.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("{")
	for i, m := range o.members {
		if i > 0 {
			b.WriteString(", ")
		}
		k, err := marshal(m.key)
		if err != nil {
			return nil, err
		}
		v, err := marshal(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteString(": ")
		b.Write(v)
	}
	b.WriteString("}")
	return b.Bytes(), nil
}

func marshal(v any) ([]byte, error) {
	switch t := v.(type) {
	case []any:
		var b bytes.Buffer
		b.WriteString("[")
		for i, x := range t {
			if i > 0 {
				b.WriteString(", ")
			}
			s, err := marshal(x)
			if err != nil {
				return nil, err
			}
			b.Write(s)
		}
		b.WriteString("]")
		return b.Bytes(), nil
	case object:
		return t.MarshalJSON()
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
