package validate

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/internal/textwrap"
	"github.com/mcpconf/mcpconf/normalize"
)

// markdown renders the documentation of every rule and, after them, of
// the diagnostics another package reports (probe.Rules()): docs/rules.md
// is this output, and a test fails when the file is stale. A diagnostic
// with a lint rule's id is listed and links to the rule.
func markdown(diagnostics []normalize.RuleDoc) string {
	var b strings.Builder
	b.WriteString("# mcpconf lint rules\n\n")
	b.WriteString("Generated from the rule definitions in `validate/` and `probe/rules.go` (`go test ./validate -run TestRulesDoc -update`); `mcpconf rules ID` prints the same text.\n\n")
	b.WriteString("| rule | severity | what it finds |\n|---|---|---|\n")
	for _, r := range Rules() {
		sev := r.severities()
		if r.Off {
			sev += " (off by default)"
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, sev, r.Title)
	}
	for _, r := range Rules() {
		b.WriteString("\n")
		b.WriteString(RuleText(r, "## "))
	}
	if len(diagnostics) == 0 {
		return b.String()
	}
	b.WriteString("\n# mcpconf probe diagnostics\n\n")
	b.WriteString("`mcpconf probe` reports these in the diagnostics of each server it starts or reaches; `mcpconf rules ID` prints the same text. A few are reported at another severity when it fits. An id of a lint rule links to that rule: probe reports the same finding about the environment it starts a server in.\n\n")
	b.WriteString("| diagnostic | severity | what it means |\n|---|---|---|\n")
	for _, r := range diagnostics {
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s |\n", r.ID, r.ID, r.Severity, r.Title)
	}
	for _, r := range diagnostics {
		if Lookup(r.ID) != nil {
			continue
		}
		b.WriteString("\n")
		b.WriteString(DiagnosticText(r, "## "))
	}
	return b.String()
}

// DiagnosticText is the documentation of a probe diagnostic; heading
// prefixes its title line.
func DiagnosticText(r normalize.RuleDoc, heading string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n\n", heading, r.ID)
	fmt.Fprintf(&b, "%s. Usual severity: %s.\n\n", capitalize(r.Title), r.Severity)
	b.WriteString("Reported by: `mcpconf probe`, for each server it starts or reaches.\n\n")
	b.WriteString(strings.TrimSpace(r.Doc))
	b.WriteString("\n")
	return b.String()
}

// RuleText is one rule's documentation; heading prefixes its title line.
func RuleText(r *Rule, heading string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s%s\n\n", heading, r.ID)
	fmt.Fprintf(&b, "%s. Default severity: %s", capitalize(r.Title), r.Severity)
	if r.Off {
		b.WriteString("; off by default, turn it on with `enable = [\"" + string(r.ID) + "\"]` in `.mcpconf.toml`")
	}
	b.WriteString(".")
	if len(r.Contexts) > 0 {
		b.WriteString(" Severity:")
		for i, c := range r.Contexts {
			if i > 0 {
				b.WriteString(";")
			}
			fmt.Fprintf(&b, " %s when %s", c.Severity, c.When)
		}
		b.WriteString(".")
	}
	b.WriteString("\n\n")
	fmt.Fprintf(&b, "Speaks for: %s.\n\n", r.SpeaksFor())
	switch {
	case r.Fix != "":
		how := "`lint --fix`"
		if r.FixUnsafe {
			how = "`lint --fix --unsafe-fixes` (it changes what the file means: check it)"
		}
		fmt.Fprintf(&b, "Fix: %s %s.\n\n", how, r.Fix)
	case r.NoFix != "":
		fmt.Fprintf(&b, "Fix: none, %s.\n\n", r.NoFix)
	default:
		b.WriteString("Fix: none, by hand as the finding's hint says.\n\n")
	}
	b.WriteString(strings.TrimSpace(r.DocText()))
	b.WriteString("\n")
	if ex := r.Example; ex.File != "" {
		lang := codeLang(ex.File)
		// Files the example needs besides the one shown bad and good.
		others := slices.Sorted(maps.Keys(ex.Others))
		for _, f := range others {
			fmt.Fprintf(&b, "\nWith this `%s` in the same project:\n\n```%s\n%s\n```\n", f, codeLang(f), strings.TrimRight(ex.Others[f], "\n"))
		}
		if ex.Config != "" {
			fmt.Fprintf(&b, "\nWith this `%s`:\n\n```toml\n%s\n```\n", ConfigFile, strings.TrimRight(ex.Config, "\n"))
		}
		scope := ""
		if ex.ProjectScope {
			scope = ", linted in project scope (lint's default)"
		}
		fmt.Fprintf(&b, "\nBad (`%s`%s):\n\n```%s\n%s\n```\n", ex.File, scope, lang, strings.TrimRight(ex.Bad, "\n"))
		fmt.Fprintf(&b, "\nGood:\n\n```%s\n%s\n```\n", lang, strings.TrimRight(ex.Good, "\n"))
	}
	return b.String()
}

// codeLang is the Markdown code block language of a config file.
func codeLang(file string) string {
	switch {
	case strings.HasSuffix(file, ".toml"):
		return "toml"
	case strings.HasSuffix(file, ".jsonc") || strings.Contains(file, ".vscode/"):
		return "jsonc"
	}
	return "json"
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ListText writes the lint rules, then the probe diagnostics, one per
// line: id, severity and title in columns, the title wrapped at spaces
// under its column so that no line is longer than width (a word longer
// than the room left overflows rather than being cut); width 0: no
// wrapping.
func ListText(w io.Writer, diagnostics []normalize.RuleDoc, width int) error {
	type row struct{ id, sev, title string }
	table := func(rows []row) error {
		idw, sevw := 0, 0
		for _, r := range rows {
			idw, sevw = max(idw, len(r.id)), max(sevw, len(r.sev))
		}
		indent := idw + 2 + sevw + 2
		for _, r := range rows {
			room := width - indent
			if width <= 0 || room < 20 {
				room = 0 // no room to speak of: one line
			}
			lines := textwrap.Lines(r.title, room)
			if _, err := fmt.Fprintf(w, "%-*s  %-*s  %s\n", idw, r.id, sevw, r.sev, lines[0]); err != nil {
				return err
			}
			for _, l := range lines[1:] {
				if _, err := fmt.Fprintf(w, "%*s%s\n", indent, "", l); err != nil {
					return err
				}
			}
		}
		return nil
	}
	var rules []row
	for _, r := range Rules() {
		sev := r.severities()
		if r.Off {
			sev += " (off)"
		}
		rules = append(rules, row{string(r.ID), sev, r.Title})
	}
	// a table of its own: the lint rules' columns do not move
	if err := table(rules); err != nil {
		return err
	}
	var diags []row
	for _, r := range diagnostics {
		diags = append(diags, row{string(r.ID), r.Severity.String() + " (probe)", r.Title})
	}
	return table(diags)
}

// WriteRuleText writes one lint rule's documentation and where it is
// online.
func WriteRuleText(w io.Writer, r *Rule) error {
	_, err := fmt.Fprintf(w, "%s\nMore: %s\n", RuleText(r, ""), DocURL(r.ID))
	return err
}

// WriteDiagnosticText writes one probe diagnostic's documentation and
// where it is online.
func WriteDiagnosticText(w io.Writer, d normalize.RuleDoc) error {
	_, err := fmt.Fprintf(w, "%s\nMore: %s\n", DiagnosticText(d, ""), DocURL(d.ID))
	return err
}

// severities are the rule's default severity and, after it, the others
// its contexts give (Rule.Contexts), for the lists: "error, warning".
func (r *Rule) severities() string {
	out := []string{r.Severity.String()}
	for _, c := range r.Contexts {
		if s := c.Severity.String(); !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return strings.Join(out, ", ")
}
