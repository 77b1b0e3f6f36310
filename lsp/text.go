package lsp

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"
)

// encoding is how a Position's character counts: UTF-16 code units (the
// default of LSP), UTF-8 bytes or code points (UTF-32), as negotiated.
type encoding string

const (
	utf16 encoding = "utf-16"
	utf8e encoding = "utf-8"
	utf32 encoding = "utf-32"
)

// units is how many of e's units r takes.
func (e encoding) units(r rune) int {
	switch e {
	case utf8e:
		n := utf8.RuneLen(r)
		if n < 0 {
			return 3 // U+FFFD, as an invalid byte is decoded
		}
		return n
	case utf32:
		return 1
	}
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// text is a document's content with its line starts: byte offsets of
// each line, lines ending at \n (a \r before it belongs to the line, as
// lint's columns count it).
type text struct {
	src    []byte
	starts []int
}

func newText(src []byte) *text {
	t := &text{src: src, starts: []int{0}}
	for i, b := range src {
		if b == '\n' {
			t.starts = append(t.starts, i+1)
		}
	}
	return t
}

// lineEnd is the offset where line (0-based) ends, its newline excluded.
func (t *text) lineEnd(line int) int {
	if line+1 < len(t.starts) {
		return t.starts[line+1] - 1
	}
	return len(t.src)
}

// position is the Position of byte offset off, clamped to the text.
func (t *text) position(off int, e encoding) Position {
	off = max(0, min(off, len(t.src)))
	line := sort.Search(len(t.starts), func(i int) bool { return t.starts[i] > off }) - 1
	ch := 0
	for i := t.starts[line]; i < off; {
		r, n := utf8.DecodeRune(t.src[i:])
		if i+n > off {
			break
		}
		ch += e.units(r)
		i += n
	}
	return Position{Line: line, Character: ch}
}

// at is the Position of lint's 1-based line and column (in code points);
// a column past the line's end is its end.
func (t *text) at(line, col int, e encoding) Position {
	if line < 1 {
		return Position{}
	}
	if line > len(t.starts) {
		return t.position(len(t.src), e)
	}
	i, end := t.starts[line-1], t.lineEnd(line-1)
	if line == 1 && bytes.HasPrefix(t.src, bom) {
		i += len(bom) // lint counts columns after the mark, which it reads apart
	}
	for c := 1; c < col && i < end; c++ {
		_, n := utf8.DecodeRune(t.src[i:end])
		i += n
	}
	return t.position(i, e)
}

// offset is the byte offset of p; a character past the end of its line
// is the line's end (as the specification says), a line past the end the
// text's end. A position inside a character's units is an error.
func (t *text) offset(p Position, e encoding) (int, error) {
	if p.Line < 0 || p.Character < 0 {
		return 0, fmt.Errorf("position %d:%d is negative", p.Line, p.Character)
	}
	if p.Line >= len(t.starts) {
		return len(t.src), nil
	}
	i, end := t.starts[p.Line], t.lineEnd(p.Line)
	for ch := 0; ch < p.Character && i < end; {
		r, n := utf8.DecodeRune(t.src[i:end])
		ch += e.units(r)
		if ch > p.Character {
			return 0, fmt.Errorf("position %d:%d is inside a character", p.Line, p.Character)
		}
		i += n
	}
	return i, nil
}

// apply makes the text a change gives: the whole text, or a range
// replaced.
func (t *text) apply(c TextDocumentContentChangeEvent, e encoding) (*text, error) {
	if c.Range == nil {
		return newText([]byte(c.Text)), nil
	}
	a, err := t.offset(c.Range.Start, e)
	if err != nil {
		return nil, err
	}
	b, err := t.offset(c.Range.End, e)
	if err != nil {
		return nil, err
	}
	if b < a {
		return nil, fmt.Errorf("range ends before it starts")
	}
	src := make([]byte, 0, len(t.src)-(b-a)+len(c.Text))
	src = append(append(append(src, t.src[:a]...), c.Text...), t.src[b:]...)
	return newText(src), nil
}
