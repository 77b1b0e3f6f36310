package discover

import (
	"fmt"
	"slices"

	"github.com/mcpconf/mcpconf/normalize"
)

// ownScope is the value of a definition's own scope field
// (normalize.Layout.EntryScope) where its file keeps it (File.OwnScope),
// with the field's member; "" and nil otherwise.
func ownScope(c *normalize.Client, s *normalize.Server) (string, *normalize.Member) {
	if c.EntryScope == nil || s.Node == nil || s.Node.Kind != normalize.Object {
		return "", nil
	}
	if !s.Source.OwnScope {
		return "", nil
	}
	m := s.Node.Member(c.EntryScope.Key)
	if m == nil || m.Value.Kind != normalize.String {
		return "", nil
	}
	return m.Value.Str, m
}

// liftedOver reports a definition whose own scope field ranks it above
// the Apart file (EntryScope.Over), with the field's member.
func liftedOver(c *normalize.Client, s *normalize.Server) (string, *normalize.Member, bool) {
	v, m := ownScope(c, s)
	if m == nil || !slices.Contains(c.EntryScope.Over, v) {
		return "", nil, false
	}
	return v, m, true
}

// liftOwnScope moves, for each name, the definition of the highest
// settings file (not Apart) that holds it just before the Apart file's
// definition of the name when its own scope field ranks it there
// (EntryScope.Over): Qwen Code's assembleMcpServers puts the merged
// settings' server whose scope is "workspace" or "system" over .mcp.json,
// whichever settings file it came from. defs are in precedence order.
func liftOwnScope(c *normalize.Client, defs []normalize.Server) []normalize.Server {
	if c.EntryScope == nil || len(c.EntryScope.Over) == 0 {
		return defs
	}
	apart := map[string]int{} // name -> index of its first Apart definition
	settings := map[string]int{}
	for i := range defs {
		s := &defs[i]
		if s.Source.Scope == normalize.ExtensionScope || s.Source.Scope == normalize.PluginScope {
			continue
		}
		if s.Source.Apart {
			if _, seen := apart[s.Name]; !seen {
				apart[s.Name] = i
			}
		} else if _, seen := settings[s.Name]; !seen {
			settings[s.Name] = i
		}
	}
	move := map[int]int{} // index of a lifted definition -> the Apart one it goes before
	for name, i := range settings {
		if a, ok := apart[name]; ok && a < i {
			if _, _, lifted := liftedOver(c, &defs[i]); lifted {
				move[i] = a
			}
		}
	}
	if len(move) == 0 {
		return defs
	}
	before := map[int]int{}
	for i, a := range move {
		before[a] = i
	}
	out := make([]normalize.Server, 0, len(defs))
	for i := range defs {
		if _, moved := move[i]; moved {
			continue
		}
		if j, ok := before[i]; ok {
			out = append(out, defs[j])
		}
		out = append(out, defs[i])
	}
	return out
}

// liftedOverApart says why w, lifted by its own scope field
// (EntryScope.Over), wins its name over l of the Apart file; "" when it
// does not.
func liftedOverApart(c *normalize.Client, w, l *normalize.Server) string {
	v, m, ok := liftedOver(c, w)
	if !ok {
		return ""
	}
	if !l.Source.Apart {
		return ""
	}
	return fmt.Sprintf("%q is %q at %s:%s, which ranks it over %s", m.Key, v, w.Source.Path, m.KeyRange.Start, l.Source.Path)
}

// gatedByOwnScope says why a definition of a file whose scope needs no
// approval waits for one: its own scope field
// (StoredApprovals.OwnScopes); "" otherwise.
func gatedByOwnScope(c *normalize.Client, s *normalize.Server) string {
	v, m := ownScope(c, s)
	if m == nil || c.Approvals == nil || slices.Contains(c.Approvals.Scopes, s.Source.Scope) || !slices.Contains(c.Approvals.OwnScopes, v) {
		return ""
	}
	return fmt.Sprintf("%q is %q at %s:%s, so %s asks for approval as for a project server: ", m.Key, v, s.Source.Path, m.KeyRange.Start, c.Product)
}
