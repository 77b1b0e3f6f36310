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
	if len(v.c.BadFiles) > 0 || len(v.c.BadSettings) > 0 {
		g, saying = v.badFile(set)
		if bs, bsSaying, scopes := v.badSetting(set); bs != nil && (g == nil || !slices.Contains(scopes, sourceScope(set, g.Path))) {
			// the setting is checked once the files of its scopes are
			// read, before the others
			g, saying = bs, bsSaying
		}
		if g == nil && v.trust != nil {
			g = v.trust.fatal
		}
	}
	if g == nil {
		g = duplicateExtension(v.c, exts)
	}
	if g == nil {
		g, saying = v.invalidSettings(set)
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
		var why, keeps string
		var pos normalize.Pos
		i := slices.IndexFunc(set.Documents, func(d *normalize.Document) bool { return d.Path == sf.Path })
		switch {
		case sf.Status == normalize.Failed && bf.EmptyOK && (i < 0 || strings.TrimSpace(string(set.Documents[i].Src)) == ""):
			continue // an empty file reads as no settings
		case sf.Status == normalize.Failed && bf.Resets != "" && setAt(v.c, set, bf.StopsIfSet) != "":
			// set elsewhere, the setting makes the client stop on the
			// file instead of resetting it (BadFile.StopsIfSet)
			why = sf.Error
			keeps = fmt.Sprintf("; it overwrites the file with %s only while no %s settings set %s, and %s sets it: the file is left as it is",
				bf.Resets, scopeWords(bf.StopsIfSet.Scopes), strings.Join(bf.StopsIfSet.Path, "."), setAt(v.c, set, bf.StopsIfSet))
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
		consequence := fmt.Sprintf("%s then starts no server at all, from this file or any other (it stops: %q, exit code %d)%s", v.c.Product, bf.Message, bf.ExitCode, keeps)
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

// setAt is where the first of the client's files of at.Scopes that the
// view read sets the setting at at.Path ("PATH:LINE:COL"); "" when none
// does, or at is nil.
func setAt(c *normalize.Client, set *normalize.Set, at *normalize.SettingAt) string {
	if at == nil {
		return ""
	}
	fs := settingsAt(c, set, *at)
	if len(fs) == 0 {
		return ""
	}
	return fmt.Sprintf("%s:%s", fs[0].doc.Path, fs[0].m.KeyRange.Start)
}

type settingFound struct {
	doc *normalize.Document
	m   *normalize.Member
}

// settingsAt are the members at at.Path of the client's own files of
// at.Scopes that the view read, highest precedence first.
func settingsAt(c *normalize.Client, set *normalize.Set, at normalize.SettingAt) []settingFound {
	var out []settingFound
	for _, sf := range set.Sources {
		if sf.Client != c || sf.Status != normalize.Found || sf.Skipped || !slices.Contains(at.Scopes, sf.Scope) {
			continue
		}
		i := slices.IndexFunc(set.Documents, func(d *normalize.Document) bool { return d.Path == sf.Path })
		if i < 0 || set.Documents[i].Root == nil {
			continue
		}
		if m := lookupKey(set.Documents[i].Root, at.Path, ""); m != nil {
			out = append(out, settingFound{set.Documents[i], m})
		}
	}
	return out
}

// badSetting finds a setting the client checks before it starts any
// server and does not accept (normalize.BadSetting): every value it
// rejects gets a refused-config finding, and the first stops the view.
// scopes are the setting's.
func (v *viewer) badSetting(set *normalize.Set) (*normalize.Gate, string, []normalize.Scope) {
	var first *normalize.Gate
	saying := ""
	var scopes []normalize.Scope
	for _, bs := range v.c.BadSettings {
		for _, f := range settingsAt(v.c, set, bs.SettingAt) {
			if bs.OK(f.m.Value) {
				continue
			}
			name := strings.Join(bs.Path, ".")
			at := fmt.Sprintf("%s:%s", f.doc.Path, f.m.KeyRange.Start)
			d := normalize.Diagnostic{Path: f.doc.Path, Pos: f.m.Value.Range.Start, End: f.m.Value.Range.End, Severity: normalize.Error, Rule: normalize.RuleRefusedConfig,
				Message: fmt.Sprintf("%s does not accept this %s (%s): it stops before starting any server (%q, exit code %d), from this file or any other",
					v.c.Product, name, bs.Want, bs.Message, bs.ExitCode),
				Hint: fmt.Sprintf("give %s %s, or remove it", name, bs.Want)}
			set.Diagnostics = append(set.Diagnostics, d)
			if first != nil {
				continue
			}
			saying, scopes = bs.Message, bs.Scopes
			first = &normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: f.doc.Path, Pos: f.m.KeyRange.Start,
				Reason: fmt.Sprintf("%s stops before starting any server: %s at %s is not %s; it says %q and exits with code %d", v.c.Product, name, at, bs.Want, bs.Message, bs.ExitCode),
				Hint:   d.Hint + " at " + at}
		}
	}
	return first, saying, scopes
}

// sourceScope is the scope the view read the file at path in.
func sourceScope(set *normalize.Set, path string) normalize.Scope {
	for _, s := range set.Sources {
		if s.Path == path {
			return s.Scope
		}
	}
	return ""
}

// scopeWords names scopes for a message: "user or system".
func scopeWords(scopes []normalize.Scope) string {
	words := make([]string, len(scopes))
	for i, s := range scopes {
		words[i] = string(s)
	}
	return strings.Join(words, " or ")
}

// invalidSettings: the file of the client's opt-in setting (pisces's
// config.yml) does not decode as a YAML mapping, and the client loads
// nothing (OptIn.Invalid). mcpconf does not read YAML documents, so the
// finding is on the file, its line in the decoder's words.
func (v *viewer) invalidSettings(set *normalize.Set) (*normalize.Gate, string) {
	in := v.o.optedIn(v.c)
	if in == nil || in.invalid == "" || in.setting.Invalid == "" || v.scope == ProjectScopes {
		return nil, ""
	}
	saying := in.setting.Invalid
	set.Diagnostics = append(set.Diagnostics, normalize.Diagnostic{Rule: normalize.RuleSyntax, Severity: normalize.Error, Path: in.path,
		Message: fmt.Sprintf("%s does not parse as YAML (%s): %s loads no MCP server at all, from this file or any other (it says %q)", in.path, in.invalid, v.c.Product, saying),
		Hint:    fmt.Sprintf("fix %s; %s moves a file it cannot parse aside, as %s.broken-…, when it starts", in.path, v.c.Product, in.path)})
	return &normalize.Gate{Status: normalize.StatusRefused, Kind: normalize.ByConfig, Path: in.path,
		Reason: fmt.Sprintf("%s stops before loading any MCP server: %s does not parse as YAML (%s); it says %q", v.c.Product, in.path, in.invalid, saying),
		Hint:   fmt.Sprintf("fix %s", in.path)}, saying
}
