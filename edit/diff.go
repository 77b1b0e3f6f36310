package edit

import (
	"fmt"
	"strings"
)

// DiffContext is the number of unchanged lines Diff shows around a
// change.
const DiffContext = 3

// Diff returns the unified diff of a and b, the old and new content of
// the file shown as path, as git diff prints it: "--- a/PATH" and
// "+++ b/PATH", then hunks with three lines of context ("@@ -1,4 +1,5 @@",
// a count of 1 left out); a last line without a newline is followed by
// "\ No newline at end of file". Equal contents give "". Lines are
// compared by Myers' O(ND) algorithm, which finds a shortest edit script,
// after the lines both start and end with are set aside; its work is
// bounded (maxWork), past which the lines between are shown deleted and
// then added: time and memory stay linear in the files (a sync that
// inserts thousands of servers, a file rewritten whole).
func Diff(path string, a, b []byte) string {
	if string(a) == string(b) {
		return ""
	}
	x, y := splitLines(string(a)), splitLines(string(b))
	ops := myers(x, y)
	var out strings.Builder
	fmt.Fprintf(&out, "--- a/%s\n+++ b/%s\n", path, path)
	// hunks: runs of changes closer than 2*DiffContext lines of equal text
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			i++
			continue
		}
		start := max(i-DiffContext, 0)
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
			if j == len(ops) || j-end > 2*DiffContext {
				end = min(end+DiffContext, len(ops))
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
	lines := make([]string, 0, strings.Count(s, "\n")+1)
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
	ops := make([]op, 0, len(x)+len(y)-pre-suf)
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

// maxWork bounds the search of shortest: the diagonals it follows and the
// lines it compares (its memory is at most as many ints). A change that
// needs more is shown as its lines deleted then its new ones added.
const maxWork = 1 << 21

// shortest is Myers' greedy search with its trace walked back: for each
// step d the furthest point reached on diagonals -d..d, kept as those
// 2d+1 values (a copy of the whole row per step grew with the square of
// the lines changed: gigabytes for thousands of servers inserted). Past
// maxWork it returns the change as x deleted then y inserted, a correct
// script though not a shortest one, as git's diff bounds its cost too;
// one of x and y empty needs no search.
func shortest(x, y []string) []op {
	n, m := len(x), len(y)
	if n == 0 || m == 0 {
		return replaced(x, y)
	}
	maxD := n + m
	// the row of step d holds the furthest x reached on diagonal k at
	// k+d+1 (diagonals -d-1..d+1); step d reads that of step d-1, at k+d,
	// and keeps it as trace[d]
	prev := []int{0, 0, 0} // step -1: diagonal 1 at 0, where step 0 starts
	var trace [][]int
	work := 0
	var d int
search:
	for d = 0; d <= maxD; d++ {
		trace = append(trace, prev)
		v := make([]int, 2*d+3)
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || k != d && prev[k-1+d] < prev[k+1+d] {
				px = prev[k+1+d] // down: an insertion
			} else {
				px = prev[k-1+d] + 1 // right: a deletion
			}
			py := px - k
			for px < n && py < m && x[px] == y[py] {
				px++
				py++
				work++
			}
			v[k+d+1] = px
			if px >= n && py >= m {
				break search
			}
		}
		if work += 2*d + 3; work > maxWork {
			return replaced(x, y)
		}
		prev = v
	}
	// walk back through the rows: trace[d] is that of step d-1
	var rev []op
	px, py := n, m
	for ; d > 0; d-- {
		vd := trace[d]
		k := px - py
		var prevK int
		if k == -d || k != d && vd[k-1+d] < vd[k+1+d] {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := vd[prevK+d]
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

// replaced is the script deleting every line of x, then adding y's.
func replaced(x, y []string) []op {
	ops := make([]op, 0, len(x)+len(y))
	for i := range x {
		ops = append(ops, op{'-', i, 0})
	}
	for j := range y {
		ops = append(ops, op{'+', len(x), j})
	}
	return ops
}
