// Package schemas holds the JSON Schemas (draft 2020-12) of each client's MCP
// configuration shape and validates decoded documents against them.
//
// The schemas check the types and enums of known fields only. Server objects
// deliberately allow unknown keys: the unknown-field lint rule reports those
// with a "did you mean" hint, which a schema error cannot give.
package schemas

import (
	"bytes"
	"embed"
	"fmt"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/mcpconf/mcpconf/normalize"
)

//go:embed *.json
var files embed.FS

// BaseURL is the prefix of every schema's $id; a schema's $id is
// BaseURL + name + ".json".
const BaseURL = "https://mcpconf.dev/schemas/"

// Source returns the raw bytes of the schema called name.
func Source(name string) ([]byte, bool) {
	if name == "" || strings.ContainsAny(name, `/\`) {
		return nil, false
	}
	b, err := files.ReadFile(name + ".json")
	if err != nil {
		return nil, false
	}
	return b, true
}

// ForClient returns the name of the schema describing the files of a
// discovery provider (client id), or "" when there is none.
// The name is the client descriptor's Schema.
func ForClient(client string) string {
	if c := normalize.ClientByID(client); c != nil {
		return c.Schema
	}
	return ""
}

// compiled caches one schema's compilation; the Once makes concurrent first
// calls compile it only once.
type compiled struct {
	once   sync.Once
	schema *jsonschema.Schema
	err    error
}

var cache sync.Map // name -> *compiled

// schema returns the compiled schema called name, compiling it on first use.
func schema(name string) (*jsonschema.Schema, error) {
	v, _ := cache.LoadOrStore(name, new(compiled))
	c := v.(*compiled)
	c.once.Do(func() { c.schema, c.err = compile(name) })
	return c.schema, c.err
}

func compile(name string) (*jsonschema.Schema, error) {
	src, ok := Source(name)
	if !ok {
		return nil, fmt.Errorf("schemas: unknown schema %q", name)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
	if err != nil {
		return nil, fmt.Errorf("schemas: %s.json: %w", name, err)
	}
	// A fresh compiler per schema: a Compiler is not safe for concurrent use,
	// and its default loader reads only file: URLs, so nothing is fetched.
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	url := BaseURL + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		return nil, fmt.Errorf("schemas: %s.json: %w", name, err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		return nil, fmt.Errorf("schemas: %s.json: %w", name, err)
	}
	return sch, nil
}

// Validate checks instance against the schema called name. The instance is
// what encoding/json produces with UseNumber (map[string]any, []any,
// json.Number, string, bool, nil); int64, float64 and other Go values (as
// decoded from TOML) are accepted too. A nil error with no Errors means valid.
func Validate(name string, instance any) ([]Error, error) {
	vs, err := Violations(name, instance)
	if len(vs) == 0 {
		return nil, err
	}
	out := make([]Error, len(vs))
	for i, v := range vs {
		out[i] = v.Error
	}
	return out, nil
}

// Violations is Validate with what the schema wanted of each value.
func Violations(name string, instance any) ([]Violation, error) {
	instance = jsonValue(instance)
	if surelyValid(name, instance) {
		return nil, nil
	}
	sch, err := schema(name)
	if err != nil {
		return nil, err
	}
	err = sch.Validate(instance)
	if err == nil {
		return nil, nil
	}
	verr, ok := err.(*jsonschema.ValidationError)
	if !ok {
		return nil, fmt.Errorf("schemas: validate %s: %w", name, err)
	}
	return collectViolations(verr, instance), nil
}
