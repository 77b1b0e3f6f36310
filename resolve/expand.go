package resolve

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/mcpconf/mcpconf/internal/safefile"
)

// Context is what expansion may read. Nothing is read from the process: a
// nil Lookup means no variable is set, a nil ReadFile means no file is read.
type Context struct {
	Lookup          func(name string) (string, bool)
	WorkspaceFolder string
	UserHome        string
	// Inputs holds VS Code ${input:id} answers; nil means nobody answered.
	// Declared, when not nil, are the ids the file's "inputs" declares:
	// VS Code refuses to start a server that uses another one, answered or
	// not.
	Inputs   map[string]string
	Declared map[string]bool
	// UndeclaredInput says what the client does with an input Declared
	// does not hold (normalize.Client.UndeclaredInput).
	UndeclaredInput func(id string) string
	// ReadFile reads opencode {file:path} files. It gets the path as written
	// (with "~/" replaced by UserHome) and resolves relative paths itself,
	// against the directory of the config file as opencode does. A file it
	// does not read is best refused with a *safefile.Error, whose reason
	// and hint the message reuses.
	ReadFile func(path string) ([]byte, error)
	// EditorVars, when not nil, are the only editor variables expanded;
	// the others stay literal, as a syntax the client does not know does.
	EditorVars []string
	// SetIn, when not nil, says which of the client's own files set a
	// variable Lookup holds (normalize.Set.SetIn: "~/.claude/settings.json:3:5"),
	// "" when the environment the client was started with holds it.
	SetIn func(name string) string
}

// Unresolved is a placeholder Expand could not resolve, with why.
type Unresolved struct {
	Placeholder
	Reason string
	// Hint says what to do, when the reason alone does not (a {file:}
	// that is not read).
	Hint string
}

// OriginKind says where a piece of a resolved value came from.
type OriginKind string

const (
	FromLiteral  OriginKind = "literal"  // written in the file
	FromVariable OriginKind = "variable" // an environment variable
	FromSetting  OriginKind = "setting"  // a variable a client's own file sets (Piece.From)
	FromDefault  OriginKind = "default"  // the default of ${VAR:-default}
	FromInput    OriginKind = "input"    // a VS Code ${input:id} answer
	FromEditor   OriginKind = "editor"   // ${workspaceFolder}, ${userHome}
	FromFile     OriginKind = "file"     // opencode {file:path}
	FromCommand  OriginKind = "command"  // a pisces !command
)

// Piece is one substituted part of an expanded value: the bytes
// [Start, End) of the result came from Origin, written as Text.
type Piece struct {
	Start, End int
	Kind       OriginKind
	Name       string // variable, input id, editor variable, file path or command
	Text       string // the placeholder as written
	// From is the file and position that set the variable, for
	// FromSetting.
	From string
}

// maxDepth bounds the nesting of defaults Expand follows (${A:-${B:-…}}).
const maxDepth = 8

// Expand replaces the placeholders of the given syntaxes in s and leaves
// everything else as written, as a client that knows only those syntaxes
// would: with just Dollar, "${userHome}" is the variable userHome.
//
// An unset variable without a default stays literal and is reported, except
// opencode's {env:X}, which becomes "" (as in opencode) and is reported all
// the same. ${VAR:-default} takes the default when VAR is unset or empty, as
// in the shell; the default is expanded in turn, substituted values are not.
// Offsets in the Unresolved placeholders are offsets in s.
func Expand(s string, syntaxes []Syntax, ctx Context) (string, []Unresolved) {
	out, _, un := trace(s, syntaxes, ctx)
	return out, un
}

// trace is Expand that also says where each substituted piece of the
// result came from (variables, defaults, inputs, files), for output that
// shows the origin of a value without the value.
func trace(s string, syntaxes []Syntax, ctx Context) (string, []Piece, []Unresolved) {
	m := maskOf(syntaxes)
	if m == 0 {
		return s, nil, nil
	}
	e := expander{ctx: ctx, m: m}
	var b strings.Builder
	e.out = &b
	e.expandTo(s, 0, 0)
	return b.String(), e.pieces, e.unresolved
}

type expander struct {
	ctx        Context
	m          mask
	unresolved []Unresolved
	out        *strings.Builder
	pieces     []Piece
}

// expandTo writes the expansion of s to e.out, recording the pieces.
func (e *expander) expandTo(s string, base, depth int) {
	ps := scan(s, e.m, nil)
	last := 0
	for _, p := range ps {
		e.out.WriteString(s[last:p.Start])
		start := e.out.Len()
		v, kind, name := e.valueOrigin(p, base, depth)
		if kind == "" {
			last = p.End
			continue // a default, expanded in place with its own pieces
		}
		e.out.WriteString(v)
		if kind == FromVariable && e.ctx.SetIn != nil {
			if from := e.ctx.SetIn(name); from != "" {
				e.pieces = append(e.pieces, Piece{Start: start, End: e.out.Len(), Kind: FromSetting, Name: name, Text: p.Text, From: from})
				last = p.End
				continue
			}
		}
		if kind != FromLiteral {
			e.pieces = append(e.pieces, Piece{Start: start, End: e.out.Len(), Kind: kind, Name: name, Text: p.Text})
		}
		last = p.End
	}
	e.out.WriteString(s[last:])
}

// valueOrigin resolves p, or expands its default into e.out and returns
// an empty kind. A placeholder left as written is FromLiteral.
func (e *expander) valueOrigin(p Placeholder, base, depth int) (string, OriginKind, string) {
	switch p.Syntax {
	case Dollar:
		// Set, even to "", wins over the default: Claude Code and Gemini
		// CLI both give "" for ${VAR:-d} with VAR="" (testdata/clients/
		// claude-env-set, gemini-env-set), unlike a POSIX shell.
		if v, ok := e.lookup(p.Name); ok {
			return v, FromVariable, p.Name
		}
		if !p.HasDefault {
			e.report(p, base, fmt.Sprintf("variable %q is not set", p.Name))
			return p.Text, FromLiteral, ""
		}
		if depth >= maxDepth {
			e.report(p, base, fmt.Sprintf("default of %q is nested too deeply to expand", p.Name))
			return p.Default, FromDefault, p.Name
		}
		start := e.out.Len()
		n := len(e.pieces)
		e.expandTo(p.Default, base+p.Start+len(p.Name)+4, depth+1)
		if len(e.pieces) == n && e.out.Len() > start {
			e.pieces = append(e.pieces, Piece{Start: start, End: e.out.Len(), Kind: FromDefault, Name: p.Name, Text: p.Text})
		}
		return "", "", ""
	}
	v := e.value(p, base, depth)
	switch {
	case v == p.Text:
		return v, FromLiteral, ""
	case p.Syntax == Input:
		return v, FromInput, p.Name
	case p.Syntax == Editor:
		return v, FromEditor, p.Name
	case p.Syntax == BraceFile:
		return v, FromFile, p.Name
	case p.Syntax == Brace && v == "":
		if _, ok := e.lookup(p.Name); !ok {
			return v, FromLiteral, "" // unset: opencode's empty string
		}
	}
	return v, FromVariable, p.Name
}

// expand expands s, which sits at offset base of the string given to Expand.
func (e *expander) expand(s string, base, depth int) string {
	ps := scan(s, e.m, nil)
	if len(ps) == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s))
	last := 0
	for _, p := range ps {
		b.WriteString(s[last:p.Start])
		b.WriteString(e.value(p, base, depth))
		last = p.End
	}
	b.WriteString(s[last:])
	return b.String()
}

// value returns what p becomes; p's offsets are relative to base.
func (e *expander) value(p Placeholder, base, depth int) string {
	switch p.Syntax {
	case Dollar:
		if v, ok := e.lookup(p.Name); ok {
			return v
		}
		if !p.HasDefault {
			e.report(p, base, fmt.Sprintf("variable %q is not set", p.Name))
			return p.Text
		}
		if depth >= maxDepth {
			e.report(p, base, fmt.Sprintf("default of %q is nested too deeply to expand", p.Name))
			return p.Default
		}
		// The default sits after "${NAME:-".
		return e.expand(p.Default, base+p.Start+len(p.Name)+4, depth+1)
	case Bare, EnvColon, Percent:
		if v, ok := e.lookup(p.Name); ok {
			return v
		}
		e.report(p, base, fmt.Sprintf("variable %q is not set", p.Name))
		return p.Text
	case Brace:
		if v, ok := e.lookup(p.Name); ok {
			return v
		}
		e.report(p, base, fmt.Sprintf("variable %q is not set, opencode substitutes an empty string", p.Name))
		return ""
	case Input:
		if e.ctx.Declared != nil && !e.ctx.Declared[p.Name] {
			e.report(p, base, e.ctx.UndeclaredInput(p.Name))
			return p.Text
		}
		if v, ok := e.ctx.Inputs[p.Name]; ok {
			return v
		}
		if e.ctx.Inputs == nil {
			e.report(p, base, fmt.Sprintf("input %q is prompted for when the server starts", p.Name))
		} else {
			e.report(p, base, fmt.Sprintf("input %q has no value", p.Name))
		}
		return p.Text
	case Editor:
		return e.editor(p, base)
	case BraceFile:
		return e.file(p, base)
	}
	return p.Text
}

func (e *expander) editor(p Placeholder, base int) string {
	if e.ctx.EditorVars != nil && !slices.Contains(e.ctx.EditorVars, p.Name) {
		return p.Text
	}
	switch p.Name {
	case "workspaceFolder", "workspaceFolderBasename":
		dir := e.ctx.WorkspaceFolder
		if dir == "" {
			e.report(p, base, "workspace folder is not known")
			return p.Text
		}
		if p.Name == "workspaceFolderBasename" {
			return filepath.Base(dir)
		}
		return dir
	case "userHome":
		if e.ctx.UserHome == "" {
			e.report(p, base, "user home is not known")
			return p.Text
		}
		return e.ctx.UserHome
	case "pathSeparator", "/":
		return string(filepath.Separator)
	}
	return p.Text
}

// file reads an opencode {file:path}: contents trimmed, like opencode. The
// JSON escaping opencode applies is left out, since values here are already
// decoded strings.
func (e *expander) file(p Placeholder, base int) string {
	path := p.Name
	if rest, ok := strings.CutPrefix(path, "~/"); ok && e.ctx.UserHome != "" {
		path = filepath.Join(e.ctx.UserHome, rest)
	}
	if e.ctx.ReadFile == nil {
		e.report(p, base, fmt.Sprintf("file %q is not read", path))
		return p.Text
	}
	data, err := e.ctx.ReadFile(path)
	if err != nil {
		reason, hint := fileProblem(p, err)
		e.report(p, base, reason)
		e.unresolved[len(e.unresolved)-1].Hint = hint
		return p.Text
	}
	return strings.TrimSpace(string(data))
}

// fileProblem says why {file:path} was not read, and what to do:
// `{file:./fifo} is not read: "./fifo" is a named pipe, not a regular
// file`. The path is the one written.
func fileProblem(p Placeholder, err error) (reason, hint string) {
	text := p.Text
	if strings.ContainsFunc(text, func(r rune) bool { return !unicode.IsPrint(r) }) {
		text = strconv.Quote(text)
	}
	var fe *safefile.Error
	if errors.As(err, &fe) {
		hint = fe.Hint
		if errors.Is(err, fs.ErrNotExist) {
			hint = "create the file, or fix the path in " + text
		}
		return fmt.Sprintf("%s is not read: %q %s", text, p.Name, fe.Reason), hint
	}
	var pe *fs.PathError
	if errors.As(err, &pe) { // its message repeats the path
		err = pe.Err
	}
	return fmt.Sprintf("%s is not read: %v", text, err), ""
}

func (e *expander) lookup(name string) (string, bool) {
	if e.ctx.Lookup == nil {
		return "", false
	}
	return e.ctx.Lookup(name)
}

func (e *expander) report(p Placeholder, base int, reason string) {
	p.Start += base
	p.End += base
	e.unresolved = append(e.unresolved, Unresolved{Placeholder: p, Reason: reason})
}
