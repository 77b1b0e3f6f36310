package normalize

import (
	"slices"
	"strconv"
	"strings"
	"unicode/utf16"
)

// JSValue is a JSON value as JavaScript holds it after JSON.parse: an
// object keeps each key once (the last of duplicates wins its value, the
// first its place), numbers are doubles. Clients that hash or compare a
// definition in JavaScript (Qwen Code's approvals) see this, not the text.
type JSValue struct {
	Kind  Kind
	Bool  bool
	Num   float64
	Str   string
	Items []*JSValue
	Keys  []string // Object: own keys, in insertion order
	Props map[string]*JSValue
}

// JSOf is v as JSON.parse makes it; expand, when not nil, replaces each
// string value (not the keys).
func JSOf(v *Value, expand func(string) string) *JSValue {
	if v == nil {
		return nil
	}
	out := &JSValue{Kind: v.Kind, Bool: v.Bool, Num: v.Num, Str: v.Str}
	switch v.Kind {
	case String:
		if expand != nil {
			out.Str = expand(v.Str)
		}
	case Array:
		for _, it := range v.Items {
			out.Items = append(out.Items, JSOf(it, expand))
		}
	case Object:
		out.Props = map[string]*JSValue{}
		for _, m := range v.Members {
			if _, dup := out.Props[m.Key]; !dup {
				out.Keys = append(out.Keys, m.Key)
			}
			out.Props[m.Key] = JSOf(m.Value, expand)
		}
	}
	return out
}

// Get is the value of an object's own key, or nil.
func (j *JSValue) Get(key string) *JSValue {
	if j == nil || j.Kind != Object {
		return nil
	}
	return j.Props[key]
}

// Truthy is JavaScript's truthiness of the value (nil: undefined).
func (j *JSValue) Truthy() bool {
	if j == nil {
		return false
	}
	switch j.Kind {
	case Bool:
		return j.Bool
	case Number:
		return j.Num != 0
	case String:
		return j.Str != ""
	case Null:
		return false
	}
	return true
}

// Set sets an own key (appended when new); Delete removes one.
func (j *JSValue) Set(key string, v *JSValue) {
	if _, ok := j.Props[key]; !ok {
		j.Keys = append(j.Keys, key)
	}
	j.Props[key] = v
}

func (j *JSValue) Delete(key string) {
	if _, ok := j.Props[key]; ok {
		delete(j.Props, key)
		j.Keys = slices.DeleteFunc(j.Keys, func(k string) bool { return k == key })
	}
}

// Clone is a shallow copy of an object ({...obj}).
func (j *JSValue) Clone() *JSValue {
	cp := *j
	cp.Keys = slices.Clone(j.Keys)
	cp.Props = make(map[string]*JSValue, len(j.Props))
	for k, v := range j.Props {
		cp.Props[k] = v
	}
	return &cp
}

// StringifySorted is JSON.stringify(v, replacer) with a replacer that
// gives every plain object (the root too) its keys in the order of
// JavaScript's default sort (UTF-16 code units), as Qwen Code's
// hashMcpServerConfig writes a definition.
func (j *JSValue) StringifySorted() string {
	var b strings.Builder
	j.stringify(&b)
	return b.String()
}

func (j *JSValue) stringify(b *strings.Builder) {
	switch j.Kind {
	case Null:
		b.WriteString("null")
	case Bool:
		b.WriteString(strconv.FormatBool(j.Bool))
	case Number:
		b.WriteString(JSNumber(j.Num))
	case String:
		jsQuote(b, j.Str)
	case Array:
		b.WriteByte('[')
		for i, it := range j.Items {
			if i > 0 {
				b.WriteByte(',')
			}
			it.stringify(b)
		}
		b.WriteByte(']')
	case Object:
		keys := slices.Clone(j.Keys)
		slices.SortStableFunc(keys, compareUTF16)
		b.WriteByte('{')
		for i, k := range keys {
			if i > 0 {
				b.WriteByte(',')
			}
			jsQuote(b, k)
			b.WriteByte(':')
			j.Props[k].stringify(b)
		}
		b.WriteByte('}')
	}
}

// compareUTF16 orders strings as JavaScript's default sort does: by UTF-16
// code units.
func compareUTF16(a, b string) int {
	ua, ub := utf16.Encode([]rune(a)), utf16.Encode([]rune(b))
	for i := 0; i < len(ua) && i < len(ub); i++ {
		if ua[i] != ub[i] {
			return int(ua[i]) - int(ub[i])
		}
	}
	return len(ua) - len(ub)
}

// jsQuote writes s as JSON.stringify quotes a string.
func jsQuote(b *strings.Builder, s string) {
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		default:
			if r < 0x20 {
				b.WriteString(`\u00`)
				b.WriteByte("0123456789abcdef"[r>>4])
				b.WriteByte("0123456789abcdef"[r&0xf])
				continue
			}
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
}

// JSNumber is a double as JavaScript writes it (Number.prototype.toString,
// which JSON.stringify uses; a value too large for a double, which
// JSON.parse makes Infinity, is null).
func JSNumber(f float64) string {
	if f != f || f > 1.7976931348623157e308 || f < -1.7976931348623157e308 {
		return "null"
	}
	if f == 0 {
		return "0"
	}
	sign := ""
	if f < 0 {
		sign, f = "-", -f
	}
	// shortest digits and the exponent of the first one
	e := strconv.FormatFloat(f, 'e', -1, 64)
	mant, exp, _ := strings.Cut(e, "e")
	digits := strings.Replace(mant, ".", "", 1)
	n, _ := strconv.Atoi(exp)
	n++ // the position of the decimal point after the digits' start
	k := len(digits)
	switch {
	case k <= n && n <= 21:
		return sign + digits + strings.Repeat("0", n-k)
	case 0 < n && n <= 21:
		return sign + digits[:n] + "." + digits[n:]
	case -6 < n && n <= 0:
		return sign + "0." + strings.Repeat("0", -n) + digits
	}
	es := "+"
	if n-1 < 0 {
		es = "-"
	}
	ex := n - 1
	if ex < 0 {
		ex = -ex
	}
	if k == 1 {
		return sign + digits + "e" + es + strconv.Itoa(ex)
	}
	return sign + digits[:1] + "." + digits[1:] + "e" + es + strconv.Itoa(ex)
}
