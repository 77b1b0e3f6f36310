package app

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/internal/gen"
	"github.com/mcpconf/mcpconf/internal/testtree"
	"github.com/mcpconf/mcpconf/normalize"
)

// batchTarget is a client's file Add writes, and how its servers are
// held there.
type batchTarget struct {
	client string
	scope  normalize.Scope
	path   string                      // as testtree.Write takes it
	wrap   func(servers string) string // the file around its object of servers
	toml   bool
}

var batchTargets = []batchTarget{
	{"cursor", normalize.Project, ".cursor/mcp.json", func(s string) string { return `{"mcpServers": ` + s + `}` }, false},
	{"cursor", normalize.User, "~/.cursor/mcp.json", func(s string) string { return "{\n  \"mcpServers\": " + s + "\n}\n" }, false},
	{"vscode", normalize.Project, ".vscode/mcp.json", func(s string) string { return "{\n  // ours\n  \"servers\": " + s + ",\n  \"inputs\": []\n}\n" }, false},
	{"claude", normalize.User, "~/.claude.json", func(s string) string {
		return `{"numStartups": 3, "mcpServers": ` + s + `, "projects": {"/elsewhere": {"mcpServers": {"x": {"command": "y"}}}}}`
	}, false},
	{"claude", normalize.Local, "~/.claude.json", func(s string) string {
		return "{\n  \"projects\": {\n    \"<ROOT>\": {\n      \"history\": [],\n      \"mcpServers\": " + s + "\n    }\n  }\n}\n"
	}, false},
	{"codex", normalize.User, "~/.codex/config.toml", nil, true},
}

// randomServers writes n servers as a file's object of servers, in a
// layout drawn from r (on one line, minified or not; indented by two or
// four spaces; CRLF), or for TOML as [mcp_servers.NAME] tables.
func randomServers(r *rand.Rand, tg batchTarget, names []string) string {
	if tg.toml {
		var b strings.Builder
		if r.IntN(2) == 0 {
			b.WriteString("model = \"o3\"\n\n")
		}
		for _, n := range names {
			fmt.Fprintf(&b, "[mcp_servers.%s]\ncommand = \"npx\"\nargs = [\"-y\", \"%s\"]\n", n, n)
			if r.IntN(2) == 0 {
				b.WriteString("\n")
			}
		}
		if r.IntN(2) == 0 {
			b.WriteString("[tools]\nweb_search = true\n")
		}
		return b.String()
	}
	colon, sep, nl, unit := ": ", ", ", "", ""
	switch r.IntN(4) {
	case 0:
		colon, sep = ":", ","
	case 1:
	case 2:
		nl, unit = "\n", "  "
	case 3:
		nl, unit = "\r\n", "    "
	}
	// entries of one member only, sometimes: no separator to learn
	// from the file but those of the servers added
	kinds := 3
	if r.IntN(3) == 0 {
		kinds = 1
	}
	var b strings.Builder
	b.WriteString("{")
	for i, n := range names {
		if i > 0 {
			b.WriteString(strings.TrimSuffix(sep, " "))
			if nl == "" {
				b.WriteString(strings.TrimPrefix(sep, ","))
			}
		}
		b.WriteString(nl + strings.Repeat(unit, 2))
		switch r.IntN(kinds) {
		case 2:
			fmt.Fprintf(&b, `%q%s{"command"%s"npx"%s"args"%s["-y"%s%q]}`, n, colon, colon, sep, colon, sep, n)
		case 1:
			fmt.Fprintf(&b, `%q%s{"type"%s"http"%s"url"%s"https://%s.example/mcp"}`, n, colon, colon, sep, colon, n)
		case 0:
			fmt.Fprintf(&b, `%q%s{"url"%s"https://%s.example/mcp"}`, n, colon, colon, n)
		}
	}
	if len(names) > 0 {
		b.WriteString(nl + unit)
	}
	b.WriteString("}")
	return b.String()
}

// randomDefinitions are k servers to write: new names and names the file
// has, stdio and HTTP, with arguments, variables and headers, some the
// file holds already as written (nothing to do).
func randomDefinitions(r *rand.Rand, have []string, k int) []define.Server {
	var out []define.Server
	seen := map[string]bool{}
	for i := range k {
		name := fmt.Sprintf("new%d", i)
		if len(have) > 0 && r.IntN(3) == 0 {
			name = have[r.IntN(len(have))]
		}
		if seen[name] && r.IntN(4) != 0 {
			continue
		}
		seen[name] = true
		s := define.Server{Name: name, Transport: normalize.Stdio, Command: "npx", Args: []string{"-y", name}}
		switch r.IntN(4) {
		case 0:
			s.Env = []define.KV{{Key: "TOKEN", Value: "${TOKEN}"}}
		case 1:
			s.Transport, s.Command, s.Args = normalize.HTTP, "", nil
			s.URL = "https://" + name + ".example/mcp"
			if r.IntN(2) == 0 {
				s.Headers = []define.KV{{Key: "Authorization", Value: "Bearer ${TOKEN}"}}
			}
		case 2:
			s.Args = append(s.Args, "--verbose")
		}
		out = append(out, s)
	}
	return out
}

// TestSyncBatchSameAsOneAtATime: Add writing every server bound for one
// file through one edit.Batch leaves the same bytes in the file, and
// says the same (refused, warned, written), as writing them one at a
// time, the file parsed again after each, as it did before: for sync
// (Replace) and add, into files created, on one line, indented and with
// CRLF, JSONC, a table of projects (Claude Code's user and local scopes)
// and TOML, with names new, the file's own rewritten or already so, and
// given twice.
func TestSyncBatchSameAsOneAtATime(t *testing.T) {
	r := rand.New(rand.NewPCG(26, 91))
	for i := range 240 {
		tg := batchTargets[i%len(batchTargets)]
		var have []string
		for j := range []int{0, 1, 1, 3, 20}[r.IntN(5)] {
			have = append(have, fmt.Sprintf("s%d", j))
		}
		files := map[string]string{".mcp.json": "{}\n"}
		switch {
		case r.IntN(6) == 0 && tg.scope != normalize.Local:
			// no file: created
		case tg.toml:
			files[tg.path] = randomServers(r, tg, have)
		default:
			files[tg.path] = tg.wrap(randomServers(r, tg, have))
		}
		servers := randomDefinitions(r, have, 1+r.IntN(30))
		replace := r.IntN(4) != 0
		run := func(one bool) (*AddResult, string) {
			root, home := testtree.Write(t, files)
			os.MkdirAll(home, 0o755)
			o := prepared(t, root, home)
			oneAtATime = one
			defer func() { oneAtATime = false }()
			res, err := Add(AddRequest{Options: o, Clients: []*normalize.Client{normalize.ClientByID(tg.client)}, Scope: tg.scope, Servers: servers, Replace: replace})
			if err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(root, filepath.FromSlash(tg.path))
			if rest, ok := strings.CutPrefix(tg.path, "~/"); ok {
				path = filepath.Join(home, rest)
			}
			b, _ := os.ReadFile(path)
			// the paths of the two trees differ: compare what is said
			// without them
			res.Secrets = nil
			for i := range res.Files {
				res.Files[i].Abs = ""
				res.Files[i].Before = []byte(strings.ReplaceAll(string(res.Files[i].Before), root, "<ROOT>"))
				res.Files[i].After = []byte(strings.ReplaceAll(string(res.Files[i].After), root, "<ROOT>"))
			}
			for i := range res.Written {
				res.Written[i].Abs = ""
			}
			return res, strings.ReplaceAll(string(b), root, "<ROOT>")
		}
		want, wantFile := run(true)
		got, gotFile := run(false)
		if gotFile != wantFile {
			t.Fatalf("case %d: %s %s, %d servers (replace %v) into:\n%s\none at a time:\n%s\nbatched:\n%s", i, tg.client, tg.scope, len(servers), replace, files[tg.path], wantFile, gotFile)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("case %d: %s %s: the results differ:\none at a time: %+v\nbatched: %+v", i, tg.client, tg.scope, want, got)
		}
	}
}

// TestSyncLinear: a sync of n servers into one file allocates in
// proportion to n, whether the file is created, holds n other servers
// (each added after them) or the same n defined otherwise (each
// rewritten), on one line or indented. Add parsed the file again after
// each server: 4 times the servers allocated about 16 times the bytes
// (1,000 servers into Cursor's file: 3.2 s of CPU; 2,000: 12.4 s).
// Allocated bytes, unlike time, do not depend on the machine's load.
func TestSyncLinear(t *testing.T) {
	if testing.Short() {
		t.Skip("syncs thousands of servers")
	}
	for _, oneLine := range []bool{true, false} {
		for _, target := range []string{"created", "others", "rewritten"} {
			alloc := func(n int) uint64 {
				dir := t.TempDir()
				if err := gen.ServersHome(dir, n, oneLine); err != nil {
					t.Fatal(err)
				}
				root, home := filepath.Join(dir, "project"), filepath.Join(dir, "home")
				cursor := filepath.Join(home, ".cursor", "mcp.json")
				switch target {
				case "others":
					writeFile(t, cursor, strings.ReplaceAll(string(gen.Servers(n, oneLine)), `"s`, `"other-s`))
				case "rewritten":
					writeFile(t, cursor, strings.ReplaceAll(string(gen.Servers(n, oneLine)), `"npx"`, `"uvx"`))
				}
				o := prepared(t, root, home)
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				res, err := Sync(SyncRequest{Options: o, From: normalize.ClientByID("claude"), To: []*normalize.Client{normalize.ClientByID("cursor")}, Scope: normalize.User})
				runtime.ReadMemStats(&after)
				if err != nil || len(res.Refused) != 0 || len(res.Files) != 1 || res.Files[0].Fixed != n {
					t.Fatalf("%s, %d servers: %v, refused %v, %d files", target, n, err, res.Refused, len(res.Files))
				}
				return after.TotalAlloc - before.TotalAlloc
			}
			const small, factor = 250, 4
			a, b := alloc(small), alloc(small*factor)
			if b > 2*factor*a {
				t.Errorf("oneLine=%v, %s: a sync of %d servers allocated %d bytes, of %d %d: %d times as much (linear: about %d)", oneLine, target, small*factor, b, small, a, b/a, factor)
			}
		}
	}
}
