package resolve_test

import (
	"maps"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// TestRealClientsResolve resolves the servers of testdata/clients cases in
// which the real client started them: the args and E_* environment each
// stdio server received (it wrote them to home/dump-NAME.txt) and the path
// and X-* headers each remote server was sent (a local capture server saw
// them) must be what resolve says that client sends.
func TestRealClientsResolve(t *testing.T) {
	checked := 0
	for _, dir := range clientcase.Dirs(t, "../testdata/clients") {
		c, obs := clientcase.Load(t, dir)
		for key, o := range obs {
			if len(o.Captures) == 0 {
				continue
			}
			id := clientcase.ClientIDs[key]
			t.Run(filepath.Base(dir)+"/"+id, func(t *testing.T) {
				st := clientcase.Stage(t, dir, c)
				client := normalize.ClientByID(id)
				opts := discover.Options{Root: st.Cwd, Home: st.Home, Isolated: true, Getenv: st.Getenv, System: st.System}
				if err := opts.Prepare(); err != nil {
					t.Fatal(err)
				}
				set := opts.View(client, discover.AllScopes)
				docs := map[string]*normalize.Document{}
				for _, d := range set.Documents {
					docs[d.Path] = d
				}
				// the client's files may set variables too (Expansion.EnvFiles)
				env := resolve.Env{Lookup: set.Lookup(st.Lookup), WorkspaceFolder: st.Root, UserHome: st.Home}
				requests := o.Requests()
				for _, e := range set.Entries {
					s := e.Server
					r := resolve.Server(client, &s, docs[s.Source.Path], env)
					if dump, ok := o.File("home/dump-" + s.Name + ".txt"); ok {
						checkDump(t, s.Name, r.Server, dump)
						checkInherited(t, client, st, &r.Server, dump)
						checked++
					}
					if s.URL != "" && c.HTTPCapture {
						checkRequest(t, s.Name, r.Server, requests)
						checked++
					}
				}
			})
		}
	}
	if checked < 8 {
		t.Errorf("only %d servers compared with what the real clients did; the cases are gone", checked)
	}
}

// checkDump compares a dump (arg=[A] lines for the args after the first,
// then E_*=V lines) with the resolved server.
func checkDump(t *testing.T, name string, s normalize.Server, dump string) {
	t.Helper()
	var args []string
	env := map[string]string{}
	for line := range strings.SplitSeq(dump, "\n") {
		if a, ok := strings.CutPrefix(line, "arg=["); ok {
			args = append(args, strings.TrimSuffix(a, "]"))
		} else if k, v, ok := strings.Cut(line, "="); ok && strings.HasPrefix(k, "E_") {
			env[k] = v
		}
	}
	if len(s.Args) == 0 || !slices.Equal(s.Args[1:], args) {
		t.Errorf("%s: resolved args %q, the client passed %q (after the first)", name, s.Args, args)
	}
	got := map[string]string{}
	for k, v := range s.Env {
		if strings.HasPrefix(k, "E_") {
			got[k] = v
		}
	}
	if !maps.Equal(got, env) {
		t.Errorf("%s: resolved env %q, the server received %q", name, got, env)
	}
}

// checkInherited compares the environment a server received with
// ChildEnv, in the cases whose dump shows inherited variables: each variable
// of the case's environment, each key the definition sets, and those the
// client adds must be there exactly when ChildEnv says so.
func checkInherited(t *testing.T, c *normalize.Client, st clientcase.Staged, s *normalize.Server, dump string) {
	t.Helper()
	got := map[string]string{}
	for line := range strings.SplitSeq(dump, "\n") {
		if k, v, ok := strings.Cut(line, "="); ok && k != "arg" {
			got[k] = v
		}
	}
	dumpsInherited := false
	var parent []string
	for k, v := range st.Env {
		parent = append(parent, k+"="+v)
		if _, ok := got[k]; ok {
			dumpsInherited = true
		}
	}
	if !dumpsInherited {
		return
	}
	env, _ := resolve.ChildEnv(c, s, parent, nil, "linux", nil)
	want := map[string]string{}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		want[k] = v
	}
	names := slices.Collect(maps.Keys(st.Env))
	names = append(names, slices.Collect(maps.Keys(s.Env))...)
	names = append(names, slices.Collect(maps.Keys(c.ChildEnv.Set))...)
	for _, k := range names {
		w, inWant := want[k]
		g, inGot := got[k]
		if inWant != inGot || w != g {
			t.Errorf("%s: %s: ChildEnv says %q (passed: %v), the server received %q (passed: %v)", s.Name, k, w, inWant, g, inGot)
		}
	}
}

// checkRequest finds the request made to the resolved URL's path and
// compares its X-* and Authorization headers with the resolved ones.
func checkRequest(t *testing.T, name string, s normalize.Server, requests []clientcase.Request) {
	t.Helper()
	u, err := url.Parse(s.URL)
	if err != nil {
		t.Errorf("%s: resolved url %q: %v", name, s.URL, err)
		return
	}
	var paths []string
	for _, q := range requests {
		paths = append(paths, q.Path)
		if q.Path != u.Path {
			continue
		}
		want := map[string]string{}
		for k, v := range q.Headers {
			if k := strings.ToLower(k); strings.HasPrefix(k, "x-") || k == "authorization" {
				want[k] = v
			}
		}
		got := map[string]string{}
		for k, v := range s.Headers {
			got[strings.ToLower(k)] = v
		}
		if !maps.Equal(got, want) {
			t.Errorf("%s: resolved headers %q, the client sent %q", name, got, want)
		}
		return
	}
	t.Errorf("%s: resolved url path %q, the client requested %q", name, u.Path, paths)
}

// TestRealClientsListedArgs: a client that expands its settings as it
// loads them (Layout.SettingsPlaceholders: Gemini CLI, Qwen Code) lists
// the arguments it will send, so the args resolve gives each listed stdio
// server, with the source's own rules (Qwen Code's .mcp.json is used as
// written), must be the listed ones.
func TestRealClientsListedArgs(t *testing.T) {
	checked := 0
	for _, dir := range clientcase.Dirs(t, "../testdata/clients") {
		c, obs := clientcase.Load(t, dir)
		for key, o := range obs {
			id := clientcase.ClientIDs[key]
			client := normalize.ClientByID(id)
			if client == nil || len(client.SettingsPlaceholders) == 0 || o.Source != "" {
				continue
			}
			listed := map[string][]string{}
			for _, w := range o.Servers {
				if w.Command != "" && len(w.Args) > 0 {
					listed[w.Name] = w.Args
				}
			}
			if len(listed) == 0 {
				continue
			}
			t.Run(filepath.Base(dir)+"/"+id, func(t *testing.T) {
				st := clientcase.Stage(t, dir, c)
				opts := discover.Options{Root: st.Cwd, Home: st.Home, Isolated: true, Getenv: st.Getenv, System: st.System}
				if err := opts.Prepare(); err != nil {
					t.Fatal(err)
				}
				set := opts.View(client, discover.AllScopes)
				docs := map[string]*normalize.Document{}
				for _, d := range set.Documents {
					docs[d.Path] = d
				}
				// the client runs with HOME at the staged home (clientcheck)
				lookup := func(name string) (string, bool) {
					if name == "HOME" {
						return st.Home, true
					}
					return st.Lookup(name)
				}
				env := resolve.Env{Lookup: set.Lookup(lookup), WorkspaceFolder: st.Root, UserHome: st.Home}
				mask := st.Paths()
				for _, e := range set.Entries {
					want, ok := listed[e.Server.Name]
					if !ok {
						continue
					}
					s := e.Server
					r := resolve.Server(s.Source.Client, &s, docs[s.Source.Path], env)
					got := make([]string, len(r.Server.Args))
					for i, a := range r.Server.Args {
						got[i] = mask.Replace(a)
					}
					if !slices.Equal(got, want) {
						t.Errorf("%s (%s): resolve gives args %q, %s listed %q", s.Name, s.Source.Path, got, client.Product, want)
					}
					checked++
				}
			})
		}
	}
	if checked < 5 {
		t.Errorf("only %d servers compared with the args the real clients listed; the cases are gone", checked)
	}
}
