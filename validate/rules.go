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
	syntaxRule,
	unreadableRule,
	duplicateKeyRule,
	wrongRootKeyRule,
	missingServersKeyRule,
	schemaRule,
	ignoredFileRule,
	systemFileSkippedRule,
	skippedFileRule,
	voidSettingsRule,
	lintConfigRule,

	// structure
	transportConflictRule,
	missingCommandRule,
	missingURLRule,
	unknownTransportRule,
	implicitStdioRule,
	deprecatedSSERule,
	noSSETransportRule,
	fieldForOtherTransportRule,
	invalidURLRule,
	insecureURLRule,
	serverNameRule,
	nameLengthRule,
	timeoutUnitsRule,
	invalidEnabledRule,
	refusedConfigRule,
	legacyProfileRule,
	invalidTrustLevelRule,
	invalidFieldRule,
	toolFilterConflictRule,
	unknownFieldRule,
	layerPatchRule,

	// values and relations
	shadowedRule,
	driftRule,
	unmatchedListEntryRule,
	allowListDropsRule,
	clientDropsRule,
	nameCollisionRule,
	hardcodedSecretRule,
	foreignPlaceholderRule,
	templateValueRule,
	emptyCredentialRule,
	userHomePathRule,
	undefinedVariableRule,
	unknownInputRule,
	shellCommandValueRule,
	homeInCommandRule,
	commandLineRule,
	packageAsCommandRule,
	installCommandRule,
	inspectorWrapperRule,
	osMismatchRule,
	bareEnvNameRule,
	envBlockedRule,
	envNotPassedRule,
	dockerEnvRule,
	npxWithoutYesRule,
	npxUnknownOptionRule,
	unpinnedPackageRule,
	policyRule,
}

// Rules returns every rule, in documentation order.
func Rules() []*Rule { return slices.Clone(rules) }
