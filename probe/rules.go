package probe

import (
	"github.com/mcpconf/mcpconf/normalize"
)

// Rule describes one kind of probe diagnostic. IDs are stable: output
// formats and users' scripts key on them.
type Rule struct {
	ID       string
	Severity normalize.Severity // the usual severity; a few rules are reported at another one when it fits
	Title    string             // one line, lower case, no final period
}

var rules = []Rule{
	// spawning a stdio server
	{"command-not-found", normalize.Error, "the command is not on the PATH of the server's environment"},
	{"command-not-executable", normalize.Error, "the command exists but cannot be executed"},
	{"cwd-not-found", normalize.Error, "the working directory of the server does not exist"},
	{"spawn-failed", normalize.Error, "the server process could not be started"},
	{"process-exited", normalize.Error, "the server process exited before the probe was over"},
	{"stdout-closed", normalize.Error, "the server closed stdout but kept running"},
	{"stdout-not-protocol", normalize.Warning, "the server wrote lines on stdout that are not JSON-RPC messages"},
	// the protocol
	{"timeout", normalize.Error, "the server did not answer within the timeout"},
	{"protocol-error", normalize.Error, "the server answered with something that is not valid MCP"},
	{"transport-unsupported", normalize.Error, "mcpconf cannot probe this transport"},
	{"invalid-target", normalize.Error, "the server definition lacks what its transport needs"},
	{"tools-cursor-loop", normalize.Error, "tools/list returned a cursor it had already returned"},
	{"tools-too-many-pages", normalize.Error, "tools/list returned more pages than mcpconf follows, each with a new cursor"},
	{"tools-too-many", normalize.Error, "the server lists more tools than mcpconf keeps"},
	{"tools-too-large", normalize.Error, "the tool listing is larger than mcpconf reads"},
	{"tool-field-cut", normalize.Warning, "a tool's name, title or description is longer than mcpconf keeps, and was cut"},
	{"tool-schema-too-large", normalize.Warning, "a tool's input schema is larger than mcpconf keeps, and was not checked"},
	{"message-too-large", normalize.Error, "the server sent a message larger than mcpconf reads"},
	{"output-too-large", normalize.Error, "the server sent more in one probe than mcpconf reads"},
	{"tools-excluded", normalize.Warning, "the MCP SDK dropped tools that are not valid"},
	{"server-asked", normalize.Info, "the server asked the client for input or a completion while it was probed; the probe declined"},
	{"list-failed", normalize.Warning, "resources or prompts could not be counted"},
	// HTTP
	{"connection-refused", normalize.Error, "nothing accepts connections at the server's address"},
	{"host-not-found", normalize.Error, "the server's host name does not resolve"},
	{"connection-failed", normalize.Error, "the connection to the server failed"},
	{"tls-error", normalize.Error, "the TLS handshake with the server failed"},
	{"http-status", normalize.Error, "the server answered with an HTTP error status"},
	{"http-forbidden", normalize.Error, "the server answered 403 Forbidden"},
	{"not-mcp-endpoint", normalize.Error, "the URL answers, but not as an MCP endpoint"},
	{"wrong-transport", normalize.Error, "the server speaks the other HTTP transport (streamable HTTP vs SSE)"},
	{"transport-fallback", normalize.Warning, "the URL answered only over the legacy SSE transport"},
	{"http-redirect", normalize.Warning, "the URL redirects; the configured headers are not sent to another origin (info when the redirect stays on the origin)"},
	{"too-many-redirects", normalize.Error, "the URL redirects more times than mcpconf follows"},
	{"sse-endpoint-other-origin", normalize.Error, "the SSE stream names a message endpoint on another origin, where mcpconf does not send anything"},
	{"url-refused", normalize.Error, "the server points mcpconf at an address it does not reach for that server (another network, cloud metadata) or at OAuth metadata over plain http"},
	// authorization
	{"auth-required", normalize.Error, "the server requires authorization and none was sent"},
	{"auth-rejected", normalize.Error, "the server rejected the credentials that were sent"},
	{"auth-insufficient-scope", normalize.Error, "the token lacks a scope the server asks for"},
	{"auth-no-challenge", normalize.Warning, "a 401 answer without a WWW-Authenticate header"},
	{"auth-challenge-invalid", normalize.Warning, "the WWW-Authenticate header cannot be parsed"},
	{"auth-no-resource-metadata", normalize.Warning, "no protected resource metadata (RFC 9728) was found"},
	{"auth-resource-mismatch", normalize.Error, "the protected resource metadata names another resource than the server URL"},
	{"auth-no-authorization-servers", normalize.Error, "the protected resource metadata lists no authorization server"},
	{"auth-metadata-invalid", normalize.Error, "an OAuth metadata document is not valid JSON of the expected shape"},
	{"auth-metadata-rejected", normalize.Error, "the MCP SDK rejects an OAuth metadata document"},
	{"auth-server-metadata-missing", normalize.Error, "no authorization server metadata (RFC 8414 or OpenID Connect) was found"},
	{"auth-issuer-mismatch", normalize.Error, "the authorization server metadata names another issuer"},
	{"auth-no-pkce-s256", normalize.Error, "the authorization server does not advertise PKCE with S256"},
	{"auth-no-registration", normalize.Warning, "the authorization server offers no way for a client to register"},
	// the environment the client gives a stdio server (found by the caller
	// when it builds the target, from the client's descriptor)
	{"env-not-passed", normalize.Info, "the client does not pass some variables of its environment to the server (a warning when the server's stderr, its definition or its package names one)"},
	{"env-blocked", normalize.Warning, "the client drops a variable of the definition's env"},
	{"env-file", normalize.Error, "the client cannot read the definition's envFile, or mcpconf does not load it for this client"},
	// resolution (found by the caller, package resolve)
	{"unresolved", normalize.Warning, "a placeholder, input or command in the definition did not resolve"},
	// after listing (Check)
	{"tool-name-collision", normalize.Warning, "two tools get the same name in a client"},
	{"tool-name-too-long", normalize.Warning, "a tool's full name is over a client's length limit"},
	{"tool-name-invalid", normalize.Warning, "a tool name breaks the MCP naming rules"},
	{"tool-schema-invalid", normalize.Error, "a tool's input schema is not valid JSON Schema"},
	{"tool-schema-not-object", normalize.Warning, "a tool's input schema does not describe an object"},
	{"internal-error", normalize.Error, "mcpconf failed while probing"},
}

// Rules lists every diagnostic probe reports, in a stable order.
func Rules() []Rule { return append([]Rule(nil), rules...) }

// diag builds a diagnostic. Messages are lower case, quote values with %q
// and have no final period; the hint says what to do.
func diag(rule string, sev normalize.Severity, msg, hint string) normalize.Diagnostic {
	return normalize.Diagnostic{Rule: rule, Severity: sev, Message: msg, Hint: hint}
}
