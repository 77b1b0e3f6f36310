// Package editors derives, from the client descriptors, what editor
// integrations need to know about the files mcpconf reads: the glob
// patterns of the VS Code extension's document selector
// (editors/vscode/src/files.ts) and its activation events
// (editors/vscode/package.json). TestVSCodeFiles checks both and writes
// them with -update (go run ./internal/dev/update).
package editors

import (
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/validate"
)

// systems are the operating systems whose default paths the patterns
// cover: an editor on any of them opens the files there.
var systems = []string{"linux", "darwin", "windows"}

// Pattern is one glob of the selector, and whether the file is a project
// file (found in a workspace folder).
type Pattern struct {
	Glob   string
	InRoot bool
}

// Patterns are the globs ("**/.codex/config.toml") of every file named
// in a client's descriptor (server files, the files of its gates, lists,
// opt-ins and ignored files, on every system, at their default
// directories), and mcpconf's own config file, sorted and without
// duplicates. A file whose base directory an environment variable moves
// is matched at its default place only; a file read only at the path a
// variable names (OPENCODE_CONFIG) has no pattern.
func Patterns() []Pattern {
	seen := map[string]bool{}
	var out []Pattern
	add := func(glob string, project bool) {
		if !seen[glob] {
			seen[glob] = true
			out = append(out, Pattern{Glob: glob, InRoot: project})
		}
	}
	for _, f := range files() {
		if f.OnlyVar || f.Path == "" {
			continue
		}
		for _, goos := range systems {
			if f.OS != nil && !slices.Contains(f.OS, goos) {
				continue
			}
			dir := defaultDir(f.Base, goos)
			add("**/"+strings.TrimPrefix(dir+"/"+placeholder.ReplaceAllString(f.Path, "*"), "/"), f.Base.ProjectRoot())
		}
	}
	add("**/"+validate.ConfigFile, true)
	slices.SortFunc(out, func(a, b Pattern) int { return strings.Compare(a.Glob, b.Glob) })
	return out
}

// placeholder is a part of a path the client fills in (Codex's
// "<name>.config.toml" profile).
var placeholder = regexp.MustCompile(`<[^>]*>`)

// defaultDir is the directory of base b on goos when no variable moves
// it, relative to the home (or the root it hangs from).
func defaultDir(b *normalize.Base, goos string) string {
	b = b.For(goos)
	if b.Else != nil {
		return defaultDir(b.Else, goos)
	}
	return b.Default
}

// files are every normalize.File reachable from the descriptors: the
// descriptor's sections hold them in many fields (Layout.Files,
// Gates.Trust.File, Lists[].Files, Layout.Ignored[].File, …), and a walk
// finds a field added tomorrow too.
func files() []normalize.File {
	var out []normalize.File
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Struct:
			if f, ok := v.Interface().(normalize.File); ok {
				out = append(out, f)
				return
			}
			for i := range v.NumField() {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Map:
			for _, k := range v.MapKeys() {
				walk(v.MapIndex(k))
			}
		}
	}
	for _, c := range normalize.Clients() {
		walk(reflect.ValueOf(c))
	}
	return out
}
