package normalize

// RuleID names a kind of finding: every id mcpconf reports, lint's and
// probe's alike, is one of the constants below, and output formats, users'
// .mcpconf.toml files and scripts key on them, so an id is stable forever.
//
// The catalogue lives here, in the package that owns Diagnostic, because
// every package that reports a finding (discover while it reads files,
// validate's rules, probe, resolve, the commands that plan probes) already
// imports normalize and builds a normalize.Diagnostic: an id declared
// anywhere else would need an import from normalize's side or a second
// list. The documentation is data kept beside the code that reports each
// finding: validate.Rules() for lint's rules, probe.Rules() for probe's
// diagnostics; an id both report (env-blocked, env-not-passed) is
// documented once, by its lint rule. A test type-checks the module and
// fails on an id written as a string literal instead of one of these
// constants, and on a constant neither package documents.
type RuleID string

// RuleDoc is the documentation of a finding whose reporter has nothing
// more to say about it than what it is (probe's diagnostics): validate's
// lint rules carry the same fields, and examples, in validate.Rule.
type RuleDoc struct {
	ID       RuleID
	Severity Severity // the usual severity; a few are reported at another one when it fits
	Title    string   // one line, lower case, no final period
	// Doc says what was seen and what to do, in Markdown; empty for an id
	// a lint rule documents (env-blocked, env-not-passed).
	Doc string
}

// Findings discovery reports while it reads and decodes files; package
// validate documents them.
const (
	RuleSyntax       RuleID = "syntax"
	RuleUnreadable   RuleID = "unreadable"
	RuleDuplicateKey RuleID = "duplicate-key"
	RuleWrongRootKey RuleID = "wrong-root-key"
	RuleSchema       RuleID = "schema"
)

// Lint rules: package validate reports and documents them.
const (
	RuleMissingServersKey      RuleID = "missing-servers-key"
	RuleIgnoredFile            RuleID = "ignored-file"
	RuleSystemFileSkipped      RuleID = "system-file-skipped"
	RuleSkippedFile            RuleID = "skipped-file"
	RuleVoidSettings           RuleID = "void-settings"
	RuleLintConfig             RuleID = "lint-config"
	RuleTransportConflict      RuleID = "transport-conflict"
	RuleMissingCommand         RuleID = "missing-command"
	RuleMissingURL             RuleID = "missing-url"
	RuleUnknownTransport       RuleID = "unknown-transport"
	RuleImplicitStdio          RuleID = "implicit-stdio"
	RuleDeprecatedSSE          RuleID = "deprecated-sse"
	RuleNoSSETransport         RuleID = "no-sse-transport"
	RuleFieldForOtherTransport RuleID = "field-for-other-transport"
	RuleInvalidURL             RuleID = "invalid-url"
	RuleInsecureURL            RuleID = "insecure-url"
	RuleServerName             RuleID = "server-name"
	RuleNameLength             RuleID = "name-length"
	RuleTimeoutUnits           RuleID = "timeout-units"
	RuleInvalidEnabled         RuleID = "invalid-enabled"
	RuleRefusedConfig          RuleID = "refused-config"
	RuleLegacyProfile          RuleID = "legacy-profile"
	RuleInvalidTrustLevel      RuleID = "invalid-trust-level"
	RuleInvalidField           RuleID = "invalid-field"
	RuleToolFilterConflict     RuleID = "tool-filter-conflict"
	RuleUnknownField           RuleID = "unknown-field"
	RuleLayerPatch             RuleID = "layer-patch"
	RuleShadowed               RuleID = "shadowed"
	RuleDrift                  RuleID = "drift"
	RuleUnmatchedListEntry     RuleID = "unmatched-list-entry"
	RuleAllowListDrops         RuleID = "allow-list-drops"
	RuleClientDrops            RuleID = "client-drops"
	RuleNameCollision          RuleID = "name-collision"
	RuleHardcodedSecret        RuleID = "hardcoded-secret"
	RuleForeignPlaceholder     RuleID = "foreign-placeholder"
	RuleTemplateValue          RuleID = "template-value"
	RuleEmptyCredential        RuleID = "empty-credential"
	RuleUserHomePath           RuleID = "user-home-path"
	RuleUndefinedVariable      RuleID = "undefined-variable"
	RuleUnknownInput           RuleID = "unknown-input"
	RuleShellCommandValue      RuleID = "shell-command-value"
	RuleHomeInCommand          RuleID = "home-in-command"
	RuleCommandLine            RuleID = "command-line"
	RuleOSMismatch             RuleID = "os-mismatch"
	RuleBareEnvName            RuleID = "bare-env-name"
	RuleEnvBlocked             RuleID = "env-blocked"
	RuleEnvNotPassed           RuleID = "env-not-passed"
	RuleDockerEnv              RuleID = "docker-env"
	RulePackageAsCommand       RuleID = "package-as-command"
	RuleInstallCommand         RuleID = "install-command"
	RuleInspectorWrapper       RuleID = "inspector-wrapper"
	RuleNpxWithoutYes          RuleID = "npx-without-yes"
	RuleNpxUnknownOption       RuleID = "npx-unknown-option"
	RuleUnpinnedPackage        RuleID = "unpinned-package"
	RulePolicy                 RuleID = "policy"
)

// Probe diagnostics: package probe reports and documents them (and the
// probe planning of the caller, for the environment and placeholders of a
// target). Probe reports RuleEnvBlocked and RuleEnvNotPassed too.
const (
	RuleCommandNotFound            RuleID = "command-not-found"
	RuleCommandNotExecutable       RuleID = "command-not-executable"
	RuleCwdNotFound                RuleID = "cwd-not-found"
	RuleSpawnFailed                RuleID = "spawn-failed"
	RuleProcessExited              RuleID = "process-exited"
	RuleStdoutClosed               RuleID = "stdout-closed"
	RuleStdoutNotProtocol          RuleID = "stdout-not-protocol"
	RuleTimeout                    RuleID = "timeout"
	RuleProtocolError              RuleID = "protocol-error"
	RuleTransportUnsupported       RuleID = "transport-unsupported"
	RuleInvalidTarget              RuleID = "invalid-target"
	RuleToolsCursorLoop            RuleID = "tools-cursor-loop"
	RuleToolsTooManyPages          RuleID = "tools-too-many-pages"
	RuleToolsTooMany               RuleID = "tools-too-many"
	RuleToolsTooLarge              RuleID = "tools-too-large"
	RuleToolFieldCut               RuleID = "tool-field-cut"
	RuleToolSchemaTooLarge         RuleID = "tool-schema-too-large"
	RuleMessageTooLarge            RuleID = "message-too-large"
	RuleOutputTooLarge             RuleID = "output-too-large"
	RuleToolsExcluded              RuleID = "tools-excluded"
	RuleServerAsked                RuleID = "server-asked"
	RuleListFailed                 RuleID = "list-failed"
	RuleConnectionRefused          RuleID = "connection-refused"
	RuleHostNotFound               RuleID = "host-not-found"
	RuleConnectionFailed           RuleID = "connection-failed"
	RuleTLSError                   RuleID = "tls-error"
	RuleHTTPStatus                 RuleID = "http-status"
	RuleHTTPForbidden              RuleID = "http-forbidden"
	RuleNotMCPEndpoint             RuleID = "not-mcp-endpoint"
	RuleWrongTransport             RuleID = "wrong-transport"
	RuleTransportFallback          RuleID = "transport-fallback"
	RuleHTTPRedirect               RuleID = "http-redirect"
	RuleTooManyRedirects           RuleID = "too-many-redirects"
	RuleSSEEndpointOtherOrigin     RuleID = "sse-endpoint-other-origin"
	RuleURLRefused                 RuleID = "url-refused"
	RuleAuthRequired               RuleID = "auth-required"
	RuleAuthRejected               RuleID = "auth-rejected"
	RuleAuthInsufficientScope      RuleID = "auth-insufficient-scope"
	RuleAuthNoChallenge            RuleID = "auth-no-challenge"
	RuleAuthChallengeInvalid       RuleID = "auth-challenge-invalid"
	RuleAuthNoResourceMetadata     RuleID = "auth-no-resource-metadata"
	RuleAuthResourceMismatch       RuleID = "auth-resource-mismatch"
	RuleAuthNoAuthorizationServers RuleID = "auth-no-authorization-servers"
	RuleAuthMetadataInvalid        RuleID = "auth-metadata-invalid"
	RuleAuthMetadataRejected       RuleID = "auth-metadata-rejected"
	RuleAuthServerMetadataMissing  RuleID = "auth-server-metadata-missing"
	RuleAuthIssuerMismatch         RuleID = "auth-issuer-mismatch"
	RuleAuthNoPKCES256             RuleID = "auth-no-pkce-s256"
	RuleAuthNoRegistration         RuleID = "auth-no-registration"
	RuleEnvFile                    RuleID = "env-file"
	RuleUnresolved                 RuleID = "unresolved"
	RuleMissingVariable            RuleID = "missing-variable"
	RuleToolNameCollision          RuleID = "tool-name-collision"
	RuleToolNameTooLong            RuleID = "tool-name-too-long"
	RuleToolNameInvalid            RuleID = "tool-name-invalid"
	RuleToolSchemaInvalid          RuleID = "tool-schema-invalid"
	RuleToolSchemaNotObject        RuleID = "tool-schema-not-object"
	RuleToolNameShared             RuleID = "tool-name-shared"
	RuleToolHiddenText             RuleID = "tool-hidden-text"
	RuleToolBidiControl            RuleID = "tool-bidi-control"
	RuleToolInvisibleCharacter     RuleID = "tool-invisible-character"
	RuleToolIgnoreInstructions     RuleID = "tool-ignore-instructions"
	RuleToolHidesFromUser          RuleID = "tool-hides-from-user"
	RuleToolReadsSecrets           RuleID = "tool-reads-secrets"
	RuleToolInstructionBlock       RuleID = "tool-instruction-block"
	RuleToolNamesOtherServer       RuleID = "tool-names-other-server"
	RuleToolObfuscatedText         RuleID = "tool-obfuscated-text"
	RuleInternalError              RuleID = "internal-error"
)

// The tool lock (mcpconf probe --check-lock).
const (
	RuleLockToolAdded       RuleID = "lock-tool-added"
	RuleLockToolRemoved     RuleID = "lock-tool-removed"
	RuleLockToolChanged     RuleID = "lock-tool-changed"
	RuleLockServerAdded     RuleID = "lock-server-added"
	RuleLockServerRemoved   RuleID = "lock-server-removed"
	RuleLockServerUnchecked RuleID = "lock-server-unchecked"
	RuleLockServerChanged   RuleID = "lock-server-changed"
)
