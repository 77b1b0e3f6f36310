package probe

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/mcpconf/mcpconf/normalize"
)

// withLimit sets one of probe's bounds for a test, so that it is reached
// in milliseconds rather than after tens of MiB.
func withLimit(t *testing.T, limit *int, v int) {
	t.Helper()
	old := *limit
	*limit = v
	t.Cleanup(func() { *limit = old })
}

// serveHTTP serves an SDK server over streamable HTTP at /mcp, in this
// process; jsonResponse makes it answer with JSON bodies rather than SSE
// streams.
func serveHTTP(t *testing.T, srv *mcp.Server, jsonResponse bool) string {
	t.Helper()
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv },
		&mcp.StreamableHTTPOptions{Stateless: true, JSONResponse: jsonResponse})
	ts := httptest.NewServer(h)
	t.Cleanup(ts.Close)
	return ts.URL + "/mcp"
}

// floodTarget is a target of a server flooding tools/list (see
// newFloodServer), over stdio or HTTP.
func floodTarget(t *testing.T, transport string, tools, desc int) Target {
	t.Helper()
	var target Target
	if transport == "stdio" {
		target = stdioTarget(t, "flood", fmt.Sprintf("%s=%d,%d", floodEnv, tools, desc))
	} else {
		target = httpTarget(serveHTTP(t, newFloodServer(tools, desc), transport == "http-json"), normalize.HTTP, true)
	}
	// Without the bounds the probe ran until this deadline.
	target.Timeout = 5 * time.Second
	return target
}

func probeBounded(t *testing.T, target Target, opts Options) (Result, time.Duration) {
	t.Helper()
	t.Cleanup(func() { assertNoSurvivors(t) })
	start := time.Now()
	r := Run(context.Background(), []Target{target}, opts)[0]
	took := time.Since(start)
	// under a second on a quiet machine; the timeout is 30 s: a third of
	// it tells a bound from the timeout on a loaded machine too
	if took > 10*time.Second {
		t.Errorf("the probe took %s: bounded only by its timeout", took)
	}
	return r, took
}

var transports = []string{"stdio", "http", "http-json"}

// A listing whose pages never end stops at the listing's size.
func TestToolsTooLarge(t *testing.T) {
	withLimit(t, &maxListingBytes, 2<<20)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			r, _ := probeBounded(t, floodTarget(t, tr, 200, 4096), Options{Tools: true})
			d := mustDiag(t, r, "tools-too-large")
			if r.Status != StatusFailed || !strings.Contains(d.Message, "over 2 MiB") {
				t.Errorf("status %q %+v", r.Status, d)
			}
			if n := len(r.Tools); n == 0 || n > 600 {
				t.Errorf("%d tools kept", n)
			}
		})
	}
}

// Tools are counted across pages.
func TestToolsTooMany(t *testing.T) {
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			r, _ := probeBounded(t, floodTarget(t, tr, 1000, 8), Options{})
			d := mustDiag(t, r, "tools-too-many")
			if r.Status != StatusFailed || !strings.Contains(d.Message, "more than 5000 tools") || len(r.Tools) != maxTools {
				t.Errorf("status %q, %d tools: %+v", r.Status, len(r.Tools), d)
			}
		})
	}
}

// Empty pages with new cursors stop at the page bound.
func TestToolsTooManyPages(t *testing.T) {
	withLimit(t, &maxToolPages, 30)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			r, _ := probeBounded(t, floodTarget(t, tr, 0, 0), Options{})
			d := mustDiag(t, r, "tools-too-many-pages")
			if r.Status != StatusFailed || !strings.Contains(d.Message, "more than 30 pages") {
				t.Errorf("status %q %+v", r.Status, d)
			}
		})
	}
}

// One message over the bound ends the read, on stdout as over HTTP (in a
// JSON body and in an SSE event).
func TestMessageTooLarge(t *testing.T) {
	withLimit(t, &maxMessageBytes, 1<<20)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			r, _ := probeBounded(t, floodTarget(t, tr, 2, 1<<20), Options{})
			d := mustDiag(t, r, "message-too-large")
			where := "on stdout"
			if tr != "stdio" {
				where = "in an answer from"
			}
			if r.Status != StatusFailed || !strings.Contains(d.Message, "over 1 MiB "+where) {
				t.Errorf("status %q %+v", r.Status, r.Diagnostics)
			}
		})
	}
}

// All a server sends in one probe is bounded, whatever the listing.
func TestOutputTooLarge(t *testing.T) {
	withLimit(t, &maxServerBytes, 3<<20)
	for _, tr := range transports {
		t.Run(tr, func(t *testing.T) {
			r, _ := probeBounded(t, floodTarget(t, tr, 100, 5000), Options{})
			d := mustDiag(t, r, "output-too-large")
			if r.Status != StatusFailed || !strings.Contains(d.Message, "over 3 MiB") {
				t.Errorf("status %q %+v", r.Status, r.Diagnostics)
			}
		})
	}
}

// newBigToolsServer lists tools each over one per-tool bound.
func newBigToolsServer() *mcp.Server {
	s := mcp.NewServer(&mcp.Implementation{Name: "big", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "seed"}, func(context.Context, *mcp.CallToolRequest, searchArgs) (*mcp.CallToolResult, any, error) {
		return &mcp.CallToolResult{}, nil, nil
	})
	props := map[string]any{}
	for i := range 3000 {
		props["field_"+strconv.Itoa(i)] = map[string]any{"type": "string", "description": strings.Repeat("d", 80)}
	}
	tools := []*mcp.Tool{
		{Name: "long", Description: strings.Repeat("a long description ", 2000), InputSchema: map[string]any{"type": "object"}},
		{Name: "huge", Description: "a huge schema", InputSchema: map[string]any{"type": "object", "properties": props}},
		{Name: "titled", Title: strings.Repeat("T", 2000), InputSchema: map[string]any{"type": "object"}},
		{Name: "fine", Description: "fine", InputSchema: map[string]any{"type": "object"}},
	}
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method == "tools/list" {
				return &mcp.ListToolsResult{Tools: tools}, nil
			}
			return next(ctx, method, req)
		}
	})
	return s
}

// Each tool's description, title and schema are kept within bounds, and
// each cut is said.
func TestToolFieldBounds(t *testing.T) {
	target := httpTarget(serveHTTP(t, newBigToolsServer(), false), normalize.HTTP, true)
	results := Run(context.Background(), []Target{target}, Options{Tools: true})
	Check(results, nil)
	r := results[0]
	if r.Status != StatusOK || len(r.Tools) != 4 {
		t.Fatalf("status %q, %d tools: %+v", r.Status, len(r.Tools), r.Diagnostics)
	}
	byName := map[string]Tool{}
	for _, tl := range r.Tools {
		byName[tl.Name] = tl
	}
	if d := byName["long"].Description; len(d) > maxDescriptionBytes+len("…") || !strings.HasSuffix(d, "…") {
		t.Errorf("description of %d bytes kept", len(d))
	}
	if n := len(byName["titled"].Title); n > maxNameBytes+len("…") {
		t.Errorf("title of %d bytes kept", n)
	}
	if s := string(byName["huge"].InputSchema); len(s) > 1000 || !strings.Contains(s, `"type":"object"`) || !strings.Contains(s, "did not keep this input schema") {
		t.Errorf("schema kept: %.200s", s)
	}
	if byName["fine"].Description != "fine" {
		t.Errorf("a short description is kept whole: %+v", byName["fine"])
	}
	var cuts []string
	for _, d := range r.Diagnostics {
		if d.Rule == "tool-field-cut" {
			cuts = append(cuts, d.Message)
		}
	}
	if len(cuts) != 2 || !strings.Contains(strings.Join(cuts, "\n"), `the title of tool "titled" is over 1 KiB`) ||
		!strings.Contains(strings.Join(cuts, "\n"), `the description of tool "long" is over 16 KiB`) {
		t.Errorf("cuts %q", cuts)
	}
	if d := mustDiag(t, r, "tool-schema-too-large"); !strings.Contains(d.Message, `tool "huge"`) {
		t.Errorf("%+v", d)
	}
	if d := findDiag(r, "tool-schema-invalid"); d != nil {
		t.Errorf("the stand-in of a schema not kept is valid: %+v", d)
	}
}

// Resources (and prompts) are only counted, but their pages are bounded
// too.
func TestCountPagesBound(t *testing.T) {
	withLimit(t, &maxListPages, 20)
	s := newTestServer("ok")
	s.AddReceivingMiddleware(func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "resources/list" {
				return next(ctx, method, req)
			}
			page := 0
			if lr, ok := req.(*mcp.ListResourcesRequest); ok && lr.Params != nil {
				page, _ = strconv.Atoi(lr.Params.Cursor)
			}
			return &mcp.ListResourcesResult{NextCursor: strconv.Itoa(page + 1),
				Resources: []*mcp.Resource{{URI: fmt.Sprintf("test://%d", page), Name: "r"}}}, nil
		}
	})
	target := httpTarget(serveHTTP(t, s, true), normalize.HTTP, true)
	target.Timeout = 5 * time.Second
	r, _ := probeBounded(t, target, Options{})
	d := mustDiag(t, r, "list-failed")
	if r.Status != StatusOK || !strings.Contains(d.Message, "more than 20 pages") || r.Resources != nil {
		t.Errorf("status %q resources %v %+v", r.Status, r.Resources, d)
	}
}

// A bound reached during the handshake fails it, and says so.
func TestHandshakeMessageTooLarge(t *testing.T) {
	withLimit(t, &maxMessageBytes, 1<<20)
	name := strings.Repeat("n", 2<<20)
	for _, tr := range []string{"stdio", "http"} {
		t.Run(tr, func(t *testing.T) {
			target := stdioTarget(t, "bigname", fmt.Sprintf("%s=0,%d", floodEnv, len(name)))
			if tr == "http" {
				s := mcp.NewServer(&mcp.Implementation{Name: name, Version: "1"}, nil)
				target = httpTarget(serveHTTP(t, s, false), normalize.HTTP, true)
			}
			r, _ := probeBounded(t, target, Options{})
			mustDiag(t, r, "message-too-large")
			if r.Status != StatusFailed || r.Server.Name != "" {
				t.Errorf("status %q server %.20q: %+v", r.Status, r.Server.Name, r.Diagnostics)
			}
		})
	}
}
