package normalize

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// NamePattern is a client's own rule for server names, as its code
// writes it: a regular expression of one character class, such as Codex's
// `^[a-zA-Z0-9_-]+$`. add and sync check a name against it before they
// write (define.For), lint's server-name quotes it.
type NamePattern struct {
	// Pattern is the expression as the client's code writes it, anchored.
	Pattern string
	// Refuses says what the client does with a name outside it, %q the
	// name: "refuses to start a server named %q".
	Refuses string
	// AddOnly: only the client's own command that adds servers refuses
	// such a name ("claude mcp add"); the client loads it from a file.
	// add writes it and warns; lint keeps the client's looser rule.
	AddOnly bool
	// Source is where the pattern is read, with the version.
	Source string

	once sync.Once
	re   *regexp.Regexp
}

func (p *NamePattern) compiled() *regexp.Regexp {
	p.once.Do(func() { p.re = regexp.MustCompile(p.Pattern) })
	return p.re
}

// Outside says what c does with a server named name outside the pattern:
// "Codex refuses to start a server named \"my server\"".
func (p *NamePattern) Outside(c *Client, name string) string {
	what := fmt.Sprintf(p.Refuses, name)
	if strings.HasPrefix(what, "refuses") {
		what = c.Product + " " + what
	}
	return what
}

// Match reports whether name meets the pattern.
func (p *NamePattern) Match(name string) bool { return p.compiled().MatchString(name) }

// Allows reports whether the pattern's character class holds r.
func (p *NamePattern) Allows(r rune) bool { return p.compiled().MatchString(string(r)) }

// Suggest is a name like name that meets the pattern (SuggestName).
func (p *NamePattern) Suggest(name string) string { return SuggestName(name, p.Allows) }

// asciiFold spells common accented Latin letters without their accents,
// so that a suggested name keeps them ("dépôt" → "depot", not "d-p-t").
// Built on first use: its tables cost half a megabyte, which every command
// would otherwise pay at start-up.
var asciiFold = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer(
		"à", "a", "á", "a", "â", "a", "ã", "a", "ä", "a", "å", "a", "æ", "ae", "ç", "c",
		"è", "e", "é", "e", "ê", "e", "ë", "e", "ì", "i", "í", "i", "î", "i", "ï", "i",
		"ñ", "n", "ò", "o", "ó", "o", "ô", "o", "õ", "o", "ö", "o", "ø", "o", "œ", "oe",
		"ù", "u", "ú", "u", "û", "u", "ü", "u", "ý", "y", "ÿ", "y", "ß", "ss", "ł", "l",
		"À", "A", "Á", "A", "Â", "A", "Ã", "A", "Ä", "A", "Å", "A", "Æ", "AE", "Ç", "C",
		"È", "E", "É", "E", "Ê", "E", "Ë", "E", "Ì", "I", "Í", "I", "Î", "I", "Ï", "I",
		"Ñ", "N", "Ò", "O", "Ó", "O", "Ô", "O", "Õ", "O", "Ö", "O", "Ø", "O", "Œ", "OE",
		"Ù", "U", "Ú", "U", "Û", "U", "Ü", "U", "Ý", "Y", "Ł", "L")
})

// SuggestName is a server name like name made of the characters ok
// allows: accents dropped, each run of other characters made one "-", in
// lower case ("My Server" → "my-server", as VS Code's guidance and most
// configs write names); "server" when nothing is left.
func SuggestName(name string, ok func(rune) bool) string {
	var b strings.Builder
	dash := false
	for _, r := range asciiFold().Replace(strings.TrimSpace(name)) {
		if ok(r) {
			b.WriteRune(r)
			dash = false
			continue
		}
		if !dash && b.Len() > 0 {
			b.WriteByte('-')
			dash = true
		}
	}
	out := strings.ToLower(strings.Trim(b.String(), "-"))
	if out == "" {
		return "server"
	}
	return out
}
