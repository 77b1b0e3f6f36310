package edit

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/normalize"
)

// serversDoc parses gen.Servers(n, oneLine) and returns it with its
// "mcpServers" object.
func serversDoc(tb testing.TB, n int, oneLine bool) (*normalize.Document, *normalize.Value) {
	tb.Helper()
	doc, diags := discover.Parse("/tmp/x.json", "x.json", normalize.JSON, gen.Servers(n, oneLine))
	for _, d := range diags {
		if d.Severity == normalize.Error {
			tb.Fatalf("generated file does not parse: %s", d.Message)
		}
	}
	return doc, doc.Root.Get("mcpServers")
}

const newServer = `{"command": "uvx", "args": ["mcp-server-x"]}`

// TestInsertMemberLinear: inserting a member costs time linear in the
// size of the document however it is laid out. The style of a file is
// learnt from its objects; on a file written on one line, asking of each
// object whether its first member starts a line once read back to the
// line's start, so 16 times the servers cost 256 times the time (8,000
// servers: seconds). The same in TOML, where whether each table has a
// header of its own was asked of its line from the line's start: a long
// inline table of dotted keys (servers = { a.command = "x", … }) made
// inserting into any [table] of the file quadratic.
func TestInsertMemberLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("times InsertMember on large files")
	}
	for _, oneLine := range []bool{true, false} {
		linearInsert(t, fmt.Sprintf("JSON, oneLine=%v", oneLine), func(n int) (*normalize.Document, *normalize.Value) {
			return serversDoc(t, n, oneLine)
		})
	}
	linearInsert(t, "TOML, dotted keys in an inline table", func(n int) (*normalize.Document, *normalize.Value) {
		var b strings.Builder
		b.WriteString("servers = { ")
		for i := range n {
			fmt.Fprintf(&b, `s%d.command = "npx", s%d.args = ["-y"], `, i, i)
		}
		b.WriteString("last.command = \"npx\" }\n\n[mcp_servers]\n")
		doc, diags := discover.Parse("/tmp/x.toml", "x.toml", normalize.TOML, []byte(b.String()))
		if doc.Root == nil {
			t.Fatalf("generated file does not parse: %v", diags)
		}
		return doc, doc.Root.Get("mcp_servers")
	})
}

// linearInsert compares the time of an insertion into the object
// build(n) gives with that of a walk of the same tree (linear, and slowed
// as much by a busy machine or a tree too large for the caches), the best
// of several tries of each (for up to a second), at two sizes: the ratio
// may not grow four times when a linear cost keeps it about the same and
// a quadratic one multiplies it by 16.
func linearInsert(t *testing.T, what string, build func(n int) (*normalize.Document, *normalize.Value)) {
	const small, factor = 500, 16
	timeOf := func(tries int, f func()) time.Duration {
		b := time.Duration(1<<63 - 1)
		for end := time.Now().Add(time.Second); tries > 0 && (b == 1<<63-1 || time.Now().Before(end)); tries-- {
			start := time.Now()
			f()
			b = min(b, time.Since(start))
		}
		return max(b, time.Microsecond)
	}
	ratio := func(n int) float64 {
		doc, obj := build(n)
		objects := 0
		walk := timeOf(20, func() {
			doc.Root.Walk(func(v *normalize.Value) bool {
				if v.Kind == normalize.Object {
					objects++
				}
				return true
			})
		})
		insert := timeOf(20, func() {
			if _, err := InsertMember(doc, obj, "new", newServer); err != nil {
				t.Fatal(err)
			}
		})
		return float64(insert) / float64(walk)
	}
	a, b := ratio(small), ratio(small*factor)
	if b > 4*a {
		t.Errorf("%s: inserting into a file of %d servers took %.1f times a walk of its tree, into one of %d %.1f times (linear: about the same)",
			what, small*factor, b, small, a)
	}
}

// TestDiffLinear: the diff of a large insertion (sync writing thousands
// of servers into a file) costs memory and time linear in the files. The
// search kept a copy of its whole row per step: 4 times the lines
// inserted allocated 16 times the bytes (4,000 lines: 256 MB, 80,000 lines
// of a sync of 8,000 servers: 100 GB).
// Allocated bytes, unlike time, do not depend on the machine's load.
func TestDiffLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("diffs large files")
	}
	alloc := func(n int) uint64 {
		old := gen.Servers(1, false)
		new := gen.Servers(n, false)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		d := Diff("x.json", old, new)
		runtime.ReadMemStats(&after)
		if patch(t, string(old), d) != string(new) {
			t.Fatalf("the diff of %d servers does not turn the old file into the new one:\n%.2000s", n, d)
		}
		return after.TotalAlloc - before.TotalAlloc
	}
	const small, factor = 100, 4 // about 1,000 and 4,000 lines
	a, b := alloc(small), alloc(small*factor)
	if b > 2*factor*a {
		t.Errorf("the diff adding %d servers allocated %d bytes, adding %d %d: %d times as much (linear: about %d)", small*factor, b, small, a, b/a, factor)
	}
}

// BenchmarkInsertMember inserts a server into a file of 2,000, 8,000 and
// 32,000 servers written on one line and indented: the time per op must
// grow linearly with the servers (the parse is not timed).
func BenchmarkInsertMember(b *testing.B) {
	for _, n := range []int{2000, 8000, 32000} {
		for _, layout := range []string{"oneline", "indented"} {
			b.Run(fmt.Sprintf("servers=%d/%s", n, layout), func(b *testing.B) {
				doc, servers := serversDoc(b, n, layout == "oneline")
				b.ReportAllocs()
				for b.Loop() {
					e, err := InsertMember(doc, servers, "new", newServer)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := Apply(doc.Src, []normalize.Edit{e}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkDeleteMember deletes the middle server of the same files.
func BenchmarkDeleteMember(b *testing.B) {
	for _, n := range []int{2000, 8000, 32000} {
		for _, layout := range []string{"oneline", "indented"} {
			b.Run(fmt.Sprintf("servers=%d/%s", n, layout), func(b *testing.B) {
				doc, servers := serversDoc(b, n, layout == "oneline")
				m := servers.Members[n/2]
				b.ReportAllocs()
				for b.Loop() {
					edits, err := DeleteMember(doc, servers, m)
					if err != nil {
						b.Fatal(err)
					}
					if _, err := Apply(doc.Src, edits); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// BenchmarkDiff diffs a file of one server against one of 2,000, 8,000
// and 32,000 (what sync --dry-run shows when it copies every server of a
// client to another), and a file against itself with one server
// inserted, on one line and indented.
func BenchmarkDiff(b *testing.B) {
	for _, n := range []int{2000, 8000, 32000} {
		b.Run(fmt.Sprintf("servers=%d/insert-all", n), func(b *testing.B) {
			old, new := gen.Servers(1, false), gen.Servers(n, false)
			b.ReportAllocs()
			for b.Loop() {
				Diff("x.json", old, new)
			}
		})
		for _, layout := range []string{"oneline", "indented"} {
			b.Run(fmt.Sprintf("servers=%d/insert-one/%s", n, layout), func(b *testing.B) {
				doc, servers := serversDoc(b, n, layout == "oneline")
				e, err := InsertMember(doc, servers, "new", newServer)
				if err != nil {
					b.Fatal(err)
				}
				new, err := Apply(doc.Src, []normalize.Edit{e})
				if err != nil {
					b.Fatal(err)
				}
				b.ReportAllocs()
				for b.Loop() {
					Diff("x.json", doc.Src, new)
				}
			})
		}
	}
}

// patch applies a unified diff as Diff writes it to old.
func patch(t *testing.T, old, diff string) string {
	t.Helper()
	lines := splitLines(old)
	var out strings.Builder
	at := 0 // lines of old consumed
	for _, h := range strings.Split(diff, "\n@@ ")[1:] {
		var start int
		if _, err := fmt.Sscanf(h, "-%d", &start); err != nil {
			t.Fatalf("hunk header %.40q: %v", h, err)
		}
		if start > 0 && !strings.HasPrefix(h, fmt.Sprintf("-%d,0 ", start)) {
			start-- // 1-based, but the line before when it counts none
		}
		for ; at < start; at++ {
			out.WriteString(lines[at])
		}
		body := h[strings.Index(h, "\n")+1:]
		for _, l := range splitLines(body) {
			switch l[0] {
			case ' ', '-':
				if lines[at] != l[1:] && lines[at] != strings.TrimSuffix(l[1:], "\n") {
					t.Fatalf("line %d is %q, the diff has %q", at+1, lines[at], l)
				}
				at++
			}
			if l[0] == ' ' || l[0] == '+' {
				out.WriteString(l[1:])
			}
		}
	}
	for ; at < len(lines); at++ {
		out.WriteString(lines[at])
	}
	return out.String()
}

// TestDiffBounded: a change too large for the search's bounded work (every
// server of a file of 1,000 rewritten) is one hunk of the old lines
// deleted and the new ones added, which turns the old file into the new,
// in bounded memory (the rows of the search are at most maxWork ints).
func TestDiffBounded(t *testing.T) {
	old := gen.Servers(1000, false)
	new := []byte(strings.ReplaceAll(string(old), `"npx"`, `"uvx"`))
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := Diff("x.json", old, new)
	runtime.ReadMemStats(&after)
	if got := string(new); patch(t, string(old), d) != got {
		t.Fatalf("the diff does not turn the old file into the new one:\n%.3000s", d)
	}
	if n := strings.Count(d, "\n@@ "); n != 1 {
		t.Errorf("%d hunks, want the one of every line between the first change and the last", n)
	}
	if a, limit := after.TotalAlloc-before.TotalAlloc, uint64(8*maxWork+64*len(old)); a > limit {
		t.Errorf("the diff allocated %d bytes, more than the %d of its search's bound and its files", a, limit)
	}
}

// TestInsertMemberSmallObject: inserting into a small object of a large
// file (lint's fix adding "type" to each of thousands of servers) costs
// about the same whatever the file's size. Its style was learnt by a walk
// of the whole file, which on a file on one line never finds its
// indentation and so never stops: a fix per server made lint quadratic
// (8,000 servers: 1.7 s, 14 times 2,000's); so did reading back to the
// line's start for its indentation and searching the file for its first
// newline. The best of 50 tries at two sizes, 16 times apart: the time
// may not grow four times.
func TestInsertMemberSmallObject(t *testing.T) {
	if testing.Short() {
		t.Skip("times InsertMember on large files")
	}
	const small, factor = 500, 16
	for _, oneLine := range []bool{true, false} {
		cost := func(n int) time.Duration {
			doc, servers := serversDoc(t, n, oneLine)
			entry := servers.Members[n/2].Value
			b := time.Duration(1<<63 - 1)
			for range 50 {
				start := time.Now()
				if _, err := InsertMember(doc, entry, "type", `"stdio"`); err != nil {
					t.Fatal(err)
				}
				b = min(b, time.Since(start))
			}
			return max(b, time.Microsecond)
		}
		a, b := cost(small), cost(small*factor)
		if b > 4*a {
			t.Errorf("oneLine=%v: inserting into a server of a file of %d servers took %v, of %d %v (the same expected)", oneLine, small*factor, b, small, a)
		}
	}
}
