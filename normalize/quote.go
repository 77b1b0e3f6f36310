package normalize

import (
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
