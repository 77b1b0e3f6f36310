package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
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

	sdkLogMu sync.Mutex
	sdkLog   []string // messages the SDK logs at error level (tools it dropped, …)

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
	p := &prober{t: t, opts: opts, timeout: timeout}
	p.result = Result{Name: t.Name, Client: t.Client, Transport: string(t.Transport)}
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
		p.fail(StatusSkipped, "websocket transport not supported", diag("transport-unsupported", normalize.Warning,
			fmt.Sprintf("server %q uses the websocket transport, which mcpconf cannot probe", p.t.Name),
			"MCP defines stdio and streamable HTTP; check the server by hand"))
	default:
		p.fail(StatusInvalid, "no transport", diag("invalid-target", normalize.Error,
			fmt.Sprintf("server %q has no usable transport", p.t.Name),
			`give it a "command" (stdio) or a "url" (http)`))
	}
}

// fail sets a non-ok status with its reason and the diagnostic explaining it.
func (p *prober) fail(status, reason string, ds ...normalize.Diagnostic) {
	p.result.Status = status
	p.result.Reason = reason
	p.result.Diagnostics = append(p.result.Diagnostics, ds...)
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
	return mcp.NewClient(&mcp.Implementation{Name: name, Version: version}, &mcp.ClientOptions{
		// No roots, no sampling, no elicitation: the probe only lists, and a
		// server must not start asking it questions.
		Capabilities: &mcp.ClientCapabilities{},
		Logger:       slog.New(&sdkLogHandler{p: p}),
	})
}

// handshake runs server/discover (or initialize) over a transport; the
// SDK picks the era.
func (p *prober) handshake(ctx context.Context, tr mcp.Transport) (*mcp.ClientSession, error) {
	p.phase = PhaseHandshake
	cs, err := p.newClient().Connect(ctx, tr, nil)
	if err != nil {
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
			counts = append(counts, startCount(ctx, "resources/list", &p.result.Resources, func(yield func(error) bool) {
				for _, err := range cs.Resources(ctx, nil) {
					if !yield(err) {
						return
					}
				}
			}))
		}
		if caps.Prompts != nil {
			counts = append(counts, startCount(ctx, "prompts/list", &p.result.Prompts, func(yield func(error) bool) {
				for _, err := range cs.Prompts(ctx, nil) {
					if !yield(err) {
						return
					}
				}
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

func startCount(ctx context.Context, method string, into **int, items func(yield func(error) bool)) *counting {
	c := &counting{method: method, into: into, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		for err := range items {
			if err != nil {
				c.err = err
				return
			}
			c.n++
		}
	}()
	return c
}

// finishCount records a count. A failure is a warning, not a failed
// probe: clients load tools whether or not resources/list works.
func (p *prober) finishCount(ctx context.Context, c *counting) {
	if c.err == nil {
		n := c.n
		*c.into = &n
		return
	}
	msg := fmt.Sprintf("%s failed: %s", c.method, errText(c.err))
	if p.expired(ctx) {
		msg = fmt.Sprintf("%s did not answer within the timeout of %s", c.method, fmtDuration(p.timeout))
	}
	p.add(diag("list-failed", normalize.Warning, msg,
		"the server advertises the capability but the listing fails; clients that use it will see errors"))
}

// maxToolPages bounds a listing whose cursors never repeat but never end:
// at a page a millisecond the deadline would stop it anyway, but a bound
// keeps memory in check too.
const maxToolPages = 10000

func (p *prober) listTools(ctx context.Context, cs *mcp.ClientSession) ([]Tool, int, error) {
	var (
		out    []Tool
		cursor string
		seen   = map[string]bool{}
		pages  int
	)
	for {
		res, err := cs.ListTools(ctx, &mcp.ListToolsParams{Cursor: cursor})
		if err != nil {
			return out, pages, err
		}
		pages++
		for _, t := range res.Tools {
			out = append(out, p.tool(t))
		}
		next := res.NextCursor
		if next == "" {
			return out, pages, nil
		}
		if seen[next] || pages >= maxToolPages {
			p.add(diag("tools-cursor-loop", normalize.Error,
				fmt.Sprintf("tools/list returned cursor %q again after %d pages", cut(next, 80), pages),
				"the server's pagination loops; clients that follow cursors never finish listing its tools"))
			return out, pages, nil
		}
		seen[next] = true
		cursor = next
	}
}

func (p *prober) tool(t *mcp.Tool) Tool {
	out := Tool{Name: t.Name, Title: t.Title}
	if t.Title == "" && t.Annotations != nil {
		out.Title = t.Annotations.Title
	}
	if p.opts.Tools {
		out.Description = t.Description
	}
	// The schema is kept even without Options.Tools: Check validates it.
	if t.InputSchema != nil {
		if b, err := json.Marshal(t.InputSchema); err == nil {
			out.InputSchema = b
		}
	}
	return out
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
	if p.expired(ctx) {
		p.fail(StatusTimeout, fmt.Sprintf("timed out after %s listing tools", fmtDuration(p.timeout)),
			p.timeoutDiag(fmt.Sprintf("tools/list did not complete within %s%s", fmtDuration(p.timeout), so), ""))
		return
	}
	p.fail(StatusFailed, "tools/list failed", diag("protocol-error", normalize.Error,
		fmt.Sprintf("tools/list failed%s: %s", so, errText(err)),
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
	if extraHint != "" {
		hint = extraHint + "; " + hint
	}
	return diag("timeout", normalize.Error, msg, hint)
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

// errText is an error as one lower-case line.
func errText(err error) string {
	s := strings.TrimSpace(err.Error())
	s = strings.ReplaceAll(s, "\n", " ")
	return cut(s, 300)
}

func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
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
		h.p.sdkLog = append(h.p.sdkLog, b.String())
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
			p.add(diag("tools-excluded", normalize.Warning, "the MCP SDK dropped a tool: "+cleanLine(m, 300),
				"clients built on the official SDKs will not show this tool; fix its definition"))
		}
	}
}
