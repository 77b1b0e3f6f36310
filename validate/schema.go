package validate

import (
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/schemas"
)

// schemaRule validates each file against its client's JSON Schema (see
// `mcpconf schema`). Discovery also reports entries that are not objects
// under this id.
var schemaRule = &Rule{
	ID:       normalize.RuleSchema,
	Title:    "a value has the wrong type or is not one of the allowed values",
	Severity: normalize.Error,
	doc: `Each file is validated against the JSON Schema of its client's shape
(` + "`mcpconf schema CLIENT`" + ` prints it). A field of the wrong type is ignored or
makes the client reject the server.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": { \"fs\": { \"command\": \"npx\", \"args\": \"-y @modelcontextprotocol/server-filesystem@2025.8.21 .\" } } }\n",
		Good: "{ \"mcpServers\": { \"fs\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-filesystem@2025.8.21\", \".\"] } } }\n"},
	Check: checkSchema,
}

func checkSchema(p *Pass) {
	// Pointers discovery already reported (non-object entries) are skipped.
	reported := map[string]bool{}
	for _, d := range p.Set.Diagnostics {
		if d.Rule == normalize.RuleSchema {
			reported[d.Path+"#"+d.Pointer] = true
		}
	}
	for _, src := range p.Set.Sources {
		if src.Status != normalize.Found || src.Section != "" {
			continue
		}
		doc := p.Document(src.Path)
		name := schemaOf(src)
		if doc == nil || doc.Root == nil || name == "" || !p.once("schema", doc, name) {
			continue // validated already for another client of the run
		}
		errs, err := schemas.Validate(name, doc.Root.Interface())
		if err != nil {
			p.Report(doc, normalize.Range{}, "", "internal error validating against schema %q: %v", name, err)
			continue
		}
		for _, e := range errs {
			if coveredBy(reported, doc.Path, e.Pointer) {
				continue
			}
			v := doc.Root.Lookup(e.Pointer)
			if v == nil {
				v = doc.Root
			}
			d := p.AtValue(doc, v, "%s", e.Message)
			// a field the client's own listing crashes on (Shape.Crashes)
			if c := src.Client; c != nil {
				if parts := strings.Split(e.Pointer, "/"); len(parts) == 4 && parts[1] == c.ServersKey && c.Crashes[parts[3]] != "" {
					d.Message += "; " + c.Crashes[parts[3]]
				}
			}
		}
	}
}

func coveredBy(reported map[string]bool, path, ptr string) bool {
	for {
		if reported[path+"#"+ptr] {
			return true
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			return false
		}
		ptr = ptr[:i]
	}
}

// schemaOf is the name of the schema of a source's client, or "".
func schemaOf(src normalize.SourceFile) string {
	if src.Client == nil {
		return ""
	}
	return src.Client.Schema
}
