package discover

import (
	"bytes"
	"encoding/binary"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/tailscale/hujson"

	"github.com/mcpconf/mcpconf/internal/safefile"
	"github.com/mcpconf/mcpconf/normalize"
)

// prune says which entries of a table of projects a run reads
// (normalize.File.Section: ~/.claude.json's "projects", where Claude Code
// keeps every project's history until its own clean-up runs, tens of MB):
// the member section of the top-level object, and the start directory
// whose projects are kept (projectsNear, made only when a root's document
// is: it resolves the root's links). The others are checked as JSON and
// left out of the document, which then holds "{}" for each (table.doc).
type prune struct {
	section, root, goos string
}

// projectsNear keeps the keys that name root, a directory above it or one
// below it (as written, or root's symbolic links resolved), and, in a
// linked git worktree, its main checkout: every entry a view looks up —
// the project's own, trust recorded for a directory on the way up or for
// the start directory below the project root. On Windows keys compare
// without case.
func projectsNear(root, goos string) func(string) bool {
	roots := []string{filepath.Clean(root)}
	if r, err := filepath.EvalSymlinks(root); err == nil && r != roots[0] {
		roots = append(roots, r)
	}
	if main := worktreeMain(root); main != "" {
		// a linked worktree: its main checkout's entry (Claude Code keys
		// the worktree by it)
		roots = append(roots, main)
		if r, err := filepath.EvalSymlinks(main); err == nil && r != main {
			roots = append(roots, r)
		}
	}
	fold := goos == "windows"
	for i, r := range roots {
		roots[i] = norm(r, fold)
	}
	return func(key string) bool {
		if !filepath.IsAbs(key) && !strings.HasPrefix(key, "/") {
			return true // not a path: nothing to compare, kept
		}
		k := norm(filepath.Clean(key), fold)
		return slices.ContainsFunc(roots, func(r string) bool { return nested(k, r) || nested(r, k) })
	}
}

func norm(p string, fold bool) string {
	p = filepath.ToSlash(p)
	if fold {
		p = strings.ToLower(p)
	}
	return p
}

// nested reports whether p is dir or below it (slash-separated paths).
func nested(dir, p string) bool {
	if p == dir {
		return true
	}
	if !strings.HasSuffix(dir, "/") {
		dir += "/"
	}
	return strings.HasPrefix(p, dir)
}

// table is a file holding a table of projects, read and scanned once per
// run: what its parse does not owe to the root a run reads it for. Each
// root then gets its document from it (doc), at the cost of its kept part.
type table struct {
	abs, display string
	src          []byte
	lines        *normalize.Lines
	// entries are the table's members, in file order; nil when the text
	// is not plain strict JSON (a syntax error, a comment, a trailing
	// comma, a byte order mark, invalid UTF-8, nesting beyond MaxDepth),
	// which is parsed whole as it always was.
	entries []tableEntry
	// whole is the document parsed whole, made once when some root keeps
	// every entry (or entries is nil).
	whole func() (*normalize.Document, []normalize.Diagnostic)
	file  safefile.File
}

// tableEntry is one member of the table: its key as written, whether that
// is its text (no escapes), and the extent of its value.
type tableEntry struct {
	key        string
	plain      bool
	start, end int
}

// readTable reads a table of projects: section is the member of the
// top-level object that holds it. err is set for a file that does not
// exist.
func readTable(abs, display string, section string, overlay Overlay) (*table, error) {
	if src, open := overlay.text(abs); open {
		return newTable(abs, display, src, section), nil
	}
	t := &table{abs: abs, display: display}
	f, err := readLimited(abs)
	if err != nil {
		doc, diags, err := unreadable(abs, display, normalize.JSON, err)
		if err != nil {
			return nil, err
		}
		t.whole = func() (*normalize.Document, []normalize.Diagnostic) { return doc, diags }
		return t, nil
	}
	t = newTable(abs, display, f.Data, section)
	t.file = f
	return t, nil
}

// newTable scans src, the text of a table of projects.
func newTable(abs, display string, src []byte, section string) *table {
	t := &table{abs: abs, display: display, src: src}
	t.whole = sync.OnceValues(func() (*normalize.Document, []normalize.Diagnostic) {
		return Parse(abs, display, normalize.JSON, src)
	})
	if bytes.HasPrefix(src, bom) || invalidUTF8(src) >= 0 {
		return t // a finding to make: parsed whole
	}
	sc := &scanner{src: src, section: section}
	if sc.document() {
		t.entries = sc.entries
		t.lines = normalize.NewLines(src)
	}
	return t
}

// doc is the document of the table as a run for root reads it: the
// entries keep does not keep left out, "{}" in their place, every
// position the file's. It is the whole parse when nothing is left out.
func (t *table) doc(keep func(string) bool) (*normalize.Document, []normalize.Diagnostic) {
	if t.entries == nil {
		return t.whole()
	}
	var cut []tableEntry
	for _, e := range t.entries {
		if e.plain && !keep(e.key) {
			cut = append(cut, e)
		}
	}
	if len(cut) == 0 {
		return t.whole()
	}
	// the skeleton: the text with each entry left out replaced by "{}"
	skel := make([]byte, 0, 4096)
	var segs []segment
	prev := 0
	for _, c := range cut {
		segs = append(segs, segment{skel: len(skel), orig: prev})
		skel = append(skel, t.src[prev:c.start]...)
		segs = append(segs, segment{skel: len(skel), orig: c.start})
		skel = append(skel, '{', '}')
		prev = c.end
	}
	segs = append(segs, segment{skel: len(skel), orig: prev})
	skel = append(skel, t.src[prev:]...)
	hv, err := hujson.Parse(skel)
	if err != nil {
		return t.whole() // cannot be: the scan checked the text
	}
	doc := &normalize.Document{Path: t.display, Abs: t.abs, Format: normalize.JSON, Src: t.src, Lines: t.lines}
	b := &jsonBuilder{doc: doc, orig: func(off int) int {
		i := sort.Search(len(segs), func(i int) bool { return segs[i].skel > off }) - 1
		return segs[i].orig + off - segs[i].skel
	}}
	doc.Root = b.value(&hv, "")
	return doc, nil
}

// segment maps an offset of the skeleton to the file: from skel on, the
// skeleton is the file from orig on.
type segment struct{ skel, orig int }

// scanner checks strict JSON (RFC 8259) in one pass without building
// anything, and records each entry of the table section.
type scanner struct {
	src     []byte
	i       int
	depth   int
	section string
	entries []tableEntry
}

func (s *scanner) ws() {
	for s.i < len(s.src) {
		switch s.src[s.i] {
		case ' ', '\t', '\n', '\r':
			s.i++
		default:
			return
		}
	}
}

func (s *scanner) document() bool {
	s.ws()
	if s.i >= len(s.src) || s.src[s.i] != '{' {
		return false
	}
	if !s.object(1) {
		return false
	}
	s.ws()
	return s.i == len(s.src)
}

// object scans an object at s.i; level 1 is the top level, 2 the table.
func (s *scanner) object(level int) bool {
	s.depth++
	if s.depth > MaxDepth {
		return false
	}
	s.i++ // '{'
	s.ws()
	if s.i < len(s.src) && s.src[s.i] == '}' {
		s.i++
		s.depth--
		return true
	}
	for {
		s.ws()
		start := s.i
		if !s.string() {
			return false
		}
		key := s.src[start+1 : s.i-1]
		s.ws()
		if s.i >= len(s.src) || s.src[s.i] != ':' {
			return false
		}
		s.i++
		s.ws()
		v := s.i
		switch {
		case level == 1 && string(key) == s.section && s.i < len(s.src) && s.src[s.i] == '{':
			if !s.object(2) {
				return false
			}
		case level == 2:
			if !s.value() {
				return false
			}
			k, plain := keyText(key)
			s.entries = append(s.entries, tableEntry{key: k, plain: plain, start: v, end: s.i})
		default:
			if !s.value() {
				return false
			}
		}
		s.ws()
		if s.i >= len(s.src) {
			return false
		}
		switch s.src[s.i] {
		case ',':
			s.i++
		case '}':
			s.i++
			s.depth--
			return true
		default:
			return false
		}
	}
}

// keyText is a key's text; ok is false for a key with escapes, whose
// entry is always kept (decoding it is not worth a scanner of its own).
func keyText(raw []byte) (string, bool) {
	if slices.Contains(raw, '\\') {
		return "", false
	}
	return string(raw), true
}

func (s *scanner) value() bool {
	if s.i >= len(s.src) {
		return false
	}
	switch c := s.src[s.i]; {
	case c == '{':
		return s.object(3)
	case c == '[':
		return s.array()
	case c == '"':
		return s.string()
	case c == 't':
		return s.literal("true")
	case c == 'f':
		return s.literal("false")
	case c == 'n':
		return s.literal("null")
	case c == '-' || '0' <= c && c <= '9':
		return s.number()
	}
	return false
}

func (s *scanner) array() bool {
	s.depth++
	if s.depth > MaxDepth {
		return false
	}
	s.i++ // '['
	s.ws()
	if s.i < len(s.src) && s.src[s.i] == ']' {
		s.i++
		s.depth--
		return true
	}
	for {
		s.ws()
		if !s.value() {
			return false
		}
		s.ws()
		if s.i >= len(s.src) {
			return false
		}
		switch s.src[s.i] {
		case ',':
			s.i++
		case ']':
			s.i++
			s.depth--
			return true
		default:
			return false
		}
	}
}

// string scans a string at s.i (its opening quote): no control
// character, only JSON's escapes. UTF-8 is checked for the whole file by
// Parse. The quotes and backslashes are found with bytes.IndexByte (the
// machine's vector instructions), each byte looked at once: the next
// quote is looked for again only when an escape took the one found.
func (s *scanner) string() bool {
	if s.i >= len(s.src) || s.src[s.i] != '"' {
		return false
	}
	s.i++
	q := -1 // the next quote at or after s.i
	for {
		if q < s.i {
			n := bytes.IndexByte(s.src[s.i:], '"')
			if n < 0 {
				return false
			}
			q = s.i + n
		}
		seg := s.src[s.i:q]
		bs := bytes.IndexByte(seg, '\\')
		if bs < 0 {
			if !noControl(seg) {
				return false
			}
			s.i = q + 1
			return true
		}
		if !noControl(seg[:bs]) {
			return false
		}
		s.i += bs + 1 // the byte after the backslash
		if s.i >= len(s.src) {
			return false
		}
		switch s.src[s.i] {
		case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		case 'u':
			if s.i+4 >= len(s.src) {
				return false
			}
			for _, h := range s.src[s.i+1 : s.i+5] {
				if !('0' <= h && h <= '9' || 'a' <= h && h <= 'f' || 'A' <= h && h <= 'F') {
					return false
				}
			}
			s.i += 4
		default:
			return false
		}
		s.i++
	}
}

// noControl reports whether no byte of b is below 0x20, eight bytes at a
// time (the bit trick of "Bit Twiddling Hacks": a byte less than n).
func noControl(b []byte) bool {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := binary.LittleEndian.Uint64(b[i:])
		if (w-ones*0x20)&^w&highs != 0 {
			return false
		}
	}
	for ; i < len(b); i++ {
		if b[i] < 0x20 {
			return false
		}
	}
	return true
}

func (s *scanner) literal(lit string) bool {
	if !strings.HasPrefix(string(s.src[s.i:min(len(s.src), s.i+len(lit))]), lit) {
		return false
	}
	s.i += len(lit)
	return true
}

// number scans -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() bool {
	digits := func() int {
		n := 0
		for s.i < len(s.src) && '0' <= s.src[s.i] && s.src[s.i] <= '9' {
			s.i++
			n++
		}
		return n
	}
	if s.src[s.i] == '-' {
		s.i++
	}
	if s.i >= len(s.src) {
		return false
	}
	if s.src[s.i] == '0' {
		s.i++
	} else if digits() == 0 {
		return false
	}
	if s.i < len(s.src) && s.src[s.i] == '.' {
		s.i++
		if digits() == 0 {
			return false
		}
	}
	if s.i < len(s.src) && (s.src[s.i] == 'e' || s.src[s.i] == 'E') {
		s.i++
		if s.i < len(s.src) && (s.src[s.i] == '+' || s.src[s.i] == '-') {
			s.i++
		}
		if digits() == 0 {
			return false
		}
	}
	return true
}
