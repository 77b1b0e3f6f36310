package lsp

// Completion in a buffer that does not parse, as it is while one types:
// a key half written, a trailing comma, the closing braces not yet there.
// Not a second parser: a tolerant scan of the text before the cursor
// finds the containers open there and what the cursor is in (a key, a
// string value, the whitespace between members); the text before the
// cursor, with the half-written key replaced by a placeholder member or
// the string closed, and the open containers closed, then parses, and
// discovery reads it as it reads any buffer. What follows the cursor is
// left out (an error there does not matter; keys written after the
// cursor are offered again).

import "bytes"

// holeKey is the member put where a key is being written: a key no
// client reads, whose key the cursor is on, so completion offers the keys
// of the object that holds it (every key but those written before).
const (
	holeJSON = `"": 0`
	holeTOML = `"" = 0`
)

// frame is an open container during the scan.
type frame struct {
	object bool
	// state of an object: afterOpen or afterComma (a key may come),
	// afterKey (a colon must), afterColon (a value must), afterValue (a
	// comma or the end must); of an array: afterOpen, afterComma or
	// afterValue.
	state int
}

const (
	afterOpen = iota
	afterComma
	afterKey
	afterColon
	afterValue
)

// repairJSON makes the JSON or JSONC text before off parse, keeping the
// containers open at off; at is where the cursor is in the result. ok is
// false where no completion makes sense (a comment, a value that is not
// a string, the top level).
func repairJSON(src []byte, off int) (out []byte, at int, ok bool) {
	if off < 0 || off > len(src) {
		return nil, 0, false
	}
	var stack []frame
	inString, escaped := false, false
	strStart := 0 // of the string the scan is in
	wordStart := -1
	top := func() *frame {
		if len(stack) == 0 {
			return nil
		}
		return &stack[len(stack)-1]
	}
	// value marks a value that ended (a string, a literal, a container)
	value := func() {
		if f := top(); f != nil {
			f.state = afterValue
		}
	}
	for i := 0; i < off; i++ {
		b := src[i]
		if inString {
			switch {
			case escaped:
				escaped = false
			case b == '\\':
				escaped = true
			case b == '"':
				inString = false
				if f := top(); f != nil && f.object && (f.state == afterOpen || f.state == afterComma) {
					f.state = afterKey
				} else {
					value()
				}
			case b == '\n':
				return nil, 0, false // a string does not span lines
			}
			continue
		}
		if wordStart >= 0 && !isWord(b) {
			wordStart = -1
			value()
		}
		switch b {
		case ' ', '\t', '\r', '\n':
		case '/':
			if i+1 >= len(src) {
				return nil, 0, false
			}
			switch src[i+1] {
			case '/':
				end := bytes.IndexByte(src[i:], '\n')
				if end < 0 || i+end >= off {
					return nil, 0, false // the cursor is in the comment
				}
				i += end
			case '*':
				end := bytes.Index(src[i+2:], []byte("*/"))
				if end < 0 || i+2+end+2 > off {
					return nil, 0, false
				}
				i += 2 + end + 1
			default:
				return nil, 0, false
			}
		case '"':
			inString, escaped, strStart = true, false, i
		case '{', '[':
			stack = append(stack, frame{object: b == '{'})
			if len(stack) > 64 {
				return nil, 0, false
			}
		case '}', ']':
			if len(stack) == 0 || stack[len(stack)-1].object != (b == '}') {
				return nil, 0, false
			}
			stack = stack[:len(stack)-1]
			value()
		case ':':
			if f := top(); f == nil || !f.object || f.state != afterKey {
				return nil, 0, false
			}
			top().state = afterColon
		case ',':
			if f := top(); f != nil {
				f.state = afterComma
			}
		default:
			if !isWord(b) {
				return nil, 0, false
			}
			if wordStart < 0 {
				wordStart = i
			}
		}
	}
	f := top()
	if f == nil {
		return nil, 0, false
	}
	var head []byte
	switch {
	case inString && f.object && (f.state == afterOpen || f.state == afterComma):
		// a key half written: the hole in its place
		head = append(append([]byte{}, src[:strStart]...), holeJSON...)
		at = strStart
		f.state = afterValue
	case inString:
		// a string value: closed at the cursor
		end := off
		if escaped {
			end-- // a backslash whose escape is not written yet
		}
		head = append(append([]byte{}, src[:end]...), '"')
		at = end
		f.state = afterValue
	case !f.object:
		return nil, 0, false
	case wordStart >= 0 && (f.state == afterOpen || f.state == afterComma || f.state == afterValue):
		// a key typed without its quote: the hole in its place
		head = append([]byte{}, src[:wordStart]...)
		if f.state == afterValue {
			head = append(head, ',')
		}
		at = len(head)
		head = append(head, holeJSON...)
	case wordStart < 0 && (f.state == afterOpen || f.state == afterComma || f.state == afterValue):
		head = append([]byte{}, src[:off]...)
		if f.state == afterValue {
			head = append(head, ',')
		}
		at = len(head)
		head = append(head, holeJSON...)
	default:
		return nil, 0, false // after a key, or a literal value
	}
	for i := len(stack) - 1; i >= 0; i-- {
		if stack[i].object {
			head = append(head, '}')
		} else {
			head = append(head, ']')
		}
	}
	return append(head, '\n'), at, true
}

// isWord: a byte of a literal (true, 12, -1.5e3) or of a key typed
// without quotes.
func isWord(b byte) bool {
	return b >= 'a' && b <= 'z' || b >= 'A' && b <= 'Z' || b >= '0' && b <= '9' || b == '_' || b == '-' || b == '+' || b == '.' || b >= 0x80
}

// repairTOML makes the TOML text before off parse: the lines before the
// cursor's, then the hole where a key is being written (an empty line, a
// bare key half written), or the cursor's line with its string value
// closed (key = "…). ok is false elsewhere (a table header, an inline
// table, a multi-line value).
func repairTOML(src []byte, off int) (out []byte, at int, ok bool) {
	if off < 0 || off > len(src) {
		return nil, 0, false
	}
	ls := bytes.LastIndexByte(src[:off], '\n') + 1
	line := src[ls:off]
	head := append([]byte{}, src[:ls]...)
	eq := bytes.IndexByte(line, '=')
	if eq < 0 {
		for _, b := range bytes.TrimSpace(line) {
			if !isWord(b) || b == '+' {
				return nil, 0, false
			}
		}
		return append(append(head, holeTOML...), '\n'), ls, true
	}
	val := bytes.TrimLeft(line[eq+1:], " \t")
	if len(val) == 0 || val[0] != '"' && val[0] != '\'' {
		return nil, 0, false
	}
	q := val[0]
	if bytes.HasPrefix(val, []byte{q, q, q}) {
		return nil, 0, false // a multi-line string
	}
	escaped, closed := false, false
	for _, b := range val[1:] {
		switch {
		case escaped:
			escaped = false
		case b == '\\' && q == '"':
			escaped = true
		case b == q:
			closed = true
		}
		if closed {
			return nil, 0, false // the cursor is after the value
		}
	}
	end := off
	if escaped {
		end--
	}
	head = append(append(head, src[ls:end]...), q, '\n')
	return head, end, true
}
