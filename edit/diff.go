package edit

import (
	"fmt"
	"strings"
)

// Diff returns the unified diff of a and b, the old and new content of
// the file shown as path, as git diff prints it: "--- a/PATH" and
// "+++ b/PATH", then hunks with three lines of context ("@@ -1,4 +1,5 @@",
// a count of 1 left out); a last line without a newline is followed by
// "\ No newline at end of file". Equal contents give "". Lines are
// compared by Myers' O(ND) algorithm, which finds a shortest edit script.
func Diff(path string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := splitLines(string(a)), splitLines(string(b))
	ops := myers(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", path, path)
	const context = 3
	// hunks: runs of changes closer than 2*context lines of equal text
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-context, 0)
		end := i
		for end < len(ops) {
			if ops[end].kind != ' ' {
				end++
				continue
			}
			j := end
			for j < len(ops) && ops[j].kind == ' ' {
				j++
			}
			if j == len(ops) || j-end > 2*context {
				end = min(end+context, len(ops))
				break
			}
			end = j
		}
		writeHunk(&out, ops[start:end], x, y)
		i = end
	}
	return out.String()
}

// op is one line of an edit script: ' ' kept, '-' deleted from a, '+'
// added from b; ai and bi are the line indexes in a and b before the op.
type op struct {
	kind   byte
	ai, bi int
}

func writeHunk(out *strings.Builder, ops []op, x, y []string) {
	na, nb := 0, 0
	for _, o := range ops {
		if o.kind != '+' {
			na++
		}
		if o.kind != '-' {
			nb++
		}
	}
	fmt.Fprintf(out, "@@ -%s +%s @@\n", hunkRange(ops[0].ai, na), hunkRange(ops[0].bi, nb))
	for _, o := range ops {
		line := ""
		switch o.kind {
		case '+':
			line = y[o.bi]
		default:
			line = x[o.ai]
		}
		out.WriteByte(o.kind)
		if body, ok := strings.CutSuffix(line, "\n"); ok {
			out.WriteString(body)
			out.WriteByte('\n')
		} else {
			out.WriteString(line)
			out.WriteString("\n\\ No newline at end of file\n")
		}
	}
}

// hunkRange is "start,count" as unified diffs write it: 1-based, the
// count left out when it is 1, and the line before when it is 0.
func hunkRange(start, n int) string {
	switch n {
	case 0:
		return fmt.Sprintf("%d,0", start)
	case 1:
		return fmt.Sprint(start + 1)
	}
	return fmt.Sprintf("%d,%d", start+1, n)
}

// splitLines cuts s after each newline; a last line without one is kept.
func splitLines(s string) []string {
	var lines []string
	for s != "" {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

// myers returns a shortest edit script turning x into y, deletions before
// insertions within a change, as git prints them.
func myers(x, y []string) []op {
	// common ends first: a fix changes a few lines of a file that may be
	// long, and the search below keeps a row per step
	pre := 0
	for pre < len(x) && pre < len(y) && x[pre] == y[pre] {
		pre++
	}
	suf := 0
	for suf < len(x)-pre && suf < len(y)-pre && x[len(x)-1-suf] == y[len(y)-1-suf] {
		suf++
	}
	var ops []op
	for i := range pre {
		ops = append(ops, op{' ', i, i})
	}
	for _, o := range shortest(x[pre:len(x)-suf], y[pre:len(y)-suf]) {
		ops = append(ops, op{o.kind, o.ai + pre, o.bi + pre})
	}
	for i := range suf {
		ops = append(ops, op{' ', len(x) - suf + i, len(y) - suf + i})
	}
	return ops
}

// shortest is Myers' greedy search with its trace walked back.
func shortest(x, y []string) []op {
	n, m := len(x), len(y)
	maxD := n + m
	offset := maxD + 1
	v := make([]int, 2*maxD+3)
	var trace [][]int
	var d int
search:
	for d = 0; d <= maxD; d++ {
		trace = append(trace, append([]int(nil), v...))
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || k != d && v[offset+k-1] < v[offset+k+1] {
				px = v[offset+k+1] // down: an insertion
			} else {
				px = v[offset+k-1] + 1 // right: a deletion
			}
			py := px - k
			for px < n && py < m && x[px] == y[py] {
				px++
				py++
			}
			v[offset+k] = px
			if px >= n && py >= m {
				break search
			}
		}
	}
	// walk back through the snapshots
	var rev []op
	px, py := n, m
	for ; d > 0; d-- {
		vd := trace[d]
		k := px - py
		var prevK int
		if k == -d || k != d && vd[offset+k-1] < vd[offset+k+1] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vd[offset+prevK]
		prevY := prevX - prevK
		for px > prevX && py > prevY {
			px--
			py--
			rev = append(rev, op{' ', px, py})
		}
		if px == prevX {
			py--
			rev = append(rev, op{'+', px, py})
		} else {
			px--
			rev = append(rev, op{'-', px, py})
		}
	}
	for px > 0 && py > 0 {
		px--
		py--
		rev = append(rev, op{' ', px, py})
	}
	ops := make([]op, len(rev))
	for i, o := range rev {
		ops[len(rev)-1-i] = o
	}
	return ops
}
