package normalize

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"sort"
	"unicode/utf8"
)

// Pos is a position in a file. Line and Col are 1-based; Col counts Unicode
// code points (what editors show), Offset counts bytes from the file start.
// The zero Pos means "no position" (for example a file that does not exist).
type Pos struct {
	Line   int `json:"line"`
	Col    int `json:"column"`
	Offset int `json:"-"`
}

// IsValid reports whether p points somewhere.
func (p Pos) IsValid() bool { return p.Line > 0 }

func (p Pos) String() string {
	if !p.IsValid() {
		return "-"
	}
	return fmt.Sprintf("%d:%d", p.Line, p.Col)
}

// Range is a half-open span [Start, End) in a file.
type Range struct {
	Start Pos
	End   Pos
}

// Lines maps byte offsets to line:column for one source text. It is built
// once per file and then answers in O(log lines).
type Lines struct {
	src    []byte
	starts []int // byte offset of the first byte of each line
	ascii  bool  // columns are byte offsets + 1: no counting needed
	// blocks[k] counts the runes (bytes that do not continue a UTF-8
	// sequence) in src[:k*64], so a column costs at most 64 bytes of
	// counting however long the line: minified files stay linear.
	blocks []int
}

const blockShift = 6

// NewLines indexes src.
func NewLines(src []byte) *Lines {
	starts := make([]int, 1, 64)
	for i := 0; ; {
		j := bytes.IndexByte(src[i:], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	ascii := isASCII(src)
	l := &Lines{src: src, starts: starts, ascii: ascii}
	if !ascii {
		l.blocks = make([]int, len(src)>>blockShift+1)
		n := 0
		for i, c := range src {
			if i&(1<<blockShift-1) == 0 {
				l.blocks[i>>blockShift] = n
			}
			if c&0xC0 != 0x80 {
				n++
			}
		}
		if len(src)&(1<<blockShift-1) == 0 {
			l.blocks[len(src)>>blockShift] = n
		}
	}
	return l
}

// runesBefore counts the runes in src[:off].
func (l *Lines) runesBefore(off int) int {
	n := l.blocks[off>>blockShift]
	for _, c := range l.src[off&^(1<<blockShift-1) : off] {
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

// Pos converts a byte offset into a position. Offsets past the end clamp to
// the end of the text.
func (l *Lines) Pos(offset int) Pos {
	if offset < 0 {
		offset = 0
	}
	if offset > len(l.src) {
		offset = len(l.src)
	}
	i := sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > offset }) - 1
	if l.ascii {
		return Pos{Line: i + 1, Col: offset - l.starts[i] + 1, Offset: offset}
	}
	return Pos{Line: i + 1, Col: l.runesBefore(offset) - l.runesBefore(l.starts[i]) + 1, Offset: offset}
}

// LineStart is the offset of the first byte of the line holding offset,
// found without reading the line.
func (l *Lines) LineStart(offset int) int {
	offset = max(0, min(offset, len(l.src)))
	return l.starts[sort.Search(len(l.starts), func(i int) bool { return l.starts[i] > offset })-1]
}

// At converts a 1-based line and a 1-based byte column (as parsers report
// them) into a position with a code point column.
func (l *Lines) At(line, byteCol int) Pos {
	if line < 1 {
		line = 1
	}
	if line > len(l.starts) {
		line = len(l.starts)
	}
	off := l.starts[line-1] + byteCol - 1
	end := len(l.src)
	if line < len(l.starts) {
		end = l.starts[line] - 1
	}
	if off > end {
		off = end
	}
	return l.Pos(off)
}

// Line returns the text of a 1-based line without its line terminator.
func (l *Lines) Line(n int) string {
	if n < 1 || n > len(l.starts) {
		return ""
	}
	start := l.starts[n-1]
	end := len(l.src)
	if n < len(l.starts) {
		end = l.starts[n] - 1
	}
	if end > start && l.src[end-1] == '\r' {
		end--
	}
	return string(l.src[start:end])
}

// Count is the number of lines.
func (l *Lines) Count() int { return len(l.starts) }

// isASCII reports whether every byte of b is below 0x80, eight at a time.
func isASCII(b []byte) bool {
	for len(b) >= 8 {
		if binary.LittleEndian.Uint64(b)&0x8080808080808080 != 0 {
			return false
		}
		b = b[8:]
	}
	for _, c := range b {
		if c >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
