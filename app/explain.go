package app

import (
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// ExplainRequest is what explain is asked to show.
type ExplainRequest struct {
	// Options locate the project and the home, prepared.
	Options *discover.Options
	// Clients are the clients whose views are shown (SelectClients).
	Clients []*normalize.Client
	// Name is the server asked about; "" is every server.
	Name string
	// Resolve, when set, resolves every server each client uses (or
	// Name's) as that client would, with what resolution may read
	// (explain --resolve).
	Resolve *resolve.Env
}

// Explanation is explain's answer as views for a renderer: a workspace,
// or resolutions.
type Explanation struct {
	// Workspace holds every client's view: the matrix, one client's
	// view (its notes the workspace's), or, with a Name, each client's
	// definitions of it.
	Workspace *view.Workspace
	// Resolutions are the servers resolved (Resolve).
	Resolutions []view.Resolution
	// NotLoaded says no client loads Name, although some client has it
	// in a file it does not read: the views say so, and explain exits
	// as for a name not found.
	NotLoaded bool
}

// Explain builds what explain shows of req's clients. b learns every
// secret shown. A Name no client defines is a *NotFoundError.
func Explain(req ExplainRequest, b *secret.Boundary) (*Explanation, error) {
	dopts := req.Options
	if req.Resolve != nil {
		return explainResolve(req, b)
	}
	ws := dopts.Scan(req.Clients, discover.AllScopes)
	if req.Name == "" {
		wv := view.NewWorkspace(b, ws, run.ExplainOptions{})
		if len(wv.Views) == 1 {
			wv.Views[0].Notes = wv.Notes
		}
		return &Explanation{Workspace: wv}, nil
	}
	var names []string
	found := false
	for _, v := range ws.Views {
		for _, e := range v.Entries {
			names = append(names, e.Server.Name)
			found = found || e.Server.Name == req.Name
		}
	}
	wv := view.NewWorkspace(b, ws, run.ExplainOptions{Name: req.Name})
	if !found && !slices.ContainsFunc(wv.Views, func(v *view.Set) bool { return len(v.NotLoaded) > 0 }) {
		return nil, noServer(dopts, req.Name, names)
	}
	return &Explanation{Workspace: wv, NotLoaded: !found}, nil
}

// explainResolve resolves every server each client uses (or Name's) as
// that client would, with where each value came from.
func explainResolve(req ExplainRequest, b *secret.Boundary) (*Explanation, error) {
	ws := req.Options.Scan(req.Clients, discover.AllScopes)
	var out []run.ResolvedServer
	var names []string
	for _, v := range ws.Views {
		for i := range v.Entries {
			s := &v.Entries[i].Server
			names = append(names, s.Name)
			if req.Name != "" && s.Name != req.Name {
				continue
			}
			out = append(out, run.ResolvedServer{Client: v.Client, Server: s,
				Resolved: resolve.Server(s.Source.Client, s, docOf(v, s), clientEnv(v, *req.Resolve))})
		}
	}
	if req.Name != "" && len(out) == 0 {
		return nil, noServer(req.Options, req.Name, names)
	}
	return &Explanation{Resolutions: view.NewResolutions(b, out)}, nil
}

// ExplainNothing is what explain shows where no client found a file, as
// lint shows it: no views, and why in the workspace's notes; with
// resolve, no server resolved.
func ExplainNothing(dopts *discover.Options, resolve bool, b *secret.Boundary) *Explanation {
	if resolve {
		return &Explanation{Resolutions: view.NewResolutions(b, nil)}
	}
	ws := dopts.Scan(nil, discover.AllScopes)
	ws.Notes = append(ws.Notes, NoFilesMessage(dopts))
	return &Explanation{Workspace: view.NewWorkspace(b, ws, run.ExplainOptions{})}
}

// clientEnv is env as the client of view v has it once started: the
// variables its files set into its environment (normalize.Set.Environ,
// Expansion.EnvFiles) over env's own, each said to come from its file.
func clientEnv(v *normalize.Set, env resolve.Env) resolve.Env {
	if len(v.Environ) == 0 {
		return env
	}
	env.Lookup = v.Lookup(env.Lookup)
	env.SetIn = func(name string) string {
		if e := v.SetIn(name); e != nil {
			return e.Path + ":" + e.Pos.String()
		}
		return ""
	}
	return env
}

// environ is parent ("K=V") with the variables the files of view v's
// client set into its environment (normalize.Set.Environ) over it: what
// a server the client starts inherits.
func environ(v *normalize.Set, parent []string) []string {
	if len(v.Environ) == 0 {
		return parent
	}
	set := map[string]string{}
	for _, e := range v.Environ {
		set[e.Name] = e.Value
	}
	out := make([]string, 0, len(parent)+len(set))
	for _, kv := range parent {
		k, _, _ := strings.Cut(kv, "=")
		if _, over := set[k]; !over {
			out = append(out, kv)
		}
	}
	for _, e := range v.Environ {
		if val, ok := set[e.Name]; ok {
			out = append(out, e.Name+"="+val)
			delete(set, e.Name)
		}
	}
	return out
}
