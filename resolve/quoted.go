package resolve

import "iter"

// QuotedStrings yields the start and end offsets of the content of each
// double-quoted string in s, as JSON writes them (a backslash escapes the
// byte after it), in order. An unterminated quote ends the sequence. Both
// the lint check of JSON inside a value and the masking of diagnostic text
// read quoted strings this way.
func QuotedStrings(s string) iter.Seq2[int, int] {
	return func(yield func(int, int) bool) {
		for i := 0; i < len(s); i++ {
			if s[i] != '"' {
				continue
			}
			j := i + 1
			for j < len(s) && s[j] != '"' {
				if s[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(s) || !yield(i+1, j) {
				return
			}
			i = j
		}
	}
}
