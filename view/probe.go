package view

import (
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/mcpconf/mcpconf/probe"
	"github.com/mcpconf/mcpconf/secret"
)

// Tone is how a status reads: good (ok), a warning (needs-auth, a server
// the client does not start), or bad (failed, timeout).
type Tone int

const (
	Bad Tone = iota
	Warn
	Good
)

// probeOrder is the order statuses are counted in a summary.
var probeOrder = []probe.Status{probe.StatusOK, probe.StatusNeedsAuth, probe.StatusTimeout, probe.StatusFailed,
	probe.StatusDisabled, probe.StatusSkipped, probe.StatusPendingApproval, probe.StatusRejected,
	probe.StatusUntrusted, probe.StatusBlocked, probe.StatusInvalid, probe.StatusRefused}

// ProbeResult is one probed server as output shows it.
type ProbeResult struct {
	Name, Client, Status, Reason, Transport secret.Safe
	// Hint: what to do to start a server the client does not start.
	Hint secret.Safe
	Tone Tone
	// Rank orders statuses in a summary; statuses probe does not know
	// come after, in the order they first appear.
	Rank int
	// OK: the server answered and listed its tools.
	OK bool
	// Era is "2026-07-28" or "legacy", ProtocolVersion the version
	// negotiated; both zero without a handshake. Legacy: the server
	// answered the legacy initialize.
	Era, ProtocolVersion secret.Safe
	Legacy               bool
	Timings              Timings
	ServerName           secret.Safe
	ServerVersion        secret.Safe
	Capabilities         []secret.Safe
	Tools                []Tool
	Resources, Prompts   *int
	Auth                 *Auth
	Stderr               []secret.Safe
	// EnvNotPassed are the variables of mcpconf's environment the client
	// does not pass to a stdio server, those it likely needs first.
	EnvNotPassed []EnvVar
	Diagnostics  []Finding
}

// EnvVar is a variable not passed, and why the server likely needs it
// (zero when nothing says so).
type EnvVar struct {
	Name, Why secret.Safe
}

// Timings are the durations of a probe's phases; phases not reached are 0.
type Timings struct {
	Connect, Handshake, ListTools, Total time.Duration
}

// Tool is one tool of a server.
type Tool struct {
	Name, Title secret.Safe
	Description secret.Safe // several lines; zero unless descriptions were kept
	InputSchema secret.JSON // zero when the server sent none or it is not JSON
}

// Auth is what a server asked for when it refused the probe.
type Auth struct {
	Status           int
	Challenges       []Challenge
	Scope, Error     secret.Safe
	ResourceMetadata *ResourceMetadata
	AuthServer       *AuthServer
	Fetches          []Fetch
}

// Challenge is one challenge of a WWW-Authenticate header.
type Challenge struct {
	Scheme secret.Safe
	Params Map // sorted by name
}

// ResourceMetadata summarizes RFC 9728 protected resource metadata.
type ResourceMetadata struct {
	URL, Source, Resource secret.Safe
	AuthorizationServers  []secret.Safe
	ScopesSupported       []secret.Safe
}

// AuthServer summarizes authorization server metadata.
type AuthServer struct {
	Issuer, MetadataURL, Kind                                  secret.Safe
	AuthorizationEndpoint, TokenEndpoint, RegistrationEndpoint secret.Safe
	CodeChallengeMethods, ScopesSupported                      []secret.Safe
	ClientIDMetadataDocument                                   bool
}

// Fetch is one metadata request.
type Fetch struct {
	What, URL secret.Safe
	Status    int
	Error     secret.Safe
}

// ProbeResults makes probe results Safe, in their order. The caller has
// taught the boundary the run's secrets before the probe started (what
// resolution gave each server, the literal secrets of the configs), so
// that probe itself masked them before cutting what servers wrote; what
// probe masked in what the servers wrote was learned as it ran. The
// results are made Safe after the whole run, and again if making them
// taught a secret (Boundary.Settle): a hint made as one server ended
// hides a value another server's stderr showed to be a token later.
func ProbeResults(b *secret.Boundary, results []probe.Result) []ProbeResult {
	var out []ProbeResult
	b.Settle(func() {
		out = make([]ProbeResult, 0, len(results))
		extra := map[probe.Status]int{}
		for _, r := range results {
			out = append(out, probeResult(b, r, extra))
		}
	})
	return out
}

// NewProbeResult makes one probe result Safe, for a line printed as soon
// as its server finishes.
func NewProbeResult(b *secret.Boundary, r probe.Result) ProbeResult {
	return probeResult(b, r, map[probe.Status]int{})
}

func probeResult(b *secret.Boundary, r probe.Result, extra map[probe.Status]int) ProbeResult {
	out := ProbeResult{Name: b.Text(r.Name), Client: b.Own(r.Client), Status: b.Own(string(r.Status)), Reason: b.Message(r.Reason), Hint: b.Message(r.Hint),
		Transport: b.Own(r.Transport), OK: r.Status == probe.StatusOK, Timings: Timings(r.Timings),
		Capabilities: b.Texts(r.Capabilities), Resources: r.Resources, Prompts: r.Prompts,
		Diagnostics: findings(b, r.Diagnostics)}
	switch r.Status {
	case probe.StatusOK:
		out.Tone = Good
	case probe.StatusNeedsAuth, probe.StatusDisabled, probe.StatusSkipped, probe.StatusPendingApproval, probe.StatusUntrusted:
		out.Tone = Warn
	}
	out.Rank = slices.Index(probeOrder, r.Status)
	if out.Rank < 0 {
		if _, ok := extra[r.Status]; !ok {
			extra[r.Status] = len(probeOrder) + len(extra)
		}
		out.Rank = extra[r.Status]
	}
	if r.ProtocolVersion != "" {
		out.Era, out.ProtocolVersion, out.Legacy = b.Text(r.Era), b.Text(r.ProtocolVersion), r.Era == probe.EraLegacy
		out.ServerName, out.ServerVersion = b.Text(r.Server.Name), b.Text(r.Server.Version)
	}
	for _, t := range r.Tools {
		tool := Tool{Name: b.Text(t.Name), Title: b.Text(t.Title), Description: b.Lines(t.Description)}
		if len(t.InputSchema) > 0 && json.Valid(t.InputSchema) {
			tool.InputSchema = b.RawJSON(t.InputSchema)
		}
		out.Tools = append(out.Tools, tool)
	}
	for _, l := range r.Stderr {
		out.Stderr = append(out.Stderr, b.Text(l))
	}
	for _, v := range r.EnvNotPassed {
		out.EnvNotPassed = append(out.EnvNotPassed, EnvVar{Name: b.Text(v.Name), Why: b.Message(v.Why)})
	}
	if a := r.Auth; a != nil {
		out.Auth = auth(b, a)
	}
	return out
}

func auth(b *secret.Boundary, a *probe.AuthInfo) *Auth {
	out := &Auth{Status: a.Status, Scope: b.Text(a.Scope), Error: b.Text(a.Error)}
	for _, c := range a.Challenges {
		ch := Challenge{Scheme: b.Text(c.Scheme)}
		for _, k := range sortedKeys(c.Params) {
			ch.Params = append(ch.Params, KV{b.Text(k), b.Text(c.Params[k])})
		}
		out.Challenges = append(out.Challenges, ch)
	}
	if m := a.ResourceMetadata; m != nil {
		out.ResourceMetadata = &ResourceMetadata{URL: b.URL(m.URL), Source: b.Text(m.Source), Resource: b.URL(m.Resource),
			AuthorizationServers: each(m.AuthorizationServers, b.URL), ScopesSupported: b.Texts(m.ScopesSupported)}
	}
	if s := a.AuthServer; s != nil {
		out.AuthServer = &AuthServer{Issuer: b.URL(s.Issuer), MetadataURL: b.URL(s.MetadataURL), Kind: b.Text(s.Kind),
			AuthorizationEndpoint: b.URL(s.AuthorizationEndpoint), TokenEndpoint: b.URL(s.TokenEndpoint),
			RegistrationEndpoint: b.URL(s.RegistrationEndpoint), CodeChallengeMethods: b.Texts(s.CodeChallengeMethods),
			ScopesSupported: b.Texts(s.ScopesSupported), ClientIDMetadataDocument: s.ClientIDMetadataDocument}
	}
	for _, f := range a.Fetches {
		out.Fetches = append(out.Fetches, Fetch{What: b.Text(f.What), URL: b.URL(f.URL), Status: f.Status, Error: b.Text(f.Error)})
	}
	return out
}

// ProbeProgress is the progress line to show on a terminal while servers
// are pending, those probed longest first with the time they have taken
// (from a second on), then those waiting for their turn: "probing 3/7:
// github (12s), slack (3s) and 2 more".
func ProbeProgress(b *secret.Boundary, done, total int, pending []probe.Pending, now time.Time) secret.Safe {
	if len(pending) == 0 {
		return b.Own("probed " + strconv.Itoa(done) + "/" + strconv.Itoa(total))
	}
	order := slices.Clone(pending)
	slices.SortStableFunc(order, func(x, y probe.Pending) int {
		switch xw, yw := x.Started.IsZero(), y.Started.IsZero(); {
		case xw && !yw:
			return 1
		case yw && !xw:
			return -1
		}
		return x.Started.Compare(y.Started)
	})
	names := make([]secret.Safe, 0, 3)
	for _, p := range order[:min(len(order), 3)] {
		name := b.Text(p.Name)
		if !p.Started.IsZero() {
			if d := now.Sub(p.Started); d >= time.Second {
				name = secret.Concat(name, b.Own(" ("+elapsed(d)+")"))
			}
		}
		names = append(names, name)
	}
	s := secret.Concat(b.Own("probing "+strconv.Itoa(done)+"/"+strconv.Itoa(total)+": "), secret.Join(names, ", "))
	if more := len(pending) - len(names); more > 0 {
		s = secret.Concat(s, b.Own(" and "+strconv.Itoa(more)+" more"))
	}
	return s
}

// elapsed is a duration in whole seconds: "12s", "2m05s".
func elapsed(d time.Duration) string {
	sec := int(d / time.Second)
	if sec < 60 {
		return strconv.Itoa(sec) + "s"
	}
	s := strconv.Itoa(sec % 60)
	if len(s) == 1 {
		s = "0" + s
	}
	return strconv.Itoa(sec/60) + "m" + s + "s"
}
