package validate

// valueRules check values and relations between definitions: secrets,
// placeholders, commands, shadowing, collisions, policy.
var valueRules = []*Rule{}
