package report

import (
	"io"
	"math"
	"time"

	"github.com/mcpconf/mcpconf/secret"
	"github.com/mcpconf/mcpconf/view"
)

type jsonProbe struct {
	Servers []jsonProbeServer `json:"servers"`
}

type jsonProbeServer struct {
	Name            secret.Safe      `json:"name"`
	Client          secret.Safe      `json:"client"`
	Status          secret.Safe      `json:"status"`
	Reason          secret.Safe      `json:"reason"`
	Hint            secret.Safe      `json:"hint,omitzero"`
	Transport       secret.Safe      `json:"transport"`
	Era             *secret.Safe     `json:"era"`
	ProtocolVersion *secret.Safe     `json:"protocol_version"`
	Timings         jsonTimings      `json:"timings_ms"`
	Server          *jsonServerInfo  `json:"server"`
	Capabilities    []secret.Safe    `json:"capabilities"`
	Tools           []jsonTool       `json:"tools"`
	Resources       *int             `json:"resources"`
	Prompts         *int             `json:"prompts"`
	Auth            *jsonAuth        `json:"auth"`
	Stderr          []secret.Safe    `json:"stderr"`
	EnvNotPassed    []jsonEnvVar     `json:"env_not_passed"`
	Diagnostics     []JSONDiagnostic `json:"diagnostics"`
}

type jsonEnvVar struct {
	Name secret.Safe `json:"name"`
	Why  secret.Safe `json:"why"`
}

type jsonTimings struct {
	Connect   *float64 `json:"connect"`
	Handshake *float64 `json:"handshake"`
	ListTools *float64 `json:"list_tools"`
	Total     *float64 `json:"total"`
}

type jsonServerInfo struct {
	Name    secret.Safe `json:"name"`
	Version secret.Safe `json:"version"`
}

type jsonTool struct {
	Name        secret.Safe `json:"name"`
	Title       secret.Safe `json:"title,omitzero"`
	Description secret.Safe `json:"description"`
	InputSchema secret.JSON `json:"input_schema"`
}

type jsonAuth struct {
	Status           int                   `json:"status"`
	Challenges       []jsonChallenge       `json:"challenges"`
	Scope            secret.Safe           `json:"scope"`
	Error            secret.Safe           `json:"error"`
	ResourceMetadata *jsonResourceMetadata `json:"resource_metadata"`
	AuthServer       *jsonAuthServer       `json:"authorization_server"`
	Fetches          []jsonFetch           `json:"fetches"`
}

type jsonChallenge struct {
	Scheme secret.Safe `json:"scheme"`
	Params view.Map    `json:"params"`
}

type jsonResourceMetadata struct {
	URL                  secret.Safe   `json:"url"`
	Source               secret.Safe   `json:"source"`
	Resource             secret.Safe   `json:"resource"`
	AuthorizationServers []secret.Safe `json:"authorization_servers"`
	ScopesSupported      []secret.Safe `json:"scopes_supported"`
}

type jsonAuthServer struct {
	Issuer                   secret.Safe   `json:"issuer"`
	MetadataURL              secret.Safe   `json:"metadata_url"`
	Kind                     secret.Safe   `json:"kind"`
	AuthorizationEndpoint    secret.Safe   `json:"authorization_endpoint"`
	TokenEndpoint            secret.Safe   `json:"token_endpoint"`
	RegistrationEndpoint     secret.Safe   `json:"registration_endpoint"`
	CodeChallengeMethods     []secret.Safe `json:"code_challenge_methods_supported"`
	ScopesSupported          []secret.Safe `json:"scopes_supported"`
	ClientIDMetadataDocument bool          `json:"client_id_metadata_document_supported"`
}

type jsonFetch struct {
	What   secret.Safe `json:"what"`
	URL    secret.Safe `json:"url"`
	Status int         `json:"status"`
	Error  secret.Safe `json:"error"`
}

// probeJSON writes probe results as one JSON document. Field names are a
// stable interface: fields are added, never renamed or removed.
//
//	servers[]            in the order probed
//	  name, client       the server and the client whose view it came from
//	  status             ok | needs-auth | timeout | failed | disabled | skipped |
//	                     pending-approval | rejected | untrusted | blocked | invalid
//	  reason             one line saying why the status is not ok; "" when ok
//	  hint               what to do to start a server the client does not start (the file
//	                     and key to edit, or the client's own prompt); omitted otherwise
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
//	  env_not_passed[]   the variables of mcpconf's environment the client does not pass to a
//	                     stdio server (Codex, Roo Code clear it; Gemini CLI removes secret-looking
//	                     ones), every one, names only: {name, why}, those the server likely needs
//	                     first, why saying so ("named on its stderr", "named in its definition",
//	                     "needed by PACKAGE"; "" for the others)
//	  diagnostics[]      rule, severity, message, hint (the shape of lint's findings)
//
// Empty lists are [], never null. Secrets are masked.
func probeJSON(w io.Writer, results []view.ProbeResult) error {
	out := jsonProbe{Servers: make([]jsonProbeServer, 0, len(results))}
	for _, r := range results {
		out.Servers = append(out.Servers, probeServerJSON(r))
	}
	return writeJSON(w, out)
}

func probeServerJSON(r view.ProbeResult) jsonProbeServer {
	s := jsonProbeServer{
		Name: r.Name, Client: r.Client, Status: r.Status, Reason: r.Reason, Hint: r.Hint, Transport: r.Transport,
		Timings: jsonTimings{
			Connect: msOrNull(r.Timings.Connect), Handshake: msOrNull(r.Timings.Handshake),
			ListTools: msOrNull(r.Timings.ListTools), Total: msOrNull(r.Timings.Total),
		},
		Capabilities: orEmpty(r.Capabilities),
		Tools:        make([]jsonTool, 0, len(r.Tools)),
		Resources:    r.Resources,
		Prompts:      r.Prompts,
		Stderr:       orEmpty(r.Stderr),
		EnvNotPassed: make([]jsonEnvVar, 0, len(r.EnvNotPassed)),
		Diagnostics:  diagnosticJSON(r.Diagnostics, false),
	}
	if !r.ProtocolVersion.IsZero() {
		era, version := r.Era, r.ProtocolVersion
		s.Era, s.ProtocolVersion = &era, &version
		s.Server = &jsonServerInfo{Name: r.ServerName, Version: r.ServerVersion}
	}
	for _, v := range r.EnvNotPassed {
		s.EnvNotPassed = append(s.EnvNotPassed, jsonEnvVar{Name: v.Name, Why: v.Why})
	}
	for _, t := range r.Tools {
		s.Tools = append(s.Tools, jsonTool{Name: t.Name, Title: t.Title, Description: t.Description, InputSchema: t.InputSchema})
	}
	if a := r.Auth; a != nil {
		ja := &jsonAuth{Status: a.Status, Scope: a.Scope, Error: a.Error, Challenges: []jsonChallenge{}, Fetches: []jsonFetch{}}
		for _, c := range a.Challenges {
			ja.Challenges = append(ja.Challenges, jsonChallenge{Scheme: c.Scheme, Params: orEmptyMap(c.Params)})
		}
		if m := a.ResourceMetadata; m != nil {
			ja.ResourceMetadata = &jsonResourceMetadata{URL: m.URL, Source: m.Source, Resource: m.Resource,
				AuthorizationServers: orEmpty(m.AuthorizationServers), ScopesSupported: orEmpty(m.ScopesSupported)}
		}
		if as := a.AuthServer; as != nil {
			ja.AuthServer = &jsonAuthServer{Issuer: as.Issuer, MetadataURL: as.MetadataURL, Kind: as.Kind,
				AuthorizationEndpoint: as.AuthorizationEndpoint, TokenEndpoint: as.TokenEndpoint,
				RegistrationEndpoint: as.RegistrationEndpoint, CodeChallengeMethods: orEmpty(as.CodeChallengeMethods),
				ScopesSupported: orEmpty(as.ScopesSupported), ClientIDMetadataDocument: as.ClientIDMetadataDocument}
		}
		for _, f := range a.Fetches {
			ja.Fetches = append(ja.Fetches, jsonFetch{What: f.What, URL: f.URL, Status: f.Status, Error: f.Error})
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
