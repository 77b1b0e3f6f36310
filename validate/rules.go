package validate

import "slices"

// rules is the explicit list of every rule, in documentation order: first
// those whose findings come from reading the files (syntax, schema, …),
// then the shape of each definition (transport, fields, names, URLs,
// timeouts), then values and relations between definitions (secrets,
// placeholders, commands, shadowing, collisions, policy). A new rule is one
// file holding its *Rule, its id in normalize/ruleid.go and one line here.
var rules = []*Rule{
	// reported while files are read (package discover) and listed here so
	// they have documentation, can be configured and show up in
	// `mcpconf rules`
	Syntax,
	Unreadable,
	DuplicateKey,
	WrongRootKey,
	MissingServersKey,
	Schema,
	IgnoredFile,
	SystemFileSkipped,
	LintConfig,

	// structure
	TransportConflict,
	MissingCommand,
	MissingURL,
	UnknownTransport,
	ImplicitStdio,
	DeprecatedSSE,
	NoSSETransport,
	FieldForOtherTransport,
	InvalidURL,
	InsecureURL,
	ServerName,
	NameLength,
	TimeoutUnits,
	InvalidEnabled,
	RefusedConfig,
	LegacyProfile,
	InvalidTrustLevel,
	InvalidField,
	ToolFilterConflict,
	UnknownField,
	LayerPatch,

	// values and relations
	Shadowed,
	Drift,
	UnmatchedListEntry,
	AllowListDrops,
	NameCollision,
	HardcodedSecret,
	ForeignPlaceholder,
	TemplateValue,
	EmptyCredential,
	UserHomePath,
	UndefinedVariable,
	UnknownInput,
	ShellCommandValue,
	HomeInCommand,
	CommandLine,
	OSMismatch,
	BareEnvName,
	EnvBlocked,
	EnvNotPassed,
	DockerEnv,
	NpxWithoutYes,
	NpxUnknownOption,
	UnpinnedPackage,
	PolicyRule,
}

// Rules returns every rule, in documentation order.
func Rules() []*Rule { return slices.Clone(rules) }
