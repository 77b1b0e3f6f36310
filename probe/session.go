package probe

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"
)

// prober probes one target. Its methods run in one goroutine; only the
// SDK's log handler touches sdkLog from others.
type prober struct {
	t       *Target
	opts    *Options
	timeout time.Duration
	// parent is Run's context: when it is done the probe was cancelled,
	// when only the probe's own deadline passed it timed out.
	parent context.Context
	start  time.Time
	phase  string
	result Result

	sdkLogMu    sync.Mutex
	sdkLog      []string // messages the SDK logs at error level (tools it dropped, …)
	serverAsked []string // requests the server sent and the probe declined (under sdkLogMu)

	// mask masks what the server wrote before it is cut
	mask masker

	// HTTP: what probe may connect to, what the server may send, the
	// redirects followed. stdio: the filter of the server's stdout.
	net    *netGuard
	budget *byteBudget
	hops   *hopLog
	stdout *lineFilter

	cleanups []func() // run last first, after the result is delivered
}

// later registers f to run at cleanup, like a defer that outlives run.
func (p *prober) later(f func()) { p.cleanups = append(p.cleanups, f) }

// cleanup runs what later registered, last first; a panic in one does
// not skip the others.
func (p *prober) cleanup() {
	for i := len(p.cleanups) - 1; i >= 0; i-- {
		func() {
			defer func() { _ = recover() }()
			p.cleanups[i]()
		}()
	}
	p.cleanups = nil
}

func newProber(t *Target, opts *Options) *prober {
	timeout := t.Timeout
	if timeout <= 0 {
		timeout = opts.Timeout
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	p := &prober{t: t, opts: opts, timeout: timeout, mask: masker{opts.Boundary}}
	p.result = Result{Name: t.Name, Client: normalize.IDOf(t.Client), Transport: string(t.Transport), EnvNotPassed: slices.Clone(t.EnvNotPassed)}
	p.result.Diagnostics = append(p.result.Diagnostics, t.Notes...)
	return p
}

func (p *prober) run(ctx context.Context) {
	p.parent = ctx
	p.start = time.Now()
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	defer func() {
		if p.result.Timings.Total == 0 {
			p.result.Timings.Total = time.Since(p.start)
		}
	}()
	if ctx.Err() != nil {
		p.fail(StatusSkipped, "cancelled") // nothing started
		return
	}
	switch p.t.Transport {
	case normalize.Stdio:
		p.runStdio(ctx)
	case normalize.HTTP, normalize.SSE:
		p.runHTTP(ctx)
	case normalize.WS:
		p.fail(StatusSkipped, "websocket transport not supported", diag(normalize.RuleTransportUnsupported, normalize.Warning,
			fmt.Sprintf("server %q uses the websocket transport, which mcpconf cannot probe", p.t.Name),
			"MCP defines stdio and streamable HTTP; check the server by hand"))
	default:
		p.fail(StatusInvalid, "no transport", diag(normalize.RuleInvalidTarget, normalize.Error,
			fmt.Sprintf("server %q has no usable transport", p.t.Name),
			`give it a "command" (stdio) or a "url" (http)`))
	}
}

// fail sets a non-ok status with its reason and the diagnostic explaining it.
func (p *prober) fail(status Status, reason string, ds ...normalize.Diagnostic) {
	p.result.Status = status
	p.result.Reason = reason
	if len(ds) > 0 {
		ds[0] = p.withCause(ds[0])
	}
	p.result.Diagnostics = append(p.result.Diagnostics, ds...)
}

// causedByDefinition are the rules of failures that a field the client
// ignores can cause: a server started without its arguments or variables
// exits, hangs or speaks something else; one reached without its headers
// is refused. (A command not found, a refused connection, are not.)
var causedByDefinition = map[normalize.RuleID]bool{
	normalize.RuleTimeout: true, normalize.RuleProcessExited: true, normalize.RuleStdoutClosed: true, normalize.RuleStdoutNotProtocol: true,
	normalize.RuleProtocolError: true, normalize.RuleInvalidTarget: true, normalize.RuleAuthRequired: true, normalize.RuleAuthRejected: true,
	normalize.RuleHTTPStatus: true, normalize.RuleHTTPForbidden: true, normalize.RuleNotMCPEndpoint: true, normalize.RuleWrongTransport: true,
}

// ignoredMayCause says whether a failure of rule, in the probe's phase,
// may come from a field the client ignores (a timeout while connecting to
// a URL does not).
func (p *prober) ignoredMayCause(rule normalize.RuleID) bool {
	return len(p.t.Ignored) > 0 && causedByDefinition[rule] &&
		!(rule == normalize.RuleTimeout && p.phase == PhaseConnect && p.t.Transport != normalize.Stdio)
}

// withCause puts the fields the client ignores (Target.Ignored) first in
// the hint of a failure they can cause, as its likely cause.
func (p *prober) withCause(d normalize.Diagnostic) normalize.Diagnostic {
	if !p.ignoredMayCause(d.Rule) {
		return d
	}
	hint := "likely cause: " + strings.Join(p.t.Ignored, "; ")
	if d.Hint != "" {
		hint += "; " + d.Hint
	}
	d.Hint = hint
	return d
}

func (p *prober) add(ds ...normalize.Diagnostic) {
	p.result.Diagnostics = append(p.result.Diagnostics, ds...)
}

// expired reports whether the probe's own deadline passed (as opposed to
// Run's context being cancelled).
func (p *prober) expired(ctx context.Context) bool {
	return ctx.Err() != nil && p.parent.Err() == nil
}

// cancelled reports whether Run's context was cancelled.
func (p *prober) cancelled() bool { return p.parent.Err() != nil }

// remaining is the time left before the probe's deadline, at most limit.
func remaining(ctx context.Context, limit time.Duration) time.Duration {
	if dl, ok := ctx.Deadline(); ok {
		if left := time.Until(dl); left < limit {
			return max(left, 0)
		}
	}
	return limit
}

func (p *prober) newClient() *mcp.Client {
	name, version := p.opts.ClientName, p.opts.ClientVersion
	if name == "" {
		name = "mcpconf"
	}
	if version == "" {
		version = "dev"
	}
	// The capabilities the client declares, so that the server lists what
	// it lists to that client; none of them makes the probe ask anyone
	// anything: elicitation is declined, sampling refused.
	caps := &mcp.ClientCapabilities{}
	opts := &mcp.ClientOptions{Capabilities: caps, Logger: slog.New(&sdkLogHandler{p: p})}
	if p.t.Capabilities.Roots {
		//lint:ignore SA1019 probe declares what the real clients declare (Claude Code and Gemini CLI still send roots, 2026-11); the deprecation window runs a year
		caps.RootsV2 = &mcp.RootCapabilities{ListChanged: !p.t.Capabilities.RootsStatic}
	}
	if p.t.Capabilities.Elicitation {
		caps.Elicitation = &mcp.ElicitationCapabilities{Form: &mcp.FormElicitationCapabilities{}, URL: &mcp.URLElicitationCapabilities{}}
		opts.ElicitationHandler = func(context.Context, *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			p.asked("elicitation/create")
			return &mcp.ElicitResult{Action: "decline"}, nil
		}
	}
	if p.t.Capabilities.Sampling {
		//lint:ignore SA1019 probe declares what the real client declares (sampling), to be refused
		caps.Sampling = &mcp.SamplingCapabilities{}
		//lint:ignore SA1019 the handler that refuses sampling
		opts.CreateMessageHandler = func(context.Context, *mcp.CreateMessageRequest) (*mcp.CreateMessageResult, error) {
			p.asked("sampling/createMessage")
			return nil, errors.New("mcpconf probe does not sample")
		}
	}
	c := mcp.NewClient(&mcp.Implementation{Name: name, Version: version}, opts)
	if p.t.Capabilities.Roots {
		for _, dir := range p.t.Roots {
			//lint:ignore SA1019 roots answered as the real clients answer them
			c.AddRoots(&mcp.Root{URI: fileURI(dir), Name: filepath.Base(dir)})
		}
	}
	return c
}

// asked records a request the server sent the probe (an elicitation, a
// sampling request), which it answered without asking anyone.
func (p *prober) asked(method string) {
	p.sdkLogMu.Lock()
	defer p.sdkLogMu.Unlock()
	if !slices.Contains(p.serverAsked, method) {
		p.serverAsked = append(p.serverAsked, method)
	}
}

// fileURI is the file: URI of an absolute directory, as the clients send
// their roots.
func fileURI(dir string) string {
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(dir)}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path // a Windows drive
	}
	return u.String()
}

// handshake runs server/discover (or initialize) over a transport; the
// SDK picks the era.
func (p *prober) handshake(ctx context.Context, tr mcp.Transport) (*mcp.ClientSession, error) {
	p.phase = PhaseHandshake
	if lt, ok := tr.(*lineTransport); ok {
		p.stdout = lt.stdout // for its bounds
	}
	cs, err := p.newClient().Connect(ctx, tr, nil)
	if err != nil {
		if lim := p.stdout.limit(); lim != nil {
			// stdio: the caller explains the failed handshake; the bound
			// is a finding of its own.
			p.add(lim.diag())
			if !strings.Contains(err.Error(), lim.Error()) {
				err = fmt.Errorf("%w (%v)", err, lim)
			}
			return nil, err
		}
		return nil, err
	}
	if cs.InitializeResult() == nil {
		cs.Close()
		return nil, errors.New("the handshake returned no result")
	}
	return cs, nil
}

// recordSession keeps what the handshake told of the server.
func (p *prober) recordSession(cs *mcp.ClientSession) {
	res := cs.InitializeResult()
	p.result.ProtocolVersion = res.ProtocolVersion
	p.result.Era = eraOf(res.ProtocolVersion)
	if res.ServerInfo != nil {
		p.result.Server = ServerInfo{Name: res.ServerInfo.Name, Version: res.ServerInfo.Version}
	}
	p.result.Capabilities = capabilityNames(res.Capabilities)
}

// eraOf tells the era from the negotiated version: the SDK tries
// server/discover first and falls back to initialize, and the session's
// version is 2026-07-28 or later exactly when discover succeeded.
func eraOf(version string) string {
	if version >= EraDiscover {
		return EraDiscover
	}
	return EraLegacy
}

func capabilityNames(c *mcp.ServerCapabilities) []string {
	if c == nil {
		return []string{}
	}
	out := []string{}
	if c.Completions != nil {
		out = append(out, "completions")
	}
	//lint:ignore SA1019 a server may still declare logging; probe reports what it declares
	if c.Logging != nil {
		out = append(out, "logging")
	}
	if c.Prompts != nil {
		out = append(out, "prompts")
		if c.Prompts.ListChanged {
			out = append(out, "prompts.listChanged")
		}
	}
	if c.Resources != nil {
		out = append(out, "resources")
		if c.Resources.ListChanged {
			out = append(out, "resources.listChanged")
		}
		if c.Resources.Subscribe {
			out = append(out, "resources.subscribe")
		}
	}
	if c.Tools != nil {
		out = append(out, "tools")
		if c.Tools.ListChanged {
			out = append(out, "tools.listChanged")
		}
	}
	for k := range c.Experimental {
		out = append(out, "experimental."+k)
	}
	for k := range c.Extensions {
		out = append(out, "extensions."+k)
	}
	slices.Sort(out)
	return out
}

// list lists every tool (every page) and counts resources and prompts when
// the server advertises them. It sets the status: ok, or timeout/failed
// when tools/list does not complete.
func (p *prober) list(ctx context.Context, cs *mcp.ClientSession) {
	// Resources and prompts are counted while tools are listed: the
	// requests share the session, and the round trips overlap.
	var counts []*counting
	if caps := cs.InitializeResult().Capabilities; caps != nil {
		if caps.Resources != nil {
			counts = append(counts, startCount(ctx, p.mask, "resources/list", &p.result.Resources, func(cursor string) (int, string, error) {
				res, err := cs.ListResources(ctx, &mcp.ListResourcesParams{Cursor: cursor})
				if err != nil {
					return 0, "", err
				}
				n := len(res.Resources)
				clear(res.Resources) // counted: the session's cache of pages need not hold them
				res.Resources = nil
				return n, res.NextCursor, nil
			}))
		}
		if caps.Prompts != nil {
			counts = append(counts, startCount(ctx, p.mask, "prompts/list", &p.result.Prompts, func(cursor string) (int, string, error) {
				res, err := cs.ListPrompts(ctx, &mcp.ListPromptsParams{Cursor: cursor})
				if err != nil {
					return 0, "", err
				}
				n := len(res.Prompts)
				clear(res.Prompts)
				res.Prompts = nil
				return n, res.NextCursor, nil
			}))
		}
	}
	p.phase = PhaseListTools
	t0 := time.Now()
	tools, pages, err := p.listTools(ctx, cs)
	p.result.Timings.ListTools = time.Since(t0)
	p.result.Tools = tools
	if err != nil {
		p.failListTools(ctx, err, pages)
	} else {
		p.result.Status = StatusOK
		p.sdkDiagnostics()
	}
	p.result.Timings.Total = time.Since(p.start)
	p.phase = PhaseList
	for _, c := range counts {
		<-c.done
		if err == nil {
			p.finishCount(ctx, c)
		}
	}
}

// counting is one listing of resources or prompts running alongside
// tools/list.
type counting struct {
	method string
	into   **int
	n      int
	err    error
	done   chan struct{}
}

// startCount counts the items of a listing, page after page, in a
// goroutine; page returns a page's count and its next cursor.
func startCount(ctx context.Context, m masker, method string, into **int, page func(cursor string) (int, string, error)) *counting {
	c := &counting{method: method, into: into, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		cursor, seen := "", cursorSet{}
		for pages := 1; ; pages++ {
			n, next, err := page(cursor)
			if err != nil {
				c.err = err
				return
			}
			c.n += n
			switch {
			case next == "":
				return
			case seen.add(next):
				c.err = fmt.Errorf("it returned cursor %q again after %d pages", m.cut(next, 80), pages)
				return
			case pages >= maxListPages:
				c.err = fmt.Errorf("it returned more than %d pages (%d items so far), and mcpconf stopped", maxListPages, c.n)
				return
			}
			cursor = next
		}
	}()
	return c
}

// cursorSet remembers the cursors a listing returned, by digest: a cursor
// is as long as the server makes it.
type cursorSet map[[sha256.Size]byte]bool

// add records a cursor and reports whether it was there already.
func (s cursorSet) add(cursor string) bool {
	k := sha256.Sum256([]byte(cursor))
	if s[k] {
		return true
	}
	s[k] = true
	return false
}

// finishCount records a count. A failure is a warning, not a failed
// probe: clients load tools whether or not resources/list works.
func (p *prober) finishCount(ctx context.Context, c *counting) {
	if c.err == nil {
		n := c.n
		*c.into = &n
		return
	}
	msg := fmt.Sprintf("%s failed: %s", c.method, p.mask.errText(c.err))
	if p.expired(ctx) {
		msg = fmt.Sprintf("%s did not answer within the timeout of %s", c.method, fmtDuration(p.timeout))
	}
	p.add(diag(normalize.RuleListFailed, normalize.Warning, msg,
		"the server advertises the capability but the listing fails; clients that use it will see errors"))
}

// Bounds on what a server sends. A server in a repository probe is
// pointed at may be hostile, and a listing whose cursors never repeat is
// bounded only by the timeout otherwise: 16 MiB pages pushed probe past
// 2 GiB in 30 s. Each bound is far above what real servers send (the
// biggest have a few hundred tools, whose listing is a few MiB at most;
// clients load far fewer: model APIs take about a hundred tools a
// request), and reaching one is a finding with its own rule, never a
// silent cut. They are variables so that tests can reach them fast.
var (
	// maxMessageBytes bounds one JSON-RPC message: a stdio line, a JSON
	// body, an SSE event. The SDK's own bound is 16 MiB; half of it is
	// still several times the largest real tools/list page.
	maxMessageBytes = 8 << 20
	// maxServerBytes bounds everything one server sends in one probe
	// (its stdout, or every HTTP body): the handshake and every listing,
	// with room for servers that list thousands of resources.
	maxServerBytes = 64 << 20
	// maxTools bounds the tools kept: ten times the biggest real servers.
	maxTools = 5000
	// maxListingBytes bounds a tool listing across its pages, counted as
	// the names, titles, descriptions, schemas and cursors received.
	maxListingBytes = 32 << 20
	// maxToolPages bounds the pages of tools/list; maxListPages those of
	// resources/list and prompts/list, which are only counted. A page
	// costs a round trip: a thousand is minutes of a real server's time,
	// and even pages of five tools reach maxTools first.
	maxToolPages = 1000
	maxListPages = 1000
	// maxDescriptionBytes is what is kept of a tool's description (with
	// Options.Tools): the longest real ones, with examples, are a few KiB.
	maxDescriptionBytes = 16 << 10
	// maxSchemaBytes bounds a tool's input schema as kept (and validated
	// by Check): real ones are a few KiB, long enums included.
	maxSchemaBytes = 256 << 10
	// maxNameBytes is what is kept of a tool's name and title: MCP names
	// are at most 128 characters, titles a line.
	maxNameBytes = 1 << 10
	// maxKeptBytes bounds what a server's result keeps of its tools'
	// texts (descriptions, titles, input schemas, annotations), names
	// and sums aside: the listings of real servers fit several times
	// over. Each tool is checked whole as it is listed (Check's
	// findings on it are made then); past this bound a tool keeps only
	// its name, sums and findings. A finished server so holds its
	// result and no more, and a run's memory is bounded by the servers
	// probed at once (Options.Parallel) times what one may send, plus
	// this per server.
	maxKeptBytes = 4 << 20
)

// limitError is a bound on what the server sends, reached: the error of
// the read it stopped, and a finding.
type limitError struct {
	rule  normalize.RuleID // normalize.RuleMessageTooLarge or normalize.RuleOutputTooLarge
	where string           // "on stdout", "in an answer from \"http://…\"", "over HTTP"
}

func (e *limitError) Error() string {
	if e.rule == normalize.RuleMessageTooLarge {
		return fmt.Sprintf("the server sent a message over %s %s", normalize.Bytes(int64(maxMessageBytes)), e.where)
	}
	return fmt.Sprintf("the server sent over %s %s in one probe", normalize.Bytes(int64(maxServerBytes)), e.where)
}

func (e *limitError) reason() string {
	if e.rule == normalize.RuleMessageTooLarge {
		return "message too large"
	}
	return "too much output"
}

func (e *limitError) diag() normalize.Diagnostic {
	return diag(e.rule, normalize.Error, e.Error()+"; mcpconf stopped reading it",
		"real servers send far less (a listing of a few hundred tools is a few MiB): the server is broken, or sending more than a client can hold on purpose")
}

// limitHit is the bound on the server's output that was reached, if any.
func (p *prober) limitHit() *limitError {
	if lim := p.stdout.limit(); lim != nil {
		return lim
	}
	return p.budget.limit()
}

// listingStopped is a tool listing cut short by one of the bounds.
type listingStopped struct{ d normalize.Diagnostic }

func (e *listingStopped) Error() string { return e.d.Message }

// listing is the state of a tool listing: what was kept, and the
// per-tool bounds reached.
type listing struct {
	tools []Tool
	bytes int
	cut   map[string][]string // field ("description", "name", "title") → tools whose field was cut
	big   []string            // tools whose input schema was not kept
	// kept is what the tools kept so far hold of their texts (bounded by
	// maxKeptBytes); notKept counts the tools listed past that bound.
	kept, notKept int
	// told counts the findings on the tools' texts, by rule (see
	// toolChecks.told).
	told map[normalize.RuleID]int
}

func (p *prober) listTools(ctx context.Context, cs *mcp.ClientSession) ([]Tool, int, error) {
	var (
		l      = &listing{cut: map[string][]string{}, told: map[normalize.RuleID]int{}}
		cursor string
		seen   = cursorSet{}
		pages  int
	)
	defer p.toolBoundDiags(l)
	for {
		res, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return l.tools, pages, err
		}
		pages++
		err = p.page(res.Tools, l, pages)
		// The session keeps each page it was sent for as long as it lives
		// (the SDK's cache of lists, SEP-2549), the whole listing decoded:
		// what probe keeps of a page is copied out, and the page goes now.
		clear(res.Tools)
		res.Tools = nil
		if err != nil {
			return l.tools, pages, err
		}
		next := res.NextCursor
		if next == "" {
			return l.tools, pages, nil
		}
		l.bytes += len(next)
		if seen.add(next) {
			p.add(diag(normalize.RuleToolsCursorLoop, normalize.Error,
				fmt.Sprintf("tools/list returned cursor %q again after %d pages", p.mask.cut(next, 80), pages),
				"the server's pagination loops; clients that follow cursors never finish listing its tools"))
			return l.tools, pages, nil
		}
		if pages >= maxToolPages {
			return l.tools, pages, &listingStopped{diag(normalize.RuleToolsTooManyPages, normalize.Error,
				fmt.Sprintf("tools/list returned more than %d pages (%d tools so far), each with a new cursor; mcpconf stopped listing", maxToolPages, len(l.tools)),
				"clients that follow cursors take minutes or never finish: return larger pages, or check that the listing ends")}
		}
		cursor = next
	}
}

// page keeps what probe needs of a page's tools, and stops the listing at
// its bounds.
func (p *prober) page(tools []*mcp.Tool, l *listing, pages int) error {
	for _, t := range tools {
		if len(l.tools) >= maxTools {
			return &listingStopped{diag(normalize.RuleToolsTooMany, normalize.Error,
				fmt.Sprintf("the server lists more than %d tools (%d pages so far); mcpconf stopped listing", maxTools, pages),
				"no client can use that many tools (model APIs take about a hundred a request): split the server, or check that its listing ends")}
		}
		l.add(p.tool(t, l))
		if l.bytes > maxListingBytes {
			return &listingStopped{diag(normalize.RuleToolsTooLarge, normalize.Error,
				fmt.Sprintf("the server's tool listing is over %s (%d tools, %d pages so far); mcpconf stopped listing", normalize.Bytes(int64(maxListingBytes)), len(l.tools), pages),
				"clients send every tool's description and schema to the model: a listing this large cannot work; shorten descriptions and schemas, or check that the listing ends")}
		}
	}
	return nil
}

func (l *listing) add(t Tool) { l.tools = append(l.tools, t) }

// tool keeps what probe needs of a tool, within the per-tool bounds and
// the result's (maxKeptBytes), and counts its size into the listing's.
// What is kept is copied out of the page, which goes with the next one.
// A tool whose description is cut, or that is listed past what a result
// keeps, is checked here, whole (Check's findings on it, see
// toolChecks); any other, Check checks as kept, which is as sent.
func (p *prober) tool(t *mcp.Tool, l *listing) Tool {
	l.bytes += len(t.Name) + len(t.Title) + len(t.Description)
	keep := func(field, s string, max int) string {
		if len(s) <= max {
			return s
		}
		l.cut[field] = append(l.cut[field], t.Name)
		return p.mask.cut(s, max)
	}
	out := Tool{Name: keep("name", t.Name, maxNameBytes), Title: keep("title", t.Title, maxNameBytes)}
	if t.Title == "" && t.Annotations != nil {
		l.bytes += len(t.Annotations.Title)
		out.Title = keep("title", t.Annotations.Title, maxNameBytes)
	}
	if p.opts.Tools {
		out.Description = keep("description", t.Description, maxDescriptionBytes)
	}
	var schema, annotations []byte
	if t.Annotations != nil {
		if b, err := json.Marshal(t.Annotations); err == nil {
			l.bytes += len(b)
			annotations = b
			out.Annotations = b
			if len(t.Annotations.Title) > maxNameBytes {
				a := *t.Annotations
				a.Title = cut(a.Title, maxNameBytes)
				out.Annotations, _ = json.Marshal(&a)
			}
		}
	}
	// The schema is kept even without Options.Tools: Check validates it.
	if t.InputSchema != nil {
		if b, err := json.Marshal(t.InputSchema); err == nil {
			schema = b
			l.bytes += len(b)
			if len(b) <= maxSchemaBytes {
				out.InputSchema = b
			} else {
				l.big = append(l.big, t.Name)
				out.InputSchema = schemaStandIn(t.InputSchema, fmt.Sprintf("this input schema of %d bytes (over %s)", len(b), normalize.Bytes(int64(maxSchemaBytes))))
			}
		}
	}
	var output []byte
	if t.OutputSchema != nil {
		if b, err := json.Marshal(t.OutputSchema); err == nil {
			l.bytes += len(b)
			output = b
			if len(b) <= maxSchemaBytes {
				out.OutputSchema = b
			}
		}
	}
	out.Sums = sums(t.Title, t.Description, schema, annotations)
	whole := out
	whole.Said, whole.Annotations, whole.OutputSchema = t.Description, annotations, output
	out.Said = cut(t.Description, maxDescriptionBytes)
	if out.Description == out.Said {
		out.Description = out.Said // one copy of the text, not two
	}
	size := len(out.Title) + len(out.Said) + len(out.InputSchema) + len(out.OutputSchema) + len(out.Annotations)
	if out.Description != out.Said {
		size += len(out.Description)
	}
	kept := l.notKept == 0 && l.kept+size <= maxKeptBytes
	if !kept || out.Said != t.Description || len(output) > maxSchemaBytes {
		out.checks = l.checks(whole, !kept)
	}
	if kept {
		l.kept += size
		return out.clone()
	}
	l.notKept++
	out.NotKept = true
	out.Title, out.Said, out.Description, out.Annotations, out.OutputSchema = "", "", "", nil, nil
	if out.InputSchema != nil {
		out.InputSchema = schemaStandIn(t.InputSchema, fmt.Sprintf("the input schemas past the first %s of the server's tools", normalize.Bytes(int64(maxKeptBytes))))
	}
	return out.clone()
}

// checks makes Check's findings on one tool, listed whole: on what it
// tells the model (told.go), of which the listing keeps the first
// maxToldPerRule of each rule whole and of the others only their rule
// and severity, all Check reports of them (how many more, how grave);
// and with schema, on its input schema.
func (l *listing) checks(whole Tool, schema bool) *toolChecks {
	c := &toolChecks{schemaChecked: schema}
	if schema {
		if d, ok := schemaDiag("", whole); ok {
			c.schema = &d
		}
	}
	for _, d := range toldDiags(whole) {
		if l.told[d.Rule]++; l.told[d.Rule] > maxToldPerRule {
			d = normalize.Diagnostic{Rule: d.Rule, Severity: d.Severity}
		}
		c.told = append(c.told, d)
	}
	return c
}

// clone copies what a tool keeps out of the listing's page, so that
// no kept text holds on to a larger one.
func (t Tool) clone() Tool {
	t.Name, t.Title = strings.Clone(t.Name), strings.Clone(t.Title)
	same := t.Description == t.Said
	t.Said = strings.Clone(t.Said)
	if same {
		t.Description = t.Said
	} else {
		t.Description = strings.Clone(t.Description)
	}
	t.InputSchema = bytes.Clone(t.InputSchema)
	t.OutputSchema = bytes.Clone(t.OutputSchema)
	t.Annotations = bytes.Clone(t.Annotations)
	return t
}

// schemaStandIn replaces an input schema not kept (what says which): its
// "type", so that what it describes still shows, and a note of why.
func schemaStandIn(schema any, what string) json.RawMessage {
	doc := map[string]any{"$comment": "mcpconf did not keep " + what}
	if m, ok := schema.(map[string]any); ok && m["type"] != nil {
		doc["type"] = m["type"]
	}
	b, _ := json.Marshal(doc)
	return b
}

// toolBoundDiags reports the per-tool bounds reached while listing.
func (p *prober) toolBoundDiags(l *listing) {
	names := func(tools []string) string {
		q := make([]string, 0, 3)
		for _, n := range tools[:min(len(tools), 3)] {
			q = append(q, p.mask.cut(n, 80))
		}
		s := quoteList(q)
		if len(tools) > 3 {
			s += fmt.Sprintf(" and %d more", len(tools)-3)
		}
		return s
	}
	for _, f := range []struct {
		field, limit, hint string
	}{
		{"name", normalize.Bytes(int64(maxNameBytes)), "MCP tool names are at most 128 characters: clients refuse or mangle longer ones"},
		{"title", normalize.Bytes(int64(maxNameBytes)), "a title is a short human-readable name: shorten it"},
		{"description", normalize.Bytes(int64(maxDescriptionBytes)), "clients send every description to the model with each request: a long one costs context; shorten it"},
	} {
		if tools := l.cut[f.field]; len(tools) > 0 {
			p.add(diag(normalize.RuleToolFieldCut, normalize.Warning,
				fmt.Sprintf("the %s of %s %s is over %s; mcpconf kept its start", f.field, plural(len(tools), "tool", "tools"), names(tools), f.limit), f.hint))
		}
	}
	if l.notKept > 0 {
		p.add(diag(normalize.RuleToolFieldCut, normalize.Warning,
			fmt.Sprintf("the descriptions, titles and input schemas of the server's tools are over %s; mcpconf checked every tool whole, and kept only the names of the last %d %s",
				normalize.Bytes(int64(maxKeptBytes)), l.notKept, plural(l.notKept, "tool", "tools")),
			"clients send every description and schema to the model with each request: a listing this large costs context on each; shorten descriptions and schemas"))
	}
	if len(l.big) > 0 {
		p.add(diag(normalize.RuleToolSchemaTooLarge, normalize.Warning,
			fmt.Sprintf("the input schema of %s %s is over %s; mcpconf did not keep or check it", plural(len(l.big), "tool", "tools"), names(l.big), normalize.Bytes(int64(maxSchemaBytes))),
			"clients send every schema to the model with each request: a schema this large costs context and may be refused; simplify it"))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func (p *prober) failListTools(ctx context.Context, err error, pages int) {
	if p.cancelled() {
		p.fail(StatusSkipped, "cancelled")
		return
	}
	so := ""
	if pages > 0 {
		so = fmt.Sprintf(" (%d pages, %d tools so far)", pages, len(p.result.Tools))
	}
	var stopped *listingStopped
	if errors.As(err, &stopped) {
		p.fail(StatusFailed, "tool listing over mcpconf's bounds", stopped.d)
		return
	}
	if lim := p.limitHit(); lim != nil {
		d := lim.diag()
		d.Message += so
		p.fail(StatusFailed, lim.reason(), d)
		return
	}
	if p.expired(ctx) {
		p.fail(StatusTimeout, fmt.Sprintf("timed out after %s listing tools", fmtDuration(p.timeout)),
			p.timeoutDiag(fmt.Sprintf("tools/list did not complete within %s%s", fmtDuration(p.timeout), so), ""))
		return
	}
	p.fail(StatusFailed, "tools/list failed", diag(normalize.RuleProtocolError, normalize.Error,
		fmt.Sprintf("tools/list failed%s: %s", so, p.mask.errText(err)),
		"clients will show this server without tools; check its logs"))
}

// timeoutDiag is the timeout diagnostic: what did not happen in time, the
// value in force and where it came from, and a value to try.
func (p *prober) timeoutDiag(msg, extraHint string) normalize.Diagnostic {
	from := "the default"
	switch {
	case p.t.TimeoutSource != "":
		from = p.t.TimeoutSource
	case p.t.Timeout > 0:
		from = "the server's own timeout"
	case p.opts.Timeout > 0:
		from = "--timeout"
	}
	hint := fmt.Sprintf("the timeout in force is %s (%s); if the server is only slow to start, try %s", fmtDuration(p.timeout), from, fmtDuration(suggestTimeout(p.timeout)))
	// A field the client ignores is the likelier cause (fail names it):
	// npx's "-y" is not what a server started without its arguments lacks.
	if extraHint != "" && !p.ignoredMayCause(normalize.RuleTimeout) {
		hint = extraHint + "; " + hint
	}
	return diag(normalize.RuleTimeout, normalize.Error, msg, hint)
}

// suggestTimeout doubles the timeout, at least 10s and rounded to seconds.
func suggestTimeout(d time.Duration) time.Duration {
	return max(10*time.Second, (2 * d).Round(time.Second))
}

func fmtDuration(d time.Duration) string {
	switch {
	case d >= time.Second && d%time.Second == 0:
		return fmt.Sprintf("%ds", d/time.Second)
	case d >= time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	default:
		return fmt.Sprintf("%dms", d.Milliseconds())
	}
}

// sdkLogHandler collects what the SDK logs at error level: that is where it
// says it dropped an invalid tool, which a probe must not hide.
type sdkLogHandler struct {
	p     *prober
	attrs []slog.Attr
}

func (h *sdkLogHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }

func (h *sdkLogHandler) Handle(_ context.Context, r slog.Record) error {
	var b strings.Builder
	b.WriteString(r.Message)
	attr := func(a slog.Attr) bool {
		fmt.Fprintf(&b, " %s=%q", a.Key, a.Value.String())
		return true
	}
	for _, a := range h.attrs {
		attr(a)
	}
	r.Attrs(attr)
	h.p.sdkLogMu.Lock()
	if len(h.p.sdkLog) < 20 {
		// A message can quote what the server sent (a tool's name): keep
		// a line's worth.
		h.p.sdkLog = append(h.p.sdkLog, h.p.mask.cut(b.String(), 1000))
	}
	h.p.sdkLogMu.Unlock()
	return nil
}

func (h *sdkLogHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &sdkLogHandler{p: h.p, attrs: append(slices.Clone(h.attrs), as...)}
}

func (h *sdkLogHandler) WithGroup(string) slog.Handler { return h }

// sdkDiagnostics turns the SDK's "excluding tool" errors into findings.
func (p *prober) sdkDiagnostics() {
	p.sdkLogMu.Lock()
	defer p.sdkLogMu.Unlock()
	for _, m := range p.sdkLog {
		if strings.Contains(m, "excluding") && strings.Contains(m, "tool") {
			p.add(diag(normalize.RuleToolsExcluded, normalize.Warning, "the MCP SDK dropped a tool: "+p.mask.clean(m, 300),
				"clients built on the official SDKs will not show this tool; fix its definition"))
		}
	}
	for _, m := range p.serverAsked {
		what := map[string]string{"elicitation/create": "asked for input (elicitation/create)", "sampling/createMessage": "asked for a completion (sampling/createMessage)"}[m]
		p.add(diag(normalize.RuleServerAsked, normalize.Info, "the server "+what+" while it was probed; the probe declined without asking anyone",
			"the client would ask the user here: a server that needs an answer before it lists its tools waits for one"))
	}
}
