package schemas

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"go/format"
	"math/big"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

var updateChecks = flag.Bool("update", false, "rewrite check_table.go from the schemas")

// check is a schema's check as built from its JSON, before it is laid out
// as checkNodes (layOut).
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
	pattern              string

	minimum, maximum                   string
	exclusiveMinimum, exclusiveMaximum string

	allOf, anyOf, oneOf []*check
	not                 *check
	ifC, thenC, elseC   *check
}

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
		c.pattern, _ = v.(string)
		_, err = regexp.Compile(c.pattern)
	case "minimum":
		c.minimum, err = number(v, kp)
	case "maximum":
		c.maximum, err = number(v, kp)
	case "exclusiveMinimum":
		c.exclusiveMinimum, err = number(v, kp)
	case "exclusiveMaximum":
		c.exclusiveMaximum, err = number(v, kp)
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

// number is a bound as the table holds it: the JSON number's text.
func number(v any, ptr string) (string, error) {
	if _, err := rat(v, ptr); err != nil {
		return "", err
	}
	return fmt.Sprint(v), nil
}

// layOut lays a check out as the table holds it: its nodes in the order
// a walk from the root meets them, the root first.
func layOut(root *check) []checkNode {
	index := map[*check]int32{}
	var order []*check
	var add func(c *check) int32
	add = func(c *check) int32 {
		if c == nil {
			return -1
		}
		if i, ok := index[c]; ok {
			return i
		}
		index[c] = int32(len(order))
		order = append(order, c)
		return index[c]
	}
	add(root)
	var out []checkNode
	list := func(cs []*check) []int32 {
		var is []int32
		for _, c := range cs {
			is = append(is, add(c))
		}
		return is
	}
	for i := 0; i < len(order); i++ {
		c := order[i]
		n := checkNode{never: c.never, types: c.types, hasConst: c.hasConst, constVal: c.constVal, enum: c.enum,
			ref: add(c.refNode), additional: add(c.additional), propertyNames: add(c.propertyNames), required: c.required,
			minProps: int32(c.minProps), maxProps: int32(c.maxProps), items: add(c.items),
			minItems: int32(c.minItems), maxItems: int32(c.maxItems), minLength: int32(c.minLength), maxLength: int32(c.maxLength),
			pattern: c.pattern, minimum: c.minimum, maximum: c.maximum, exclusiveMinimum: c.exclusiveMinimum, exclusiveMaximum: c.exclusiveMaximum,
			allOf: list(c.allOf), anyOf: list(c.anyOf), oneOf: list(c.oneOf),
			not: add(c.not), ifC: add(c.ifC), thenC: add(c.thenC), elseC: add(c.elseC)}
		names := make([]string, 0, len(c.props))
		for name := range c.props {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			n.props = append(n.props, checkProp{name, add(c.props[name])})
		}
		out = append(out, n)
	}
	return out
}

// checkTableSource is check_table.go: every schema's check, or none.
func checkTableSource(t *testing.T) []byte {
	var b strings.Builder
	b.WriteString("// Code generated by TestCheckTable from the schemas; DO NOT EDIT.\n\npackage schemas\n\n")
	b.WriteString("// checkTable returns the check of the schema called name (see checkNode),\n// or nil when it has none.\n")
	b.WriteString("func checkTable(name string) []checkNode {\n\tswitch name {\n")
	var vars strings.Builder
	for _, name := range schemaNames() {
		src, _ := Source(name)
		root, err := buildCheck(src)
		if err != nil {
			t.Logf("schema %q has no check: %v", name, err)
			continue
		}
		v := "check" + strings.ReplaceAll(strings.Title(strings.ReplaceAll(name, "-", " ")), " ", "")
		fmt.Fprintf(&b, "\tcase %q:\n\t\treturn %s\n", name, v)
		fmt.Fprintf(&vars, "\nvar %s = []checkNode{\n", v)
		for i, n := range layOut(root) {
			fmt.Fprintf(&vars, "\t/* %d */ {%s},\n", i, nodeFields(n))
		}
		vars.WriteString("}\n")
	}
	b.WriteString("\t}\n\treturn nil\n}\n")
	b.WriteString(vars.String())
	out, err := format.Source([]byte(b.String()))
	if err != nil {
		t.Fatalf("check_table.go: %v", err)
	}
	return out
}

// nodeFields writes a node's fields that are not their zero value, with
// -1 for every absent index and bound.
func nodeFields(n checkNode) string {
	var f []string
	add := func(name, v string) { f = append(f, name+": "+v) }
	if n.never {
		add("never", "true")
	}
	if n.types != 0 {
		add("types", strconv.Itoa(int(n.types)))
	}
	if n.hasConst {
		add("hasConst", "true")
		add("constVal", goValue(n.constVal))
	}
	if n.enum != nil {
		vs := make([]string, len(n.enum))
		for i, e := range n.enum {
			vs[i] = goValue(e)
		}
		add("enum", "[]any{"+strings.Join(vs, ", ")+"}")
	}
	for _, x := range []struct {
		name string
		v    int32
	}{{"ref", n.ref}, {"additional", n.additional}, {"propertyNames", n.propertyNames}, {"minProps", n.minProps},
		{"maxProps", n.maxProps}, {"items", n.items}, {"minItems", n.minItems}, {"maxItems", n.maxItems},
		{"minLength", n.minLength}, {"maxLength", n.maxLength}, {"not", n.not}, {"ifC", n.ifC}, {"thenC", n.thenC}, {"elseC", n.elseC}} {
		add(x.name, strconv.Itoa(int(x.v)))
	}
	if len(n.props) > 0 {
		ps := make([]string, len(n.props))
		for i, p := range n.props {
			ps[i] = fmt.Sprintf("{%q, %d}", p.name, p.node)
		}
		add("props", "[]checkProp{"+strings.Join(ps, ", ")+"}")
	}
	if len(n.required) > 0 {
		add("required", fmt.Sprintf("%#v", n.required))
	}
	for _, x := range []struct{ name, v string }{{"pattern", n.pattern}, {"minimum", n.minimum}, {"maximum", n.maximum},
		{"exclusiveMinimum", n.exclusiveMinimum}, {"exclusiveMaximum", n.exclusiveMaximum}} {
		if x.v != "" {
			add(x.name, strconv.Quote(x.v))
		}
	}
	for _, x := range []struct {
		name string
		v    []int32
	}{{"allOf", n.allOf}, {"anyOf", n.anyOf}, {"oneOf", n.oneOf}} {
		if len(x.v) > 0 {
			add(x.name, fmt.Sprintf("%#v", x.v))
		}
	}
	return strings.Join(f, ", ")
}

// goValue writes a JSON value (as jsonschema.UnmarshalJSON decodes it) as
// a Go expression.
func goValue(v any) string {
	switch x := v.(type) {
	case nil:
		return "nil"
	case bool, string:
		return fmt.Sprintf("%#v", x)
	case json.Number:
		return fmt.Sprintf("json.Number(%q)", x)
	case []any:
		vs := make([]string, len(x))
		for i, e := range x {
			vs[i] = goValue(e)
		}
		return "[]any{" + strings.Join(vs, ", ") + "}"
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		vs := make([]string, len(keys))
		for i, k := range keys {
			vs[i] = fmt.Sprintf("%q: %s", k, goValue(x[k]))
		}
		return "map[string]any{" + strings.Join(vs, ", ") + "}"
	}
	panic(fmt.Sprintf("goValue: %T", v))
}

// TestCheckTable checks that check_table.go holds the checks the schemas
// make; -update rewrites it.
func TestCheckTable(t *testing.T) {
	want := checkTableSource(t)
	got, _ := os.ReadFile("check_table.go")
	if bytes.Equal(got, want) {
		return
	}
	if *updateChecks {
		if err := os.WriteFile("check_table.go", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Error("check_table.go is not what the schemas say: run go run ./internal/dev/update")
}
