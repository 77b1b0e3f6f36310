package probe

import (
	"github.com/mcpconf/mcpconf/normalize"
)

// Rule describes one kind of probe diagnostic. IDs are stable: output
// formats and users' scripts key on them.
type Rule struct {
	ID       normalize.RuleID
	Severity normalize.Severity // the usual severity; a few rules are reported at another one when it fits
	Title    string             // one line, lower case, no final period
}

var rules = []Rule{
	// spawning a stdio server
	{normalize.RuleCommandNotFound, normalize.Error, "the command is not on the PATH of the server's environment"},
	{normalize.RuleCommandNotExecutable, normalize.Error, "the command exists but cannot be executed"},
	{normalize.RuleCwdNotFound, normalize.Error, "the working directory of the server does not exist"},
	{normalize.RuleSpawnFailed, normalize.Error, "the server process could not be started"},
	{normalize.RuleProcessExited, normalize.Error, "the server process exited before the probe was over"},
	{normalize.RuleStdoutClosed, normalize.Error, "the server closed stdout but kept running"},
	{normalize.RuleStdoutNotProtocol, normalize.Warning, "the server wrote lines on stdout that are not JSON-RPC messages"},
	// the protocol
	{normalize.RuleTimeout, normalize.Error, "the server did not answer within the timeout"},
	{normalize.RuleProtocolError, normalize.Error, "the server answered with something that is not valid MCP"},
	{normalize.RuleTransportUnsupported, normalize.Error, "mcpconf cannot probe this transport"},
	{normalize.RuleInvalidTarget, normalize.Error, "the server definition lacks what its transport needs"},
	{normalize.RuleToolsCursorLoop, normalize.Error, "tools/list returned a cursor it had already returned"},
	{normalize.RuleToolsTooManyPages, normalize.Error, "tools/list returned more pages than mcpconf follows, each with a new cursor"},
	{normalize.RuleToolsTooMany, normalize.Error, "the server lists more tools than mcpconf keeps"},
	{normalize.RuleToolsTooLarge, normalize.Error, "the tool listing is larger than mcpconf reads"},
	{normalize.RuleToolFieldCut, normalize.Warning, "a tool's name, title or description is longer than mcpconf keeps, and was cut"},
	{normalize.RuleToolSchemaTooLarge, normalize.Warning, "a tool's input schema is larger than mcpconf keeps, and was not checked"},
	{normalize.RuleMessageTooLarge, normalize.Error, "the server sent a message larger than mcpconf reads"},
	{normalize.RuleOutputTooLarge, normalize.Error, "the server sent more in one probe than mcpconf reads"},
	{normalize.RuleToolsExcluded, normalize.Warning, "the MCP SDK dropped tools that are not valid"},
	{normalize.RuleServerAsked, normalize.Info, "the server asked the client for input or a completion while it was probed; the probe declined"},
	{normalize.RuleListFailed, normalize.Warning, "resources or prompts could not be counted"},
	// HTTP
	{normalize.RuleConnectionRefused, normalize.Error, "nothing accepts connections at the server's address"},
	{normalize.RuleHostNotFound, normalize.Error, "the server's host name does not resolve"},
	{normalize.RuleConnectionFailed, normalize.Error, "the connection to the server failed"},
	{normalize.RuleTLSError, normalize.Error, "the TLS handshake with the server failed"},
	{normalize.RuleHTTPStatus, normalize.Error, "the server answered with an HTTP error status"},
	{normalize.RuleHTTPForbidden, normalize.Error, "the server answered 403 Forbidden"},
	{normalize.RuleNotMCPEndpoint, normalize.Error, "the URL answers, but not as an MCP endpoint"},
	{normalize.RuleWrongTransport, normalize.Error, "the server speaks the other HTTP transport (streamable HTTP vs SSE)"},
	{normalize.RuleTransportFallback, normalize.Warning, "the URL answered only over the legacy SSE transport"},
	{normalize.RuleHTTPRedirect, normalize.Warning, "the URL redirects; the configured headers are not sent to another origin (info when the redirect stays on the origin)"},
	{normalize.RuleTooManyRedirects, normalize.Error, "the URL redirects more times than mcpconf follows"},
	{normalize.RuleSSEEndpointOtherOrigin, normalize.Error, "the SSE stream names a message endpoint on another origin, where mcpconf does not send anything"},
	{normalize.RuleURLRefused, normalize.Error, "the server points mcpconf at an address it does not reach for that server (another network, cloud metadata) or at OAuth metadata over plain http"},
	// authorization
	{normalize.RuleAuthRequired, normalize.Error, "the server requires authorization and none was sent"},
	{normalize.RuleAuthRejected, normalize.Error, "the server rejected the credentials that were sent"},
	{normalize.RuleAuthInsufficientScope, normalize.Error, "the token lacks a scope the server asks for"},
	{normalize.RuleAuthNoChallenge, normalize.Warning, "a 401 answer without a WWW-Authenticate header"},
	{normalize.RuleAuthChallengeInvalid, normalize.Warning, "the WWW-Authenticate header cannot be parsed"},
	{normalize.RuleAuthNoResourceMetadata, normalize.Warning, "no protected resource metadata (RFC 9728) was found"},
	{normalize.RuleAuthResourceMismatch, normalize.Error, "the protected resource metadata names another resource than the server URL"},
	{normalize.RuleAuthNoAuthorizationServers, normalize.Error, "the protected resource metadata lists no authorization server"},
	{normalize.RuleAuthMetadataInvalid, normalize.Error, "an OAuth metadata document is not valid JSON of the expected shape"},
	{normalize.RuleAuthMetadataRejected, normalize.Error, "the MCP SDK rejects an OAuth metadata document"},
	{normalize.RuleAuthServerMetadataMissing, normalize.Error, "no authorization server metadata (RFC 8414 or OpenID Connect) was found"},
	{normalize.RuleAuthIssuerMismatch, normalize.Error, "the authorization server metadata names another issuer"},
	{normalize.RuleAuthNoPKCES256, normalize.Error, "the authorization server does not advertise PKCE with S256"},
	{normalize.RuleAuthNoRegistration, normalize.Warning, "the authorization server offers no way for a client to register"},
	// the environment the client gives a stdio server (found by the caller
	// when it builds the target, from the client's descriptor)
	{normalize.RuleEnvNotPassed, normalize.Info, "the client does not pass some variables of its environment to the server (a warning when the server's stderr, its definition or its package names one)"},
	{normalize.RuleEnvBlocked, normalize.Warning, "the client drops a variable of the definition's env"},
	{normalize.RuleEnvFile, normalize.Error, "the client cannot read the definition's envFile, or mcpconf does not load it for this client"},
	// resolution (found by the caller, package resolve)
	{normalize.RuleUnresolved, normalize.Warning, "a placeholder, input or command in the definition did not resolve"},
	// after listing (Check)
	{normalize.RuleToolNameCollision, normalize.Warning, "two tools get the same name in a client"},
	{normalize.RuleToolNameTooLong, normalize.Warning, "a tool's full name is over a client's length limit"},
	{normalize.RuleToolNameInvalid, normalize.Warning, "a tool name breaks the MCP naming rules"},
	{normalize.RuleToolSchemaInvalid, normalize.Error, "a tool's input schema is not valid JSON Schema"},
	{normalize.RuleToolSchemaNotObject, normalize.Warning, "a tool's input schema does not describe an object"},
	{normalize.RuleInternalError, normalize.Error, "mcpconf failed while probing"},
}

// Rules lists every diagnostic probe reports, in a stable order.
func Rules() []Rule { return append([]Rule(nil), rules...) }

// diag builds a diagnostic. Messages are lower case, quote values with %q
// and have no final period; the hint says what to do.
func diag(rule normalize.RuleID, sev normalize.Severity, msg, hint string) normalize.Diagnostic {
	return normalize.Diagnostic{Rule: rule, Severity: sev, Message: msg, Hint: hint}
}
