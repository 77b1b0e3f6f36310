package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// invalidTrustLevelRule reports trust settings whose value the client cannot
// read.
var invalidTrustLevelRule = &Rule{
	ID:       normalize.RuleInvalidTrustLevel,
	Title:    "a project's trust_level is a value Codex cannot read",
	Severity: normalize.Error,
	For: func(c *normalize.Client) bool {
		return c.Trust != nil && c.Trust.Kind == normalize.TrustTable && len(c.Trust.Levels) > 0
	},
	doc: `Codex records trust as ` + "`[projects.\"<dir>\"] trust_level = \"trusted\"`" + ` (or
` + "`\"untrusted\"`" + `). Any other value — ` + "`\"Trusted\"`" + `, ` + "`true`" + `, ` + "`\"yes\"`" + ` — of any project, not
only the one at hand, makes Codex refuse its whole config: ` + "`unknown variant\n`Trusted`, expected `trusted` or `untrusted``" + `, and no server starts, user ones
included (checked with Codex 0.169.0).`,
	Example: Example{File: "~/.codex/config.toml",
		Bad:  "[projects.\"/home/me/app\"]\ntrust_level = \"Trusted\"\n\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n",
		Good: "[projects.\"/home/me/app\"]\ntrust_level = \"trusted\"\n\n[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n"},
	Check: checkInvalidTrustLevel,
}

func checkInvalidTrustLevel(p *Pass) {
	c := p.Set.Client
	if c == nil || c.Trust == nil || c.Trust.Kind != normalize.TrustTable || len(c.Trust.Levels) == 0 {
		return
	}
	for _, src := range p.Set.Sources {
		doc := p.Document(src.Path)
		if src.Status != normalize.Found || doc == nil {
			continue
		}
		for _, v := range badTrustLevels(c, doc) {
			d := p.AtValue(doc, v, "trust_level %s is not a value %s reads (%s): %s refuses its whole config, so %s",
				valueText(v), c.Product, quotedOr(c.Trust.Levels), c.Product, noneStarts(p.Set, src.Path))
			d.Hint = fmt.Sprintf("write %s", quotedOr(c.Trust.Levels))
			if v.Kind == normalize.String {
				for _, l := range c.Trust.Levels {
					if strings.EqualFold(l, strings.TrimSpace(v.Str)) {
						d.Hint = fmt.Sprintf("write %q", l)
						suggest(d, d.Hint, replaceValue(doc, v, jsonQuote(l)))
					}
				}
			}
		}
	}
}

// badTrustLevels are the trust values of a file the client cannot read.
func badTrustLevels(c *normalize.Client, doc *normalize.Document) []*normalize.Value {
	tr := c.Trust
	if doc.Root == nil || len(tr.Path) != 3 {
		return nil
	}
	projects := doc.Root.Get(tr.Path[0])
	if projects == nil || projects.Kind != normalize.Object {
		return nil
	}
	var out []*normalize.Value
	for _, m := range projects.Unique() {
		if m.Value.Kind != normalize.Object {
			continue
		}
		v := m.Value.Get(tr.Path[2])
		if v != nil && (v.Kind != normalize.String || !slices.Contains(tr.Levels, v.Str)) {
			out = append(out, v)
		}
	}
	return out
}

// badTrustLevelAt reports whether invalid-trust-level reports the position
// of a refusal.
func badTrustLevelAt(c *normalize.Client, doc *normalize.Document, pos normalize.Pos) bool {
	if c.Trust == nil || len(c.Trust.Levels) == 0 {
		return false
	}
	return slices.ContainsFunc(badTrustLevels(c, doc), func(v *normalize.Value) bool { return v.Range.Start == pos })
}

func valueText(v *normalize.Value) string {
	switch v.Kind {
	case normalize.String:
		return fmt.Sprintf("%q", v.Str)
	case normalize.Array, normalize.Object:
		return "an " + v.Kind.String()
	}
	return v.Str
}

func quotedOr(vals []string) string {
	q := make([]string, len(vals))
	for i, v := range vals {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) < 2 {
		return strings.Join(q, "")
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}
