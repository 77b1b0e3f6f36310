package probe

import (
	"fmt"
	"strings"
)

// rulesMarkdown is docs/probe.md: every diagnostic probe reports, with its
// usual severity.
func rulesMarkdown() string {
	var b strings.Builder
	b.WriteString("# probe diagnostics\n\n")
	b.WriteString("Generated from `probe/rules.go` by `go test ./probe -run TestRulesDoc -update`; do not edit.\n\n")
	b.WriteString("`mcpconf probe` reports these in the `diagnostics` of each server (`rule`, `severity`, `message`, `hint`).\n")
	b.WriteString("The ids are stable; a few are reported at another severity when it fits (a line on stdout that is not\n")
	b.WriteString("JSON-RPC is an error when the server then fails).\n\n")
	b.WriteString("| id | severity | what it means |\n|---|---|---|\n")
	for _, r := range rules {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", r.ID, r.Severity, r.Title)
	}
	return b.String()
}
