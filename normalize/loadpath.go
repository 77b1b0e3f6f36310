package normalize

import (
	"strings"
)

// The clients' loading paths are in loadpath/<client>.json: every
// settings key, environment variable, path and message on a client's way
// from process start to its server list, read from the client's own code,
// each saying what models it in mcpconf or why nothing does.
// docs/clients.md shows them; scripts/clientcheck/loadpath.py measures
// which of them a harness run's trees reach; explain notes a setting on
// the path that mcpconf does not model (Client.UnmodelledSetting).
//
// The binary reads them from loadpath_table.go, which TestLoadPathTable
// writes from the JSON files (go run ./internal/dev/update): Go data the
// linker lays out, so a run parses nothing (parsing a client's file at
// its first use was a tenth of a typical lint).

// PathKind is what an item of a loading path is.
type PathKind string

// The kinds of loading path items.
const (
	PathSetting  PathKind = "setting"  // a key of a settings file
	PathState    PathKind = "state"    // a key of the client's own state file (~/.claude.json)
	PathVariable PathKind = "variable" // an environment variable
	PathFile     PathKind = "path"     // a file or directory the client reads or computes
	PathMessage  PathKind = "message"  // an error or warning the client raises
)

// PathItem is one input or message on a client's loading path.
type PathItem struct {
	Kind PathKind `json:"kind"`
	Name string   `json:"name"`
	// Key is the key a setting or state item is read from, as a file
	// holds it ("env", "projects.<root>.enabledMcpServers"); "" when the
	// item is about values rather than one key.
	Key string `json:"key,omitempty"`
	// Code is where in the client's code: a nearby identifier or string.
	Code string `json:"code"`
	// Model is what models it in mcpconf (a descriptor field, a discover
	// function); "" when mcpconf does not model it, and Why says why.
	Model string `json:"model"`
	// Case is the testdata/clients case or the harness grammar rule
	// (scripts/clientcheck/gen.py) that triggers it; "" for none.
	Case string `json:"case,omitempty"`
	Why  string `json:"why,omitempty"`
	// Fixing: being fixed in issue 28 by another change.
	Fixing bool `json:"fixing,omitempty"`
}

// Modelled reports whether mcpconf models the item.
func (p PathItem) Modelled() bool { return p.Model != "" }

// LoadPath is a client's loading path, as loadpath/<file> records it.
type LoadPath struct {
	Client  string     `json:"client"` // as the clientcheck harness names it
	Version string     `json:"version"`
	About   string     `json:"about"`
	Items   []PathItem `json:"items"`
}

// LoadPath returns the client's loading path (Docs.LoadPathFile), or nil
// when none was read from its code.
func (c *Client) LoadPath() *LoadPath {
	if c.LoadPathFile == "" {
		return nil
	}
	return loadPathTable(c.LoadPathFile)
}

// Unmodelled returns the item of the client's loading path for key, read
// from a file of kind k (PathSetting: a settings file; PathState: the
// client's own state file, a project's entry as "projects.<root>.KEY"),
// when the client reads that key on its way to its servers and mcpconf
// does not model it; ok is false otherwise (a key off the path does not
// change the server list, and one mcpconf models is in the view).
func (c *Client) Unmodelled(k PathKind, key string) (it PathItem, ok bool) {
	lp := c.LoadPath()
	if lp == nil {
		return PathItem{}, false
	}
	for _, it := range lp.Items {
		if it.Kind == k && it.Key == key && !it.Modelled() {
			return it, true
		}
	}
	return PathItem{}, false
}

// PathKeysUnder reports whether an item of kind k on the client's loading
// path has a key under prefix ("mcp." for "mcp.serverCommand"), so that a
// file's object there is worth looking into.
func (c *Client) PathKeysUnder(k PathKind, prefix string) bool {
	lp := c.LoadPath()
	if lp == nil {
		return false
	}
	for _, it := range lp.Items {
		if it.Kind == k && strings.HasPrefix(it.Key, prefix) {
			return true
		}
	}
	return false
}
