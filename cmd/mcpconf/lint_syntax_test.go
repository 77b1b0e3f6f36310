package main

import (
	"strings"
	"testing"
)

// TestLintSyntaxFirstError: a file with a trailing comma on line 4 and a
// missing comma on line 8 is reported where the client's own parser stops
// first. Claude Code (JSON.parse) and Gemini CLI (comments stripped, then
// JSON.parse) stop at 5:5, the "}" after the trailing comma; VS Code's
// JSONC parser accepts the trailing comma and stops at 8:7.
func TestLintSyntaxFirstError(t *testing.T) {
	body := func(key string) string {
		return `{
  "` + key + `": {
    "a": {
      "command": "x",
    },
    "b": {
      "command": "y"
      "args": []
    }
  }
}
`
	}
	for _, c := range []struct {
		file, key, want, first string
	}{
		{".mcp.json", "mcpServers", ".mcp.json:5:5: error: trailing comma", "trailing comma"},
		{".gemini/settings.json", "mcpServers", ".gemini/settings.json:5:5: error: trailing comma", "trailing comma"},
		{".vscode/mcp.json", "servers", ".vscode/mcp.json:8:7: error: ", ""},
	} {
		t.Run(c.file, func(t *testing.T) {
			root := writeTree(t, map[string]string{c.file: body(c.key)})
			code, out, errOut := run(t, nil, "lint", "--root", root, "--home", t.TempDir())
			first, _, _ := strings.Cut(out, "\n")
			if code != 1 || !strings.HasPrefix(first, c.want) {
				t.Errorf("exit %d, first line %q, want %q\n%s%s", code, first, c.want, out, errOut)
			}
		})
	}
}
