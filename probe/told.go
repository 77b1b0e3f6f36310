package probe

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
)

// The checks on what servers tell the model: a tool's name, title and
// description (Tool.Said), its annotations' title and the texts of its
// schemas (toolTexts) are text the model reads and obeys. They find
// characters the user does not see (Unicode tags, bidirectional controls,
// zero-width characters), instructions aimed at the model rather than
// describing the tool (keeping a step from the user, ignoring other
// instructions, reading credentials and passing them on, <IMPORTANT>
// blocks), as written, as the model reads them (told_fold.go) and in
// base64, and how they are disguised; a description that names another
// server's tools, and two servers exposing the same tool name.
//
// They run over every listing Check sees (up to 5,000 tools and 32 MiB per
// server), so each is linear in the text: one pass over the runes for
// characters and one to fold them; for instructions, keywords found in
// one pass over an ASCII-lowered copy (of the text, of its folded copy
// when folding changes its ASCII, of what its base64 decodes to: each
// byte is read a bounded number of times) and RE2 expressions (no
// backtracking) anchored where they are; one map lookup per word for
// names.

// maxToldPerRule bounds the diagnostics of one rule on one result: a
// server whose thousands of tools all carry a pattern gets this many, and
// one that says how many more.
const maxToldPerRule = 20

// evidenceBytes is how much of a matching sentence a message quotes.
const evidenceBytes = 120

// toldSink appends a result's findings, at most maxToldPerRule per rule.
type toldSink struct {
	r    *Result
	n    map[normalize.RuleID]int
	sev  map[normalize.RuleID]normalize.Severity
	over []normalize.RuleID
}

func newToldSink(r *Result) *toldSink {
	return &toldSink{r: r, n: map[normalize.RuleID]int{}, sev: map[normalize.RuleID]normalize.Severity{}}
}

func (s *toldSink) add(d normalize.Diagnostic) {
	s.n[d.Rule]++
	if s.n[d.Rule] <= maxToldPerRule {
		s.r.Diagnostics = append(s.r.Diagnostics, d)
		return
	}
	if s.n[d.Rule] == maxToldPerRule+1 {
		s.over = append(s.over, d.Rule)
	}
	s.sev[d.Rule] = max(s.sev[d.Rule], d.Severity)
}

func (s *toldSink) flush() {
	for _, rule := range s.over {
		n := s.n[rule] - maxToldPerRule
		s.r.Diagnostics = append(s.r.Diagnostics, diag(rule, s.sev[rule],
			fmt.Sprintf("%d more findings of %q on the tools of server %q", n, rule, s.r.Name),
			fmt.Sprintf("mcpconf reports the first %d findings of a kind per server; the others are of the same kind", maxToldPerRule)))
	}
}

// field is one text of a tool the checks read: what it is ("name",
// "title", "description", "annotations", "input schema", "output
// schema"), where in a schema (a path, "" elsewhere), and how the checks
// read it when not as sent (a note for messages: normalized, decoded).
type field struct {
	what, text, read string
	at               []string // valid during the call that gets the field
	base64           string   // the base64 text was decoded from, "" for none
}

// toolTexts calls fn with every text of t the model reads: its name,
// title and description, the title of its annotations, and the texts of
// its input and output schemas (schemaTexts).
func toolTexts(t Tool, fn func(field)) {
	fn(field{what: "name", text: t.Name})
	fn(field{what: "title", text: t.Title})
	fn(field{what: "description", text: t.Said})
	if len(t.Annotations) > 0 {
		title := t.Title
		schemaTexts(string(t.Annotations), "annotations", func(f field) {
			if len(f.at) != 1 || f.at[0] != "title" || f.text != title {
				fn(f)
			}
		})
	}
	if hasTexts(t.InputSchema) {
		schemaTexts(string(t.InputSchema), "input schema", fn)
	}
	if hasTexts(t.OutputSchema) {
		schemaTexts(string(t.OutputSchema), "output schema", fn)
	}
}

// hasTexts says whether a schema may hold a text schemaTexts reads.
func hasTexts(schema json.RawMessage) bool {
	for _, k := range [...]string{`"description"`, `"title"`, `"properties"`, `"enum"`, `"examples"`, `"default"`, `"const"`} {
		if bytes.Contains(schema, []byte(k)) {
			return true
		}
	}
	return false
}

// checkTold runs the checks on what each ok result's tools tell the
// model; collided holds the same-name pairs a scheme reported already.
func checkTold(results []Result, collided map[pairTool]bool) {
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK {
			continue
		}
		sink := newToldSink(r)
		for _, t := range r.Tools {
			for _, d := range t.checks.toldOf(t) {
				sink.add(d)
			}
		}
		sink.flush()
	}
	checkOtherServers(results)
	checkSharedNames(results, collided)
}

// toldOf is the findings on what t tells the model: made when it was
// listed, whole (c), or now for a tool built otherwise (c nil).
func (c *toolChecks) toldOf(t Tool) []normalize.Diagnostic {
	if c != nil {
		return c.told
	}
	return toldDiags(t)
}

// toldDiags are the findings on what one tool tells the model, in every
// text of it the model reads (toolTexts).
func toldDiags(t Tool) []normalize.Diagnostic {
	var out []normalize.Diagnostic
	toolTexts(t, func(f field) {
		if f.text != "" {
			out = append(out, textDiags(t.Name, f, 0)...)
		}
	})
	return out
}

// of says which text of tool a message is about.
func of(tool string, f field) string {
	if f.what == "name" {
		return fmt.Sprintf("the name of tool %q", tool)
	}
	s := fmt.Sprintf("the %s of tool %q", f.what, tool)
	if len(f.at) > 0 {
		s += " at " + quoteEvidence(strings.Join(f.at, "."))
	}
	if f.base64 != "" {
		s += fmt.Sprintf(" (base64 %s decoded)", quoteEvidence(shortRun(f.base64)))
	}
	return s + f.read
}

// The notes of a text read otherwise than as sent.
const readFolded = " (read as the model reads it: NFKC, invisible characters removed, lookalike letters as ASCII)"

// maxBase64Depth: base64 found in decoded base64 is decoded too, no
// deeper.
const maxBase64Depth = 2

// textDiags runs the checks on one text: the characters it holds, the
// instructions it gives as written, folded (foldText) and decoded from
// base64, and how it disguises them.
func textDiags(tool string, f field, depth int) []normalize.Diagnostic {
	out := invisibleDiags(tool, f)
	instr := f.what != "name"
	var said []normalize.Diagnostic
	if instr {
		said = instructionDiags(tool, f)
	}
	read := f.text
	if fo := foldText(f.text); fo != nil {
		read = fo.text
		if fo.word != "" {
			if fo.kind == disguiseInvisible {
				out = slices.DeleteFunc(out, func(d normalize.Diagnostic) bool { return d.Rule == normalize.RuleToolInvisibleCharacter })
			}
			out = append(out, diag(normalize.RuleToolObfuscatedText, normalize.Error,
				fmt.Sprintf("%s disguises the word %q with %s: %s", of(tool, f), fo.word, disguise(fo.how, fo.kind), quoteEvidence(around(f.text, fo.wordAt))),
				obfuscatedHint))
		}
		if instr {
			nf := f
			nf.text, nf.read = fo.text, readFolded
			var fresh []normalize.Diagnostic
			for _, d := range instructionDiags(tool, nf) {
				if !slices.ContainsFunc(said, func(e normalize.Diagnostic) bool { return e.Rule == d.Rule }) {
					fresh = append(fresh, d)
				}
			}
			if fo.word == "" && slices.ContainsFunc(fresh, func(d normalize.Diagnostic) bool { return d.Severity == normalize.Error }) {
				var hows []string
				at := len(f.text)
				first, firstAt := disguises(f.text)
				for k := range disguiseKinds {
					if firstAt[k] >= 0 {
						hows = append(hows, disguise(first[k], k))
						at = min(at, firstAt[k])
					}
				}
				if firstAt[disguiseInvisible] >= 0 {
					out = slices.DeleteFunc(out, func(d normalize.Diagnostic) bool { return d.Rule == normalize.RuleToolInvisibleCharacter })
				}
				if len(hows) > 0 {
					out = append(out, diag(normalize.RuleToolObfuscatedText, normalize.Error,
						fmt.Sprintf("%s gives the model an instruction that shows only once the text is read as the model reads it, written with %s: %s", of(tool, f), strings.Join(hows, " and "), quoteEvidence(around(f.text, at))),
						obfuscatedHint))
				}
			}
			said = append(said, fresh...)
		}
	}
	if instr {
		var decoded string // the first base64 that decodes to text, and its text
		var run string
		for i := 0; depth < maxBase64Depth; {
			enc, dec, next, ok := nextBase64(read, i)
			if !ok {
				break
			}
			i = next
			if decoded == "" {
				run, decoded = enc, dec
			}
			sub := textDiags(tool, field{what: f.what, at: f.at, text: dec, base64: enc}, depth+1)
			if !slices.ContainsFunc(sub, func(d normalize.Diagnostic) bool { return d.Severity == normalize.Error }) {
				continue
			}
			out = append(out, diag(normalize.RuleToolObfuscatedText, normalize.Error,
				fmt.Sprintf("%s hides an instruction to the model in base64: %s decodes to %s", of(tool, f), quoteEvidence(shortRun(enc)), quoteEvidence(around(dec, 0))),
				obfuscatedHint))
			out = append(out, sub...)
		}
		// "decode and follow", with what the base64 decodes to
		if i := slices.IndexFunc(said, func(d normalize.Diagnostic) bool { return d.Rule == normalize.RuleToolObfuscatedText }); i >= 0 && decoded != "" {
			said[i].Message += fmt.Sprintf("; its base64 %s decodes to %s", quoteEvidence(shortRun(run)), quoteEvidence(around(decoded, 0)))
		}
	}
	out = append(out, said...)
	// an instruction block goes with the error it holds
	if slices.ContainsFunc(out, func(d normalize.Diagnostic) bool {
		switch d.Rule {
		case normalize.RuleToolIgnoreInstructions, normalize.RuleToolHidesFromUser, normalize.RuleToolReadsSecrets, normalize.RuleToolObfuscatedText:
			return true
		}
		return false
	}) {
		out = slices.DeleteFunc(out, func(d normalize.Diagnostic) bool { return d.Rule == normalize.RuleToolInstructionBlock })
	}
	return out
}

const obfuscatedHint = "text written so that a reader or a filter sees something else than the model is an attack on the model: do not use the server"

// --- invisible and bidirectional characters

// invisibleScan is what one pass over a text found.
type invisibleScan struct {
	hidden    strings.Builder // the ASCII that tag characters spell
	tagAt     int             // byte offset of the first tag character outside a flag; -1 for none
	bidi      rune            // first embedding, override or isolate
	bidiAt    int
	mark      rune // first bidi mark (LRM, RLM, ALM)
	markAt    int
	rtl       bool // the text has right-to-left letters, where marks are legitimate
	zeroWidth rune // first zero-width character outside legitimate use
	zeroAt    int
	// the bytes a run of variation selectors encodes (one selector
	// follows an emoji or an ideograph; a run of them carries data)
	vsHidden []byte
	vsAt     int // -1 for none
}

// variationSelector is the byte a variation selector stands for in the
// encoding that hides data in runs of them (VS1–VS16 are 0–15,
// VS17–VS256 are 16–255), or -1.
func variationSelector(r rune) int {
	switch {
	case r >= 0xFE00 && r <= 0xFE0F:
		return int(r - 0xFE00)
	case r >= 0xE0100 && r <= 0xE01EF:
		return int(r-0xE0100) + 16
	}
	return -1
}

// scanInvisible finds, in one pass, the characters a user does not see.
func scanInvisible(s string) *invisibleScan {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	if i == len(s) {
		return nil
	}
	sc := &invisibleScan{tagAt: -1, vsAt: -1}
	var prev rune // the rune before i, variation selectors skipped
	if i > 0 {
		prev = rune(s[i-1])
	}
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r >= 0xE0000 && r <= 0xE007F:
			j := i
			var last rune
			for j < len(s) {
				t, n := utf8.DecodeRuneInString(s[j:])
				if t < 0xE0000 || t > 0xE007F {
					break
				}
				last = t
				j += n
			}
			if !emojiTagSequence(prev, s[i:j]) {
				if sc.tagAt < 0 {
					sc.tagAt = i
				}
				for _, t := range s[i:j] {
					if c := t - 0xE0000; c >= 0x20 && c < 0x7F && sc.hidden.Len() < 4*evidenceBytes {
						sc.hidden.WriteByte(byte(c))
					}
				}
				if sc.hidden.Len() > 0 && sc.hidden.Len() < 4*evidenceBytes {
					sc.hidden.WriteByte(' ')
				}
			}
			prev = last
			i = j
			continue
		case variationSelector(r) >= 0:
			j, n := i, 0
			var data []byte
			for j < len(s) {
				t, size := utf8.DecodeRuneInString(s[j:])
				b := variationSelector(t)
				if b < 0 {
					break
				}
				if sc.vsAt < 0 && len(data) < 4*evidenceBytes {
					data = append(data, byte(b))
				}
				j += size
				n++
			}
			if n >= 2 && sc.vsAt < 0 {
				sc.vsAt, sc.vsHidden = i, data
			}
			i = j
			continue
		case r >= 0x202A && r <= 0x202E, r >= 0x2066 && r <= 0x2069:
			if sc.bidi == 0 {
				sc.bidi, sc.bidiAt = r, i
			}
		case r == 0x200E, r == 0x200F, r == 0x061C:
			if sc.mark == 0 {
				sc.mark, sc.markAt = r, i
			}
		case r >= 0x200B && r <= 0x200D, r == 0x2060, r == 0x180E, r >= 0x2061 && r <= 0x2064, r == 0xFEFF && i > 0:
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			if sc.zeroWidth == 0 && !legitimateJoiner(r, prev, next) {
				sc.zeroWidth, sc.zeroAt = r, i
			}
		case hangulFiller(r), r == 0x034F:
			// a Hangul filler outside Hangul, a combining grapheme joiner
			// between two letters: blanks that hide what is between them
			next, _ := utf8.DecodeRuneInString(s[i+size:])
			if sc.zeroWidth == 0 && (r == 0x034F && asciiLetter(prev) && asciiLetter(next) || r != 0x034F && !hangul(prev) && !hangul(next)) {
				sc.zeroWidth, sc.zeroAt = r, i
			}
		case isRTL(r):
			sc.rtl = true
		}
		if r != 0xFE0E && r != 0xFE0F {
			prev = r
		}
		i += size
	}
	if sc.tagAt < 0 && sc.vsAt < 0 && sc.bidi == 0 && (sc.mark == 0 || sc.rtl) && sc.zeroWidth == 0 {
		return nil
	}
	return sc
}

// emojiTagSequence: tag characters after a black flag (U+1F3F4), letters
// and digits ended by CANCEL TAG, are a subdivision flag (🏴 England,
// Scotland, Wales), not hidden text.
func emojiTagSequence(before rune, run string) bool {
	n := utf8.RuneCountInString(run)
	if before != 0x1F3F4 || n < 3 || n > 8 || !strings.HasSuffix(run, "\U000E007F") {
		return false
	}
	for _, t := range run[:len(run)-len("\U000E007F")] {
		c := t - 0xE0000
		if !(c >= '0' && c <= '9' || c >= 'a' && c <= 'z') {
			return false
		}
	}
	return true
}

// legitimateJoiner: a zero-width joiner between two pictographs (an emoji
// ZWJ sequence: 👨‍💻), and a joiner, non-joiner or space next to a letter
// or mark of a script that needs them (Persian, the Indic scripts, Thai…)
// are how text is written, not hidden.
func legitimateJoiner(r, prev, next rune) bool {
	switch r {
	case 0x200D:
		if pictograph(prev) && pictograph(next) {
			return true
		}
		return complexScript(prev) || complexScript(next)
	case 0x200C:
		return complexScript(prev) || complexScript(next)
	case 0x200B:
		return complexScript(prev) && complexScript(next)
	}
	return false
}

func hangulFiller(r rune) bool { return r == 0x3164 || r == 0xFFA0 || r == 0x115F || r == 0x1160 }

// hangul: a Hangul syllable or jamo, not a filler.
func hangul(r rune) bool {
	return (r >= 0x1100 && r <= 0x11FF || r >= 0x3131 && r <= 0x318E || r >= 0xA960 && r <= 0xA97F ||
		r >= 0xAC00 && r <= 0xD7A3 || r >= 0xD7B0 && r <= 0xD7FF || r >= 0xFFA1 && r <= 0xFFDC) && !hangulFiller(r)
}

func asciiLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

func pictograph(r rune) bool {
	return r >= 0x1F000 && r <= 0x1FAFF || r >= 0x2300 && r <= 0x27BF || r >= 0x2B00 && r <= 0x2BFF ||
		r == 0x00A9 || r == 0x00AE || r == 0x203C || r == 0x2049 || r == 0x2122 || r == 0x2139 ||
		r >= 0x2190 && r <= 0x21FF || r == 0x3030 || r == 0x303D || r == 0x3297 || r == 0x3299
}

// complexScript: a letter or mark of a script past Hebrew (U+0590 on), the
// scripts that use joiners and zero-width spaces in ordinary text.
func complexScript(r rune) bool {
	return r >= 0x0590 && r < 0x2000 && (unicode.IsLetter(r) || unicode.IsMark(r)) ||
		r >= 0x2E80 && (unicode.IsLetter(r) || unicode.IsMark(r)) && !pictograph(r)
}

func isRTL(r rune) bool {
	return r >= 0x0590 && r <= 0x08FF || r >= 0xFB1D && r <= 0xFDFF || r >= 0xFE70 && r <= 0xFEFC ||
		r >= 0x10800 && r <= 0x10FFF || r >= 0x1E800 && r <= 0x1EFFF
}

var charNames = sync.OnceValue(func() map[rune]string {
	return map[rune]string{
		0x200B: "zero width space", 0x200C: "zero width non-joiner", 0x200D: "zero width joiner",
		0x2060: "word joiner", 0xFEFF: "zero width no-break space", 0x180E: "Mongolian vowel separator",
		0x2061: "function application", 0x2062: "invisible times", 0x2063: "invisible separator", 0x2064: "invisible plus",
		0x202A: "left-to-right embedding", 0x202B: "right-to-left embedding", 0x202C: "pop directional formatting",
		0x202D: "left-to-right override", 0x202E: "right-to-left override",
		0x2066: "left-to-right isolate", 0x2067: "right-to-left isolate", 0x2068: "first strong isolate", 0x2069: "pop directional isolate",
		0x200E: "left-to-right mark", 0x200F: "right-to-left mark", 0x061C: "Arabic letter mark",
		0x00AD: "soft hyphen", 0x034F: "combining grapheme joiner", 0x3164: "Hangul filler", 0xFFA0: "halfwidth Hangul filler",
		0x115F: "Hangul choseong filler", 0x1160: "Hangul jungseong filler", 0x17B4: "Khmer vowel inherent aq", 0x17B5: "Khmer vowel inherent aa",
	}
})

func charName(r rune) string {
	if name, ok := charNames()[r]; ok {
		return fmt.Sprintf("U+%04X %s", r, name)
	}
	return fmt.Sprintf("U+%04X", r)
}

func invisibleDiags(tool string, f field) []normalize.Diagnostic {
	sc := scanInvisible(f.text)
	if sc == nil {
		return nil
	}
	var out []normalize.Diagnostic
	if sc.tagAt >= 0 {
		hidden := strings.TrimSpace(sc.hidden.String())
		what := "hidden text: " + quoteEvidence(hidden)
		if hidden == "" {
			what = "at " + quoteEvidence(around(f.text, sc.tagAt))
		}
		out = append(out, diag(normalize.RuleToolHiddenText, normalize.Error,
			fmt.Sprintf("%s holds Unicode tag characters, invisible to the user but read by the model (%s)", of(tool, f), what),
			"text the user cannot see tells the model what to do: do not use this server until its maintainer removes it"))
	}
	if sc.vsAt >= 0 {
		what := fmt.Sprintf("%d hidden bytes", len(sc.vsHidden))
		if utf8.Valid(sc.vsHidden) {
			what = "hidden text: " + quoteEvidence(string(sc.vsHidden))
		}
		out = append(out, diag(normalize.RuleToolHiddenText, normalize.Error,
			fmt.Sprintf("%s holds a run of Unicode variation selectors, invisible to the user, that encodes data the model can read (%s)", of(tool, f), what),
			"text the user cannot see tells the model what to do: do not use this server until its maintainer removes it"))
	}
	if sc.bidi != 0 {
		out = append(out, diag(normalize.RuleToolBidiControl, normalize.Error,
			fmt.Sprintf("%s holds a bidirectional control character (%s) that makes the text show differently from what the model reads: %s", of(tool, f), charName(sc.bidi), quoteEvidence(around(f.text, sc.bidiAt))),
			"a tool's text has no use for reordering: treat the server as suspect and ask its maintainer to remove it"))
	} else if sc.mark != 0 && !sc.rtl {
		out = append(out, diag(normalize.RuleToolBidiControl, normalize.Warning,
			fmt.Sprintf("%s holds a bidirectional mark (%s) in text without right-to-left letters: %s", of(tool, f), charName(sc.mark), quoteEvidence(around(f.text, sc.markAt))),
			"the mark is invisible and has no use in left-to-right text; ask the server's maintainer to remove it"))
	}
	if sc.zeroWidth != 0 {
		out = append(out, diag(normalize.RuleToolInvisibleCharacter, normalize.Warning,
			fmt.Sprintf("%s holds an invisible character (%s): %s", of(tool, f), charName(sc.zeroWidth), quoteEvidence(around(f.text, sc.zeroAt))),
			"invisible characters can split words so that the user and filters read something else than the model; ask the server's maintainer to remove it"))
	}
	return out
}

// --- instructions aimed at the model

// lowerASCII lowers ASCII letters only, so that byte offsets in the
// result are offsets in s.
func lowerASCII(s string) string {
	i := strings.IndexFunc(s, func(r rune) bool { return r >= 'A' && r <= 'Z' })
	if i < 0 {
		return s
	}
	b := []byte(s)
	for j := i; j < len(b); j++ {
		if c := b[j]; c >= 'A' && c <= 'Z' {
			b[j] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// The expressions read an ASCII-lowered text, each anchored (^) at a
// keyword that strings.Index finds: Go's RE2 has no DFA, so an expression
// searched over a whole 32 MiB listing would be linear but slow, while
// one run at each keyword stops within a few bytes where the text does
// not match. An apostrophe may be typographic (’).
type toldExprs struct{ ignore, hide, block, target, decode *regexp.Regexp }

var toldRegexps = sync.OnceValue(func() toldExprs {
	const apos = `(?:'|’)`
	user := `(?:the\s+)?users?(?:$|[^\w'’])`
	hide := strings.Join([]string{
		`(?:do\s+not|don` + apos + `t|never|must\s+not|mustn` + apos + `t|should\s+not|shouldn` + apos + `t|shall\s+not)\s+(?:ever\s+)?(?:tell|mention|inform|reveal|disclose|alert|say\s+(?:anything|this|that|it)\s+to|bring\s+(?:this|it|that)\s+up\s+to)\b(?:\s+[\w'’]+){0,4}?\s+` + user,
		`without\s+(?:telling|informing|notifying|alerting|mentioning\s+(?:it|this|that)\s+to|letting)\s+` + user,
		`without\s+the\s+users?\s+(?:knowing|noticing|seeing)\b`,
		`(?:do\s+not|don` + apos + `t|never|must\s+not|should\s+not)\s+let\s+(?:the\s+)?users?\s+(?:know|see|notice|find\s+out)\b`,
		`(?:hide|conceal|withhold)\s+(?:[\w'’-]+\s+){0,3}?from\s+` + user,
		`keep\s+(?:[\w'’-]+\s+){1,3}?from\s+` + user,
		`users?\s+(?:must|should|shall)\s*(?:not|never|n` + apos + `t)\s+(?:know|see|notice|learn|find\s+out|be\s+told|be\s+informed|be\s+aware)\b`,
		`users?\s+(?:does|do|need)\s*(?:not|n` + apos + `t)\s+(?:need\s+to\s+|have\s+to\s+)?(?:know|see|be\s+told|be\s+informed)\s+(?:about\s+)?(?:this|it|that)\b`,
	}, "|")
	home := `(?:(?:~|\$home|%userprofile%)/)?`
	obey := `(?:follow|obey|execute|carry\s+out|act\s+on|comply\s+with)`
	orders := `(?:instructions?|text|string|message|payload|content|commands?|steps?|prompt|orders?|directions?)`
	return toldExprs{
		ignore: regexp.MustCompile(`^(?:ignore|disregard|forget|override)\s+(?:all\s+|any\s+|every\s+)?(?:of\s+)?(?:the\s+|your\s+|my\s+)?(?:previous|prior|above|earlier|preceding|former|system|original|other)\s+(?:instructions?|prompts?|directions?|rules|guidelines|messages?|context)\b`),
		hide:   regexp.MustCompile(`^(?:` + hide + `)`),
		// "decode this and follow it", "follow the decoded instructions":
		// an imperative "decode", and an imperative to obey what it gives,
		// in one sentence
		decode: regexp.MustCompile(`^(?:decode\b[^.!?;\n]{0,120}?\b(?:and|then|to)\s+(?:then\s+)?(?:` + obey + `\s+(?:it|them|this|that|(?:the|its|these|those)\s+(?:(?:decoded|resulting|hidden|encoded)\s+)?` + orders + `)\b|do\s+(?:what|as)\s+it\s+says)|` + obey + `\s+(?:the\s+|its\s+)?(?:decoded|base64(?:[\s-]*(?:decoded|encoded))?|encoded|hidden)\s+` + orders + `\b)`),
		block:  regexp.MustCompile(`^<\s*(?:important|system|instructions?|system[-_ ]?prompt|hidden|secret|admin)\s*>`),
		// Credentials and files a tool has no business asking for, from
		// where a keyword starts (a home prefix is taken back by hand). A
		// submatch says which kind: 1 a private key or credential file (an
		// imperative suffices), 2 a config or a word (the imperative must
		// read it and pass it on).
		target: regexp.MustCompile(`^(?:(` + home + `\.ssh/id_(?:rsa|dsa|ecdsa|ed25519)(?:\.pub)?|id_(?:rsa|dsa|ecdsa|ed25519)\b(?:\.pub)?|` + home + `\.aws/credentials|` + home + `\.netrc\b|` + home + `\.git-credentials|/etc/shadow|` + home + `\.gnupg\b|private[\s_-]+keys?\b|seed\s+phrase|recovery\s+phrase)` +
			`|(` + home + `\.ssh(?:/[\w.-]+)?|` + home + `\.cursor/mcp\.json|mcp\.json\b|claude_desktop_config\.json|` + home + `\.claude\.json|\.env(?:\.\w+)?\b|` + home + `\.npmrc\b|` + home + `\.pypirc\b|` + home + `\.docker/config\.json|` + home + `\.kube/config|/etc/passwd|` + home + `\.bash_history|` + home + `\.zsh_history|api[\s_-]?keys?\b|passwords?\b|secret\s+keys?\b|access\s+tokens?\b|credentials\b|session\s+cookies?\b))`),
	}
})

// Keywords the expressions are anchored at. Those of targets are where
// a target's expression starts, but for the home prefix taken back.
var (
	ignoreKeys = sync.OnceValue(func() *[256][]string { return keyTable("ignor", "disregard", "forget", "override") })
	hideKeys   = sync.OnceValue(func() *[256][]string {
		return keyTable("do not", "don'", "don’", "never", "must not", "mustn", "should not", "shouldn", "shall not", "without", "hide", "conceal", "withhold", "keep", "user")
	})
	targetKeys = sync.OnceValue(func() *[256][]string {
		return keyTable(".ssh", "id_", ".aws/", ".netrc", ".git-credentials", "/etc/", ".gnupg", "private", "seed", "recovery", "mcp.json", ".cursor/", "claude_desktop_config", ".claude.json", ".env", ".npmrc", ".pypirc", ".docker/", ".kube/", "_history", "api", "password", "secret", "access", "credentials", "session")
	})
	blockKeys  = sync.OnceValue(func() *[256][]string { return keyTable("<") })
	decodeKeys = sync.OnceValue(func() *[256][]string {
		return keyTable("decode", "follow", "obey", "execute", "carry", "act", "comply")
	})
)

// keywords finds any of a few words in one pass: the keys by their first
// byte.
type keywords func() *[256][]string

func keyTable(keys ...string) *[256][]string {
	var t [256][]string
	for _, k := range keys {
		t[k[0]] = append(t[k[0]], k)
	}
	return &t
}

// strongKey says whether a target keyword may start a private key or a
// credential file, which an imperative alone makes a finding.
func strongKey(s string) bool {
	for _, k := range []string{".ssh", "~/.ssh", "$home/.ssh", "id_", ".aws/", "~/.aws/", ".netrc", "~/.netrc", ".git-credentials", "~/.git-credentials", "/etc/", ".gnupg", "~/.gnupg", "private", "seed", "recovery"} {
		if strings.HasPrefix(s, k) {
			return true
		}
	}
	return false
}

// wordByte says whether c continues a word, for the boundaries of
// keywords.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c >= 0x80
}

// anchoredAt runs re at each occurrence in low of a key that starts a
// word (or starts with a non-word character), on a window of reach
// bytes, and returns the first match (submatch indexes in low); fn, when
// set, accepts or refuses a match (indexes in the window, and the
// window's offset in low). One pass over low, and re where a key is.
func anchoredAt(low string, keys keywords, re *regexp.Regexp, reach int, fn func(m []int, off int) bool) ([]int, bool) {
	return anchoredSkip(low, keys, re, reach, nil, fn)
}

// anchoredSkip is anchoredAt, but for the offsets skip says to pass by
// without running re.
func anchoredSkip(low string, keys keywords, re *regexp.Regexp, reach int, skip func(off int) bool, fn func(m []int, off int) bool) ([]int, bool) {
	t := keys()
	for p := 0; p < len(low); p++ {
		ks := t[low[p]]
		if ks == nil || p > 0 && wordByte(low[p]) && wordByte(low[p-1]) {
			continue
		}
		for _, key := range ks {
			if !strings.HasPrefix(low[p:], key) || skip != nil && skip(p) {
				continue
			}
			m := re.FindStringSubmatchIndex(low[p:min(len(low), p+reach)])
			if m == nil || fn != nil && !fn(m, p) {
				continue
			}
			for j := range m {
				if m[j] >= 0 {
					m[j] += p
				}
			}
			return m, true
		}
	}
	return nil, false
}

func instructionDiags(tool string, f field) []normalize.Diagnostic {
	s := f.text
	if len(s) < 8 {
		return nil
	}
	low := lowerASCII(s)
	re := toldRegexps()
	var out []normalize.Diagnostic
	if m, ok := anchoredAt(low, ignoreKeys, re.ignore, 200, nil); ok {
		out = append(out, diag(normalize.RuleToolIgnoreInstructions, normalize.Error,
			fmt.Sprintf("%s tells the model to ignore its other instructions: %s", of(tool, f), quoteEvidence(sentence(s, m[0], m[1]))),
			"a tool's text describes the tool; this one tries to take over the model: do not use the server"))
	}
	if strings.Contains(low, "user") {
		if m, ok := anchoredAt(low, hideKeys, re.hide, 300, nil); ok {
			out = append(out, diag(normalize.RuleToolHidesFromUser, normalize.Error,
				fmt.Sprintf("%s tells the model to keep something from the user: %s", of(tool, f), quoteEvidence(sentence(s, m[0], m[1]))),
				"a tool that asks the model to hide what it does from you is not to be trusted: do not use the server"))
		}
	}
	if d, ok := sensitiveDiag(tool, f, s, low); ok {
		out = append(out, d)
	}
	if strings.Contains(low, "decode") || strings.Contains(low, "base64") || strings.Contains(low, "encoded") || strings.Contains(low, "hidden") {
		if m, ok := anchoredAt(low, decodeKeys, re.decode, 200, nil); ok {
			out = append(out, diag(normalize.RuleToolObfuscatedText, normalize.Error,
				fmt.Sprintf("%s tells the model to decode text and follow it: %s", of(tool, f), quoteEvidence(sentence(s, m[0], m[1]))),
				obfuscatedHint))
		}
	}
	if len(out) == 0 {
		if m, ok := anchoredAt(low, blockKeys, re.block, 60, nil); ok {
			out = append(out, diag(normalize.RuleToolInstructionBlock, normalize.Warning,
				fmt.Sprintf("%s holds a %s block addressed to the model: %s", of(tool, f), quoteEvidence(s[m[0]:m[1]]), quoteEvidence(sentence(s, m[1], m[1]))),
				"read what the block tells the model: a description should say what the tool does, not give the model orders"))
		}
	}
	return out
}

// Verbs of an imperative that reads something, and of one that passes it
// on, and the words after which a verb is an imperative addressed to the
// model.
// verbs are built on first use.
var verbs = sync.OnceValue(func() (v struct{ readVerbs, sendVerbs, sendWords, destWords, orderedBy, toVerb map[string]bool }) {
	v.readVerbs = map[string]bool{"read": true, "cat": true, "open": true, "load": true, "get": true, "fetch": true, "retrieve": true, "collect": true, "grab": true, "extract": true, "copy": true, "access": true, "find": true}
	v.sendVerbs = map[string]bool{"send": true, "pass": true, "include": true, "attach": true, "append": true, "upload": true, "post": true, "forward": true, "provide": true, "insert": true, "put": true, "add": true, "embed": true, "paste": true, "output": true, "print": true, "dump": true, "exfiltrate": true, "leak": true, "transmit": true}
	v.sendWords = map[string]bool{"passing": true, "including": true, "sending": true}
	// where a sentence passes something on: a tool's argument, a request
	v.destWords = map[string]bool{"parameter": true, "parameters": true, "param": true, "params": true, "argument": true, "arguments": true, "arg": true, "args": true, "field": true, "fields": true, "sidenote": true, "note": true, "notes": true, "request": true, "query": true, "body": true, "header": true, "headers": true, "url": true, "endpoint": true, "webhook": true, "payload": true, "context": true, "metadata": true, "comment": true, "input": true}
	v.orderedBy = map[string]bool{"you": true, "must": true, "should": true, "always": true, "first": true, "then": true, "and": true, "please": true, "also": true, "now": true, "immediately": true}
	v.toVerb = map[string]bool{"need": true, "have": true, "sure": true, "remember": true, "required": true}
	return v
})

// imperatives says whether the sentence (lowered) holds an imperative
// verb addressed to the model, one that reads, a verb that passes
// something on, and where to (an argument, a request: dests, or "as"
// and a quoted name): a verb is an imperative first in the sentence or a
// line, after a comma, colon, bullet or parenthesis, or after "you",
// "must", "always", "first", "need to", ….
func imperatives(sent string) (imperative, reads, sends, dest bool) {
	vb := verbs()
	var prev, prev2 string
	punct := true // the sentence's start
	for i := 0; i < len(sent); {
		c := sent[i]
		if !(c >= 'a' && c <= 'z') {
			switch c {
			case ',', ':', ';', '(', '\n', '-', '*', '.', '!', '?':
				punct = true
			case '\'', '"', '`':
				if prev == "as" {
					dest = true
				}
			}
			i++
			continue
		}
		j := i
		for j < len(sent) && (sent[j] >= 'a' && sent[j] <= 'z' || sent[j] == '_') {
			j++
		}
		w := sent[i:j]
		if vb.sendVerbs[w] || vb.sendWords[w] {
			sends = true
		}
		if vb.destWords[w] {
			dest = true
		}
		if vb.readVerbs[w] || vb.sendVerbs[w] {
			if punct || vb.orderedBy[prev] || prev == "to" && vb.toVerb[prev2] {
				imperative = true
				reads = reads || vb.readVerbs[w]
			}
		}
		prev2, prev, punct = prev, w, false
		i = j
	}
	return
}

// sensitiveDiag finds an imperative that reads a credential or a file
// unrelated to the tool and passes it on. A target inside a sentence
// looked at already is skipped, so each byte is looked at about once.
func sensitiveDiag(tool string, f field, s, low string) (normalize.Diagnostic, bool) {
	re := toldRegexps()
	// the sentences looked at: the last one, and every one by its start
	type verdict struct {
		start, end                     int
		imperative, reads, sends, dest bool
	}
	var last verdict
	seen := map[int]verdict{}
	// a target in the last sentence looked at, which holds no
	// imperative, is passed by without reading it
	// (and one where only a private key or a credential file would do,
	// but for those)
	skip := func(off int) bool {
		if last.end == 0 || off < last.start || off >= last.end {
			return false
		}
		return !last.imperative || !(last.reads && last.sends && last.dest) && !strongKey(low[off:])
	}
	m, ok := anchoredSkip(low, targetKeys, re.target, 80, skip, func(m []int, off int) bool {
		strong := m[2] >= 0
		target := low[off+m[0] : off+m[1]]
		if strings.HasSuffix(target, ".pub") {
			return false
		}
		if target == ".env" && off > 0 && wordByte(low[off-1]) {
			return false // process.env
		}
		if !strong && strings.Contains(target, ".ssh/") && !strings.Contains(target, "id_") {
			// the SSH client's config, known hosts, public keys: an SSH
			// tool's own business
			return false
		}
		v := last
		if off < v.start || off >= v.end || v.end == 0 {
			start, end := sentenceBounds(low, off+m[0], off+m[1])
			var ok bool
			if v, ok = seen[start]; !ok {
				v = verdict{start: start, end: end}
				v.imperative, v.reads, v.sends, v.dest = imperatives(low[start:end])
				seen[start] = v
			}
			last = v
		}
		return v.imperative && (strong || v.reads && v.sends && v.dest)
	})
	if !ok {
		return normalize.Diagnostic{}, false
	}
	from := m[0]
	for _, home := range []string{"~/", "$home/", "%userprofile%/"} {
		if strings.HasSuffix(low[:from], home) {
			from -= len(home)
		}
	}
	return diag(normalize.RuleToolReadsSecrets, normalize.Error,
		fmt.Sprintf("%s tells the model to read or pass on %s: %s", of(tool, f), quoteEvidence(s[from:m[1]]), quoteEvidence(sentence(s, from, m[1]))),
		"a tool's description has no reason to ask the model for credentials or files outside its purpose: do not use the server"), true
}

// sentenceBounds is the sentence around s[from:to]: from the end of the
// previous one ('.', '!' or '?' and a space, or a line break) to the end
// of this one, at most 300 bytes either side.
func sentenceBounds(s string, from, to int) (int, int) {
	const reach = 300
	start := from
	for start > 0 && from-start < reach {
		c := s[start-1]
		if c == '\n' || (c == ' ' || c == '\t') && start >= 2 && (s[start-2] == '.' || s[start-2] == '!' || s[start-2] == '?') {
			break
		}
		start--
	}
	end := to
	for end < len(s) && end-to < reach {
		c := s[end]
		if c == '\n' {
			break
		}
		if (c == '.' || c == '!' || c == '?') && (end+1 == len(s) || s[end+1] == ' ' || s[end+1] == '\n' || s[end+1] == '\t') {
			end++
			break
		}
		end++
	}
	for start > 0 && !utf8.RuneStart(s[start]) {
		start--
	}
	for end < len(s) && !utf8.RuneStart(s[end]) {
		end++
	}
	return start, end
}

// sentence is the sentence around s[from:to], from its start or from a
// little before the match when the sentence is long.
func sentence(s string, from, to int) string {
	start, end := sentenceBounds(s, from, to)
	return excerpt(s[:end], start, from)
}

// around is s from a little before s[at].
func around(s string, at int) string { return excerpt(s, 0, at) }

// excerpt is s from start, moved so that s[at:] is within evidenceBytes
// of it, with "…" in front when it starts later than start. It starts at
// a word, never inside one: a token cut at its start would no longer be
// recognized, and masked, as a secret.
func excerpt(s string, start, at int) string {
	at = max(0, min(at, len(s)))
	start = max(0, min(start, at))
	pre := ""
	if at-start > evidenceBytes*2/3 {
		from := at - evidenceBytes*2/3
		if i := strings.IndexAny(s[from:at], " \t\n"); i >= 0 {
			from += i + 1
		} else if i := strings.LastIndexAny(s[max(start, at-4096):from], " \t\n"); i >= 0 {
			from = max(start, at-4096) + i + 1
		} else {
			from = max(start, at-4096)
		}
		if from > start {
			start, pre = from, "…"
		}
	}
	for start < len(s) && !utf8.RuneStart(s[start]) {
		start++
	}
	// no more than a message quotes, ended at a word too
	end := len(s)
	if start+2*evidenceBytes < end {
		end = start + 2*evidenceBytes
		if i := strings.IndexAny(s[end:min(len(s), end+4096)], " \t\n"); i >= 0 {
			end += i
		} else {
			end = min(len(s), end+4096)
		}
	}
	return pre + strings.TrimSpace(s[start:end])
}

// quoteEvidence quotes a text a server wrote for a message: masked by the
// scanner, cut to evidenceBytes on a character boundary, then %q-quoted so
// that invisible and control characters show as escapes (\u200b).
func quoteEvidence(s string) string {
	s = strings.Join(strings.Fields(strings.ReplaceAll(s, "\n", " ")), " ")
	return fmt.Sprintf("%q", masker{}.cut(s, evidenceBytes))
}

// --- tools of other servers

// together says whether a client loads both results' servers: the same
// client, or a result that names none (seen by every client).
func together(a, b *Result) bool {
	return a.Name != b.Name && (a.Client == b.Client || a.Client == "" || b.Client == "")
}

// commonNames are words tool names are made of that a description uses
// in their ordinary sense: a tool named so is not named by a description
// that uses the word.
var commonNames = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(`
		download navigate complete generate retrieve calculate evaluate describe document documents
		summarize summarise translate schedule transcribe screenshot subscribe unsubscribe password
		register validate question database analysis research remember thinking knowledge feedback
		settings location calendar contacts messages notification notifications reminder reminders
		terminal execute explorer inspector playwright puppeteer sequential information resource
		resources templates template complete completion completions function functions register
		directory directories repository repositories variables variable instance instances
		workspace workspaces projects property properties customer customers products discover
		continue response responses requests timestamp converter currency shipping payments invoice
		invoices calculator evaluate deployment deployments analytics comments attachment attachments
		JavaScript TypeScript PowerShell GitHub GitLab YouTube LinkedIn PostgreSQL MySQL macOS iOS
		iPhone iPad OAuth WordPress OpenAI ChatGPT DeepSeek PayPal WhatsApp DevOps BigQuery DynamoDB
		MongoDB GraphQL JetBrains VSCode SQLite NoSQL JSON YAML HTML HTTP HTTPS`) {
		m[strings.ToLower(w)] = true
	}
	return m
})

// distinctive says whether a tool name, found as a word in a description,
// names that tool rather than something else: it has '_', '-' or '.'
// inside, or is camelCase, or is 8 characters or longer, and is not a
// common word.
func distinctive(name string) bool {
	if len(name) < 4 || commonNames()[strings.ToLower(name)] {
		return false
	}
	if strings.ContainsAny(strings.Trim(name, "_-."), "_-.") {
		return true
	}
	for i := 1; i < len(name); i++ {
		if name[i-1] >= 'a' && name[i-1] <= 'z' && name[i] >= 'A' && name[i] <= 'Z' {
			return true
		}
	}
	return len(name) >= 8
}

func nameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-' || c == '.'
}

// words calls fn with each word of s that could be a tool name: runs of
// letters, digits, '_', '-' and '.', without leading or trailing
// punctuation, and the part after the last "__" of a prefixed name
// (mcp__github__create_issue).
func words(s string, fn func(string)) {
	for i := 0; i < len(s); {
		if !nameByte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && nameByte(s[j]) {
			j++
		}
		a, b := i, j
		for a < b && (s[a] == '.' || s[a] == '-') {
			a++
		}
		for b > a && (s[b-1] == '.' || s[b-1] == '-') {
			b--
		}
		w := s[a:b]
		if len(w) >= 4 {
			fn(w)
			if k := strings.LastIndex(w, "__"); k >= 0 && len(w)-k-2 >= 4 {
				fn(w[k+2:])
			}
		}
		i = j
	}
}

// checkOtherServers reports descriptions that name, as a word, a
// distinctive tool of another server the same client loads, one the
// server does not expose itself.
func checkOtherServers(results []Result) {
	owners := map[string][]int{}
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK {
			continue
		}
		for _, t := range r.Tools {
			if o := owners[t.Name]; (len(o) == 0 || o[len(o)-1] != i) && distinctive(t.Name) {
				owners[t.Name] = append(o, i)
			}
		}
	}
	if len(owners) == 0 {
		return
	}
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK {
			continue
		}
		sink := newToldSink(r)
		for _, t := range r.Tools {
			seen := map[string]bool{}
			check := func(text string) {
				words(text, func(w string) {
					o, ok := owners[w]
					if !ok || seen[w] || slices.Contains(o, i) {
						return
					}
					var servers []string
					for _, j := range o {
						if b := &results[j]; together(r, b) && !slices.Contains(servers, b.Name) {
							servers = append(servers, b.Name)
						}
					}
					if len(servers) == 0 {
						return
					}
					seen[w] = true
					noun := "server"
					if len(servers) > 1 {
						noun = "servers"
					}
					sink.add(diag(normalize.RuleToolNamesOtherServer, normalize.Warning,
						fmt.Sprintf("the description of tool %q of server %q names tool %q of %s %s", t.Name, r.Name, w, noun, quoteNames(servers, 3)),
						fmt.Sprintf("a description that steers the model to another server's tool can make it call that tool with what it gathers here; check why server %q mentions it", r.Name)))
				})
			}
			check(t.Said)
			check(t.Title)
		}
		sink.flush()
	}
}

// quoteNames quotes names, "a", "b" and "c", at most n of them and how many
// more.
func quoteNames(names []string, n int) string {
	q := make([]string, 0, min(len(names), n))
	for _, s := range names[:min(len(names), n)] {
		q = append(q, fmt.Sprintf("%q", s))
	}
	switch {
	case len(names) > n:
		return strings.Join(q, ", ") + fmt.Sprintf(" and %d more", len(names)-n)
	}
	return normalize.Join(q, "and")
}

// --- the same tool name on two servers

// pairTool is a tool name two servers share, the server names in order.
type pairTool struct{ a, b, tool string }

func newPairTool(a, b, tool string) pairTool {
	if b < a {
		a, b = b, a
	}
	return pairTool{a, b, tool}
}

// checkSharedNames reports, on both servers, the tool names two servers a
// client loads together both expose, when no client's naming scheme
// already reports them colliding (collided).
func checkSharedNames(results []Result, collided map[pairTool]bool) {
	byTool := map[string][]int{}
	var names []string
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK {
			continue
		}
		for _, t := range r.Tools {
			o := byTool[t.Name]
			if len(o) > 0 && o[len(o)-1] == i {
				continue
			}
			if len(o) == 0 {
				names = append(names, t.Name)
			}
			byTool[t.Name] = append(o, i)
		}
	}
	shared := map[[2]int][]string{}
	var pairs [][2]int
	for _, name := range names {
		o := byTool[name]
		for x := 0; x < len(o); x++ {
			for y := x + 1; y < len(o); y++ {
				a, b := &results[o[x]], &results[o[y]]
				if !together(a, b) || collided[newPairTool(a.Name, b.Name, name)] {
					continue
				}
				k := [2]int{o[x], o[y]}
				if shared[k] == nil {
					pairs = append(pairs, k)
				}
				shared[k] = append(shared[k], name)
			}
		}
	}
	slices.SortFunc(pairs, func(p, q [2]int) int {
		if p[0] != q[0] {
			return p[0] - q[0]
		}
		return p[1] - q[1]
	})
	for _, p := range pairs {
		tools := shared[p]
		slices.Sort(tools)
		a, b := &results[p[0]], &results[p[1]]
		msg := func(x, y *Result) string {
			if len(tools) == 1 {
				return fmt.Sprintf("tool %q of server %q is also a tool of server %q", tools[0], x.Name, y.Name)
			}
			return fmt.Sprintf("tools %s of server %q are also tools of server %q", quoteNames(tools, 5), x.Name, y.Name)
		}
		hint := "the model sees both and picks one by its description, and may call the wrong server's; if the two servers are the same, remove one"
		a.Diagnostics = append(a.Diagnostics, diag(normalize.RuleToolNameShared, normalize.Info, msg(a, b), hint))
		b.Diagnostics = append(b.Diagnostics, diag(normalize.RuleToolNameShared, normalize.Info, msg(b, a), hint))
	}
}

// --- base64

// minBase64 is the shortest run of base64 decoded: 18 bytes of text, a
// short sentence; shorter runs are words and identifiers.
const minBase64 = 24

func base64Byte(c byte) bool {
	return c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '-' || c == '_'
}

// nextBase64 finds, from s[i:], the next run of at least minBase64
// base64 characters (standard or URL alphabet, padded or not) that
// decodes to text: valid UTF-8 without control characters but tabs and
// line breaks. Binary data (an image, a key, a hash) is not text. next is
// where to look for the one after.
func nextBase64(s string, i int) (enc, dec string, next int, ok bool) {
	for i < len(s) {
		if !base64Byte(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && base64Byte(s[j]) {
			j++
		}
		enc := s[i:j]
		for j < len(s) && s[j] == '=' && j-i < len(enc)+2 {
			j++
		}
		start := i
		i = j
		if len(enc) < minBase64 || start > 0 && (s[start-1] == '=' || s[start-1] == '\\') {
			continue
		}
		enc64 := base64.RawStdEncoding
		if strings.ContainsAny(enc, "-_") {
			if strings.ContainsAny(enc, "+/") {
				continue
			}
			enc64 = base64.RawURLEncoding
		}
		b, err := enc64.DecodeString(enc)
		if err != nil || !isText(b) {
			continue
		}
		return s[start:j], string(b), j, true
	}
	return "", "", len(s), false
}

// isText: valid UTF-8, no control character but tabs and line breaks,
// and a letter in it.
func isText(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	letter := false
	for _, r := range string(b) {
		switch {
		case r == '\t' || r == '\n' || r == '\r':
		case r < 0x20 || r >= 0x7F && r < 0xA0 || r == utf8.RuneError:
			return false
		case unicode.IsLetter(r):
			letter = true
		}
	}
	return letter
}

// shortRun is the start of a run of base64, for a message.
func shortRun(enc string) string {
	if len(enc) <= 24 {
		return enc
	}
	return enc[:20] + "…"
}

// --- the texts of a JSON schema

// schemaTexts calls fn with each text of a JSON schema (or of a tool's
// annotations) the model reads: every "description" and "title" at any
// depth, the strings of "enum" and "examples", "default" and "const"
// when they are strings, and the names of "properties"; at is the path
// to it. One pass over the document; one that is not JSON is read up to
// where it breaks.
func schemaTexts(doc, what string, fn func(field)) {
	w := schemaWalk{doc: doc, what: what, fn: fn}
	w.value("", 0)
}

type schemaWalk struct {
	doc, what string
	i         int
	path      []string
	fn        func(field)
	bad       bool
}

// maxSchemaDepth bounds the nesting the walk follows.
const maxSchemaDepth = 200

func (w *schemaWalk) space() {
	for w.i < len(w.doc) && (w.doc[w.i] == ' ' || w.doc[w.i] == '\t' || w.doc[w.i] == '\n' || w.doc[w.i] == '\r') {
		w.i++
	}
}

func (w *schemaWalk) expect(c byte) bool {
	w.space()
	if w.i < len(w.doc) && w.doc[w.i] == c {
		w.i++
		return true
	}
	w.bad = true
	return false
}

func (w *schemaWalk) emit(key, text string) {
	w.path = append(w.path, key)
	w.fn(field{what: w.what, at: w.path, text: text})
	w.path = w.path[:len(w.path)-1]
}

// str reads a JSON string at w.i.
func (w *schemaWalk) str() (string, bool) {
	if !w.expect('"') {
		return "", false
	}
	start, escaped := w.i, false
	for w.i < len(w.doc) {
		switch w.doc[w.i] {
		case '\\':
			escaped = true
			w.i += 2
			continue
		case '"':
			s := w.doc[start:w.i]
			w.i++
			if escaped {
				var u string
				if json.Unmarshal([]byte(w.doc[start-1:w.i]), &u) != nil {
					w.bad = true
					return "", false
				}
				s = u
			}
			return s, true
		}
		w.i++
	}
	w.bad = true
	return "", false
}

func (w *schemaWalk) value(key string, depth int) {
	w.space()
	if w.bad || w.i >= len(w.doc) || depth > maxSchemaDepth {
		w.bad = true
		return
	}
	switch w.doc[w.i] {
	case '{':
		w.i++
		for n := 0; !w.bad; n++ {
			w.space()
			if w.i < len(w.doc) && w.doc[w.i] == '}' {
				w.i++
				return
			}
			if n > 0 && !w.expect(',') {
				return
			}
			k, ok := w.str()
			if !ok || !w.expect(':') {
				return
			}
			w.path = append(w.path, k)
			if key == "properties" {
				w.fn(field{what: w.what, at: w.path, text: k})
			}
			w.value(k, depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	case '[':
		w.i++
		for n := 0; !w.bad; n++ {
			w.space()
			if w.i < len(w.doc) && w.doc[w.i] == ']' {
				w.i++
				return
			}
			if n > 0 && !w.expect(',') {
				return
			}
			w.space()
			if (key == "enum" || key == "examples") && w.i < len(w.doc) && w.doc[w.i] == '"' {
				s, ok := w.str()
				if ok {
					w.emit(strconv.Itoa(n), s)
				}
				continue
			}
			w.path = append(w.path, strconv.Itoa(n))
			w.value("", depth+1)
			w.path = w.path[:len(w.path)-1]
		}
	case '"':
		s, ok := w.str()
		if ok && (key == "description" || key == "title" || key == "default" || key == "const") {
			w.fn(field{what: w.what, at: w.path, text: s})
		}
	default:
		for w.i < len(w.doc) && !strings.ContainsRune(",]} \t\n\r", rune(w.doc[w.i])) {
			w.i++
		}
	}
}
