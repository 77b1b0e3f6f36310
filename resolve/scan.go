package resolve

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Syntax names one placeholder syntax; the type and its values live in
// package normalize, beside the client descriptors that list them.
type Syntax = normalize.Syntax

// The syntaxes, named after their shape.
const (
	Dollar    = normalize.Dollar    // ${VAR}, ${VAR:-default}
	Bare      = normalize.Bare      // $VAR (Gemini only)
	EnvColon  = normalize.EnvColon  // ${env:VAR}
	Input     = normalize.Input     // ${input:id} (VS Code)
	Editor    = normalize.Editor    // ${workspaceFolder}, ${userHome}, ${/}, …
	Brace     = normalize.Brace     // {env:VAR} (opencode)
	BraceFile = normalize.BraceFile // {file:path} (opencode)
	Percent   = normalize.Percent   // %VAR% (Gemini on Windows)
	// Foreign to every client: placeholders of other languages that users
	// copy into configs, which every client sends literally.
	JSEnv    = normalize.JSEnv    // ${process.env.VAR}, or process.env.VAR as the whole value
	Mustache = normalize.Mustache // {{VAR}}, {{ VAR }}, ${{ secrets.VAR }}
)

// Placeholder is one placeholder found in a string.
type Placeholder struct {
	Syntax Syntax
	// Name is the variable name, the input id, the editor variable
	// ("workspaceFolder", "/") or, for BraceFile, the path as written.
	Name string
	// Default is the raw text after ":-" in ${VAR:-default}; it may itself
	// hold placeholders (Scan it to find them).
	Default    string
	HasDefault bool
	// Start and End are byte offsets in the scanned string; Text is s[Start:End].
	Start, End int
	Text       string
}

// editorNames are the VS Code predefined variables the clients document for
// MCP configs; other VS Code variables (${file}, ${cwd}, …) are not listed
// by any client for MCP, so they fall through to Dollar.
var editorNames = map[string]bool{
	"workspaceFolder":         true,
	"workspaceFolderBasename": true,
	"userHome":                true,
	"pathSeparator":           true,
}

// mask is a set of syntaxes; scanning with a subset mimics a client that
// only knows those syntaxes.
type mask uint16

func bit(s Syntax) mask {
	switch s {
	case Dollar:
		return mDollar
	case Bare:
		return mBare
	case EnvColon:
		return mEnvColon
	case Input:
		return mInput
	case Editor:
		return mEditor
	case Brace:
		return mBrace
	case BraceFile:
		return mBraceFile
	case Percent:
		return mPercent
	case JSEnv:
		return mJSEnv
	case Mustache:
		return mMustache
	}
	return 0
}

func maskOf(ss []Syntax) mask {
	var m mask
	for _, s := range ss {
		m |= bit(s)
	}
	return m
}

const (
	mDollar mask = 1 << iota
	mBare
	mEnvColon
	mInput
	mEditor
	mBrace
	mBraceFile
	mPercent
	mJSEnv
	mMustache

	// the syntaxes found at a "$", at a "{" and at a "%"
	dollarSyntaxes = mDollar | mBare | mEnvColon | mInput | mEditor | mJSEnv | mMustache
	braceSyntaxes  = mBrace | mBraceFile | mMustache
	allMask        = dollarSyntaxes | braceSyntaxes | mPercent
)

func (m mask) has(s Syntax) bool { return m&bit(s) != 0 }

// Scan returns every placeholder of every syntax in s, in order and without
// overlaps. Where two syntaxes could claim the same text the most specific
// wins: ${env:X} is EnvColon (its {env:X} is not also Brace), ${userHome} is
// Editor, not Dollar. A "{" right after "$" never starts a Brace placeholder.
//
// Names: ${VAR}, $VAR and %VAR% take [A-Za-z_][A-Za-z0-9_]*; ${env:…},
// ${input:…} take anything up to "}" except "{", as VS Code does; {env:…}
// and {file:…} anything up to "}", as opencode does.
//
// Defaults are not scanned: ${A:-${B}} is one Dollar placeholder whose
// Default is "${B}". "$$" is not an escape in any client read, so "$${X}"
// holds the placeholder "${X}".
//
// Two syntaxes no client expands are found too, so that a value written
// in them is known for a placeholder sent literally rather than taken for
// a secret: JSEnv, ${process.env.NAME} anywhere and process.env.NAME when
// it is the whole string (inside a longer string it is JavaScript code, as
// in "node -e"), and Mustache, {{NAME}} or {{ NAME }} (also "${{ … }}",
// GitHub Actions), whose name starts with a letter or "_" and holds
// letters, digits, "_", "." and "-" (so Go templates such as {{.Names}}
// and {{json .}} are not placeholders).
func Scan(s string) []Placeholder {
	return scan(s, allMask, nil)
}

// scan appends to dst the placeholders of the syntaxes in m.
func scan(s string, m mask, dst []Placeholder) []Placeholder {
	if m == 0 {
		return dst
	}
	if m.has(JSEnv) && strings.HasPrefix(s, jsEnvPrefix) && len(s) > len(jsEnvPrefix) &&
		isNameStart(s[len(jsEnvPrefix)]) && nameEnd(s, len(jsEnvPrefix)) == len(s) {
		return append(dst, Placeholder{Syntax: JSEnv, Name: s[len(jsEnvPrefix):], Start: 0, End: len(s), Text: s})
	}
	sc := scanner{s: s, m: m, nextClose: -2}
	starts := sc.startChars()
	for i := 0; i < len(s); {
		j := strings.IndexAny(s[i:], starts)
		if j < 0 {
			break
		}
		i += j
		var p Placeholder
		ok := false
		switch s[i] {
		case '$':
			p, ok = sc.dollar(i)
		case '{':
			if i > 0 && s[i-1] == '$' {
				break // "${…" is the dollar forms' business
			}
			if m.has(Mustache) && i+1 < len(s) && s[i+1] == '{' {
				p, ok = sc.mustache(i, i)
			}
			if !ok {
				p, ok = sc.brace(i)
			}
		case '%':
			p, ok = sc.percent(i)
		}
		if !ok {
			i++
			continue
		}
		p.Text = s[p.Start:p.End]
		dst = append(dst, p)
		i = p.End
	}
	return dst
}

type scanner struct {
	s string
	m mask
	// closeOf maps the index of each "${" to its matching "}", built on the
	// first default so that unbalanced input stays linear.
	closeOf map[int]int
	// nextClose caches the index of the next "}" (-1: none, -2: unknown) so
	// Brace scanning stays linear on input like "{env:{env:{env:".
	nextClose int
}

// startSets holds the first bytes to look for, indexed by which of the "$",
// "{" and "%" families are scanned, so that scanning does not allocate.
var startSets = [8]string{"", "$", "{", "${", "%", "$%", "{%", "${%"}

func (sc *scanner) startChars() string {
	i := 0
	if sc.m&dollarSyntaxes != 0 {
		i |= 1
	}
	if sc.m&braceSyntaxes != 0 {
		i |= 2
	}
	if sc.m&mPercent != 0 {
		i |= 4
	}
	return startSets[i]
}

// dollar parses the "$" forms at s[i] == '$', most specific first.
func (sc *scanner) dollar(i int) (Placeholder, bool) {
	s, m := sc.s, sc.m
	if i+1 >= len(s) {
		return Placeholder{}, false
	}
	if s[i+1] != '{' {
		if !m.has(Bare) || !isNameStart(s[i+1]) {
			return Placeholder{}, false
		}
		e := nameEnd(s, i+1)
		return Placeholder{Syntax: Bare, Name: s[i+1 : e], Start: i, End: e}, true
	}
	body := i + 2
	if m.has(Mustache) && body < len(s) && s[body] == '{' {
		return sc.mustache(i, i+1) // ${{ secrets.X }}
	}
	if m.has(JSEnv) && strings.HasPrefix(s[body:], jsEnvPrefix) {
		from := body + len(jsEnvPrefix)
		if from < len(s) && isNameStart(s[from]) {
			if e := nameEnd(s, from); e < len(s) && s[e] == '}' {
				return Placeholder{Syntax: JSEnv, Name: s[from:e], Start: i, End: e + 1}, true
			}
		}
		return Placeholder{}, false
	}
	if m.has(EnvColon) && strings.HasPrefix(s[body:], "env:") {
		if p, ok := sc.prefixed(i, body+4, EnvColon); ok {
			return p, true
		}
	}
	if m.has(Input) && strings.HasPrefix(s[body:], "input:") {
		if p, ok := sc.prefixed(i, body+6, Input); ok {
			return p, true
		}
	}
	if body+1 < len(s) && s[body] == '/' && s[body+1] == '}' {
		if m.has(Editor) {
			return Placeholder{Syntax: Editor, Name: "/", Start: i, End: body + 2}, true
		}
		return Placeholder{}, false
	}
	if body >= len(s) || !isNameStart(s[body]) {
		return Placeholder{}, false
	}
	e := nameEnd(s, body)
	if e >= len(s) {
		return Placeholder{}, false
	}
	name := s[body:e]
	if s[e] == '}' {
		if m.has(Editor) && editorNames[name] {
			return Placeholder{Syntax: Editor, Name: name, Start: i, End: e + 1}, true
		}
		if m.has(Dollar) {
			return Placeholder{Syntax: Dollar, Name: name, Start: i, End: e + 1}, true
		}
		return Placeholder{}, false
	}
	if m.has(Dollar) && strings.HasPrefix(s[e:], ":-") {
		c, ok := sc.matchingClose(i)
		if !ok {
			return Placeholder{}, false
		}
		return Placeholder{Syntax: Dollar, Name: name, Default: s[e+2 : c], HasDefault: true, Start: i, End: c + 1}, true
	}
	return Placeholder{}, false
}

// prefixed parses "${prefix:name}" where name runs from from to the first
// "}" and holds no "{" (so ${env:${X}} leaves ${X} to be found on its own).
func (sc *scanner) prefixed(i, from int, syn Syntax) (Placeholder, bool) {
	s := sc.s
	k := from
	for k < len(s) && s[k] != '}' && s[k] != '{' {
		k++
	}
	if k == from || k >= len(s) || s[k] != '}' {
		return Placeholder{}, false
	}
	return Placeholder{Syntax: syn, Name: s[from:k], Start: i, End: k + 1}, true
}

// matchingClose returns the "}" that closes the "${" at open, counting only
// "${" as openers, as bash does ("${A:-{x}" has the default "{x").
func (sc *scanner) matchingClose(open int) (int, bool) {
	if sc.closeOf == nil {
		sc.closeOf = map[int]int{}
		var stack []int
		s := sc.s
		for k := 0; k < len(s); k++ {
			switch {
			case s[k] == '$' && k+1 < len(s) && s[k+1] == '{':
				stack = append(stack, k)
				k++
			case s[k] == '}' && len(stack) > 0:
				sc.closeOf[stack[len(stack)-1]] = k
				stack = stack[:len(stack)-1]
			}
		}
	}
	c, ok := sc.closeOf[open]
	return c, ok
}

// brace parses opencode's {env:VAR} and {file:path}; like opencode's
// /\{env:([^}]+)\}/ the name runs to the first "}".
func (sc *scanner) brace(i int) (Placeholder, bool) {
	s := sc.s
	var syn Syntax
	var from int
	switch {
	case sc.m.has(Brace) && strings.HasPrefix(s[i+1:], "env:"):
		syn, from = Brace, i+5
	case sc.m.has(BraceFile) && strings.HasPrefix(s[i+1:], "file:"):
		syn, from = BraceFile, i+6
	default:
		return Placeholder{}, false
	}
	if sc.nextClose == -2 || (sc.nextClose >= 0 && sc.nextClose < from) {
		if k := strings.IndexByte(s[from:], '}'); k >= 0 {
			sc.nextClose = from + k
		} else {
			sc.nextClose = -1
		}
	}
	c := sc.nextClose
	if c <= from { // none, or empty name
		return Placeholder{}, false
	}
	return Placeholder{Syntax: syn, Name: s[from:c], Start: i, End: c + 1}, true
}

// jsEnvPrefix starts a JavaScript environment lookup.
const jsEnvPrefix = "process.env."

// mustache parses "{{ NAME }}" whose first "{" is at open; the placeholder
// starts at start ("$" for GitHub Actions' "${{ … }}").
func (sc *scanner) mustache(start, open int) (Placeholder, bool) {
	s := sc.s
	k := open + 2
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k >= len(s) || !isNameStart(s[k]) {
		return Placeholder{}, false
	}
	from := k
	for k < len(s) && (isNameChar(s[k]) || s[k] == '.' || s[k] == '-') {
		k++
	}
	name := s[from:k]
	for k < len(s) && s[k] == ' ' {
		k++
	}
	if k+1 >= len(s) || s[k] != '}' || s[k+1] != '}' {
		return Placeholder{}, false
	}
	return Placeholder{Syntax: Mustache, Name: name, Start: start, End: k + 2}, true
}

// percent parses %VAR%. Two hex digits (%E2%) are taken for URL
// percent-encoding, not a variable: "a%E2%80%99b" holds no placeholder.
func (sc *scanner) percent(i int) (Placeholder, bool) {
	s := sc.s
	if i+1 >= len(s) || !isNameStart(s[i+1]) {
		return Placeholder{}, false
	}
	e := nameEnd(s, i+1)
	if e >= len(s) || s[e] != '%' {
		return Placeholder{}, false
	}
	name := s[i+1 : e]
	if len(name) == 2 && isHex(name[0]) && isHex(name[1]) {
		return Placeholder{}, false
	}
	return Placeholder{Syntax: Percent, Name: name, Start: i, End: e + 1}, true
}

func isNameStart(c byte) bool {
	return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z'
}

func isNameChar(c byte) bool {
	return isNameStart(c) || '0' <= c && c <= '9'
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// nameEnd returns the end of the [A-Za-z0-9_]* run starting at i.
func nameEnd(s string, i int) int {
	for i < len(s) && isNameChar(s[i]) {
		i++
	}
	return i
}
