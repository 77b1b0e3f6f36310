package normalize

// The descriptor's Expansion section (Client.Expansion): the placeholders a
// client expands, where, and what an unset variable becomes.

import (
	"fmt"
	"slices"
	"strings"
)

// Expansion is what a client expands in the values of a server.
type Expansion struct {
	// Placeholders are the syntaxes the client expands; nil when it sends
	// every value literally. VarForm is how a user writes a reference to
	// variable NAME in a value ("${NAME}", "${env:NAME}", "{env:NAME}",
	// "$NAME"), with %s for the name; "" when the client expands none.
	Placeholders []Syntax
	VarForm      string
	// ElsewhereHint, for a file read by a descriptor that expands nothing
	// while the client expands its other files (File.Dialect: Qwen Code's
	// .mcp.json), is what to do with a variable there, %s for its name.
	ElsewhereHint string
	// WindowsOnly are the syntaxes of Placeholders the client expands only
	// when it runs on Windows (Gemini CLI's %VAR%). Lint, which does not
	// know where a file is used, counts them as the client's everywhere.
	WindowsOnly []Syntax
	// EditorVars are the editor variables (Editor syntax) the client
	// expands, when not all of them: Roo Code knows ${workspaceFolder} and
	// not ${userHome}.
	EditorVars []string
	// VarsByName is set for clients that read variables by name in
	// dedicated fields instead of placeholders (Codex: env_vars,
	// bearer_token_env_var, env_http_headers).
	VarsByName bool
	// NameFields hold variable names, never values (Codex's by-name
	// fields): secrets and placeholders are not looked for there.
	NameFields []string
	// ByName says, for a client that reads variables by name
	// (VarsByName), which field does what, for writing a definition: the
	// list of variables passed to a stdio server whole (Env), the variable
	// that holds a remote server's bearer token (Bearer), the table of
	// headers read from variables (Headers).
	ByName *ByName
	// ValueCommands: env and header values are read with pisces's
	// semantics at connect time (a leading "!" runs a shell command, a bare
	// variable name is dereferenced).
	ValueCommands bool
	// ExpandFields are the server fields in which the client expands
	// placeholders (canonical names: command, args, env, url, headers,
	// cwd); nil means every string.
	ExpandFields []string
	// Unset says what the client does when a variable a value needs is
	// not set, field by field (UnsetIn); a field without a rule keeps the
	// placeholder syntax's way (left literal; opencode's {env:} empty).
	Unset []UnsetRule
	// PlaceholdersUnverified: no source says whether the client expands
	// placeholders; findings that depend on it are softened.
	PlaceholdersUnverified bool
	// ExpandsEveryString: the client expands placeholders in every string
	// of an entry, "type" included, before reading it.
	ExpandsEveryString bool
	// EnvFiles are the files whose env object the client sets into its own
	// environment as it starts, before it reads a server, lowest
	// precedence first: each file's variables override the environment
	// the client was started with and those of the files before it (a
	// file's drop-ins, File.DropIns, override it in name order; of a
	// group, File.Group, the file the client reads counts). Everything the
	// client reads from its environment after that sees them: its
	// servers' placeholders, the command lines and URLs its lists match
	// once expanded, a Lock's Env, what a started server inherits. The
	// variables that locate its files (a Base's Var) are read before.
	// Nil: the environment it was started with, alone.
	EnvFiles []EnvFile
}

// EnvFile is a file whose object at Path the client sets, name by name,
// into its own environment (Expansion.EnvFiles).
type EnvFile struct {
	File File
	Path []string
	// Values says which values are set and as what text.
	Values EnvValues
	// Keeps, when set, says whether the client sets the variable name to
	// value (text already); it drops the others.
	Keeps func(name, value string) bool
	// Source is where the fact comes from.
	Source string
}

// EnvValues says which values of an env object a client sets, and how it
// makes them text.
type EnvValues int

const (
	// EnvScalars: text, numbers and booleans, numbers written as
	// JavaScript writes them (1e21 is "1e+21"); any other value is not
	// set.
	EnvScalars EnvValues = iota
	// EnvAnyValue: every value, made text as JavaScript's String() makes
	// it (null is "null", [1,[2]] is "1,2", an object "[object Object]").
	EnvAnyValue
)

// EnvSetting is a variable a file sets into a client's own environment
// (Expansion.EnvFiles).
type EnvSetting struct {
	Name, Value string
	// Path is the display path of the file, Pos the position of the
	// variable's key in it.
	Path string
	Pos  Pos
}

// Unset is what a client does with a value that needs a variable that is
// not set.
type Unset int

const (
	// UnsetUnknown: no fact; mcpconf keeps the placeholder syntax's way
	// (the placeholder sent as written, opencode's {env:} empty).
	UnsetUnknown Unset = iota
	// UnsetLiteral: the placeholder is sent as written.
	UnsetLiteral
	// UnsetEmpty: the placeholder becomes an empty string.
	UnsetEmpty
	// UnsetDropped: the value is not sent at all (the variable is not
	// passed, the header is left out).
	UnsetDropped
	// UnsetFails: the client does not start the server.
	UnsetFails
)

// UnsetRule is what a client does when a variable a field needs is not
// set.
type UnsetRule struct {
	// Field is a server field in mcpconf's canonical names (command,
	// args, env, url, headers, cwd) or a field that names variables
	// (env_vars, bearer_token_env_var, env_http_headers); "" for every
	// field another rule does not name.
	Field string
	Does  Unset
	// EmptyToo: a variable set to "" is treated as one not set (Codex:
	// an empty bearer token fails, a blank header value is left out).
	EmptyToo bool
	// Message and EmptyMessage are the client's own messages when it
	// does not start the server for a variable not set, or set to ""
	// (EmptyToo): %[1]s is the variable, %[2]s the server's name.
	Message, EmptyMessage string
	// Source is where the fact comes from.
	Source string
}

// UnsetIn is client c's rule for an unset variable in field: the rule
// naming the field, else the rule for every field, else one whose Does
// is UnsetUnknown.
func (c *Client) UnsetIn(field string) UnsetRule {
	var any UnsetRule
	for _, r := range c.Unset {
		switch r.Field {
		case field:
			return r
		case "":
			any = r
		}
	}
	return any
}

// ExtensionVar reports whether the client replaces ${name} in the value of
// a server an extension brings (ExtensionSpec.Vars: Gemini CLI's
// ${extensionPath}): lint must not take it for a variable of the
// environment or of another client.
func (c *Client) ExtensionVar(s *Server, name string) bool {
	if s.Source.Scope == PluginScope && c.Plugins != nil {
		return name == c.Plugins.RootVar || slices.Contains(c.Plugins.EnvOwn, name)
	}
	if s.Source.Scope != ExtensionScope {
		return false
	}
	for _, f := range c.Files {
		if f.Extension != nil {
			if _, ok := f.Extension.Vars[name]; ok {
				return true
			}
		}
	}
	return false
}

// UndeclaredInput says what the client does with an ${input:id} that the
// file's "inputs" does not declare: lint's unknown-input, explain (the
// server is invalid for the client), explain --resolve and probe all say
// it in these words.
func (c *Client) UndeclaredInput(id string) string {
	return fmt.Sprintf("input %q is not declared in \"inputs\": %s does not start the server (%q)", id, c.Product, fmt.Sprintf(c.UndefinedInput, id))
}

// Expands reports whether the client expands placeholders of syntax s.
func (c *Client) Expands(s Syntax) bool { return slices.Contains(c.Placeholders, s) }

// ExpandsVar reports whether the client expands a placeholder of syntax s
// naming name.
func (c *Client) ExpandsVar(s Syntax, name string) bool {
	if !c.Expands(s) {
		return false
	}
	return s != Editor || c.EditorVars == nil || slices.Contains(c.EditorVars, name)
}

// PlaceholdersOn are the syntaxes the client expands when it runs on goos.
func (c *Client) PlaceholdersOn(goos string) []Syntax {
	if goos == "windows" || len(c.WindowsOnly) == 0 {
		return c.Placeholders
	}
	var out []Syntax
	for _, s := range c.Placeholders {
		if !slices.Contains(c.WindowsOnly, s) {
			out = append(out, s)
		}
	}
	return out
}

// VarRef is how a user writes a reference to variable name in a value of
// this client, or "" when the client expands no variables.
func (c *Client) VarRef(name string) string {
	if c.VarForm == "" {
		return ""
	}
	return strings.Replace(c.VarForm, "%s", name, 1)
}
