package app

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/validate"
	"github.com/mcpconf/mcpconf/view"
)

// ProbeRequest is what probe is asked to start, and how.
type ProbeRequest struct {
	// Options locate the project and the home, prepared.
	Options *discover.Options
	// Clients are the clients whose views are probed (SelectClients).
	Clients []*normalize.Client
	// Env is what resolution may read (the environment, inputs, files,
	// a runner for !commands).
	Env resolve.Env
	// Names are the servers to probe; none is every one.
	Names []string
	// Timeout is the deadline of each server; 0 is each server's own,
	// else its client's default, else probe's.
	Timeout time.Duration
	// GOOS is the system whose client behaviour is modelled (the child
	// environment on Windows).
	GOOS string
	// Environ is the environment mcpconf runs with, which the clients
	// pass on as each does.
	Environ []string
	// Wd is the working directory mcpconf runs in, "" when unknown: a
	// command to run by hand changes directory when the server's is
	// another.
	Wd string
	// AllowOutsideFiles lets a value carry a file outside the project to
	// a server (--allow-outside-files).
	AllowOutsideFiles bool
	// Unapproved probes, too, the servers a client does not start only
	// because they wait for the user's approval or the project's trust
	// (a lock is the same on every machine, approved or not).
	Unapproved bool
	// Parallel is the number of servers probed at once (0: probe's
	// default); Tools keeps every tool's parameters and description for
	// the output (probe --tools).
	Parallel int
	Tools    bool
	// Version is mcpconf's, which it gives servers as a client's and
	// reports in a check of the lock.
	Version string
	// Lock writes the tool lock, or checks the servers against it, when
	// the servers are done (ProbeRun); nil is neither.
	Lock *LockRequest
}

// ProbePlan is every server of every client's view, in view order: the
// targets to probe and the results of the servers not started.
type ProbePlan struct {
	Servers []PlannedServer
	clients []*normalize.Client
	// req and b are the plan's request and boundary, for ProbeRun.
	req ProbeRequest
	b   *secret.Boundary
}

// PlannedServer is one server of one client's view: a target to probe,
// or the result of a server not started.
type PlannedServer struct {
	Target probe.Target
	Result *probe.Result // set when the server is not started
	key    string        // identical targets share one probe
	client *normalize.Client
	// server is the definition in the client's view.
	server *normalize.Server
	// envNote builds the env-not-passed note from the variables not
	// passed as the probe ordered them (those the server's stderr named
	// first); nil when the client passes everything.
	envNote func([]probe.EnvVar) normalize.Diagnostic
}

// PlanProbe turns every client's view into targets, in view order
// (clients as selected, servers by name), as each client would start or
// reach its servers. b learns every secret before anything starts: the
// literal ones of the configs, what resolution gives each server and the
// inherited variables under secret-looking names. A name of req.Names no
// client defines is a *NotFoundError.
func PlanProbe(req ProbeRequest, b *secret.Boundary) (*ProbePlan, error) {
	ws := req.Options.Scan(req.Clients, discover.AllScopes)
	view.LearnWorkspace(b, ws)
	plan := &ProbePlan{clients: req.Clients, req: req, b: b}
	var names []string
	root := req.Options.Root
	for _, v := range ws.Views {
		settings := func(path []string) []string { return discover.Strings(v, path) }
		for i := range v.Entries {
			s := &v.Entries[i].Server
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
			if len(req.Names) > 0 && !slices.Contains(req.Names, s.Name) {
				continue
			}
			p := req.plan(v, s, settings, root, b)
			p.server, p.client = s, cmp.Or(v.Client, s.Source.Client)
			plan.Servers = append(plan.Servers, *p)
		}
	}
	for _, p := range plan.Servers {
		b.Learn(p.Target.Secrets...) // inherited variables under secret-looking names
	}
	for _, n := range req.Names {
		if !slices.Contains(names, n) {
			return nil, noServer(req.Options, n, names)
		}
	}
	return plan, nil
}

// plan is how the view's client would start server s of view v.
func (req *ProbeRequest) plan(v *normalize.Set, s *normalize.Server, settings func([]string) []string, root string, b *secret.Boundary) *PlannedServer {
	env := req.Env
	// The file's descriptor says how the definition is read and
	// resolved (in pisces's view, the provider's, as explain
	// --resolve does); the view's client starts the server.
	file, c := s.Source.Client, s.Source.Client
	if v.Client != nil {
		c = v.Client
	}
	t := probe.Target{Name: s.Name, Client: c}
	if !s.Enabled && !(req.Unapproved && s.Off != nil && (probe.Status(s.Off.Status) == probe.StatusPendingApproval || probe.Status(s.Off.Status) == probe.StatusUntrusted)) {
		status, reason, hint := probe.StatusDisabled, "turned off", ""
		if s.Off != nil {
			status, reason, hint = probe.Status(s.Off.Status), s.Off.Reason, s.Off.Hint
		}
		if s.Off != nil && s.Off.Listed {
			// the client tries to start it and fails (Codex on a name
			// outside its pattern): a failure, as a variable it needs
			t.Transport = s.Transport
			status = probe.StatusFailed
		}
		r := probe.NotStarted(t, status, reason)
		r.Hint = hint
		return &PlannedServer{Result: &r}
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
	res := resolve.Server(file, s, docOf(v, s), clientEnv(v, senv))
	t.Notes = res.Diagnostics
	view.LearnResolved(b, res)
	if withheld != "" {
		r := probe.NotStarted(t, probe.StatusSkipped, withheldReason("a value reads", withheld))
		return &PlannedServer{Result: &r}
	}
	if why := res.Incomplete(); why != "" {
		r := probe.NotStarted(t, probe.StatusSkipped, why)
		return &PlannedServer{Result: &r}
	}
	// the client does not start it: a variable it needs is not set
	if res.Refused != "" {
		t.Transport = res.Server.Transport
		r := probe.NotStarted(t, probe.StatusFailed, res.Refused)
		r.Hint = res.RefusedHint
		return &PlannedServer{Result: &r}
	}
	if r := req.target(&t, c, file, s, &res, settings, root, environ(v, req.Environ)); r != nil {
		return &PlannedServer{Result: r}
	}
	pl := &PlannedServer{Target: t, key: targetKey(t), client: c}
	if len(t.EnvNotPassed) > 0 {
		pl.envNote = func(vars []probe.EnvVar) normalize.Diagnostic { return envNote(c, s, vars) }
	}
	return pl
}

// target fills in how client c would start or reach server s, read by the
// descriptor file (rs is s resolved). It returns the result of a server
// the client would fail to start before it runs anything.
//
// parent is the environment of the client once started: req.Environ with
// what its files set (environ).
func (req *ProbeRequest) target(t *probe.Target, c, file *normalize.Client, s *normalize.Server, res *resolve.Resolved, settings func([]string) []string, root string, parent []string) *probe.Result {
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
	case req.Timeout > 0:
		t.Timeout, t.TimeoutSource = req.Timeout, "--timeout"
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
	fileVars, failed := envFile(t, c, file, s, rs, root, allowFile(root, !req.AllowOutsideFiles))
	if failed != nil {
		return failed
	}
	env, left := resolve.ChildEnv(c, rs, parent, fileVars, req.GOOS, settings)
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
	if req.GOOS != "windows" { // the hand-run command is for a POSIX shell
		t.HandEnv = handEnv(c, res, env, req.Environ, fileVars, t.EnvNotPassed)
		if req.Wd == "" || req.Wd != t.Cwd {
			t.HandEnv.Dir = t.Cwd
		}
	}
	for _, k := range left.Blocked {
		msg, hint := validate.EnvBlockedMessage(c, k, "")
		t.Notes = append(t.Notes, normalize.Diagnostic{Rule: normalize.RuleEnvBlocked, Severity: normalize.Warning,
			Path: s.Source.Path, Pos: s.Source.Pos, Message: msg, Hint: hint})
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
	return fmt.Sprintf("%s %q, a file outside the project, which probe sends only with %s", what, real, AllowOutsideFilesFlag)
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
		msg += ", among them " + normalize.Join(likely, "and")
		if len(others) > 0 {
			msg += "; the others: " + list
		}
	default:
		msg += " (" + list + ")"
	}
	return normalize.Diagnostic{Rule: normalize.RuleEnvNotPassed, Severity: sev, Path: s.Source.Path, Pos: s.Source.Pos,
		Message: msg, Hint: c.ChildEnv.Hint}
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
		case resolve.FromSetting:
			// set by the client's own file, not the shell: its value,
			// masked as that file's value is
			parts = append(parts, probe.ShellPart{Text: secret.MaskValue(p.Name, f.Value[p.Start:p.End])})
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

// Probe probes each distinct target of the plan once (the same server
// used by several clients with the same resolved values is started
// once) and gives every client's entry its result, in plan order, checked
// against the clients' tool-name schemes. onDone, when not nil, gets the
// results of a target as it finishes: one for each entry it stands for,
// under that entry's name and client.
func Probe(ctx context.Context, plan *ProbePlan, opts probe.Options, onDone func([]probe.Result)) []probe.Result {
	var targets []probe.Target
	first := map[string]int{} // key -> index in targets
	index := make([]int, len(plan.Servers))
	var sharers [][]int // target -> the plan entries it stands for
	for i, p := range plan.Servers {
		index[i] = -1
		if p.Result != nil {
			continue
		}
		j, ok := first[p.key]
		if !ok {
			j = len(targets)
			first[p.key] = j
			targets = append(targets, p.Target)
			sharers = append(sharers, nil)
		}
		index[i] = j
		sharers[j] = append(sharers[j], i)
	}
	if onDone != nil {
		byTarget := map[[2]string]int{}
		for j, t := range targets {
			byTarget[[2]string{t.Name, normalize.IDOf(t.Client)}] = j
		}
		opts.OnDone = func(r probe.Result) {
			var rs []probe.Result
			for _, i := range sharers[byTarget[[2]string{r.Name, r.Client}]] {
				rr := r
				rr.Name, rr.Client = plan.Servers[i].Target.Name, normalize.IDOf(plan.Servers[i].Target.Client)
				rs = append(rs, rr)
			}
			onDone(rs)
		}
	}
	got := probe.Run(ctx, targets, opts)
	results := make([]probe.Result, len(plan.Servers))
	for i, p := range plan.Servers {
		if p.Result != nil {
			results[i] = *p.Result
			continue
		}
		r := got[index[i]]
		// Another client's entry may share the probe: its own name, its
		// own notes first, then what the probe found.
		r.Name, r.Client = p.Target.Name, normalize.IDOf(p.Target.Client)
		shared := targets[index[i]]
		found := slices.DeleteFunc(slices.Clone(r.Diagnostics), func(d normalize.Diagnostic) bool { return slices.ContainsFunc(shared.Notes, sameDiag(d)) })
		if own, sh := p.Target.HandEnv, shared.HandEnv; own != nil && sh != nil && own.Client != sh.Client {
			for j := range found {
				found[j].Hint = strings.Replace(found[j].Hint, probe.HandRunAs(sh.Client), probe.HandRunAs(own.Client), 1)
			}
		}
		r.EnvNotPassed = envOrder(p.Target.EnvNotPassed, r.EnvNotPassed)
		var notes []normalize.Diagnostic
		if p.envNote != nil {
			notes = append(notes, p.envNote(r.EnvNotPassed))
		}
		r.Diagnostics = slices.Concat(p.Target.Notes, notes, found)
		if c := p.client; c.NoSSE {
			for j := range r.Diagnostics {
				if d := &r.Diagnostics[j]; d.Rule == normalize.RuleWrongTransport {
					d.Hint = fmt.Sprintf("%s has no SSE client: point the url at the server's streamable HTTP endpoint, or bridge it over stdio (npx -y mcp-remote URL)", c.Product)
				}
			}
		}
		results[i] = r
	}
	probe.Check(results, probe.NameSchemes(plan.clients))
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

// ProbeFailed says whether a server probed is not ok, or is but has a
// tool probe finds an error in (a description that hides text from the
// user, an invalid schema): a server a client does not start (disabled,
// pending approval, …) is no failure of probe.
func ProbeFailed(results []probe.Result) bool {
	for _, r := range results {
		if r.Status != probe.StatusOK && probed(r.Status) {
			return true
		}
		for _, d := range r.Diagnostics {
			if d.Severity == normalize.Error && probe.Checked(d.Rule) {
				return true // a tool tells the model what it must not
			}
		}
	}
	return false
}

// probed says whether a status is the outcome of a probe (rather than of a
// client not starting the server).
func probed(status probe.Status) bool {
	switch status {
	case probe.StatusOK, probe.StatusNeedsAuth, probe.StatusTimeout, probe.StatusFailed, probe.StatusSkipped:
		return true
	}
	return false
}
