package normalize

// ChildEnv is the environment a client gives a stdio server it starts: its
// own environment (all of it, or only Keep), less what Redact removes, plus
// Set, then the definition's env less the Blocked keys. The zero value is
// what most clients do: everything inherited, env on top.
type ChildEnv struct {
	// Keep, when not nil, are the only variables of the client's own
	// environment a server inherits, compared case-insensitively (Codex
	// clears the rest); KeepWindows replaces it on Windows. A by-name list
	// of the definition (Codex env_vars) adds to it.
	Keep, KeepWindows []string
	// Redact removes inherited variables whose name or value looks like a
	// secret (Gemini CLI).
	Redact *Redaction
	// Set are variables the client adds before the definition's env.
	Set map[string]string
	// Hint says how to pass a variable the client leaves out, where lint
	// cannot write it for the definition (its by-name list, Expansion.ByName;
	// or its env, with a reference in VarForm); HintAlso is another way,
	// said after the one lint writes ("it" or "them" for its %s).
	Hint, HintAlso string
	// Blocked are env keys of a definition the client does not pass on,
	// compared case-insensitively.
	Blocked []string
	// EnvFile: the client loads the definition's envFile (a .env file)
	// over what the server inherits and under its env; a file it cannot
	// read stops the server from starting.
	EnvFile bool
	// AppendPath: a PATH in the definition's env is added to the end of
	// the inherited PATH instead of replacing it (VS Code).
	AppendPath bool
}

// Redaction says which inherited variables a client removes. A variable is
// judged by the first rule that decides, in the order of the fields.
type Redaction struct {
	KeepFirst     []string // name prefixes always kept
	ValuePatterns []string // case-insensitive regular expressions: a matching value is removed
	KeepPrefixes  []string // name prefixes kept
	// AllowedPath and BlockedPath are settings keys holding lists of
	// names the user keeps or removes (merged over the client's files).
	AllowedPath, BlockedPath []string
	Keep                     []string // names kept
	Remove                   []string // names removed
	NameParts                []string // a name containing one of these (any case) is removed
}
