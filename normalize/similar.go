package normalize

import "strings"

// Closest returns the candidate nearest to s by edit distance (case
// insensitive), or "" when none is close enough to be a likely typo.
func Closest(s string, candidates []string) string {
	best, bestD := "", 0
	for _, c := range candidates {
		d := distance(strings.ToLower(s), strings.ToLower(c))
		if limit := max(1, min(len(s), len(c))/3); d > limit {
			continue
		}
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
