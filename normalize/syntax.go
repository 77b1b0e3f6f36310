package normalize

// Syntax names one placeholder syntax. The type lives here, beside the
// client descriptors that say which syntaxes each client expands; package
// resolve scans and expands them.
type Syntax string

// The syntaxes, named after their shape.
const (
	Dollar    Syntax = "dollar"     // ${VAR}, ${VAR:-default}
	Bare      Syntax = "bare"       // $VAR (Gemini only)
	EnvColon  Syntax = "env-colon"  // ${env:VAR}
	Input     Syntax = "input"      // ${input:id} (VS Code)
	Editor    Syntax = "editor"     // ${workspaceFolder}, ${userHome}, ${/}, …
	Brace     Syntax = "brace"      // {env:VAR} (opencode)
	BraceFile Syntax = "brace-file" // {file:path} (opencode)
	Percent   Syntax = "percent"    // %VAR% (Gemini on Windows)
	// Syntaxes no client expands, copied from other languages' docs: a
	// client sends them literally.
	JSEnv    Syntax = "js-env"   // ${process.env.VAR}, or process.env.VAR as a whole value (JavaScript)
	Mustache Syntax = "mustache" // {{VAR}}, {{ VAR }}, ${{ secrets.VAR }} (templates, GitHub Actions)
)

// Form returns the syntax's shape as users write it, for messages.
func (s Syntax) Form() string {
	switch s {
	case Dollar:
		return "${VAR}"
	case Bare:
		return "$VAR"
	case EnvColon:
		return "${env:VAR}"
	case Input:
		return "${input:id}"
	case Editor:
		return "${workspaceFolder}"
	case Brace:
		return "{env:VAR}"
	case BraceFile:
		return "{file:path}"
	case Percent:
		return "%VAR%"
	case JSEnv:
		return "${process.env.VAR}"
	case Mustache:
		return "{{VAR}}"
	}
	return string(s)
}
