package validate

import "github.com/mcpconf/mcpconf/normalize"

// voidSettingsRule is reported by discovery when a settings file fails
// the client's check of the whole file (normalize.File.Checked).
var voidSettingsRule = &Rule{
	ID:       normalize.RuleVoidSettings,
	Title:    "a key of the wrong type makes the client ignore a whole settings file",
	Severity: normalize.Error,
	For:      voidsSettings,
	doc: `Claude Code checks each of its user, project and local settings files
(` + "`~/.claude/settings.json`" + `, ` + "`.claude/settings.json`" + `, ` + "`.claude/settings.local.json`" + `)
against its settings schema before it uses any of it. One key of the wrong type
— an unrelated setting such as ` + "`\"model\": 5`" + `, ` + "`\"enableAllProjectMcpServers\": \"true\"`" + `
written as a string, ` + "`null`" + ` where a string belongs — and the file contributes
nothing: its ` + "`deniedMcpServers`" + ` deny nothing, its ` + "`enabledMcpjsonServers`" + ` approve
nothing, its ` + "`disabledMcpjsonServers`" + ` reject nothing (checked with Claude Code 2.1.331).
While ` + "`.claude/settings.local.json`" + ` is void, Claude Code also leaves the approvals
of ` + "`~/.claude.json`" + `'s project entry where they are, unread (it moves them into that
file when it starts).

Unknown keys pass, and so do keys Claude Code repairs or reads as unset when
wrong (a server name written alone instead of a list, an invalid
` + "`deniedMcpServers`" + ` entry, ` + "`permissions`" + ` rules, …). Managed settings are read key by
key instead: a bad key there is ignored alone. mcpconf checks the type of each
top-level key the schema checks strictly; ` + "`mcpconf explain`" + ` shows the view without
the file's settings, and this finding is at the value that voids it.

Fix: give the key a value of its type, or remove it.`,
	Example: Example{File: ".claude/settings.json", ProjectScope: true,
		Others: map[string]string{".mcp.json": "{ \"mcpServers\": { \"docs\": { \"type\": \"http\", \"url\": \"https://mcp.example.com/mcp\" } } }\n"},
		Bad:    "{\n  \"model\": 5,\n  \"deniedMcpServers\": [{ \"serverName\": \"docs\" }]\n}\n",
		Good:   "{\n  \"model\": \"opus\",\n  \"deniedMcpServers\": [{ \"serverName\": \"docs\" }]\n}\n"},
}

// voidsSettings picks the clients that ignore a settings file failing
// their check.
func voidsSettings(c *normalize.Client) bool {
	if c.Approval != nil {
		for _, st := range c.Approval.Settings {
			if st.File.Checked != nil {
				return true
			}
		}
	}
	for _, l := range c.Lists {
		for _, f := range l.Files {
			if f.Checked != nil {
				return true
			}
		}
	}
	return false
}
