package validate

import (
	"slices"
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// fixFuzzFiles are the files FuzzFixes writes its input to, by its first
// byte: one per format and a few clients.
var fixFuzzFiles = []string{".mcp.json", ".vscode/mcp.json", ".cursor/mcp.json", ".codex/config.toml", ".gemini/settings.json", "opencode.json"}

// FuzzFixes: for any file, applying each fix lint offers yields a file
// that parses no worse than before and no longer has that finding at
// that place.
func FuzzFixes(f *testing.F) {
	for _, r := range Rules() {
		if r.Fix != "" && r.Example.File != "" {
			if i := slices.Index(fixFuzzFiles, r.Example.File); i >= 0 {
				f.Add(byte(i), []byte(r.Example.Bad))
			}
		}
	}
	f.Add(byte(0), []byte(`{"mcpServers": {"a": {"command": "npx", "args": ["x"], "env": {"T": "${env:T}"}}, "b": {"url": "https://x", "timeout": 30}}}`))
	f.Add(byte(3), []byte("[mcp_servers.a]\ncommand = \"npx\"\nargs = [\"x\"]\nenabled = \"TRUE\"\n"))
	f.Fuzz(func(t *testing.T, which byte, src []byte) {
		if len(src) > 4096 {
			return
		}
		file := fixFuzzFiles[int(which)%len(fixFuzzFiles)]
		files := map[string]string{file: string(src)}
		before := lintScope(t, files, nil, discover.ProjectScopes)
		syntax := func(ds []normalize.Diagnostic) int {
			n := 0
			for _, d := range ds {
				if d.Rule == normalize.RuleSyntax && d.Path == file {
					n++
				}
			}
			return n
		}
		for _, d := range before {
			if d.Fix == nil || d.Path != file {
				continue
			}
			fixed := map[string]string{file: applyEdits(t, string(src), d.Fix.Edits)}
			after := lintScope(t, fixed, nil, discover.ProjectScopes)
			if syntax(after) > syntax(before) {
				t.Fatalf("the fix of %s breaks the file:\n%s\n->\n%s", d, src, fixed[file])
			}
			for _, a := range after {
				if a.Rule == d.Rule && a.Pos == d.Pos && a.Message == d.Message {
					t.Fatalf("still reported after its fix:\n%s\n->\n%s\n%s", src, fixed[file], a)
				}
			}
		}
	})
}
