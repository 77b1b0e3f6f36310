package app

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/run"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

// Verify reads each client's view afresh (o, prepared after the write)
// and says, for each server written, where the client does not use what
// was written: it does not list the server, it uses another file's
// definition of the name (one of higher precedence), or it reads the
// written one as something else than was meant. A write is not done until
// the view says so; statuses (approval, trust) are the views' to show.
//
// For a server removed (remove), a definition the client still uses
// elsewhere is said as a warning: the name is gone from the file, not
// from the client.
func Verify(o *discover.Options, written []Written, remove bool) (problems, warnings []run.ClientNote) {
	views := map[*normalize.Client]*normalize.Set{}
	for _, w := range written {
		set := views[w.Client]
		if set == nil {
			set = o.View(w.Client, discover.AllScopes)
			views[w.Client] = set
		}
		i := slices.IndexFunc(set.Entries, func(e normalize.Entry) bool { return e.Server.Name == w.Server.Name })
		switch {
		case remove && i >= 0:
			s := set.Entries[i].Server
			warnings = append(warnings, run.ClientNote{Client: w.Client,
				Reason: fmt.Sprintf("it still has %q, from %s:%s", w.Server.Name, s.Source.Path, s.Source.Pos),
				Hint:   fmt.Sprintf("remove it there too (%s)", removeCommand(w.Server.Name, w.Client, s.Source.Scope))})
		case remove:
		case i < 0:
			problems = append(problems, run.ClientNote{Client: w.Client,
				Reason: fmt.Sprintf("it does not list %q after it was written to %s", w.Server.Name, w.Path),
				Hint:   shell.Command(shell.Args([]string{"mcpconf", "explain"}, w.Server.Name, "--client", w.Client.ID)...) + " says why"})
		case set.Entries[i].Server.Source.Abs != w.Abs || set.Entries[i].Server.Source.Scope != w.Scope:
			s := set.Entries[i].Server
			problems = append(problems, run.ClientNote{Client: w.Client,
				Reason: fmt.Sprintf("it uses the definition of %q in %s:%s, which takes precedence over the one written to %s", w.Server.Name, s.Source.Path, s.Source.Pos, w.Path),
				Hint:   fmt.Sprintf("remove that one (%s), or write to its scope", removeCommand(w.Server.Name, w.Client, s.Source.Scope))})
		case !w.Forced:
			if diff := differences(w.Client, &set.Entries[i].Server, w.Server); len(diff) > 0 && !launchesWritten(set, w) {
				problems = append(problems, run.ClientNote{Client: w.Client,
					Reason: fmt.Sprintf("it reads %q in %s differently from what was written: %s", w.Server.Name, w.Path, strings.Join(diff, "; ")),
					Hint:   "this is a bug in mcpconf: please report it with the file"})
			}
		}
	}
	return problems, warnings
}

// removeCommand is the command that removes name from client's scope,
// quoted to paste (shell.Command).
func removeCommand(name string, c *normalize.Client, scope normalize.Scope) string {
	return shell.Command(shell.Args([]string{"mcpconf", "remove"}, name, "--client", c.ID, "--scope", string(scope))...)
}

// Reread prepares o (the options of the run, unprepared: read afresh
// after the write), checks each write against the clients' views
// (AddResult.Verify) and, once add or sync wrote a file, explains the
// server (name) or every server to show: nil when there is nothing to
// show.
func Reread(o *discover.Options, res *AddResult, clients []*normalize.Client, name string, remove bool, b *secret.Boundary) (*view.Workspace, error) {
	// what the files held before the write, which the views read now no
	// longer show, is masked in them too
	b.Learn(res.Secrets...)
	if err := o.Prepare(); err != nil {
		return nil, err
	}
	res.Verify(o, remove)
	if remove || len(res.Files) == 0 {
		return nil, nil
	}
	ex, err := Explain(ExplainRequest{Options: o, Clients: clients, Name: name}, b)
	if err != nil {
		return nil, err
	}
	return ex.Workspace, nil
}

// differences are the fields in which the server a client reads differs
// from the definition meant, each as "field: read, meant".
func differences(c *normalize.Client, got *normalize.Server, want define.Server) []string {
	n, err := Neutral(c, got)
	if err != nil {
		return []string{err.Error()}
	}
	var out []string
	diff := func(field string, a, b any) {
		if fmt.Sprint(a) != fmt.Sprint(b) {
			out = append(out, fmt.Sprintf("%s: %v, meant %v", field, a, b))
		}
	}
	kv := func(kvs []define.KV, fold bool) map[string]string {
		m := map[string]string{}
		for _, e := range kvs {
			k := e.Key
			if fold {
				k = strings.ToLower(k)
			}
			m[k] = e.Value
		}
		return m
	}
	sorted := func(m map[string]string) []string {
		var s []string
		for _, k := range slices.Sorted(maps.Keys(m)) {
			s = append(s, k+"="+m[k])
		}
		return s
	}
	diff("transport", n.Transport, want.Transport)
	diff("command", n.Command, want.Command)
	diff("args", n.Args, want.Args)
	diff("url", n.URL, want.URL)
	diff("cwd", n.Cwd, want.Cwd)
	diff("env", sorted(kv(n.Env, false)), sorted(kv(want.Env, false)))
	diff("headers", sorted(kv(n.Headers, true)), sorted(kv(want.Headers, true)))
	diff("env file", n.EnvFile, want.EnvFile)
	diff("startup timeout", n.StartupTimeout, want.StartupTimeout)
	diff("tool timeout", n.ToolTimeout, want.ToolTimeout)
	filter := func(l []string) string {
		if l == nil {
			return "none"
		}
		return fmt.Sprint(l)
	}
	diff("included tools", filter(n.IncludeTools), filter(want.IncludeTools))
	diff("excluded tools", filter(n.ExcludeTools), filter(want.ExcludeTools))
	return out
}
