package validate

import (
	"github.com/mcpconf/mcpconf/normalize"
)

// refusedConfigRule reports the place that makes a client refuse its whole
// configuration (Codex, agent-code), so that none of its servers starts.
var refusedConfigRule = &Rule{
	ID:       normalize.RuleRefusedConfig,
	Title:    "a file makes the client refuse its whole configuration",
	Severity: normalize.Error,
	For:      func(c *normalize.Client) bool { return c.Refuses != nil },
	doc: `Codex reads every layer (` + "`/etc/codex/config.toml`" + `, ` + "`~/.codex/config.toml`" + `, a
profile, each trusted ` + "`.codex/config.toml`" + ` from the project root down) into one
config, and refuses all of it when anything in it is wrong: a file that does not
parse, a server table with neither ` + "`command`" + ` nor ` + "`url`" + `, a field of the other
transport (` + "`args`" + ` on a URL server), a value of the wrong type, a ` + "`trust_level`" + ` it
does not know. ` + "`codex mcp list`" + ` then exits with an error and no server starts —
the user's own servers too, when the mistake is in a project's file (checked
with Codex 0.169.0). opencode refuses likewise over a file that does not parse or
an entry its schema rejects, in any file it loads (no ` + "`type`" + `, a ` + "`type`" + ` other
than ` + "`local`" + ` or ` + "`remote`" + `, a ` + "`command`" + ` that is not an array, a ` + "`timeout`" + ` that is
not a number): "Configuration is invalid", exit 1, no server starts (checked
with opencode 1.18.33, ` + "`testdata/clients/opencode-invalid-*`" + `). Qwen Code stops on a
` + "`tools.executionSandbox`" + ` it does not accept in its user or machine settings
(checked with Qwen Code 0.24.4, ` + "`testdata/clients/qwen-sandbox-invalid`" + `): the finding is at
the value.

agent-code (read in its source at c25b885f, not run) does the same: a file that
does not parse or cannot be read, a ` + "`schema_version`" + ` it does not know, or a value of
the merged layers its typed config rejects (` + "`command = 1`" + `) ends the program with an
error before any server starts; an entry with neither ` + "`command`" + ` nor ` + "`url`" + ` is only
skipped.

This finding is at the first such place, in Codex's own words (` + "`failed to load\nbootstrap configuration: args is not supported for streamable_http in\n`mcp_servers.docs``" + `); ` + "`mcpconf explain --client codex`" + ` shows every server as
refused. The rules that describe the mistake itself (syntax, schema,
field-for-other-transport, legacy-profile, invalid-trust-level) report it
too.`,
	Example: Example{File: ".codex/config.toml", ProjectScope: true,
		Bad:  "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\nargs = [\"--verbose\"]\n",
		Good: "[mcp_servers.docs]\nurl = \"https://mcp.example.com/mcp\"\n"},
	Check: checkRefusedConfig,
}

func checkRefusedConfig(p *Pass) {
	g := p.Set.Refused
	c := p.Set.Client
	if g == nil || g.Path == "" || !g.Pos.IsValid() || c == nil || c.Refuses == nil {
		return // a file that cannot be read at all: unreadable says so; a client that stops on a bad file (Gemini CLI): the file's own finding says so
	}
	doc := p.Document(g.Path)
	if doc == nil || legacyProfileAt(p, c, g.Path, g.Pos) || badTrustLevelAt(c, doc, g.Pos) || nestedServersAt(c, doc, g.Pos) {
		return // said by the rule about that key
	}
	d := p.Report(doc, normalize.Range{Start: g.Pos, End: g.Pos}, "", "%s refuses its whole config because of this (%s): %s",
		c.Product, p.Set.RefusedSaying, noneStarts(p.Set, g.Path))
	d.Hint = g.Hint
}

// noneStarts says which servers a refused config stops: when the file is
// the project's, the user's own too.
func noneStarts(set *normalize.Set, path string) string {
	if scopeOf(set, path) == normalize.Project {
		return "none of its servers starts, the user's own included"
	}
	return "none of its servers starts"
}

// scopeOf is the scope a view read a file in.
func scopeOf(set *normalize.Set, path string) normalize.Scope {
	for _, s := range set.Sources {
		if s.Path == path {
			return s.Scope
		}
	}
	return ""
}

// nestedServersAt reports a refusal at the servers nested one level too
// deep ("mcp": {"servers": {...}}), which missing-servers-key reports with
// the consequence.
func nestedServersAt(c *normalize.Client, doc *normalize.Document, pos normalize.Pos) bool {
	if doc.Root == nil {
		return false
	}
	v := doc.Root.Get(c.ServersKey).Get("servers")
	return v != nil && v.Range.Start == pos
}
