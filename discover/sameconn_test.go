package discover

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// sameConnEntries decodes servers, a JSON object of pisces server
// definitions, as the entries of one file of pisces's view.
func sameConnEntries(t testing.TB, servers string) (*normalize.Client, []normalize.Entry) {
	t.Helper()
	c := normalize.ClientByID("pisces")
	if c == nil || !c.SameConnection {
		t.Fatal("pisces keeps no longer one server per connection: pick the client that does")
	}
	src := `{"mcpServers": ` + servers + `}`
	doc, diags := Parse("/p/.pisces/mcp.json", ".pisces/mcp.json", normalize.JSON, []byte(src))
	if len(diags) > 0 {
		t.Fatalf("%s: %v", src, diags)
	}
	list, _ := c.Decode(doc, doc.Root.Get("mcpServers"), normalize.Source{Client: c, Path: doc.Path})
	entries := make([]normalize.Entry, len(list))
	for i, s := range list {
		s.Source.Order = i
		entries[i].Server = s
	}
	return c, entries
}

// sameConnectionPairwise is sameConnection as it was first written: each
// server compared with every one kept before it.
func sameConnectionPairwise(c *normalize.Client, entries []normalize.Entry) []string {
	var kept []*normalize.Server
	var dropped []string
	for i := range entries {
		s := &entries[i].Server
		if s.Off != nil && (s.Off.Status == normalize.StatusDisabled || s.Off.Yields && s.Off.Unlisted) {
			continue
		}
		if j := slices.IndexFunc(kept, func(k *normalize.Server) bool { return sameConn(c, k, s) }); j >= 0 {
			dropped = append(dropped, fmt.Sprintf("%s as %q", s.Name, kept[j].Name))
			continue
		}
		kept = append(kept, s)
	}
	return dropped
}

func droppedBy(entries []normalize.Entry) []string {
	var out []string
	for _, e := range entries {
		if e.Server.Off != nil && e.Server.Off.Dropped {
			_, as, _ := strings.Cut(e.Server.Off.Reason, "exactly as ")
			out = append(out, e.Server.Name+" as "+strings.Fields(as)[0])
		}
	}
	return out
}

// TestSameConnectionMatchesPairwise: over random servers drawn from a few
// commands, arguments, environments, urls, headers, types and auth (so
// that many connect alike, some only nearly: "1" and 1, an argument
// more, a header less), the servers dropped, and for which kept one, are
// those of comparing every pair.
func TestSameConnectionMatchesPairwise(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 33))
	pick := func(xs ...string) string { return xs[r.IntN(len(xs))] }
	drops := 0
	for round := range 200 {
		var defs []string
		for i := range 2 + r.IntN(12) {
			var fields []string
			if r.IntN(2) == 0 {
				fields = append(fields, `"command": `+pick(`"srv"`, `"node"`, `"srv "`))
				if r.IntN(3) > 0 {
					fields = append(fields, `"args": `+pick(`[]`, `["x"]`, `["x", "y"]`, `["x", 1]`, `["x", "1"]`))
				}
				if r.IntN(3) == 0 {
					fields = append(fields, `"env": `+pick(`{}`, `{"A": "1"}`, `{"A": 1}`, `{"A": "1", "B": "2"}`, `{"B": "2", "A": "1"}`))
				}
				if r.IntN(4) == 0 {
					fields = append(fields, `"cwd": `+pick(`"/w"`, `"/v"`))
				}
			} else {
				fields = append(fields, `"url": `+pick(`"https://a.example/mcp"`, `"https://b.example/mcp"`))
				if r.IntN(2) == 0 {
					fields = append(fields, `"headers": `+pick(`{}`, `{"X": "1"}`, `{"X": "1", "Y": "2"}`))
				}
			}
			if r.IntN(3) == 0 {
				fields = append(fields, `"type": `+pick(`"stdio"`, `"http"`, `"sse"`, `"websocket"`))
			}
			if r.IntN(5) == 0 {
				fields = append(fields, `"auth": `+pick(`{"type": "oauth"}`, `"none"`))
			}
			if r.IntN(6) == 0 {
				fields = append(fields, `"requestIdFormat": `+pick(`"number"`, `"string"`))
			}
			defs = append(defs, fmt.Sprintf(`"s%d": {%s}`, i, strings.Join(fields, ", ")))
		}
		servers := "{" + strings.Join(defs, ", ") + "}"
		c, entries := sameConnEntries(t, servers)
		want := sameConnectionPairwise(c, entries)
		sameConnection(c, entries)
		if got := droppedBy(entries); !slices.Equal(got, want) {
			t.Fatalf("round %d, %s:\ndropped %q\nwant    %q", round, servers, got, want)
		}
		drops += len(want)
	}
	if drops < 100 {
		t.Fatalf("%d servers dropped in 200 rounds: the test compares too little", drops)
	}
}

// TestSameConnectionLinear: a view of many servers that all connect
// differently costs in proportion to them, not to their pairs (a
// monorepo root's pisces view holds every client's file: lint -r over
// 8,000 roots spent an eighth of its time comparing pairs).
func TestSameConnectionLinear(t *testing.T) {
	allocs := func(n int) float64 {
		var defs []string
		for i := range n {
			defs = append(defs, fmt.Sprintf(`"s%d": {"command": "npx", "args": ["-y", "@scope/server-%d"], "env": {"TOKEN": "${T%d}"}}`, i, i, i))
		}
		c, entries := sameConnEntries(t, "{"+strings.Join(defs, ", ")+"}")
		return testing.AllocsPerRun(3, func() { sameConnection(c, entries) })
	}
	small, large := allocs(100), allocs(400)
	if large > 6*small {
		t.Errorf("sameConnection of 100 servers: %v allocations, of 400: %v; want about 4 times as many", small, large)
	}
}
