package normalize

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLinesPos checks columns against a plain rune count, for ASCII,
// multi-byte and invalid UTF-8 text, at every offset.
func TestLinesPos(t *testing.T) {
	for _, src := range []string{
		"abc\ndef\r\n\nxyz",
		"é\n" + strings.Repeat("aé€😀", 40) + "\nlast é",
		strings.Repeat("x", 130) + "é" + strings.Repeat("y", 70),
		"a\xffb\n\xc3",
	} {
		l := NewLines([]byte(src))
		for off := 0; off <= len(src); off++ {
			lineStart := strings.LastIndexByte(src[:off], '\n') + 1
			want := Pos{Line: strings.Count(src[:off], "\n") + 1, Col: countRunes(src[lineStart:off]) + 1, Offset: off}
			if got := l.Pos(off); got != want {
				t.Fatalf("%q offset %d: got %+v want %+v", src, off, got, want)
			}
		}
	}
}

// countRunes counts like Lines: bytes that do not continue a sequence.
func countRunes(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			n++
		}
	}
	if utf8.ValidString(s) && n != utf8.RuneCountInString(s) {
		panic("mismatch")
	}
	return n
}

func TestLinesAtAndLine(t *testing.T) {
	l := NewLines([]byte("ab\r\nçd\n"))
	if got := l.At(2, 3); got.Line != 2 || got.Col != 2 {
		t.Errorf("At(2,3) = %+v", got)
	}
	if got := l.Line(1); got != "ab" {
		t.Errorf("Line(1) = %q", got)
	}
	if got := l.Line(9); got != "" {
		t.Errorf("Line(9) = %q", got)
	}
}

func TestBytes(t *testing.T) {
	for n, want := range map[int64]string{1 << 20: "1 MiB", 64 << 20: "64 MiB", 1 << 10: "1 KiB", 1500: "1500 bytes", 0: "0 bytes"} {
		if got := Bytes(n); got != want {
			t.Errorf("Bytes(%d) = %q, want %q", n, got, want)
		}
	}
}

func TestLineStart(t *testing.T) {
	l := NewLines([]byte("ab\ncd\r\n\néf"))
	for off, want := range map[int]int{-1: 0, 0: 0, 2: 0, 3: 3, 6: 3, 7: 7, 8: 8, 11: 8, 99: 8} {
		if got := l.LineStart(off); got != want {
			t.Errorf("LineStart(%d) = %d, want %d", off, got, want)
		}
	}
}
