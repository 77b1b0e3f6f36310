package probe

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// How the checks on what servers tell the model read a text: as the
// model does, not as it shows. A text is folded (foldText) before the
// instruction checks run on it again: NFKC (fullwidth and mathematical
// letters become ASCII), default-ignorable code points removed (zero-width
// characters, soft hyphens, the combining grapheme joiner, Hangul
// fillers), and letters of other scripts that look like Latin ones read as
// those (Cyrillic о, Greek ο). The fold is linear, and skipped for a text
// whose every change would leave its ASCII as it is (Persian with its
// non-joiners, emoji sequences, accented letters).

// defaultIgnorable is Unicode's Default_Ignorable_Code_Point property:
// the characters a renderer shows as nothing. From DerivedCoreProperties.txt
// of Unicode 15.1 (https://www.unicode.org/Public/15.1.0/ucd/DerivedCoreProperties.txt);
// TestDefaultIgnorable derives it again from the unicode package's tables
// (Other_Default_Ignorable_Code_Point + Cf + Variation_Selector, less
// White_Space, the interlinear annotation controls, the Egyptian format
// controls and the prepended concatenation marks).
var defaultIgnorable = &unicode.RangeTable{
	R16: []unicode.Range16{
		{0x00AD, 0x00AD, 1}, // soft hyphen
		{0x034F, 0x034F, 1}, // combining grapheme joiner
		{0x061C, 0x061C, 1}, // Arabic letter mark
		{0x115F, 0x1160, 1}, // Hangul choseong and jungseong fillers
		{0x17B4, 0x17B5, 1}, // Khmer inherent vowels
		{0x180B, 0x180F, 1}, // Mongolian free variation selectors, vowel separator
		{0x200B, 0x200F, 1}, // zero width space, non-joiner, joiner, LRM, RLM
		{0x202A, 0x202E, 1}, // bidirectional embeddings and overrides
		{0x2060, 0x206F, 1}, // word joiner, invisible operators, isolates, deprecated format characters
		{0x3164, 0x3164, 1}, // Hangul filler
		{0xFE00, 0xFE0F, 1}, // variation selectors
		{0xFEFF, 0xFEFF, 1}, // zero width no-break space
		{0xFFA0, 0xFFA0, 1}, // halfwidth Hangul filler
		{0xFFF0, 0xFFF8, 1}, // unassigned
	},
	R32: []unicode.Range32{
		{0x1BCA0, 0x1BCA3, 1}, // shorthand format controls
		{0x1D173, 0x1D17A, 1}, // musical symbol format controls
		{0xE0000, 0xE0FFF, 1}, // tags, variation selectors supplement, unassigned
	},
}

// lookalikes are the letters of other scripts that Unicode's
// confusables.txt maps to one ASCII letter
// (https://www.unicode.org/Public/security/14.0.0/confusables.txt, UTS #39):
// the entries whose source is a letter of the Latin, Greek, Cyrillic,
// Armenian, Cherokee, Coptic, Lisu, Canadian syllabics, Runic, Deseret,
// Old Italic, Carian, Lycian or Osage scripts that NFKC leaves as it is
// (NFKC reads fullwidth and mathematical letters already), the target
// lowered; an upper-case letter confusables.txt maps to "l" (Cyrillic І,
// Greek Ι) is read as "i", the letter it stands for. Letters of scripts
// written right to left or of the Brahmic scripts that look like "o" or
// "l" (Arabic ه, Hebrew ו, Malayalam ഠ) are left out: they are ordinary
// letters of their words. Sorted by rune.
var lookalikes = [...]struct {
	r rune
	c byte
}{
	{0x0131, 'i'}, {0x0184, 'b'}, {0x018D, 'g'}, {0x0196, 'i'}, {0x01A6, 'r'}, {0x01BD, 's'},
	{0x01C0, 'l'}, {0x0251, 'a'}, {0x0261, 'g'}, {0x0263, 'y'}, {0x0269, 'i'}, {0x026A, 'i'},
	{0x026F, 'w'}, {0x028B, 'u'}, {0x028F, 'y'}, {0x037F, 'j'}, {0x0391, 'a'}, {0x0392, 'b'},
	{0x0395, 'e'}, {0x0396, 'z'}, {0x0397, 'h'}, {0x0399, 'i'}, {0x039A, 'k'}, {0x039C, 'm'},
	{0x039D, 'n'}, {0x039F, 'o'}, {0x03A1, 'p'}, {0x03A4, 't'}, {0x03A5, 'y'}, {0x03A7, 'x'},
	{0x03B1, 'a'}, {0x03B3, 'y'}, {0x03B9, 'i'}, {0x03BD, 'v'}, {0x03BF, 'o'}, {0x03C1, 'p'},
	{0x03C3, 'o'}, {0x03C5, 'u'}, {0x03DC, 'f'}, {0x03F3, 'j'}, {0x03FA, 'm'}, {0x0405, 's'},
	{0x0406, 'i'}, {0x0408, 'j'}, {0x0410, 'a'}, {0x0412, 'b'}, {0x0415, 'e'}, {0x041A, 'k'},
	{0x041C, 'm'}, {0x041D, 'h'}, {0x041E, 'o'}, {0x0420, 'p'}, {0x0421, 'c'}, {0x0422, 't'},
	{0x0423, 'y'}, {0x0425, 'x'}, {0x042C, 'b'}, {0x0430, 'a'}, {0x0433, 'r'}, {0x0435, 'e'},
	{0x043E, 'o'}, {0x0440, 'p'}, {0x0441, 'c'}, {0x0443, 'y'}, {0x0445, 'x'}, {0x0455, 's'},
	{0x0456, 'i'}, {0x0458, 'j'}, {0x0461, 'w'}, {0x0474, 'v'}, {0x0475, 'v'}, {0x04AE, 'y'},
	{0x04AF, 'y'}, {0x04BB, 'h'}, {0x04BD, 'e'}, {0x04C0, 'i'}, {0x04CF, 'i'}, {0x0501, 'd'},
	{0x050C, 'g'}, {0x051B, 'q'}, {0x051C, 'w'}, {0x051D, 'w'}, {0x054D, 'u'}, {0x054F, 's'},
	{0x0555, 'o'}, {0x0561, 'w'}, {0x0563, 'q'}, {0x0566, 'q'}, {0x0570, 'h'}, {0x0578, 'n'},
	{0x057C, 'n'}, {0x057D, 'u'}, {0x0581, 'g'}, {0x0584, 'f'}, {0x0585, 'o'}, {0x13A0, 'd'},
	{0x13A1, 'r'}, {0x13A2, 't'}, {0x13A5, 'i'}, {0x13A9, 'y'}, {0x13AA, 'a'}, {0x13AB, 'j'},
	{0x13AC, 'e'}, {0x13B3, 'w'}, {0x13B7, 'm'}, {0x13BB, 'h'}, {0x13BD, 'y'}, {0x13C0, 'g'},
	{0x13C2, 'h'}, {0x13C3, 'z'}, {0x13CF, 'b'}, {0x13D2, 'r'}, {0x13D4, 'w'}, {0x13D5, 's'},
	{0x13D9, 'v'}, {0x13DA, 's'}, {0x13DE, 'l'}, {0x13DF, 'c'}, {0x13E2, 'p'}, {0x13E6, 'k'},
	{0x13E7, 'd'}, {0x13F3, 'g'}, {0x13F4, 'b'}, {0x142F, 'v'}, {0x144C, 'u'}, {0x146D, 'p'},
	{0x146F, 'd'}, {0x1472, 'b'}, {0x148D, 'j'}, {0x14AA, 'l'}, {0x1541, 'x'}, {0x157C, 'h'},
	{0x157D, 'x'}, {0x1587, 'r'}, {0x15AF, 'b'}, {0x15B4, 'f'}, {0x15C5, 'a'}, {0x15DE, 'd'},
	{0x15EA, 'd'}, {0x15F0, 'm'}, {0x15F7, 'b'}, {0x16B7, 'x'}, {0x16C1, 'l'}, {0x16D5, 'k'},
	{0x16D6, 'm'}, {0x1D04, 'c'}, {0x1D0F, 'o'}, {0x1D11, 'o'}, {0x1D1C, 'u'}, {0x1D20, 'v'},
	{0x1D21, 'w'}, {0x1D22, 'z'}, {0x1D26, 'r'}, {0x1D83, 'g'}, {0x1D8C, 'y'}, {0x1E9D, 'f'},
	{0x1EFF, 'y'}, {0x2C85, 'r'}, {0x2C8E, 'h'}, {0x2C92, 'i'}, {0x2C94, 'k'}, {0x2C98, 'm'},
	{0x2C9A, 'n'}, {0x2C9E, 'o'}, {0x2C9F, 'o'}, {0x2CA2, 'p'}, {0x2CA3, 'p'}, {0x2CA4, 'c'},
	{0x2CA5, 'c'}, {0x2CA6, 't'}, {0x2CA8, 'y'}, {0x2CAC, 'x'}, {0x2CD0, 'l'}, {0xA4D0, 'b'},
	{0xA4D1, 'p'}, {0xA4D2, 'd'}, {0xA4D3, 'd'}, {0xA4D4, 't'}, {0xA4D6, 'g'}, {0xA4D7, 'k'},
	{0xA4D9, 'j'}, {0xA4DA, 'c'}, {0xA4DC, 'z'}, {0xA4DD, 'f'}, {0xA4DF, 'm'}, {0xA4E0, 'n'},
	{0xA4E1, 'l'}, {0xA4E2, 's'}, {0xA4E3, 'r'}, {0xA4E6, 'v'}, {0xA4E7, 'h'}, {0xA4EA, 'w'},
	{0xA4EB, 'x'}, {0xA4EC, 'y'}, {0xA4EE, 'a'}, {0xA4F0, 'e'}, {0xA4F2, 'l'}, {0xA4F3, 'o'},
	{0xA4F4, 'u'}, {0xA647, 'i'}, {0xA731, 's'}, {0xA798, 'f'}, {0xA799, 'f'}, {0xA79F, 'u'},
	{0xA7B2, 'j'}, {0xA7B3, 'x'}, {0xA7B4, 'b'}, {0xAB32, 'e'}, {0xAB35, 'f'}, {0xAB3D, 'o'},
	{0xAB47, 'r'}, {0xAB48, 'r'}, {0xAB4E, 'u'}, {0xAB52, 'u'}, {0xAB5A, 'y'}, {0xAB75, 'i'},
	{0xAB81, 'r'}, {0xAB83, 'w'}, {0xAB93, 'z'}, {0xABA9, 'v'}, {0xABAA, 's'}, {0xABAF, 'c'},
	{0x10282, 'b'}, {0x10286, 'e'}, {0x10287, 'f'}, {0x1028A, 'l'}, {0x10290, 'x'}, {0x10292, 'o'},
	{0x10295, 'p'}, {0x10296, 's'}, {0x10297, 't'}, {0x102A0, 'a'}, {0x102A1, 'b'}, {0x102A2, 'c'},
	{0x102A5, 'f'}, {0x102AB, 'o'}, {0x102B0, 'm'}, {0x102B1, 't'}, {0x102B2, 'y'}, {0x102B4, 'x'},
	{0x102CF, 'h'}, {0x10301, 'b'}, {0x10302, 'c'}, {0x10309, 'l'}, {0x10311, 'm'}, {0x10315, 't'},
	{0x10317, 'x'}, {0x10404, 'o'}, {0x10415, 'c'}, {0x1041B, 'l'}, {0x10420, 's'}, {0x1042C, 'o'},
	{0x1043D, 'c'}, {0x10448, 's'}, {0x104B4, 'r'}, {0x104C2, 'o'}, {0x104CE, 'u'}, {0x104EA, 'o'},
	{0x104F6, 'u'},
}

// lookalike is the ASCII letter r looks like, or 0.
func lookalike(r rune) byte {
	if r < 0x0131 || r > 0x104F6 {
		return 0
	}
	i, ok := slices.BinarySearchFunc(lookalikes[:], r, func(e struct {
		r rune
		c byte
	}, r rune) int {
		return int(e.r - r)
	})
	if !ok {
		return 0
	}
	return lookalikes[i].c
}

func ignorable(r rune) bool { return r >= 0xAD && unicode.Is(defaultIgnorable, r) }

// compatASCII: NFKC makes ASCII of r, its compatibility decomposition
// (not a canonical one, which NFKC composes again) holding ASCII:
// fullwidth and mathematical letters, ligatures, the no-break space.
func compatASCII(s string) bool {
	k := norm.NFKC.PropertiesString(s).Decomposition()
	if k == nil || string(k) == string(norm.NFC.PropertiesString(s).Decomposition()) {
		return false
	}
	for _, c := range k {
		if c < utf8.RuneSelf {
			return true
		}
	}
	return false
}

// The kinds of disguise, in the order a message prefers them.
const (
	disguiseInvisible = iota // a default-ignorable character inside a word
	disguiseLookalike        // a letter of another script
	disguiseCompat           // a fullwidth, mathematical or other compatibility form
	disguiseKinds
)

// folding is a text as the instruction checks read it, and how it was
// disguised.
type folding struct {
	text string // NFKC, default-ignorables removed, lookalikes folded; case kept
	// the first instruction keyword written otherwise than it reads: the
	// word as read (lower case), its bytes in the raw text, the character
	// and kind of the disguise
	word           string
	wordAt, wordTo int
	how            rune
	kind           int
}

// foldRelevant says whether folding s could change what the instruction
// checks read: a character that folds to ASCII, or default-ignorable
// characters between two ASCII bytes. One pass, a table look-up for each
// character outside ASCII.
func foldRelevant(s string) bool {
	i := 0
	for i < len(s) && s[i] < utf8.RuneSelf {
		i++
	}
	for i < len(s) {
		if s[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		switch {
		case ignorable(r):
			j := i + n
			for j < len(s) {
				t, m := utf8.DecodeRuneInString(s[j:])
				if !ignorable(t) {
					break
				}
				j += m
			}
			if i > 0 && s[i-1] < utf8.RuneSelf && j < len(s) && s[j] < utf8.RuneSelf {
				return true
			}
			i = j
			continue
		case lookalike(r) != 0, compatASCII(s[i:]):
			return true
		}
		i += n
	}
	return false
}

// foldText folds s for the instruction checks, or returns nil when that
// would change nothing they read.
func foldText(s string) *folding {
	if !foldRelevant(s) {
		return nil
	}
	f := &folding{}
	out := make([]byte, 0, len(s))
	var buf []byte
	var it norm.Iter
	// the word read so far: its start in out (-1 for none) and in s, and
	// whether a run of characters outside ASCII is in it
	wordOut, wordAt, touched := -1, 0, false
	endWord := func(to int) {
		if wordOut >= 0 && touched && f.word == "" {
			f.checkWord(s, out[wordOut:], wordAt, to)
		}
		wordOut, touched = -1, false
	}
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if asciiLetter(rune(c)) {
				if wordOut < 0 {
					wordOut, wordAt = len(out), i
				}
			} else {
				endWord(i)
			}
			out = append(out, c)
			i++
			continue
		}
		j := i
		for j < len(s) && s[j] >= utf8.RuneSelf {
			j++
		}
		// a run of characters outside ASCII: NFKC, then each character
		// of it removed, folded or kept. NFKC by runs is NFKC: an ASCII
		// character starts a segment of its own, and one that a mark
		// after it may compose with is taken into the run.
		if i > 0 && s[i-1] < utf8.RuneSelf && !norm.NFKC.PropertiesString(s[i:]).BoundaryBefore() {
			i--
			out = out[:len(out)-1]
			if wordOut == len(out) {
				wordOut = -1
			}
		}
		buf = append(buf[:0], s[i:j]...)
		if !plainRun(s[i:j]) {
			// one iterator for the text: norm.Form.AppendString would
			// allocate its buffers for each run
			buf = buf[:0]
			it.InitString(norm.NFKC, s[i:j])
			for !it.Done() {
				buf = append(buf, it.Next()...)
			}
		}
		if wordOut >= 0 {
			touched = true
		}
		gave := false // the run gave letters to the word being read
		for k := 0; k < len(buf); {
			r, n := utf8.DecodeRune(buf[k:])
			k += n
			if ignorable(r) {
				continue
			}
			c := lookalike(r)
			if c == 0 && r < utf8.RuneSelf {
				c = byte(r)
			}
			switch {
			case c != 0 && asciiLetter(rune(c)):
				if wordOut < 0 {
					wordOut, wordAt = len(out), i
				}
				touched, gave = true, true
				out = append(out, c)
			case c != 0:
				endWord(i)
				out = append(out, c)
			default:
				if gave {
					endWord(j)
				} else {
					endWord(i)
				}
				gave = false
				out = utf8.AppendRune(out, r)
			}
		}
		i = j
	}
	endWord(len(s))
	f.text = string(out)
	return f
}

// plainRun: s holds only default-ignorables and lookalikes, which NFKC
// leaves as they are and composes with nothing, so that NFKC need not run.
func plainRun(s string) bool {
	for _, r := range s {
		if !ignorable(r) && lookalike(r) == 0 || r == 0x3164 || r == 0xFFA0 {
			return false
		}
	}
	return true
}

// disguises finds, for a message, the first character of each kind of
// disguise in s (firstAt -1 for a kind s does not hold).
func disguises(s string) (first [disguiseKinds]rune, firstAt [disguiseKinds]int) {
	firstAt = [disguiseKinds]int{-1, -1, -1}
	for k, r := range s {
		kind := -1
		switch {
		case r < utf8.RuneSelf:
		case ignorable(r):
			// between two ASCII characters (not in an emoji sequence)
			if n := k + utf8.RuneLen(r); k > 0 && s[k-1] < utf8.RuneSelf && n < len(s) && s[n] < utf8.RuneSelf {
				kind = disguiseInvisible
			}
		case lookalike(r) != 0:
			kind = disguiseLookalike
		case compatASCII(s[k:]) && strings.TrimSpace(norm.NFKC.String(string(r))) != "":
			// a no-break or ideographic space is typography, not a
			// disguise
			kind = disguiseCompat
		}
		if kind >= 0 && firstAt[kind] < 0 {
			first[kind], firstAt[kind] = r, k
		}
	}
	return first, firstAt
}

// disguisedWords are the words of instructions to the model, and of the
// secrets they ask for, whose disguise is an attack rather than an
// accident: one is read only after it is folded, and was written with an
// invisible character inside or a letter of another script. Built on
// first use: no work at start-up.
var disguisedWords = sync.OnceValue(func() map[string]bool {
	return map[string]bool{
		"ignore": true, "ignoring": true, "disregard": true, "forget": true, "override": true,
		"previous": true, "prior": true, "above": true, "instruction": true, "instructions": true,
		"prompt": true, "prompts": true, "system": true, "important": true, "rules": true,
		"tell": true, "mention": true, "inform": true, "reveal": true, "disclose": true, "notify": true,
		"user": true, "users": true, "hide": true, "conceal": true, "withhold": true, "secret": true,
		"secretly": true, "never": true, "without": true, "read": true, "send": true, "pass": true,
		"include": true, "upload": true, "forward": true, "exfiltrate": true, "password": true,
		"passwords": true, "credential": true, "credentials": true, "token": true, "tokens": true,
		"apikey": true, "ssh": true, "env": true, "private": true, "decode": true, "follow": true,
		"execute": true, "admin": true, "assistant": true, "model": true,
	}
})

// checkWord records word, read from s[at:to] after folding, when it is
// an instruction keyword disguised by an invisible character between two
// of its letters or by a lookalike letter. A fullwidth or mathematical
// word alone is not: Japanese and Chinese text writes Latin words so.
func (f *folding) checkWord(s string, word []byte, at, to int) {
	if len(word) < 3 || len(word) > 16 {
		return
	}
	var lower [16]byte // the word's letters, lowered: no allocation per word
	for i, c := range word {
		lower[i] = c | 0x20
	}
	if !disguisedWords()[string(lower[:len(word)])] {
		return
	}
	letters := 0 // letters read so far in s[at:to]
	var invisible rune
	for k := at; k < to; {
		r, n := utf8.DecodeRuneInString(s[k:])
		switch {
		case r < utf8.RuneSelf:
			letters++
		case ignorable(r):
			if letters > 0 && letters < len(word) && invisible == 0 {
				invisible = r
			}
		case lookalike(r) != 0:
			f.word, f.wordAt, f.wordTo, f.how, f.kind = string(lower[:len(word)]), at, to, r, disguiseLookalike
			return
		default:
			letters++
		}
		k += n
	}
	if invisible != 0 {
		f.word, f.wordAt, f.wordTo, f.how, f.kind = string(lower[:len(word)]), at, to, invisible, disguiseInvisible
	}
}

// disguise says, for a message, how r disguises the text.
func disguise(r rune, kind int) string {
	switch kind {
	case disguiseInvisible:
		return "the invisible " + charName(r)
	case disguiseLookalike:
		return fmt.Sprintf("U+%04X, a %s letter that looks like %q", r, scriptOf(r), string(rune(lookalike(r))))
	}
	return fmt.Sprintf("U+%04X, a compatibility form that NFKC reads as %q", r, norm.NFKC.String(string(r)))
}

func scriptOf(r rune) string {
	for name, t := range unicode.Scripts {
		if name != "Common" && name != "Inherited" && unicode.Is(t, r) {
			return strings.ReplaceAll(name, "_", " ")
		}
	}
	return "non-Latin"
}
