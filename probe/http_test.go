package probe

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"
)

// streamableServer serves a go-sdk server of a behaviour over streamable
// HTTP at /mcp; wrap, when set, sits in front of it.
func streamableServer(t *testing.T, behaviour string, wrap func(http.Handler) http.Handler) *httptest.Server {
	t.Helper()
	srv := newTestServer(behaviour)
	// The 2026-07-28 era is served over HTTP only by stateless handlers;
	// a stateful one answers server/discover with the legacy versions.
	opts := &mcp.StreamableHTTPOptions{Stateless: behaviour != "legacy"}
	var h http.Handler = mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, opts)
	if wrap != nil {
		h = wrap(h)
	}
	mux := http.NewServeMux()
	mux.Handle("/mcp", h)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

// sseServer serves a go-sdk server over the legacy SSE transport only, at
// /sse.
func sseServer(t *testing.T, behaviour string) *httptest.Server {
	t.Helper()
	srv := newTestServer(behaviour)
	mux := http.NewServeMux()
	mux.Handle("/sse", mcp.NewSSEHandler(func(*http.Request) *mcp.Server { return srv }, nil))
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts
}

func httpTarget(url string, transport normalize.Transport, pinned bool) Target {
	return Target{Name: "remote", Client: normalize.ClientByID("claude"), Transport: transport, Pinned: pinned, URL: url, Timeout: 10 * time.Second}
}

func run1(t *testing.T, target Target) Result {
	t.Helper()
	return Run(context.Background(), []Target{target}, Options{})[0]
}

func TestStreamableHTTP(t *testing.T) {
	for _, tt := range []struct {
		behaviour, era, version string
	}{
		{"ok", EraDiscover, "2026-07-28"},
		{"legacy", EraLegacy, "2025-11-25"},
	} {
		t.Run(tt.behaviour, func(t *testing.T) {
			ts := streamableServer(t, tt.behaviour, nil)
			r := run1(t, httpTarget(ts.URL+"/mcp", normalize.HTTP, true))
			if r.Status != StatusOK || r.Transport != "http" || r.Era != tt.era || r.ProtocolVersion != tt.version {
				t.Fatalf("status %q transport %q era %q version %q: %+v", r.Status, r.Transport, r.Era, r.ProtocolVersion, r.Diagnostics)
			}
			if len(r.Tools) != 2 || r.Resources == nil || *r.Resources != 2 {
				t.Errorf("tools %q resources %v", toolNames(r), r.Resources)
			}
			if r.Timings.Connect <= 0 || r.Timings.Handshake <= 0 {
				t.Errorf("timings %+v", r.Timings)
			}
		})
	}
}

// A stateful server is told the session is over (DELETE), after the
// result is delivered but before Run returns.
func TestStreamableSessionEnded(t *testing.T) {
	var mu sync.Mutex
	var methods []string
	record := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			methods = append(methods, r.Method)
			mu.Unlock()
			next.ServeHTTP(w, r)
		})
	}
	ts := streamableServer(t, "legacy", record)
	if r := run1(t, httpTarget(ts.URL+"/mcp", normalize.HTTP, true)); r.Status != StatusOK {
		t.Fatalf("%q %+v", r.Status, r.Diagnostics)
	}
	mu.Lock()
	defer mu.Unlock()
	if !slices.Contains(methods, http.MethodDelete) {
		t.Errorf("requests %q: no DELETE ended the session", methods)
	}
}

func TestSSEPinned(t *testing.T) {
	ts := sseServer(t, "ok")
	r := run1(t, httpTarget(ts.URL+"/sse", normalize.SSE, true))
	if r.Status != StatusOK || r.Transport != "sse" || len(r.Tools) != 2 {
		t.Fatalf("status %q transport %q tools %q: %+v", r.Status, r.Transport, toolNames(r), r.Diagnostics)
	}
	if r.Timings.Connect <= 0 {
		t.Errorf("timings %+v", r.Timings)
	}
	if len(r.Diagnostics) != 0 {
		t.Errorf("diagnostics %+v", r.Diagnostics)
	}
}

func TestUnpinnedFallsBackToSSE(t *testing.T) {
	ts := sseServer(t, "legacy")
	r := run1(t, httpTarget(ts.URL+"/sse", normalize.HTTP, false))
	if r.Status != StatusOK || r.Transport != "sse" || r.Era != EraLegacy {
		t.Fatalf("status %q transport %q era %q: %+v", r.Status, r.Transport, r.Era, r.Diagnostics)
	}
	d := mustDiag(t, r, "transport-fallback")
	if !strings.Contains(d.Message, "400") || !strings.Contains(d.Hint, `"type": "sse"`) {
		t.Errorf("%+v", d)
	}
}

func TestWrongTransport(t *testing.T) {
	sse := sseServer(t, "ok")
	r := run1(t, httpTarget(sse.URL+"/sse", normalize.HTTP, true))
	if d := mustDiag(t, r, "wrong-transport"); r.Status != StatusFailed || !strings.Contains(d.Hint, `"type": "sse"`) {
		t.Errorf("status %q %+v", r.Status, d)
	}
	if r.Era != "" || len(r.Tools) != 0 {
		t.Errorf("the confirming attempt leaked into the result: era %q tools %q", r.Era, toolNames(r))
	}

	streamable := streamableServer(t, "ok", nil)
	r = run1(t, httpTarget(streamable.URL+"/mcp", normalize.SSE, true))
	if d := mustDiag(t, r, "wrong-transport"); r.Status != StatusFailed || !strings.Contains(d.Hint, `"type": "http"`) {
		t.Errorf("status %q %+v", r.Status, d)
	}
}

func TestHeadersSent(t *testing.T) {
	const token = "tok-abcdef123456"
	requireAuth := func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.Header.Get("Authorization") != "Bearer "+token || r.Header.Get("X-Tenant") != "acme" {
				w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token", error_description="the token is not valid"`)
				http.Error(w, "unauthorized", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r)
		})
	}
	ts := streamableServer(t, "ok", requireAuth)
	target := httpTarget(ts.URL+"/mcp", normalize.HTTP, true)
	target.Headers = map[string]string{"authorization": "Bearer " + token, "X-Tenant": "acme"}
	target.Secrets = []string{token}
	if r := run1(t, target); r.Status != StatusOK {
		t.Fatalf("with the headers: %q %+v", r.Status, r.Diagnostics)
	}

	target.Headers["authorization"] = "Bearer tok-expired-99999"
	target.Secrets = []string{"tok-expired-99999"}
	r := run1(t, target)
	d := mustDiag(t, r, "auth-rejected")
	if r.Status != StatusNeedsAuth || !strings.Contains(d.Message, `error "invalid_token"`) || !strings.Contains(d.Message, "the token is not valid") {
		t.Errorf("status %q %+v", r.Status, d)
	}
	if strings.Contains(dump(r), "tok-expired") {
		t.Error("the header's value leaked")
	}
}

func TestConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	r := run1(t, httpTarget("http://"+addr+"/mcp", normalize.HTTP, false))
	d := mustDiag(t, r, "connection-refused")
	if r.Status != StatusFailed || !strings.Contains(d.Message, addr) {
		t.Errorf("status %q %+v", r.Status, d)
	}
}

func TestTLSErrors(t *testing.T) {
	tlsServer := httptest.NewTLSServer(http.NotFoundHandler())
	defer tlsServer.Close()
	r := run1(t, httpTarget(tlsServer.URL+"/mcp", normalize.HTTP, true))
	if d := mustDiag(t, r, "tls-error"); !strings.Contains(d.Message, "unknown authority") {
		t.Errorf("%+v", d)
	}

	plain := httptest.NewServer(http.NotFoundHandler())
	defer plain.Close()
	r = run1(t, httpTarget(strings.Replace(plain.URL, "http://", "https://", 1)+"/mcp", normalize.HTTP, true))
	if d := mustDiag(t, r, "tls-error"); !strings.Contains(d.Message, "does not speak TLS") {
		t.Errorf("%+v", d)
	}
}

func TestHTTPHandshakeTimeout(t *testing.T) {
	stall := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Read the request, then never answer. The server notices the
		// client going away (and Close stops waiting) only once the body
		// is read.
		io.Copy(io.Discard, r.Body)
		<-r.Context().Done()
	}))
	defer stall.Close()
	target := httpTarget(stall.URL+"/mcp", normalize.HTTP, true)
	target.Timeout = 300 * time.Millisecond
	// Several at once: the SDK's cancellation notice of the timed-out call
	// races with its Close, which waited up to 5 s for that notice's POST
	// to the stalled server in about one run of ten.
	targets := make([]Target, 8)
	for i := range targets {
		targets[i] = target
		targets[i].Name = fmt.Sprintf("stall%d", i)
	}
	start := time.Now()
	results := Run(context.Background(), targets, Options{Parallel: len(targets)})
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("a 300ms timeout took %s", took)
	}
	for _, r := range results {
		d := mustDiag(t, r, "timeout")
		if r.Status != StatusTimeout || !strings.Contains(r.Reason, "in handshake") || !strings.Contains(d.Message, "accepted the connection") {
			t.Errorf("status %q reason %q %+v", r.Status, r.Reason, d)
		}
	}
}

func TestHTTPStatusAndNotMCP(t *testing.T) {
	notFound := httptest.NewServer(http.NotFoundHandler())
	defer notFound.Close()
	r := run1(t, httpTarget(notFound.URL+"/api", normalize.HTTP, false))
	if d := mustDiag(t, r, "http-status"); !strings.Contains(d.Message, "404") || !strings.Contains(d.Hint, "/mcp") {
		t.Errorf("%+v", d)
	}
	if r.Transport != "http" {
		t.Errorf("transport %q: the failed streamable attempt is the one to report", r.Transport)
	}

	page := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Write([]byte("<html>welcome</html>"))
	}))
	defer page.Close()
	r = run1(t, httpTarget(page.URL, normalize.HTTP, true))
	if d := mustDiag(t, r, "not-mcp-endpoint"); !strings.Contains(d.Message, `"text/html"`) {
		t.Errorf("%+v", d)
	}

	forbidden := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, "Forbidden: invalid Host header", http.StatusForbidden)
	}))
	defer forbidden.Close()
	r = run1(t, httpTarget(forbidden.URL+"/mcp", normalize.HTTP, true))
	if d := mustDiag(t, r, "http-forbidden"); r.Status != StatusFailed || !strings.Contains(d.Hint, "Host header") {
		t.Errorf("status %q %+v", r.Status, d)
	}
}

func TestInvalidURL(t *testing.T) {
	r := run1(t, httpTarget("ftp://example.com/x", normalize.HTTP, true))
	if r.Status != StatusInvalid {
		t.Errorf("status %q", r.Status)
	}
	mustDiag(t, r, "invalid-target")
}
