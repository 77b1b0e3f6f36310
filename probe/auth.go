package probe

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"github.com/mcpconf/mcpconf/normalize"
)

// AuthInfo summarizes what a server asked for when it refused the probe
// (401, or 403 with insufficient_scope), and what its OAuth metadata
// says. probe never runs the OAuth flow: it only reads public metadata.
type AuthInfo struct {
	Status     int         // 401 or 403
	Challenges []Challenge // the WWW-Authenticate header, parsed
	Scope      string      // the scope the challenge asks for, if any
	Error      string      // the challenge's error parameter: invalid_token, insufficient_scope, …
	// ResourceMetadata is the protected resource metadata (RFC 9728)
	// found, nil when none answered.
	ResourceMetadata *ResourceMetadata
	// AuthServer is the metadata of the first authorization server,
	// nil when none was found.
	AuthServer *AuthServer
	// Fetches lists every metadata URL tried, in order.
	Fetches []Fetch
}

// Challenge is one challenge of a WWW-Authenticate header.
type Challenge struct {
	Scheme string            // lower case: bearer, basic, …
	Params map[string]string // lower-case keys
}

// Fetch is one metadata request.
type Fetch struct {
	What   string // "protected resource metadata (WWW-Authenticate)", …
	URL    string
	Status int    // 0 when no answer
	Error  string // why it was not used, "" when it was
}

// ResourceMetadata summarizes RFC 9728 protected resource metadata.
type ResourceMetadata struct {
	URL                  string // where it answered
	Source               string // "WWW-Authenticate", "well-known path" or "well-known root"
	Resource             string
	AuthorizationServers []string
	ScopesSupported      []string
	ResourceName         string
}

// AuthServer summarizes authorization server metadata.
type AuthServer struct {
	Issuer                   string
	MetadataURL              string
	Kind                     string // "oauth" (RFC 8414) or "openid" (OpenID Connect discovery)
	AuthorizationEndpoint    string
	TokenEndpoint            string
	RegistrationEndpoint     string
	CodeChallengeMethods     []string
	ScopesSupported          []string
	GrantTypes               []string
	ClientIDMetadataDocument bool
}

// metadataTimeout bounds each metadata request within the probe's own
// deadline.
const metadataTimeout = 10 * time.Second

// explainAuth handles a 401 or 403: the status, the challenge, and the
// OAuth metadata a client would use to sign in.
func (p *prober) explainAuth(ctx context.Context, a *attempt) {
	ar := a.rec.auth()
	info := &AuthInfo{Status: ar.status}
	p.result.Auth = info

	challenges, perr := oauthex.ParseWWWAuthenticate(ar.challenges)
	for _, c := range challenges {
		info.Challenges = append(info.Challenges, Challenge{Scheme: c.Scheme, Params: c.Params})
	}
	var bearer *oauthex.Challenge
	for i := range challenges {
		if challenges[i].Scheme == "bearer" {
			bearer = &challenges[i]
			break
		}
	}
	if bearer != nil {
		info.Scope, info.Error = bearer.Params["scope"], bearer.Params["error"]
	}

	// The status and the main finding.
	switch {
	case ar.status == http.StatusForbidden && info.Error == "insufficient_scope":
		msg := "the token lacks a scope the server requires (403 insufficient_scope)"
		if info.Scope != "" {
			msg = fmt.Sprintf("the token lacks scope %q, which the server asks for (403 insufficient_scope)", info.Scope)
		}
		p.fail(StatusNeedsAuth, "insufficient scope", diag(normalize.RuleAuthInsufficientScope, normalize.Error, msg,
			"sign in again with the client so that it asks for that scope; mcpconf never opens a browser"))
	case ar.status == http.StatusForbidden:
		msg := fmt.Sprintf("%q answered 403 %q", p.mask.cut(ar.url, 200), "Forbidden")
		if p.redirected(ar.url) {
			msg = fmt.Sprintf("%q, where %q redirects, answered 403 %q", p.mask.cut(ar.url, 200), p.t.URL, "Forbidden")
		}
		if ar.snippet != "" {
			msg += ": " + ar.snippet
		}
		hint := "the credentials are valid but not allowed here, or the server restricts clients by address"
		if strings.Contains(strings.ToLower(ar.snippet), "host") {
			hint = "the server rejects the Host header (DNS rebinding protection): use the host name it expects (localhost vs 127.0.0.1)"
		}
		p.fail(StatusFailed, "forbidden", diag(normalize.RuleHTTPForbidden, normalize.Error, msg, hint))
		return
	case ar.sentAuthHeader:
		msg := "the server rejected the Authorization header that was sent (401)"
		if info.Error != "" {
			msg = fmt.Sprintf("the server rejected the Authorization header that was sent (401, error %q)", info.Error)
			if d := bearer.Params["error_description"]; d != "" {
				msg += fmt.Sprintf(": %q", p.mask.cut(d, 200))
			}
		}
		p.fail(StatusNeedsAuth, "credentials rejected", diag(normalize.RuleAuthRejected, normalize.Error, msg,
			"the token may be expired, revoked or meant for another server: get a new one"))
	default:
		msg := "the server requires authorization (401) and no credentials were sent"
		hint := "sign in with the client, which runs the OAuth flow in a browser (mcpconf never does), or configure an Authorization header"
		if len(challenges) > 0 && bearer == nil {
			// Not OAuth (Basic, a custom scheme): nothing to sign in to.
			msg = fmt.Sprintf("the server requires %q authentication (401) and no credentials were sent", challenges[0].Scheme)
			hint = "configure the credentials as an Authorization header"
		}
		if p.droppedHeaderNote() {
			hint = "a header of this server was dropped because its value could not be resolved (see the other findings): set the variable it reads"
		}
		if p.redirected(ar.url) {
			msg = fmt.Sprintf("%q, where %q redirects, requires authorization (401) and no credentials were sent", p.mask.cut(ar.url, 200), p.t.URL)
			if u, err := url.Parse(ar.url); err == nil && !sameOrigin(u, p.net.configuredURL()) && len(p.t.Headers) > 0 {
				msg = fmt.Sprintf("%q, where %q redirects, requires authorization (401); the configured headers were not sent to that origin", p.mask.cut(ar.url, 200), p.t.URL)
				hint = "if the server moved there, put its URL in the config: mcpconf never sends configured credentials to another origin"
			}
		}
		p.fail(StatusNeedsAuth, "authorization required", diag(normalize.RuleAuthRequired, normalize.Error, msg, hint))
	}

	// The challenge itself.
	switch {
	case perr != nil:
		p.add(diag(normalize.RuleAuthChallengeInvalid, normalize.Warning,
			fmt.Sprintf("the WWW-Authenticate header %s cannot be parsed: %s", p.mask.quote([]byte(strings.Join(ar.challenges, ", ")), 200), p.mask.errText(perr)),
			"clients cannot read the resource metadata URL or scope from it; it must follow RFC 9110 §11.6.1"))
	case len(ar.challenges) == 0 && ar.status == http.StatusUnauthorized:
		p.add(diag(normalize.RuleAuthNoChallenge, normalize.Warning,
			"the server answered 401 without a WWW-Authenticate header",
			"MCP servers must name their protected resource metadata there (RFC 9728 §5.1); clients fall back to the well-known URLs"))
	case len(challenges) > 0 && bearer == nil:
		return // not OAuth: there is no metadata to read
	}
	if ar.status == http.StatusUnauthorized || info.Error == "insufficient_scope" {
		d := &discovery{p: p, ctx: ctx, info: info, client: newMetadataClient(p.net)}
		resourceMetadataURL := ""
		if bearer != nil {
			resourceMetadataURL = bearer.Params["resource_metadata"]
		}
		d.run(p.t.URL, resourceMetadataURL)
	}
}

// droppedHeaderNote reports whether resolution dropped a header of this
// server (a note about a header whose value could not be resolved).
func (p *prober) droppedHeaderNote() bool {
	for _, n := range p.t.Notes {
		m := strings.ToLower(n.Message + " " + string(n.Rule))
		if strings.Contains(m, "header") && n.Severity >= normalize.Warning {
			return true
		}
	}
	return false
}

// discovery reads the OAuth metadata of a server the way an MCP client
// does (the MCP authorization spec, as the Go SDK's auth package
// implements it), reporting every deviation instead of stopping at the
// first.
type discovery struct {
	p      *prober
	ctx    context.Context
	info   *AuthInfo
	client *metadataClient
}

type prmCandidate struct {
	url, resource, source string
}

// prmCandidates are the URLs where protected resource metadata may be,
// in the order clients try them: the one WWW-Authenticate names, then the
// well-known URL with the endpoint's path inserted, then the root one
// (whose resource is the origin).
func prmCandidates(headerURL, serverURL string) []prmCandidate {
	var out []prmCandidate
	if headerURL != "" {
		out = append(out, prmCandidate{headerURL, serverURL, "WWW-Authenticate"})
	}
	ru, err := url.Parse(serverURL)
	if err != nil {
		return out
	}
	mu := *ru
	mu.RawQuery, mu.Fragment = "", ""
	if p := strings.TrimLeft(ru.Path, "/"); p != "" {
		mu.Path = "/.well-known/oauth-protected-resource/" + p
		mu.RawPath = ""
		out = append(out, prmCandidate{mu.String(), serverURL, "well-known path"})
	}
	mu.Path, mu.RawPath = "/.well-known/oauth-protected-resource", ""
	origin := *ru
	origin.Path, origin.RawPath, origin.RawQuery, origin.Fragment = "", "", "", ""
	out = append(out, prmCandidate{mu.String(), origin.String(), "well-known root"})
	// WWW-Authenticate usually names one of the well-known URLs: ask once.
	for i := 1; i < len(out); i++ {
		if out[i].url == out[0].url && out[i].resource == out[0].resource {
			out = slices.Delete(out, i, i+1)
			break
		}
	}
	return out
}

type asCandidate struct{ url, kind string }

// asCandidates are the authorization server metadata URLs for an issuer:
// RFC 8414 (with path insertion), then OpenID Connect discovery (path
// insertion, then path appending), as the MCP spec orders them.
func asCandidates(issuer string) []asCandidate {
	u, err := url.Parse(issuer)
	if err != nil || u.Host == "" {
		return nil
	}
	u.RawQuery, u.Fragment, u.RawPath = "", "", ""
	p := strings.Trim(u.Path, "/")
	at := func(path string) string {
		c := *u
		c.Path = path
		return c.String()
	}
	if p == "" {
		return []asCandidate{
			{at("/.well-known/oauth-authorization-server"), "oauth"},
			{at("/.well-known/openid-configuration"), "openid"},
		}
	}
	return []asCandidate{
		{at("/.well-known/oauth-authorization-server/" + p), "oauth"},
		{at("/.well-known/openid-configuration/" + p), "openid"},
		{at("/" + p + "/.well-known/openid-configuration"), "openid"},
	}
}

func (d *discovery) fetchCtx() (context.Context, context.CancelFunc) {
	return context.WithTimeout(d.ctx, remaining(d.ctx, metadataTimeout))
}

func (d *discovery) run(serverURL, headerURL string) {
	prm := d.resourceMetadata(serverURL, headerURL)
	var issuer string
	switch {
	case prm == nil:
		// The 2025-03-26 rule that clients still follow: without resource
		// metadata, the server's origin is the authorization server.
		u, err := url.Parse(serverURL)
		if err != nil {
			return
		}
		u.Path, u.RawPath, u.RawQuery, u.Fragment = "", "", "", ""
		issuer = u.String()
	case len(prm.AuthorizationServers) == 0:
		return
	default:
		issuer = prm.AuthorizationServers[0]
	}
	d.authServer(issuer, prm == nil)
}

func (d *discovery) resourceMetadata(serverURL, headerURL string) *ResourceMetadata {
	var (
		chosen   *ResourceMetadata
		rejected *ResourceMetadata // the first document found, if none was accepted
		tried    []string
	)
	for _, c := range prmCandidates(headerURL, serverURL) {
		what := "protected resource metadata (" + c.source + ")"
		fetch := Fetch{What: what, URL: c.url}
		tried = append(tried, c.url)
		named := fmt.Sprintf("the server points its metadata at %q", d.p.mask.cut(c.url, 200))
		if d.refuse(&fetch, named, d.client.check(c.url)) {
			// As SDK clients go on when a URL fails, so does probe.
			continue
		}
		ctx, cancel := d.fetchCtx()
		prm, err := oauthex.GetProtectedResourceMetadata(metadataCtx(ctx, c.url), c.url, c.resource, d.client.http)
		f, refused := d.lookAt(ctx, c.url, err)
		cancel()
		if d.refuse(&fetch, named, d.client.takeRefusal()) {
			continue
		}
		if f != nil {
			fetch.Status = f.status
		}
		switch {
		case err == nil && prm != nil:
			d.info.Fetches = append(d.info.Fetches, fetch)
			chosen = summarizePRM(prm, c)
		case f == nil || f.err != nil:
			fetch.Error = "no answer"
			if f != nil {
				fetch.Error = d.p.mask.errText(f.err)
			} else if err != nil {
				fetch.Error = sdkReason(d.p.mask, err)
			}
			d.info.Fetches = append(d.info.Fetches, fetch)
		case f.status != http.StatusOK:
			fetch.Error = statusText(f.status)
			d.info.Fetches = append(d.info.Fetches, fetch)
		default:
			var doc oauthex.ProtectedResourceMetadata
			if derr := f.decode(&doc); derr != nil {
				fetch.Error = derr.Error()
				d.info.Fetches = append(d.info.Fetches, fetch)
				d.p.add(diag(normalize.RuleAuthMetadataInvalid, normalize.Error,
					fmt.Sprintf("the %s at %q is not valid: %s", what, c.url, derr),
					"it must be a JSON object served as application/json (RFC 9728 §3)"))
				continue
			}
			fetch.Error = "rejected"
			if refused {
				fetch.Error = "refused by the SDK"
			}
			d.info.Fetches = append(d.info.Fetches, fetch)
			if doc.Resource != c.resource {
				hint := "the resource must be exactly the server's URL (RFC 9728 §3.3); clients reject the document"
				if strings.TrimSuffix(doc.Resource, "/") == strings.TrimSuffix(c.resource, "/") {
					hint = "they differ only in a trailing slash, which is enough for clients to reject the document (RFC 9728 §3.3)"
				}
				d.p.add(diag(normalize.RuleAuthResourceMismatch, normalize.Error,
					fmt.Sprintf("the protected resource metadata at %q names resource %q, but the server URL is %q", c.url, doc.Resource, c.resource), hint))
			} else if err != nil && !refused {
				d.p.add(diag(normalize.RuleAuthMetadataRejected, normalize.Error,
					fmt.Sprintf("the MCP Go SDK rejects the %s at %q: %s", what, c.url, sdkReason(d.p.mask, err)),
					"fix the document; clients built on the official SDKs will not use it"))
			}
			if rejected == nil {
				rejected = summarizePRM(&doc, c)
			}
		}
		if chosen != nil {
			break
		}
	}
	if chosen == nil {
		chosen = rejected
	}
	if chosen == nil {
		u, _ := url.Parse(serverURL)
		origin := ""
		if u != nil {
			origin = u.Scheme + "://" + u.Host
		}
		d.p.add(diag(normalize.RuleAuthNoResourceMetadata, normalize.Warning,
			fmt.Sprintf("no protected resource metadata at %s", quoteList(tried)),
			fmt.Sprintf("publish it (RFC 9728) and name it in WWW-Authenticate; meanwhile clients fall back to the 2025-03-26 rule and use %q as the authorization server", origin)))
		return nil
	}
	d.info.ResourceMetadata = chosen
	if len(chosen.AuthorizationServers) == 0 {
		d.p.add(diag(normalize.RuleAuthNoAuthorizationServers, normalize.Error,
			fmt.Sprintf("the protected resource metadata at %q lists no authorization_servers", chosen.URL),
			"list the issuer URL of the authorization server; without it clients cannot sign in"))
	}
	return chosen
}

func summarizePRM(m *oauthex.ProtectedResourceMetadata, c prmCandidate) *ResourceMetadata {
	return &ResourceMetadata{URL: c.url, Source: c.source, Resource: m.Resource,
		AuthorizationServers: m.AuthorizationServers, ScopesSupported: m.ScopesSupported, ResourceName: m.ResourceName}
}

func (d *discovery) authServer(issuer string, fallback bool) {
	what := "authorization server metadata"
	var (
		asm   *oauthex.AuthServerMeta
		found *asCandidate
		sdk   error
		tried []string
	)
	named := fmt.Sprintf("the protected resource metadata names authorization server %q", d.p.mask.cut(issuer, 200))
	if fallback {
		named = fmt.Sprintf("the server's origin %q is the authorization server", d.p.mask.cut(issuer, 200))
	}
	for _, c := range asCandidates(issuer) {
		tried = append(tried, c.url)
		fetch := Fetch{What: what + " (" + kindName(c.kind) + ")", URL: c.url}
		if d.refuse(&fetch, named, d.client.check(c.url)) {
			return // every candidate is on the same host
		}
		ctx, cancel := d.fetchCtx()
		meta, err := oauthex.GetAuthServerMeta(metadataCtx(ctx, c.url), c.url, issuer, d.client.http)
		f, refused := d.lookAt(ctx, c.url, err)
		if refused {
			err = nil
			if f != nil && f.err == nil && f.status == http.StatusOK {
				err = errRefused
			}
		}
		cancel()
		if d.refuse(&fetch, named, d.client.takeRefusal()) {
			return // an error ends the search, as it does in the SDK's client
		}
		if f != nil {
			fetch.Status = f.status
		}
		if err == nil && meta != nil {
			asm, found = meta, &c
			d.info.Fetches = append(d.info.Fetches, fetch)
			break
		}
		if err == nil {
			fetch.Error = "not found"
			if f != nil && f.status != 0 {
				fetch.Error = statusText(f.status)
			}
			d.info.Fetches = append(d.info.Fetches, fetch)
			continue
		}
		// An error ends the search, as it does in the SDK's client; a
		// document that answered is still read to say what is wrong.
		if f != nil && f.err == nil && f.status == http.StatusOK {
			var doc oauthex.AuthServerMeta
			if derr := f.decode(&doc); derr != nil {
				fetch.Error = derr.Error()
				d.info.Fetches = append(d.info.Fetches, fetch)
				d.p.add(diag(normalize.RuleAuthMetadataInvalid, normalize.Error,
					fmt.Sprintf("the %s at %q is not valid: %s", what, c.url, derr),
					"it must be a JSON object served as application/json (RFC 8414 §3)"))
				return
			}
			fetch.Error = "rejected"
			asm, found, sdk = &doc, &c, err
		} else {
			fetch.Error = sdkReason(d.p.mask, err)
			if f != nil && f.err != nil {
				fetch.Error = d.p.mask.errText(f.err)
			}
		}
		d.info.Fetches = append(d.info.Fetches, fetch)
		break
	}
	if asm == nil {
		hint := "publish RFC 8414 metadata at /.well-known/oauth-authorization-server (or OpenID Connect discovery); clients cannot sign in without it"
		if fallback {
			hint = "with no protected resource metadata either, clients have no way to find where to sign in"
		}
		d.p.add(diag(normalize.RuleAuthServerMetadataMissing, normalize.Error,
			fmt.Sprintf("no authorization server metadata for issuer %q at %s", issuer, quoteList(tried)), hint))
		return
	}
	d.info.AuthServer = &AuthServer{
		Issuer: asm.Issuer, MetadataURL: found.url, Kind: found.kind,
		AuthorizationEndpoint: asm.AuthorizationEndpoint, TokenEndpoint: asm.TokenEndpoint,
		RegistrationEndpoint: asm.RegistrationEndpoint, CodeChallengeMethods: asm.CodeChallengeMethodsSupported,
		ScopesSupported: asm.ScopesSupported, GrantTypes: asm.GrantTypesSupported,
		ClientIDMetadataDocument: asm.ClientIDMetadataDocumentSupported,
	}
	explained := false
	if strings.TrimSuffix(asm.Issuer, "/") != strings.TrimSuffix(issuer, "/") {
		explained = true
		d.p.add(diag(normalize.RuleAuthIssuerMismatch, normalize.Error,
			fmt.Sprintf("the authorization server metadata at %q names issuer %q, but it was looked up for %q", found.url, asm.Issuer, issuer),
			"the issuer must be exactly the URL listed in authorization_servers (RFC 8414 §3.3); clients reject the metadata"))
	}
	if !slices.Contains(asm.CodeChallengeMethodsSupported, "S256") {
		explained = explained || len(asm.CodeChallengeMethodsSupported) == 0
		msg := fmt.Sprintf("the authorization server %q does not advertise PKCE (no code_challenge_methods_supported)", issuer)
		if len(asm.CodeChallengeMethodsSupported) > 0 {
			msg = fmt.Sprintf("the authorization server %q advertises PKCE methods %s but not \"S256\"", issuer, quoteList(asm.CodeChallengeMethodsSupported))
		}
		d.p.add(diag(normalize.RuleAuthNoPKCES256, normalize.Error, msg,
			`MCP clients must use PKCE with "S256" and refuse an authorization server that does not advertise it`))
	}
	if asm.RegistrationEndpoint == "" && !asm.ClientIDMetadataDocumentSupported {
		d.p.add(diag(normalize.RuleAuthNoRegistration, normalize.Warning,
			fmt.Sprintf("the authorization server %q offers neither dynamic client registration nor client ID metadata documents", issuer),
			"clients need a client ID registered in advance for it: configure one in the client"))
	}
	if sdk != nil && !explained {
		d.p.add(diag(normalize.RuleAuthMetadataRejected, normalize.Error,
			fmt.Sprintf("the MCP Go SDK rejects the %s at %q: %s", what, found.url, sdkReason(d.p.mask, sdk)),
			"fix the document; clients built on the official SDKs will not use it"))
	}
}

var errRefused = fmt.Errorf("refused by the SDK")

// lookAt returns what the SDK's fetch of u got. When the SDK refused to
// fetch it at all (plain http to a non-loopback host, a private address),
// its clients go on to the next URL; the refusal is reported and, since
// probe's own policy allowed the URL (checked before), the document is
// fetched through the same guard, to say what is there.
func (d *discovery) lookAt(ctx context.Context, u string, sdkErr error) (f *fetched, refused bool) {
	if f = d.client.get(u); f != nil || !refusedBySDK(sdkErr) || ctx.Err() != nil {
		return f, false
	}
	d.p.add(diag(normalize.RuleAuthMetadataRejected, normalize.Warning,
		fmt.Sprintf("the MCP Go SDK refuses to fetch %q: %s", u, sdkReason(d.p.mask, sdkErr)),
		"metadata must be served over https from a public address for SDK-based clients"))
	return d.client.fetch(ctx, u), true
}

// refuse reports a URL the guard refused (nil: none): named says what the
// server did, e.g. "the server points its metadata at …".
func (d *discovery) refuse(f *Fetch, named string, r *refusedFetch) bool {
	if r == nil {
		return false
	}
	f.Error = "refused: " + r.refusal.why()
	d.info.Fetches = append(d.info.Fetches, *f)
	if r.from != "" {
		named = fmt.Sprintf("the metadata at %q redirects to %q", d.p.mask.cut(r.from, 200), d.p.mask.cut(r.to, 200))
	}
	dg := refusedDiag(named, r.refusal)
	for _, o := range d.p.result.Diagnostics {
		if o.Message == dg.Message {
			return true
		}
	}
	d.p.add(dg)
	return true
}

// statusText is why an answer was not used: "not found", "internal server
// error".
func statusText(status int) string {
	if t := http.StatusText(status); t != "" {
		return strings.ToLower(t)
	}
	return fmt.Sprintf("status %d", status)
}

func kindName(kind string) string {
	if kind == "openid" {
		return "OpenID Connect"
	}
	return "RFC 8414"
}

// sdkReason is the SDK's error without its wrapping prefix.
func sdkReason(m masker, err error) string {
	s := m.errText(err)
	if i := strings.Index(s, "): "); i >= 0 && strings.HasPrefix(s, "GetProtectedResourceMetadata(") {
		s = s[i+3:]
	}
	return s
}

func quoteList(items []string) string {
	q := make([]string, len(items))
	for i, s := range items {
		q[i] = fmt.Sprintf("%q", s)
	}
	if len(q) == 0 {
		return "no URL"
	}
	return normalize.Join(q, "and")
}

// metadataClient fetches metadata documents and keeps each answer, so
// that when the SDK rejects a document the probe can still read it and say
// why, without fetching it twice. It never sends the target's headers:
// metadata is public, and an Authorization header must not travel to
// another host. Every request goes through the probe's guard: the URLs
// are the server's to name, so they are checked before the request
// (check) and at dial time. Its transport is not a plain *http.Transport,
// so the SDK skips its own dial-time checks and uses this client's as they
// are: the guard is the one in force.
type metadataClient struct {
	http  *http.Client
	guard *netGuard
	mu    sync.Mutex
	seen  map[string]*fetched
	// refused is what the guard refused since the last takeRefusal: a
	// dial, or a redirect.
	refused *refusedFetch
}

// refusedFetch is a metadata URL the guard refused; from is set when a
// redirect led to it.
type refusedFetch struct {
	from, to string
	refusal  *refusal
}

type fetched struct {
	status    int
	mediaType string
	location  string
	body      []byte
	err       error
}

const maxMetadataBytes = 1 << 20

func newMetadataClient(g *netGuard) *metadataClient {
	m := &metadataClient{seen: map[string]*fetched{}, guard: g}
	base := g.transport()
	// Each fetch dials anew, so that the dial sees the request's own rule
	// (plain http: loopback only).
	base.DisableKeepAlives = true
	m.http = &http.Client{
		Transport: roundTripFunc(func(req *http.Request) (*http.Response, error) {
			key := req.URL.String()
			resp, err := base.RoundTrip(req)
			if err != nil {
				if r := asRefusal(err); r != nil {
					from := ""
					if req.Response != nil && req.Response.Request != nil {
						from = req.Response.Request.URL.String()
					}
					m.refuse(&refusedFetch{from: from, to: key, refusal: r})
				}
				m.put(key, &fetched{err: err})
				return nil, err
			}
			body, rerr := io.ReadAll(io.LimitReader(resp.Body, maxMetadataBytes+1))
			resp.Body.Close()
			f := &fetched{status: resp.StatusCode, body: body, err: rerr, location: resp.Header.Get("Location")}
			f.mediaType, _, _ = mime.ParseMediaType(resp.Header.Get("Content-Type"))
			m.put(key, f)
			resp.Body = io.NopCloser(bytes.NewReader(body))
			return resp, nil
		}),
		// The SDK's redirect policy is replaced by this one, which the
		// SDK uses when set: a few redirects, never from https to http,
		// each target checked.
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			prev := via[len(via)-1]
			switch {
			case len(via) > maxRedirects:
				return fmt.Errorf("stopped after %d redirects", maxRedirects)
			case prev.URL.Scheme == "https" && req.URL.Scheme != "https":
				return fmt.Errorf("a redirect from https to %q is a downgrade", req.URL.Scheme)
			}
			if r := g.checkURL(req.URL, true); r != nil {
				m.refuse(&refusedFetch{from: prev.URL.String(), to: req.URL.String(), refusal: r})
				return r
			}
			return nil
		},
	}
	return m
}

// check applies the guard to a metadata URL before any request.
func (m *metadataClient) check(raw string) *refusedFetch {
	u, err := url.Parse(raw)
	if err != nil {
		return nil // the fetch reports it
	}
	if r := m.guard.checkURL(u, true); r != nil {
		return &refusedFetch{to: raw, refusal: r}
	}
	return nil
}

func (m *metadataClient) refuse(r *refusedFetch) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.refused == nil {
		m.refused = r
	}
}

// takeRefusal returns what the guard refused since the last call.
func (m *metadataClient) takeRefusal() *refusedFetch {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := m.refused
	m.refused = nil
	return r
}

// metadataCtx marks a metadata request for the guard (plain http:
// loopback only).
func metadataCtx(ctx context.Context, raw string) context.Context {
	if u, err := url.Parse(raw); err == nil {
		return metadataRules(ctx, u)
	}
	return ctx
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func (m *metadataClient) put(key string, f *fetched) {
	m.mu.Lock()
	m.seen[canonicalURL(key)] = f
	m.mu.Unlock()
}

// canonicalURL is the form a URL takes in a request, so that a URL as
// written (in a header, a document) finds the answer recorded for it.
func canonicalURL(u string) string {
	if p, err := url.Parse(u); err == nil {
		return p.String()
	}
	return u
}

// refusedBySDK reports whether oauthex refused a metadata URL before
// fetching it (plain http to a non-loopback host, a private address).
func refusedBySDK(err error) bool {
	return err != nil && strings.Contains(err.Error(), "metadataURL: ")
}

// get returns the answer for u, following the redirects it recorded.
func (m *metadataClient) get(u string) *fetched {
	m.mu.Lock()
	defer m.mu.Unlock()
	u = canonicalURL(u)
	f := m.seen[u]
	for range 10 {
		if f == nil || f.status < 300 || f.status >= 400 || f.location == "" {
			break
		}
		base, err := url.Parse(u)
		if err != nil {
			break
		}
		next, err := base.Parse(f.location)
		if err != nil {
			break
		}
		u = canonicalURL(next.String())
		if nf := m.seen[u]; nf != nil {
			f = nf
		} else {
			break
		}
	}
	return f
}

// fetch GETs u directly (when the SDK refused to).
func (m *metadataClient) fetch(ctx context.Context, u string) *fetched {
	req, err := http.NewRequestWithContext(metadataCtx(ctx, u), http.MethodGet, u, nil)
	if err != nil {
		return &fetched{err: err}
	}
	req.Header.Set("Accept", "application/json")
	resp, err := m.http.Do(req)
	if err == nil {
		resp.Body.Close()
	}
	return m.get(u)
}

// decode reads a metadata document, checking what the SDK checks so its
// refusal can be explained.
func (f *fetched) decode(v any) error {
	if f.mediaType != "application/json" {
		return fmt.Errorf("content type is %q, not \"application/json\"", f.mediaType)
	}
	if len(f.body) > maxMetadataBytes {
		return fmt.Errorf("larger than 1 MiB")
	}
	if err := json.Unmarshal(f.body, v); err != nil {
		return fmt.Errorf("not a JSON object of the expected shape: %s", masker{}.errText(err))
	}
	return nil
}
