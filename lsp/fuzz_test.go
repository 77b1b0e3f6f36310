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

// FuzzRepair: the scan of a buffer being typed never panics, and a
// repair it makes puts the cursor inside the text it returns, no later
// than in the buffer, after the text before it, kept.
func FuzzRepair(f *testing.F) {
	f.Add(`{"mcpServers": {"x": {"command": "npx", "e`, 40, false)
	f.Add("{ // c\n \"x\": {/* a */ \"t\": \"\\", 26, false)
	f.Add("[mcp_servers.docs]\ncommand = \"npx\"\nenv_v", 40, true)
	f.Add("[a]\nb = 'x", 10, true)
	f.Fuzz(func(t *testing.T, src string, off int, isTOML bool) {
		repair := repairJSON
		if isTOML {
			repair = repairTOML
		}
		out, at, ok := repair([]byte(src), off)
		if !ok {
			return
		}
		if at < 0 || at > len(out) || at > off+1 { // +1: a comma
			t.Fatalf("repair of %q at %d: cursor %d in %q", src, off, at, out)
		}
		// the text before the cursor is kept, but for the comma a member
		// written after a value needs
		kept := 0
		for kept < len(out) && kept < len(src) && out[kept] == src[kept] {
			kept++
		}
		if kept < at && !(kept == at-1 && out[kept] == ',') {
			t.Fatalf("repair of %q at %d changed the text before the cursor: %q", src, off, out)
		}
	})
}
