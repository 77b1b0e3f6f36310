// Package app is mcpconf's application layer: the work of each command as
// an entry point that takes a request and returns a result for a view and
// a renderer — Lint, PlanProbe and Probe, Explain. cmd/mcpconf maps flags
// to a request, calls the entry point, hands the result to a renderer and
// the outcome to an exit code; tests call the same entry points.
//
// It is a package of its own because that work — which clients judge a
// tree, which project roots a list of paths makes, what a client would
// start a server with — spans discover, normalize, validate, resolve and
// probe while belonging to none of them, and a main package cannot be
// imported by the tests of the packages it ties together.
package app

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/shell"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/validate"
)

// UsageError is a request the user got wrong: a path that does not
// exist, an unknown client, a config that cannot be read. The command
// exits with its usage status.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

func usagef(format string, args ...any) error {
	return &UsageError{fmt.Errorf(format, args...)}
}

// NotFoundError is a server NAME no client defines. Its message names a
// near name or, when NAME is a directory, the --root the user likely
// meant.
type NotFoundError struct{ msg string }

func (e *NotFoundError) Error() string { return e.msg }

// noServer is the NotFoundError of name among the names found.
func noServer(dopts *discover.Options, name string, names []string) error {
	msg := fmt.Sprintf("no server named %q in any source", name)
	if near := normalize.Closest(name, names); near != "" {
		msg += fmt.Sprintf("; did you mean %q?", near)
	} else if fi, err := os.Stat(absPath(dopts.Cwd, name)); err == nil && fi.IsDir() {
		msg += fmt.Sprintf("; %q is a directory: to explain the project there, run %s", name, shell.Command(append([]string{"mcpconf", "explain"}, shell.Option("--root", name)...)...))
	}
	return &NotFoundError{msg}
}

// NoFilesMessage says where no client found a config file, and how to
// look elsewhere.
func NoFilesMessage(dopts *discover.Options) string {
	return fmt.Sprintf("no MCP config files found for any client in %q (and the directories it looks in) or under %q; pass --root DIR for another project, or --client NAME to show what a client would read", dopts.Root, dopts.Home)
}

// DiscoveryRequest locates a run: --root, --home, --system and --profile
// as given ("" when not), and the environment their defaults come from.
type DiscoveryRequest struct {
	Root, Home, System, Profile string
	Getenv                      func(string) string
	Getwd                       func() (string, error)
	HomeDir                     func() (string, error)
}

// Discovery is the discovery options of a run, the defaults resolved:
// the root is the working directory, the home the user's, and the
// machine's own files are read on a run about this machine only. A home
// or a system that is not a directory is a *UsageError.
func Discovery(f DiscoveryRequest) (discover.Options, error) {
	o := discover.Options{Root: f.Root, Home: f.Home, Getenv: f.Getenv, Isolated: f.Home != "", Profile: f.Profile}
	cwd, err := f.Getwd()
	if err != nil {
		return o, fmt.Errorf("cannot determine the working directory: %v", err)
	}
	o.Cwd = cwd
	if o.Root == "" {
		o.Root = cwd
	}
	if o.Home == "" {
		if o.Home, err = f.HomeDir(); err != nil {
			return o, usagef("cannot determine your home directory (%v): pass --home", err)
		}
	} else if fi, err := os.Stat(absPath(cwd, o.Home)); err != nil || !fi.IsDir() {
		return o, usagef("--home %q is not a directory: give the directory that holds the user's config files", f.Home)
	}
	// The machine's own files are read on a run about this machine; a run
	// isolated with --home reads another machine's only when told where.
	switch {
	case f.System != "":
		o.System = absPath(cwd, f.System)
		if fi, err := os.Stat(o.System); err != nil || !fi.IsDir() {
			return o, usagef("--system %q is not a directory: give the directory that stands for the machine's root (/ for this one)", f.System)
		}
	case f.Home == "":
		o.System = string(filepath.Separator)
	}
	return o, nil
}

func absPath(cwd, p string) string {
	if filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(cwd, p)
}

// QuietConfig reads .mcpconf.toml at the root (its open buffer, through
// dopts.Overlay, for mcpconf lsp) for commands other than lint, for its
// "clients" (ClientRequest.Config); its problems are lint's
// to report, and nil stands for a config that is absent or broken.
func QuietConfig(dopts *discover.Options) *validate.Config {
	abs := filepath.Join(dopts.Root, validate.ConfigFile)
	cfg, _, err := validate.LoadConfigOverlay(abs, validate.ConfigFile, true, dopts.Overlay)
	if err != nil {
		return nil
	}
	return cfg
}

// productNames joins the clients' product names: "pisces", "Cursor and
// pisces".
func productNames(cs []*normalize.Client) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Product
	}
	if len(names) == 0 {
		return "no client"
	}
	return normalize.Join(names, "and")
}

func docOf(set *normalize.Set, s *normalize.Server) *normalize.Document {
	for _, d := range set.Documents {
		if d.Path == s.Source.Path {
			return d
		}
	}
	return nil
}
