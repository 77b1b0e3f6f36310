package resolve

// clientSyntaxes lists what each client expands (formats.md, "Placeholders"
// of each client). A present key with no syntaxes means the client is known
// to send every value literally.
var clientSyntaxes = map[string][]Syntax{
	"pisces":   {Dollar},
	"claude":   {Dollar},
	"mcp-json": {Dollar},
	"cursor":   {EnvColon, Editor},
	"windsurf": {EnvColon},
	"vscode":   {Input, EnvColon, Editor},
	"codex":    nil,
	// Percent is expanded on Windows only, at connect time, in env and
	// headers; callers linting for another OS may drop it.
	"gemini":     {Dollar, Bare, Percent},
	"opencode":   {Brace, BraceFile},
	"agent-code": nil,
	// Providers the design welcomes but does not require.
	"roo":            {EnvColon, Editor},
	"cline":          nil,
	"zed":            nil,
	"claude-desktop": nil,
}

// SyntaxesFor returns the syntaxes the client expands, or nil for a client
// that expands none or that is unknown (see Known).
func SyntaxesFor(client string) []Syntax {
	ss := clientSyntaxes[client]
	if len(ss) == 0 {
		return nil
	}
	return append([]Syntax(nil), ss...)
}

// Known reports whether SyntaxesFor knows the client.
func Known(client string) bool {
	_, ok := clientSyntaxes[client]
	return ok
}

// Foreign reports whether p is of a syntax the client does not expand, so the
// client sends it literally. It is false for an unknown client, whose rules
// cannot be judged.
func Foreign(client string, p Placeholder) bool {
	ss, ok := clientSyntaxes[client]
	if !ok {
		return false
	}
	for _, s := range ss {
		if s == p.Syntax {
			return false
		}
	}
	return true
}
