package resolve

// everySyntax returns every syntax, in a stable order.
func everySyntax() []Syntax {
	return []Syntax{Dollar, Bare, EnvColon, Input, Editor, Brace, BraceFile, Percent, JSEnv, Mustache}
}
