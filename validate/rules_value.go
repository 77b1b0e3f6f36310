package validate

// valueRules check values and relations between definitions: secrets,
// placeholders, commands, shadowing, collisions, policy.
var valueRules = []*Rule{
	Shadowed,
	NameCollision,
	HardcodedSecret,
	ForeignPlaceholder,
	UndefinedVariable,
	UnknownInput,
	ShellCommandValue,
	BareEnvName,
	NpxWithoutYes,
	UnpinnedPackage,
	PolicyRule,
}
