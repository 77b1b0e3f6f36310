package discover

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// testdata/clients holds trees that the real Claude Code, Codex and Gemini
// CLI were run on (scripts/clientcheck), with what each listed in
// observed.json. Each client's view must say the same: which servers it
// loads, their command, args and URL, and their status.

const realClients = "../testdata/clients"

type clientCase struct {
	Description string            `json:"description"`
	Cwd         string            `json:"cwd"`
	GitRoot     *string           `json:"git_root"`
	Env         map[string]string `json:"env"`
}

type observedServer struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
	URL     string   `json:"url"`
}

type observed struct {
	Version  string           `json:"version"`
	ExitCode int              `json:"exit_code"`
	Servers  []observedServer `json:"servers"`
}

// stageClientCase copies a case's project and home into a temporary
// directory as clientcheck does: placeholders replaced, .git created.
func stageClientCase(t *testing.T, dir string, c clientCase) (cwd, home string, env map[string]string) {
	t.Helper()
	base := t.TempDir()
	root, home := filepath.Join(base, "project"), filepath.Join(base, "home")
	gitroot := ""
	if c.GitRoot != nil {
		gitroot = filepath.Join(base, filepath.FromSlash(*c.GitRoot))
	}
	cwd = filepath.Join(base, filepath.FromSlash(c.Cwd))
	repl := strings.NewReplacer("@PORT@", "9", "@GITROOT@", gitroot, "@CWD@", cwd, "@ROOT@", root, "@HOME@", home)
	for _, part := range []string{"project", "home"} {
		src := filepath.Join(dir, part)
		err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(src, p)
			dst := filepath.Join(base, part, rel)
			if d.IsDir() {
				return os.MkdirAll(dst, 0o755)
			}
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			fi, _ := d.Info()
			return os.WriteFile(dst, []byte(repl.Replace(string(b))), fi.Mode().Perm())
		})
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
	}
	os.MkdirAll(home, 0o755)
	os.MkdirAll(cwd, 0o755)
	if gitroot != "" {
		if err := os.MkdirAll(filepath.Join(gitroot, ".git"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	env = map[string]string{}
	for k, v := range c.Env {
		env[k] = repl.Replace(v)
	}
	return cwd, home, env
}

var clientOfObserved = map[string]string{"claude-code": "claude", "codex": "codex", "gemini": "gemini"}

func TestRealClients(t *testing.T) {
	cases, err := os.ReadDir(realClients)
	if err != nil {
		t.Fatal(err)
	}
	for _, cd := range cases {
		if !cd.IsDir() {
			continue
		}
		dir := filepath.Join(realClients, cd.Name())
		var c clientCase
		var obs map[string]observed
		readJSON(t, filepath.Join(dir, "case.json"), &c)
		readJSON(t, filepath.Join(dir, "observed.json"), &obs)
		for key, o := range obs {
			id := clientOfObserved[key]
			t.Run(cd.Name()+"/"+id, func(t *testing.T) {
				cwd, home, env := stageClientCase(t, dir, c)
				opts := Options{Root: cwd, Home: home, Cwd: cwd, Isolated: true, Getenv: func(k string) string { return env[k] }}
				if err := opts.Prepare(); err != nil {
					t.Fatal(err)
				}
				set := opts.View(normalize.ClientByID(id), AllScopes)
				checkAgainst(t, c, o, set)
			})
		}
	}
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func statusOf(s *normalize.Server) string {
	if s.Enabled || s.Off == nil {
		return string(normalize.StatusEnabled)
	}
	return string(s.Off.Status)
}

func checkAgainst(t *testing.T, c clientCase, o observed, set *normalize.Set) {
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
		// the client refused its whole config: nothing starts
		for name, s := range got {
			if s.Enabled {
				t.Errorf("%s: the client refuses the whole config, but mcpconf says it starts\n%s", name, describe())
			}
		}
		if len(got) == 0 {
			t.Errorf("the client refuses the whole config; mcpconf reads no server\n%s", describe())
		}
		return
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
		if w.Command != "" && !strings.Contains(w.Command, "$") && !strings.Contains(w.Command, "<") && s.Command != w.Command {
			t.Errorf("%s: command %q, the client says %q", w.Name, s.Command, w.Command)
		}
		if w.Args != nil && !slices.ContainsFunc(w.Args, func(a string) bool { return strings.ContainsAny(a, "$<") }) &&
			!slices.Equal(s.Args, w.Args) && !(len(s.Args) == 0 && len(w.Args) == 0) {
			t.Errorf("%s: args %q, the client says %q", w.Name, s.Args, w.Args)
		}
		if w.URL != "" && !strings.ContainsAny(w.URL, "$<") && s.URL != w.URL {
			t.Errorf("%s: url %q, the client says %q", w.Name, s.URL, w.URL)
		}
	}
	for name, s := range got {
		// the clients do not list what they ignore (an untrusted Codex
		// layer); mcpconf lists it as untrusted
		if !seen[name] && statusOf(s) != string(normalize.StatusUntrusted) {
			t.Errorf("%s: in mcpconf's view (%s), not listed by the client\n%s", name, statusOf(s), describe())
		}
	}
}
