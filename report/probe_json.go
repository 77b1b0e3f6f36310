package report

import (
	"encoding/json"
	"io"
	"math"
	"time"

	"github.com/mcpconf/mcpconf/probe"
)

type probeJSON struct {
	Servers []jsonProbeServer `json:"servers"`
}

type jsonProbeServer struct {
	Name            string           `json:"name"`
	Client          string           `json:"client"`
	Status          string           `json:"status"`
	Reason          string           `json:"reason"`
	Transport       string           `json:"transport"`
	Era             *string          `json:"era"`
	ProtocolVersion *string          `json:"protocol_version"`
	Timings         jsonTimings      `json:"timings_ms"`
	Server          *jsonServerInfo  `json:"server"`
	Capabilities    []string         `json:"capabilities"`
	Tools           []jsonTool       `json:"tools"`
	Resources       *int             `json:"resources"`
	Prompts         *int             `json:"prompts"`
	Auth            *jsonAuth        `json:"auth"`
	Stderr          []string         `json:"stderr"`
	Diagnostics     []JSONDiagnostic `json:"diagnostics"`
}

type jsonTimings struct {
	Connect   *float64 `json:"connect"`
	Handshake *float64 `json:"handshake"`
	ListTools *float64 `json:"list_tools"`
	Total     *float64 `json:"total"`
}

type jsonServerInfo struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

type jsonTool struct {
	Name        string          `json:"name"`
	Title       string          `json:"title,omitempty"`
	Description string          `json:"description"`
	InputSchema json.RawMessage `json:"input_schema"`
}

type jsonAuth struct {
	Status           int                   `json:"status"`
	Challenges       []jsonChallenge       `json:"challenges"`
	Scope            string                `json:"scope"`
	Error            string                `json:"error"`
	ResourceMetadata *jsonResourceMetadata `json:"resource_metadata"`
	AuthServer       *jsonAuthServer       `json:"authorization_server"`
	Fetches          []jsonFetch           `json:"fetches"`
}

type jsonChallenge struct {
	Scheme string            `json:"scheme"`
	Params map[string]string `json:"params"`
}

type jsonResourceMetadata struct {
	URL                  string   `json:"url"`
	Source               string   `json:"source"`
	Resource             string   `json:"resource"`
	AuthorizationServers []string `json:"authorization_servers"`
	ScopesSupported      []string `json:"scopes_supported"`
}

type jsonAuthServer struct {
	Issuer                   string   `json:"issuer"`
	MetadataURL              string   `json:"metadata_url"`
	Kind                     string   `json:"kind"`
	AuthorizationEndpoint    string   `json:"authorization_endpoint"`
	TokenEndpoint            string   `json:"token_endpoint"`
	RegistrationEndpoint     string   `json:"registration_endpoint"`
	CodeChallengeMethods     []string `json:"code_challenge_methods_supported"`
	ScopesSupported          []string `json:"scopes_supported"`
	ClientIDMetadataDocument bool     `json:"client_id_metadata_document_supported"`
}

type jsonFetch struct {
	What   string `json:"what"`
	URL    string `json:"url"`
	Status int    `json:"status"`
	Error  string `json:"error"`
}

// ProbeJSON writes probe results as one JSON document. Field names are a
// stable interface: fields are added, never renamed or removed.
//
//	servers[]            in the order probed
//	  name, client       the server and the client whose view it came from
//	  status             ok | needs-auth | timeout | failed | disabled | skipped |
//	                     pending-approval | rejected | untrusted | blocked | invalid
//	  reason             one line saying why the status is not ok; "" when ok
//	  transport          stdio | http | sse: the one that answered (or was tried last)
//	  era                "2026-07-28" (server/discover) | "legacy" (initialize); null without a handshake
//	  protocol_version   the version negotiated; null without a handshake
//	  timings_ms         connect, handshake, list_tools, total: milliseconds, 0.1 ms precision;
//	                     null for a phase not reached
//	  server             {name, version} as the server says; null without a handshake
//	  capabilities[]     "tools", "tools.listChanged", "resources.subscribe", …
//	  tools[]            name, title (omitted when none), description (empty unless the
//	                     probe kept them), input_schema (the server's schema; object keys
//	                     come out sorted, since the SDK decodes it into a map)
//	  resources, prompts counts; null when not advertised or not counted
//	  auth               on 401/403: status, challenges[] {scheme, params}, scope, error,
//	                     resource_metadata {url, source, resource, authorization_servers,
//	                     scopes_supported}, authorization_server {issuer, metadata_url, kind,
//	                     authorization_endpoint, token_endpoint, registration_endpoint,
//	                     code_challenge_methods_supported, scopes_supported,
//	                     client_id_metadata_document_supported}, fetches[] {what, url,
//	                     status, error}; null otherwise
//	  stderr[]           the end of a stdio server's stderr when it was not ok
//	  diagnostics[]      rule, severity, message, hint (the shape of lint's findings)
//
// Empty lists are [], never null. Secrets are masked.
func ProbeJSON(w io.Writer, results []probe.Result) error {
	out := probeJSON{Servers: make([]jsonProbeServer, 0, len(results))}
	for _, r := range results {
		out.Servers = append(out.Servers, probeServerJSON(r))
	}
	return writeJSON(w, out)
}

func probeServerJSON(r probe.Result) jsonProbeServer {
	s := jsonProbeServer{
		Name: r.Name, Client: r.Client, Status: r.Status, Reason: MaskText(r.Reason), Transport: r.Transport,
		Timings: jsonTimings{
			Connect: msOrNull(r.Timings.Connect), Handshake: msOrNull(r.Timings.Handshake),
			ListTools: msOrNull(r.Timings.ListTools), Total: msOrNull(r.Timings.Total),
		},
		Capabilities: orEmpty(r.Capabilities),
		Tools:        make([]jsonTool, 0, len(r.Tools)),
		Resources:    r.Resources,
		Prompts:      r.Prompts,
		Stderr:       make([]string, 0, len(r.Stderr)),
	}
	if r.ProtocolVersion != "" {
		era, version := r.Era, r.ProtocolVersion
		s.Era, s.ProtocolVersion = &era, &version
		s.Server = &jsonServerInfo{Name: r.Server.Name, Version: r.Server.Version}
	}
	for _, t := range r.Tools {
		schema := t.InputSchema
		if len(schema) == 0 || !json.Valid(schema) {
			schema = json.RawMessage("null")
		}
		s.Tools = append(s.Tools, jsonTool{Name: t.Name, Title: t.Title, Description: MaskText(t.Description), InputSchema: schema})
	}
	for _, l := range r.Stderr {
		s.Stderr = append(s.Stderr, MaskText(l))
	}
	diags := append(r.Diagnostics[:0:0], r.Diagnostics...)
	MaskFindings(diags)
	s.Diagnostics = DiagnosticJSON(diags, nil)
	if a := r.Auth; a != nil {
		ja := &jsonAuth{Status: a.Status, Scope: a.Scope, Error: a.Error, Challenges: []jsonChallenge{}, Fetches: []jsonFetch{}}
		for _, c := range a.Challenges {
			params := make(map[string]string, len(c.Params))
			for k, v := range c.Params {
				params[k] = MaskText(v)
			}
			ja.Challenges = append(ja.Challenges, jsonChallenge{Scheme: c.Scheme, Params: params})
		}
		if m := a.ResourceMetadata; m != nil {
			ja.ResourceMetadata = &jsonResourceMetadata{URL: MaskURL(m.URL), Source: m.Source, Resource: MaskURL(m.Resource),
				AuthorizationServers: orEmpty(m.AuthorizationServers), ScopesSupported: orEmpty(m.ScopesSupported)}
		}
		if as := a.AuthServer; as != nil {
			ja.AuthServer = &jsonAuthServer{Issuer: MaskURL(as.Issuer), MetadataURL: MaskURL(as.MetadataURL), Kind: as.Kind,
				AuthorizationEndpoint: MaskURL(as.AuthorizationEndpoint), TokenEndpoint: MaskURL(as.TokenEndpoint),
				RegistrationEndpoint: MaskURL(as.RegistrationEndpoint), CodeChallengeMethods: orEmpty(as.CodeChallengeMethods),
				ScopesSupported: orEmpty(as.ScopesSupported), ClientIDMetadataDocument: as.ClientIDMetadataDocument}
		}
		for _, f := range a.Fetches {
			ja.Fetches = append(ja.Fetches, jsonFetch{What: f.What, URL: MaskURL(f.URL), Status: f.Status, Error: MaskText(f.Error)})
		}
		s.Auth = ja
	}
	return s
}

// msOrNull is a duration in milliseconds to 0.1 ms; null when the phase
// was not reached.
func msOrNull(d time.Duration) *float64 {
	if d <= 0 {
		return nil
	}
	v := math.Round(float64(d)/float64(time.Millisecond)*10) / 10
	return &v
}
