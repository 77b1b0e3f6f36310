package normalize

import (
	"fmt"
	"regexp"
	"slices"
	"strings"
	"sync"
)

// SettingsCheck is the check a client makes of a whole settings file
// before it uses any of it (File.Checked): a file that fails it is void,
// every setting in it ignored, its lists and approvals included (Claude
// Code's settings schema, checked by its settings loader, which keeps no
// setting of a file that fails).
type SettingsCheck struct {
	// Keys are the top-level keys whose type the client checks. A key not
	// listed passes: keys the client does not know, and those it reads
	// leniently (a wrong value dropped with a warning, or read as unset).
	Keys []FieldCheck
	// Single are keys of a list of names where a name written alone that
	// matches SinglePattern is read as a list of it before the check.
	Single        []string
	SinglePattern string
	single        struct {
		once sync.Once
		re   *regexp.Regexp
	}
	// Source says where the checks come from, for docs.
	Source string
}

// Problem returns the first key of the file's top level that breaks a
// check, in the file's order, or nil: nil too for a file that is not an
// object (its parse finding says so).
func (sc *SettingsCheck) Problem(root *Value) *FieldProblem {
	if sc == nil || root == nil || root.Kind != Object {
		return nil
	}
	for _, m := range root.Unique() {
		for _, fc := range sc.Keys {
			if fc.Path != m.Key {
				continue
			}
			if v := root.Get(m.Key); v.Kind == String && slices.Contains(sc.Single, m.Key) && sc.singleRE().MatchString(v.Str) {
				continue
			}
			if p := checkPath(root, fc.Path, "", fc); p != nil {
				return p
			}
		}
	}
	return nil
}

// Void says why a client ignores a whole settings file: `"model" is 5,
// not a string: Claude Code ignores every setting of this file`.
func (p *FieldProblem) Void(c *Client) string {
	return fmt.Sprintf("%s: %s ignores every setting of this file", p.String(), c.Product)
}

// oneOf lists allowed values: `"a", "b" or "c"`.
func oneOf(values []string) string {
	q := make([]string, len(values))
	for i, v := range values {
		q[i] = fmt.Sprintf("%q", v)
	}
	if len(q) == 1 {
		return q[0]
	}
	return strings.Join(q[:len(q)-1], ", ") + " or " + q[len(q)-1]
}

// singleRE is SinglePattern compiled, on first use.
func (sc *SettingsCheck) singleRE() *regexp.Regexp {
	sc.single.once.Do(func() { sc.single.re = regexp.MustCompile(sc.SinglePattern) })
	return sc.single.re
}
