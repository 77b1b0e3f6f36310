package validate

// Rules is the explicit list of every rule, in documentation order. The
// lists live in one file per group so that rules can be added without
// touching each other.
func Rules() []*Rule {
	out := make([]*Rule, 0, len(discoveryRules)+len(structureRules)+len(valueRules))
	out = append(out, discoveryRules...)
	out = append(out, structureRules...)
	out = append(out, valueRules...)
	return out
}
