package normalize

import (
	"bytes"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// SubRange is the range of the bytes [start, end) of a string value's
// decoded text. Positions are exact when the literal sits on one line:
// escapes (\", \\, \uXXXX, …) are mapped back to the text as written.
// Otherwise, or when the literal cannot be read back, the whole value's
// range is returned.
func SubRange(doc *Document, v *Value, start, end int) Range {
	r := v.Range
	if doc == nil || doc.Lines == nil || v.Kind != String || start < 0 || end > len(v.Str) || start > end {
		return r
	}
	so, eo := r.Start.Offset, r.End.Offset
	if so < 0 || eo > len(doc.Src) || eo-so < 2 {
		return r
	}
	raw := doc.Src[so:eo]
	q := raw[0]
	if (q != '"' && q != '\'') || raw[len(raw)-1] != q || bytes.ContainsAny(raw, "\n\r") {
		return r
	}
	inner := raw[1 : len(raw)-1]
	if string(inner) == v.Str {
		return Range{Start: doc.Lines.Pos(so + 1 + start), End: doc.Lines.Pos(so + 1 + end)}
	}
	if q != '"' {
		return r
	}
	offs, ok := unescapeOffsets(inner, v.Str)
	if !ok {
		return r
	}
	return Range{Start: doc.Lines.Pos(so + 1 + offs[start]), End: doc.Lines.Pos(so + 1 + offs[end])}
}

// unescapeOffsets decodes the inside of a double-quoted JSON or TOML
// string and maps each byte of the decoded text to its offset in raw
// (offs[len(want)] is len(raw)); ok is false unless the decoded text is
// want.
func unescapeOffsets(raw []byte, want string) (offs []int, ok bool) {
	offs = make([]int, 0, len(want)+1)
	var dec []byte
	for i := 0; i < len(raw); {
		if raw[i] != '\\' {
			dec = append(dec, raw[i])
			offs = append(offs, i)
			i++
			continue
		}
		if i+1 >= len(raw) {
			return nil, false
		}
		var out []byte
		n := 2
		switch c := raw[i+1]; c {
		case '"', '\\', '/':
			out = []byte{c}
		case 'b':
			out = []byte{'\b'}
		case 'f':
			out = []byte{'\f'}
		case 'n':
			out = []byte{'\n'}
		case 'r':
			out = []byte{'\r'}
		case 't':
			out = []byte{'\t'}
		case 'e':
			out = []byte{0x1b}
		case 'u', 'U':
			digits := 4
			if c == 'U' {
				digits = 8
			}
			if i+2+digits > len(raw) {
				return nil, false
			}
			cp, err := strconv.ParseUint(string(raw[i+2:i+2+digits]), 16, 32)
			if err != nil {
				return nil, false
			}
			n = 2 + digits
			r := rune(cp)
			if utf16.IsSurrogate(r) && i+n+6 <= len(raw) && raw[i+n] == '\\' && raw[i+n+1] == 'u' {
				if lo, err := strconv.ParseUint(string(raw[i+n+2:i+n+6]), 16, 32); err == nil {
					r = utf16.DecodeRune(r, rune(lo))
					n += 6
				}
			}
			out = utf8.AppendRune(nil, r)
		default:
			return nil, false
		}
		for range out {
			offs = append(offs, i)
		}
		dec = append(dec, out...)
		i += n
	}
	offs = append(offs, len(raw))
	if string(dec) != want {
		return nil, false
	}
	return offs, true
}
