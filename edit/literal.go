package edit

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// Literal renders v as a value of format: JSON (and JSONC) or TOML
// literal syntax. It takes what encoding/json decodes into (string, bool,
// float64, json.Number, []any, map[string]any, nil) and also ints and
// []string; map keys come out sorted. TOML has no null, and neither
// format has NaN or infinities in JSON: those are errors.
func Literal(format normalize.Format, v any) (string, error) {
	var b strings.Builder
	if err := literal(&b, format == normalize.TOML, v); err != nil {
		return "", err
	}
	return b.String(), nil
}

func literal(b *strings.Builder, toml bool, v any) error {
	switch t := v.(type) {
	case nil:
		if toml {
			return fmt.Errorf("null has no TOML form: leave the key out instead")
		}
		b.WriteString("null")
	case string:
		if toml {
			b.WriteString(tomlString(t))
		} else {
			b.WriteString(jsonString(t))
		}
	case bool:
		b.WriteString(strconv.FormatBool(t))
	case int:
		b.WriteString(strconv.Itoa(t))
	case int64:
		b.WriteString(strconv.FormatInt(t, 10))
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			if !toml {
				return fmt.Errorf("number %v has no JSON form", t)
			}
			s := "nan"
			if math.IsInf(t, 1) {
				s = "inf"
			} else if math.IsInf(t, -1) {
				s = "-inf"
			}
			b.WriteString(s)
			return nil
		}
		s := strconv.FormatFloat(t, 'g', -1, 64)
		if toml && t != math.Trunc(t) && !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		b.WriteString(s)
	case json.Number:
		b.WriteString(string(t)) // a JSON number is a TOML number too
	case []string:
		items := make([]any, len(t))
		for i, s := range t {
			items[i] = s
		}
		return literal(b, toml, items)
	case []any:
		b.WriteByte('[')
		for i, it := range t {
			if i > 0 {
				b.WriteString(", ")
			}
			if err := literal(b, toml, it); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		o := make(ordered, len(keys))
		for i, k := range keys {
			o[i] = member{k, t[k]}
		}
		return literal(b, toml, o)
	case ordered:
		if len(t) == 0 {
			b.WriteString("{}")
			return nil
		}
		b.WriteString("{ ")
		for i, m := range t {
			if i > 0 {
				b.WriteString(", ")
			}
			if toml {
				b.WriteString(tomlKey(m.key))
				b.WriteString(" = ")
			} else {
				b.WriteString(jsonString(m.key))
				b.WriteString(": ")
			}
			if err := literal(b, toml, m.val); err != nil {
				return err
			}
		}
		b.WriteString(" }")
	default:
		return fmt.Errorf("cannot write a value of type %T", v)
	}
	return nil
}

// jsonString quotes s as JSON does, without escaping <, > and &.
func jsonString(s string) string {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(buf.String(), "\n")
}

// tomlString quotes s as a TOML basic string.
func tomlString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r == '\r':
			b.WriteString(`\r`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// tomlKey writes k bare when TOML allows it, else quoted.
func tomlKey(k string) string {
	if k == "" {
		return `""`
	}
	for i := 0; i < len(k); i++ {
		if !isBareKeyChar(k[i]) {
			return tomlString(k)
		}
	}
	return k
}

func isBareKeyChar(c byte) bool {
	return c == '_' || c == '-' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// ordered is a JSON object with its members in the order written, as
// decodeJSON gives it: a value inserted into TOML keeps the order its
// writer chose (command before args before env).
type ordered []member

type member struct {
	key string
	val any
}

// decodeJSON reads one JSON value with numbers kept as written and
// objects as ordered (a key given twice keeps its first place and its
// last value, as encoding/json keeps the last).
func decodeJSON(text string) (any, error) {
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	v, err := decodeValue(dec)
	if err != nil {
		return nil, fmt.Errorf("value %q is not JSON: %v", text, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("value %q is more than one JSON value", text)
	}
	return v, nil
}

func decodeValue(dec *json.Decoder) (any, error) {
	tok, err := dec.Token()
	if err != nil {
		return nil, err
	}
	switch tok {
	case json.Delim('{'):
		o := ordered{}
		for dec.More() {
			kt, err := dec.Token()
			if err != nil {
				return nil, err
			}
			k, _ := kt.(string) // the decoder gives only string keys
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			if i := slices.IndexFunc(o, func(m member) bool { return m.key == k }); i >= 0 {
				o[i].val = v
			} else {
				o = append(o, member{k, v})
			}
		}
		_, err := dec.Token() // '}'
		return o, err
	case json.Delim('['):
		items := []any{}
		for dec.More() {
			v, err := decodeValue(dec)
			if err != nil {
				return nil, err
			}
			items = append(items, v)
		}
		_, err := dec.Token() // ']'
		return items, err
	}
	return tok, nil
}

// render turns JSON text into a value of the document's format: JSON text
// is written as given (checked), TOML gets its literal.
func render(format normalize.Format, valueJSON string) (string, error) {
	v, err := decodeJSON(valueJSON)
	if err != nil {
		return "", err
	}
	if format != normalize.TOML {
		return strings.TrimSpace(valueJSON), nil
	}
	return Literal(format, v)
}
