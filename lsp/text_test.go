package lsp

import (
	"testing"
)

// TestTextPositions: lint's columns (code points) and byte offsets become
// UTF-16 positions past a character outside the BMP, and back; a position
// inside a surrogate pair is refused, one past a line's end is its end.
func TestTextPositions(t *testing.T) {
	src := "a😀é\r\nxyz\n"
	tx := newText([]byte(src))
	// "a😀é": a=1 unit, 😀=2, é=1
	if p := tx.at(1, 3, utf16); p != (Position{0, 3}) {
		t.Errorf("column 3 of line 1 (é): %+v, want 0:3", p)
	}
	if p := tx.at(1, 3, utf32); p != (Position{0, 2}) {
		t.Errorf("in UTF-32: %+v, want 0:2", p)
	}
	if p := tx.at(1, 3, utf8e); p != (Position{0, 5}) {
		t.Errorf("in UTF-8: %+v, want 0:5", p)
	}
	if p := tx.position(len("a😀é\r\n"), utf16); p != (Position{1, 0}) {
		t.Errorf("offset of x: %+v", p)
	}
	if off, err := tx.offset(Position{0, 3}, utf16); err != nil || off != len("a😀") {
		t.Errorf("offset of 0:3: %d %v", off, err)
	}
	if _, err := tx.offset(Position{0, 2}, utf16); err == nil {
		t.Error("0:2 is inside the emoji's surrogate pair: want an error")
	}
	if off, err := tx.offset(Position{1, 99}, utf16); err != nil || off != len("a😀é\r\nxyz") {
		t.Errorf("past the end of line 2: %d %v", off, err)
	}
	if off, err := tx.offset(Position{9, 0}, utf16); err != nil || off != len(src) {
		t.Errorf("past the last line: %d %v", off, err)
	}
	// an incremental change after the emoji, in UTF-16
	r := &Range{Start: Position{0, 3}, End: Position{0, 4}}
	got, err := tx.apply(TextDocumentContentChangeEvent{Range: r, Text: "e"}, utf16)
	if err != nil || string(got.src) != "a😀e\r\nxyz\n" {
		t.Errorf("replacing é: %q %v", got.src, err)
	}
	if _, err := tx.apply(TextDocumentContentChangeEvent{Range: &Range{Start: Position{1, 2}, End: Position{1, 1}}}, utf16); err == nil {
		t.Error("a range that ends before it starts: want an error")
	}
}

// TestPathURI: file: URIs with escapes round-trip to paths.
func TestPathURI(t *testing.T) {
	abs := "/tmp/a b/é#/.mcp.json"
	u := uriOf(abs)
	if u != "file:///tmp/a%20b/%C3%A9%23/.mcp.json" {
		t.Errorf("uri %q", u)
	}
	if p, err := pathOf(u); err != nil || p != abs {
		t.Errorf("path %q %v", p, err)
	}
	if _, err := pathOf("untitled:Untitled-1"); err == nil {
		t.Error("an untitled: URI is no file")
	}
}
