package probe

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// authFixture is a protected MCP server (rs) and its authorization server
// (as), both serving their metadata documents, as the tests set them.
type authFixture struct {
	rs, as *httptest.Server

	status    int    // what /mcp answers: 401 or 403
	challenge string // WWW-Authenticate of that answer; "" for none
	// prmAt maps paths of rs to the protected resource metadata served
	// there; a func so documents can name the servers' URLs.
	prmAt map[string]func() map[string]any
	// asAt maps paths of as to the authorization server metadata.
	asAt map[string]func() map[string]any

	mu       sync.Mutex
	metaAuth []string // Authorization headers seen by the metadata endpoints
}

func newAuthFixture(t *testing.T) *authFixture {
	t.Helper()
	f := &authFixture{status: http.StatusUnauthorized, prmAt: map[string]func() map[string]any{}, asAt: map[string]func() map[string]any{}}
	serve := func(docs map[string]func() map[string]any) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			f.mu.Lock()
			f.metaAuth = append(f.metaAuth, r.Header.Get("Authorization"))
			f.mu.Unlock()
			doc, ok := docs[r.URL.Path]
			if !ok {
				http.NotFound(w, r)
				return
			}
			w.Header().Set("Content-Type", "application/json")
			json.NewEncoder(w).Encode(doc())
		})
	}
	f.as = httptest.NewServer(serve(f.asAt))
	t.Cleanup(f.as.Close)
	meta := serve(f.prmAt)
	f.rs = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/mcp" {
			meta.ServeHTTP(w, r)
			return
		}
		if f.challenge != "" {
			w.Header().Set("WWW-Authenticate", f.challenge)
		}
		http.Error(w, http.StatusText(f.status), f.status)
	}))
	t.Cleanup(f.rs.Close)
	// The healthy setup; tests change what they need.
	f.challenge = `Bearer resource_metadata="` + f.rs.URL + `/.well-known/oauth-protected-resource/mcp", scope="files:read files:write"`
	f.prmAt["/.well-known/oauth-protected-resource/mcp"] = func() map[string]any {
		return map[string]any{"resource": f.rs.URL + "/mcp", "authorization_servers": []string{f.as.URL}, "scopes_supported": []string{"files:read", "files:write"}}
	}
	f.asAt["/.well-known/oauth-authorization-server"] = func() map[string]any { return f.asDoc(f.as.URL) }
	return f
}

func (f *authFixture) asDoc(issuer string) map[string]any {
	return map[string]any{
		"issuer":                           issuer,
		"authorization_endpoint":           f.as.URL + "/authorize",
		"token_endpoint":                   f.as.URL + "/token",
		"registration_endpoint":            f.as.URL + "/register",
		"response_types_supported":         []string{"code"},
		"code_challenge_methods_supported": []string{"S256"},
	}
}

func (f *authFixture) probe(t *testing.T, headers map[string]string) Result {
	t.Helper()
	target := httpTarget(f.rs.URL+"/mcp", normalize.HTTP, true)
	target.Headers = headers
	return run1(t, target)
}

func ruleIDs(r Result) []string {
	var out []string
	for _, d := range r.Diagnostics {
		out = append(out, string(d.Rule))
	}
	slices.Sort(out)
	return out
}

func TestAuthDiscovery(t *testing.T) {
	f := newAuthFixture(t)
	r := f.probe(t, nil)
	if r.Status != StatusNeedsAuth || r.Reason != "authorization required" {
		t.Fatalf("status %q reason %q", r.Status, r.Reason)
	}
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-required"}) {
		t.Errorf("a well-configured server gives %q, want only auth-required: %+v", got, r.Diagnostics)
	}
	a := r.Auth
	if a == nil || a.Status != 401 || a.Scope != "files:read files:write" || len(a.Challenges) != 1 || a.Challenges[0].Scheme != "bearer" {
		t.Fatalf("auth %+v", a)
	}
	m := a.ResourceMetadata
	if m == nil || m.Source != "WWW-Authenticate" || m.Resource != f.rs.URL+"/mcp" || !slices.Equal(m.AuthorizationServers, []string{f.as.URL}) || len(m.ScopesSupported) != 2 {
		t.Errorf("resource metadata %+v", m)
	}
	s := a.AuthServer
	if s == nil || s.Issuer != f.as.URL || s.Kind != "oauth" || s.TokenEndpoint != f.as.URL+"/token" ||
		s.RegistrationEndpoint != f.as.URL+"/register" || !slices.Equal(s.CodeChallengeMethods, []string{"S256"}) {
		t.Errorf("authorization server %+v", s)
	}
	// The URL WWW-Authenticate names is the path-inserted one: asked once.
	if len(a.Fetches) != 2 || a.Fetches[0].Status != 200 || a.Fetches[1].Status != 200 {
		t.Errorf("fetches %+v", a.Fetches)
	}
}

func TestAuthMetadataNeverGetsTheHeaders(t *testing.T) {
	f := newAuthFixture(t)
	r := f.probe(t, map[string]string{"Authorization": "Bearer expired-token-1234"})
	if r.Status != StatusNeedsAuth || findDiag(r, "auth-rejected") == nil {
		t.Fatalf("status %q %+v", r.Status, r.Diagnostics)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if len(f.metaAuth) == 0 {
		t.Fatal("no metadata was fetched")
	}
	for _, h := range f.metaAuth {
		if h != "" {
			t.Errorf("a metadata request carried Authorization %q", h)
		}
	}
}

func TestAuthNoChallengeFallsBackToRoot(t *testing.T) {
	f := newAuthFixture(t)
	f.challenge = ""
	delete(f.prmAt, "/.well-known/oauth-protected-resource/mcp")
	f.prmAt["/.well-known/oauth-protected-resource"] = func() map[string]any {
		return map[string]any{"resource": f.rs.URL, "authorization_servers": []string{f.as.URL}}
	}
	r := f.probe(t, nil)
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-no-challenge", "auth-required"}) {
		t.Errorf("rules %q: %+v", got, r.Diagnostics)
	}
	m := r.Auth.ResourceMetadata
	if m == nil || m.Source != "well-known root" || m.URL != f.rs.URL+"/.well-known/oauth-protected-resource" {
		t.Fatalf("resource metadata %+v", m)
	}
	if fe := r.Auth.Fetches[0]; fe.URL != f.rs.URL+"/.well-known/oauth-protected-resource/mcp" || fe.Status != 404 {
		t.Errorf("the path-inserted URL is tried first: %+v", r.Auth.Fetches)
	}
	if r.Auth.AuthServer == nil {
		t.Error("no authorization server metadata")
	}
}

func TestAuthResourceMismatch(t *testing.T) {
	f := newAuthFixture(t)
	f.prmAt["/.well-known/oauth-protected-resource/mcp"] = func() map[string]any {
		return map[string]any{"resource": f.rs.URL + "/mcp/", "authorization_servers": []string{f.as.URL}}
	}
	r := f.probe(t, nil)
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-required", "auth-resource-mismatch"}) {
		t.Errorf("rules %q", got)
	}
	d := mustDiag(t, r, "auth-resource-mismatch")
	if !strings.Contains(d.Message, `names resource "`+f.rs.URL+`/mcp/"`) || !strings.Contains(d.Hint, "trailing slash") {
		t.Errorf("%+v", d)
	}
	// The document is still summarized, and the authorization server
	// behind it read.
	if r.Auth.ResourceMetadata == nil || r.Auth.AuthServer == nil {
		t.Errorf("auth %+v", r.Auth)
	}
}

func TestAuthIssuerMismatch(t *testing.T) {
	f := newAuthFixture(t)
	f.asAt["/.well-known/oauth-authorization-server"] = func() map[string]any { return f.asDoc("https://login.example.com") }
	r := f.probe(t, nil)
	d := mustDiag(t, r, "auth-issuer-mismatch")
	if !strings.Contains(d.Message, `names issuer "https://login.example.com"`) {
		t.Errorf("%+v", d)
	}
	if findDiag(r, "auth-metadata-rejected") != nil {
		t.Errorf("the SDK's refusal is explained by the mismatch and not repeated: %+v", r.Diagnostics)
	}
}

func TestAuthNoPKCENoRegistration(t *testing.T) {
	f := newAuthFixture(t)
	f.asAt["/.well-known/oauth-authorization-server"] = func() map[string]any {
		doc := f.asDoc(f.as.URL)
		doc["code_challenge_methods_supported"] = []string{"plain"}
		delete(doc, "registration_endpoint")
		return doc
	}
	r := f.probe(t, nil)
	if d := mustDiag(t, r, "auth-no-pkce-s256"); !strings.Contains(d.Message, `"plain" but not "S256"`) {
		t.Errorf("%+v", d)
	}
	mustDiag(t, r, "auth-no-registration")

	// Client ID metadata documents are a way to register.
	f.asAt["/.well-known/oauth-authorization-server"] = func() map[string]any {
		doc := f.asDoc(f.as.URL)
		delete(doc, "registration_endpoint")
		doc["client_id_metadata_document_supported"] = true
		return doc
	}
	r = f.probe(t, nil)
	if findDiag(r, "auth-no-registration") != nil || !r.Auth.AuthServer.ClientIDMetadataDocument {
		t.Errorf("%+v", r.Diagnostics)
	}
}

func TestAuthServerWithPathAndOpenID(t *testing.T) {
	f := newAuthFixture(t)
	issuer := func() string { return f.as.URL + "/tenant1" }
	f.prmAt["/.well-known/oauth-protected-resource/mcp"] = func() map[string]any {
		return map[string]any{"resource": f.rs.URL + "/mcp", "authorization_servers": []string{issuer()}}
	}
	delete(f.asAt, "/.well-known/oauth-authorization-server")
	f.asAt["/.well-known/openid-configuration/tenant1"] = func() map[string]any { return f.asDoc(issuer()) }
	r := f.probe(t, nil)
	s := r.Auth.AuthServer
	if s == nil || s.Kind != "openid" || s.MetadataURL != f.as.URL+"/.well-known/openid-configuration/tenant1" {
		t.Fatalf("authorization server %+v, fetches %+v", s, r.Auth.Fetches)
	}
	if first := r.Auth.Fetches[1]; first.URL != f.as.URL+"/.well-known/oauth-authorization-server/tenant1" || first.Status != 404 {
		t.Errorf("RFC 8414 path insertion comes first: %+v", r.Auth.Fetches)
	}
}

func TestAuthBrokenMetadata(t *testing.T) {
	f := newAuthFixture(t)
	f.prmAt["/.well-known/oauth-protected-resource/mcp"] = func() map[string]any {
		return map[string]any{"resource": f.rs.URL + "/mcp"}
	}
	r := f.probe(t, nil)
	mustDiag(t, r, "auth-no-authorization-servers")

	// Nothing anywhere: no challenge, no metadata.
	g := newAuthFixture(t)
	g.challenge = ""
	clear(g.prmAt)
	clear(g.asAt)
	r = g.probe(t, nil)
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-no-challenge", "auth-no-resource-metadata", "auth-required", "auth-server-metadata-missing"}) {
		t.Errorf("rules %q: %+v", got, r.Diagnostics)
	}
	if d := mustDiag(t, r, "auth-no-resource-metadata"); !strings.Contains(d.Hint, g.rs.URL) {
		t.Errorf("the hint names the origin clients fall back to: %+v", d)
	}
}

func TestInsufficientScope(t *testing.T) {
	f := newAuthFixture(t)
	f.status = http.StatusForbidden
	f.challenge = `Bearer error="insufficient_scope", scope="admin:write", resource_metadata="` + f.rs.URL + `/.well-known/oauth-protected-resource/mcp"`
	r := f.probe(t, map[string]string{"Authorization": "Bearer good-but-narrow-1234"})
	d := mustDiag(t, r, "auth-insufficient-scope")
	if r.Status != StatusNeedsAuth || !strings.Contains(d.Message, `scope "admin:write"`) {
		t.Errorf("status %q %+v", r.Status, d)
	}
	if r.Auth.ResourceMetadata == nil {
		t.Error("the metadata is read on insufficient_scope too")
	}
}

func TestBasicChallenge(t *testing.T) {
	f := newAuthFixture(t)
	f.challenge = `Basic realm="internal"`
	r := f.probe(t, nil)
	if r.Status != StatusNeedsAuth || r.Auth.ResourceMetadata != nil || len(r.Auth.Fetches) != 0 {
		t.Errorf("a Basic challenge has no OAuth metadata to read: %+v", r.Auth)
	}
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-required"}) {
		t.Errorf("rules %q", got)
	}
	if d := mustDiag(t, r, "auth-required"); !strings.Contains(d.Message, `requires "basic" authentication`) || !strings.Contains(d.Hint, "Authorization header") {
		t.Errorf("%+v", d)
	}
}

// A metadata URL the SDK will not fetch but mcpconf's policy allows is
// still read, and the SDK's refusal reported. The SDK counts as loopback
// only "localhost" and loopback literals, so it refuses plain http to
// "LOCALHOST", which resolves to loopback: allowed for a server on
// loopback, and checked again when dialed.
func TestAuthMetadataRefusedBySDK(t *testing.T) {
	f := newAuthFixture(t)
	upper := strings.Replace(f.rs.URL, "127.0.0.1", "LOCALHOST", 1)
	f.challenge = `Bearer resource_metadata="` + upper + `/.well-known/oauth-protected-resource/mcp"`
	r := f.probe(t, nil)
	d := mustDiag(t, r, "auth-metadata-rejected")
	if d.Severity != normalize.Warning || !strings.Contains(d.Message, "refuses to fetch") {
		t.Errorf("%+v", d)
	}
	if got := ruleIDs(r); !slices.Equal(got, []string{"auth-metadata-rejected", "auth-required"}) {
		t.Errorf("rules %q", got)
	}
	// It was read, and, as SDK clients do, the search went on to the
	// well-known URL, which they accept.
	if fe := r.Auth.Fetches[0]; fe.Status != 200 || fe.Error != "refused by the SDK" {
		t.Errorf("first fetch %+v", fe)
	}
	if m := r.Auth.ResourceMetadata; m == nil || m.Source != "well-known path" || r.Auth.AuthServer == nil {
		t.Errorf("auth %+v", r.Auth)
	}
}

// A 401 after resolution dropped a header points at the dropped header.
func TestAuthAfterDroppedHeader(t *testing.T) {
	f := newAuthFixture(t)
	target := httpTarget(f.rs.URL+"/mcp", normalize.HTTP, true)
	target.Notes = []normalize.Diagnostic{{Rule: "undefined-variable", Severity: normalize.Warning,
		Message: `header "Authorization" dropped: variable "LINEAR_TOKEN" is not set`}}
	r := run1(t, target)
	d := mustDiag(t, r, "auth-required")
	if !strings.Contains(d.Hint, "dropped") {
		t.Errorf("hint %q", d.Hint)
	}
	if r.Diagnostics[0].Rule != "undefined-variable" {
		t.Errorf("the resolution note comes first: %+v", r.Diagnostics)
	}
}
