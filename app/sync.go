package app

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/view"
)

// SyncRequest copies servers as one client uses them into other clients'
// files (mcpconf sync).
type SyncRequest struct {
	Options *discover.Options
	From    *normalize.Client
	To      []*normalize.Client
	Scope   normalize.Scope
	Names   []string // none: every server of the source
	DryRun  bool
	Force   bool            // write nearest forms, with warnings (AddRequest.Force)
	Context context.Context // as AddRequest's
}

// Sync takes each server as the source client uses it (the definition in
// use in its view, after its own merge) in no client's syntax
// (Neutral), and writes it into each target client's file of the scope,
// a definition of the same name rewritten (Add with Replace). A name the
// source does not define is a *NotFoundError.
func Sync(req SyncRequest) (*AddResult, error) {
	set := req.Options.View(req.From, discover.AllScopes)
	var refused []run.ClientNote
	var servers []define.Server
	var secrets []string
	seen := map[string]bool{}
	for i := range set.Entries {
		s := &set.Entries[i].Server
		if len(req.Names) > 0 && !slices.Contains(req.Names, s.Name) {
			continue
		}
		seen[s.Name] = true
		// its values as the source holds them, for what the write prints
		secrets = append(secrets, view.ServerSecrets(s)...)
		n, err := Neutral(req.From, s)
		if err != nil {
			for _, c := range req.To {
				refused = append(refused, run.ClientNote{Client: c, Reason: err.Error()})
			}
			continue
		}
		n.From = privateFrom(set, s)
		servers = append(servers, n)
	}
	broken := unparsed(set)
	for _, n := range req.Names {
		if !seen[n] {
			if len(broken) > 0 {
				return nil, &NotFoundError{fmt.Sprintf("cannot find server %q: %s, so %s's servers there are unknown: fix it first (mcpconf lint shows how)", n, strings.Join(broken, "; "), req.From.Product)}
			}
			return nil, &NotFoundError{fmt.Sprintf("%s defines no server %q here", req.From.Product, n)}
		}
	}
	if len(req.Names) == 0 && len(set.Entries) == 0 {
		if len(broken) > 0 {
			return nil, &NotFoundError{fmt.Sprintf("nothing to sync: %s, and %s defines no server elsewhere: fix it first (mcpconf lint shows how)", strings.Join(broken, "; "), req.From.Product)}
		}
		return nil, &NotFoundError{fmt.Sprintf("nothing to sync: %s defines no server here (it reads %s): add one first (mcpconf add), or sync from another --from", req.From.Product, readPaths(set))}
	}
	out, err := Add(AddRequest{Options: req.Options, Clients: req.To, Scope: req.Scope, Servers: servers, DryRun: req.DryRun, Replace: true, Force: req.Force, Context: req.Context})
	if err != nil {
		return nil, err
	}
	out.Refused = append(refused, out.Refused...)
	for _, b := range broken {
		// what the source uses was copied, which leaves that file out: not
		// all that was asked (exit 1)
		out.Refused = append(out.Refused, run.ClientNote{Client: req.From, Reason: b + ", so its servers were not copied", Hint: "fix it (mcpconf lint shows how) and sync again"})
	}
	out.Secrets = append(out.Secrets, secrets...)
	return out, nil
}

// unparsed says, for each file of set that was found but could not be
// read or parsed, where and why: ".mcp.json:3:29: invalid character …
// does not parse".
func unparsed(set *normalize.Set) []string {
	var out []string
	for _, f := range set.Sources {
		if f.Status != normalize.Failed {
			continue
		}
		why := f.Path + " cannot be read"
		if f.Error != "" {
			why = fmt.Sprintf("%s:%s: the file does not parse", f.Path, f.Error)
			if f.Error[0] < '0' || f.Error[0] > '9' { // no position
				why = fmt.Sprintf("%s: %s: the file cannot be read", f.Path, f.Error)
			}
		}
		if !slices.Contains(out, why) {
			out = append(out, why)
		}
	}
	return out
}

// readPaths lists the files of set the client reads servers from, found
// or not, each once: ".mcp.json, ~/.claude.json".
func readPaths(set *normalize.Set) string {
	var out []string
	for _, f := range set.Sources {
		if f.Status != normalize.Ignored && !slices.Contains(out, f.Path) {
			out = append(out, f.Path)
		}
	}
	return strings.Join(out, ", ")
}

// privateFrom names the private file a definition of set was read from
// ("~/.claude.json (user scope)"): its own, or for a definition merged
// key by key, the first private file one of its fields came from; ""
// when every file it came from is the project's (define.Server.From).
func privateFrom(set *normalize.Set, s *normalize.Server) string {
	if s.Source.Scope != normalize.Project {
		return fmt.Sprintf("%s (%s scope)", s.Source.Path, s.Source.Scope)
	}
	for _, p := range slices.Sorted(maps.Values(s.FieldPaths)) {
		for _, f := range set.Sources {
			if f.Path == p && f.Scope != normalize.Project {
				return fmt.Sprintf("%s (%s scope)", f.Path, f.Scope)
			}
		}
	}
	return ""
}

// Neutral is a server as client c reads it, in no client's syntax: each
// reference to a variable in c's syntax becomes ${NAME}, and the
// variables c reads by name (Codex's env_vars, bearer_token_env_var,
// env_http_headers) become the values that reference them. A VS Code
// ${input:id} stays as it is: each target client says whether it can
// prompt for it (define.For). A placeholder c sends as written where
// another client would expand it (Codex's "${GITHUB_TOKEN}" in env) is
// refused: written for another client it would become a reference.
//
// A definition turned off by its own switch is refused rather than
// written on: sync never changes what a field means silently. So is a
// timeout of a client whose timeouts mcpconf does not write (Zed, pisces:
// what they bound is not verified), and a tool filter entry that is a
// pattern for c (a glob, a "tool(args)"): sync writes tool names. A
// plugin's server is the plugin's, not copied as a server of its own.
func Neutral(c *normalize.Client, s *normalize.Server) (define.Server, error) {
	out := define.Server{Name: s.Name, Transport: s.Transport, Command: s.Command, Args: slices.Clone(s.Args), URL: s.URL,
		StartupTimeout: s.StartupTimeout, ToolTimeout: s.ToolTimeout,
		IncludeTools: slices.Clone(s.IncludeTools), ExcludeTools: slices.Clone(s.ExcludeTools)}
	if s.Source.Plugin != "" {
		return out, fmt.Errorf("%s's server %q comes from the plugin %q (%s), which %s loads while the plugin is enabled: it is not copied as a server of its own", c.Product, s.Name, s.Source.Plugin, s.Source.Path, c.Product)
	}
	if s.Off != nil && s.Off.Kind == normalize.ByField {
		return out, fmt.Errorf("%s's server %q is turned off by its own switch, which sync does not write yet: it is not copied rather than copied turned on", c.Product, s.Name)
	}
	// the client whose shape the entry was read with (a provider, in a
	// merged view)
	rc := c
	if s.Source.Client != nil {
		rc = s.Source.Client
	}
	if (s.StartupTimeout != 0 || s.ToolTimeout != 0) && rc.UnverifiedTimeouts() {
		return out, fmt.Errorf("%s's server %q has a timeout whose meaning for %s is not verified (what it bounds), which sync does not copy: it is not copied rather than copied with a timeout that may bound something else", c.Product, s.Name, rc.Product)
	}
	for i, list := range [2][]string{s.IncludeTools, s.ExcludeTools} {
		for _, n := range list {
			if i == 0 && rc.ToolArgsInAllow && strings.Contains(n, "(") {
				return out, fmt.Errorf("%q in %q of %s's server %q is a pattern, not a tool name, which is all sync writes", n, rc.ToolFilters[i], c.Product, s.Name)
			}
		}
	}
	conv := func(field, v string) (string, error) {
		expanded := resolve.Launched(rc, field, v)
		for _, ph := range resolve.Scan(v) {
			if !slices.ContainsFunc(expanded, func(e resolve.Placeholder) bool { return e.Start == ph.Start }) && someClientExpands(ph.Syntax) {
				// the client sends it as written, where another would
				// expand it: no value writes that for every client
				return "", fmt.Errorf("%s sends %q literally in %q of server %q, where other clients expand it: it is not copied rather than copied as a reference (write the value itself, or a reference %s expands)", rc.Product, ph.Text, field, s.Name, rc.Product)
			}
		}
		res, at := "", 0
		for _, ph := range expanded {
			if ph.Syntax == resolve.Input && !ph.HasDefault {
				continue // kept: each target says whether it has inputs (define.For)
			}
			if ph.HasDefault || !resolve.IsEnvName(ph.Name) || ph.Syntax == resolve.Editor {
				return "", fmt.Errorf("%q of %s's server %q has no plain ${NAME} form to write for other clients", ph.Text, c.Product, s.Name)
			}
			res += v[at:ph.Start] + "${" + ph.Name + "}"
			at = ph.End
		}
		return res + v[at:], nil
	}
	var err error
	if out.Command, err = conv("command", out.Command); err != nil {
		return out, err
	}
	for i, a := range out.Args {
		if out.Args[i], err = conv("args", a); err != nil {
			return out, err
		}
	}
	if out.URL, err = conv("url", out.URL); err != nil {
		return out, err
	}
	if out.Cwd, err = conv("cwd", s.Cwd); err != nil {
		return out, err
	}
	if out.EnvFile, err = conv("env_file", s.EnvFile); err != nil {
		return out, err
	}
	for _, k := range slices.Sorted(maps.Keys(s.Env)) {
		v, err := conv("env", s.Env[k])
		if err != nil {
			return out, err
		}
		out.Env = append(out.Env, define.KV{Key: k, Value: v})
	}
	for _, k := range s.EnvVars {
		out.Env = append(out.Env, define.KV{Key: k, Value: "${" + k + "}"})
	}
	for _, k := range slices.Sorted(maps.Keys(s.Headers)) {
		v, err := conv("headers", s.Headers[k])
		if err != nil {
			return out, err
		}
		out.Headers = append(out.Headers, define.KV{Key: k, Value: v})
	}
	for _, k := range slices.Sorted(maps.Keys(s.HeaderEnvRefs)) {
		v := "${" + s.HeaderEnvRefs[k] + "}"
		if k == "Authorization" && s.BearerTokenEnvVar != "" {
			v = "Bearer " + v
		}
		out.Headers = append(out.Headers, define.KV{Key: k, Value: v})
	}
	return out, nil
}

// someClientExpands reports whether some client expands placeholders of
// syntax s: one no client expands (a template's {{VAR}}) is text for all.
func someClientExpands(s resolve.Syntax) bool {
	for _, c := range normalize.Clients() {
		if c.Expands(s) {
			return true
		}
	}
	return false
}
