package probe

import (
	"bytes"
	"encoding/json"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/secret"
)

// minSecretLen is the shortest secret value that is masked. Replacing a
// one- or two-character value everywhere would mangle every message (an
// exit code, a port) while hiding nothing a reader could not guess.
const minSecretLen = 4

// redactor replaces secret values by "***".
type redactor struct {
	r      *strings.Replacer
	jsonR  *strings.Replacer // the same values as they appear inside JSON strings
	active bool
}

func newRedactor(secrets []string) redactor {
	var pairs, jsonPairs []string
	// Longest first, so a secret that contains another is hidden whole.
	sorted := slices.Clone(secrets)
	slices.SortFunc(sorted, func(a, b string) int { return len(b) - len(a) })
	for _, s := range sorted {
		if len(s) < minSecretLen {
			continue
		}
		pairs = append(pairs, s, secret.Masked)
		b, _ := json.Marshal(s)
		if js := string(b[1 : len(b)-1]); js != s {
			jsonPairs = append(jsonPairs, js, secret.Masked)
		}
	}
	if len(pairs) == 0 {
		return redactor{}
	}
	rd := redactor{r: strings.NewReplacer(pairs...), active: true}
	rd.jsonR = strings.NewReplacer(append(jsonPairs, pairs...)...)
	return rd
}

func (rd redactor) str(s string) string {
	if !rd.active || s == "" {
		return s
	}
	return rd.r.Replace(s)
}

func (rd redactor) raw(b json.RawMessage) json.RawMessage {
	if !rd.active || len(b) == 0 {
		return b
	}
	s := string(b)
	if out := rd.jsonR.Replace(s); out != s {
		return json.RawMessage(out)
	}
	return b
}

// redactResult masks secrets in every string of r. It runs last, on the
// finished result, so no code path can forget it.
func redactResult(r *Result, secrets []string) {
	rd := newRedactor(secrets)
	if !rd.active {
		return
	}
	r.Reason = rd.str(r.Reason)
	r.Server.Name, r.Server.Version = rd.str(r.Server.Name), rd.str(r.Server.Version)
	for i := range r.Capabilities {
		r.Capabilities[i] = rd.str(r.Capabilities[i])
	}
	for i := range r.Tools {
		tl := &r.Tools[i]
		tl.Name, tl.Title, tl.Description = rd.str(tl.Name), rd.str(tl.Title), rd.str(tl.Description)
		tl.InputSchema = rd.raw(tl.InputSchema)
	}
	for i := range r.Stderr {
		r.Stderr[i] = rd.str(r.Stderr[i])
	}
	for i := range r.Diagnostics {
		d := &r.Diagnostics[i]
		d.Message, d.Hint = rd.str(d.Message), rd.str(d.Hint)
		for j := range d.Related {
			d.Related[j].Message = rd.str(d.Related[j].Message)
		}
	}
	if a := r.Auth; a != nil {
		a.redact(rd)
	}
}

// maskTokens hides credentials of well-known shapes (GitHub tokens, JWTs,
// "Bearer …") in text a server wrote, which may print what it was given
// even when the caller did not know it was a secret.
func maskTokens(s string) string {
	var b strings.Builder
	for {
		_, start, end, ok := secret.FindToken(s)
		if !ok {
			break
		}
		b.WriteString(s[:start])
		b.WriteString(secret.Masked)
		s = s[end:]
	}
	if b.Len() == 0 {
		return s
	}
	b.WriteString(s)
	return b.String()
}

var ansiEscape = sync.OnceValue(func() *regexp.Regexp {
	// CSI sequences (colors, cursor moves) and OSC sequences (titles, links).
	return regexp.MustCompile(`\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)`)
})

// cleanLine makes one line a server wrote safe to print: escape sequences
// removed (servers color their logs), other control characters and invalid
// UTF-8 replaced, long lines cut, known token shapes masked.
func cleanLine(s string, max int) string {
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansiEscape().ReplaceAllString(s, "")
	}
	s = strings.TrimRight(s, "\r\n")
	if !utf8.ValidString(s) {
		s = strings.ToValidUTF8(s, "\uFFFD")
	}
	if strings.IndexFunc(s, func(r rune) bool { return r != '\t' && unicode.IsControl(r) }) >= 0 {
		s = strings.Map(func(r rune) rune {
			if r != '\t' && unicode.IsControl(r) {
				return utf8.RuneError
			}
			return r
		}, s)
	}
	s = maskTokens(s)
	if len(s) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(s[cut]) {
			cut--
		}
		s = s[:cut] + "…"
	}
	return s
}

// quoteOutput quotes bytes a server wrote for a message: cleaned, cut and
// %q-quoted, so binary junk shows as escapes rather than garbling a
// terminal.
func quoteOutput(b []byte, max int) string {
	b = bytes.TrimRight(b, "\r\n")
	if len(b) > max {
		cut := max
		for cut > 0 && !utf8.RuneStart(b[cut]) {
			cut--
		}
		return strconv.Quote(maskTokens(string(b[:cut]))) + "…"
	}
	return strconv.Quote(maskTokens(string(b)))
}
