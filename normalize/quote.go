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

// Join joins items as prose does, with conj ("and", "or") before the
// last: "a", "a and b", "a, b and c"; "" for none.
func Join(items []string, conj string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + conj + " " + items[len(items)-1]
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
