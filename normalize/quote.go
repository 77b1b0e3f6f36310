package normalize

import (
	"fmt"
	"strconv"
	"strings"
)

// Quoted joins values as "a", "b", "c" for messages, each quoted as %q
// quotes it.
func Quoted(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = strconv.Quote(v)
	}
	return strings.Join(q, ", ")
}

// Bytes writes a byte count the way messages do: "1 MiB", "64 KiB",
// "10 bytes".
func Bytes(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ShellWord is s as a word a POSIX shell reads back as s: as it is when
// it holds only characters no shell treats specially, else in single
// quotes. Hints that say what to type quote each word with it.
func ShellWord(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("-_./:=@%+,", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
