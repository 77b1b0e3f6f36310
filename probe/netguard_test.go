package probe

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// dialLog records every address the guard is asked to dial while a test
// runs: with no network here, it is how a test proves that a request
// never left for an address.
type dialLog struct {
	mu    sync.Mutex
	addrs []string
}

func recordDials(t *testing.T) *dialLog {
	t.Helper()
	l := &dialLog{}
	hook := func(addr string) {
		l.mu.Lock()
		l.addrs = append(l.addrs, addr)
		l.mu.Unlock()
	}
	dialHook.Store(&hook)
	t.Cleanup(func() { dialHook.Store(nil) })
	return l
}

// never fails the test if host was asked for.
func (l *dialLog) never(t *testing.T, host string) {
	t.Helper()
	l.mu.Lock()
	defer l.mu.Unlock()
	for _, a := range l.addrs {
		h, _, err := net.SplitHostPort(a)
		if err != nil {
			h = a
		}
		if hostKey(h) == hostKey(host) {
			t.Errorf("probe dialed %q (all dials: %q)", a, l.addrs)
		}
	}
	if len(l.addrs) == 0 {
		t.Error("no dial recorded at all: the hook is not in the path")
	}
}

func TestClassOf(t *testing.T) {
	for _, tt := range []struct {
		ip   string
		want netClass
	}{
		{"127.0.0.1", classLoopback}, {"127.9.9.9", classLoopback}, {"::1", classLoopback},
		{"::ffff:127.0.0.1", classLoopback},
		{"169.254.169.254", classLinkLocal}, {"::ffff:169.254.169.254", classLinkLocal}, {"fe80::1", classLinkLocal},
		{"fe80::1%eth0", classLinkLocal},
		{"10.1.2.3", classPrivate}, {"172.16.0.1", classPrivate}, {"172.31.255.255", classPrivate}, {"192.168.1.1", classPrivate},
		{"100.64.0.1", classPrivate}, {"fd00::1", classPrivate}, {"fc00::1", classPrivate},
		{"0.0.0.0", classUnspecified}, {"::", classUnspecified},
		{"224.0.0.1", classMulticast}, {"ff02::1", classMulticast},
		{"255.255.255.255", classBroadcast},
		{"0.1.2.3", classReserved}, {"240.0.0.1", classReserved}, {"192.0.2.1", classReserved}, {"198.18.0.1", classReserved},
		{"2001:db8::1", classReserved}, {"64:ff9b::a9fe:a9fe", classReserved}, {"::a9fe:a9fe", classReserved},
		{"2002:a9fe:a9fe::1", classReserved}, {"fec0::1", classReserved},
		{"8.8.8.8", classPublic}, {"172.32.0.1", classPublic}, {"100.128.0.1", classPublic}, {"2606:4700::1111", classPublic},
	} {
		if got := classOf(netip.MustParseAddr(tt.ip)); got != tt.want {
			t.Errorf("classOf(%s) = %s, want %s", tt.ip, got, tt.want)
		}
	}
}

// The dial-time check sees the address a name resolves to: a
// server-steered name that resolves to another class than the server's
// is refused before connect, whatever the URL said.
func TestGuardDialChecksResolvedAddress(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	var accepted atomic.Int32
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			accepted.Add(1)
			c.Close()
		}
	}()
	_, port, _ := net.SplitHostPort(l.Addr().String())
	steered := net.JoinHostPort("localhost", port)

	// A server on a public address: "localhost" is loopback, refused.
	u, _ := url.Parse("https://mcp.example.com/mcp")
	g := newNetGuard(u)
	g.server = netip.MustParseAddr("93.184.216.34")
	_, err = g.dial(context.Background(), "tcp", steered)
	r := asRefusal(err)
	if r == nil || r.class != classLoopback || r.serverClass != classPublic {
		t.Fatalf("dialing %q for a server on a public address: %v", steered, err)
	}
	if !strings.Contains(r.why(), `"localhost" resolves to loopback address`) {
		t.Errorf("the reason names the resolution: %q", r.why())
	}
	// The configured host itself is reached wherever it is.
	cfg, _ := url.Parse("http://" + steered + "/mcp")
	if c, err := newNetGuard(cfg).dial(context.Background(), "tcp", steered); err != nil {
		t.Errorf("the configured host: %v", err)
	} else {
		c.Close()
	}
	// A server on loopback may send probe to another loopback port.
	g.server = netip.MustParseAddr("127.0.0.1")
	if c, err := g.dial(context.Background(), "tcp", steered); err != nil {
		t.Errorf("same class: %v", err)
	} else {
		c.Close()
	}
	// Plain http metadata: loopback only, for a server on loopback.
	if _, err := g.dial(metadataRules(context.Background(), &url.URL{Scheme: "http"}), "tcp", steered); err != nil {
		t.Errorf("http metadata on loopback for a server on loopback: %v", err)
	}
	// … and nothing else: a public address over plain http is refused.
	if r := g.checkAddr("one.one.one.one", netip.MustParseAddr("1.1.1.1"), true); r == nil || !r.https {
		t.Errorf("plain http metadata at a public address: %+v", r)
	}
	time.Sleep(50 * time.Millisecond)
	if n := accepted.Load(); n != 3 {
		t.Errorf("%d connections accepted, want 3 (the refused dial must not connect)", n)
	}
}

// serverWithChallenge is a protected MCP server on loopback whose 401
// names resource metadata at metadataURL; it also serves good metadata at
// the well-known path, which clients go on to.
func serverWithChallenge(t *testing.T, metadataURL string) *authFixture {
	f := newAuthFixture(t)
	f.challenge = `Bearer resource_metadata="` + metadataURL + `"`
	return f
}

// A resource_metadata URL at the cloud metadata service (or at another
// network's address, or an address never dialed) is refused before any
// dial, reported as a finding about the server, and the search goes on
// at the well-known URL as SDK clients do.
func TestAuthMetadataSteeredAway(t *testing.T) {
	for _, tt := range []struct {
		url, host, why string
	}{
		{"http://169.254.169.254/latest/meta-data/iam/security-credentials/", "169.254.169.254", "does not connect to a link-local address for a server on loopback"},
		{"http://[::ffff:169.254.169.254]/latest/meta-data/", "169.254.169.254", "does not connect to a link-local address for a server on loopback"},
		{"https://10.1.2.3/.well-known/oauth-protected-resource", "10.1.2.3", "does not connect to a private address for a server on loopback"},
		{"http://0.0.0.0:1234/.well-known/oauth-protected-resource", "0.0.0.0", "never connects to an unspecified address a server names"},
		{"http://1.1.1.1/.well-known/oauth-protected-resource", "1.1.1.1", "fetches OAuth metadata only over https"},
		{"file:///etc/passwd", "", `follows only http and https URLs, not "file"`},
	} {
		t.Run(tt.url, func(t *testing.T) {
			dials := recordDials(t)
			f := serverWithChallenge(t, tt.url)
			target := httpTarget(f.rs.URL+"/mcp", normalize.HTTP, true)
			target.Timeout = 3 * time.Second // the old code waited on a dial that cannot answer
			r := run1(t, target)
			if tt.host != "" {
				dials.never(t, tt.host)
			}
			d := mustDiag(t, r, "url-refused")
			if !strings.Contains(d.Message, fmt.Sprintf("the server points its metadata at %q", tt.url)) || !strings.Contains(d.Message, tt.why) {
				t.Errorf("%+v", d)
			}
			if r.Status != StatusNeedsAuth || r.Auth == nil || r.Auth.Fetches[0].URL != tt.url || !strings.HasPrefix(r.Auth.Fetches[0].Error, "refused") {
				t.Fatalf("status %q auth %+v", r.Status, r.Auth)
			}
			if m := r.Auth.ResourceMetadata; m == nil || m.Source != "well-known path" || r.Auth.AuthServer == nil {
				t.Errorf("the search goes on at the well-known URL: %+v", r.Auth)
			}
		})
	}
}

// authorization_servers is the server's to write too.
func TestAuthServerSteeredAway(t *testing.T) {
	for _, tt := range []struct {
		issuer, host, why string
	}{
		{"http://169.254.169.254/latest/meta-data", "169.254.169.254", "link-local address for a server on loopback"},
		{"https://10.1.2.3", "10.1.2.3", "private address for a server on loopback"},
	} {
		t.Run(tt.issuer, func(t *testing.T) {
			dials := recordDials(t)
			f := newAuthFixture(t)
			f.prmAt["/.well-known/oauth-protected-resource/mcp"] = func() map[string]any {
				return map[string]any{"resource": f.rs.URL + "/mcp", "authorization_servers": []string{tt.issuer}}
			}
			target := httpTarget(f.rs.URL+"/mcp", normalize.HTTP, true)
			target.Timeout = 3 * time.Second
			r := run1(t, target)
			dials.never(t, tt.host)
			d := mustDiag(t, r, "url-refused")
			if !strings.Contains(d.Message, fmt.Sprintf("the protected resource metadata names authorization server %q", tt.issuer)) || !strings.Contains(d.Message, tt.why) {
				t.Errorf("%+v", d)
			}
			if r.Auth.AuthServer != nil || findDiag(r, "auth-server-metadata-missing") != nil {
				t.Errorf("a refused issuer is the finding, not missing metadata: %+v %+v", r.Auth.AuthServer, r.Diagnostics)
			}
		})
	}
}

// A metadata document that redirects to the metadata service is not
// followed there.
func TestAuthMetadataRedirectSteeredAway(t *testing.T) {
	dials := recordDials(t)
	f := newAuthFixture(t)
	redirector := httptest.NewServer(http.RedirectHandler("http://169.254.169.254/latest/meta-data/", http.StatusFound))
	defer redirector.Close()
	f.challenge = `Bearer resource_metadata="` + redirector.URL + `/prm"`
	target := httpTarget(f.rs.URL+"/mcp", normalize.HTTP, true)
	target.Timeout = 3 * time.Second
	r := run1(t, target)
	dials.never(t, "169.254.169.254")
	d := mustDiag(t, r, "url-refused")
	if !strings.Contains(d.Message, fmt.Sprintf("the metadata at %q redirects to %q", redirector.URL+"/prm", "http://169.254.169.254/latest/meta-data/")) {
		t.Errorf("%+v", d)
	}
}

// redirectingServer redirects every request to to, with code, and counts
// them.
func redirectingServer(t *testing.T, code int, to func(r *http.Request) string) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		http.Redirect(w, r, to(r), code)
	}))
	t.Cleanup(ts.Close)
	return ts, &n
}

// headerSpy records the headers of every request a server gets.
type headerSpy struct {
	mu      sync.Mutex
	headers []http.Header
}

func (s *headerSpy) wrap(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.headers = append(s.headers, r.Header.Clone())
		s.mu.Unlock()
		next.ServeHTTP(w, r)
	})
}

func (s *headerSpy) requests() []http.Header {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.headers)
}

// A redirect to another origin gets none of the configured headers, is
// reported, and the output names the host that answered.
func TestRedirectToOtherOriginWithholdsHeaders(t *testing.T) {
	const token, key = "tok-redirect-123456", "key-redirect-654321"
	for _, code := range []int{http.StatusFound, http.StatusTemporaryRedirect} {
		t.Run(http.StatusText(code), func(t *testing.T) {
			spy := &headerSpy{}
			other := streamableServer(t, "ok", spy.wrap)
			to := other.URL + "/mcp"
			from, _ := redirectingServer(t, code, func(*http.Request) string { return to })
			target := httpTarget(from.URL+"/mcp", normalize.HTTP, true)
			target.Headers = map[string]string{"Authorization": "Bearer " + token, "x-api-key": key, "Cookie": "session=abcdef"}
			target.Secrets = []string{token, key}
			r := run1(t, target)

			seen := spy.requests()
			if len(seen) == 0 {
				t.Fatal("the other server got no request: the redirect was not followed")
			}
			for _, h := range seen {
				if h.Get("Authorization") != "" || h.Get("X-Api-Key") != "" || h.Get("Cookie") != "" {
					t.Errorf("the other origin got configured headers: %v", h)
				}
			}
			d := mustDiag(t, r, "http-redirect")
			if d.Severity != normalize.Warning || !strings.Contains(d.Message, fmt.Sprintf("%q redirects a POST to %q (%d", from.URL+"/mcp", to, code)) ||
				!strings.Contains(d.Message, `headers "Authorization", "Cookie" and "X-Api-Key" were not sent there`) {
				t.Errorf("%+v", d)
			}
			if code == http.StatusTemporaryRedirect {
				// The POST went on to the other server, which answered.
				if r.Status != StatusOK {
					t.Fatalf("status %q: %+v", r.Status, r.Diagnostics)
				}
				return
			}
			// 302 turns the POST into a GET, which the other server
			// refuses: the failure names it, not the configured URL.
			if r.Status != StatusFailed {
				t.Fatalf("status %q: %+v", r.Status, r.Diagnostics)
			}
			f := mustDiag(t, r, "http-status")
			if !strings.HasPrefix(f.Message, fmt.Sprintf("%q, where %q redirects, answered", to, from.URL+"/mcp")) {
				t.Errorf("the failure does not name the host that answered: %+v", f)
			}
		})
	}
}

func TestTooManyRedirects(t *testing.T) {
	var (
		from    *httptest.Server
		deepest atomic.Int32
	)
	from, _ = redirectingServer(t, http.StatusTemporaryRedirect, func(r *http.Request) string {
		hop, _ := strconv.Atoi(r.URL.Query().Get("hop"))
		if int32(hop) > deepest.Load() {
			deepest.Store(int32(hop))
		}
		return fmt.Sprintf("%s/mcp?hop=%d", from.URL, hop+1)
	})
	r := run1(t, httpTarget(from.URL+"/mcp", normalize.HTTP, true))
	d := mustDiag(t, r, "too-many-redirects")
	if r.Status != StatusFailed || !strings.Contains(d.Message, "more than 3 times") {
		t.Errorf("status %q %+v", r.Status, d)
	}
	if got := deepest.Load(); got != 3 {
		t.Errorf("the server saw redirect %d, want 3 at most and at least", got)
	}
	if i := findDiag(r, "http-redirect"); i == nil || i.Severity != normalize.Info {
		t.Errorf("a redirect on the same origin is noted: %+v", r.Diagnostics)
	}
}

// A redirect to the metadata service is refused before any dial.
func TestRedirectSteeredAway(t *testing.T) {
	dials := recordDials(t)
	from, _ := redirectingServer(t, http.StatusTemporaryRedirect, func(*http.Request) string {
		return "http://169.254.169.254/latest/meta-data/iam/security-credentials/"
	})
	target := httpTarget(from.URL+"/mcp", normalize.HTTP, true)
	target.Timeout = 3 * time.Second
	target.Headers = map[string]string{"Authorization": "Bearer tok-abcdef123456"}
	r := run1(t, target)
	dials.never(t, "169.254.169.254")
	d := mustDiag(t, r, "url-refused")
	if r.Status != StatusFailed || !strings.Contains(d.Message, fmt.Sprintf("%q redirects to %q", from.URL+"/mcp", "http://169.254.169.254/latest/meta-data/iam/security-credentials/")) ||
		!strings.Contains(d.Message, "link-local address for a server on loopback") {
		t.Errorf("status %q %+v", r.Status, d)
	}
}

// An SSE stream whose endpoint event names another origin: nothing is
// sent there, headers or not.
func TestSSEEndpointOtherOrigin(t *testing.T) {
	var got atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got.Add(1)
		w.WriteHeader(http.StatusAccepted)
	}))
	defer other.Close()
	sse := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet {
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		w.Header().Set("Content-Type", "text/event-stream")
		fmt.Fprintf(w, "event: endpoint\ndata: %s/message?sessionId=1\n\n", other.URL)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	}))
	defer sse.Close()
	for _, pinned := range []bool{true, false} {
		target := httpTarget(sse.URL+"/sse", normalize.SSE, true)
		if !pinned {
			target = httpTarget(sse.URL+"/sse", normalize.HTTP, false)
		}
		target.Timeout = 3 * time.Second
		target.Headers = map[string]string{"Authorization": "Bearer tok-abcdef123456"}
		r := run1(t, target)
		d := mustDiag(t, r, "sse-endpoint-other-origin")
		if r.Status != StatusFailed || !strings.Contains(d.Message, other.URL+"/message?sessionId=1") {
			t.Errorf("pinned %v: status %q %+v", pinned, r.Status, r.Diagnostics)
		}
	}
	if n := got.Load(); n != 0 {
		t.Errorf("the other origin got %d requests", n)
	}
}

// Through a proxy the dial goes to the proxy: a server-steered target is
// checked by the addresses its name resolves to, before the request.
func TestGuardThroughProxy(t *testing.T) {
	var accepted atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		accepted.Add(1)
		w.WriteHeader(http.StatusTeapot)
	}))
	defer proxy.Close()
	pu, _ := url.Parse(proxy.URL)
	cfg, _ := url.Parse("https://mcp.example.com/mcp")
	g := newNetGuard(cfg)
	g.envProxy = func(*http.Request) (*url.URL, error) { return pu, nil }
	client := &http.Client{Transport: g.transport()}
	get := func(u string) (*http.Response, error) {
		req, _ := http.NewRequest(http.MethodGet, u, nil)
		return client.Do(req)
	}
	// The configured server went through the proxy: its address is not
	// known, so a steered target must be public.
	if resp, err := get("http://mcp.example.com:443/x"); err != nil {
		t.Fatalf("the configured host through the proxy: %v", err)
	} else {
		resp.Body.Close()
	}
	for _, u := range []string{"http://169.254.169.254/latest/meta-data/", "http://10.1.2.3/", "http://LOCALHOST/"} {
		_, err := get(u)
		if r := asRefusal(err); r == nil || r.serverClass != classUnknown || !strings.Contains(r.why(), "for a server reached through a proxy") {
			t.Errorf("%s through the proxy: %v", u, err)
		}
	}
	if n := accepted.Load(); n != 1 {
		t.Errorf("the proxy got %d requests, want only the configured server's", n)
	}
}
