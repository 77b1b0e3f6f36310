package validate

import "github.com/mcpconf/mcpconf/normalize"

// layerPatchRule notes layers that only change a server another layer
// defines, when that layer is not read.
var layerPatchRule = &Rule{
	ID:       normalize.RuleLayerPatch,
	Title:    "a layer changes a server defined in a file that was not read",
	Severity: normalize.Info,
	Off:      true,
	Clients:  "clients that fold their files key by key: %s",
	For:      keyByKey,
	doc: `{{gen:clients}} fold their files key by key, so a
project file may change one field of a server that the user's file defines:

` + "```toml" + `
# .codex/config.toml
[mcp_servers.playwright]
enabled = false
` + "```" + `

Such an entry has no ` + "`command`" + ` or ` + "`url`" + ` of its own, and that is right: it is
judged together with the layer it changes. With ` + "`--scope project`" + ` (lint's
default) the user's files are not read, so the patch cannot be checked; this
note says so instead of reporting a server without a command. With
` + "`--scope all`" + ` the layers are folded; a patch of a server that no layer
defines is an error for Codex, which then refuses its whole config
(unknown-transport).

The rule is off by default, since a patch is a normal thing to write; turn
it on to see every patch that project scope leaves unchecked.`,
	Example: Example{File: ".codex/config.toml", ProjectScope: true,
		Bad:  "[mcp_servers.playwright]\nenabled = false\n",
		Good: "[mcp_servers.playwright]\ncommand = \"npx\"\nargs = [\"-y\", \"@playwright/mcp@0.0.41\"]\n"},
	parts: map[string]func() string{"clients": func() string { return clientList(keyByKey) }},
	Check: checkLayerPatch,
}

func checkLayerPatch(p *Pass) {
	if p.Set.UserRead {
		return
	}
	for s, c := range p.Servers() {
		if !s.Patch || p.definedElsewhere(s) {
			continue
		}
		d := p.At(s, "", "server %q only changes fields of a server that another %s file defines; that file is not read in project scope", s.Name, c.Product)
		d.Hint = "run mcpconf lint --scope all to check it together with the layer it changes"
	}
}

// keyByKey picks the clients that fold their files key by key (Merge
// KeyByKey), whose layers may patch a server.
func keyByKey(c *normalize.Client) bool { return c.Merge == normalize.KeyByKey }
