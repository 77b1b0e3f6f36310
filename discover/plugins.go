package discover

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// notePlugins notes each plugin the client's settings enable: its servers
// exist for the client (Claude Code lists them as plugin:PLUGIN:SERVER and
// drops one that repeats another server's command line) but mcpconf does
// not read plugins, so the run says which marketplace's plugins it leaves
// out and where each is enabled rather than answering as if it knew.
func (v *viewer) notePlugins() {
	pl, ap := v.c.Plugins, v.c.Approval
	if pl == nil || ap == nil {
		return
	}
	// The settings are highest first: the first file naming a plugin
	// decides (false in .claude/settings.local.json turns off what the
	// user's settings enable: testdata/clients-pending/claude-plugin-off-dupproject).
	// The project's files count as they do for approvals (the recorded
	// cases are trusted; untrusted is not verified).
	seen, decided := map[string]bool{}, map[string]bool{}
	for _, st := range ap.Settings {
		if st.Trusted && !v.trusted() {
			continue
		}
		if st.File.Section != "" || st.File.Base == normalize.SystemDir && v.scope == ProjectScopes {
			continue
		}
		for _, doc := range v.o.settingDocs(v.c, st.File, v.root) {
			if seen[doc.Abs] || doc.Root == nil {
				continue
			}
			seen[doc.Abs] = true
			ep := doc.Root.Get(pl.Enabled)
			if ep == nil || ep.Kind != normalize.Object {
				continue
			}
			for _, m := range ep.Members {
				if decided[m.Key] {
					continue
				}
				decided[m.Key] = true
				if m.Value.Kind != normalize.Bool || !m.Value.Bool {
					continue
				}
				name, market := m.Key, ""
				if i := strings.LastIndex(m.Key, "@"); i > 0 {
					name, market = m.Key[:i], m.Key[i+1:]
				}
				what := fmt.Sprintf("plugins from %q are", market)
				if market == "" {
					what = fmt.Sprintf("plugin %q is", name)
				}
				v.o.note(fmt.Sprintf("%s not modelled: %q is enabled in %s:%d:%d; %s lists its servers as %q (and drops one that repeats another server's command line), mcpconf shows neither",
					what, m.Key, doc.Path, m.KeyRange.Start.Line, m.KeyRange.Start.Col, v.c.Product, fmt.Sprintf(pl.Name, name)))
			}
		}
	}
}
