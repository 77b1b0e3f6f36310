package validate

import (
	"fmt"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// unknownInputRule reports VS Code ${input:id} placeholders without a matching
// entry in "inputs", and inputs nothing uses.
var unknownInputRule = &Rule{
	ID:       normalize.RuleUnknownInput,
	Title:    "an ${input:…} placeholder has no matching input, or an input is never used",
	Severity: normalize.Error,
	For:      func(c *normalize.Client) bool { return c.Inputs },
	doc: `VS Code asks for the value of ` + "`${input:id}`" + ` with the entry of the same ` + "`id`" + ` in
the file's top-level ` + "`inputs`" + ` array (` + "`promptString`" + ` or ` + "`pickString`" + `). Without one, VS
Code does not prompt: it refuses to start the server ("Undefined input
variable 'id' encountered. Remove or define 'id' to continue."), and
` + "`mcpconf explain --resolve`" + ` and ` + "`probe`" + ` say the same. Ids are matched exactly; a
near miss is suggested.

An input that no placeholder of the file uses is reported as info: it is
left over from an old server, or the placeholder that should use it has a
typo.

Only VS Code files (` + "`.vscode/mcp.json`" + ` and the user ` + "`mcp.json`" + `) have inputs;
` + "`${input:…}`" + ` anywhere else is reported by foreign-placeholder.`,
	Contexts: []Context{{When: "an input is declared but no placeholder uses it", Severity: normalize.Info, Example: true}},
	Example: Example{File: ".vscode/mcp.json",
		Bad: "{\n" +
			"  \"inputs\": [ { \"type\": \"promptString\", \"id\": \"github-token\", \"description\": \"GitHub token\", \"password\": true } ],\n" +
			"  \"servers\": { \"github\": { \"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\",\n" +
			"    \"headers\": { \"Authorization\": \"Bearer ${input:github_token}\" } } }\n" +
			"}\n",
		Good: "{\n" +
			"  \"inputs\": [ { \"type\": \"promptString\", \"id\": \"github-token\", \"description\": \"GitHub token\", \"password\": true } ],\n" +
			"  \"servers\": { \"github\": { \"type\": \"http\", \"url\": \"https://api.githubcopilot.com/mcp/\",\n" +
			"    \"headers\": { \"Authorization\": \"Bearer ${input:github-token}\" } } }\n" +
			"}\n"},
	Check: checkUnknownInput,
}

func checkUnknownInput(p *Pass) {
	for _, src := range p.Set.Sources {
		c := src.Client
		if !c.Inputs || src.Status != normalize.Found {
			continue
		}
		doc := p.Document(src.Path)
		if doc == nil || doc.Root == nil || doc.Root.Kind != normalize.Object {
			continue
		}
		checkInputs(p, doc, c)
	}
}

func checkInputs(p *Pass, doc *normalize.Document, c *normalize.Client) {
	type input struct {
		id   *normalize.Value
		used bool
	}
	var inputs []*input
	byID := map[string]*input{}
	var ids []string
	if arr := doc.Root.Get("inputs"); arr != nil && arr.Kind == normalize.Array {
		for _, it := range arr.Items {
			id := it.Get("id")
			if id == nil || id.Kind != normalize.String {
				continue
			}
			in := &input{id: id}
			inputs = append(inputs, in)
			if _, dup := byID[id.Str]; !dup {
				byID[id.Str] = in
				ids = append(ids, id.Str)
			}
		}
	}
	for _, m := range doc.Root.Unique() {
		if m.Key == "inputs" {
			continue
		}
		walkStrings(m.Value, m.Key, m.Key, func(v stringVisit) {
			for _, ph := range resolve.Scan(v.value.Str) {
				if ph.Syntax != resolve.Input {
					continue
				}
				if in := byID[ph.Name]; in != nil {
					in.used = true
					continue
				}
				d := p.reportSub(doc, v.value, ph.Start, ph.End, "%s", c.UndeclaredInput(ph.Name))
				if near := normalize.Closest(ph.Name, ids); near != "" {
					d.Hint = fmt.Sprintf("did you mean %q?", near)
				} else {
					d.Hint = fmt.Sprintf("declare it: \"inputs\": [{ \"type\": \"promptString\", \"id\": %q, \"description\": \"…\", \"password\": true }]", ph.Name)
				}
			}
		})
	}
	for _, in := range inputs {
		if in.used || byID[in.id.Str] != in {
			continue
		}
		d := p.AtValue(doc, in.id, "input %q is declared but no placeholder uses it", in.id.Str)
		d.Severity = normalize.Info
		d.Hint = fmt.Sprintf("remove it, or use it as \"${input:%s}\"", in.id.Str)
	}
}
