package main

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/report"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
	"github.com/mcpconf/mcpconf/view"
)

type probeOptions struct {
	IO       *IO
	Flags    discoveryFlags
	Resolve  resolveFlags
	Names    []string
	Timeout  time.Duration // 0: each server's own, else the client's default, else 30s
	Parallel int
	Format   string
	Tools    bool
	Color    colorFlags
	// GOOS is the system whose client behaviour is modelled (the child
	// environment on Windows); "" is this one.
	GOOS string
}

func newProbeCmd(io *IO, runF func(*probeOptions) error) *cobra.Command {
	opts := &probeOptions{IO: io}
	cmd := &cobra.Command{
		Use:   "probe [NAME...]",
		Short: "Start or connect to the servers the clients would use and list their tools",
		Long: `probe connects to every server the selected clients would start (or those
named), in parallel, as each client would: stdio servers are started with
the command, args, env and working directory the client uses (Codex clears
the environment, Gemini CLI removes secret-looking variables), remote ones
are reached with the client's resolved URL and headers. It lists every tool,
counts resources and prompts, and names what went wrong: a command not on
PATH, a server that exits (with its last stderr lines), one that writes logs
on stdout, a timeout and in which phase, authorization (the 401 challenge,
the protected resource and authorization server metadata, and what in them
breaks clients), the wrong transport.

Servers a client would not start (disabled, pending approval, rejected,
untrusted, blocked, invalid) are listed with the reason and not started.
The same server used by several clients with the same resolved values is
started once.

probe never opens a browser and never prompts. pisces !command values run
only with --allow-exec. A file outside the project that a value reads
(opencode {file:path}, envFile) goes to a server only with
--allow-outside-files; without it the server is skipped. Every process it
starts is stopped when its probe ends, on timeout, on Ctrl-C and on
SIGTERM, daemons a server detached included. A server cannot steer probe
to another host: redirects, OAuth metadata and SSE endpoints are checked
when dialed (see the README's security model). Secrets are masked in every
output.

Exit status: 0 when every server probed is ok, 1 otherwise, 2 bad usage,
3 fatal.`,
		Example: `  mcpconf probe
  mcpconf probe github linear --tools
  mcpconf probe --client codex --timeout 60s
  mcpconf probe --format json | jq '.servers[] | {name, client, status}'`,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Names = args
			if runF != nil {
				return runF(opts)
			}
			return runProbe(opts)
		},
	}
	opts.Flags.register(cmd)
	opts.Resolve.register(cmd)
	opts.Resolve.sends = true
	cmd.Flags().BoolVar(&opts.Resolve.AllowOutsideFiles, allowOutsideFilesFlag[2:], false, "send servers the content of files outside the project (--root) that values name: opencode {file:path}, envFile (never by default)")
	cmd.Flags().DurationVar(&opts.Timeout, "timeout", 0, "deadline of each server (default: the server's own startup timeout, else its client's default, else 30s)")
	cmd.Flags().IntVar(&opts.Parallel, "parallel", 0, fmt.Sprintf("servers probed at once (default %d on this machine)", probe.DefaultParallel()))
	cmd.Flags().StringVar(&opts.Format, "format", "text", "output format: text or json")
	cmd.Flags().BoolVar(&opts.Tools, "tools", false, "list every tool with its parameters and description")
	opts.Color.register(cmd)
	return cmd
}

// planned is one server of one client's view: a target to probe, or the
// result of a server not started.
type planned struct {
	target probe.Target
	result *probe.Result // set when the server is not started
	key    string        // identical targets share one probe
	client *normalize.Client
	// envNote builds the env-not-passed note from the variables not
	// passed as the probe ordered them (those the server's stderr named
	// first); nil when the client passes everything.
	envNote func([]probe.EnvVar) normalize.Diagnostic
}

func runProbe(opts *probeOptions) error {
	if opts.Format != "text" && opts.Format != "json" {
		return usagef("unknown format %q: use text or json", opts.Format)
	}
	if opts.Timeout < 0 {
		return usagef("--timeout %s is negative: give a duration such as 30s", opts.Timeout)
	}
	if opts.Parallel < 0 {
		return usagef("--parallel %d is negative: give the number of servers to probe at once", opts.Parallel)
	}
	if err := opts.Color.check(); err != nil {
		return err
	}
	if opts.GOOS == "" {
		opts.GOOS = runtime.GOOS
	}
	dopts, err := opts.Flags.options(opts.IO)
	if err != nil {
		return err
	}
	if err := dopts.Prepare(); err != nil {
		return err
	}
	clients, _, err := shownClients(&dopts, opts.Flags.Clients, quietConfig(&dopts))
	if err != nil {
		return err
	}
	if len(clients) == 0 {
		opts.IO.errorf("%s", noFilesMessage(&dopts))
		if len(opts.Names) > 0 {
			return silentError{exitFindings}
		}
		return nil
	}
	env, err := opts.Resolve.env(opts.IO, &dopts)
	if err != nil {
		return err
	}
	env.GOOS = opts.GOOS
	ws := dopts.Scan(clients, discover.AllScopes)
	// The run's boundary learns every secret before anything starts: the
	// literal ones of the configs and what resolution gives each server.
	b := opts.IO.boundary()
	view.LearnWorkspace(b, ws)
	plan, names := opts.plan(ws, env, &dopts, b)
	for _, p := range plan {
		b.Learn(p.target.Secrets...) // inherited variables under secret-looking names
	}
	for _, n := range opts.Names {
		if !slices.Contains(names, n) {
			return noServer(opts.IO, &dopts, n, names)
		}
	}
	if len(plan) == 0 {
		fmt.Fprintln(opts.IO.ErrOut, "mcpconf: the clients here define no server: nothing to probe")
		return nil
	}
	results := opts.run(plan, b)
	probe.Check(results, probe.NameSchemes(clients))

	w, st := opts.IO.Out, opts.IO.Style(opts.Color)
	shown := view.ProbeResults(b, results)
	if opts.Format == "json" {
		if err := report.ProbeJSON(w, shown); err != nil {
			return err
		}
	} else if err := report.ProbeText(w, shown, report.ProbeTextOptions{Tools: opts.Tools}, st); err != nil {
		return err
	}
	for _, r := range results {
		if r.Status != probe.StatusOK && probed(r.Status) {
			return silentError{exitFindings}
		}
	}
	return nil
}

// probed says whether a status is the outcome of a probe (rather than of a
// client not starting the server).
func probed(status string) bool {
	switch status {
	case probe.StatusOK, probe.StatusNeedsAuth, probe.StatusTimeout, probe.StatusFailed, probe.StatusSkipped:
		return true
	}
	return false
}

// plan turns every client's view into targets, in view order (clients as
// selected, servers by name), and returns the server names found.
func (opts *probeOptions) plan(ws *normalize.Workspace, env resolve.Env, dopts *discover.Options, b *secret.Boundary) ([]planned, []string) {
	var plan []planned
	var names []string
	environ := opts.IO.environ()
	for _, v := range ws.Views {
		settings := func(path []string) []string { return discover.Strings(v, path) }
		for i := range v.Entries {
			s := &v.Entries[i].Server
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
			if len(opts.Names) > 0 && !slices.Contains(opts.Names, s.Name) {
				continue
			}
			// The file's descriptor says how the definition is read and
			// resolved (in pisces's view, the provider's, as explain
			// --resolve does); the view's client starts the server.
			file, c := normalize.ClientOf(s), normalize.ClientOf(s)
			if v.Client != "" {
				c = normalize.ClientByID(v.Client)
			}
			t := probe.Target{Name: s.Name, Client: c.ID}
			if !s.Enabled {
				status, reason, hint := probe.StatusDisabled, "turned off", ""
				if s.Off != nil {
					status, reason, hint = string(s.Off.Status), s.Off.Reason, s.Off.Hint
				}
				r := probe.NotStarted(t, status, reason)
				r.Hint = hint
				plan = append(plan, planned{result: &r})
				continue
			}
			// A value that needs a file outside the project is not sent
			// without --allow-outside-files: the server is skipped.
			senv, withheld := env, ""
			if env.ReadFile != nil {
				senv.ReadFile = func(path string) ([]byte, error) {
					b, err := env.ReadFile(path)
					var of *outsideFile
					if errors.As(err, &of) && withheld == "" {
						withheld = of.real
					}
					return b, err
				}
			}
			res := resolve.Server(file, s, docOf(v, s), senv)
			t.Notes = res.Diagnostics
			view.LearnResolved(b, res)
			if withheld != "" {
				r := probe.NotStarted(t, probe.StatusSkipped, withheldReason("a value reads", withheld))
				plan = append(plan, planned{result: &r})
				continue
			}
			if why := res.Incomplete(); why != "" {
				r := probe.NotStarted(t, probe.StatusSkipped, why)
				plan = append(plan, planned{result: &r})
				continue
			}
			if r := opts.target(&t, c, file, s, &res, environ, settings, dopts.Root); r != nil {
				plan = append(plan, planned{result: r})
				continue
			}
			pl := planned{target: t, key: targetKey(t), client: c}
			if len(t.EnvNotPassed) > 0 {
				pl.envNote = func(vars []probe.EnvVar) normalize.Diagnostic { return envNote(c, s, vars) }
			}
			plan = append(plan, pl)
		}
	}
	return plan, names
}

// target fills in how client c would start or reach server s, read by the
// descriptor file (rs is s resolved). It returns the result of a server
// the client would fail to start before it runs anything.
func (opts *probeOptions) target(t *probe.Target, c, file *normalize.Client, s *normalize.Server, res *resolve.Resolved, environ []string, settings func([]string) []string, root string) *probe.Result {
	rs := &res.Server
	t.Transport = rs.Transport
	// declared as the client declares them; roots are the project, as the
	// clients answer roots/list (their working directory)
	t.Capabilities = c.Capabilities
	t.Capabilities.Source = ""
	t.Roots = []string{root}
	// A URL the config does not pin may fall back to SSE, as most clients
	// do; a client without an SSE transport never does.
	t.Pinned = s.TransportExplicit || c.NoSSE
	switch {
	case opts.Timeout > 0:
		t.Timeout, t.TimeoutSource = opts.Timeout, "--timeout"
	case s.StartupTimeout > 0:
		t.Timeout, t.TimeoutSource = s.StartupTimeout, "the startup timeout in "+s.Source.Path
	case c.StartupTimeout > 0:
		t.Timeout, t.TimeoutSource = c.StartupTimeout, c.Product+"'s default startup timeout"
	}
	if rs.Transport != normalize.Stdio {
		t.URL, t.Headers = rs.URL, rs.Headers
		t.Ignored = ignoredFields(file, s, t)
		return nil
	}
	t.Command, t.Args = rs.Command, rs.Args
	fileVars, failed := envFile(t, c, file, s, rs, root, opts.Resolve.allowFile(root))
	if failed != nil {
		return failed
	}
	env, left := resolve.ChildEnv(c, rs, environ, fileVars, opts.GOOS, settings)
	t.Env = env
	// A server that fails may print its environment: inherited values
	// under secret-looking names are masked like resolved ones.
	for _, kv := range env {
		if k, v, _ := strings.Cut(kv, "="); secret.IsSecretKey(k) && len(v) >= 4 {
			t.Secrets = append(t.Secrets, v)
		}
	}
	// The client starts the server in its own working directory (the
	// project) unless the definition says otherwise and the client reads
	// that.
	t.Cwd = root
	if rs.Cwd != "" && file.Knows("cwd") {
		t.Cwd = rs.Cwd
		if !filepath.IsAbs(t.Cwd) {
			t.Cwd = filepath.Join(root, t.Cwd)
		}
	}
	t.Ignored = ignoredFields(file, s, t)
	t.EnvNotPassed = notPassed(rs, env, left.Inherited)
	if opts.GOOS != "windows" { // the hand-run command is for a POSIX shell
		t.HandEnv = handEnv(c, res, env, environ, fileVars, t.EnvNotPassed)
		if wd, err := opts.IO.Getwd(); err != nil || wd != t.Cwd {
			t.HandEnv.Dir = t.Cwd
		}
	}
	for _, k := range left.Blocked {
		t.Notes = append(t.Notes, normalize.Diagnostic{Rule: normalize.RuleEnvBlocked, Severity: normalize.Warning,
			Path: s.Source.Path, Pos: s.Source.Pos,
			Message: fmt.Sprintf("%s does not pass env %q to the server: it drops variables that change how a program runs", c.Product, k),
			Hint:    "pass it as an argument, or start the server from a script that sets it"})
	}
	return nil
}

// ignoredFields are the fields of s that its reader (file) does not read
// and that stand for one it reads that changes how the server starts or
// is reached ("arguments" for "args"), each as the sentence the hint of a
// failed probe gives as its likely cause. The fields the definition also
// has under the right name are left out, as are those the reader has no
// counterpart for: lint reports them all.
func ignoredFields(file *normalize.Client, s *normalize.Server, t *probe.Target) []string {
	var out []string
	for _, m := range s.Unknown {
		meant := validate.MeantField(file, m.Key)
		if meant == "" || s.Node.Get(meant) != nil {
			continue
		}
		field := ""
		for _, f := range []string{"command", "args", "env", "cwd", "envFile", "url", "headers", "type"} {
			if file.FieldKey(f) == meant {
				field = f
			}
		}
		effect := ""
		switch field {
		case "":
			continue // a field that does not change how the server starts
		case "args":
			effect = fmt.Sprintf("it starts %s without them", progBase(t.Command))
			if len(t.Args) == 0 {
				effect = fmt.Sprintf("it starts %s with no arguments", progBase(t.Command))
			}
		case "env", "envFile":
			effect = "the server does not get those variables"
		case "cwd":
			effect = fmt.Sprintf("it starts the server in %q", t.Cwd)
		case "headers":
			effect = "it does not send those headers"
		}
		msg := fmt.Sprintf("the definition has %q, which %s does not read", m.Key, file.ReaderName())
		if effect != "" {
			msg += ": " + effect
		}
		out = append(out, fmt.Sprintf("%s; rename it %q", msg, meant))
	}
	return out
}

// progBase is a command's program name, for messages: "npx" for
// "/usr/local/bin/npx".
func progBase(command string) string {
	if i := strings.LastIndexAny(command, `/\`); i >= 0 {
		return command[i+1:]
	}
	return command
}

// envFile reads the definition's envFile for a client that loads one (a
// relative path from the project root). A file the client cannot read
// stops it from starting the server: that is the result; so does one
// allow refuses (outside the project), which skips the server.
func envFile(t *probe.Target, c, file *normalize.Client, s, rs *normalize.Server, root string, allow func(path, real string) error) ([]string, *probe.Result) {
	if rs.EnvFile == "" || !file.Knows("envFile") {
		return nil, nil
	}
	pos := s.Source.Pos
	if v := s.Node.Get("envFile"); v != nil {
		pos = v.Range.Start
	}
	if !c.ChildEnv.EnvFile {
		t.Notes = append(t.Notes, normalize.Diagnostic{Rule: normalize.RuleEnvFile, Severity: normalize.Info, Path: s.Source.Path, Pos: pos,
			Message: fmt.Sprintf("envFile %q is not loaded: mcpconf does not know how %s reads it", s.EnvFile, c.Product),
			Hint:    `if the server needs its variables, set them in "env" to probe it`})
		return nil, nil
	}
	path := rs.EnvFile
	if !filepath.IsAbs(path) {
		path = filepath.Join(root, path)
	}
	vars, err := resolve.ReadEnvFile(path, allow)
	if err == nil {
		return vars, nil
	}
	if of := (*outsideFile)(nil); errors.As(err, &of) {
		t.Notes = append(t.Notes, normalize.Diagnostic{Rule: normalize.RuleEnvFile, Severity: normalize.Warning, Path: s.Source.Path, Pos: pos,
			Message: fmt.Sprintf("envFile %q is not read: it %s", path, of.Error()), Hint: of.Hint()})
		r := probe.NotStarted(*t, probe.StatusSkipped, withheldReason("envFile is", of.real))
		return nil, &r
	}
	why, hint := "it does not exist", `create the file (a .env file is often not committed: copy it from an example), or fix the path in "envFile"`
	var fe *safefile.Error
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case errors.As(err, &fe):
		why, hint = "it "+fe.Reason, fe.Hint
		switch {
		case errors.Is(err, safefile.ErrNotRegular), errors.Is(err, safefile.ErrKernelFile), errors.Is(err, safefile.ErrDangling):
			hint = `point "envFile" at a regular .env file`
		case errors.Is(err, safefile.ErrTooLarge):
			hint = `point "envFile" at a .env file: one larger than 1 MiB is not read`
		}
	default:
		why, hint = err.Error(), ""
	}
	d := normalize.Diagnostic{Rule: normalize.RuleEnvFile, Severity: normalize.Error, Path: s.Source.Path, Pos: pos,
		Message: fmt.Sprintf("%s cannot read envFile %q, so it does not start the server: %s", c.Product, path, why),
		Hint:    hint}
	t.Notes = append(t.Notes, d)
	r := probe.NotStarted(*t, probe.StatusFailed, "envFile not readable")
	return nil, &r
}

// withheldReason is why a server that needs a file outside the project is
// skipped: what needs it, the file and the flag.
func withheldReason(what, real string) string {
	return fmt.Sprintf("%s %q, a file outside the project, which probe sends only with %s", what, real, allowOutsideFilesFlag)
}

// envNote says which variables of mcpconf's environment the client does
// not pass on, names only, never values: those the server likely needs
// first, with why (a warning then), then the first of the others.
func envNote(c *normalize.Client, s *normalize.Server, vars []probe.EnvVar) normalize.Diagnostic {
	var likely []string
	var others []string
	for _, v := range vars {
		if v.Why != "" {
			likely = append(likely, fmt.Sprintf("%q (%s)", v.Name, v.Why))
		} else {
			others = append(others, v.Name)
		}
	}
	shown := others[:min(len(others), max(8-len(likely), 3))]
	list := normalize.Quoted(shown)
	if more := len(others) - len(shown); more > 0 {
		list += fmt.Sprintf(" and %d more", more)
	}
	how := "clears the environment of the servers it starts"
	if c.ChildEnv.Keep == nil {
		how = "removes variables with secret-looking names or values from the environment of the servers it starts"
	}
	msg := fmt.Sprintf("%s %s: %d of the variables mcpconf runs with are not passed", c.Product, how, len(vars))
	sev := normalize.Info
	switch {
	case len(likely) > 0:
		sev = normalize.Warning
		msg += ", among them " + andList(likely)
		if len(others) > 0 {
			msg += "; the others: " + list
		}
	default:
		msg += " (" + list + ")"
	}
	return normalize.Diagnostic{Rule: normalize.RuleEnvNotPassed, Severity: sev, Path: s.Source.Path, Pos: s.Source.Pos,
		Message: msg, Hint: c.ChildEnv.Hint}
}

// andList joins items as English does: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// notPassed are the variables of mcpconf's environment (inherited, as
// resolve.ChildEnv left them out) that the server does not get, those it
// likely needs first: the ones its definition names as words (docker run
// -e NAME, a flag's value, a "$NAME" Codex does not expand), then those
// its npm package is known to need (validate's knowledge, as lint's
// env-not-passed uses it), then the others, each group sorted. A name the
// server gets from its definition's env is not listed.
func notPassed(rs *normalize.Server, env []string, inherited []string) []probe.EnvVar {
	has := map[string]bool{}
	for _, kv := range env {
		k, _, _ := strings.Cut(kv, "=")
		has[k] = true
	}
	words := map[string]bool{}
	for _, v := range append(append([]string{rs.Command}, rs.Args...), slices.Collect(maps.Values(rs.Env))...) {
		for _, w := range strings.FieldsFunc(v, func(r rune) bool { return !(r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r)) }) {
			words[w] = true
		}
	}
	needs := map[string]string{}
	if pkg, groups := validate.PackageNeeds(rs.Command, rs.Args); pkg != "" {
		for _, g := range groups {
			for _, n := range g {
				needs[n] = "needed by " + pkg
			}
		}
	}
	var named, needed, rest []probe.EnvVar
	for _, n := range inherited {
		switch {
		case has[n]:
		case len(n) >= 3 && words[n]:
			named = append(named, probe.EnvVar{Name: n, Why: "named in its definition"})
		case needs[n] != "":
			needed = append(needed, probe.EnvVar{Name: n, Why: needs[n]})
		default:
			rest = append(rest, probe.EnvVar{Name: n})
		}
	}
	return slices.Concat(named, needed, rest)
}

// handEnv writes the environment client c gives the server res for a
// POSIX shell, to run it by hand as c does: c's model (a cleared
// environment, or the user's less what c removes), then each variable c
// sets, its value as the user's shell would give it ("$NAME" for what
// comes from the environment mcpconf runs with: an inherited variable, a
// placeholder, Codex's env_vars), a secret never written out (a literal
// under a secret-looking name, a value from an input, a file or a
// command: "***").
func handEnv(c *normalize.Client, res *resolve.Resolved, env, environ, fileVars []string, left []probe.EnvVar) *probe.ShellEnv {
	h := &probe.ShellEnv{Client: c.Product, Clear: c.ChildEnv.Keep != nil}
	parent := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			parent[k] = v
		}
	}
	fromFile := map[string]string{}
	for _, kv := range fileVars {
		if k, v, ok := strings.Cut(kv, "="); ok {
			fromFile[k] = v
		}
	}
	rs := &res.Server
	literal := func(k, v string) []probe.ShellPart {
		if secret.IsSecretKey(k) && v != "" {
			v = secret.Masked
		}
		return []probe.ShellPart{{Text: v}}
	}
	for _, kv := range env {
		k, v, _ := strings.Cut(kv, "=")
		var parts []probe.ShellPart
		if dv, ok := rs.Env[k]; ok {
			i := slices.IndexFunc(res.Fields, func(f resolve.Field) bool {
				return f.Field == "env" && f.Key == k && !f.Dropped && f.Value == dv
			})
			if i < 0 {
				parts = literal(k, v)
			} else {
				parts = valueParts(k, res.Fields[i])
			}
			if old, inherited := parent[k]; inherited && c.ChildEnv.AppendPath && strings.EqualFold(k, "PATH") &&
				len(v) > len(old)+len(dv) && strings.HasPrefix(v, old) && strings.HasSuffix(v, dv) {
				// the client adds the definition's PATH to the inherited one
				parts = append([]probe.ShellPart{{Text: k, Var: true}, {Text: v[len(old) : len(v)-len(dv)]}}, parts...)
			}
		} else if fv, ok := fromFile[k]; ok && fv == v {
			parts = literal(k, v)
		} else if pv, ok := parent[k]; ok && pv == v {
			if !h.Clear {
				continue // inherited as it is
			}
			parts = []probe.ShellPart{{Text: k, Var: true}}
		} else {
			parts = literal(k, v) // what the client sets itself
		}
		h.Set = append(h.Set, probe.ShellVar{Name: k, Parts: parts})
	}
	if !h.Clear {
		for _, v := range left {
			h.Unset = append(h.Unset, v.Name)
		}
		slices.Sort(h.Unset)
	}
	return h
}

// valueParts splits a resolved value by where its pieces came from: a
// variable of the environment stays a reference, a piece from an input,
// a file or a command (a secret the shell cannot give) is masked, the
// rest is literal (masked too under a secret-looking name).
func valueParts(key string, f resolve.Field) []probe.ShellPart {
	var parts []probe.ShellPart
	lit := func(s string) {
		if s == "" {
			return
		}
		if secret.IsSecretKey(key) {
			s = secret.Masked
		}
		parts = append(parts, probe.ShellPart{Text: s})
	}
	at := 0
	for _, p := range f.Pieces {
		if p.Start < at || p.End > len(f.Value) {
			continue
		}
		lit(f.Value[at:p.Start])
		switch p.Kind {
		case resolve.FromVariable:
			parts = append(parts, probe.ShellPart{Text: p.Name, Var: true})
		case resolve.FromInput, resolve.FromFile, resolve.FromCommand:
			parts = append(parts, probe.ShellPart{Text: secret.Masked})
		default:
			lit(f.Value[p.Start:p.End])
		}
		at = p.End
	}
	lit(f.Value[at:])
	if len(parts) == 0 {
		parts = []probe.ShellPart{{Text: ""}}
	}
	return parts
}

// targetKey is equal for targets that start the same process or reach the
// same URL the same way: they are probed once.
func targetKey(t probe.Target) string {
	var b strings.Builder
	field := func(s string) { fmt.Fprintf(&b, "%d:%s;", len(s), s) }
	field(string(t.Transport))
	field(fmt.Sprint(t.Pinned, t.Timeout, t.Capabilities, t.Roots))
	field(t.Command)
	for _, a := range t.Args {
		field(a)
	}
	b.WriteString("|")
	for _, e := range t.Env {
		field(e)
	}
	field(t.Cwd)
	field(t.URL)
	hs := make([]string, 0, len(t.Headers))
	for k, v := range t.Headers {
		hs = append(hs, strings.ToLower(k)+":"+v)
	}
	slices.Sort(hs)
	for _, h := range hs {
		field(h)
	}
	return b.String()
}

// progressTick is how often the progress line is redrawn while no server
// starts or ends.
const progressTick = 500 * time.Millisecond

// run probes each distinct target once and gives every client's entry its
// result, in plan order. Text output shows each line as its server
// finishes and, on a terminal, a progress line on stderr.
func (opts *probeOptions) run(plan []planned, b *secret.Boundary) []probe.Result {
	var targets []probe.Target
	first := map[string]int{} // key -> index in targets
	index := make([]int, len(plan))
	var sharers [][]int // target -> the plan entries it stands for
	for i, p := range plan {
		index[i] = -1
		if p.result != nil {
			continue
		}
		j, ok := first[p.key]
		if !ok {
			j = len(targets)
			first[p.key] = j
			targets = append(targets, p.target)
			sharers = append(sharers, nil)
		}
		index[i] = j
		sharers[j] = append(sharers[j], i)
	}
	var mu sync.Mutex
	st := opts.IO.Style(opts.Color)
	live := opts.Format == "text"
	progress := opts.IO.ErrTTY && opts.Format == "text"
	clearLine := func() {
		if progress {
			fmt.Fprint(opts.IO.ErrOut, "\r\033[K")
		}
	}
	popts := probe.Options{Parallel: opts.Parallel, Tools: opts.Tools, ClientName: "mcpconf", ClientVersion: versionString(), Boundary: b}
	stopTicker := func() {}
	if progress {
		// The line is drawn on each change and redrawn while nothing
		// changes, so that the time a pending server takes keeps counting.
		var (
			last      []probe.Pending
			lastDone  int
			lastTotal int
		)
		draw := func() {
			if len(last) == 0 {
				clearLine()
				return
			}
			report.ProbeProgress(opts.IO.ErrOut, view.ProbeProgress(b, lastDone, lastTotal, last, time.Now()), report.Style{Width: opts.IO.ErrWidth})
		}
		popts.OnProgress = func(done, total int, pending []probe.Pending) {
			mu.Lock()
			defer mu.Unlock()
			last, lastDone, lastTotal = pending, done, total
			draw()
		}
		tick := time.NewTicker(progressTick)
		stop, stopped := make(chan struct{}), make(chan struct{})
		go func() {
			defer close(stopped)
			for {
				select {
				case <-stop:
					return
				case <-tick.C:
					mu.Lock()
					draw()
					mu.Unlock()
				}
			}
		}()
		stopTicker = func() {
			tick.Stop()
			close(stop)
			<-stopped
		}
	}
	if live {
		// The servers not started are known at once.
		for _, p := range plan {
			if p.result != nil {
				report.ProbeLine(opts.IO.Out, view.NewProbeResult(b, *p.result), st)
			}
		}
		byTarget := map[[2]string]int{}
		for j, t := range targets {
			byTarget[[2]string{t.Name, t.Client}] = j
		}
		popts.OnDone = func(r probe.Result) {
			mu.Lock()
			defer mu.Unlock()
			clearLine()
			for _, i := range sharers[byTarget[[2]string{r.Name, r.Client}]] {
				rr := r
				rr.Name, rr.Client = plan[i].target.Name, plan[i].target.Client
				report.ProbeLine(opts.IO.Out, view.NewProbeResult(b, rr), st)
			}
		}
	}
	got := probe.Run(opts.IO.ctx(), targets, popts)
	stopTicker()
	clearLine()
	results := make([]probe.Result, len(plan))
	for i, p := range plan {
		if p.result != nil {
			results[i] = *p.result
			continue
		}
		r := got[index[i]]
		// Another client's entry may share the probe: its own name, its
		// own notes first, then what the probe found.
		r.Name, r.Client = p.target.Name, p.target.Client
		shared := targets[index[i]]
		found := slices.DeleteFunc(slices.Clone(r.Diagnostics), func(d normalize.Diagnostic) bool { return slices.ContainsFunc(shared.Notes, sameDiag(d)) })
		if own, sh := p.target.HandEnv, shared.HandEnv; own != nil && sh != nil && own.Client != sh.Client {
			for j := range found {
				found[j].Hint = strings.Replace(found[j].Hint, probe.HandRunAs(sh.Client), probe.HandRunAs(own.Client), 1)
			}
		}
		r.EnvNotPassed = envOrder(p.target.EnvNotPassed, r.EnvNotPassed)
		var notes []normalize.Diagnostic
		if p.envNote != nil {
			notes = append(notes, p.envNote(r.EnvNotPassed))
		}
		r.Diagnostics = slices.Concat(p.target.Notes, notes, found)
		if c := p.client; c.NoSSE {
			for j := range r.Diagnostics {
				if d := &r.Diagnostics[j]; d.Rule == normalize.RuleWrongTransport {
					d.Hint = fmt.Sprintf("%s has no SSE client: point the url at the server's streamable HTTP endpoint, or bridge it over stdio (npx -y mcp-remote URL)", c.Product)
				}
			}
		}
		results[i] = r
	}
	return results
}

// envOrder is an entry's own variables not passed (own) as the probe
// ordered the shared target's (probed): those its stderr named first.
func envOrder(own, probed []probe.EnvVar) []probe.EnvVar {
	named := map[string]bool{}
	for _, v := range probed {
		if v.Why == probe.NamedOnStderr {
			named[v.Name] = true
		}
	}
	var first, rest []probe.EnvVar
	for _, v := range own {
		if named[v.Name] {
			v.Why = probe.NamedOnStderr
			first = append(first, v)
		} else {
			rest = append(rest, v)
		}
	}
	return append(first, rest...)
}

func sameDiag(d normalize.Diagnostic) func(normalize.Diagnostic) bool {
	return func(n normalize.Diagnostic) bool {
		return n.Rule == d.Rule && n.Message == d.Message && n.Path == d.Path
	}
}
