package probe

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/secret"
)

// Status is the outcome of a Result.
type Status string

// Statuses of a Result. The first six are set by Run; the others are
// client statuses the caller sets (with NotStarted) for servers it does not
// start, so that every renderer sees one shape: those a gate of the client
// gives are normalize's Status values, spelled once there.
const (
	StatusOK        Status = "ok"
	StatusNeedsAuth Status = "needs-auth"
	StatusTimeout   Status = "timeout"
	StatusFailed    Status = "failed"
	StatusDisabled         = Status(normalize.StatusDisabled)
	StatusSkipped   Status = "skipped"

	StatusPendingApproval = Status(normalize.StatusPending)
	StatusRejected        = Status(normalize.StatusRejected)
	StatusUntrusted       = Status(normalize.StatusUntrusted)
	StatusBlocked         = Status(normalize.StatusBlocked)
	StatusInvalid         = Status(normalize.StatusInvalid)
	StatusRefused         = Status(normalize.StatusRefused) // the client refuses its whole config
)

// Eras of the protocol. A server of the 2026-07-28 era answers
// "server/discover" and needs no "initialize"; a legacy server is
// initialized with the "initialize" handshake.
const (
	EraDiscover = "2026-07-28"
	EraLegacy   = "legacy"
)

// Phases name where a probe was when it failed or timed out.
const (
	PhaseConnect   = "connect" // spawning the process, or connecting to the URL
	PhaseHandshake = "handshake"
	PhaseListTools = "list_tools"
	PhaseList      = "list" // counting resources and prompts
)

// DefaultTimeout is the deadline of one server when neither the target nor
// the options set one.
const DefaultTimeout = 30 * time.Second

// Target is one server to probe, its values already resolved by the
// caller: probe never expands placeholders and never reads config files.
type Target struct {
	Name   string
	Client *normalize.Client // the client whose view this is; its id is the result's

	// Transport is stdio, http or sse. http with Pinned false means "a URL
	// whose transport the config does not pin": probe tries streamable
	// HTTP and falls back to SSE when the URL answers as an SSE-only
	// endpoint does.
	Transport normalize.Transport
	Pinned    bool

	// stdio
	Command string
	Args    []string
	// Env is the complete environment of the child ("K=V"); nil is an
	// empty environment, never the prober's own. Its PATH is the one
	// searched for Command.
	Env []string
	Cwd string // "" is the prober's working directory
	// EnvNotPassed are the variables of the environment the caller runs
	// with that the client does not pass to the server (names only), in
	// the order to show them: those the server likely needs first, with
	// why. Run adds those the server's stderr names, first; the result
	// keeps them all.
	EnvNotPassed []EnvVar
	// HandEnv is the environment the client gives the server, written for
	// a POSIX shell, for the hints that say to run the server by hand: it
	// then fails as it does in the client, not as in the user's shell.
	// nil writes the command alone.
	HandEnv *ShellEnv

	// http and sse
	URL     string
	Headers map[string]string

	// Timeout bounds the whole probe of this server; 0 uses Options.Timeout.
	Timeout time.Duration
	// TimeoutSource says where Timeout came from, for messages, e.g.
	// "startup_timeout_ms in .gemini/settings.json"; "" when not set.
	TimeoutSource string

	// Notes are findings of resolution (a header dropped because its
	// variable is unset, …), copied into the result's diagnostics.
	Notes []normalize.Diagnostic
	// Ignored are fields of the definition the client does not read and
	// that stand for one it reads, each as a sentence naming the field,
	// what the client does without it and the fix ("the definition has
	// "arguments", which Cursor does not read: it starts npx with no
	// arguments; rename it "args""). When the probe then fails or times
	// out, the hint names them as the likely cause, instead of a generic
	// one.
	Ignored []string
	// Capabilities are what the client declares at initialize, declared
	// the same (a server may list tools only to a client with roots);
	// Roots are the directories a roots/list request is answered with
	// (the project, as the clients answer). Elicitation is declined and
	// sampling refused, without asking anyone.
	Capabilities normalize.Capabilities
	Roots        []string
	// Secrets are values that must never be printed (resolved values,
	// inherited variables under secret-looking names): Run teaches them
	// to Options.Boundary, which masks them wherever they appear.
	Secrets []string
}

// EnvVar is a variable of the caller's environment that the client does
// not pass to a stdio server.
type EnvVar struct {
	Name string
	// Why says why the server likely needs it ("named in its definition",
	// "needed by @scope/pkg", NamedOnStderr); "" when nothing says so.
	Why string
}

// NamedOnStderr is the Why of a variable the server's stderr names.
const NamedOnStderr = "named on its stderr"

// ShellEnv is how a client builds a stdio server's environment, in the
// terms of a POSIX shell: "env -i" (Clear) or "env -u NAME" (Unset), then
// the variables it sets. Values are never written out when they are
// secrets: a value the user's shell holds is written "$NAME", and what
// the run's boundary masks is masked.
type ShellEnv struct {
	Client string // the client's product name, for the hint
	// Clear: the client gives the server only Set; otherwise the server
	// inherits the user's environment less Unset, and Set on top.
	Clear bool
	Unset []string
	Set   []ShellVar
	// Dir is the directory to start the server in, when it is not the
	// one the user runs mcpconf in ("" otherwise).
	Dir string
}

// ShellVar is one variable a client sets, its value in parts.
type ShellVar struct {
	Name  string
	Parts []ShellPart
}

// ShellPart is literal text, or (Var) the value of the variable Text of
// the user's shell.
type ShellPart struct {
	Text string
	Var  bool
}

// Options configures Run.
type Options struct {
	// Parallel bounds how many servers are probed at once; 0 picks
	// DefaultParallel().
	Parallel int
	// Timeout is the deadline of each server whose Target.Timeout is 0;
	// 0 means DefaultTimeout.
	Timeout time.Duration
	// Tools keeps each tool's description in the result, for listing
	// tools; descriptions can be long, and nothing else needs them. Names,
	// titles and input schemas are always kept: Check validates schemas.
	Tools bool
	// OnDone, when set, is called with each result as soon as it is
	// complete, one call at a time, for live output.
	OnDone func(Result)
	// OnProgress, when set, is called once at the start, then each time a
	// server's probe starts or ends, with the servers still pending, in
	// target order, one call at a time.
	OnProgress func(done, total int, pending []Pending)
	// ClientName and ClientVersion are sent to servers as the client's
	// implementation; "mcpconf" and "dev" by default.
	ClientName, ClientVersion string
	// Boundary is the run's secret boundary. What a server writes (its
	// stderr, an error body, a cursor) is masked with it before probe
	// cuts it to a length, so a secret cut at the limit never shows its
	// first characters; Run teaches it every target's Secrets. nil is a
	// boundary of its own that knows only those.
	Boundary *secret.Boundary
}

// DefaultParallel is how many servers Run probes at once by default: most
// of a probe is waiting (for a download, a container, a remote host), so
// twice the CPUs, at least 8 and at most 16 (a stdio server is a process,
// often a Node.js one, and 16 of those starting at once already saturate
// a laptop).
func DefaultParallel() int {
	return min(max(8, 2*runtime.NumCPU()), 16)
}

// Pending is a server whose probe is not over.
type Pending struct {
	Name string
	// Started is when its probe started; zero while it waits for its turn
	// (Options.Parallel).
	Started time.Time
}

// Timings are the durations of a probe's phases. Phases not reached are 0.
type Timings struct {
	Connect   time.Duration // spawn (stdio), TCP/TLS connect (http), SSE stream open (sse)
	Handshake time.Duration // server/discover or initialize
	ListTools time.Duration // every page of tools/list
	Total     time.Duration // from start to the end of listing, cleanup excluded
}

// ServerInfo is what the server says of itself.
type ServerInfo struct {
	Name, Version string
}

// Tool is one tool of a server, as a result keeps it: each text within
// its bound, and all of them within what a result keeps (maxKeptBytes),
// past which a tool keeps only its name, sums and Check's findings
// (NotKept). A tool whose description was cut, or that was not kept, was
// checked as it was listed, whole.
type Tool struct {
	Name        string
	Title       string
	Description string          // empty unless Options.Tools
	InputSchema json.RawMessage // as the SDK decoded it (object keys sorted); nil when the server sent none
	// OutputSchema is the tool's output schema as the SDK decoded it, for
	// the checks of what a server tells the model; nil when the server
	// sent none or one over maxSchemaBytes.
	OutputSchema json.RawMessage
	// Said is the description as the server sent it, raw, as every field
	// of a Result, cut to maxDescriptionBytes ("…" ending it then): for
	// the checks of what a server tells the model (Check), which ran on
	// it whole when it was cut, and a lock that keeps descriptions.
	Said string
	// Annotations are the tool's annotations as the SDK decoded them
	// (object keys sorted), their title cut to maxNameBytes; nil when the
	// server sent none.
	Annotations json.RawMessage
	// Sums are what a lock records of the tool (lock.go), of all the
	// server sent.
	Sums ToolSums
	// NotKept says the tool was listed past what a result keeps: its
	// title, description, annotations and Said are empty, its input
	// schema a stand-in.
	NotKept bool

	// checks are Check's findings on the tool, made when it was listed;
	// nil when Check checks the tool as kept.
	checks *toolChecks
}

// toolChecks are Check's findings on one tool, made when it was listed.
type toolChecks struct {
	// schema is schemaDiag's, when schemaChecked (the tool's schema was
	// not kept).
	schemaChecked bool
	schema        *normalize.Diagnostic
	// told are toldDiags'; past maxToldPerRule findings of a rule on the
	// listing, only their rule and severity.
	told []normalize.Diagnostic
}

// Result is what probing one server found.
type Result struct {
	Name, Client string
	Status       Status
	Reason       string // one line saying why the status is not ok; "" when ok
	// Hint says what to do to start a server the client does not start
	// (the file and key to edit, or the client's own prompt).
	Hint      string
	Transport string // the transport that answered (or was tried last): stdio, http, sse
	Era       string // EraDiscover or EraLegacy; "" when no handshake completed
	// ProtocolVersion is the version negotiated.
	ProtocolVersion string
	Timings         Timings
	Server          ServerInfo
	Capabilities    []string // sorted: "tools", "tools.listChanged", "resources.subscribe", …
	Tools           []Tool
	// Resources and Prompts are counted when the server advertises the
	// capability and answers; nil otherwise.
	Resources, Prompts *int
	// Auth summarizes the authorization a server asked for (401, or 403
	// with insufficient_scope); nil when none was asked for.
	Auth *AuthInfo
	// Stderr is the end of what a stdio server wrote on stderr, cleaned
	// and masked, kept when the probe was not ok.
	Stderr []string
	// EnvNotPassed is Target.EnvNotPassed, those the server's stderr
	// names first (Why NamedOnStderr).
	EnvNotPassed []EnvVar
	Diagnostics  []normalize.Diagnostic
}

// NotStarted builds the result of a server the caller does not start
// (disabled, pending approval, blocked, …), so that renderers show it
// like any other.
func NotStarted(t Target, status Status, reason string) Result {
	r := Result{Name: t.Name, Client: normalize.IDOf(t.Client), Status: status, Reason: reason, Transport: string(t.Transport),
		EnvNotPassed: slices.Clone(t.EnvNotPassed)}
	r.Diagnostics = append(r.Diagnostics, t.Notes...)
	return r
}

// Run probes every target, at most Options.Parallel at once, each within
// its own deadline, and returns the results in target order. It returns
// when every probe is over and every process it started is gone. A
// cancelled ctx ends the pending probes with status skipped ("cancelled").
func Run(ctx context.Context, targets []Target, opts Options) []Result {
	parallel := opts.Parallel
	if parallel <= 0 {
		parallel = DefaultParallel()
	}
	if opts.Boundary == nil {
		opts.Boundary = secret.New()
	}
	for _, t := range targets {
		opts.Boundary.Learn(t.Secrets...)
	}
	results := make([]Result, len(targets))
	var (
		mu      sync.Mutex // serializes the callbacks and guards pending/done
		done    int
		pending = make(map[int]time.Time, len(targets)) // target → when its probe started
	)
	for i := range targets {
		pending[i] = time.Time{}
	}
	pendingList := func() []Pending {
		out := make([]Pending, 0, len(pending))
		for i := range targets {
			if started, ok := pending[i]; ok {
				out = append(out, Pending{Name: targets[i].Name, Started: started})
			}
		}
		return out
	}
	if opts.OnProgress != nil {
		opts.OnProgress(0, len(targets), pendingList())
	}
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i := range targets {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			mu.Lock()
			pending[i] = time.Now()
			if opts.OnProgress != nil {
				opts.OnProgress(done, len(targets), pendingList())
			}
			mu.Unlock()
			// The result is delivered as soon as it is known; the cleanup
			// (a server's own shutdown can take a while) runs after, and
			// Run still waits for it.
			probeOne(ctx, &targets[i], &opts, func(r Result) {
				results[i] = r
				mu.Lock()
				defer mu.Unlock()
				done++
				delete(pending, i)
				if opts.OnDone != nil {
					opts.OnDone(r)
				}
				if opts.OnProgress != nil {
					opts.OnProgress(done, len(targets), pendingList())
				}
			})
		}()
	}
	wg.Wait()
	return results
}

// probeOne probes one target, hands its result to deliver, then cleans up
// (sessions closed, process groups killed).
func probeOne(ctx context.Context, t *Target, opts *Options, deliver func(Result)) {
	p := newProber(t, opts)
	defer p.cleanup()
	deliver(p.safeRun(ctx))
}

// safeRun never panics: a panic in probe's own code becomes a failed
// result, so one odd server cannot take the whole run down.
func (p *prober) safeRun(ctx context.Context) (r Result) {
	defer func() {
		if v := recover(); v != nil {
			r = p.result
			r.Status, r.Reason = StatusFailed, "internal error"
			r.Diagnostics = append(r.Diagnostics, diag(normalize.RuleInternalError, normalize.Error,
				fmt.Sprintf("mcpconf failed while probing: %v", v), "please report this as a bug of mcpconf"))
		}
	}()
	p.run(ctx)
	return p.result
}
