package schemas

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/internal/regexps"
)

// A check is a schema read for one question only: is this instance valid?
//
// Compiling a schema with santhosh-tekuri/jsonschema/v6 costs 0.3–0.6 ms
// (it validates the schema against its metaschema, then builds its
// validator), and a typical lint reads the files of five or six clients:
// compiling their schemas was a third of the run above start-up. Nearly
// every file is valid, and a valid file needs no error tree. So a file is
// first checked against its schema read as a check, and the library
// compiles the schema only when the check finds a file invalid, to say
// why. The library stays the authority: it words every error, and
// TestCheckAgrees and FuzzCheck compare the two verdicts on every example
// and on generated instances.
//
// The checks are Go data (check_table.go), written from the schemas by
// TestCheckTable (go run ./internal/dev/update), so a run builds nothing:
// reading a schema's JSON into its check was a tenth of a typical lint
// once compiling was gone. A check knows the keywords of draft 2020-12
// that assert something about an instance and that the schemas use; a
// schema that uses any other (or a $ref other than a local JSON pointer)
// has no check, and is always compiled.
//
// A check is a list of nodes, the first the schema's root; a node refers
// to others by index (-1: none). check_build_test.go reads a schema into
// one (buildCheck, layOut).
type checkNode struct {
	never bool  // the schema false
	types uint8 // jsonType bits; 0: any

	hasConst bool
	constVal any
	enum     []any

	ref int32 // a local $ref, resolved

	props         []checkProp // sorted by name
	additional    int32       // -1: any
	propertyNames int32
	required      []string
	minProps      int32 // -1: none, as every bound below
	maxProps      int32

	items              int32
	minItems, maxItems int32

	minLength, maxLength int32
	pattern              string // "": none

	// bounds as JSON numbers; "": none
	minimum, maximum, exclusiveMinimum, exclusiveMaximum string

	allOf, anyOf, oneOf    []int32
	not, ifC, thenC, elseC int32
}

type checkProp struct {
	name string
	node int32
}

// The JSON types, as bits of checkNode.types.
const (
	tNull uint8 = 1 << iota
	tBoolean
	tNumber
	tInteger
	tString
	tArray
	tObject
)

// ratOf reads a JSON number as the library does (its text, as a big.Rat).
func ratOf(v any) (*big.Rat, bool) {
	switch v.(type) {
	case json.Number, float32, float64, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return new(big.Rat).SetString(fmt.Sprint(v))
	}
	return nil, false
}

// typeOf is the library's JSON type of a value; 0 for a value that is not
// JSON (the library reports it, so the check cannot decide).
func typeOf(v any) uint8 {
	switch v := v.(type) {
	case nil:
		return tNull
	case bool:
		return tBoolean
	case float64:
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0
		}
		return tNumber
	case float32:
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return 0
		}
		return tNumber
	case json.Number, int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return tNumber
	case string:
		return tString
	case []any:
		return tArray
	case map[string]any:
		return tObject
	}
	return 0
}

// isJSON reports whether every value in v is one the library validates
// (anything else is an error of its own, whatever the schema says).
func isJSON(v any) bool {
	switch x := v.(type) {
	case map[string]any:
		for _, e := range x {
			if !isJSON(e) {
				return false
			}
		}
		return true
	case []any:
		for _, e := range x {
			if !isJSON(e) {
				return false
			}
		}
		return true
	}
	return typeOf(v) != 0
}

// equal is JSON equality as the library has it: numbers by value.
func equal(a, b any) bool {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for k, xv := range x {
			yv, ok := y[k]
			if !ok || !equal(xv, yv) {
				return false
			}
		}
		return true
	case []any:
		y, ok := b.([]any)
		if !ok || len(x) != len(y) {
			return false
		}
		for i := range x {
			if !equal(x[i], y[i]) {
				return false
			}
		}
		return true
	case nil:
		return b == nil
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	case string:
		y, ok := b.(string)
		return ok && x == y
	}
	ra, ok1 := ratOf(a)
	rb, ok2 := ratOf(b)
	return ok1 && ok2 && ra.Cmp(rb) == 0
}

// bound reads a bound the table holds as a JSON number.
func bound(s string) *big.Rat {
	r, ok := new(big.Rat).SetString(s)
	if !ok {
		panic(fmt.Sprintf("schemas: check bound %q", s)) // written by TestCheckTable
	}
	return r
}

// valid reports whether v satisfies node i of the check. v holds JSON
// values only (isJSON).
func valid(c []checkNode, i int32, v any) bool {
	n := &c[i]
	if n.never {
		return false
	}
	t := typeOf(v)
	if n.types != 0 && n.types&t == 0 {
		if n.types&tInteger == 0 || t != tNumber {
			return false
		}
		if r, ok := ratOf(v); !ok || !r.IsInt() {
			return false
		}
	}
	if n.hasConst && !equal(v, n.constVal) {
		return false
	}
	if n.enum != nil {
		found := false
		for _, e := range n.enum {
			if equal(v, e) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if n.ref >= 0 && !valid(c, n.ref, v) {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		if !validObject(c, n, x) {
			return false
		}
	case []any:
		if n.minItems >= 0 && len(x) < int(n.minItems) || n.maxItems >= 0 && len(x) > int(n.maxItems) {
			return false
		}
		if n.items >= 0 {
			for _, e := range x {
				if !valid(c, n.items, e) {
					return false
				}
			}
		}
	case string:
		if n.minLength >= 0 || n.maxLength >= 0 {
			l := utf8.RuneCountInString(x)
			if n.minLength >= 0 && l < int(n.minLength) || n.maxLength >= 0 && l > int(n.maxLength) {
				return false
			}
		}
		if n.pattern != "" && !regexps.MustCompile(n.pattern).MatchString(x) {
			return false
		}
	default:
		if t == tNumber && (n.minimum != "" || n.maximum != "" || n.exclusiveMinimum != "" || n.exclusiveMaximum != "") {
			r, ok := ratOf(v)
			if !ok {
				return false
			}
			if n.minimum != "" && r.Cmp(bound(n.minimum)) < 0 || n.maximum != "" && r.Cmp(bound(n.maximum)) > 0 ||
				n.exclusiveMinimum != "" && r.Cmp(bound(n.exclusiveMinimum)) <= 0 ||
				n.exclusiveMaximum != "" && r.Cmp(bound(n.exclusiveMaximum)) >= 0 {
				return false
			}
		}
	}
	for _, s := range n.allOf {
		if !valid(c, s, v) {
			return false
		}
	}
	if len(n.anyOf) > 0 {
		matched := false
		for _, s := range n.anyOf {
			if valid(c, s, v) {
				matched = true
				break
			}
		}
		if !matched {
			return false
		}
	}
	if len(n.oneOf) > 0 {
		k := 0
		for _, s := range n.oneOf {
			if valid(c, s, v) {
				k++
			}
		}
		if k != 1 {
			return false
		}
	}
	if n.not >= 0 && valid(c, n.not, v) {
		return false
	}
	if n.ifC >= 0 {
		if valid(c, n.ifC, v) {
			if n.thenC >= 0 && !valid(c, n.thenC, v) {
				return false
			}
		} else if n.elseC >= 0 && !valid(c, n.elseC, v) {
			return false
		}
	}
	return true
}

func validObject(c []checkNode, n *checkNode, x map[string]any) bool {
	if n.minProps >= 0 && len(x) < int(n.minProps) || n.maxProps >= 0 && len(x) > int(n.maxProps) {
		return false
	}
	for _, r := range n.required {
		if _, ok := x[r]; !ok {
			return false
		}
	}
	for k, e := range x {
		if p, ok := prop(n.props, k); ok {
			if !valid(c, p, e) {
				return false
			}
		} else if n.additional >= 0 && !valid(c, n.additional, e) {
			return false
		}
		if n.propertyNames >= 0 && !valid(c, n.propertyNames, k) {
			return false
		}
	}
	return true
}

// prop finds a property's node in a sorted list.
func prop(props []checkProp, name string) (int32, bool) {
	lo, hi := 0, len(props)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case props[m].name == name:
			return props[m].node, true
		case props[m].name < name:
			lo = m + 1
		default:
			hi = m
		}
	}
	return -1, false
}

// surelyValid reports whether instance (as jsonValue returns it) is valid
// against the schema called name without compiling it: false means
// "compile and see", never "invalid".
func surelyValid(name string, instance any) bool {
	c := checkTable(name)
	return c != nil && isJSON(instance) && valid(c, 0, instance)
}
