package discover

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/internal/clientcase"
	"github.com/mcpconf/mcpconf/normalize"
)

// testdata/clients holds trees that the real Claude Code, Codex and Gemini
// CLI were run on (scripts/clientcheck), with what each listed in
// observed.json. Each client's view must say the same: which servers it
// loads, their command, args and URL, and their status.

const realClients = "../testdata/clients"

func TestRealClients(t *testing.T) {
	for _, dir := range clientcase.Dirs(t, realClients) {
		c, obs := clientcase.Load(t, dir)
		for key, o := range obs {
			id := clientcase.ClientIDs[key]
			t.Run(filepath.Base(dir)+"/"+id, func(t *testing.T) {
				st := clientcase.Stage(t, dir, c)
				opts := Options{Root: st.Cwd, Home: st.Home, Cwd: st.Cwd, Isolated: true, Getenv: st.Getenv, Profile: c.Profile, System: st.System}
				if err := opts.Prepare(); err != nil {
					t.Fatal(err)
				}
				set := opts.View(normalize.ClientByID(id), AllScopes)
				checkAgainst(t, c, o, set, st.Paths())
			})
		}
	}
}

func statusOf(s *normalize.Server) string {
	if s.Enabled || s.Off == nil {
		return string(normalize.StatusEnabled)
	}
	return string(s.Off.Status)
}

// checkAgainst compares a view with what the client listed; paths turns
// the staged paths in mcpconf's values into clientcheck's <HOME>, <ROOT>.
func checkAgainst(t *testing.T, c clientcase.Case, o clientcase.Observed, set *normalize.Set, paths *strings.Replacer) {
	t.Helper()
	got := map[string]*normalize.Server{}
	for i := range set.Entries {
		got[set.Entries[i].Server.Name] = &set.Entries[i].Server
	}
	describe := func() string {
		var b strings.Builder
		for _, e := range set.Entries {
			b.WriteString("\n  " + e.Server.Name + ": " + statusOf(&e.Server) + " " + e.Server.DisabledBy())
		}
		return c.Description + "\nmcpconf's view:" + b.String()
	}
	if o.ExitCode != 0 {
		// the client refused its whole config: nothing starts, and
		// mcpconf says refused
		for name, s := range got {
			if st := statusOf(s); st != string(normalize.StatusRefused) {
				t.Errorf("%s: the client refuses the whole config, but mcpconf says %s\n%s", name, st, describe())
			}
		}
		if len(got) == 0 {
			t.Errorf("the client refuses the whole config; mcpconf reads no server\n%s", describe())
		}
		if set.Refused == nil {
			t.Errorf("the client refuses the whole config; mcpconf's view does not say why\n%s", describe())
		}
		return
	}
	if set.Refused != nil {
		t.Errorf("mcpconf says the client refuses its whole config (%s); the client does not", set.Refused.Reason)
	}
	seen := map[string]bool{}
	for _, w := range o.Servers {
		seen[w.Name] = true
		s := got[w.Name]
		if s == nil {
			t.Errorf("%s: listed by the client (%s), missing from mcpconf's view\n%s", w.Name, w.Status, describe())
			continue
		}
		if st := statusOf(s); st != w.Status {
			t.Errorf("%s: status %s, the client says %s\n%s", w.Name, st, w.Status, describe())
		}
		// values with placeholders are compared in package resolve; the
		// client's paths are shown as clientcheck writes them
		// (<PORT> is the capture server's), and args are split on spaces
		placeholder := func(a string) bool { return strings.Contains(a, "$") || strings.Contains(a, "<PORT>") }
		args := make([]string, len(s.Args))
		for i, a := range s.Args {
			args[i] = paths.Replace(a)
		}
		if w.Command != "" && !placeholder(w.Command) && !placeholder(s.Command) && paths.Replace(s.Command) != w.Command {
			t.Errorf("%s: command %q, the client says %q", w.Name, s.Command, w.Command)
		}
		spaced := func(a string) bool { return strings.Contains(a, " ") }
		if w.Args != nil && !slices.ContainsFunc(w.Args, placeholder) && !slices.ContainsFunc(s.Args, placeholder) && !slices.ContainsFunc(s.Args, spaced) &&
			!slices.Equal(args, w.Args) && !(len(s.Args) == 0 && len(w.Args) == 0) {
			t.Errorf("%s: args %q, the client says %q", w.Name, args, w.Args)
		}
		if w.URL != "" && !placeholder(w.URL) && !placeholder(s.URL) && paths.Replace(s.URL) != w.URL {
			t.Errorf("%s: url %q, the client says %q", w.Name, s.URL, w.URL)
		}
		if s.Source.Extension != w.Extension {
			t.Errorf("%s: from extension %q, the client says %q", w.Name, s.Source.Extension, w.Extension)
		}
	}
	for name, s := range got {
		// the clients do not list what they ignore (an untrusted Codex
		// layer), nor Claude Code what its lists block or what it ignores
		// without a word (Gate.Unlisted); mcpconf lists them with their
		// status
		if !seen[name] && statusOf(s) != string(normalize.StatusUntrusted) && !(s.Off != nil && s.Off.Unlisted) {
			t.Errorf("%s: in mcpconf's view (%s), not listed by the client\n%s", name, statusOf(s), describe())
		}
	}
}
