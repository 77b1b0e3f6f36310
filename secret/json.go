package secret

import (
	"bytes"
	"encoding/json"
	"strconv"
)

// JSON is a JSON value that crossed the boundary: every string in it,
// keys included, masked and neutralized (line breaks kept: JSON escapes
// them). Renderers write it as is or print its compact text.
type JSON struct{ raw []byte }

// MarshalJSON writes the value; a zero JSON is null.
func (j JSON) MarshalJSON() ([]byte, error) {
	if len(j.raw) == 0 {
		return []byte("null"), nil
	}
	return j.raw, nil
}

// String is the value as compact JSON text.
func (j JSON) String() string {
	if len(j.raw) == 0 {
		return "null"
	}
	return string(j.raw)
}

// IsZero reports a value never set.
func (j JSON) IsZero() bool { return len(j.raw) == 0 }

// Raw is the value's JSON text, for renderers that read it (a tool's
// input schema, to print a signature).
func (j JSON) Raw() []byte { return j.raw }

// JSON makes a value Safe as JSON: v is what encoding/json decodes into
// (maps, slices, strings, numbers, booleans, nil; json.Number and
// json.RawMessage too). Every string and key goes through Lines; numbers
// and literals stay as they are.
func (b *Boundary) JSON(v any) JSON {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(b.jsonValue(v)); err != nil {
		return JSON{}
	}
	return JSON{bytes.TrimSuffix(buf.Bytes(), []byte("\n"))}
}

// RawJSON is JSON of a document, its keys in their order (a tool's
// input schema lists its parameters in the order the server wrote them);
// text that is not valid JSON becomes a JSON string of that text, masked.
func (b *Boundary) RawJSON(raw []byte) JSON {
	if len(bytes.TrimSpace(raw)) == 0 {
		return JSON{}
	}
	if !json.Valid(raw) {
		return b.JSON(string(raw))
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var out bytes.Buffer
	// first[i] is whether the container at depth i has had no element
	// yet; inObject[i] whether it is an object (whose elements alternate
	// key, value).
	var first, inObject []bool
	var keyNext []bool
	var keys []string // the last key at each depth
	for {
		tok, err := dec.Token()
		if err != nil {
			break // io.EOF: the value is complete (it is valid JSON)
		}
		if d, ok := tok.(json.Delim); ok && (d == '}' || d == ']') {
			out.WriteByte(byte(d))
			first, inObject, keyNext, keys = first[:len(first)-1], inObject[:len(inObject)-1], keyNext[:len(keyNext)-1], keys[:len(keys)-1]
			continue
		}
		isKey, key := false, ""
		if n := len(first); n > 0 {
			isKey = inObject[n-1] && keyNext[n-1]
			key = keys[n-1]
			switch {
			case inObject[n-1] && !keyNext[n-1]:
				out.WriteByte(':')
			case !first[n-1]:
				out.WriteByte(',')
			}
			first[n-1] = false
			if inObject[n-1] {
				keyNext[n-1] = !keyNext[n-1]
			}
		}
		switch x := tok.(type) {
		case json.Delim:
			out.WriteByte(byte(x))
			first, inObject, keyNext, keys = append(first, true), append(inObject, x == '{'), append(keyNext, true), append(keys, "")
		case string:
			if isKey {
				keys[len(keys)-1] = x
			} else {
				x = keyedValue(key, x)
			}
			out.Write(jsonString(b.Lines(x).s))
		case json.Number:
			out.WriteString(x.String())
		case bool:
			out.WriteString(strconv.FormatBool(x))
		case nil:
			out.WriteString("null")
		}
	}
	return JSON{out.Bytes()}
}

func (b *Boundary) jsonValue(v any) any {
	switch x := v.(type) {
	case string:
		return b.Lines(x).s
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			if str, ok := e.(string); ok {
				e = keyedValue(k, str)
			}
			out[b.Lines(k).s] = b.jsonValue(e)
		}
		return out
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = b.jsonValue(e)
		}
		return out
	case []string:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = b.Lines(e).s
		}
		return out
	case map[string]string:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[b.Lines(k).s] = b.Lines(keyedValue(k, e)).s
		}
		return out
	case json.RawMessage:
		return json.RawMessage(b.RawJSON(x).raw)
	case nil, bool, float64, int, int64, json.Number:
		return x
	}
	// anything else: as its JSON text would read, masked as text
	raw, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	return json.RawMessage(b.RawJSON(raw).raw)
}

// keyedValue is a string member of a JSON object as output may show it:
// under a secret-looking key its literal parts are masked, as find masks
// "key": "value" in text.
func keyedValue(key, v string) string {
	if key == "" || !IsSecretKey(key) || PublicKey(key) {
		return v
	}
	return replaceSpans(v, appendLiteral(nil, v, 0, len(v), 0, KindKeyed))
}
