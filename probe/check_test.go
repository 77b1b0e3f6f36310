package probe

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

func scheme(t *testing.T, id string) normalize.Scheme {
	t.Helper()
	for _, s := range NameSchemes(normalize.Clients()) {
		if s.ID == id {
			return s.Scheme
		}
	}
	t.Fatalf("no scheme %q", id)
	return normalize.Scheme{}
}

func clientsOf(t *testing.T, ids ...string) []*normalize.Client {
	t.Helper()
	var out []*normalize.Client
	for _, id := range ids {
		c := normalize.ClientByID(id)
		if c == nil {
			t.Fatalf("no client %q", id)
		}
		out = append(out, c)
	}
	return out
}

func okResult(name, client string, tools ...string) Result {
	r := Result{Name: name, Client: client, Status: StatusOK}
	for _, n := range tools {
		r.Tools = append(r.Tools, Tool{Name: n, InputSchema: json.RawMessage(`{"type":"object"}`)})
	}
	return r
}

func messages(r Result, rule normalize.RuleID) []string {
	var out []string
	for _, d := range r.Diagnostics {
		if d.Rule == rule {
			out = append(out, d.Message)
		}
	}
	return out
}

func TestCheckCollisions(t *testing.T) {
	results := []Result{
		okResult("my-server", "pisces", "search"),
		okResult("my_server", "pisces", "search", "get-item", "get_item"),
		okResult("other", "pisces", "search"),
		{Name: "down", Client: "pisces", Status: StatusFailed, Tools: []Tool{{Name: "search"}}},
	}
	Check(results, NameSchemes(clientsOf(t, "pisces")))
	got0 := messages(results[0], "tool-name-collision")
	if len(got0) != 1 || got0[0] != `tool "search" of server "my-server" and tool "search" of server "my_server" are both "mcp_my_server_search" in pisces` {
		t.Errorf("server 0: %q", got0)
	}
	got1 := messages(results[1], "tool-name-collision")
	if !slices.Contains(got1, `tool "search" of server "my_server" and tool "search" of server "my-server" are both "mcp_my_server_search" in pisces`) ||
		!slices.Contains(got1, `tools "get-item" and "get_item" are both "mcp_my_server_get_item" in pisces`) || len(got1) != 2 {
		t.Errorf("server 1: %q", got1)
	}
	// (server "other" shares "search" with both, under other names:
	// tool-name-shared, told_test.go)
	if len(messages(results[2], "tool-name-collision")) != 0 || len(results[3].Diagnostics) != 0 {
		t.Errorf("no collision for %q or a failed server: %+v %+v", results[2].Name, results[2].Diagnostics, results[3].Diagnostics)
	}
}

func TestCheckVisibilityAndSameServer(t *testing.T) {
	results := []Result{
		okResult("my.server", "codex", "search"),
		okResult("my_server", "cursor", "search"), // codex does not load cursor's servers
		okResult("my.server", "claude", "search"), // the same server in another client's view
	}
	Check(results, NameSchemes(clientsOf(t, "codex")))
	for _, r := range results {
		if len(r.Diagnostics) != 0 {
			t.Errorf("%s (%s): %+v", r.Name, r.Client, r.Diagnostics)
		}
	}
	// With claude's scheme, which sees claude's servers, and a second
	// server that collides.
	results = append(results, okResult("my_server", "claude", "search"))
	Check(results, NameSchemes(clientsOf(t, "claude")))
	if len(messages(results[2], "tool-name-collision")) != 1 || len(messages(results[3], "tool-name-collision")) != 1 {
		t.Errorf("%+v / %+v", results[2].Diagnostics, results[3].Diagnostics)
	}
}

func TestCheckLength(t *testing.T) {
	long := okResult("a-rather-long-server-name", "", "and_a_rather_long_tool_name_too", "short")
	results := []Result{long}
	Check(results, NameSchemes(clientsOf(t, "codex", "gemini", "pisces")))
	got := messages(results[0], "tool-name-too-long")
	// codex: mcp__ + 25 + __ + 31 = 63, within 64; gemini: 25 + 2 + 31 = 58.
	if len(got) != 0 {
		t.Errorf("names within the limits: %q", got)
	}
	results = []Result{okResult("a-rather-long-server-name", "", "and_a_rather_long_tool_name_too_x")}
	Check(results, NameSchemes(clientsOf(t, "codex")))
	got = messages(results[0], "tool-name-too-long")
	if len(got) != 1 || !strings.Contains(got[0], "65 characters, over its limit of 64") {
		t.Fatalf("%q", got)
	}
	d := findDiag(results[0], "tool-name-too-long")
	if shown := scheme(t, "codex").ToolName("a-rather-long-server-name", "and_a_rather_long_tool_name_too_x"); !strings.Contains(d.Hint, shown) || len(shown) != 64 {
		t.Errorf("hint %q should name %q", d.Hint, shown)
	}
}

func TestCheckToolNamesAndSchemas(t *testing.T) {
	r := Result{Name: "s", Status: StatusOK, Tools: []Tool{
		{Name: "good", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"string"}},"required":["q"]}`)},
		{Name: "search tool", InputSchema: json.RawMessage(`{"type":"object"}`)},
		{Name: "typo", InputSchema: json.RawMessage(`{"type":"object","properties":{"q":{"type":"strin"}}}`)},
		{Name: "scalar", InputSchema: json.RawMessage(`{"type":"string"}`)},
		{Name: "none"},
		{Name: "remote", InputSchema: json.RawMessage(`{"type":"object","$ref":"https://example.com/schema.json"}`)},
		{Name: "local", InputSchema: json.RawMessage(`{"type":"object","$ref":"file:///etc/passwd"}`)},
		{Name: "draft7", InputSchema: json.RawMessage(`{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","properties":{"n":{"type":"integer","minimum":"x"}}}`)},
	}}
	results := []Result{r}
	Check(results, nil)
	byTool := map[string][]normalize.Diagnostic{}
	for _, d := range results[0].Diagnostics {
		for _, tl := range r.Tools {
			if strings.Contains(d.Message, `"`+tl.Name+`"`) {
				byTool[tl.Name] = append(byTool[tl.Name], d)
			}
		}
	}
	want := map[string]normalize.RuleID{
		"search tool": "tool-name-invalid",
		"typo":        "tool-schema-invalid",
		"scalar":      "tool-schema-not-object",
		"none":        "tool-schema-invalid",
		"remote":      "tool-schema-invalid",
		"local":       "tool-schema-invalid",
		"draft7":      "tool-schema-invalid",
	}
	for tool, rule := range want {
		ds := byTool[tool]
		if len(ds) != 1 || ds[0].Rule != rule {
			t.Errorf("tool %q: %+v, want one %s", tool, ds, rule)
		}
	}
	if ds := byTool["good"]; len(ds) != 0 {
		t.Errorf("a valid tool: %+v", ds)
	}
	if d := byTool["typo"]; len(d) == 1 && !strings.Contains(d[0].Message, `at "/properties/q/type"`) {
		t.Errorf("the message should say where: %q", d[0].Message)
	}
	if d := byTool["remote"]; len(d) == 1 && !strings.Contains(d[0].Message, `"https://example.com/schema.json", which clients cannot load`) {
		t.Errorf("%q", d[0].Message)
	}
}

func TestCheckLiveSchema(t *testing.T) {
	results := Run(t.Context(), []Target{stdioTarget(t, "badschema")}, Options{})
	defer assertNoSurvivors(t)
	if results[0].Status != StatusOK {
		t.Fatalf("%q %+v", results[0].Status, results[0].Diagnostics)
	}
	Check(results, NameSchemes(normalize.Clients()))
	got := messages(results[0], "tool-schema-invalid")
	if len(got) != 1 || !strings.Contains(got[0], `tool "broken"`) {
		t.Errorf("%q", got)
	}
}

// TestCheckCollisionsXcode: in x-code's scheme "my-srv" and "my.srv" both
// make "my_srv__read_file"; x-code then names the second (localeCompare
// order) my_srv__read_file_6490, which the model cannot tell apart.
func TestCheckCollisionsXcode(t *testing.T) {
	results := []Result{
		okResult("my-srv", "x-code", "read_file"),
		okResult("my.srv", "x-code", "read-file"),
		okResult("other", "x-code", "read_file"),
	}
	Check(results, NameSchemes(clientsOf(t, "x-code")))
	got := messages(results[0], "tool-name-collision")
	if len(got) != 1 || !strings.Contains(got[0], `"my_srv__read_file" in x-code`) {
		t.Errorf("my-srv: %q", got)
	}
	if len(messages(results[1], "tool-name-collision")) != 1 || len(messages(results[2], "tool-name-collision")) != 0 {
		t.Errorf("my.srv %+v, other %+v", results[1].Diagnostics, results[2].Diagnostics)
	}
}
