package probe

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/mcpconf/mcpconf/normalize"
)

// What probe connects to. The config names one URL; the server then
// names others: OAuth metadata (in WWW-Authenticate, in
// authorization_servers), redirects, the SSE endpoint. Those are
// server-steered, and a repository probe is pointed at may be hostile: a
// server that names http://169.254.169.254/ must not make probe read the
// cloud's credentials and print them. So:
//
//   - the configured URL's host and port are reached at whatever address
//     they resolve to: the config names them;
//   - any other host only at a public address, or at one of the same
//     class as the address probe connected to for the configured server
//     (a server on loopback may send probe to another loopback port, one
//     on 10.x to another private address, never one on loopback to
//     169.254.169.254);
//   - unspecified, multicast, broadcast and reserved addresses never;
//   - OAuth metadata only over https, or over http when both the metadata
//     host and the server are on loopback.
//
// The check runs at dial time, on the address actually dialed
// (net.Dialer.Control), so a host name that resolves to a refused address
// is refused too, whatever DNS answers. URLs are also checked before any
// request, so that a literal address is refused without a dial and the
// finding names the URL.

// netClass is the class of an address.
type netClass uint8

const (
	classUnknown   netClass = iota // the server's own address, when probe did not connect to it directly (a proxy)
	classPublic                    // anything not below
	classLoopback                  // 127/8, ::1
	classLinkLocal                 // 169.254/16, fe80::/10
	classPrivate                   // RFC 1918, fc00::/7, 100.64/10
	// Never dialed for a server-steered request.
	classUnspecified // 0.0.0.0, ::
	classMulticast
	classBroadcast
	classReserved // documentation, benchmarking, 0/8, 240/4, NAT64, 6to4, …
)

func (c netClass) String() string {
	return [...]string{"unknown", "public", "loopback", "link-local", "private",
		"unspecified", "multicast", "broadcast", "reserved"}[c]
}

// never reports whether a class is never dialed for a server-steered
// request.
func (c netClass) never() bool { return c >= classUnspecified }

// an is the class with its article: "a link-local", "an unspecified".
func (c netClass) an() string {
	s := c.String()
	if strings.IndexByte("aeiou", s[0]) >= 0 {
		return "an " + s
	}
	return "a " + s
}

var (
	privatePrefixes = prefixes("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "100.64.0.0/10", "fc00::/7")
	// IANA's special-purpose registries, less what has a class of its own
	// and the few blocks that are globally reachable.
	reservedPrefixes = prefixes(
		"0.0.0.0/8", "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4",
		// IPv6 outside 2000::/3 is refused below; these are inside it.
		"2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20",
	)
	// globalUnicast6 is where IPv6 public addresses are; NAT64
	// (64:ff9b::/96), IPv4-compatible (::/96), discard (100::/64) and
	// deprecated site-local (fec0::/10) addresses are outside it.
	globalUnicast6 = netip.MustParsePrefix("2000::/3")
	broadcast4     = netip.MustParseAddr("255.255.255.255")
)

func prefixes(ss ...string) []netip.Prefix {
	out := make([]netip.Prefix, len(ss))
	for i, s := range ss {
		out[i] = netip.MustParsePrefix(s)
	}
	return out
}

// classOf classifies an address; an IPv4-mapped IPv6 address is its IPv4
// address.
func classOf(ip netip.Addr) netClass {
	ip = ip.Unmap().WithZone("")
	switch {
	case !ip.IsValid():
		return classReserved
	case ip.IsUnspecified():
		return classUnspecified
	case ip.IsLoopback():
		return classLoopback
	case ip.IsMulticast():
		return classMulticast
	case ip == broadcast4:
		return classBroadcast
	case ip.IsLinkLocalUnicast():
		return classLinkLocal
	}
	for _, p := range privatePrefixes {
		if p.Contains(ip) {
			return classPrivate
		}
	}
	if ip.Is6() && !globalUnicast6.Contains(ip) {
		return classReserved
	}
	for _, p := range reservedPrefixes {
		if p.Contains(ip) {
			return classReserved
		}
	}
	return classPublic
}

// refusal is why the guard does not reach a URL or an address. It is the
// error of the request (or dial) it stopped.
type refusal struct {
	host        string     // the host as the URL names it
	addr        netip.Addr // the address refused; invalid when a rule of the URL refused it
	class       netClass   // of addr
	serverClass netClass   // of the configured server's address
	scheme      string     // set when the URL's scheme is the reason
	https       bool       // refused because OAuth metadata must be https (or loopback http)
}

func (r *refusal) Error() string { return "mcpconf refuses to connect: " + r.why() }

// why is the reason, for a message: "mcpconf does not fetch a link-local
// address for a server on loopback".
func (r *refusal) why() string {
	switch {
	case r.scheme != "":
		return fmt.Sprintf("mcpconf follows only http and https URLs, not %q", r.scheme)
	case r.https:
		return "mcpconf fetches OAuth metadata only over https, or over plain http when both the metadata and the server are on loopback"
	}
	var why string
	switch {
	case r.class.never():
		why = fmt.Sprintf("mcpconf never connects to %s address a server names", r.class.an())
	case r.serverClass == classUnknown:
		why = fmt.Sprintf("mcpconf does not connect to %s address for a server reached through a proxy", r.class.an())
	default:
		why = fmt.Sprintf("mcpconf does not connect to %s address for a server on %s", r.class.an(), r.serverClass)
	}
	if hostKey(r.host) != r.addr.String() {
		why = fmt.Sprintf("%q resolves to %s address %q, and %s", r.host, r.class, r.addr.String(), why)
	}
	return why
}

// dialHook, when set (by tests), is called with every address the guard
// is asked to dial, before any check.
var dialHook atomic.Pointer[func(addr string)]

// netGuard enforces the policy for the requests of one probe: the MCP
// transports' and the OAuth metadata's.
type netGuard struct {
	url      *url.URL
	hostPort string // the configured URL's host and port, as dialed ("127.0.0.1:8080")

	// envProxy is the proxy of a request, from the environment
	// (http.ProxyFromEnvironment, which reads it once per process).
	envProxy func(*http.Request) (*url.URL, error)

	mu       sync.Mutex
	server   netip.Addr      // the address probe connected to for hostPort
	proxies  map[string]bool // proxy addresses (from the environment) requests went through
	viaProxy bool            // the configured server was reached through a proxy
}

func newNetGuard(configured *url.URL) *netGuard {
	return &netGuard{url: configured, hostPort: dialAddr(configured), envProxy: http.ProxyFromEnvironment, proxies: map[string]bool{}}
}

// dialAddr is the host:port a URL's request dials, as net/http
// computes it (lower-case host, default port of the scheme).
func dialAddr(u *url.URL) string {
	port := u.Port()
	if port == "" {
		port = "80"
		if u.Scheme == "https" {
			port = "443"
		}
	}
	return net.JoinHostPort(hostKey(u.Hostname()), port)
}

// hostKey is a host in one spelling: an address in its canonical form, a
// name in lower case.
func hostKey(h string) string {
	h = strings.TrimSuffix(strings.TrimPrefix(h, "["), "]")
	if ip, err := netip.ParseAddr(h); err == nil {
		return ip.String()
	}
	return strings.ToLower(h)
}

func splitKey(addr string) string {
	h, p, err := net.SplitHostPort(addr)
	if err != nil {
		return hostKey(addr)
	}
	return net.JoinHostPort(hostKey(h), p)
}

// configured reports whether addr (host:port) is the configured server's.
func (g *netGuard) configured(addr string) bool { return splitKey(addr) == g.hostPort }

// serverClass is the class of the configured server's address: the one
// probe connected to, or unknown (through a proxy, or not yet).
func (g *netGuard) serverClass() netClass {
	g.mu.Lock()
	defer g.mu.Unlock()
	if !g.server.IsValid() || g.viaProxy {
		return classUnknown
	}
	return classOf(g.server)
}

// checkAddr applies the policy to an address of a server-steered host.
func (g *netGuard) checkAddr(host string, ip netip.Addr, loopbackOnly bool) *refusal {
	c, sc := classOf(ip), g.serverClass()
	r := &refusal{host: host, addr: ip.Unmap(), class: c, serverClass: sc}
	switch {
	case c.never():
		return r
	case c != classPublic && c != sc:
		return r
	case loopbackOnly && (c != classLoopback || sc != classLoopback):
		r.https = true
		return r
	}
	return nil
}

// ruleKey carries a request's extra rule to its dial.
type ruleKey struct{}

// metadataRules marks a request for OAuth metadata: over plain http,
// it may only reach loopback, and only for a server on loopback.
func metadataRules(ctx context.Context, u *url.URL) context.Context {
	if u.Scheme == "http" {
		return context.WithValue(ctx, ruleKey{}, true)
	}
	return ctx
}

func loopbackOnly(ctx context.Context) bool {
	v, _ := ctx.Value(ruleKey{}).(bool)
	return v
}

// checkURL applies the policy to a server-steered URL before any request:
// its scheme, the https rule of metadata, and a literal address. A host
// name is checked when dialed. The configured host and port pass.
func (g *netGuard) checkURL(u *url.URL, metadata bool) *refusal {
	if u.Scheme != "http" && u.Scheme != "https" {
		return &refusal{host: u.Host, scheme: u.Scheme}
	}
	if g.configured(dialAddr(u)) {
		return nil
	}
	host := hostKey(u.Hostname())
	loopOnly := metadata && u.Scheme == "http"
	ip, err := netip.ParseAddr(host)
	if err != nil {
		if loopOnly && host != "localhost" {
			// Plain http to a name: it must resolve to loopback, which
			// the dial checks; but a server on another class fails now.
			if g.serverClass() != classLoopback {
				return &refusal{host: host, https: true}
			}
		}
		return nil
	}
	return g.checkAddr(u.Hostname(), ip, loopOnly)
}

// transport is an http.Transport whose every dial goes through the
// guard.
func (g *netGuard) transport() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.DialContext = g.dial
	t.Proxy = g.proxy
	// A server's headers are read whole; real ones are a few KiB, and the
	// default (10 MiB) would let a server make probe keep a lot of them.
	t.MaxResponseHeaderBytes = 256 << 10
	return t
}

// proxy is http.ProxyFromEnvironment, checked. Through a proxy the dial
// goes to the proxy, not the target, so Control cannot see the target's
// address: for a server-steered target, the addresses its name resolves
// to are checked here, before the request. The proxy resolves the name
// again, on its own: a name whose answer changes between the two
// look-ups (DNS rebinding) can get past this check, which is as good as
// a client can do when the proxy, not the client, connects.
func (g *netGuard) proxy(req *http.Request) (*url.URL, error) {
	pu, err := g.envProxy(req)
	if err != nil || pu == nil {
		return pu, err
	}
	addr := dialAddr(req.URL)
	g.mu.Lock()
	g.proxies[dialAddr(pu)] = true
	if g.configured(addr) {
		g.viaProxy = true
	}
	g.mu.Unlock()
	if g.configured(addr) {
		return pu, nil
	}
	host := hostKey(req.URL.Hostname())
	ips := []netip.Addr{}
	if ip, err := netip.ParseAddr(host); err == nil {
		ips = append(ips, ip)
	} else {
		found, err := net.DefaultResolver.LookupNetIP(req.Context(), "ip", host)
		if err != nil {
			return nil, err
		}
		ips = found
	}
	for _, ip := range ips {
		if r := g.checkAddr(req.URL.Hostname(), ip, loopbackOnly(req.Context())); r != nil {
			return nil, r
		}
	}
	return pu, nil
}

// dial connects to addr, checking each address it is about to connect to
// (after resolution, so a name cannot smuggle a refused address in).
func (g *netGuard) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	if hook := dialHook.Load(); hook != nil {
		(*hook)(addr)
	}
	g.mu.Lock()
	allowed := g.proxies[splitKey(addr)]
	g.mu.Unlock()
	// The configured host and port, and a proxy from the environment,
	// are reached wherever they are: the user named them.
	configured := g.configured(addr)
	allowed = allowed || configured
	loopOnly := loopbackOnly(ctx)
	host, _, _ := net.SplitHostPort(addr)
	d := &net.Dialer{
		Timeout:   30 * time.Second,
		KeepAlive: 30 * time.Second,
		Control: func(_, address string, _ syscall.RawConn) error {
			if allowed {
				return nil
			}
			h, _, err := net.SplitHostPort(address)
			if err != nil {
				h = address
			}
			ip, err := netip.ParseAddr(h)
			if err != nil {
				return fmt.Errorf("mcpconf refuses to connect to %q: not an IP address", address)
			}
			if r := g.checkAddr(host, ip, loopOnly); r != nil {
				return r
			}
			return nil
		},
	}
	conn, err := d.DialContext(ctx, network, addr)
	if err == nil && configured {
		if ap, perr := netip.ParseAddrPort(conn.RemoteAddr().String()); perr == nil {
			g.mu.Lock()
			if !g.server.IsValid() {
				g.server = ap.Addr()
			}
			g.mu.Unlock()
		}
	}
	return conn, err
}

// asRefusal finds the guard's refusal in a request's error.
func asRefusal(err error) *refusal {
	var r *refusal
	if errors.As(err, &r) {
		return r
	}
	return nil
}

// sameOrigin reports whether two URLs share scheme, host and port.
func sameOrigin(a, b *url.URL) bool {
	return a.Scheme == b.Scheme && dialAddr(a) == dialAddr(b)
}

// refusedDiag is the finding of a refused URL: what the server did
// ("the server points its metadata at …") and why probe did not follow.
func refusedDiag(what string, r *refusal) normalize.Diagnostic {
	hint := "a server has no business sending a client to another network (a cloud metadata service, an internal host): treat this one as hostile, or fix the URL if it is a mistake"
	switch {
	case r.https:
		hint = "serve OAuth metadata over https; the MCP Go SDK refuses plain http too, except on loopback"
	case r.scheme != "":
		hint = "MCP and OAuth URLs are http or https URLs: fix the URL the server sends"
	}
	return diag(normalize.RuleURLRefused, normalize.Error, what+"; "+r.why(), hint)
}

// configuredURL is the configured URL, parsed.
func (g *netGuard) configuredURL() *url.URL { return g.url }
