package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// skippedFileRule reports a file a client skips whole for what it holds
// (normalize.Gates.SkipsFile, SourceFile.SkipAt): Kilo Code CLI's project
// files, where opencode would refuse its whole configuration.
var skippedFileRule = &Rule{
	ID:       normalize.RuleSkippedFile,
	Title:    "a client skips a whole file for one thing in it",
	Severity: normalize.Warning,
	For:      func(c *normalize.Client) bool { return c.SkipsFile != nil },
	doc: `Kilo Code CLI (7.7.7) checks each project file as it loads it (` + "`kilo.json`" + `,
` + "`opencode.json`" + `, ` + "`.kilo/`" + `, ` + "`.kilocode/`" + `, and ` + "`~/.kilo/`" + `, ` + "`~/.kilocode/`" + ` and the
file ` + "`KILO_CONFIG`" + ` names) and skips one that fails whole, with only a log
line ("skipped config due to error"): every server in it is lost, the other
files load. It fails for an entry its schema rejects (no ` + "`type`" + `, a ` + "`command`" + ` that
is not an array…) and, in a project file, for ` + "`{env:VAR}`" + ` anywhere outside a
server's headers ("environment references are not allowed in project
config"). Checked with ` + "`testdata/clients/kilo-invalid-file`" + `, ` + "`kilo-project-env`" + ` and
` + "`kilo-config-env-skipped`" + `.

Fix: write the value in the user's config (` + "`~/.config/kilo/kilo.json`" + `), where
` + "`{env:VAR}`" + ` is expanded, or fix the entry the finding points at.`,
	Example: Example{File: "kilo.json", ProjectScope: true,
		Bad:  "{ \"mcp\": { \"docs\": { \"type\": \"local\", \"command\": [\"docs-mcp\", \"--token\", \"{env:DOCS_TOKEN}\"] } } }\n",
		Good: "{ \"mcp\": { \"docs\": { \"type\": \"local\", \"command\": [\"docs-mcp\"] } } }\n"},
	Check: checkSkippedFile,
}

func checkSkippedFile(p *Pass) {
	c := p.Set.Client
	if c == nil || c.SkipsFile == nil {
		return
	}
	for _, s := range p.Set.Sources {
		if !s.SkipAt.IsValid() {
			continue
		}
		doc := p.Document(s.Path)
		if doc == nil || doc.Root == nil {
			continue // the syntax finding says it
		}
		if servers := doc.Root.Get(c.ServersKey); servers == nil || servers.Kind != normalize.Object || len(servers.Members) == 0 {
			continue // it loses no server (a kilo.json that is not Kilo's config)
		}
		d := p.Report(doc, normalize.Range{Start: s.SkipAt, End: s.SkipAt}, "", "%s; none of its servers loads (the other files do)", strings.Replace(s.Note, " skips it ", " skips this whole file ", 1))
		d.Hint = fmt.Sprintf("fix the entry at %s:%s, or remove it", s.Path, s.SkipAt)
		if strings.Contains(s.Note, "does not expand variables") {
			d.Hint = fmt.Sprintf("move the server that needs the variable to the user's config (%s expands it there), or write the value at %s:%s", c.Product, s.Path, s.SkipAt)
		}
	}
}
