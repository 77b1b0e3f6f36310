// Package regexps compiles a regular expression once per process, at its
// first use: the patterns a descriptor or a schema holds as data (a
// list's name pattern, a schema's "pattern") are compiled only by the
// runs that meet them, and each only once.
package regexps

import (
	"regexp"
	"sync"
)

var compiled sync.Map // source -> *regexp.Regexp

// MustCompile is regexp.MustCompile, compiled once per source. The
// sources are mcpconf's own (descriptors, generated tables), which their
// tests compile: a bad one is a bug, and panics as MustCompile does.
func MustCompile(expr string) *regexp.Regexp {
	if re, ok := compiled.Load(expr); ok {
		return re.(*regexp.Regexp)
	}
	re, _ := compiled.LoadOrStore(expr, regexp.MustCompile(expr))
	return re.(*regexp.Regexp)
}
