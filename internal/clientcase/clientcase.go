// Package clientcase reads the trees under testdata/clients, which the real
// Claude Code, Codex and Gemini CLI were run on (scripts/clientcheck), and
// stages them for tests exactly as clientcheck did, so that mcpconf can be
// compared with what each client listed, started and sent.
package clientcase

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// Case is a case.json.
type Case struct {
	Description string            `json:"description"`
	Cwd         string            `json:"cwd"`
	GitRoot     *string           `json:"git_root"`
	Env         map[string]string `json:"env"`
	Clients     []string          `json:"clients"`
	// Captures are files the started servers wrote (under home/).
	Captures []string `json:"captures"`
	// HTTPCapture: a local server recorded the requests of the remote
	// servers (observed captures "http").
	HTTPCapture bool `json:"http_capture"`
	// Profile is the profile the clients that have profiles were told to
	// read (Codex: codex --profile NAME).
	Profile string `json:"profile"`
	// System: the case's system/ tree was laid over the machine's root
	// while the clients ran (machine-wide files).
	System bool `json:"system"`
	// Modes are permissions set on staged paths (relative to the case
	// directory, octal): "system/etc/gemini-cli": "0777".
	Modes map[string]string `json:"modes"`
	// Worktree is a part of the case (beside project/ and home/) staged
	// as a linked git worktree of the git root: a .git file naming its
	// gitdir under the git root's .git/worktrees, whose commondir leads
	// back (what git worktree add writes).
	Worktree string `json:"worktree"`
	// Links are symbolic links made in the staged case (path -> target,
	// both relative to the case directory: "link": "project"), for a
	// start directory reached through one; clientcheck then starts the
	// clients with PWD set to cwd, as a shell does.
	Links map[string]string `json:"links"`
}

// Server is one server as a client listed it.
type Server struct {
	Name    string   `json:"name"`
	Status  string   `json:"status"`
	Command string   `json:"command"`
	Args    []string `json:"args"`
	URL     string   `json:"url"`
	// Extension names the extension that brings the server (Gemini CLI's
	// "name (from ext)").
	Extension string `json:"extension"`
	// Connects is the transport the client connects with ("stdio",
	// "sse", "http"), where its listing reports the one it resolved
	// (Cline's transportType; not a "type" as written, which other
	// clients' "transport" records): compared when set.
	Connects string            `json:"connects"`
	Headers  map[string]string `json:"headers"`
	Env      map[string]string `json:"env"`
}

// Request is one request the capture server received.
type Request struct {
	Method  string            `json:"method"`
	Path    string            `json:"path"`
	Headers map[string]string `json:"headers"`
}

// Observed is what one client said and did on a case.
type Observed struct {
	Version string `json:"version"`
	// Source says where the observation comes from when the client did
	// not run: "code" for a listing written from the client's source
	// (x-code, which cannot run here). TestRealClients replays it all
	// the same; docs/clients.md marks such facts UNVERIFIED.
	Source   string `json:"source,omitempty"`
	ExitCode int    `json:"exit_code"`
	// Stderr is what the client printed there (a refused config's
	// message).
	Stderr  string   `json:"stderr"`
	Servers []Server `json:"servers"`
	// Captures: a capture file's path -> its content (a JSON string), and
	// "http" -> the requests ([]Request).
	Captures map[string]json.RawMessage `json:"captures"`
}

// File returns the content a started server wrote to path.
func (o Observed) File(path string) (string, bool) {
	raw, ok := o.Captures[path]
	if !ok || string(raw) == "null" { // never written: the server did not start
		return "", false
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// Requests returns what the capture server received.
func (o Observed) Requests() []Request {
	var rs []Request
	json.Unmarshal(o.Captures["http"], &rs)
	return rs
}

// ClientIDs maps observed.json's keys to mcpconf's client ids.
var ClientIDs = map[string]string{"claude-code": "claude", "codex": "codex", "gemini": "gemini", "opencode": "opencode", "kilo": "kilo", "pisces": "pisces", "qwen": "qwen", "x-code": "x-code", "copilot": "copilot", "cline": "cline"}

// Load reads a case directory's case.json and observed.json.
func Load(t testing.TB, dir string) (Case, map[string]Observed) {
	t.Helper()
	c, obs, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if obs == nil {
		t.Fatalf("%s: no observed.json (scripts/clientcheck/run.sh %s writes it)", dir, filepath.Base(dir))
	}
	return c, obs
}

// LoadDir reads a case directory's case.json and, when it exists, its
// observed.json (nil otherwise).
func LoadDir(dir string) (Case, map[string]Observed, error) {
	var c Case
	var obs map[string]Observed
	if err := readJSON(filepath.Join(dir, "case.json"), &c); err != nil {
		return c, nil, err
	}
	err := readJSON(filepath.Join(dir, "observed.json"), &obs)
	if os.IsNotExist(err) {
		return c, nil, nil
	}
	return c, obs, err
}

// Dirs lists the case directories under root.
func Dirs(t testing.TB, root string) []string {
	t.Helper()
	entries, err := os.ReadDir(root)
	if err != nil {
		t.Fatal(err)
	}
	var dirs []string
	for _, e := range entries {
		if e.IsDir() {
			dirs = append(dirs, filepath.Join(root, e.Name()))
		}
	}
	return dirs
}

func readJSON(path string, v any) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %v", path, err)
	}
	return nil
}

// Staged is a case copied into a temporary directory. System is the
// staged system/ tree, standing for the machine's root, or "".
type Staged struct {
	Base, Root, Home, Cwd, System string
	Env                           map[string]string
}

// Lookup reads the case's environment (and nothing else).
func (s Staged) Lookup(name string) (string, bool) {
	v, ok := s.Env[name]
	return v, ok
}

// Paths turns the staged paths in a value into the names clientcheck
// writes in observed.json (<HOME>, <ROOT>, <TMP>).
func (s Staged) Paths() *strings.Replacer {
	return strings.NewReplacer(s.Home, "<HOME>", s.Root, "<ROOT>", s.Base, "<TMP>")
}

// Getenv is Lookup without the second result.
func (s Staged) Getenv(name string) string { return s.Env[name] }

// Stage copies a case's project and home into a temporary directory as
// clientcheck does: placeholders replaced (@PORT@ by 9: nothing listens
// there), .git created at the git root.
func Stage(t testing.TB, dir string, c Case) Staged {
	t.Helper()
	st, err := StageIn(t.TempDir(), dir, c)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

// StageIn is Stage into the directory base (which it fills).
func StageIn(base, dir string, c Case) (Staged, error) {
	root, home := filepath.Join(base, "project"), filepath.Join(base, "home")
	gitroot := ""
	if c.GitRoot != nil {
		gitroot = filepath.Join(base, filepath.FromSlash(*c.GitRoot))
	}
	cwd := filepath.Join(base, filepath.FromSlash(c.Cwd))
	repl := strings.NewReplacer("@PORT@", "9", "@GITROOT@", gitroot, "@CWD@", cwd, "@ROOT@", root, "@HOME@", home)
	parts := []string{"project", "home"}
	system := ""
	if c.System {
		parts = append(parts, "system")
		system = filepath.Join(base, "system")
	}
	if c.Worktree != "" {
		parts = append(parts, c.Worktree)
	}
	for _, part := range parts {
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
			return Staged{}, err
		}
	}
	for link, target := range c.Links {
		lp := filepath.Join(base, filepath.FromSlash(link))
		rel, err := filepath.Rel(filepath.Dir(lp), filepath.Join(base, filepath.FromSlash(target)))
		if err == nil {
			err = os.MkdirAll(filepath.Dir(lp), 0o755)
		}
		if err == nil {
			err = os.Symlink(rel, lp)
		}
		if err != nil {
			return Staged{}, fmt.Errorf("links[%q]: %v", link, err)
		}
	}
	for _, d := range []string{home, cwd} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return Staged{}, err
		}
	}
	if gitroot != "" {
		if err := os.MkdirAll(filepath.Join(gitroot, ".git"), 0o755); err != nil {
			return Staged{}, err
		}
	}
	if c.Worktree != "" && gitroot != "" {
		wt := filepath.Join(base, filepath.FromSlash(c.Worktree))
		gitdir := filepath.Join(gitroot, ".git", "worktrees", filepath.Base(wt))
		if err := os.MkdirAll(gitdir, 0o755); err != nil {
			return Staged{}, err
		}
		if err := os.WriteFile(filepath.Join(gitdir, "commondir"), []byte("../..\n"), 0o644); err != nil {
			return Staged{}, err
		}
		if err := os.MkdirAll(wt, 0o755); err != nil {
			return Staged{}, err
		}
		if err := os.WriteFile(filepath.Join(wt, ".git"), []byte("gitdir: "+gitdir+"\n"), 0o644); err != nil {
			return Staged{}, err
		}
	}
	for p, m := range c.Modes {
		mode, err := strconv.ParseUint(m, 8, 32)
		if err != nil {
			return Staged{}, fmt.Errorf("modes[%q]: %v", p, err)
		}
		if err := os.Chmod(filepath.Join(base, filepath.FromSlash(p)), os.FileMode(mode)); err != nil {
			return Staged{}, err
		}
	}
	env := map[string]string{}
	for k, v := range c.Env {
		env[k] = repl.Replace(v)
	}
	return Staged{Base: base, Root: root, Home: home, Cwd: cwd, System: system, Env: env}, nil
}
