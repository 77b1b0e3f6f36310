package secret

import (
	"math"
	"strings"

	"github.com/mcpconf/mcpconf/resolve"
)

// entropy is the Shannon entropy of s in bits per byte.
func entropy(s string) float64 {
	if s == "" {
		return 0
	}
	var counts [256]int
	for i := 0; i < len(s); i++ {
		counts[s[i]]++
	}
	n := float64(len(s))
	h := 0.0
	for _, c := range counts {
		if c > 0 {
			f := float64(c) / n
			h -= f * math.Log2(f)
		}
	}
	return h
}

// Thresholds of LooksSecret.
const (
	secretMinLen     = 20
	secretMinEntropy = 3.5
)

// exampleWords mark example values rather than secrets.
var exampleWords = []string{"your", "example", "changeme", "change-me", "placeholder", "replace", "xxxx", "todo", "dummy", "<", ">", "..."}

// IsExample reports a value written as an example of one: "your-api-key",
// "<token>", "changeme", "xxxx…".
func IsExample(v string) bool {
	lower := strings.ToLower(v)
	for _, w := range exampleWords {
		if strings.Contains(lower, w) {
			return true
		}
	}
	return false
}

// LooksSecret reports a long, random-looking literal: no placeholder, no
// path or URL, no whitespace, no example wording, not words joined as
// names are (ReadsAsWords: "mcp-server-everything" is as spread as a key). Lint reports such a value
// under a secret-looking key or flag; output masks it wherever it is
// written as a secret's value.
func LooksSecret(v string) bool {
	if len(v) < secretMinLen || strings.ContainsAny(v, " \t\r\n\\") || LooksLikePath(v) {
		return false
	}
	if len(resolve.Scan(v)) > 0 || resolve.IsEnvName(v) || IsExample(v) {
		return false
	}
	return entropy(v) >= secretMinEntropy && !ReadsAsWords(v)
}

// LooksLikePath reports file paths and URLs: GOOGLE_APPLICATION_CREDENTIALS
// holds a path, not a secret.
func LooksLikePath(v string) bool {
	if strings.Contains(v, "://") || strings.HasPrefix(v, "/") || strings.HasPrefix(v, "./") ||
		strings.HasPrefix(v, "../") || strings.HasPrefix(v, "~/") {
		return true
	}
	if len(v) >= 3 && v[1] == ':' && (v[2] == '/' || v[2] == '\\') {
		return true // C:\…
	}
	for _, ext := range []string{".json", ".pem", ".key", ".p12", ".pfx", ".crt", ".txt", ".env", ".yaml", ".yml", ".toml"} {
		if strings.HasSuffix(strings.ToLower(v), ext) {
			return true
		}
	}
	return false
}

// maxWordDigits is the longest run of digits a word of a name holds
// ("12306-mcp", "2025" of a version); a number alone may be longer.
const maxWordDigits = 4

// ReadsAsWords reports a value made of words, as package names, commands
// and identifiers are ("mcp-server-everything",
// "@modelcontextprotocol/server-filesystem", "awslabs.aws-documentation-mcp-server@latest",
// "context7", "a11y"): split at punctuation, each part is a number, or
// letters that can be read (a vowel every few letters, in one case or
// capitalized words) with at most one short run of digits inside or at
// an end. A key drawn at random mixes cases, digits and letters or runs
// of consonants, and does not read; nor does hex, however it is cut (a
// UUID). Entropy alone cannot tell: the letters of a few words are as
// spread as a random key's.
func ReadsAsWords(v string) bool {
	if looksHex(v) {
		return false
	}
	words, mixed := 0, 0
	for i := 0; i < len(v); {
		for i < len(v) && !isAlnum(v[i]) {
			i++
		}
		e := i
		for e < len(v) && isAlnum(v[e]) {
			e++
		}
		if e > i {
			if !readablePart(v[i:e]) {
				return false
			}
			words++
			if p := strings.TrimRight(v[i:e], "0123456789"); hasDigit(p) && hasLetter(p) {
				mixed++ // digits inside, not a suffix as in "win32", "context7"
			}
		}
		i = e
	}
	return words > 0 && mixed <= 1 // "f9pio-kcrij-kvi0a" is a key
}

// readablePart reports a run of letters and digits that reads: digits
// alone, or letters with at most one run of up to maxWordDigits digits
// (at most three runs: "a11y", "k8s", "context7", "0xabc"), the letters
// readable words.
func readablePart(p string) bool {
	runs, digits := 0, 0
	for i := 0; i < len(p); {
		e := i + 1
		for e < len(p) && isDigit(p[e]) == isDigit(p[i]) {
			e++
		}
		runs++
		if isDigit(p[i]) {
			digits++
			if e-i > maxWordDigits && !(i == 0 && e == len(p)) {
				return false
			}
		} else if !readableLetters(p[i:e]) {
			return false
		}
		i = e
	}
	return runs == 1 || runs <= 3 && digits <= 2 && !(runs == 3 && digits == 2 && len(p) > 6)
}

// readableLetters reports letters that read as words: in one case, or
// words each capitalized (camelCase, "McpServer"), each word readable.
func readableLetters(s string) bool {
	if s == strings.ToLower(s) || s == strings.ToUpper(s) {
		return readableWord(strings.ToLower(s), false)
	}
	// camelCase: a capital starts each word, which is lower after it; an
	// acronym (capitals, up to 4; one) stands before a word or at the end
	start, acronyms := 0, 0
	for i := 1; i <= len(s); i++ {
		if i < len(s) && !(isUpper(s[i]) && isLower(s[i-1])) && !(isUpper(s[i-1]) && i+1 < len(s) && isUpper(s[i]) && isLower(s[i+1])) {
			continue
		}
		w := s[start:i]
		upper := w == strings.ToUpper(w)
		if upper && len(w) > 1 {
			acronyms++
		}
		if upper && (len(w) > 4 || acronyms > 1) || !upper && w[1:] != strings.ToLower(w[1:]) || !readableWord(strings.ToLower(w), !upper && start > 0) {
			return false
		}
		start = i
	}
	return true
}

// readableWord reports a lower-case word that can be read, once the
// abbreviations glued to it are left out: up to three letters, or a
// vowel (y counts) at least every sixth letter, no five consonants in a
// row and at most maxWordLetters letters. A capitalized word of a
// camelCase name needs a vowel too ("Qm" of a random key has none).
func readableWord(w string, capitalized bool) bool {
	w = withoutAbbreviations(w)
	vowels, run, most := 0, 0, 0
	for i := 0; i < len(w); i++ {
		if strings.IndexByte("aeiouy", w[i]) >= 0 {
			vowels++
			run = 0
		} else {
			run++
			most = max(most, run)
		}
	}
	switch {
	case w == "":
		return true
	case capitalized:
		return vowels > 0 && most <= 3
	case len(w) <= 3:
		return true
	}
	return vowels > 0 && most <= maxConsonants && vowels*6 >= len(w) && len(w) <= maxWordLetters
}

// maxWordLetters is the longest word a name glues together
// ("modelcontextprotocol"); maxConsonants the most consonants in a row
// ("gongrzhe").
const (
	maxWordLetters = 20
	maxConsonants  = 5
)

// abbreviations are glued to words in names ("fastmcp", "duckdb",
// "nuxtjs"): read without them, the rest is a word.
var abbreviations = []string{"mcp", "db", "js", "ts", "sdk", "cli", "api", "llm", "sql", "http", "html", "grpc", "npm", "pdf", "aws", "gcp", "ssh", "rpc", "gpt", "lsp", "xml", "json"}

// withoutAbbreviations is w without the abbreviations in it.
func withoutAbbreviations(w string) string {
	for _, a := range abbreviations {
		if strings.Contains(w, a) {
			w = strings.ReplaceAll(w, a, "")
		}
	}
	return w
}

// looksHex reports a value of hex digits (and separators) with at least
// 16 of them, letters and digits both: a digest, a key, a UUID.
func looksHex(v string) bool {
	n, letters, digits := 0, 0, 0
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case isDigit(c):
			digits++
		case 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F':
			letters++
		case c == '-' || c == '_' || c == ':' || c == '.':
			continue
		default:
			return false
		}
		n++
	}
	return n >= 16 && letters > 0 && digits > 0
}
