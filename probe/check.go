package probe

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/mcpconf/mcpconf/normalize"
)

// NameScheme is the tool-name scheme of one or more clients (those that
// share it), with the product names its messages use.
type NameScheme struct {
	normalize.Scheme
	Client  string   // "Claude Code", or "Codex and Claude Code" for a shared scheme
	clients []string // ids of the clients whose results it sees
}

// Visible reports whether the scheme names the tools of client's servers.
func (s NameScheme) Visible(client string) bool { return slices.Contains(s.clients, client) }

// NameSchemes returns the schemes of clients (those with a known scheme),
// one per scheme.
func NameSchemes(clients []*normalize.Client) []NameScheme {
	var out []NameScheme
	for _, c := range clients {
		if c == nil || c.ToolNames == nil {
			continue
		}
		i := slices.IndexFunc(out, func(s NameScheme) bool { return s.ID == c.ToolNames.ID })
		if i < 0 {
			out = append(out, NameScheme{Scheme: *c.ToolNames, Client: c.Product, clients: []string{c.ID}})
			continue
		}
		out[i].Client += " and " + c.Product
		out[i].clients = append(out[i].clients, c.ID)
	}
	return out
}

// Check runs the checks that need every server's tools: tool names that
// collide or run over a client's length limit under each scheme, tool
// names outside the MCP naming rules, input schemas that are not valid
// JSON Schema, and what the tools tell the model (told.go): invisible
// characters, instructions aimed at the model, descriptions naming
// another server's tools, tool names two servers share. It appends its findings to the results concerned; results
// that are not ok are left alone.
//
// A scheme sees the results whose Client it loads (Scheme.Visible); a
// result with no Client is seen by every scheme. Results with the same
// server name are one server seen by several clients, checked once.
func Check(results []Result, schemes []NameScheme) {
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK {
			continue
		}
		for _, t := range r.Tools {
			if d, ok := toolNameDiag(r.Name, t.Name); ok {
				r.Diagnostics = append(r.Diagnostics, d)
			}
			if c := t.checks; c != nil && c.schemaChecked {
				if c.schema != nil {
					r.Diagnostics = append(r.Diagnostics, *c.schema)
				}
			} else if d, ok := schemaDiag(r.Name, t); ok {
				r.Diagnostics = append(r.Diagnostics, d)
			}
		}
	}
	collided := map[pairTool]bool{}
	for _, s := range schemes {
		checkScheme(results, s, collided)
	}
	checkTold(results, collided)
}

// Checked reports whether Check reports id: a finding on a server's tools
// (what they tell the model, their names, their schemas), not on how the
// probe went. probe --check-lock reports these with the lock's.
func Checked(id normalize.RuleID) bool {
	switch id {
	case normalize.RuleToolNameInvalid, normalize.RuleToolSchemaInvalid, normalize.RuleToolSchemaNotObject,
		normalize.RuleToolNameCollision, normalize.RuleToolNameTooLong, normalize.RuleToolNameShared,
		normalize.RuleToolHiddenText, normalize.RuleToolBidiControl, normalize.RuleToolInvisibleCharacter,
		normalize.RuleToolIgnoreInstructions, normalize.RuleToolHidesFromUser, normalize.RuleToolReadsSecrets,
		normalize.RuleToolInstructionBlock, normalize.RuleToolNamesOtherServer, normalize.RuleToolObfuscatedText:
		return true
	}
	return false
}

type owner struct {
	result int
	tool   string
}

// checkScheme reports the collisions under one scheme, and records in
// collided those of a tool name two servers share.
func checkScheme(results []Result, s NameScheme, collided map[pairTool]bool) {
	byName := map[string]owner{}
	seenServer := map[string]bool{}
	for i := range results {
		r := &results[i]
		if r.Status != StatusOK || (r.Client != "" && !s.Visible(r.Client)) || seenServer[r.Name] {
			continue
		}
		seenServer[r.Name] = true
		for _, t := range r.Tools {
			shown := s.ToolName(r.Name, t.Name)
			if s.MaxLen > 0 {
				if full := s.FullName(r.Name, t.Name); len(full) > s.MaxLen {
					r.Diagnostics = append(r.Diagnostics, diag(normalize.RuleToolNameTooLong, normalize.Warning,
						fmt.Sprintf("tool %q is %q in %s: %d characters, over its limit of %d", t.Name, full, s.Client, len(full), s.MaxLen),
						fmt.Sprintf("%s shortens it to %q, which the model sees; a shorter server name avoids that", s.Client, shown)))
				}
			}
			first, dup := byName[shown]
			if !dup {
				byName[shown] = owner{i, t.Name}
				continue
			}
			other := &results[first.result]
			if first.result == i {
				r.Diagnostics = append(r.Diagnostics, diag(normalize.RuleToolNameCollision, normalize.Warning,
					fmt.Sprintf("tools %q and %q are both %q in %s", first.tool, t.Name, shown, s.Client),
					fmt.Sprintf("%s keeps one of them; rename one tool", s.Client)))
				continue
			}
			msg := func(a, b *Result, at, bt string) string {
				return fmt.Sprintf("tool %q of server %q and tool %q of server %q are both %q in %s", at, a.Name, bt, b.Name, shown, s.Client)
			}
			if t.Name == first.tool {
				collided[newPairTool(r.Name, other.Name, t.Name)] = true
			}
			hint := fmt.Sprintf("%s keeps one of them; rename one of the servers in %s's config", s.Client, s.Client)
			r.Diagnostics = append(r.Diagnostics, diag(normalize.RuleToolNameCollision, normalize.Warning, msg(r, other, t.Name, first.tool), hint))
			other.Diagnostics = append(other.Diagnostics, diag(normalize.RuleToolNameCollision, normalize.Warning, msg(other, r, first.tool, t.Name), hint))
		}
	}
}

// toolNameDiag checks a name against the MCP spec (2025-11-25, "Tool
// names"): 1 to 128 characters of [A-Za-z0-9_.-].
func toolNameDiag(server, name string) (normalize.Diagnostic, bool) {
	switch {
	case name == "":
		return diag(normalize.RuleToolNameInvalid, normalize.Warning, fmt.Sprintf("server %q has a tool with an empty name", server),
			"MCP tool names are 1 to 128 characters of A-Z, a-z, 0-9, _, - and ."), true
	case len(name) > 128:
		return diag(normalize.RuleToolNameInvalid, normalize.Warning, fmt.Sprintf("tool %q is %d characters long, over the 128 MCP allows", masker{}.cut(name, 60), len(name)),
			"shorten the tool name"), true
	}
	var bad []string
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' || r == '-' || r == '.') {
			if q := fmt.Sprintf("%q", string(r)); !contains(bad, q) {
				bad = append(bad, q)
			}
		}
	}
	if len(bad) > 0 {
		return diag(normalize.RuleToolNameInvalid, normalize.Warning, fmt.Sprintf("tool %q contains characters MCP does not allow in tool names: %s", name, strings.Join(bad, ", ")),
			"clients replace them or reject the tool; use only A-Z, a-z, 0-9, _, - and ."), true
	}
	return normalize.Diagnostic{}, false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// schemaDiag validates a tool's input schema as JSON Schema (2020-12
// unless it names another draft with $schema) and checks that it
// describes an object, as MCP requires.
func schemaDiag(server string, t Tool) (normalize.Diagnostic, bool) {
	if len(t.InputSchema) == 0 || string(t.InputSchema) == "null" {
		return diag(normalize.RuleToolSchemaInvalid, normalize.Error, fmt.Sprintf("tool %q has no input schema", t.Name),
			`MCP requires "inputSchema"; use {"type": "object"} for a tool without arguments`), true
	}
	if msg := schemaError(t.InputSchema); msg != "" {
		return diag(normalize.RuleToolSchemaInvalid, normalize.Error, fmt.Sprintf("the input schema of tool %q is not valid JSON Schema: %s", t.Name, msg),
			"clients may refuse the tool or the model's provider may reject the whole request; fix the schema"), true
	}
	if !objectSchema(t.InputSchema) {
		return diag(normalize.RuleToolSchemaNotObject, normalize.Warning, fmt.Sprintf(`the input schema of tool %q does not have "type": "object"`, t.Name),
			`MCP requires tool arguments to be an object: set "type": "object"`), true
	}
	return normalize.Diagnostic{}, false
}

func objectSchema(raw []byte) bool {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return false
	}
	m, ok := doc.(map[string]any)
	return ok && m["type"] == "object"
}

// schemaCache remembers verdicts by the schema's digest: servers repeat
// schemas across tools, and across runs of Check in one process. It holds
// digests, not schemas (which would keep every server's listing for the
// life of the process), and at most maxSchemaVerdicts of them.
var schemaCache struct {
	sync.Mutex
	verdict map[[sha256.Size]byte]string
}

const maxSchemaVerdicts = 1 << 14

const schemaURL = "urn:mcpconf:tool-input-schema"

// schemaError compiles raw, which validates it against its metaschema,
// and returns "" when it is valid or the first problem.
func schemaError(raw []byte) string {
	key := sha256.Sum256(raw)
	schemaCache.Lock()
	v, ok := schemaCache.verdict[key]
	schemaCache.Unlock()
	if ok {
		return v
	}
	msg := compileSchema(raw)
	schemaCache.Lock()
	if schemaCache.verdict == nil || len(schemaCache.verdict) >= maxSchemaVerdicts {
		schemaCache.verdict = map[[sha256.Size]byte]string{}
	}
	schemaCache.verdict[key] = msg
	schemaCache.Unlock()
	return msg
}

func compileSchema(raw []byte) string {
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return "not JSON: " + masker{}.errText(err)
	}
	if _, ok := doc.(map[string]any); !ok {
		if _, isBool := doc.(bool); !isBool {
			return "a schema must be an object or a boolean"
		}
	}
	c := jsonschema.NewCompiler()
	c.DefaultDraft(jsonschema.Draft2020)
	// A server's schema must not make the prober read files or fetch
	// URLs: every $ref outside the document fails.
	c.UseLoader(refuseLoader{})
	if err := c.AddResource(schemaURL, doc); err != nil {
		return masker{}.errText(err)
	}
	_, err = c.Compile(schemaURL)
	if err == nil {
		return ""
	}
	var sve *jsonschema.SchemaValidationError
	if errors.As(err, &sve) {
		var ve *jsonschema.ValidationError
		if errors.As(sve.Err, &ve) {
			return deepestCause(ve)
		}
	}
	var le *jsonschema.LoadURLError
	if errors.As(err, &le) {
		if m, ok := doc.(map[string]any); ok && m["$schema"] == le.URL {
			return fmt.Sprintf("its $schema %q is not a JSON Schema draft", le.URL)
		}
		return fmt.Sprintf("it refers to %q, which clients cannot load", le.URL)
	}
	return strings.ReplaceAll(masker{}.errText(err), schemaURL, "the schema")
}

// deepestCause follows the first cause of a metaschema failure down to
// the keyword that failed ("allOf failed" says nothing) and says where.
func deepestCause(ve *jsonschema.ValidationError) string {
	for len(ve.Causes) > 0 {
		ve = ve.Causes[0]
	}
	where := "/" + strings.Join(ve.InstanceLocation, "/")
	return fmt.Sprintf("at %q: %s", where, ve.ErrorKind.LocalizedString(englishPrinter()))
}

var englishPrinter = sync.OnceValue(func() *message.Printer { return message.NewPrinter(language.English) })

type refuseLoader struct{}

func (refuseLoader) Load(url string) (any, error) {
	return nil, fmt.Errorf("not loading %q", url)
}
