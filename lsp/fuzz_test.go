package lsp

import (
	"testing"
	"unicode/utf8"
)

// FuzzTextApply: any change, at any position in any encoding, either
// fails with an error or gives a text whose positions and offsets agree:
// the position of an offset that starts a character maps back to it.
func FuzzTextApply(f *testing.F) {
	f.Add("a😀é\r\nxyz\n", 0, 3, 0, 4, "e", uint8(0))
	f.Add("{\n}", 1, 0, 1, 1, "]", uint8(1))
	f.Add("\xff\xfe", 0, 1, 0, 9, "x", uint8(2))
	f.Fuzz(func(t *testing.T, src string, l1, c1, l2, c2 int, ins string, e uint8) {
		enc := []encoding{utf16, utf8e, utf32}[e%3]
		tx := newText([]byte(src))
		got, err := tx.apply(TextDocumentContentChangeEvent{Range: &Range{Start: Position{l1, c1}, End: Position{l2, c2}}, Text: ins}, enc)
		if err != nil {
			return
		}
		for off := 0; off <= len(got.src); off++ {
			if off < len(got.src) && !utf8.RuneStart(got.src[off]) {
				continue
			}
			p := got.position(off, enc)
			back, err := got.offset(p, enc)
			if err != nil {
				t.Fatalf("offset of position %+v of %d: %v", p, off, err)
			}
			if back != off && utf8.Valid(got.src) {
				t.Fatalf("offset %d is position %+v, which is offset %d", off, p, back)
			}
		}
	})
}
