package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/validate"
)

func TestRulesCommand(t *testing.T) {
	code, out, _ := run(t, nil, "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	// one entry per rule: a title wrapped under its column continues on
	// lines that start with spaces
	var lines []string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if strings.HasPrefix(l, " ") && len(lines) > 0 {
			lines[len(lines)-1] += " " + strings.TrimSpace(l)
			continue
		}
		lines = append(lines, l)
	}
	diags := app.ProbeOnly()
	if len(lines) != len(validate.Rules())+len(diags) {
		t.Errorf("%d lines for %d rules and %d probe diagnostics", len(lines), len(validate.Rules()), len(diags))
	}
	for i, r := range diags {
		if l := lines[len(validate.Rules())+i]; !strings.HasPrefix(l, string(r.ID)+" ") || !strings.Contains(l, r.Severity.String()+" (probe)") || !strings.Contains(l, r.Title) {
			t.Errorf("line %q does not list probe diagnostic %q", l, r.ID)
		}
	}
	for i, r := range validate.Rules() {
		if !strings.HasPrefix(lines[i], string(r.ID)+" ") || !strings.Contains(lines[i], r.Title) {
			t.Errorf("line %d %q does not list %q", i, lines[i], r.ID)
		}
	}
	if !strings.Contains(out, "(off)") {
		t.Error("opt-in rules are not marked")
	}

	code, out, _ = run(t, nil, "rules", "hardcoded-secret")
	r := validate.Lookup("hardcoded-secret")
	if code != 0 || !strings.HasPrefix(out, "hardcoded-secret\n") || !strings.Contains(out, "Bad (`"+r.Example.File+"`)") || !strings.Contains(out, validate.DocURL(r.ID)) {
		t.Errorf("rules hardcoded-secret: exit %d\n%s", code, out)
	}

	// a probe diagnostic: its documentation, and where it is on the web
	code, out, _ = run(t, nil, "rules", "transport-fallback")
	if code != 0 || !strings.HasPrefix(out, "transport-fallback\n\nThe URL answered only over the legacy SSE transport. Usual severity: warning.\n") ||
		!strings.Contains(out, "streamable HTTP first") || !strings.Contains(out, validate.DocURL("transport-fallback")) {
		t.Errorf("rules transport-fallback: exit %d\n%s", code, out)
	}
	for _, r := range diags {
		if r.Doc == "" {
			t.Errorf("probe diagnostic %q has no documentation", r.ID)
		}
		if code, out, _ := run(t, nil, "rules", string(r.ID)); code != 0 || !strings.Contains(out, r.Doc) {
			t.Errorf("rules %s: exit %d\n%s", r.ID, code, out)
		}
	}
	// an id both report is documented by its lint rule
	if code, out, _ := run(t, nil, "rules", "env-blocked"); code != 0 || !strings.Contains(out, validate.Lookup(normalize.RuleEnvBlocked).DocText()[:40]) {
		t.Errorf("rules env-blocked: exit %d\n%s", code, out)
	}

	code, _, errOut := run(t, nil, "rules", "hardcoded-secrets")
	if code != 2 || !strings.Contains(errOut, `did you mean "hardcoded-secret"?`) {
		t.Errorf("unknown rule: exit %d: %s", code, errOut)
	}
}

func TestSchemaCommand(t *testing.T) {
	code, out, _ := run(t, nil, "schema")
	if code != 0 || !strings.Contains(out, "vscode") || !strings.Contains(out, "codex") {
		t.Fatalf("schema list: exit %d\n%s", code, out)
	}
	for _, client := range app.SchemaClients() {
		code, out, errOut := run(t, nil, "schema", client)
		var doc map[string]any
		if code != 0 || json.Unmarshal([]byte(out), &doc) != nil {
			t.Fatalf("schema %s: exit %d %s", client, code, errOut)
		}
		if doc["$schema"] == nil || doc["$id"] == nil {
			t.Errorf("schema %s lacks $schema or $id", client)
		}
	}
	code, _, errOut := run(t, nil, "schema", "vscod")
	if code != 2 || !strings.Contains(errOut, `"vscode"`) {
		t.Errorf("unknown client: exit %d: %s", code, errOut)
	}
	code, out, _ = run(t, nil, "schema", "claude-code") // an alias
	if code != 0 || !strings.Contains(out, `"$schema"`) {
		t.Errorf("schema claude-code: exit %d", code)
	}
}

// TestSchemaClientWithout: a client mcpconf knows but checks without a
// JSON Schema (Zed) is not an unknown client: the message says there is no
// schema for it, and the list says so too.
func TestSchemaClientWithout(t *testing.T) {
	var without []*normalize.Client
	for _, c := range normalize.Clients() {
		if c.Schema == "" {
			without = append(without, c)
		}
	}
	if len(without) == 0 {
		t.Skip("every client has a schema")
	}
	_, list, _ := run(t, nil, "schema")
	for _, c := range without {
		code, out, errOut := run(t, nil, "schema", c.ID)
		want := fmt.Sprintf("mcpconf: no JSON Schema for client %q: mcpconf checks %s's files with its own rules; run 'mcpconf schema' for the clients that have one\n", c.ID, c.Product)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, want) {
			t.Errorf("schema %s: exit %d\nstdout: %s\nstderr: %s\nwant: %s", c.ID, code, out, errOut, want)
		}
		if !strings.Contains(list, c.ID+" ") || !strings.Contains(list, "(no schema)") {
			t.Errorf("the list does not say %s has no schema:\n%s", c.ID, list)
		}
	}
}

// TestRulesJSON: rules --format json lists every rule with the documented
// fields (README, "rules --format json"); with ID, that rule alone.
func TestRulesJSON(t *testing.T) {
	code, out, _ := run(t, nil, "rules", "--format", "json")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	var all []map[string]any
	if err := json.Unmarshal([]byte(out), &all); err != nil {
		t.Fatalf("bad JSON: %v\n%s", err, out)
	}
	if len(all) != len(validate.Rules())+len(app.ProbeOnly()) {
		t.Fatalf("%d rules, want %d and %d probe diagnostics", len(all), len(validate.Rules()), len(app.ProbeOnly()))
	}
	fields := []string{"id", "kind", "title", "severity", "off", "clients", "doc", "doc_url", "example"}
	for i, r := range app.ProbeOnly() {
		got := all[len(validate.Rules())+i]
		if got["id"] != string(r.ID) || got["kind"] != "probe" || got["severity"] != r.Severity.String() || got["doc"] != r.Doc || got["example"] != nil {
			t.Errorf("%s: %v", r.ID, got)
		}
	}
	for i, r := range validate.Rules() {
		got := all[i]
		for _, f := range fields {
			if _, ok := got[f]; !ok {
				t.Errorf("%s: no %q", r.ID, f)
			}
		}
		if got["id"] != string(r.ID) || got["kind"] != "lint" || got["severity"] != r.Severity.String() || got["off"] != r.Off || got["doc_url"] != validate.DocURL(r.ID) {
			t.Errorf("%s: %v", r.ID, got)
		}
		if ex, ok := got["example"].(map[string]any); r.Example.File != "" && (!ok || ex["file"] != r.Example.File || ex["bad"] != r.Example.Bad || ex["good"] != r.Example.Good) {
			t.Errorf("%s: example %v", r.ID, got["example"])
		}
	}
	code, out, _ = run(t, nil, "rules", "home-in-command", "--format", "json")
	var one map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &one) != nil || one["id"] != "home-in-command" || !strings.Contains(one["clients"].(string), "Codex") {
		t.Errorf("rules home-in-command --format json: exit %d\n%s", code, out)
	}
	if code, _, _ := run(t, nil, "rules", "--format", "yaml"); code != exitUsage {
		t.Errorf("--format yaml: exit %d", code)
	}
}
