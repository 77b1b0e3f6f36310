package validate

import (
	"fmt"
	"strings"
)

// Markdown renders the documentation of every rule: docs/rules.md is this
// output, and a test fails when the file is stale.
func Markdown() string {
	var b strings.Builder
	b.WriteString("# mcpconf lint rules\n\n")
	b.WriteString("Generated from the rule definitions in `validate/` (`go test ./validate -run TestRulesDoc -update`); `mcpconf rules ID` prints the same text.\n\n")
	b.WriteString("| rule | severity | what it finds |\n|---|---|---|\n")
	for _, r := range Rules() {
		sev := r.Severity.String()
		if r.Off {
			sev += " (off by default)"
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, sev, r.Title)
	}
	for _, r := range Rules() {
		b.WriteString("\n")
		b.WriteString(RuleText(r, "## "))
	}
	return b.String()
}

// RuleText is one rule's documentation; heading prefixes its title line.
func RuleText(r *Rule, heading string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n\n", heading, r.ID)
	fmt.Fprintf(&b, "%s. Default severity: %s", capitalize(r.Title), r.Severity)
	if r.Off {
		b.WriteString("; off by default, turn it on with `enable = [\"" + r.ID + "\"]` in `.mcpconf.toml`")
	}
	b.WriteString(".\n\n")
	b.WriteString(strings.TrimSpace(r.Doc))
	b.WriteString("\n")
	if ex := r.Example; ex.File != "" {
		lang := "json"
		if strings.HasSuffix(ex.File, ".toml") {
			lang = "toml"
		} else if strings.HasSuffix(ex.File, ".jsonc") || strings.Contains(ex.File, ".vscode/") {
			lang = "jsonc"
		}
		fmt.Fprintf(&b, "\nBad (`%s`):\n\n```%s\n%s\n```\n", ex.File, lang, strings.TrimRight(ex.Bad, "\n"))
		fmt.Fprintf(&b, "\nGood:\n\n```%s\n%s\n```\n", lang, strings.TrimRight(ex.Good, "\n"))
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
