package normalize

import (
	"slices"
)

// mcpJSON is a bare mcp.json or .mcp.json at the project root. It is not a
// client of its own but the lowest of pisces's providers; Claude Code reads
// the same .mcp.json with its own rules (CoReader), so Claude's keys are
// known too.
var mcpJSON = &Client{
	ID:           "mcp-json",
	Product:      "mcp.json",
	Reader:       "pisces",
	Label:        "pisces and Claude Code",
	CoReader:     "claude",
	ProviderOnly: true,
	Layout: Layout{
		Schema: "mcp-servers",
	},
	Shape: mcpJSONShape(),
	Expansion: Expansion{
		Placeholders:  []Syntax{Dollar},
		ExpandFields:  []string{"command", "args", "env", "cwd", "url", "headers"},
		VarForm:       "${%s}",
		ValueCommands: true,
	},
	Docs: Docs{
		Facts: []Fact{
			{Topic: "files", Text: "pisces's `mcp-json` provider reads `mcp.json` and `.mcp.json` at the project root (this is how it picks up Claude Code's project file), with pisces's own rules",
				Source: "oh-my-pi `src/discovery/mcp-json.ts`"},
		},
	},
	decode: decodePisces,
}

// mcpJSONShape is pisces's entry shape with Claude Code's own keys known
// too (headersHelper, alwaysLoad and the keys its hosts set), since Claude
// Code reads the same .mcp.json.
func mcpJSONShape() Shape {
	sh := piscesShape(append(slices.Clone(piscesFields), "headersHelper", "alwaysLoad"))
	sh.HostFields = claudeHostFields
	sh.LenientBool = false // mcp-json.ts: "enabled" counts only as a boolean
	return sh
}
