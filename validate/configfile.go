package validate

import (
	"errors"
	"io/fs"
	"path"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// ConfigFile is the default name of the linter's config at the root.
const ConfigFile = ".mcpconf.toml"

var configKeys = []string{"clients", "disable", "enable", "severity", "ignore", "policy"}
var ignoreKeys = []string{"paths", "rules", "reason"}
var policyKeys = []string{"allow_names", "deny_names", "allow_commands", "deny_commands", "allow_urls", "deny_urls"}

// LoadConfig reads the linter config at abs (shown as display). A missing
// file is not an error when optional; every problem inside the file is a
// lint-config finding with a position, and the rest of the file still
// applies.
func LoadConfig(abs, display string, optional bool) (*Config, []normalize.Diagnostic, error) {
	return LoadConfigOverlay(abs, display, optional, nil)
}

// LoadConfigOverlay is LoadConfig reading the config's text from overlay
// when it holds it (an editor's unsaved buffer: discover.Options.Overlay),
// else from the disk.
func LoadConfigOverlay(abs, display string, optional bool, overlay discover.Overlay) (*Config, []normalize.Diagnostic, error) {
	var doc *normalize.Document
	var diags []normalize.Diagnostic
	var err error
	if src, open := overlayText(overlay, abs); open {
		doc, diags = discover.Parse(abs, display, normalize.TOML, src)
	} else {
		doc, diags, err = discover.ReadFile(abs, display, normalize.TOML)
	}
	if errors.Is(err, fs.ErrNotExist) {
		if optional {
			return nil, nil, nil
		}
		return nil, nil, err
	}
	for i := range diags {
		diags[i].Rule = lintConfigRule.ID
	}
	cfg := &Config{Path: display, Doc: doc}
	if doc == nil || doc.Root == nil {
		return cfg, diags, nil
	}
	c := &configReader{doc: doc, cfg: cfg, diags: diags}
	c.read()
	return cfg, c.diags, nil
}

func overlayText(overlay discover.Overlay, abs string) ([]byte, bool) {
	if overlay == nil {
		return nil, false
	}
	return overlay(abs)
}

type configReader struct {
	doc   *normalize.Document
	cfg   *Config
	diags []normalize.Diagnostic
}

func (c *configReader) report(v *normalize.Value, r normalize.Range, format string, args ...any) *normalize.Diagnostic {
	d := normalize.At(c.doc, r, v.Pointer, lintConfigRule.ID, normalize.Error, format, args...)
	c.diags = append(c.diags, d)
	return &c.diags[len(c.diags)-1]
}

func (c *configReader) unknownKeys(obj *normalize.Value, known []string, where string) {
	for _, m := range obj.Members {
		if slices.Contains(known, m.Key) {
			continue
		}
		d := c.report(m.Value, m.KeyRange, "unknown key %q in %s", m.Key, where)
		if near := normalize.Closest(m.Key, known); near != "" {
			d.Message += "; did you mean " + quoteOne(near) + "?"
		}
	}
}

func quoteOne(s string) string { return normalize.Quoted([]string{s}) }

// ruleList reads an array of rule ids, reporting unknown ones.
func (c *configReader) ruleList(v *normalize.Value, key string) []normalize.RuleID {
	if v == nil {
		return nil
	}
	if v.Kind != normalize.Array {
		c.report(v, v.Range, "%q must be an array of rule ids, got %s", key, v.Kind)
		return nil
	}
	var out []normalize.RuleID
	for _, it := range v.Items {
		if it.Kind != normalize.String {
			c.report(it, it.Range, "rule ids are strings, got %s", it.Kind)
			continue
		}
		if c.rule(it, it.Str) {
			out = append(out, normalize.RuleID(it.Str))
		}
	}
	return out
}

func (c *configReader) rule(v *normalize.Value, id string) bool { return c.ruleAt(v, v.Range, id) }

// ruleAt is rule reporting at r: the key of a [severity] entry is the id.
func (c *configReader) ruleAt(v *normalize.Value, r normalize.Range, id string) bool {
	if Lookup(normalize.RuleID(id)) != nil {
		return true
	}
	d := c.report(v, r, "unknown rule %q", id)
	ids := make([]string, 0, len(Rules()))
	for _, r := range Rules() {
		ids = append(ids, string(r.ID))
	}
	if near := normalize.Closest(id, ids); near != "" {
		d.Message += "; did you mean " + quoteOne(near) + "?"
	} else {
		d.Hint = "run 'mcpconf rules' for the list"
	}
	return false
}

// table reports a section written as a plain value ("policy = [...]"),
// which would otherwise be ignored without a word.
func (c *configReader) table(v *normalize.Value, name string) {
	if v.Kind != normalize.Object {
		d := c.report(v, v.Range, "%q must be a table, got %s: its settings are ignored", name, v.Kind)
		d.Hint = "write [" + name + "] and put the settings under it"
	}
}

func (c *configReader) strings(v *normalize.Value, what string) []string {
	if v == nil {
		return nil
	}
	out, ok := v.Strings()
	if !ok {
		c.report(v, v.Range, "%q must be an array of strings", what)
	}
	return out
}

func (c *configReader) read() {
	root := c.doc.Root
	c.unknownKeys(root, configKeys, ConfigFile)
	c.cfg.Disable = c.ruleList(root.Get("disable"), "disable")
	c.cfg.Enable = c.ruleList(root.Get("enable"), "enable")
	if cl := root.Get("clients"); cl != nil {
		for _, it := range cl.Items {
			if it.Kind != normalize.String {
				continue
			}
			if k := normalize.ClientByID(it.Str); k == nil || !k.Views() {
				d := c.report(it, it.Range, "unknown client %q", it.Str)
				if near := normalize.Closest(it.Str, normalize.ViewNames()); near != "" {
					d.Message += "; did you mean " + quoteOne(near) + "?"
				} else {
					d.Hint = "use one of " + strings.Join(normalize.ViewIDs(), ", ")
				}
				continue
			}
			c.cfg.Clients = append(c.cfg.Clients, it.Str)
		}
		if cl.Kind != normalize.Array {
			c.report(cl, cl.Range, "\"clients\" must be an array of client names")
		}
	}
	if sev := root.Get("severity"); sev != nil {
		c.table(sev, "severity")
		c.cfg.Severity = map[normalize.RuleID]normalize.Severity{}
		for _, m := range sev.Members {
			if !c.ruleAt(m.Value, m.KeyRange, m.Key) {
				continue
			}
			s, err := normalize.ParseSeverity(m.Value.Str)
			if m.Value.Kind != normalize.String || err != nil {
				c.report(m.Value, m.Value.Range, "severity of %q must be \"error\", \"warning\" or \"info\"", m.Key)
				continue
			}
			c.cfg.Severity[normalize.RuleID(m.Key)] = s
		}
	}
	if ig := root.Get("ignore"); ig != nil {
		if ig.Kind != normalize.Array {
			c.report(ig, ig.Range, "\"ignore\" must be an array of tables: write [[ignore]]")
		}
		for _, it := range ig.Items {
			c.ignore(it)
		}
	}
	if pol := root.Get("policy"); pol != nil {
		c.table(pol, "policy")
		c.unknownKeys(pol, policyKeys, "[policy]")
		p := &c.cfg.Policy
		p.AllowNames = c.strings(pol.Get("allow_names"), "allow_names")
		p.DenyNames = c.strings(pol.Get("deny_names"), "deny_names")
		p.AllowCommands = c.strings(pol.Get("allow_commands"), "allow_commands")
		p.DenyCommands = c.strings(pol.Get("deny_commands"), "deny_commands")
		p.AllowURLs = c.strings(pol.Get("allow_urls"), "allow_urls")
		p.DenyURLs = c.strings(pol.Get("deny_urls"), "deny_urls")
	}
}

func (c *configReader) ignore(v *normalize.Value) {
	if v.Kind != normalize.Object {
		c.report(v, v.Range, "each [[ignore]] entry must be a table")
		return
	}
	c.unknownKeys(v, ignoreKeys, "[[ignore]]")
	ig := &Ignore{Pos: v.Range.Start}
	ig.Paths = c.strings(v.Get("paths"), "paths")
	for i, g := range ig.Paths {
		if _, err := path.Match(g, ""); err != nil {
			it := v.Get("paths").Items[i]
			c.report(it, it.Range, "bad glob %q: %v", g, err)
		}
	}
	if len(ig.Paths) == 0 {
		c.report(v, v.Range, "[[ignore]] needs \"paths\": the globs of files it silences")
	}
	if r := v.Get("rules"); r != nil {
		// Keep misspelled ids: they match nothing, whereas dropping them
		// would leave an empty list, which means "every rule".
		for i, id := range c.strings(r, "rules") {
			c.rule(r.Items[i], id)
			ig.Rules = append(ig.Rules, normalize.RuleID(id))
		}
		if len(ig.Rules) == 0 {
			c.report(r, r.Range, "\"rules\" is empty: leave it out to silence every rule, or name the rules")
			ig.Rules = make([]normalize.RuleID, 1) // one empty id, which no finding has: it silences nothing
		}
	}
	if r := v.Get("reason"); r != nil && r.Kind == normalize.String {
		ig.Reason = r.Str
	}
	if ig.Reason == "" {
		d := c.report(v, v.Range, "[[ignore]] has no \"reason\": say why these findings are acceptable")
		d.Hint = `add reason = "…"`
	}
	c.cfg.Ignore = append(c.cfg.Ignore, ig)
}

// UnusedIgnores reports [[ignore]] entries that silenced nothing in the
// last Run: stale exceptions hide the next real problem.
func (c *Config) UnusedIgnores() []normalize.Diagnostic {
	if c == nil {
		return nil
	}
	var out []normalize.Diagnostic
	for _, ig := range c.Ignore {
		if !ig.used.Load() && len(ig.Paths) > 0 {
			out = append(out, normalize.Diagnostic{Rule: lintConfigRule.ID, Severity: normalize.Warning, Path: c.Path, Pos: ig.Pos,
				Message: "this [[ignore]] entry matches no finding; remove it", Hint: "paths are matched against the paths mcpconf prints"})
		}
	}
	return out
}
