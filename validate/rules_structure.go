package validate

// structureRules check the shape of each definition: transport, fields,
// names, URLs, timeouts.
var structureRules = []*Rule{}
