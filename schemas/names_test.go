package schemas

import (
	"io/fs"
	"sort"
	"strings"
)

// schemaNames returns the names of the embedded schemas, sorted, without ".json".
func schemaNames() []string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return nil // cannot happen with an embed.FS root
	}
	var names []string
	for _, e := range entries {
		if name, ok := strings.CutSuffix(e.Name(), ".json"); ok {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	return names
}
