package schemas

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/pelletier/go-toml/v2"
	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/tailscale/hujson"
)

// decodeJSON decodes JSON or JSONC the way the discover package hands
// documents over: encoding/json with UseNumber.
func decodeJSON(t *testing.T, src string) any {
	t.Helper()
	std, err := hujson.Standardize([]byte(src))
	if err != nil {
		t.Fatalf("bad JSONC in test: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(std))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatalf("bad JSON in test: %v", err)
	}
	return v
}

func decodeTOML(t *testing.T, src string) any {
	t.Helper()
	var v map[string]any
	if err := toml.Unmarshal([]byte(src), &v); err != nil {
		t.Fatalf("bad TOML in test: %v", err)
	}
	return v
}

func decode(t *testing.T, schema, src string) any {
	t.Helper()
	if schema == "codex" || schema == "agent-code" {
		return decodeTOML(t, src)
	}
	return decodeJSON(t, src)
}

func TestNames(t *testing.T) {
	want := []string{"agent-code", "cline", "codex", "gemini", "mcp-servers", "opencode", "roo", "vscode", "x-code"}
	if got := schemaNames(); !slices.Equal(got, want) {
		t.Fatalf("schemaNames() = %q, want %q", got, want)
	}
}

func TestSource(t *testing.T) {
	if _, ok := Source("codex"); !ok {
		t.Error(`Source("codex") not found`)
	}
	for _, name := range []string{"", "nope", "codex.json", "../schemas/codex", "./codex"} {
		if _, ok := Source(name); ok {
			t.Errorf("Source(%q) found, want not found", name)
		}
	}
}

func TestSchemaFiles(t *testing.T) {
	for _, name := range schemaNames() {
		t.Run(name, func(t *testing.T) {
			src, _ := Source(name)
			var doc map[string]any
			if err := json.Unmarshal(src, &doc); err != nil {
				t.Fatalf("not valid JSON: %v", err)
			}
			if got := doc["$schema"]; got != "https://json-schema.org/draft/2020-12/schema" {
				t.Errorf("$schema = %v, want draft 2020-12", got)
			}
			if got, want := doc["$id"], BaseURL+name+".json"; got != want {
				t.Errorf("$id = %v, want %s", got, want)
			}
			for _, key := range []string{"title", "description"} {
				if s, _ := doc[key].(string); s == "" {
					t.Errorf("missing %s", key)
				}
			}
			// Editors show property descriptions, so every declared
			// property needs one.
			for _, p := range undescribed(doc, "") {
				t.Errorf("property %s has no description", p)
			}
		})
	}
}

// undescribed lists the schema paths of declared properties that have no
// description.
func undescribed(v any, path string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		if props, ok := x["properties"].(map[string]any); ok {
			for name, p := range props {
				if m, ok := p.(map[string]any); ok && m["description"] == nil {
					out = append(out, path+"/properties/"+name)
				}
			}
		}
		for k, e := range x {
			if k == "if" { // conditions, never shown to users
				continue
			}
			out = append(out, undescribed(e, path+"/"+k)...)
		}
	case []any:
		for i, e := range x {
			out = append(out, undescribed(e, fmt.Sprintf("%s/%d", path, i))...)
		}
	}
	return out
}

func TestCompileAll(t *testing.T) {
	for _, name := range schemaNames() {
		if _, err := schema(name); err != nil {
			t.Errorf("%s: %v", name, err)
		}
		errs, err := Validate(name, map[string]any{})
		if err != nil {
			t.Errorf("%s: %v", name, err)
		}
		if len(errs) != 0 {
			t.Errorf("%s: empty document has errors: %v", name, errs)
		}
	}
}

func TestValidateUnknownSchema(t *testing.T) {
	if _, err := Validate("nope", map[string]any{}); err == nil {
		t.Error("want an error for an unknown schema")
	}
}

func TestForClient(t *testing.T) {
	tests := map[string]string{
		"pisces": "mcp-servers", "claude": "mcp-servers", "cursor": "mcp-servers",
		"windsurf": "mcp-servers", "mcp-json": "mcp-servers", "vscode": "vscode",
		"codex": "codex", "gemini": "gemini", "opencode": "opencode",
		"agent-code": "agent-code", "x-code": "x-code", "zed": "", "": "",
	}
	for client, want := range tests {
		got := ForClient(client)
		if got != want {
			t.Errorf("ForClient(%q) = %q, want %q", client, got, want)
		}
		if got != "" {
			if _, ok := Source(got); !ok {
				t.Errorf("ForClient(%q) names a missing schema %q", client, got)
			}
		}
	}
}

// Richer valid instances than formats.md's examples (TestFormatsExamples
// validates those): more fields, more clients, other top-level keys.
var cleanExamples = []struct {
	name, schema, src string
}{
	{"claude code ~/.claude.json", "mcp-servers", `{
  "numStartups": 12,
  "mcpServers": { "fs": { "command": "npx", "args": ["-y", "server-fs"] } },
  "projects": {
    "/home/me/repo": {
      "mcpServers": { "db": { "type": "sse", "url": "http://localhost:9000/sse" } },
      "disabledMcpServers": ["fs"],
      "enabledMcpjsonServers": ["github"],
      "allowedTools": []
    }
  }
}`},
	{"claude desktop", "mcp-servers", `{ "mcpServers": { "filesystem": { "command": "npx",
    "args": ["-y", "@modelcontextprotocol/server-filesystem", "/Users/me/Desktop"] } },
  "preferences": { "theme": "dark" } }`},
	{"cursor", "mcp-servers", `{ "mcpServers": {
  "local": { "command": "node", "args": ["${workspaceFolder}/mcp/index.js"],
             "env": { "API_KEY": "${env:API_KEY}" }, "envFile": "${workspaceFolder}/.env" },
  "remote": { "url": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer ${env:TOKEN}" },
              "auth": { "CLIENT_ID": "abc", "CLIENT_SECRET": "${env:SECRET}", "scopes": ["read"] } } } }`},
	{"windsurf", "mcp-servers", `{ "mcpServers": {
  "github": { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
              "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GH_TOKEN}" }, "disabled": false },
  "remote": { "serverUrl": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer ${env:AUTH_TOKEN}" } } } }`},
	{"roo code", "mcp-servers", `{ "mcpServers": {
  "gh":   { "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
            "env": { "GITHUB_TOKEN": "${env:GITHUB_TOKEN}" }, "alwaysAllow": ["get_issue"], "disabled": false },
  "docs": { "type": "streamable-http", "url": "https://example.com/mcp", "timeout": 120 } } }`},
	{"pisces", "mcp-servers", `{
  "$schema": "https://example.com/pisces-mcp.json",
  "disabledServers": ["old"],
  "enabledServers": ["docs"],
  "mcpServers": {
    "gh": { "type": "stdio", "command": "npx", "args": ["-y", "server-github"], "cwd": ".",
            "env": { "GITHUB_TOKEN": "!gh auth token" }, "enabled": "1", "timeout": 0,
            "enabledTools": ["get_*"], "disabledTools": ["delete_*"], "lazy": true,
            "requestIdFormat": "number" },
    "docs": { "type": "http", "url": "https://example.com/mcp", "enabled": false, "timeout": 30000,
              "headers": { "Authorization": "DOCS_TOKEN" },
              "auth": { "type": "oauth", "credentialId": "c1", "tokenUrl": "https://example.com/token" },
              "oauth": { "clientId": "id", "scope": "read write", "callbackPort": 8765, "callbackPath": "/cb" } },
    "ws": { "type": "ws", "url": "ws://localhost:1234", "enabled": "true" }
  }
}`},
	{"vscode", "vscode", `{
  "inputs": [ { "type": "promptString", "id": "gh-token", "description": "GitHub PAT", "password": true },
              { "type": "pickString", "id": "region", "options": ["eu", { "label": "US", "value": "us" }], "default": "eu" } ],
  "servers": {
    "github": { "type": "stdio", "command": "npx", "args": ["-y", "@modelcontextprotocol/server-github"],
                "env": { "GITHUB_TOKEN": "${input:gh-token}", "DEBUG": null, "PORT": 8080 },
                "envFile": "${workspaceFolder}/.env", "sandboxEnabled": true,
                "sandbox": { "filesystem": { "allowWrite": ["${workspaceFolder}"] }, "network": { "allowedDomains": ["github.com"] } },
                "dev": { "watch": "src/**/*.ts", "debug": { "type": "node" } } },
    "ctx7": { "type": "http", "url": "https://mcp.context7.com/mcp", "oauth": { "clientId": "x" } }, // trailing comma OK
  }
}`},
	{"codex", "codex", `
model = "o3"

[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env_vars = ["GITHUB_TOKEN", { name = "HOME_DIR", source = "remote" }]
startup_timeout_sec = 20
enabled_tools = ["search_issues", "get_issue"]
default_tools_approval_mode = "prompt"

[mcp_servers.github.tools.get_issue]
approval_mode = "auto"

[mcp_servers.figma]
url = "https://mcp.figma.com/mcp"
bearer_token_env_var = "FIGMA_TOKEN"
env_http_headers = { "X-Org" = "FIGMA_ORG" }
tool_timeout_sec = 60.0
startup_timeout_ms = 10000
scopes = ["read"]
oauth = { client_id = "abc" }
oauth_resource = "https://mcp.figma.com"
required = true
supports_parallel_tool_calls = true

[profiles.fast]
model = "o4-mini"
`},
	// "writes" was added by openai/codex#30482 (July 2026); real configs use it.
	{"codex writes approval mode", "codex", `
[mcp_servers.tracker]
command = "node"
args = ["dist/index.js"]
default_tools_approval_mode = "writes"

[mcp_servers.tracker.tools.delete_all]
approval_mode = "writes"
`},
	{"gemini", "gemini", `{
  "mcp": { "excluded": ["experimental"] },
  "mcpServers": {
    "local": { "command": "python", "args": ["-m", "srv"], "cwd": "./tools",
               "env": { "API_KEY": "$MY_API_KEY" }, "timeout": 30000, "trust": false,
               "excludeTools": ["delete_all"] },
    "remote": { "url": "https://example.com/mcp", "type": "http",
                "headers": { "Authorization": "Bearer ${TOKEN}" } },
    "gcp": { "httpUrl": "https://run.example.com/mcp", "authProviderType": "service_account_impersonation",
             "targetAudience": "aud", "targetServiceAccount": "sa@example.iam.gserviceaccount.com",
             "oauth": { "enabled": true, "scopes": ["openid"] } }
  },
  "theme": "GitHub"
}`},
	{"opencode", "opencode", `{
  "$schema": "https://opencode.ai/config.json",
  "mcp": {
    "fs":   { "type": "local", "command": ["npx", "-y", "@modelcontextprotocol/server-filesystem", "."],
              "environment": { "TOKEN": "{env:FS_TOKEN}" }, "timeout": 10000 },
    "docs": { "type": "remote", "url": "https://example.com/mcp",
              "headers": { "Authorization": "Bearer {env:DOCS_TOKEN}" }, "oauth": false },
    "auth": { "type": "remote", "url": "https://example.com/mcp", "oauth": { "clientId": "x" }, "enabled": true },
    "off":  { "enabled": false },
  },
  "theme": "opencode"
}`},
	{"agent-code", "agent-code", `
[mcp_servers.github]
command = "npx"
args = ["-y", "@modelcontextprotocol/server-github"]
env = { GITHUB_TOKEN = "ghp_..." }

[mcp_servers.remote]
url = "http://localhost:8080"

[security]
mcp_server_allowlist = ["github", "remote"]
mcp_server_denylist = []

[model]
name = "x"
`},
}

func TestCleanExamples(t *testing.T) {
	for _, tc := range cleanExamples {
		t.Run(tc.name, func(t *testing.T) {
			errs, err := Validate(tc.schema, decode(t, tc.schema, tc.src))
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range errs {
				t.Errorf("unexpected error: %s: %s [%s]", e.Pointer, e.Message, e.Keyword)
			}
		})
	}
}

// TestFormatsExamples validates the example configs of formats.md, the
// files lint's clean test also reads.
func TestFormatsExamples(t *testing.T) {
	files := 0
	err := filepath.WalkDir("../testdata/formats", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(p) == ".md" {
			return err
		}
		client := strings.Split(filepath.ToSlash(p), "/")[3] // ../testdata/formats/<client>/…
		schema := ForClient(client)
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		files++
		errs, err := Validate(schema, decode(t, schema, string(src)))
		if err != nil {
			return err
		}
		for _, e := range errs {
			t.Errorf("%s: %s: %s [%s]", p, e.Pointer, e.Message, e.Keyword)
		}
		return nil
	})
	if err != nil || files != 9 {
		t.Fatalf("walked %d files: %v", files, err)
	}
}

// badInstances are invalid documents with the complete, ordered result of
// validating each.
var badInstances = []struct {
	name, schema, src string
	want              []Error // the complete, ordered result
}{
	// mcp-servers
	{"args string", "mcp-servers", `{"mcpServers": {"x": {"command": "npx", "args": "-y"}}}`,
		[]Error{{"/mcpServers/x/args", "type", `"args" must be an array, got string`}}},
	{"args item", "mcp-servers", `{"mcpServers": {"x": {"command": "npx", "args": ["-y", 3]}}}`,
		[]Error{{"/mcpServers/x/args/1", "type", `item 1 of "args" must be a string, got number`}}},
	{"unknown type", "mcp-servers", `{"mcpServers": {"x": {"type": "foo", "url": "http://x"}}}`,
		[]Error{{"/mcpServers/x/type", "enum", `value "foo" is not one of "stdio", "http", "sse", "streamable-http", "ws"`}}},
	{"timeout string", "mcp-servers", `{"mcpServers": {"x": {"command": "a", "timeout": "30s"}}}`,
		[]Error{{"/mcpServers/x/timeout", "type", `"timeout" must be a number, got string`}}},
	{"timeout negative", "mcp-servers", `{"mcpServers": {"x": {"command": "a", "timeout": -1.5}}}`,
		[]Error{{"/mcpServers/x/timeout", "minimum", `"timeout" must be at least 0, got -1.5`}}},
	{"enabled yes", "mcp-servers", `{"mcpServers": {"x": {"command": "a", "enabled": "yes"}}}`,
		[]Error{{"/mcpServers/x/enabled", "enum", `value "yes" is not one of true, false, "true", "false", "1", "0"`}}},
	{"enabled number", "mcp-servers", `{"mcpServers": {"x": {"command": "a", "enabled": 1}}}`,
		[]Error{{"/mcpServers/x/enabled", "type", `"enabled" must be a boolean or a string, got number`}}},
	{"env value", "mcp-servers", `{"mcpServers": {"x": {"command": "a", "env": {"PORT": 80}}}}`,
		[]Error{{"/mcpServers/x/env/PORT", "type", `"PORT" must be a string, got number`}}},
	{"server not object", "mcp-servers", `{"mcpServers": {"x": "npx"}}`,
		[]Error{{"/mcpServers/x", "type", `"x" must be an object, got string`}}},
	{"servers array", "mcp-servers", `{"mcpServers": []}`,
		[]Error{{"/mcpServers", "type", `"mcpServers" must be an object, got array`}}},
	{"root array", "mcp-servers", `[]`,
		[]Error{{"", "type", `value must be an object, got array`}}},
	{"disabledServers", "mcp-servers", `{"disabledServers": "a", "mcpServers": {}}`,
		[]Error{{"/disabledServers", "type", `"disabledServers" must be an array, got string`}}},
	{"claude local scope, escaped pointer", "mcp-servers", `{"projects": {"/home/me/r~1": {"mcpServers": {"db": {"args": "x"}}}}}`,
		[]Error{{"/projects/~1home~1me~1r~01/mcpServers/db/args", "type", `"args" must be an array, got string`}}},
	{"several, sorted", "mcp-servers", `{"mcpServers": {
		"b": {"command": 1, "args": "x", "requestIdFormat": "uuid"},
		"a": {"headers": {"X": true}, "oauth": {"callbackPort": 70000}}}}`,
		[]Error{
			{"/mcpServers/a/headers/X", "type", `"X" must be a string, got boolean`},
			{"/mcpServers/a/oauth/callbackPort", "maximum", `"callbackPort" must be at most 65535, got 70000`},
			{"/mcpServers/b/args", "type", `"args" must be an array, got string`},
			{"/mcpServers/b/command", "type", `"command" must be a string, got number`},
			{"/mcpServers/b/requestIdFormat", "enum", `value "uuid" is not one of "string", "number"`},
		}},
	// vscode
	{"input without id", "vscode", `{"inputs": [{"type": "promptString", "description": "x"}], "servers": {}}`,
		[]Error{{"/inputs/0", "required", `missing required property "id"`}}},
	{"input type", "vscode", `{"inputs": [{"type": "text", "id": "a"}]}`,
		[]Error{{"/inputs/0/type", "enum", `value "text" is not one of "promptString", "pickString"`}}},
	{"pickString without options", "vscode", `{"inputs": [{"id": "a", "type": "pickString"}]}`,
		[]Error{{"/inputs/0", "required", `missing required property "options"`}}},
	{"input option object without value", "vscode", `{"inputs": [{"id": "a", "type": "pickString", "options": [{"label": "A"}, 2]}]}`,
		[]Error{
			{"/inputs/0/options/0", "required", `missing required property "value"`},
			{"/inputs/0/options/1", "type", `item 1 of "options" must be a string or an object, got number`},
		}},
	{"vscode env value", "vscode", `{"servers": {"s": {"command": "a", "env": {"A": {}, "B": true}}}}`,
		[]Error{
			{"/servers/s/env/A", "type", `"A" must be null, a number or a string, got object`},
			{"/servers/s/env/B", "type", `"B" must be null, a number or a string, got boolean`},
		}},
	{"vscode type", "vscode", `{"servers": {"s": {"type": "streamable-http", "url": "https://x"}}}`,
		[]Error{{"/servers/s/type", "enum", `value "streamable-http" is not one of "stdio", "http", "sse"`}}},
	{"vscode dev", "vscode", `{"servers": {"s": {"command": "a", "dev": {"watch": 1, "debug": {"type": "lldb"}}}}}`,
		[]Error{
			{"/servers/s/dev/debug/type", "enum", `value "lldb" is not one of "node", "debugpy"`},
			{"/servers/s/dev/watch", "type", `"watch" must be a string or an array, got number`},
		}},
	// codex
	{"codex startup timeout", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\nstartup_timeout_sec = \"20\"\n",
		[]Error{{"/mcp_servers/gh/startup_timeout_sec", "type", `"startup_timeout_sec" must be a number, got string`}}},
	{"codex ms not integer", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\nstartup_timeout_ms = 1.5\n",
		[]Error{{"/mcp_servers/gh/startup_timeout_ms", "type", `"startup_timeout_ms" must be an integer, got number`}}},
	{"codex datetime", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\ntool_timeout_sec = 1979-05-27T07:32:00Z\n",
		[]Error{{"/mcp_servers/gh/tool_timeout_sec", "type", `"tool_timeout_sec" must be a number, got string`}}},
	{"codex env_vars item type", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\nenv_vars = [5]\n",
		[]Error{{"/mcp_servers/gh/env_vars/0", "type", `item 0 of "env_vars" must be a string or an object, got number`}}},
	{"codex env_vars source", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\nenv_vars = [{ name = \"A\", source = \"mars\" }]\n",
		[]Error{{"/mcp_servers/gh/env_vars/0/source", "enum", `value "mars" is not one of "local", "remote"`}}},
	{"codex env_vars object without name", "codex", "[mcp_servers.gh]\ncommand = \"gh\"\nenv_vars = [{ source = \"local\" }]\n",
		[]Error{{"/mcp_servers/gh/env_vars/0", "required", `missing required property "name"`}}},
	{"codex approval modes", "codex", "[mcp_servers.gh]\nurl = \"https://x\"\ndefault_tools_approval_mode = \"never\"\n[mcp_servers.gh.tools.search]\napproval_mode = 1\n",
		[]Error{
			{"/mcp_servers/gh/default_tools_approval_mode", "enum", `value "never" is not one of "auto", "prompt", "writes", "approve"`},
			{"/mcp_servers/gh/tools/search/approval_mode", "type", `"approval_mode" must be a string, got number`},
		}},
	{"codex headers and oauth", "codex", "[mcp_servers.f]\nurl = \"https://x\"\nhttp_headers = { X = 1 }\noauth = { client_id = true }\nenabled = \"no\"\n",
		[]Error{
			{"/mcp_servers/f/enabled", "type", `"enabled" must be a boolean, got string`},
			{"/mcp_servers/f/http_headers/X", "type", `"X" must be a string, got number`},
			{"/mcp_servers/f/oauth/client_id", "type", `"client_id" must be a string, got boolean`},
		}},
	{"codex servers not a table", "codex", "mcp_servers = 5\n",
		[]Error{{"/mcp_servers", "type", `"mcp_servers" must be an object, got number`}}},
	// gemini
	{"gemini type", "gemini", `{"mcpServers": {"r": {"url": "https://x", "type": "streamable-http"}}}`,
		[]Error{{"/mcpServers/r/type", "enum", `value "streamable-http" is not one of "stdio", "sse", "http"`}}},
	{"gemini timeout and tools", "gemini", `{"mcpServers": {"r": {"command": "x", "timeout": "10s", "includeTools": "a", "trust": "yes"}}}`,
		[]Error{
			{"/mcpServers/r/includeTools", "type", `"includeTools" must be an array, got string`},
			{"/mcpServers/r/timeout", "type", `"timeout" must be a number, got string`},
			{"/mcpServers/r/trust", "type", `"trust" must be a boolean, got string`},
		}},
	{"gemini mcp lists", "gemini", `{"mcp": {"allowed": "a", "excluded": [1]}}`,
		[]Error{
			{"/mcp/allowed", "type", `"allowed" must be an array, got string`},
			{"/mcp/excluded/0", "type", `item 0 of "excluded" must be a string, got number`},
		}},
	{"gemini auth provider", "gemini", `{"mcpServers": {"r": {"httpUrl": "https://x", "authProviderType": "oauth", "oauth": {"scopes": "a"}}}}`,
		[]Error{
			{"/mcpServers/r/authProviderType", "enum", `value "oauth" is not one of "dynamic_discovery", "google_credentials", "service_account_impersonation"`},
			{"/mcpServers/r/oauth/scopes", "type", `"scopes" must be an array, got string`},
		}},
	// opencode
	{"opencode command string", "opencode", `{"mcp": {"fs": {"type": "local", "command": "npx server-fs"}}}`,
		[]Error{{"/mcp/fs/command", "type", `"command" must be an array, got string`}}},
	{"opencode command empty", "opencode", `{"mcp": {"fs": {"type": "local", "command": []}}}`,
		[]Error{{"/mcp/fs/command", "minItems", `"command" must have at least 1 item, got 0`}}},
	{"opencode missing type", "opencode", `{"mcp": {"fs": {"command": ["npx"]}}}`,
		[]Error{{"/mcp/fs", "required", `missing required property "type"`}}},
	{"opencode unknown type", "opencode", `{"mcp": {"fs": {"type": "stdio", "command": "npx"}}}`,
		[]Error{{"/mcp/fs/type", "enum", `value "stdio" is not one of "local", "remote"`}}},
	{"opencode local without command", "opencode", `{"mcp": {"fs": {"type": "local", "environment": {"A": 1}}}}`,
		[]Error{
			{"/mcp/fs", "required", `missing required property "command"`},
			{"/mcp/fs/environment/A", "type", `"A" must be a string, got number`},
		}},
	{"opencode remote", "opencode", `{"mcp": {"docs": {"type": "remote", "oauth": true, "timeout": 1.5, "headers": []}}}`,
		[]Error{
			{"/mcp/docs", "required", `missing required property "url"`},
			{"/mcp/docs/headers", "type", `"headers" must be an object, got array`},
			{"/mcp/docs/oauth", "const", `value true must be false`},
			{"/mcp/docs/timeout", "type", `"timeout" must be an integer, got number`},
		}},
	{"opencode toggle", "opencode", `{"mcp": {"off": {"enabled": "no"}}}`,
		[]Error{{"/mcp/off/enabled", "type", `"enabled" must be a boolean, got string`}}},
	// agent-code
	{"agent-code", "agent-code", "[mcp_servers.gh]\ncommand = 1\nargs = \"-y\"\nenv = { A = 1 }\n[security]\nmcp_server_allowlist = \"gh\"\n",
		[]Error{
			{"/mcp_servers/gh/args", "type", `"args" must be an array, got string`},
			{"/mcp_servers/gh/command", "type", `"command" must be a string, got number`},
			{"/mcp_servers/gh/env/A", "type", `"A" must be a string, got number`},
			{"/security/mcp_server_allowlist", "type", `"mcp_server_allowlist" must be an array, got string`},
		}},
}

func TestBadInstances(t *testing.T) {
	tests := badInstances
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Validate(tc.schema, decode(t, tc.schema, tc.src))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got:\n%s\nwant:\n%s", dump(got), dump(tc.want))
			}
			for _, e := range got {
				checkStyle(t, e)
			}
		})
	}
}

func dump(errs []Error) string {
	var sb strings.Builder
	for _, e := range errs {
		fmt.Fprintf(&sb, "  %q %s: %s\n", e.Pointer, e.Keyword, e.Message)
	}
	return sb.String()
}

func checkStyle(t *testing.T, e Error) {
	t.Helper()
	if e.Message == "" || strings.HasSuffix(e.Message, ".") || strings.ToLower(e.Message[:1]) != e.Message[:1] {
		t.Errorf("message %q: want lower case, no final period", e.Message)
	}
	if e.Keyword == "" {
		t.Errorf("message %q has no keyword", e.Message)
	}
}

// Unknown keys are the unknown-field rule's business, not the schema's.
func TestUnknownKeysAllowed(t *testing.T) {
	docs := map[string]string{
		"mcp-servers": `{"mcpServers": {"x": {"comand": "npx", "argz": 1}}, "other": 1}`,
		"vscode":      `{"servers": {"x": {"comand": "npx"}}, "mcpServers": {}}`,
		"codex":       "[mcp_servers.x]\ncomand = \"npx\"\n",
		"gemini":      `{"mcpServers": {"x": {"comand": "npx"}}}`,
		"opencode":    `{"mcp": {"x": {"type": "local", "command": ["npx"], "cmd": 1}}}`,
		"agent-code":  "[mcp_servers.x]\ncomand = \"npx\"\n",
	}
	for name, src := range docs {
		errs, err := Validate(name, decode(t, name, src))
		if err != nil || len(errs) != 0 {
			t.Errorf("%s: got %v, %v; want no errors", name, errs, err)
		}
	}
}

// Go values that are not encoding/json output are converted, not rejected.
func TestGoValues(t *testing.T) {
	doc := map[string]any{
		"mcpServers": map[string]any{
			"x": map[string]any{
				"args":    []string{"-y"},
				"env":     map[string]string{"A": "b"},
				"timeout": int64(30),
			},
		},
	}
	errs, err := Validate("mcp-servers", doc)
	if err != nil || len(errs) != 0 {
		t.Fatalf("got %v, %v; want no errors", errs, err)
	}
	// The caller's document is not modified by the conversion.
	if _, ok := doc["mcpServers"].(map[string]any)["x"].(map[string]any)["args"].([]string); !ok {
		t.Error("instance was modified")
	}
}

func TestConcurrentValidate(t *testing.T) {
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			name := schemaNames()[i%len(schemaNames())]
			if _, err := Validate(name, map[string]any{}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// validateInline runs the flattening on an ad hoc schema, for shapes the
// embedded schemas do not use.
func validateInline(t *testing.T, schema, instance string) []Error {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("mem:///s.json", doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile("mem:///s.json")
	if err != nil {
		t.Fatal(err)
	}
	inst := decodeJSON(t, instance)
	err = sch.Validate(inst)
	if err == nil {
		return nil
	}
	return collect(err.(*jsonschema.ValidationError), inst)
}

func TestOneOfPicksBranch(t *testing.T) {
	const schema = `{
  "properties": {"debug": {"oneOf": [
    {"type": "object", "required": ["type"], "properties": {"type": {"const": "node"}, "port": {"type": "integer"}}},
    {"type": "object", "required": ["type", "path"], "properties": {"type": {"const": "debugpy"}, "path": {"type": "string"}}},
    {"type": "string"}
  ]}}
}`
	tests := []struct {
		instance string
		want     []Error
	}{
		// The branch selected by "type" reports, the others stay quiet.
		{`{"debug": {"type": "node", "port": "x"}}`,
			[]Error{{"/debug/port", "type", `"port" must be an integer, got string`}}},
		{`{"debug": {"type": "debugpy"}}`,
			[]Error{{"/debug", "required", `missing required property "path"`}}},
		// No branch selected: the discriminators merge into one message.
		{`{"debug": {"type": "lldb"}}`,
			[]Error{{"/debug/type", "enum", `value "lldb" is not one of "node", "debugpy"`}}},
		{`{"debug": 3}`,
			[]Error{{"/debug", "type", `"debug" must be an object or a string, got number`}}},
		{`{"debug": {"type": "node"}}`, nil},
	}
	for _, tc := range tests {
		got := validateInline(t, schema, tc.instance)
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s\ngot:\n%s\nwant:\n%s", tc.instance, dump(got), dump(tc.want))
		}
	}
}

func TestOtherKeywordsMessages(t *testing.T) {
	const schema = `{
  "type": "object",
  "additionalProperties": false,
  "properties": {
    "name": {"type": "string", "pattern": "^[a-z]+$", "maxLength": 3},
    "tags": {"type": "array", "uniqueItems": true, "maxItems": 2},
    "n": {"type": "number", "exclusiveMinimum": 0, "multipleOf": 2}
  }
}`
	got := validateInline(t, schema, `{"name": "ABCD", "tags": ["a", "a", "b"], "n": 3, "x": 1, "y~/": 2}`)
	wantMsgs := map[string][]string{
		"/n":     {`"n" must be a multiple of 2, got 3`},
		"/name":  {`"name" must be at most 3 characters long, got 4`, `value "ABCD" does not match pattern "^[a-z]+$"`},
		"/tags":  {`"tags" has equal items at 0 and 1`, `"tags" must have at most 2 items, got 3`},
		"/x":     {`property "x" is not allowed`},
		"/y~0~1": {`property "y~/" is not allowed`},
	}
	gotMsgs := map[string][]string{}
	for _, e := range got {
		checkStyle(t, e)
		gotMsgs[e.Pointer] = append(gotMsgs[e.Pointer], e.Message)
	}
	for ptr, msgs := range wantMsgs {
		if !slices.Equal(gotMsgs[ptr], msgs) {
			t.Errorf("%s: got %q, want %q", ptr, gotMsgs[ptr], msgs)
		}
	}
	if len(gotMsgs) != len(wantMsgs) {
		t.Errorf("got errors at %d pointers, want %d:\n%s", len(gotMsgs), len(wantMsgs), dump(got))
	}
}

func TestComparePointers(t *testing.T) {
	ptrs := []string{"/a/10", "/a/2", "/b", "", "/a", "/a/2/x"}
	slices.SortFunc(ptrs, comparePointers)
	want := []string{"", "/a", "/a/2", "/a/2/x", "/a/10", "/b"}
	if !slices.Equal(ptrs, want) {
		t.Errorf("got %q, want %q", ptrs, want)
	}
}
