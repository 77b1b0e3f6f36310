package validate

// structureRules check the shape of each definition: transport, fields,
// names, URLs, timeouts.
var structureRules = []*Rule{
	TransportConflict,
	MissingCommand,
	MissingURL,
	UnknownTransport,
	ImplicitStdio,
	DeprecatedSSE,
	FieldForOtherTransport,
	InvalidURL,
	InsecureURL,
	ServerName,
	NameLength,
	TimeoutUnits,
	InvalidEnabled,
	ToolFilterConflict,
	UnknownField,
}
