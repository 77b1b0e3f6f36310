package validate

import (
	"slices"
	"sync/atomic"

	"github.com/mcpconf/mcpconf/normalize"
)

// Config is the linter's own configuration (.mcpconf.toml).
type Config struct {
	Path     string                                  // where it was read from, for messages
	Doc      *normalize.Document                     // the parsed file, for source snippets
	Disable  []normalize.RuleID                      // rule ids turned off
	Enable   []normalize.RuleID                      // rules that are Off by default, turned on
	Severity map[normalize.RuleID]normalize.Severity // rule id -> severity
	Ignore   []*Ignore
	Policy   Policy
	// Clients are the clients lint and explain judge the tree by, as
	// written (ids or aliases); empty means every client whose files exist.
	Clients []string
	// Getenv is the environment lint runs in (for undefined-variable); it is
	// set by the caller, never read from the file.
	Getenv func(string) string
}

// Ignore silences findings in paths matching a glob.
type Ignore struct {
	Paths  []string           // globs against display paths; ** crosses directories
	Rules  []normalize.RuleID // empty: every rule; as written, so a misspelled id matches nothing
	Reason string             // required
	Pos    normalize.Pos
	used   atomic.Bool // set when it silences a finding; sets are linted concurrently
}

// Policy is what the policy rule enforces. Lists hold globs.
type Policy struct {
	AllowNames, DenyNames       []string
	AllowCommands, DenyCommands []string
	AllowURLs, DenyURLs         []string
}

// enabled says whether rule r runs: default-on rules unless disabled,
// default-off rules only when enabled.
func (c *Config) enabled(r *Rule) bool {
	if c == nil {
		return !r.Off
	}
	if contains(c.Disable, r.ID) {
		return false
	}
	return !r.Off || contains(c.Enable, r.ID)
}

// apply changes severities and drops ignored findings.
func (c *Config) apply(diags []normalize.Diagnostic) []normalize.Diagnostic {
	if c == nil {
		return diags
	}
	out := diags[:0]
	for _, d := range diags {
		if sev, ok := c.Severity[d.Rule]; ok {
			d.Severity = sev
		}
		if c.ignored(d) {
			continue
		}
		out = append(out, d)
	}
	return out
}

func (c *Config) ignored(d normalize.Diagnostic) bool {
	for _, ig := range c.Ignore {
		if len(ig.Rules) > 0 && !contains(ig.Rules, d.Rule) {
			continue
		}
		for _, g := range ig.Paths {
			if glob(g, d.Path) {
				ig.used.Store(true)
				return true
			}
		}
	}
	return false
}

// IgnoresFile reports whether an [[ignore]] for every rule matches the
// file at path (a display path): what lint says of that file as a whole
// (a note that it was found but not read) is silenced with its findings.
func (c *Config) IgnoresFile(path string) bool {
	if c == nil {
		return false
	}
	for _, ig := range c.Ignore {
		if len(ig.Rules) > 0 {
			continue
		}
		for _, g := range ig.Paths {
			if glob(g, path) {
				ig.used.Store(true)
				return true
			}
		}
	}
	return false
}

func contains(list []normalize.RuleID, id normalize.RuleID) bool { return slices.Contains(list, id) }
