package secret

import (
	"cmp"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/resolve"
)

// minKnown is the shortest value a Boundary masks wherever it appears.
// Replacing a one- to three-character value everywhere would mangle every
// message (an exit code, a port) while hiding nothing a reader could not
// guess; a four-digit PIN is four.
const minKnown = 4

// Boundary is the one sanitizing boundary of a run: every value mcpconf
// prints is made a Safe by one of its methods. It knows the secrets of the
// run — resolved values, command outputs, the literal secrets of the
// configs read — and masks each of them in every text it makes Safe,
// besides what find recognizes in that text, so that a secret masked in
// one field cannot show in another (a server's stderr quoting its token, a
// command's error quoting another value). It fingerprints values with a
// key that never leaves it.
//
// A Boundary is safe for concurrent use. Learn what a run knows before
// making its texts Safe: a text made Safe before a secret is learned keeps
// that secret.
type Boundary struct {
	key []byte

	mu   sync.RWMutex
	seen map[string]bool
	// gen counts the secrets learned: Settle builds again while it moves.
	gen uint64
	// index holds, by their first four bytes, the lengths of the learned
	// secrets that start so, longest first, and set the secrets: a text
	// is searched for all of them in one pass, a lookup per length at a
	// byte that may start one. nil when a secret was learned since.
	index map[uint32][]int
	set   map[string]bool
	// starts has a bit per pair of first two bytes of a learned secret:
	// most bytes of a text start none, and are passed without a lookup.
	starts *[1 << 16 / 64]uint64

	// memo holds the Text of short strings already made Safe since the
	// last secret learned: paths, client ids and statuses repeat in every
	// entry of a view.
	memoMu sync.Mutex
	memo   map[string]Safe
}

// maxMemo bounds the memo; memoLen the strings it keeps.
const (
	maxMemo = 4096
	memoLen = 128
)

// New returns a Boundary whose fingerprints are keyed with 32 random
// bytes: they compare values within the run, never across runs, and
// cannot be brute-forced offline.
func New() *Boundary {
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		panic("secret: no randomness for the fingerprint key: " + err.Error()) // crypto/rand does not fail on supported systems
	}
	return NewKeyed(key)
}

// NewKeyed returns a Boundary whose fingerprints are keyed with key: the
// same key gives the same fingerprints (tests; comparing two runs on
// purpose).
func NewKeyed(key []byte) *Boundary {
	return &Boundary{key: slices.Clone(key), seen: map[string]bool{}}
}

// Learn adds values to mask wherever they appear in the run: resolved
// values, a command's output, a value found to be a secret. Values shorter
// than four bytes (after trimming spaces) are not learned; nor is Masked.
func (b *Boundary) Learn(values ...string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, v := range values {
		v = strings.TrimSpace(v)
		if len(v) < minKnown || b.seen[v] || strings.Trim(v, "*") == "" {
			continue
		}
		b.seen[v] = true
		b.gen++
		b.index = nil
		b.memoMu.Lock()
		b.memo = nil
		b.memoMu.Unlock()
	}
}

// maxSettle bounds Settle's builds: each one after the first runs only
// because the one before found a secret in a text it made Safe.
const maxSettle = 4

// Settle runs build, which makes a view's texts Safe, and runs it again
// while a run taught the Boundary a secret: a text made Safe before a
// secret found in a later text was learned would keep it (a hint quoting
// an argument that a server's stderr then shows as "token=VALUE"). A
// view built by Settle is built after everything its texts teach is
// learned. build must start from nothing each time.
func (b *Boundary) Settle(build func()) {
	for range maxSettle {
		b.mu.RLock()
		before := b.gen
		b.mu.RUnlock()
		build()
		b.mu.RLock()
		after := b.gen
		b.mu.RUnlock()
		if after == before {
			return
		}
	}
}

// Learned returns the secrets learned so far, sorted; nil when there is
// none. Another Boundary that learns them (Learn) masks what this one
// does: lint learns each file's secrets as it is checked, and releases
// the file.
func (b *Boundary) Learned() []string {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if len(b.seen) == 0 {
		return nil
	}
	out := make([]string, 0, len(b.seen))
	for k := range b.seen {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// prefix is the key of the first four bytes of s (at least four long).
func prefix(s string) uint32 {
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// lookup returns the index of the learned secrets, building it when a
// secret was learned since.
func (b *Boundary) lookup() (map[uint32][]int, map[string]bool, *[1 << 16 / 64]uint64) {
	b.mu.RLock()
	idx, set, starts := b.index, b.set, b.starts
	b.mu.RUnlock()
	if idx != nil {
		return idx, set, starts
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.index == nil {
		b.index = make(map[uint32][]int, len(b.seen))
		b.set = make(map[string]bool, len(b.seen))
		b.starts = new([1 << 16 / 64]uint64)
		for k := range b.seen {
			b.set[k] = true
			p := prefix(k)
			if !slices.Contains(b.index[p], len(k)) {
				b.index[p] = append(b.index[p], len(k))
			}
			pair := uint16(k[0]) | uint16(k[1])<<8
			b.starts[pair/64] |= 1 << (pair % 64)
		}
		for _, lengths := range b.index {
			slices.SortFunc(lengths, func(x, y int) int { return cmp.Compare(y, x) })
		}
	}
	return b.index, b.set, b.starts
}

// LearnValue learns the secrets of an env or header value as written
// under key: what MaskValue masks in it (every literal part when the key
// looks secret, else the literal parts that may be secrets on their own),
// and whatever find sees. Placeholders are names, not secrets.
func (b *Boundary) LearnValue(key, v string) {
	if strings.HasPrefix(v, "!") {
		b.learnSpans(v, commandSpans(v))
		return
	}
	secretKey := IsSecretKey(key) && !PublicKey(key)
	var parts []string
	last := 0
	literal := func(s string) {
		s = strings.TrimSpace(s)
		if w, rest, ok := strings.Cut(s, " "); ok && isSchemeWord(w) {
			s = strings.TrimSpace(rest)
		}
		switch {
		case s == "" || isSchemeWord(s) || isReference(s):
		case secretKey:
			parts = append(parts, s)
		default:
			for _, w := range words(s) {
				if mayBeSecret(s[w[0]:w[1]]) {
					parts = append(parts, s[w[0]:w[1]])
				}
			}
		}
	}
	for _, p := range resolve.Scan(v) {
		literal(v[last:p.Start])
		if p.HasDefault {
			b.LearnValue(key, p.Default)
		}
		last = p.End
	}
	literal(v[last:])
	b.Learn(parts...)
	b.learnFound(v)
}

// LearnArgs learns the values of secret-looking flags and what find sees
// in each argument.
func (b *Boundary) LearnArgs(args []string) {
	for i, a := range args {
		switch k, v, ok := strings.Cut(a, "="); {
		case ok && isSecretFlag(k):
			b.learnLiteral(v)
		case i > 0 && isSecretFlag(args[i-1]) && !strings.Contains(args[i-1], "=") && !strings.HasPrefix(a, "-"):
			b.learnLiteral(a)
		}
		b.learnFound(a)
	}
}

// LearnURL learns the credentials of a URL or connection string.
func (b *Boundary) LearnURL(u string) {
	b.learnSpans(u, appendURL(nil, u, 0))
	b.learnFound(u)
}

// LearnText learns the secrets find sees in free text (a file's source, a
// command's error): token shapes and URL credentials always, the values
// of secret-looking keys and flags when they cannot be a common word
// ("none", "true", "production" would then be masked in every message).
func (b *Boundary) LearnText(s string) { b.learnFound(s) }

func (b *Boundary) learnFound(s string) { b.learnMasked(s, find(s)) }

// learnMasked learns the secrets a recognizer found in s (spans of find),
// as the Boundary masks them: a value masked once in a run is masked in
// every text of the run made Safe after. The values of secret-looking
// keys and flags are learned when they cannot be a common word ("none",
// "true", "production" would then be masked in every field): distinctive
// or a valueWord; a mask already made is not a secret.
func (b *Boundary) learnMasked(s string, spans []Span) {
	var vs []string
	for _, sp := range spans {
		v := s[sp.Start:sp.End]
		if (sp.Kind == KindKeyed || sp.Kind == KindFlag) && !distinctive(v) && !valueWord(v) || strings.Contains(v, Masked) {
			continue
		}
		vs = append(vs, v)
	}
	if len(vs) > 0 {
		b.Learn(vs...)
	}
}

// valueWord reports a value of one word that cannot be words of a
// message (proseLike): "hunter2", "Passw0rd". The Boundary's messages and
// paths mask a learned secret outside quotes only when it is so.
func valueWord(v string) bool {
	return !strings.ContainsAny(v, " \t\r\n") && !proseLike(v)
}

// distinctive reports a value that no message would hold by chance: at
// least 8 bytes, no white space, not letters alone.
func distinctive(v string) bool {
	return len(v) >= 8 && !strings.ContainsAny(v, " \t\r\n") && strings.ContainsFunc(v, func(r rune) bool {
		return !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z')
	})
}

func (b *Boundary) learnLiteral(v string) {
	b.learnSpans(v, appendLiteral(nil, v, 0, len(v), 0, KindFlag))
}

func (b *Boundary) learnSpans(s string, spans []Span) {
	vs := make([]string, 0, len(spans))
	for _, sp := range spans {
		vs = append(vs, s[sp.Start:sp.End])
	}
	b.Learn(vs...)
}

// boundedBelow is the length under which a learned secret is masked only
// where it stands as a word of its own: a password "postgres" is hidden
// in "postgres:postgres@", not in "postgresql://". A longer one is
// hidden wherever it is, even glued to other text.
const boundedBelow = 12

// knownSpans are the occurrences of the learned secrets in s, found in one
// pass over s whatever their number: at each byte, the secrets that start
// with the next four bytes are tried, longest first.
func (b *Boundary) knownSpans(s string) []Span {
	if len(s) < minKnown {
		return nil
	}
	idx, set, starts := b.lookup()
	if len(idx) == 0 {
		return nil
	}
	var out []Span
	for i := 0; i+minKnown <= len(s); i++ {
		if pair := uint16(s[i]) | uint16(s[i+1])<<8; starts[pair/64]&(1<<(pair%64)) == 0 {
			continue
		}
		for _, n := range idx[prefix(s[i:])] {
			end := i + n
			if end > len(s) || !set[s[i:end]] {
				continue
			}
			if n < boundedBelow && (i > 0 && isAlnum(s[i-1]) || end < len(s) && isAlnum(s[end])) {
				continue
			}
			out = append(out, Span{i, end, "known"})
			break // a shorter one here is inside this one
		}
	}
	return out
}

// Mask hides in s the learned secrets and everything find recognizes,
// found in the text as given so that one cannot hide part of another.
// It is for text that is built further before it crosses the boundary (a
// message quoting a server's answer, cut to length): mask, then cut.
//
// What the recognizers find in s (a token shape, a URL's password, the
// value of API_KEY=… or --token …) is learned as it is masked
// (learnMasked): a server that prints "token=VALUE" on stderr has VALUE
// masked in the command line of the hint to run it by hand too, when
// that is made Safe after.
func (b *Boundary) Mask(s string) string {
	return maskFound(replaceSpans(s, b.knownSpans(s)), b.learnMasked, nil)
}

// MaskCut is Mask, then a cut to at most n bytes: the order that keeps a
// secret cut at the limit from showing its first characters.
func (b *Boundary) MaskCut(s string, n int) string { return cut(b.Mask(s), n) }

// Text is free text made Safe on one line: secrets masked (quotes and
// backslashes inside a secret kept, textMask), line breaks, tabs and
// control characters neutralized.
func (b *Boundary) Text(s string) Safe {
	if s == "" {
		return Safe{}
	}
	if len(s) > memoLen {
		return Safe{neutralize(b.textMask(s), lineMode)}
	}
	b.memoMu.Lock()
	t, ok := b.memo[s]
	b.memoMu.Unlock()
	if ok {
		return t
	}
	t = Safe{neutralize(b.textMask(s), lineMode)}
	b.memoMu.Lock()
	if b.memo == nil || len(b.memo) >= maxMemo {
		b.memo = make(map[string]Safe)
	}
	b.memo[s] = t
	b.memoMu.Unlock()
	return t
}

// Lines is free text made Safe over several lines (a tool's description):
// as Text, but line breaks and tabs stay.
func (b *Boundary) Lines(s string) Safe { return Safe{neutralize(b.Mask(s), linesMode)} }

// Cut is Text cut to at most n bytes, after masking.
func (b *Boundary) Cut(s string, n int) Safe { return b.Text(s).Cut(n) }

// Value is an env or header value as written under key (MaskValue), made
// Safe. What it masks is learned (LearnValue).
func (b *Boundary) Value(key, v string) Safe {
	b.LearnValue(key, v)
	return b.Text(MaskValue(key, b.maskKnown(v)))
}

// Command is the text of a shell command (MaskCommand), made Safe. What
// it masks is learned.
func (b *Boundary) Command(c string) Safe {
	b.learnMasked(c, commandSpans(c))
	return b.Text(MaskCommand(b.maskKnown(c)))
}

// URL is a URL or connection string (MaskURL), made Safe. What it masks
// is learned (LearnURL).
func (b *Boundary) URL(u string) Safe {
	b.LearnURL(u)
	return b.Text(MaskURL(b.maskKnown(u)))
}

// Message is a message of mcpconf's made Safe: its words are mcpconf's
// own, and the values it quotes ("…" as %q writes them, or `…`) are the
// input's. A learned secret is masked in the quoted values; outside them
// only when it cannot be words of a message (proseLike: it holds a digit
// or a symbol, or mixes cases as words do not), since a message may
// append a value unquoted (a command's stderr after its exit status). So
// a secret that happens to equal a rule id, a client's name or words of
// the message ("hardcoded-secret", "Claude Code", "credential") leaves
// the message readable. What the recognizers find (token shapes, URL
// credentials, the values of secret-looking keys and flags) is masked
// anywhere in it, and learned. Text that is not one of mcpconf's
// messages (a hint's command line, an error of the system) is Text.
func (b *Boundary) Message(s string) Safe {
	if s == "" {
		return Safe{}
	}
	known := b.knownSpans(s)
	if len(known) > 0 {
		quoted := quotedSpans(s)
		kept := known[:0]
		for _, k := range known {
			if !proseLike(s[k.Start:k.End]) || slices.ContainsFunc(quoted, func(q Span) bool { return k.Start < q.End && q.Start < k.End }) {
				kept = append(kept, k)
			}
		}
		known = kept
	}
	return Safe{neutralize(b.maskQuoted(s, known), lineMode)}
}

// proseLike reports a text that may be words of a message, a rule id or
// a client's name: ASCII letters, spaces and hyphens, each word lower
// case, upper case or capitalized ("hardcoded-secret", "Gemini CLI").
func proseLike(v string) bool {
	for _, w := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == '-' }) {
		upper := 0
		for i := 0; i < len(w); i++ {
			switch c := w[i]; {
			case isUpper(c):
				upper++
			case !isLower(c):
				return false
			}
		}
		if upper > 1 && upper < len(w) || upper == 1 && !isUpper(w[0]) && len(w) > 1 {
			return false
		}
	}
	return true
}

// Path is a file's path made Safe. A learned secret is masked in it when
// it is value-like (not proseLike): a path is made of the names of
// directories and of the clients' own files ("~/.claude.json",
// ".cursor/mcp.json"), which a short password may equal by chance. What
// the recognizers find is masked, and learned.
func (b *Boundary) Path(p string) Safe {
	if p == "" {
		return Safe{}
	}
	known := b.knownSpans(p)
	kept := known[:0]
	for _, k := range known {
		if !proseLike(p[k.Start:k.End]) {
			kept = append(kept, k)
		}
	}
	return Safe{neutralize(maskFound(replaceSpans(p, kept), b.learnMasked, nil), lineMode)}
}

// quotedSpans are the contents of the quoted strings of a message: "…"
// with backslash escapes (Go's %q), and `…`.
func quotedSpans(s string) []Span {
	var out []Span
	for i := 0; i < len(s); i++ {
		q := s[i]
		if q != '"' && q != '`' {
			continue
		}
		e := i + 1
		for e < len(s) && s[e] != q {
			if q == '"' && s[e] == '\\' {
				e++
			}
			e++
		}
		e = min(e, len(s))
		out = append(out, Span{i + 1, e, ""})
		i = e
	}
	return out
}

// Own is mcpconf's own vocabulary made Safe: a rule id, a rule's title
// and documentation, a client's name, a status, the tool's name and
// version — text of the program, never of the input. It is not searched
// for the run's learned secrets, which one may equal by chance (a
// password "hardcoded-secret" is also a rule id, and the rule id is not
// the password's disclosure); it is neutralized, and what the recognizers
// find in it (a documentation's example token) is masked still. Values
// never go through Own.
func (b *Boundary) Own(s string) Safe {
	if s == "" {
		return Safe{}
	}
	return Safe{neutralize(Mask(s), lineMode)}
}

// OwnLines is Own over several lines (a rule's documentation).
func (b *Boundary) OwnLines(s string) Safe { return Safe{neutralize(Mask(s), linesMode)} }

// Args is a list of arguments (MaskArgs), each made Safe.
func (b *Boundary) Args(args []string) []Safe {
	if args == nil {
		return nil
	}
	masked := b.MaskArgs(args)
	out := make([]Safe, len(masked))
	for i, a := range masked {
		out[i] = b.Text(a)
	}
	return out
}

// MaskArgs is a list of arguments as a message may show them (MaskArgs),
// the learned secrets masked too; the texts are still to be made Safe.
func (b *Boundary) MaskArgs(args []string) []string {
	b.LearnArgs(args)
	known := make([]string, len(args))
	for i, a := range args {
		known[i] = b.maskKnown(a)
	}
	return MaskArgs(known)
}

// Texts is Text of each string.
func (b *Boundary) Texts(ss []string) []Safe {
	if ss == nil {
		return nil
	}
	out := make([]Safe, len(ss))
	for i, s := range ss {
		out[i] = b.Text(s)
	}
	return out
}

func (b *Boundary) maskKnown(s string) string { return replaceSpans(s, b.knownSpans(s)) }

// ColSpan is a range [Start, End) of 1-based code point columns of a line.
type ColSpan struct{ Start, End int }

// SourceLine is a line of a file as a snippet shows it: every secret
// (learned, found by find, and the columns in hide) replaced by one "*"
// per code point, so columns do not move and carets stay under the right
// text; control characters but tabs neutralized. The line is masked
// whole, before any window is cut from it. It runs in time linear in the
// line (plus the secrets), so a minified file of thousands of servers on
// one line is masked in one pass.
func (b *Boundary) SourceLine(line string, hide []ColSpan) Safe {
	runes := []rune(line)
	n := len(runes)
	var delta []int32              // +1 where a masked range starts, -1 where it ends
	mark := func(start, end int) { // 0-based rune indexes
		start, end = max(start, 0), min(end, n)
		if start >= end {
			return
		}
		if delta == nil {
			delta = make([]int32, n+1)
		}
		delta[start]++
		delta[end]--
	}
	for _, h := range hide {
		mark(h.Start-1, h.End-1)
	}
	runeAt := runeIndexer(line, n)
	found := find(line)
	b.learnMasked(line, found)
	for _, sp := range append(b.knownSpans(line), found...) {
		mark(runeAt(sp.Start), runeAt(sp.End))
	}
	if delta != nil {
		cover := int32(0)
		for i := range runes {
			if cover += delta[i]; cover > 0 {
				runes[i] = '*'
			}
		}
	}
	return Safe{neutralize(string(runes), sourceMode)}
}

// runeIndexer maps a byte offset of s (at most len(s)) to the number of
// code points before it, as []rune(s) counts them, in O(1).
func runeIndexer(s string, runes int) func(int) int {
	if runes == len(s) {
		return func(off int) int { return off } // ASCII
	}
	idx := make([]int32, len(s)+1)
	n := int32(0)
	for i := 0; i < len(s); {
		_, size := utf8.DecodeRuneInString(s[i:])
		for k := range size {
			idx[i+k] = n // an offset inside a sequence maps to its code point
		}
		i += size
		n++
	}
	idx[len(s)] = n
	return func(off int) int { return int(idx[off]) }
}

// Fingerprint identifies a value without showing it: its length and the
// first hex digits of an HMAC-SHA256 under the Boundary's key ("40 chars,
// hmac:3f2a91c0…"). Two equal values of one run have the same
// fingerprint, so a report shows that two servers get the same token, or
// a different one; since the key is random per run and never printed, a
// fingerprint cannot be brute-forced offline (a 4-digit PIN hashed without
// a key could) and does not identify a value across runs.
func (b *Boundary) Fingerprint(v string) Safe {
	m := hmac.New(sha256.New, b.key)
	m.Write([]byte(v))
	return Safe{fmt.Sprintf("%d chars, hmac:%s…", utf8.RuneCountInString(v), hex.EncodeToString(m.Sum(nil))[:8])}
}

// commandSpans are what MaskCommand hides.
func commandSpans(cmd string) []Span { return append(find(cmd), randomWords(cmd)...) }
