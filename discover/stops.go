package discover

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// stops applies what makes a client stop at start, before it starts any
// server, in the order it finds it (Gemini CLI: a settings file it cannot
// use, then its trust file, then two extensions of one name): every
// server of the view is refused, whatever else would stop it. (Codex's
// refusal of its merged config is refuse.)
func (v *viewer) stops(set *normalize.Set, exts []extensionInfo) {
	var g *normalize.Gate
	saying := ""
	if len(v.c.BadFiles) > 0 {
		g, saying = v.badFile(set)
		if g == nil && v.trust != nil {
			g = v.trust.fatal
		}
	}
	if g == nil {
		g = duplicateExtension(v.c, exts)
	}
	if g == nil || set.Refused != nil {
		return
	}
	set.Refused, set.RefusedSaying = g, saying
	for i := range set.Entries {
		set.Entries[i].Server.TurnOff(*g)
	}
}

// badFile finds the first settings file of the view that the client
// cannot use (it does not parse, or does not hold an object): the client
// stops at start. Its findings say so.
func (v *viewer) badFile(set *normalize.Set) (*normalize.Gate, string) {
	var first *normalize.Gate
	saying := ""
	for _, sf := range set.Sources {
		if sf.Client != v.c || sf.Scope == normalize.ExtensionScope || sf.Skipped {
			continue
		}
		bf := v.c.BadFileFor(sf.Path, sf.Scope)
		if bf == nil {
			continue
		}
		var why string
		var pos normalize.Pos
		i := slices.IndexFunc(set.Documents, func(d *normalize.Document) bool { return d.Path == sf.Path })
		switch {
		case sf.Status == normalize.Failed && bf.EmptyOK && (i < 0 || strings.TrimSpace(string(set.Documents[i].Src)) == ""):
			continue // an empty file reads as no settings
		case sf.Status == normalize.Failed && bf.Resets != "":
			// the client does not stop: it overwrites the file and goes
			// on without its settings (BadFile.Resets)
			for i := range set.Diagnostics {
				d := &set.Diagnostics[i]
				if d.Path == sf.Path && d.Severity == normalize.Error && (d.Rule == normalize.RuleSyntax || d.Rule == normalize.RuleUnreadable) {
					d.Message += fmt.Sprintf("; %s overwrites this file with %s when it starts, keeping it as %s, and reads none of its settings",
						v.c.Product, bf.Resets, sf.Path+bf.ResetSuffix)
					d.Hint = fmt.Sprintf("fix the file before you run %s, or restore it from %s afterwards", v.c.Product, sf.Path+bf.ResetSuffix)
				}
			}
			continue
		case sf.Status == normalize.Failed:
			why = sf.Error
		case sf.Status == normalize.Found && bf.NullStops:
			if i < 0 || set.Documents[i].Root == nil || set.Documents[i].Root.Kind != normalize.Null {
				continue
			}
			why = "the file holds null"
		case sf.Status == normalize.Found && !bf.SyntaxOnly && i >= 0 && set.Documents[i].Root != nil && set.Documents[i].Root.Kind != normalize.Object:
			why = "the file does not hold a JSON object"
		case sf.Status == normalize.Found && bf.ServersKeyStops && i >= 0 && set.Documents[i].Root != nil:
			m := set.Documents[i].Root.Member(v.c.ServersKey)
			switch {
			case m == nil:
				why = fmt.Sprintf("the file has no %q", v.c.ServersKey)
			case m.Value.Kind != normalize.Object:
				why = fmt.Sprintf("%q is %s, not an object", v.c.ServersKey, kindWord(m.Value.Kind))
			default:
				continue
			}
		default:
			continue
		}
		consequence := fmt.Sprintf("%s then starts no server at all, from this file or any other (it stops: %q, exit code %d)", v.c.Product, bf.Message, bf.ExitCode)
		if bf.ExitCode == 0 {
			consequence = fmt.Sprintf("%s then starts no MCP server at all, from this file or any other (%s)", v.c.Product, bf.Message)
		}
		for i := range set.Diagnostics {
			d := &set.Diagnostics[i]
			if d.Path == sf.Path && d.Severity == normalize.Error && (d.Rule == normalize.RuleSyntax || d.Rule == normalize.RuleUnreadable || d.Rule == normalize.RuleSchema && d.Pointer == "") {
				if pos == (normalize.Pos{}) {
					pos, why = d.Pos, d.Message
				}
				d.Message += "; " + consequence
			}
		}
		if first != nil {
			continue
		}
		at := sf.Path
		if pos.IsValid() {
			at = fmt.Sprintf("%s:%s", sf.Path, pos)
		}
		saying = bf.Message
		reason := fmt.Sprintf("%s stops before starting any server: %s cannot be used (%s); it says %q and exits with code %d", v.c.Product, at, why, bf.Message, bf.ExitCode)
		if bf.ExitCode == 0 {
			reason = fmt.Sprintf("%s starts no MCP server: %s cannot be used (%s); %s", v.c.Product, at, why, bf.Message)
		}
		first = &normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: sf.Path, Pos: pos,
			Reason: reason,
			Hint:   fmt.Sprintf("fix %s (mcpconf lint shows the problem)", at)}
	}
	return first, saying
}
