package app

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/mcpconf/mcpconf/define"
	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// FuzzWriteRoundTrip: whatever server define writes for a client, written
// into an empty file of the client's format and read back by the client's
// own decoder, is the server meant: Verify's differences are none. A
// definition the client cannot hold must be refused, never written
// otherwise.
func FuzzWriteRoundTrip(f *testing.F) {
	f.Add(uint8(0), "github", "npx", "-y @modelcontextprotocol/server-github", "GITHUB_TOKEN", "${GITHUB_TOKEN}", "", "", "")
	f.Add(uint8(1), "docs", "", "", "", "", "https://docs.example.com/mcp", "Authorization", "Bearer ${DOCS_TOKEN}")
	f.Add(uint8(2), "events", "", "", "", "", "https://x.example.com/sse", "X-Key", "${KEY}")
	f.Add(uint8(0), "my server", "uvx", "mcp-server-time --tz ${TZ}", "A", "a ${B} c", "", "", "")
	f.Add(uint8(1), "q", "", "", "", "", "https://x.example.com/${PATH_PART}/mcp", "Authorization", "${TOKEN}")
	f.Add(uint8(0x78), "tuned", "run", "a b c", "", "search fetch", "", "", "delete")
	f.Add(uint8(0x39), "t2", "", "", "", "", "https://x.example.com/mcp", "", "")
	f.Fuzz(func(t *testing.T, kind uint8, name, command, args, envKey, envVal, url, hdrKey, hdrVal string) {
		s := define.Server{Name: name}
		// the kind's high bits: timeouts and tool filters
		if kind&0x08 != 0 {
			s.StartupTimeout = time.Duration(len(command)*1500) * time.Millisecond
		}
		if kind&0x10 != 0 {
			s.ToolTimeout = time.Duration(len(args)) * time.Second
		}
		if kind&0x20 != 0 {
			s.IncludeTools = strings.Fields(envVal)
		}
		if kind&0x40 != 0 {
			s.ExcludeTools = strings.Fields(hdrVal)
		}
		switch kind % 3 {
		case 0:
			s.Transport, s.Command, s.Args = normalize.Stdio, command, strings.Fields(args)
			if envKey != "" {
				s.Env = []define.KV{{Key: envKey, Value: envVal}}
			}
		case 1, 2:
			s.Transport, s.URL = normalize.HTTP, url
			if kind%3 == 2 {
				s.Transport = normalize.SSE
			}
			if hdrKey != "" {
				s.Headers = []define.KV{{Key: hdrKey, Value: hdrVal}}
			}
		}
		for _, c := range normalize.Clients() {
			if c.ServersKey == "" || !c.Views() {
				continue
			}
			e, err := define.For(c, s)
			var r *define.Refusal
			if errors.As(err, &r) {
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			format, empty := normalize.JSON, "{}\n"
			if slices.ContainsFunc(c.Files, func(f normalize.File) bool { return f.Format == normalize.TOML }) {
				format, empty = normalize.TOML, ""
			}
			doc, _ := discover.Parse("/f", "f", format, []byte(empty))
			ins, err := edit.InsertMember(doc, doc.Root, c.ServersKey, fmt.Sprintf("{%s: %s}", jsonKey(name), e.JSON))
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			src, err := edit.Apply([]byte(empty), []normalize.Edit{ins})
			if err != nil {
				t.Fatalf("%s: %v", c.ID, err)
			}
			doc, diags := discover.Parse("/f", "f", format, src)
			if doc.Root == nil || slices.ContainsFunc(diags, func(d normalize.Diagnostic) bool { return d.Severity == normalize.Error }) {
				t.Fatalf("%s: written, it does not parse:\n%s\n%v", c.ID, src, diags)
			}
			got, _ := c.Decode(doc, doc.Root.Get(c.ServersKey), normalize.Source{Path: "f", Client: c})
			i := slices.IndexFunc(got, func(g normalize.Server) bool { return g.Name == name })
			if i < 0 {
				t.Fatalf("%s: %q written, not read back:\n%s", c.ID, name, src)
			}
			if d := differences(c, &got[i], s); len(d) > 0 {
				t.Fatalf("%s: read back otherwise than meant: %s\n%s", c.ID, strings.Join(d, "; "), src)
			}
		}
	})
}

func jsonKey(s string) string {
	b, _ := edit.Literal(normalize.JSON, s)
	return b
}
