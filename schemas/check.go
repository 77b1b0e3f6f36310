package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// A check is a schema read for one question only: is this instance valid?
//
// Compiling a schema with santhosh-tekuri/jsonschema/v6 costs 0.3–0.6 ms
// (it validates the schema against its metaschema, then builds its
// validator), and a typical lint reads the files of five or six clients:
// compiling their schemas was a third of the run above start-up. Nearly
// every file is valid, and a valid file needs no error tree. So a file is
// first checked against its schema read as a check — a few microseconds to
// build, from the schema's JSON alone — and the library compiles the schema
// only when the check finds a file invalid, to say why. The library stays
// the authority: it words every error, and TestCheckAgrees and FuzzCheck
// compare the two verdicts on every example and on generated instances.
//
// A check knows the keywords of draft 2020-12 that assert something about
// an instance and that the schemas use; a schema that uses any other (or a
// $ref other than a local JSON pointer) has no check, and is always
// compiled.
type check struct {
	never bool // the schema false

	types    uint8 // jsonType bits; 0: any
	constVal any
	hasConst bool
	enum     []any

	ref     string // a local JSON pointer, resolved into refNode
	refNode *check

	props         map[string]*check
	additional    *check // nil: any
	propertyNames *check
	required      []string
	minProps      int
	maxProps      int

	items    *check
	minItems int
	maxItems int

	minLength, maxLength int
	pattern              *regexp.Regexp

	minimum, maximum                   *big.Rat
	exclusiveMinimum, exclusiveMaximum *big.Rat

	allOf, anyOf, oneOf []*check
	not                 *check
	ifC, thenC, elseC   *check
}

// The JSON types, as bits of check.types.
const (
	tNull uint8 = 1 << iota
	tBoolean
	tNumber
	tInteger
	tString
	tArray
	tObject
)

var typeBits = map[string]uint8{
	"null": tNull, "boolean": tBoolean, "number": tNumber, "integer": tInteger,
	"string": tString, "array": tArray, "object": tObject,
}

// annotations are the keywords of draft 2020-12 that assert nothing about
// an instance (format is an annotation unless the compiler asserts it,
// which compile does not ask for). Every other keyword of the draft either
// has a field in check or makes the schema uncheckable; a key that is no
// keyword of the draft is ignored, as the library ignores it.
var annotations = map[string]bool{
	"$schema": true, "$id": true, "$defs": true, "$comment": true, "$vocabulary": true,
	"title": true, "description": true, "default": true, "examples": true,
	"deprecated": true, "readOnly": true, "writeOnly": true, "format": true,
	"contentEncoding": true, "contentMediaType": true,
}

var keywords = map[string]bool{
	"type": true, "const": true, "enum": true, "$ref": true,
	"properties": true, "additionalProperties": true, "propertyNames": true,
	"required": true, "minProperties": true, "maxProperties": true,
	"items": true, "minItems": true, "maxItems": true,
	"minLength": true, "maxLength": true, "pattern": true,
	"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true,
	"allOf": true, "anyOf": true, "oneOf": true, "not": true,
	"if": true, "then": true, "else": true,
}

// uncheckable lists the other keywords of draft 2020-12: a schema with one
// is compiled whatever the file.
var uncheckable = map[string]bool{
	"$anchor": true, "$dynamicAnchor": true, "$dynamicRef": true, "$recursiveRef": true, "$recursiveAnchor": true,
	"prefixItems": true, "contains": true, "minContains": true, "maxContains": true, "uniqueItems": true,
	"patternProperties": true, "dependentRequired": true, "dependentSchemas": true, "dependencies": true,
	"unevaluatedItems": true, "unevaluatedProperties": true, "multipleOf": true, "contentSchema": true,
	"additionalItems": true,
}

// errUncheckable says a schema has no check.
type errUncheckable struct{ why string }

func (e errUncheckable) Error() string { return "uncheckable: " + e.why }

// checks caches each schema's check; nil when it has none.
var checks sync.Map // name -> *checkOnce

type checkOnce struct {
	once sync.Once
	c    *check
	err  error
}

// checkOf returns the check of the schema called name, built at first use,
// or nil when the schema has none (the library decides alone).
func checkOf(name string) *check {
	v, _ := checks.LoadOrStore(name, new(checkOnce))
	o := v.(*checkOnce)
	o.once.Do(func() {
		src, ok := Source(name)
		if !ok {
			o.err = fmt.Errorf("schemas: unknown schema %q", name)
			return
		}
		o.c, o.err = buildCheck(src)
	})
	return o.c
}

// buildCheck reads a schema's JSON into its check.
func buildCheck(src []byte) (*check, error) {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return nil, err
	}
	b := &checkBuilder{doc: doc, byPtr: map[string]*check{}}
	root, err := b.build(doc, "")
	if err != nil {
		return nil, err
	}
	for len(b.pending) > 0 {
		c := b.pending[0]
		b.pending = b.pending[1:]
		target, err := b.resolve(c.ref)
		if err != nil {
			return nil, err
		}
		c.refNode = target
	}
	if cycles(root) {
		// the library reports a $ref cycle; a check would not end
		return nil, errUncheckable{"a cycle of subschemas applied to one value"}
	}
	return root, nil
}

// cycles reports whether a chain of subschemas applied to one value
// ($ref, allOf, anyOf, oneOf, not, if, then, else) comes back to where it
// started, anywhere under root.
func cycles(root *check) bool {
	var all []*check
	seen := map[*check]bool{}
	var walk func(c *check)
	walk = func(c *check) {
		if c == nil || seen[c] {
			return
		}
		seen[c] = true
		all = append(all, c)
		for _, s := range c.same() {
			walk(s)
		}
		walk(c.additional)
		walk(c.propertyNames)
		walk(c.items)
		for _, s := range c.props {
			walk(s)
		}
	}
	walk(root)
	state := map[*check]int{} // 1: on the chain, 2: done
	var visit func(c *check) bool
	visit = func(c *check) bool {
		switch state[c] {
		case 1:
			return true
		case 2:
			return false
		}
		state[c] = 1
		for _, s := range c.same() {
			if visit(s) {
				return true
			}
		}
		state[c] = 2
		return false
	}
	for _, c := range all {
		if visit(c) {
			return true
		}
	}
	return false
}

// same lists the subschemas applied to the value c is applied to.
func (c *check) same() []*check {
	var out []*check
	for _, s := range []*check{c.refNode, c.not, c.ifC, c.thenC, c.elseC} {
		if s != nil {
			out = append(out, s)
		}
	}
	out = append(out, c.allOf...)
	out = append(out, c.anyOf...)
	return append(out, c.oneOf...)
}

type checkBuilder struct {
	doc     any
	byPtr   map[string]*check // a schema by its JSON pointer, so a $ref cycle ends
	pending []*check          // checks whose $ref is to resolve
}

func (b *checkBuilder) resolve(ref string) (*check, error) {
	if !strings.HasPrefix(ref, "#") {
		return nil, errUncheckable{"$ref " + ref}
	}
	ptr := ref[1:]
	if c, ok := b.byPtr[ptr]; ok {
		return c, nil
	}
	v := b.doc
	if ptr != "" {
		if !strings.HasPrefix(ptr, "/") {
			return nil, errUncheckable{"$ref " + ref}
		}
		for _, tok := range strings.Split(ptr[1:], "/") {
			tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
			m, ok := v.(map[string]any)
			if !ok {
				return nil, errUncheckable{"$ref " + ref}
			}
			if v, ok = m[tok]; !ok {
				return nil, fmt.Errorf("$ref %s: not found", ref)
			}
		}
	}
	return b.build(v, ptr)
}

func (b *checkBuilder) build(v any, ptr string) (*check, error) {
	if c, ok := b.byPtr[ptr]; ok {
		return c, nil
	}
	c := &check{minProps: -1, maxProps: -1, minItems: -1, maxItems: -1, minLength: -1, maxLength: -1}
	b.byPtr[ptr] = c
	switch s := v.(type) {
	case bool:
		c.never = !s
		return c, nil
	case map[string]any:
		for k, kv := range s {
			if err := b.keyword(c, s, k, kv, ptr); err != nil {
				return nil, err
			}
		}
		return c, nil
	}
	return nil, fmt.Errorf("schema at %q is not an object or a boolean", ptr)
}

func (b *checkBuilder) sub(v any, ptr string) (*check, error) { return b.build(v, ptr) }

func (b *checkBuilder) list(v any, ptr string) ([]*check, error) {
	arr, ok := v.([]any)
	if !ok {
		return nil, fmt.Errorf("%s is not an array", ptr)
	}
	out := make([]*check, len(arr))
	for i, e := range arr {
		c, err := b.sub(e, fmt.Sprintf("%s/%d", ptr, i))
		if err != nil {
			return nil, err
		}
		out[i] = c
	}
	return out, nil
}

func escapeToken(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

func (b *checkBuilder) keyword(c *check, s map[string]any, k string, v any, ptr string) error {
	kp := ptr + "/" + escapeToken(k)
	var err error
	switch {
	case annotations[k]:
		if k == "$id" && ptr != "" {
			return errUncheckable{"$id below the root"}
		}
		return nil
	case uncheckable[k]:
		return errUncheckable{k}
	case !keywords[k]:
		return nil
	}
	switch k {
	case "type":
		switch t := v.(type) {
		case string:
			c.types = typeBits[t]
		case []any:
			for _, e := range t {
				name, _ := e.(string)
				c.types |= typeBits[name]
			}
		}
		if c.types == 0 {
			return fmt.Errorf("%s: bad type", kp)
		}
	case "const":
		c.constVal, c.hasConst = v, true
	case "enum":
		arr, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s is not an array", kp)
		}
		c.enum = arr
	case "$ref":
		c.ref, _ = v.(string)
		b.pending = append(b.pending, c)
	case "properties":
		m, ok := v.(map[string]any)
		if !ok {
			return fmt.Errorf("%s is not an object", kp)
		}
		c.props = make(map[string]*check, len(m))
		for name, ps := range m {
			if c.props[name], err = b.sub(ps, kp+"/"+escapeToken(name)); err != nil {
				return err
			}
		}
	case "additionalProperties":
		c.additional, err = b.sub(v, kp)
	case "propertyNames":
		c.propertyNames, err = b.sub(v, kp)
	case "required":
		arr, ok := v.([]any)
		if !ok {
			return fmt.Errorf("%s is not an array", kp)
		}
		for _, e := range arr {
			name, _ := e.(string)
			c.required = append(c.required, name)
		}
	case "minProperties":
		c.minProps, err = count(v, kp)
	case "maxProperties":
		c.maxProps, err = count(v, kp)
	case "items":
		c.items, err = b.sub(v, kp)
	case "minItems":
		c.minItems, err = count(v, kp)
	case "maxItems":
		c.maxItems, err = count(v, kp)
	case "minLength":
		c.minLength, err = count(v, kp)
	case "maxLength":
		c.maxLength, err = count(v, kp)
	case "pattern":
		p, _ := v.(string)
		c.pattern, err = regexp.Compile(p)
	case "minimum":
		c.minimum, err = rat(v, kp)
	case "maximum":
		c.maximum, err = rat(v, kp)
	case "exclusiveMinimum":
		c.exclusiveMinimum, err = rat(v, kp)
	case "exclusiveMaximum":
		c.exclusiveMaximum, err = rat(v, kp)
	case "allOf":
		c.allOf, err = b.list(v, kp)
	case "anyOf":
		c.anyOf, err = b.list(v, kp)
	case "oneOf":
		c.oneOf, err = b.list(v, kp)
	case "not":
		c.not, err = b.sub(v, kp)
	case "if":
		c.ifC, err = b.sub(v, kp)
	case "then":
		c.thenC, err = b.sub(v, kp)
	case "else":
		c.elseC, err = b.sub(v, kp)
	}
	return err
}

func count(v any, ptr string) (int, error) {
	r, err := rat(v, ptr)
	if err != nil || !r.IsInt() || r.Sign() < 0 || !r.Num().IsInt64() {
		return 0, fmt.Errorf("%s is not a count", ptr)
	}
	return int(r.Num().Int64()), nil
}

func rat(v any, ptr string) (*big.Rat, error) {
	r, ok := ratOf(v)
	if !ok {
		return nil, fmt.Errorf("%s is not a number", ptr)
	}
	return r, nil
}

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

// valid reports whether v satisfies the check. v holds JSON values only
// (isJSON).
func (c *check) valid(v any) bool {
	if c.never {
		return false
	}
	t := typeOf(v)
	if c.types != 0 && c.types&t == 0 {
		if c.types&tInteger == 0 || t != tNumber {
			return false
		}
		if r, ok := ratOf(v); !ok || !r.IsInt() {
			return false
		}
	}
	if c.hasConst && !equal(v, c.constVal) {
		return false
	}
	if c.enum != nil {
		found := false
		for _, e := range c.enum {
			if equal(v, e) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	if c.refNode != nil && !c.refNode.valid(v) {
		return false
	}
	switch x := v.(type) {
	case map[string]any:
		if !c.validObject(x) {
			return false
		}
	case []any:
		if c.minItems >= 0 && len(x) < c.minItems || c.maxItems >= 0 && len(x) > c.maxItems {
			return false
		}
		if c.items != nil {
			for _, e := range x {
				if !c.items.valid(e) {
					return false
				}
			}
		}
	case string:
		if c.minLength >= 0 || c.maxLength >= 0 {
			n := utf8.RuneCountInString(x)
			if c.minLength >= 0 && n < c.minLength || c.maxLength >= 0 && n > c.maxLength {
				return false
			}
		}
		if c.pattern != nil && !c.pattern.MatchString(x) {
			return false
		}
	default:
		if t == tNumber && (c.minimum != nil || c.maximum != nil || c.exclusiveMinimum != nil || c.exclusiveMaximum != nil) {
			r, ok := ratOf(v)
			if !ok {
				return false
			}
			if c.minimum != nil && r.Cmp(c.minimum) < 0 || c.maximum != nil && r.Cmp(c.maximum) > 0 ||
				c.exclusiveMinimum != nil && r.Cmp(c.exclusiveMinimum) <= 0 ||
				c.exclusiveMaximum != nil && r.Cmp(c.exclusiveMaximum) >= 0 {
				return false
			}
		}
	}
	for _, s := range c.allOf {
		if !s.valid(v) {
			return false
		}
	}
	if len(c.anyOf) > 0 {
		any := false
		for _, s := range c.anyOf {
			if s.valid(v) {
				any = true
				break
			}
		}
		if !any {
			return false
		}
	}
	if len(c.oneOf) > 0 {
		n := 0
		for _, s := range c.oneOf {
			if s.valid(v) {
				n++
			}
		}
		if n != 1 {
			return false
		}
	}
	if c.not != nil && c.not.valid(v) {
		return false
	}
	if c.ifC != nil {
		if c.ifC.valid(v) {
			if c.thenC != nil && !c.thenC.valid(v) {
				return false
			}
		} else if c.elseC != nil && !c.elseC.valid(v) {
			return false
		}
	}
	return true
}

func (c *check) validObject(x map[string]any) bool {
	if c.minProps >= 0 && len(x) < c.minProps || c.maxProps >= 0 && len(x) > c.maxProps {
		return false
	}
	for _, r := range c.required {
		if _, ok := x[r]; !ok {
			return false
		}
	}
	for k, e := range x {
		if p, ok := c.props[k]; ok {
			if !p.valid(e) {
				return false
			}
		} else if c.additional != nil && !c.additional.valid(e) {
			return false
		}
		if c.propertyNames != nil && !c.propertyNames.valid(k) {
			return false
		}
	}
	return true
}

// surelyValid reports whether instance (as jsonValue returns it) is valid
// against the schema called name without compiling it: false means
// "compile and see", never "invalid".
func surelyValid(name string, instance any) bool {
	c := checkOf(name)
	return c != nil && isJSON(instance) && c.valid(instance)
}
