// Package textwrap breaks prose into lines at spaces, for help text and
// the rules list: a word is never split, and one longer than the width has
// a line of its own. (Terminal output with colors and wide characters is
// package report's wrap.)
package textwrap

import "strings"

// Lines breaks text into lines of at most width bytes at spaces (runs of
// spaces become one); width <= 0: one line.
func Lines(text string, width int) []string {
	words := strings.Fields(text)
	if width <= 0 || len(words) == 0 {
		return []string{strings.Join(words, " ")}
	}
	var lines []string
	line := words[0]
	for _, w := range words[1:] {
		if len(line)+1+len(w) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		line += " " + w
	}
	return append(lines, line)
}
