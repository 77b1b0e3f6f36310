package discover

import "github.com/mcpconf/mcpconf/normalize"

// Strings returns the strings of the arrays found at path in the files a
// view read (ignored files left out), in file order, each once: a
// client's settings such as Gemini CLI's
// security.environmentVariableRedaction.allowed.
func Strings(set *normalize.Set, path []string) []string {
	ignored := map[string]bool{}
	for _, f := range set.Sources {
		if f.Status == normalize.Ignored {
			ignored[f.Abs] = true
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, d := range set.Documents {
		if d.Root == nil || ignored[d.Abs] {
			continue
		}
		v := d.Root
		for _, k := range path {
			if v = v.Get(k); v == nil {
				break
			}
		}
		if v == nil || v.Kind != normalize.Array {
			continue
		}
		for _, it := range v.Items {
			if it.Kind == normalize.String && !seen[it.Str] {
				seen[it.Str] = true
				out = append(out, it.Str)
			}
		}
	}
	return out
}
