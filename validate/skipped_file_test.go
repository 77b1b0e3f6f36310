package validate

import "testing"

func TestSkippedFile(t *testing.T) {
	kilo := &Config{Clients: []string{"kilo"}}
	runRuleCases(t, "skipped-file", []ruleCase{
		{name: "a project file with {env:} loses its servers",
			cfg:   kilo,
			files: tree("kilo.json", `{"mcp": {"docs": {"type": "local", "command": ["docs-mcp", "{env:DOCS_TOKEN}"]}}}`),
			want:  []string{`warning kilo.json:1:60: Kilo Code CLI skips this whole file ("skipped config due to error"): "{env:DOCS_TOKEN}" at kilo.json:1:60: it does not expand variables in project files; none of its servers loads (the other files do) [skipped-file]`}},
		{name: "an entry the schema rejects",
			cfg:   kilo,
			files: tree("kilo.json", `{"mcp": {"docs": {"type": "local", "command": "docs-mcp --stdio"}, "ok": {"type": "local", "command": ["ok"]}}}`),
			want:  []string{`warning kilo.json:1:47: Kilo Code CLI skips this whole file ("skipped config due to error"): entry "docs": Expected array (kilo.json:1:47); none of its servers loads (the other files do) [skipped-file]`}},
		{name: "a file named kilo.json that holds no server loses nothing",
			cfg:   kilo,
			files: tree("kilo.json", `{"notes": "the variables {env:VAR} names"}`)},
		{name: "a variable in a project entry's headers drops that entry alone: client-drops says so",
			cfg:   kilo,
			files: tree("kilo.json", `{"mcp": {"docs": {"type": "remote", "url": "https://docs.example.com/mcp", "headers": {"Authorization": "Bearer {env:DOCS_TOKEN}"}}}}`)},
	})
}
