package discover

import (
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Clients lists the ids of the clients --client accepts (aliases work too).
func Clients() []string { return normalize.ViewIDs() }

// UnknownClientError is returned for a --client name mcpconf does not know.
type UnknownClientError struct{ Client string }

func (e *UnknownClientError) Error() string {
	msg := "unknown client " + quoteStr(e.Client)
	if near := normalize.Closest(e.Client, normalize.ViewNames()); near != "" {
		return msg + "; did you mean " + quoteStr(near) + "?"
	}
	return msg + ": use one of " + strings.Join(Clients(), ", ")
}

func quoteStr(s string) string { return `"` + s + `"` }

// deepMerge replaces each entry defined in several layers by the key-by-key
// merge of its definitions, the way Codex, opencode and agent-code fold
// their config files: objects merge, scalars and arrays replace.
func deepMerge(set *normalize.Set) {
	docs := map[string]*normalize.Document{}
	for _, d := range set.Documents {
		docs[d.Path] = d
	}
	for i := range set.Entries {
		e := &set.Entries[i]
		if len(e.Shadowed) == 0 {
			continue
		}
		layers := []*normalize.Server{&e.Server} // highest first
		kept := []int{-1}                        // layers[i] is e.Shadowed[kept[i]]
		for j := range e.Shadowed {
			if l := &e.Shadowed[j].Server; !droppedAsRead(l) || droppedAsRead(&e.Server) {
				layers = append(layers, l)
				kept = append(kept, j)
			}
		}
		top := layers[0]
		c := top.Source.Client
		paths := map[string]string{}
		var merged *normalize.Value
		overridden := make([][]string, len(layers))
		nodes := make([]*normalize.Value, len(layers)) // each layer's entry as the client reads it
		for j := range layers {
			nodes[j] = c.LayerAsRead(layers[j].Node)
		}
		for j := len(layers) - 1; j >= 0; j-- {
			l, node := layers[j], nodes[j]
			if merged == nil {
				merged = cloneObject(node)
			} else {
				for _, m := range node.Unique() {
					for k := j + 1; k < len(layers); k++ {
						if nodes[k].Member(m.Key) != nil && !(m.Value.Kind == normalize.Object && nodes[k].Get(m.Key).Kind == normalize.Object) {
							overridden[k] = append(overridden[k], m.Key)
						}
					}
				}
				if c.Retype == nil || !slices.Contains(c.Retype.Over, l.Source.Scope) || l.Source.Trusted {
					overlay(merged, node)
				} else {
					// the client's own rule for another type or url
					var dropped []string
					merged, dropped = c.Retype.Merge(merged, node, func(lower, higher *normalize.Value) *normalize.Value {
						o := cloneObject(lower)
						overlay(o, higher)
						return o
					})
					for _, key := range dropped {
						delete(paths, key)
						for k := j + 1; k < len(layers); k++ {
							if nodes[k].Member(key) != nil {
								overridden[k] = append(overridden[k], key)
							}
						}
					}
				}
			}
			for _, m := range node.Unique() {
				paths[m.Key] = l.Source.Path
			}
		}
		s := c.DecodeEntry(docs[top.Source.Path], top.Name, top.Source.Pos, merged, top.Source, paths)
		if top.Off.FromList() {
			s.TurnOff(*top.Off) // a file-level list applies to the name
		}
		e.Server = s
		for i, j := range kept[1:] {
			sh := &e.Shadowed[j]
			sh.Differences = dedupe(overridden[i+1])
			sh.Reason = "lower layer, merged key by key: the fields no higher layer sets still apply"
		}
	}
}

// droppedAsRead reports a definition the client drops as it reads its
// file, before merging (droppedForHeaders): it adds nothing to the
// definitions of its name in other files.
func droppedAsRead(s *normalize.Server) bool {
	return s.Off != nil && s.Off.Yields && s.Off.Unlisted && s.Off.Kind == normalize.ByShape
}

func dedupe(s []string) []string {
	slices.Sort(s)
	return slices.Compact(s)
}

// cloneObject copies an object's member list so that overlaying never
// changes the documents' own trees.
func cloneObject(v *normalize.Value) *normalize.Value {
	c := *v
	c.Members = slices.Clone(v.Unique())
	return &c
}

// overlay merges src into dst (a clone): nested objects merge, anything
// else replaces.
func overlay(dst, src *normalize.Value) {
	for _, m := range src.Unique() {
		i := slices.IndexFunc(dst.Members, func(d *normalize.Member) bool { return d.Key == m.Key })
		switch {
		case i < 0:
			dst.Members = append(dst.Members, m)
		case dst.Members[i].Value.Kind == normalize.Object && m.Value.Kind == normalize.Object:
			inner := cloneObject(dst.Members[i].Value)
			overlay(inner, m.Value)
			inner.Range, inner.Pointer = m.Value.Range, m.Value.Pointer
			dst.Members[i] = &normalize.Member{Key: m.Key, KeyRange: m.KeyRange, Value: inner}
		default:
			dst.Members[i] = m
		}
	}
}
