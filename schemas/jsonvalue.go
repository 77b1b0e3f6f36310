package schemas

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
)

// jsonValue returns v in the shape the validator understands. Values that
// are already JSON-like (including the int64 and float64 a TOML decoder
// yields) are returned untouched, so the common case copies nothing; any
// other value — time.Time and local dates from TOML, typed slices, maps or
// structs — goes through encoding/json.
func jsonValue(v any) any {
	out, _ := convert(v)
	return out
}

// convert reports whether it had to change v, so containers are copied only
// when one of their elements changed.
func convert(v any) (any, bool) {
	switch x := v.(type) {
	case nil, bool, string, json.Number, float64, float32,
		int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return v, false
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			n, changed := convert(e)
			if !changed {
				continue
			}
			if out == nil {
				out = maps.Clone(x)
			}
			out[k] = n
		}
		if out == nil {
			return v, false
		}
		return out, true
	case []any:
		var out []any
		for i, e := range x {
			n, changed := convert(e)
			if !changed {
				continue
			}
			if out == nil {
				out = slices.Clone(x)
			}
			out[i] = n
		}
		if out == nil {
			return v, false
		}
		return out, true
	}
	b, err := json.Marshal(v)
	if err != nil {
		return v, false // the validator reports it as not a JSON value
	}
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	if err := dec.Decode(&out); err != nil {
		return v, false
	}
	return out, true
}
