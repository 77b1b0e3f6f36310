package probe

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"
)

// closeTimeout bounds requests made while closing a session (the DELETE
// that ends a streamable HTTP session): the result is known by then, and
// a server that does not answer must not hold the probe.
const closeTimeout = time.Second

// attempt is one try of one HTTP transport against the target's URL.
type attempt struct {
	transport string // "http" (streamable) or "sse"
	rec       *recorder
	cs        *mcp.ClientSession
	err       error
	connect   time.Duration // TCP/TLS connect (http), stream open up to the endpoint event (sse)
	handshake time.Duration
	opened    bool            // sse: the stream sent its endpoint event
	phase     string          // where it stopped
	probe     context.Context // the probe's, with its deadline
	parent    context.Context // Run's
}

// close ends the session (a DELETE for a stateful streamable server, bounded
// by closeTimeout) unless the probe's deadline has passed, then cancels
// whatever is still in flight. It runs at cleanup, after the probe's own
// context is gone, which is why the recorder's life does not hang on it.
func (a *attempt) close() {
	// A server that did not answer in time, or a run the user cancelled,
	// gets no goodbye. (The probe's context is always done by now: run
	// returned. Only its deadline says it expired.)
	if errors.Is(a.probe.Err(), context.DeadlineExceeded) || a.parent.Err() != nil {
		a.rec.end()
	}
	if a.cs != nil {
		a.rec.closing.Store(true)
		a.cs.Close()
		a.cs = nil
	}
	a.rec.end()
}

// fallbackStatus reports whether a failed streamable HTTP attempt failed
// the way a server that only speaks SSE makes it fail: a 4xx other than
// the auth ones to the POST (the MCP spec's backwards-compatibility
// rule), with nothing else wrong first.
func (a *attempt) fallbackStatus() bool {
	if a.err == nil || a.rec.auth() != nil || a.rec.transportErr() != nil || a.rec.stopped() {
		return false
	}
	switch a.rec.last().status {
	case http.StatusBadRequest, http.StatusNotFound, http.StatusMethodNotAllowed,
		http.StatusNotAcceptable, http.StatusUnsupportedMediaType:
		return true
	}
	return false
}

// sseMismatch reports whether a failed SSE attempt failed the way a
// streamable-HTTP-only server makes it fail.
func (a *attempt) sseMismatch() bool {
	if a.err == nil || a.rec.auth() != nil || a.rec.transportErr() != nil || a.rec.stopped() || a.opened {
		return false
	}
	last := a.rec.last()
	switch last.status {
	case http.StatusBadRequest, http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusNotAcceptable:
		return true
	}
	return last.status == http.StatusOK && last.mediaType != "text/event-stream"
}

func (p *prober) runHTTP(ctx context.Context) {
	t := p.t
	u, err := url.Parse(t.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		p.fail(StatusInvalid, "invalid url", diag(normalize.RuleInvalidTarget, normalize.Error,
			fmt.Sprintf("server %q has URL %q, which is not an http or https URL", t.Name, t.URL),
			`set "url" to the server's endpoint, e.g. https://example.com/mcp`))
		return
	}
	p.net = newNetGuard(u)
	p.budget = &byteBudget{left: int64(maxServerBytes), mask: p.mask}
	p.hops = &hopLog{}
	defer p.redirectDiags()
	var a *attempt
	switch {
	case t.Transport == normalize.SSE:
		a = p.connectHTTP(ctx, "sse")
		if a.err != nil && a.sseMismatch() && !p.expired(ctx) && p.speaks(ctx, "http") {
			p.wrongTransport(a, fmt.Sprintf("the URL %q speaks streamable HTTP, not the SSE transport the config names", t.URL),
				`set "type": "http" (the SSE transport is deprecated)`)
			return
		}
	case t.Pinned:
		a = p.connectHTTP(ctx, "http")
		if a.err != nil && a.fallbackStatus() && !p.expired(ctx) && p.speaks(ctx, "sse") {
			p.wrongTransport(a, fmt.Sprintf("the URL %q speaks the legacy SSE transport, not the streamable HTTP the config names (POST answered %d%s)", t.URL, a.rec.last().status, p.at(a.rec.last().url)),
				`set "type": "sse", or move the server to streamable HTTP`)
			return
		}
	default:
		// Not pinned: the MCP spec's backwards-compatible client tries
		// streamable HTTP, and SSE when the POST fails with a 4xx.
		a = p.connectHTTP(ctx, "http")
		if a.err != nil && a.fallbackStatus() && !p.expired(ctx) {
			status, at := a.rec.last().status, p.at(a.rec.last().url)
			if b := p.connectHTTP(ctx, "sse"); b.err == nil {
				a.close()
				a = b
				p.add(diag(normalize.RuleTransportFallback, normalize.Warning,
					fmt.Sprintf("streamable HTTP answered %d %q%s; the server answered over the legacy SSE transport", status, http.StatusText(status), at),
					`set "type": "sse" so clients do not try streamable HTTP first, or move the server to streamable HTTP (SSE is deprecated)`))
			} else if b.rec.stopped() {
				// The SSE stream answered, then sent probe somewhere it
				// does not go: that is the finding.
				a.close()
				a = b
			} else {
				b.close() // the streamable failure is the one to explain
			}
		}
	}
	p.later(a.close)
	p.phase = a.phase
	p.result.Transport = a.transport
	p.result.Timings.Connect = a.connect
	p.result.Timings.Handshake = a.handshake
	if a.err != nil {
		p.explainHTTP(ctx, a)
		return
	}
	p.recordSession(a.cs)
	p.list(ctx, a.cs)
}

// speaks reports whether the URL completes a handshake over the given
// transport, to confirm that a pinned transport is the wrong one.
func (p *prober) speaks(ctx context.Context, kind string) bool {
	b := p.connectHTTP(ctx, kind)
	b.close()
	return b.err == nil
}

// wrongTransport fails the probe of a pinned transport that the URL does
// not speak, with the timings of the attempt that was asked for.
func (p *prober) wrongTransport(a *attempt, msg, hint string) {
	a.close()
	p.result.Transport = a.transport
	p.result.Timings.Connect, p.result.Timings.Handshake = a.connect, a.handshake
	p.fail(StatusFailed, "wrong transport", diag(normalize.RuleWrongTransport, normalize.Error, msg, hint))
}

// connectHTTP connects and runs the handshake over one transport. Its
// effects on the result (era, server, capabilities) are kept only when it
// succeeds.
func (p *prober) connectHTTP(ctx context.Context, kind string) *attempt {
	rec := newRecorder(ctx, p)
	client := &http.Client{Transport: rec, CheckRedirect: rec.checkRedirect}
	a := &attempt{transport: kind, rec: rec, probe: ctx, parent: p.parent}
	var tr mcp.Transport
	if kind == "sse" {
		tr = &openTimer{Transport: &mcp.SSEClientTransport{Endpoint: p.t.URL, HTTPClient: client}, a: a}
	} else {
		// No standalone SSE stream: the probe needs no server-initiated
		// messages, and it would be one more request to fail.
		tr = &mcp.StreamableClientTransport{Endpoint: p.t.URL, HTTPClient: client, DisableStandaloneSSE: true}
	}
	t0 := time.Now()
	a.cs, a.err = p.handshake(ctx, tr)
	total := time.Since(t0)
	if kind == "http" {
		a.connect = rec.connectTime()
	}
	a.handshake = max(total-a.connect, 0)
	a.phase = PhaseHandshake
	if kind == "http" && !rec.connected() || kind == "sse" && !a.opened {
		a.phase = PhaseConnect
	}
	return a
}

// openTimer measures how long the SSE transport takes to open its stream
// and receive the endpoint event, which is its "connect".
type openTimer struct {
	mcp.Transport
	a *attempt
}

func (o *openTimer) Connect(ctx context.Context) (mcp.Connection, error) {
	t0 := time.Now()
	c, err := o.Transport.Connect(ctx)
	o.a.connect = time.Since(t0)
	o.a.opened = err == nil
	return c, err
}

// explainHTTP turns a failed attempt into a status and diagnostics.
func (p *prober) explainHTTP(ctx context.Context, a *attempt) {
	t := p.t
	host := hostOf(t.URL)
	switch {
	case p.cancelled():
		p.fail(StatusSkipped, "cancelled")
	case a.rec.refusedHop() != nil:
		h := a.rec.refusedHop()
		p.fail(StatusFailed, "redirect refused", refusedDiag(
			fmt.Sprintf("%q redirects to %q (%d)", p.mask.cut(h.from, 200), p.mask.cut(h.to, 200), h.status), h.refusal))
	case a.rec.otherEndpoint() != "":
		p.fail(StatusFailed, "SSE endpoint on another origin", diag(normalize.RuleSSEEndpointOtherOrigin, normalize.Error,
			fmt.Sprintf("the SSE stream of %q names %q as its message endpoint, on another origin; mcpconf did not send anything there", t.URL, p.mask.cut(a.rec.otherEndpoint(), 200)),
			"serve the message endpoint on the origin of the SSE URL: most clients (the TypeScript and Python SDKs among them) refuse an endpoint on another origin too"))
	case a.rec.redirectLoop() != "":
		p.fail(StatusFailed, "too many redirects", diag(normalize.RuleTooManyRedirects, normalize.Error,
			fmt.Sprintf("%q redirects more than %d times (last to %q)", t.URL, maxRedirects, p.mask.cut(a.rec.redirectLoop(), 200)),
			"put the URL the server finally answers at in the config; a redirect loop is a misconfigured server or proxy"))
	case p.limitHit() != nil:
		lim := p.limitHit()
		p.fail(StatusFailed, lim.reason(), lim.diag())
	case a.rec.auth() != nil:
		p.explainAuth(ctx, a)
	case p.expired(ctx):
		reason := fmt.Sprintf("timed out after %s in %s", fmtDuration(p.timeout), p.phase)
		switch {
		case p.phase == PhaseConnect && a.transport == "sse" && a.rec.last().status != 0:
			p.fail(StatusTimeout, reason, p.timeoutDiag(fmt.Sprintf(`the SSE stream opened but sent no "endpoint" event within %s`, fmtDuration(p.timeout)),
				"check that the URL is the SSE endpoint (often /sse)"))
		case p.phase == PhaseConnect:
			p.fail(StatusTimeout, reason, p.timeoutDiag(fmt.Sprintf("could not connect to %q within %s", host, fmtDuration(p.timeout)),
				"check that the host is reachable from here (VPN, firewall, proxy settings)"))
		default:
			p.fail(StatusTimeout, reason, p.timeoutDiag(fmt.Sprintf("the server accepted the connection but did not complete the handshake within %s", fmtDuration(p.timeout)), ""))
		}
	case a.rec.transportErr() != nil:
		d := networkDiag(p.mask, a.rec.transportErr(), t.URL)
		reason := map[normalize.RuleID]string{normalize.RuleConnectionRefused: "connection refused", normalize.RuleHostNotFound: "host not found",
			normalize.RuleTLSError: "TLS error", normalize.RuleConnectionFailed: "connection failed"}[d.Rule]
		p.fail(StatusFailed, reason, d)
	case a.rec.last().status >= 300:
		last := a.rec.last()
		msg := fmt.Sprintf("the server answered %d %q to a %s of %q", last.status, http.StatusText(last.status), last.method, t.URL)
		if p.redirected(last.url) {
			msg = fmt.Sprintf("%q, where %q redirects, answered %d %q to a %s", p.mask.cut(last.url, 200), t.URL, last.status, http.StatusText(last.status), last.method)
		}
		if last.snippet != "" {
			msg += ": " + last.snippet
		}
		hint := "check the URL and the server's logs"
		switch {
		case last.status == http.StatusNotFound:
			hint = "check the URL's path: MCP endpoints are usually at /mcp (streamable HTTP) or /sse (SSE)"
		case last.status == http.StatusMethodNotAllowed || last.status == http.StatusBadRequest:
			hint = "check the URL: it may be another endpoint of the server, or speak the other transport"
		case last.status >= 500:
			hint = "the server failed on its side: check its logs"
		case last.status >= 300 && last.status < 400:
			hint = "the URL redirects; use the URL it redirects to"
		}
		p.fail(StatusFailed, fmt.Sprintf("HTTP %d", last.status), diag(normalize.RuleHTTPStatus, normalize.Error, msg, hint))
	case a.rec.last().status != 0 && !mcpMediaType(a.rec.last().mediaType):
		last := a.rec.last()
		who := fmt.Sprintf("%q", t.URL)
		if p.redirected(last.url) {
			who = fmt.Sprintf("%q, where %q redirects,", p.mask.cut(last.url, 200), t.URL)
		}
		p.fail(StatusFailed, "not an MCP endpoint", diag(normalize.RuleNotMCPEndpoint, normalize.Error,
			fmt.Sprintf("%s answered with %q content, not MCP", who, p.mask.cut(last.mediaType, 100)),
			"check the URL: it may be the server's web page rather than its MCP endpoint"))
	default:
		p.fail(StatusFailed, "handshake failed", diag(normalize.RuleProtocolError, normalize.Error,
			"the handshake failed: "+p.mask.errText(a.err), "check that the URL is an MCP endpoint and the transport is right"))
	}
}

func mcpMediaType(mt string) bool {
	return mt == "application/json" || mt == "text/event-stream" || mt == ""
}

func hostOf(raw string) string {
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		host := u.Host
		if u.Port() == "" {
			port := "80"
			if u.Scheme == "https" {
				port = "443"
			}
			host = net.JoinHostPort(u.Hostname(), port)
		}
		return host
	}
	return raw
}

// networkDiag explains a transport-level error of an HTTP request.
func networkDiag(m masker, err error, rawURL string) normalize.Diagnostic {
	host := hostOf(rawURL)
	var (
		dnsErr   *net.DNSError
		certErr  *tls.CertificateVerificationError
		unknown  x509.UnknownAuthorityError
		hostErr  x509.HostnameError
		invalid  x509.CertificateInvalidError
		recErr   tls.RecordHeaderError
		alertErr tls.AlertError
	)
	switch {
	case errors.Is(err, syscall.ECONNREFUSED):
		return diag(normalize.RuleConnectionRefused, normalize.Error, fmt.Sprintf("nothing accepts connections at %q (connection refused)", host),
			"start the server, or check the host and port")
	case errors.As(err, &dnsErr):
		return diag(normalize.RuleHostNotFound, normalize.Error, fmt.Sprintf("host %q does not resolve: %s", dnsErr.Name, m.errText(dnsErr)),
			"check the host name; a VPN may be needed for internal hosts")
	case errors.As(err, &unknown):
		return diag(normalize.RuleTLSError, normalize.Error, fmt.Sprintf("the TLS certificate of %q is signed by an unknown authority", host),
			"for a private CA, add it to the system's trust store (or SSL_CERT_FILE); never disable verification for a server that gets credentials")
	case errors.As(err, &hostErr):
		return diag(normalize.RuleTLSError, normalize.Error, fmt.Sprintf("the TLS certificate of %q is not valid for that name: %s", host, m.errText(hostErr)),
			"use the host name the certificate is issued for")
	case errors.As(err, &invalid):
		msg := fmt.Sprintf("the TLS certificate of %q is not valid: %s", host, m.errText(invalid))
		if invalid.Reason == x509.Expired {
			msg = fmt.Sprintf("the TLS certificate of %q has expired or is not yet valid: %s", host, m.errText(invalid))
		}
		return diag(normalize.RuleTLSError, normalize.Error, msg, "the server's operator must renew the certificate; check this machine's clock too")
	case errors.As(err, &certErr):
		return diag(normalize.RuleTLSError, normalize.Error, fmt.Sprintf("the TLS certificate of %q cannot be verified: %s", host, m.errText(certErr)),
			"check the server's certificate chain")
	case errors.As(err, &recErr) || strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return diag(normalize.RuleTLSError, normalize.Error, fmt.Sprintf("%q does not speak TLS", host),
			"use an http:// URL, or the server's TLS port")
	case errors.As(err, &alertErr):
		return diag(normalize.RuleTLSError, normalize.Error, fmt.Sprintf("the TLS handshake with %q failed: %s", host, m.errText(alertErr)),
			"the server refused the handshake; it may require a client certificate or newer TLS")
	case errors.Is(err, syscall.ECONNRESET):
		return diag(normalize.RuleConnectionFailed, normalize.Error, fmt.Sprintf("%q reset the connection", host),
			"a proxy or firewall may be cutting it; check the URL's scheme and port")
	}
	return diag(normalize.RuleConnectionFailed, normalize.Error, fmt.Sprintf("cannot reach %q: %s", host, m.errText(err)),
		"check the URL and that the server is running")
}

// exchange is what the recorder keeps of one response.
type exchange struct {
	method, url string // url is the one that answered, after any redirect
	status      int
	mediaType   string
	snippet     string // start of an error body, cleaned
}

// authResponse is the first 401 or 403.
type authResponse struct {
	status         int
	url            string
	challenges     []string // WWW-Authenticate values
	sentAuthHeader bool
	snippet        string
}

// maxRedirects is how many redirects of the MCP transport probe follows:
// a moved endpoint takes one, http to https and a trailing slash two
// more; a longer chain is a loop or a server steering probe around.
const maxRedirects = 3

// hop is one redirect the recorder saw.
type hop struct {
	method, from, to string
	status           int
	otherOrigin      bool
	withheld         []string // configured headers not sent to the other origin
	refusal          *refusal // set when the guard refused to follow it
}

// hopLog collects the redirects of every attempt of a probe, once each
// (the first request redirected names the method).
type hopLog struct {
	mu   sync.Mutex
	hops []hop
}

func (l *hopLog) add(h hop) {
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, o := range l.hops {
		if o.from == h.from && o.to == h.to {
			return
		}
	}
	if len(l.hops) < 20 {
		l.hops = append(l.hops, h)
	}
}

// recorder is the http.RoundTripper of one attempt: it adds the target's
// headers (to the configured origin only), measures the first connection,
// bounds what the server sends, and keeps what the SDK's errors flatten:
// statuses, WWW-Authenticate, transport errors, error bodies, redirects.
type recorder struct {
	base       *http.Transport
	headers    map[string]string
	configured *url.URL
	p          *prober
	closing    atomic.Bool
	// life ends with the attempt, at the probe's deadline, or when the
	// run is cancelled: every request is cancelled then, including those
	// the SDK sends on contexts of its own (the cancellation notice of a
	// timed-out call, a stream). Otherwise a stalled server holds the SDK,
	// which waits for that notice's POST (up to 5 s) before Connect
	// returns its error.
	life    context.Context
	endLife context.CancelFunc

	mu        sync.Mutex
	firstAuth *authResponse
	firstErr  error
	lastX     exchange
	getConnAt time.Time
	dialed    time.Duration
	gotConn   bool
	refused   *hop   // a redirect the guard did not follow
	endpoint  string // an SSE endpoint on another origin, not posted to
	loop      string // where the redirect after the last one allowed led
}

// newRecorder's requests live until the probe's deadline (not the probe's
// context, which is cancelled when the probe returns, before the session's
// closing DELETE) or until the run (parent) is cancelled.
func newRecorder(ctx context.Context, p *prober) *recorder {
	u, _ := url.Parse(p.t.URL) // parsed by runHTTP already
	life, cancel := context.WithCancel(context.WithoutCancel(ctx))
	// Ended after ctx is done, so that ctx reports its deadline first and
	// the probe calls it a timeout, not a failed request.
	stopDeadline := context.AfterFunc(ctx, func() {
		if errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	stopParent := context.AfterFunc(p.parent, cancel)
	end := func() {
		stopParent()
		stopDeadline()
		cancel()
	}
	return &recorder{base: p.net.transport(), headers: p.t.Headers, configured: u, p: p, life: life, endLife: end}
}

// sdkHeaders are set by the SDK for the protocol; a configured header of
// the same name does not replace them.
var sdkHeaders = map[string]bool{
	"Content-Type": true, "Accept": true, "Mcp-Session-Id": true,
	"Mcp-Protocol-Version": true, "Last-Event-Id": true,
}

var errEndpointOtherOrigin = errors.New("mcpconf does not send requests to another origin than the configured URL's")

// checkRedirect is the client's redirect policy: at most maxRedirects,
// each target checked by the guard before it is requested (the dial
// checks it again). The configured headers are the recorder's to add, so
// a redirect to another origin gets none of them.
func (r *recorder) checkRedirect(req *http.Request, via []*http.Request) error {
	prev := via[len(via)-1]
	h := hop{method: prev.Method, from: prev.URL.String(), to: req.URL.String(), otherOrigin: !sameOrigin(req.URL, r.configured)}
	if req.Response != nil {
		h.status = req.Response.StatusCode
	}
	if len(via) > maxRedirects {
		r.mu.Lock()
		if r.loop == "" && !r.closing.Load() {
			r.loop = h.to
		}
		r.mu.Unlock()
		return fmt.Errorf("stopped after %d redirects", maxRedirects)
	}
	if ref := r.p.net.checkURL(req.URL, false); ref != nil {
		r.refuse(h, ref)
		return ref
	}
	if h.otherOrigin {
		for k := range r.headers {
			h.withheld = append(h.withheld, http.CanonicalHeaderKey(k))
		}
		slices.Sort(h.withheld)
	}
	r.p.hops.add(h)
	return nil
}

func (r *recorder) refuse(h hop, ref *refusal) {
	h.refusal = ref
	r.mu.Lock()
	if r.refused == nil && !r.closing.Load() {
		r.refused = &h
	}
	r.mu.Unlock()
}

func (r *recorder) RoundTrip(req *http.Request) (*http.Response, error) {
	toConfigured := sameOrigin(req.URL, r.configured)
	if !toConfigured && req.Response == nil {
		// Not a redirect (checkRedirect saw those): the URL an SSE
		// stream's "endpoint" event named, on another origin. Clients
		// built on the TypeScript and Python SDKs refuse it; so does
		// probe, before any dial.
		r.mu.Lock()
		if r.endpoint == "" && !r.closing.Load() {
			r.endpoint = req.URL.String()
		}
		r.mu.Unlock()
		return nil, errEndpointOtherOrigin
	}
	ctx, cancel := context.WithCancel(req.Context())
	stopLife := context.AfterFunc(r.life, cancel)
	if r.closing.Load() {
		ctx, cancel = context.WithTimeout(ctx, closeTimeout)
	}
	release := func() {
		stopLife()
		cancel()
	}
	trace := &httptrace.ClientTrace{
		GetConn: func(string) {
			r.mu.Lock()
			if r.getConnAt.IsZero() {
				r.getConnAt = time.Now()
			}
			r.mu.Unlock()
		},
		GotConn: func(info httptrace.GotConnInfo) {
			r.mu.Lock()
			if !r.gotConn {
				r.gotConn = true
				r.dialed = time.Since(r.getConnAt)
			}
			r.mu.Unlock()
		},
	}
	out := req.Clone(httptrace.WithClientTrace(ctx, trace))
	// The configured headers (credentials, cookies) go to the configured
	// origin only: a redirect elsewhere gets none, whatever net/http
	// would have kept.
	if toConfigured {
		for k, v := range r.headers {
			k = http.CanonicalHeaderKey(k)
			if sdkHeaders[k] && out.Header.Get(k) != "" {
				continue
			}
			out.Header.Set(k, v)
		}
	}
	resp, err := r.base.RoundTrip(out)
	if err != nil {
		if ref := asRefusal(err); ref != nil && req.Response != nil {
			// A redirect to a name that resolved to a refused address.
			prev := req.Response.Request
			h := hop{to: req.URL.String(), status: req.Response.StatusCode, otherOrigin: true}
			if prev != nil {
				h.method, h.from = prev.Method, prev.URL.String()
			}
			r.refuse(h, ref)
		}
		// Errors of cancelled requests are the deadline's doing, not the
		// network's; the timeout explains them.
		if !r.closing.Load() && ctx.Err() == nil {
			r.mu.Lock()
			if r.firstErr == nil {
				r.firstErr = err
			}
			r.mu.Unlock()
		}
		release()
		return nil, err
	}
	x := exchange{method: req.Method, url: req.URL.String(), status: resp.StatusCode}
	x.mediaType, _, _ = mime.ParseMediaType(resp.Header.Get("Content-Type"))
	resp.Body = &releaseBody{ReadCloser: r.p.budget.wrap(resp.Body, x.mediaType == "text/event-stream", x.url), release: release}
	if resp.StatusCode >= 400 {
		head := make([]byte, 512)
		n, _ := io.ReadFull(resp.Body, head)
		head = head[:n]
		resp.Body = &rereadBody{Reader: io.MultiReader(bytes.NewReader(head), resp.Body), Closer: resp.Body}
		if len(bytes.TrimSpace(head)) > 0 && !bytes.HasPrefix(bytes.TrimSpace(head), []byte("<")) {
			x.snippet = r.p.mask.quote(bytes.TrimSpace(firstLine(head)), 200)
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closing.Load() {
		r.lastX = x
	}
	if (resp.StatusCode == http.StatusUnauthorized || resp.StatusCode == http.StatusForbidden) && r.firstAuth == nil && !r.closing.Load() {
		r.firstAuth = &authResponse{status: resp.StatusCode, url: req.URL.String(),
			challenges: resp.Header.Values("WWW-Authenticate"), sentAuthHeader: out.Header.Get("Authorization") != "", snippet: x.snippet}
	}
	return resp, nil
}

func firstLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		return b[:i]
	}
	return b
}

// releaseBody frees a request's context when its body is closed.
type releaseBody struct {
	io.ReadCloser
	release func()
}

func (b *releaseBody) Close() error {
	err := b.ReadCloser.Close()
	b.release()
	return err
}

type rereadBody struct {
	io.Reader
	io.Closer
}

func (r *recorder) auth() *authResponse {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.firstAuth
}

func (r *recorder) transportErr() error {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.firstErr
}

func (r *recorder) last() exchange {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.lastX
}

func (r *recorder) connected() bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.gotConn
}

func (r *recorder) connectTime() time.Duration {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.dialed
}

func (r *recorder) refusedHop() *hop {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refused
}

func (r *recorder) otherEndpoint() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.endpoint
}

func (r *recorder) redirectLoop() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.loop
}

// stopped reports whether the attempt failed because probe stopped it
// (a refused redirect or endpoint, too many redirects, a bound reached)
// rather than because of what the server answered.
func (r *recorder) stopped() bool {
	return r.refusedHop() != nil || r.otherEndpoint() != "" || r.redirectLoop() != "" || r.p.limitHit() != nil
}

// end cancels what is still in flight and closes the connections.
func (r *recorder) end() {
	r.endLife()
	r.base.CloseIdleConnections()
}

// redirected reports whether u, the URL that answered, is not the
// configured one (a redirect led there).
func (p *prober) redirected(u string) bool {
	return u != "" && canonicalURL(u) != canonicalURL(p.t.URL)
}

// at names the URL that answered, for a message quoting its status, when
// a redirect led elsewhere than the configured URL: ` at "https://…"`.
func (p *prober) at(u string) string {
	if !p.redirected(u) {
		return ""
	}
	return fmt.Sprintf(" at %q", p.mask.cut(u, 200))
}

// redirectDiags reports the redirects the MCP transport followed: from
// where to where, and, to another origin, which configured headers were
// not sent there.
func (p *prober) redirectDiags() {
	p.hops.mu.Lock()
	hops := slices.Clone(p.hops.hops)
	p.hops.mu.Unlock()
	for _, h := range hops {
		msg := fmt.Sprintf("%q redirects a %s to %q (%d %q)", p.mask.cut(h.from, 200), h.method, p.mask.cut(h.to, 200), h.status, http.StatusText(h.status))
		if !h.otherOrigin {
			p.add(diag(normalize.RuleHTTPRedirect, normalize.Info, msg,
				"put the URL it redirects to in the config, so that clients do not depend on the redirect"))
			continue
		}
		msg += ", another origin: what answered there is not the configured server"
		if len(h.withheld) > 0 {
			noun, verb := "header", "was"
			if len(h.withheld) > 1 {
				noun, verb = "headers", "were"
			}
			msg += fmt.Sprintf("; the configured %s %s %s not sent there", noun, quoteList(h.withheld), verb)
		}
		p.add(diag(normalize.RuleHTTPRedirect, normalize.Warning, msg,
			"if the server moved, put its new URL in the config; mcpconf never sends configured headers (credentials, cookies) to another origin"))
	}
}

// byteBudget bounds what one server sends over HTTP in one probe: every
// response body together (maxServerBytes), and each message in it
// (maxMessageBytes: a JSON body, or one event of an SSE stream). The
// SDK reads a JSON body whole, into memory, whatever its size: the
// budget is what stops it.
type byteBudget struct {
	mu   sync.Mutex
	left int64
	hit  *limitError
	mask masker // for the URL named when a bound is reached
}

func (b *byteBudget) limit() *limitError {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.hit
}

// wrap bounds a response body; events says it is an SSE stream, whose
// messages are its events.
func (b *byteBudget) wrap(body io.ReadCloser, events bool, url string) io.ReadCloser {
	return &boundedBody{ReadCloser: body, b: b, events: events, url: url}
}

type boundedBody struct {
	io.ReadCloser
	b      *byteBudget
	events bool
	url    string
	n      int64 // bytes of the message being read: the body, or the current event
	// the SSE event's end is a blank line: a line ends at CR, LF or CRLF
	lineLen int
	prevCR  bool
}

func (r *boundedBody) Read(p []byte) (int, error) {
	if lim := r.b.limit(); lim != nil {
		return 0, lim
	}
	n, err := r.ReadCloser.Read(p)
	if n > 0 {
		if lim := r.count(p[:n]); lim != nil {
			return n, lim
		}
	}
	return n, err
}

func (r *boundedBody) count(p []byte) *limitError {
	over := false
	if r.events {
		for _, c := range p {
			switch {
			case c == '\n' && r.prevCR:
				r.prevCR = false
			case c == '\r' || c == '\n':
				if r.lineLen == 0 {
					r.n = 0 // a blank line: the event is over
				}
				r.lineLen, r.prevCR = 0, c == '\r'
			default:
				r.lineLen++
				r.prevCR = false
				r.n++
				over = over || r.n > int64(maxMessageBytes)
			}
		}
	} else {
		r.n += int64(len(p))
		over = r.n > int64(maxMessageBytes)
	}
	r.b.mu.Lock()
	defer r.b.mu.Unlock()
	r.b.left -= int64(len(p))
	if r.b.hit == nil {
		where := fmt.Sprintf("in an answer from %q", r.b.mask.cut(r.url, 200))
		switch {
		case over:
			r.b.hit = &limitError{rule: normalize.RuleMessageTooLarge, where: where}
		case r.b.left < 0:
			r.b.hit = &limitError{rule: normalize.RuleOutputTooLarge, where: "over HTTP"}
		}
	}
	return r.b.hit
}
