package schemas

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Error is one schema violation.
type Error struct {
	// Pointer is the JSON pointer (RFC 6901) of the offending value, "" for
	// the root. For a missing required property it is the object that lacks
	// it, since the property itself has no position in the file.
	Pointer string
	// Keyword is the schema keyword that failed: "type", "enum", "required", …
	Keyword string
	// Message is lower case, quotes values and has no final period.
	Message string
}

// Violation is an Error with what the schema wanted: the JSON types it
// accepts (Keyword "type") or its allowed values (Keyword "enum" or
// "const": strings as they are, other values in JSON). A client that words
// its own errors renders them (normalize.Refusal.TypeError).
type Violation struct {
	Error
	Want, Allowed []string
}

// leaf is one failing assertion of the validation tree.
type leaf struct {
	loc  []string
	kind jsonschema.ErrorKind
}

// collect flattens the validation tree to its leaves and renders them, sorted
// by pointer then message, without duplicates.
func collect(verr *jsonschema.ValidationError, instance any) []Error {
	vs := collectViolations(verr, instance)
	out := make([]Error, len(vs))
	for i, v := range vs {
		out[i] = v.Error
	}
	return out
}

// collectViolations is collect with what the schema wanted of each value.
func collectViolations(verr *jsonschema.ValidationError, instance any) []Violation {
	var out []Violation
	for _, l := range flatten(verr) {
		out = append(out, render(l, instance)...)
	}
	slices.SortFunc(out, func(a, b Violation) int {
		return cmp.Or(comparePointers(a.Pointer, b.Pointer),
			strings.Compare(a.Message, b.Message),
			strings.Compare(a.Keyword, b.Keyword))
	})
	return slices.CompactFunc(out, func(a, b Violation) bool { return a.Error == b.Error })
}

// flatten returns the leaves under e. Wrappers ($ref, allOf, groups, the root
// schema node) only contribute their causes.
func flatten(e *jsonschema.ValidationError) []leaf {
	switch k := e.ErrorKind.(type) {
	case *kind.AnyOf:
		return pickBranches(e)
	case *kind.OneOf:
		if k.Subschemas == nil { // nil: no branch matched
			return pickBranches(e)
		}
	case *kind.PropertyNames:
		// Its causes describe the name as a string at the object's
		// location; the name itself is the useful part.
		return []leaf{{e.InstanceLocation, k}}
	}
	if len(e.Causes) == 0 {
		return []leaf{{e.InstanceLocation, e.ErrorKind}}
	}
	var out []leaf
	for _, c := range e.Causes {
		out = append(out, flatten(c)...)
	}
	return out
}

// Rejection levels of an anyOf/oneOf branch, from latest to earliest.
const (
	rejectedLate     = iota // the value had the branch's shape; its failures are the real problems
	rejectedByChoice        // a const/enum on the value or a direct property (a discriminator such as "type") failed
	rejectedByType          // the value's own type did not match
)

// pickBranches chooses what to report when no branch of an anyOf/oneOf
// matched. Listing every branch's failures buries the real problem, so only
// the branches that rejected the value latest are reported; when several
// rejected it early, their rejecting leaves are merged into one message
// ("must be a string or an object", "is not one of …").
func pickBranches(e *jsonschema.ValidationError) []leaf {
	depth := len(e.InstanceLocation)
	type branch struct {
		leaves    []leaf
		level     int
		rejecting []leaf
	}
	var branches []branch
	minLevel := rejectedByType
	for _, c := range e.Causes {
		b := branch{leaves: flatten(c)}
		for _, l := range b.leaves {
			lvl := rejectionLevel(l, depth)
			switch {
			case lvl > b.level:
				b.level, b.rejecting = lvl, []leaf{l}
			case lvl == b.level && lvl > rejectedLate:
				b.rejecting = append(b.rejecting, l)
			}
		}
		minLevel = min(minLevel, b.level)
		branches = append(branches, b)
	}
	branches = slices.DeleteFunc(branches, func(b branch) bool { return b.level != minLevel })
	switch {
	case len(branches) == 0:
		return []leaf{{e.InstanceLocation, e.ErrorKind}}
	case len(branches) == 1:
		return branches[0].leaves
	case minLevel > rejectedLate:
		var rejecting []leaf
		for _, b := range branches {
			rejecting = append(rejecting, b.rejecting...)
		}
		return mergeAlternatives(rejecting)
	}
	// Several branches fit the value's shape: prefer the one whose failures
	// are deepest (it matched furthest), then the one with fewest failures.
	score := func(b branch) (deepest, count int) {
		for _, l := range b.leaves {
			deepest = max(deepest, len(l.loc))
		}
		return deepest, len(b.leaves)
	}
	bestDepth, bestCount := score(branches[0])
	for _, b := range branches[1:] {
		d, n := score(b)
		if d > bestDepth || d == bestDepth && n < bestCount {
			bestDepth, bestCount = d, n
		}
	}
	var out []leaf
	for _, b := range branches {
		if d, n := score(b); d == bestDepth && n == bestCount {
			out = append(out, b.leaves...)
		}
	}
	return out
}

func rejectionLevel(l leaf, depth int) int {
	switch l.kind.(type) {
	case *kind.Type:
		if len(l.loc) == depth {
			return rejectedByType
		}
	case *kind.Const, *kind.Enum:
		if len(l.loc) <= depth+1 {
			return rejectedByChoice
		}
	}
	return rejectedLate
}

// mergeAlternatives folds type errors, and const/enum errors, reported at the
// same location by alternative branches into one error listing every
// accepted type or value.
func mergeAlternatives(leaves []leaf) []leaf {
	var out []leaf
	index := map[string]int{} // class + pointer -> position in out
	for _, l := range leaves {
		var class string
		switch l.kind.(type) {
		case *kind.Type:
			class = "type"
		case *kind.Const, *kind.Enum:
			class = "enum"
		default:
			out = append(out, l)
			continue
		}
		key := class + pointer(l.loc)
		i, seen := index[key]
		if !seen {
			index[key] = len(out)
			out = append(out, l)
			continue
		}
		out[i].kind = mergeKinds(out[i].kind, l.kind)
	}
	return out
}

func mergeKinds(a, b jsonschema.ErrorKind) jsonschema.ErrorKind {
	if ta, ok := a.(*kind.Type); ok {
		tb := b.(*kind.Type)
		want := slices.Clone(ta.Want)
		for _, w := range tb.Want {
			if !slices.Contains(want, w) {
				want = append(want, w)
			}
		}
		return &kind.Type{Got: ta.Got, Want: want}
	}
	got, want := enumValues(a)
	_, more := enumValues(b)
	for _, v := range more {
		if !slices.ContainsFunc(want, func(w any) bool { return display(w) == display(v) }) {
			want = append(want, v)
		}
	}
	return &kind.Enum{Got: got, Want: want}
}

func enumValues(k jsonschema.ErrorKind) (got any, want []any) {
	switch k := k.(type) {
	case *kind.Const:
		return k.Got, []any{k.Want}
	case *kind.Enum:
		return k.Got, slices.Clone(k.Want)
	}
	return nil, nil
}

// render turns a leaf into user-facing errors (several for a multi-property
// required or additionalProperties failure).
func render(l leaf, instance any) []Violation {
	ptr := pointer(l.loc)
	subj := subject(l.loc, instance)
	one := func(keyword, format string, args ...any) []Violation {
		return []Violation{{Error: Error{Pointer: ptr, Keyword: keyword, Message: fmt.Sprintf(format, args...)}}}
	}
	switch k := l.kind.(type) {
	case *kind.Type:
		v := one("type", "%s must be %s, got %s", subj, typeList(k.Want), k.Got)
		v[0].Want = slices.Clone(k.Want)
		return v
	case *kind.Enum:
		v := one("enum", "%s", enumMessage(k.Got, k.Want))
		v[0].Allowed = allowed(k.Want)
		return v
	case *kind.Const:
		v := one("const", "%s", enumMessage(k.Got, []any{k.Want}))
		v[0].Allowed = allowed([]any{k.Want})
		return v
	case *kind.Required:
		var out []Violation
		for _, p := range k.Missing {
			out = append(out, Violation{Error: Error{Pointer: ptr, Keyword: "required", Message: fmt.Sprintf("missing required property %q", p)}})
		}
		return out
	case *kind.AdditionalProperties:
		// Point at the property itself: it exists, so it has a position.
		var out []Violation
		for _, p := range k.Properties {
			out = append(out, Violation{Error: Error{
				Pointer: pointer(append(slices.Clone(l.loc), p)),
				Keyword: "additionalProperties",
				Message: fmt.Sprintf("property %q is not allowed", p),
			}})
		}
		return out
	case *kind.PropertyNames:
		return one("propertyNames", "invalid property name %q", k.Property)
	case *kind.Dependency:
		return one("dependencies", "property %q requires %s", k.Prop, normalize.Quoted(k.Missing))
	case *kind.DependentRequired:
		return one("dependentRequired", "property %q requires %s", k.Prop, normalize.Quoted(k.Missing))
	case *kind.MinItems:
		return one("minItems", "%s must have at least %s, got %d", subj, plural(k.Want, "item"), k.Got)
	case *kind.MaxItems:
		return one("maxItems", "%s must have at most %s, got %d", subj, plural(k.Want, "item"), k.Got)
	case *kind.MinProperties:
		return one("minProperties", "%s must have at least %s, got %d", subj, plural(k.Want, "property"), k.Got)
	case *kind.MaxProperties:
		return one("maxProperties", "%s must have at most %s, got %d", subj, plural(k.Want, "property"), k.Got)
	case *kind.MinLength:
		return one("minLength", "%s must be at least %s long, got %d", subj, plural(k.Want, "character"), k.Got)
	case *kind.MaxLength:
		return one("maxLength", "%s must be at most %s long, got %d", subj, plural(k.Want, "character"), k.Got)
	case *kind.Minimum:
		return one("minimum", "%s must be at least %s, got %s", subj, ratString(k.Want), ratString(k.Got))
	case *kind.Maximum:
		return one("maximum", "%s must be at most %s, got %s", subj, ratString(k.Want), ratString(k.Got))
	case *kind.ExclusiveMinimum:
		return one("exclusiveMinimum", "%s must be greater than %s, got %s", subj, ratString(k.Want), ratString(k.Got))
	case *kind.ExclusiveMaximum:
		return one("exclusiveMaximum", "%s must be less than %s, got %s", subj, ratString(k.Want), ratString(k.Got))
	case *kind.MultipleOf:
		return one("multipleOf", "%s must be a multiple of %s, got %s", subj, ratString(k.Want), ratString(k.Got))
	case *kind.Pattern:
		return one("pattern", "value %q does not match pattern %q", k.Got, k.Want)
	case *kind.Format:
		return one("format", "value %s is not a valid %s", display(k.Got), k.Want)
	case *kind.UniqueItems:
		return one("uniqueItems", "%s has equal items at %d and %d", subj, k.Duplicates[0], k.Duplicates[1])
	case *kind.FalseSchema:
		return one("false", "%s is not allowed", subj)
	case *kind.Not:
		return one("not", "%s must not match the \"not\" schema", subj)
	case *kind.OneOf:
		return one("oneOf", "%s matches more than one alternative (%d and %d)", subj, k.Subschemas[0], k.Subschemas[1])
	case *kind.InvalidJsonValue:
		return one("type", "%s is not a JSON value (Go type %T)", subj, k.Value)
	}
	keyword := ""
	if kp := l.kind.KeywordPath(); len(kp) > 0 {
		keyword = kp[0]
	}
	return one(keyword, "%s", sentence(l.kind.LocalizedString(printer)))
}

var printer = message.NewPrinter(language.English)

// sentence adapts a library message to the house style: lower case first
// letter, no final period.
func sentence(s string) string {
	s = strings.TrimSuffix(s, ".")
	if s != "" {
		s = strings.ToLower(s[:1]) + s[1:]
	}
	return s
}

func enumMessage(got any, want []any) string {
	subj := "value " + display(got)
	switch got.(type) {
	case map[string]any, []any:
		subj = "value of type " + display(got)
	}
	vals := make([]string, len(want))
	for i, w := range want {
		vals[i] = display(w)
	}
	if len(vals) == 1 {
		return fmt.Sprintf("%s must be %s", subj, vals[0])
	}
	return fmt.Sprintf("%s is not one of %s", subj, strings.Join(vals, ", "))
}

// allowed lists enum values: strings as they are, others as display
// shows them.
func allowed(want []any) []string {
	out := make([]string, len(want))
	for i, w := range want {
		if s, ok := w.(string); ok {
			out[i] = s
		} else {
			out[i] = display(w)
		}
	}
	return out
}

// display renders a JSON value for a message; strings are quoted.
func display(v any) string {
	switch v := v.(type) {
	case nil:
		return "null"
	case string:
		return strconv.Quote(v)
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number:
		return v.String()
	}
	return fmt.Sprint(v)
}

func typeList(types []string) string {
	named := make([]string, len(types))
	for i, t := range types {
		switch t {
		case "null":
			named[i] = "null"
		case "array", "object", "integer":
			named[i] = "an " + t
		default:
			named[i] = "a " + t
		}
	}
	return orList(named)
}

func orList(items []string) string {
	if len(items) <= 1 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

func plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	if strings.HasSuffix(noun, "y") {
		noun = strings.TrimSuffix(noun, "y") + "ie"
	}
	return strconv.Itoa(n) + " " + noun + "s"
}

func ratString(r *big.Rat) string {
	if r == nil {
		return "?"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	f, _ := r.Float64()
	return strconv.FormatFloat(f, 'g', -1, 64)
}

// subject names the value at loc: `"timeout"` for a property, `item 0 of
// "args"` for an array element, "value" for the root.
func subject(loc []string, root any) string {
	if len(loc) == 0 {
		return "value"
	}
	parent, last := loc[:len(loc)-1], loc[len(loc)-1]
	if _, ok := lookup(root, parent).([]any); ok {
		return "item " + last + " of " + subject(parent, root)
	}
	return strconv.Quote(last)
}

func lookup(v any, loc []string) any {
	for _, tok := range loc {
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

var pointerEscaper = strings.NewReplacer("~", "~0", "/", "~1")

// pointer encodes tokens as an RFC 6901 JSON pointer.
func pointer(tokens []string) string {
	var sb strings.Builder
	for _, t := range tokens {
		sb.WriteByte('/')
		sb.WriteString(pointerEscaper.Replace(t))
	}
	return sb.String()
}

// comparePointers orders pointers token by token, numeric tokens by value, so
// "/args/2" sorts before "/args/10".
func comparePointers(a, b string) int {
	ta, tb := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(ta) && i < len(tb); i++ {
		if ta[i] == tb[i] {
			continue
		}
		na, errA := strconv.Atoi(ta[i])
		nb, errB := strconv.Atoi(tb[i])
		if errA == nil && errB == nil {
			return cmp.Compare(na, nb)
		}
		return strings.Compare(ta[i], tb[i])
	}
	return cmp.Compare(len(ta), len(tb))
}
