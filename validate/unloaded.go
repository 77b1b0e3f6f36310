package validate

import (
	"iter"

	"github.com/mcpconf/mcpconf/discover"
	"github.com/mcpconf/mcpconf/normalize"
)

// The entries no client of a view loads (discover.FindUnloaded): the value
// rules (secrets, placeholders, templates, paths) check them too, since
// what they hold is in the file all the same.

// unloaded finds the entries no client of the view loads, in file order,
// once per view and run.
func (p *Pass) unloaded() []discover.Unloaded {
	if p.run == nil {
		return discover.FindUnloaded(p.Set)
	}
	p.run.mu.Lock()
	out, ok := p.run.unloaded[p.Set]
	p.run.mu.Unlock()
	if ok {
		return out
	}
	out = discover.FindUnloaded(p.Set)
	p.run.mu.Lock()
	if p.run.unloaded == nil {
		p.run.unloaded = map[*normalize.Set][]discover.Unloaded{}
	}
	p.run.unloaded[p.Set] = out
	p.run.mu.Unlock()
	return out
}

// valueServers iterates over the definitions the value rules look at:
// every server read, and every entry the client does not load, with the
// descriptor of the client whose shape it is written in. A servers key
// nested inside the client's own is read as a server by the client; its
// entries are checked instead.
func (p *Pass) valueServers() iter.Seq2[*normalize.Server, *normalize.Client] {
	return func(yield func(*normalize.Server, *normalize.Client) bool) {
		un := p.unloaded()
		nested := map[*normalize.Value]bool{}
		for _, u := range un {
			if u.Where == discover.NestedTooDeep {
				nested[u.Container.Value] = true
			}
		}
		for s, c := range p.Servers() {
			if nested[s.Node] {
				continue
			}
			if !yield(s, c) {
				return
			}
		}
		for i := range un {
			if !yield(&un[i].Server, un[i].Client) {
				return
			}
		}
	}
}
