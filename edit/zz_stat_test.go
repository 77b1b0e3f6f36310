package edit
import ("testing";"fmt";"math/rand/v2";"github.com/mcpconf/mcpconf/normalize")
func TestBatchStats2(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 9))
	tot := map[string][2]int{}
	shown := 0
	for i := range 3000 {
		var src, ptr string
		format := normalize.JSON
		n := []int{0, 1, 2, 5, 30}[r.IntN(5)]
		switch i % 4 {
		case 0, 1: src, ptr = randomJSON(r, false, n)
		case 2: format = normalize.JSONC; src, ptr = randomJSON(r, true, n)
		case 3: format = normalize.TOML; src, ptr = randomTOML(r, n)
		}
		ops := make([]batchOp, 30)
		for j := range ops { ops[j] = batchOp{fmt.Sprintf("new%d", j), entries[r.IntN(len(entries))]} }
		_, p := batched(t, format, []byte(src), ptr, ops)
		k := fmt.Sprint(format)
		x := tot[k]; x[0]++; x[1] += p; tot[k] = x
		if p > 3 && shown < 5 { shown++; t.Logf("%d parses: %q", p, src) }
	}
	t.Logf("%v", tot)
}
