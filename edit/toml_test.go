package edit

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

const codexTOML = `# Codex config
model = "o3"

[mcp_servers.a]
command = "npx" # the runner
args = ["pkg"]

[mcp_servers.a.env]
TOKEN = "x"

# b speaks HTTP
[mcp_servers.b]
url = 'https://x/mcp'
`

func TestInsertMemberTOML(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "header table", format: normalize.TOML, src: codexTOML, do: insert("/mcp_servers/a", "startup_timeout_sec", `30`),
			want: `# Codex config
model = "o3"

[mcp_servers.a]
command = "npx" # the runner
args = ["pkg"]
startup_timeout_sec = 30

[mcp_servers.a.env]
TOKEN = "x"

# b speaks HTTP
[mcp_servers.b]
url = 'https://x/mcp'
`},
		{name: "last table without newline at end", format: normalize.TOML, src: "[a]\nx = 1", do: insert("/a", "y", `["-y", "p"]`),
			want: "[a]\nx = 1\ny = [\"-y\", \"p\"]\n"},
		{name: "empty header table", format: normalize.TOML, src: "[a]\n[b]\nx = 1\n", do: insert("/a", "k", `"v"`),
			want: "[a]\nk = \"v\"\n[b]\nx = 1\n"},
		{name: "root", format: normalize.TOML, src: codexTOML, do: insert("", "approval_policy", `"never"`),
			want: `# Codex config
model = "o3"
approval_policy = "never"

[mcp_servers.a]
command = "npx" # the runner
args = ["pkg"]

[mcp_servers.a.env]
TOKEN = "x"

# b speaks HTTP
[mcp_servers.b]
url = 'https://x/mcp'
`},
		{name: "root without keys", format: normalize.TOML, src: "[a]\nx = 1\n", do: insert("", "k", `true`),
			want: "k = true\n\n[a]\nx = 1\n"},
		{name: "inline table", format: normalize.TOML, src: "[s]\nenv = { A = \"1\" }\n", do: insert("/s/env", "B C", `"2"`),
			want: "[s]\nenv = { A = \"1\", \"B C\" = \"2\" }\n"},
		{name: "empty inline table", format: normalize.TOML, src: "env = {}\n", do: insert("/env", "A", `"1"`),
			want: "env = { A = \"1\" }\n"},
		{name: "dotted keys", format: normalize.TOML, src: "[s]\n  env.A = \"1\"\n  args = []\n", do: insert("/s/env", "B", `"2"`),
			want: "[s]\n  env.A = \"1\"\n  env.B = \"2\"\n  args = []\n"},
		{name: "table named only below", format: normalize.TOML, src: "[mcp_servers.a]\nx = 1\n", do: insert("/mcp_servers", "b", `1`),
			err: `add a [mcp_servers] header`},
		{name: "array of tables", format: normalize.TOML, src: "[[p]]\nx = 1\n[[p]]\nx = 2\n", do: insert("/p/0", "y", `3`),
			want: "[[p]]\nx = 1\ny = 3\n[[p]]\nx = 2\n"},
		{name: "null", format: normalize.TOML, src: "[a]\n", do: insert("/a", "k", `null`), err: "null has no TOML form"},
	})
}

func TestReplaceRenameTOML(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "basic string", format: normalize.TOML, src: codexTOML, do: replaceAt("/mcp_servers/a/command", `"uvx"`),
			want: replaceOnce(codexTOML, `command = "npx"`, `command = "uvx"`)},
		{name: "literal string stays literal", format: normalize.TOML, src: codexTOML, do: replaceAt("/mcp_servers/b/url", `"https://y/mcp"`),
			want: replaceOnce(codexTOML, `'https://x/mcp'`, `'https://y/mcp'`)},
		{name: "array over lines", format: normalize.TOML, src: "args = [\n  \"a\", # one\n  \"b\",\n]\nx = 1\n", do: replaceAt("/args", `["-y", "a", "b"]`),
			want: "args = [\"-y\", \"a\", \"b\"]\nx = 1\n"},
		{name: "multi-line string", format: normalize.TOML, src: "d = \"\"\"\nline\"\"\"\nx = 1\n", do: replaceAt("/d", `"one"`),
			want: "d = \"one\"\nx = 1\n"},
		{name: "string to bool", format: normalize.TOML, src: "enabled = \"false\" # off\n", do: replaceAt("/enabled", `false`),
			want: "enabled = false # off\n"},
		{name: "a table", format: normalize.TOML, src: codexTOML, do: replaceAt("/mcp_servers/a", `{}`), err: "cannot be replaced as a whole"},
		{name: "rename a key", format: normalize.TOML, src: codexTOML, do: rename("/mcp_servers/a/args", "arguments"),
			want: replaceOnce(codexTOML, "args = ", "arguments = ")},
		{name: "rename a table in every header", format: normalize.TOML, src: codexTOML, do: rename("/mcp_servers", "mcpServers"),
			want: `# Codex config
model = "o3"

[mcpServers.a]
command = "npx" # the runner
args = ["pkg"]

[mcpServers.a.env]
TOKEN = "x"

# b speaks HTTP
[mcpServers.b]
url = 'https://x/mcp'
`},
		{name: "rename a server, quoted", format: normalize.TOML, src: codexTOML, do: rename("/mcp_servers/a", "my server"),
			want: replaceOnce(replaceOnce(codexTOML, "[mcp_servers.a]", `[mcp_servers."my server"]`), "[mcp_servers.a.env]", `[mcp_servers."my server".env]`)},
		{name: "rename dotted", format: normalize.TOML, src: "[s]\nenv.A = \"1\"\nenv.B = \"2\"\n", do: rename("/s/env", "environment"),
			want: "[s]\nenvironment.A = \"1\"\nenvironment.B = \"2\"\n"},
		{name: "rename array of tables", format: normalize.TOML, src: "[[p]]\nx = 1\n[[p]]\nx = 2\n", do: rename("/p", "q"),
			want: "[[q]]\nx = 1\n[[q]]\nx = 2\n"},
	})
}

func TestDeleteMemberTOML(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "key with its comment", format: normalize.TOML, src: codexTOML, do: del("/mcp_servers/a/command"),
			want: replaceOnce(codexTOML, "command = \"npx\" # the runner\n", "")},
		{name: "a server with its sub-tables; the next header keeps its comment", format: normalize.TOML, src: codexTOML, do: del("/mcp_servers/a"),
			want: `# Codex config
model = "o3"

# b speaks HTTP
[mcp_servers.b]
url = 'https://x/mcp'
`},
		{name: "last server", format: normalize.TOML, src: codexTOML, do: del("/mcp_servers/b"),
			want: `# Codex config
model = "o3"

[mcp_servers.a]
command = "npx" # the runner
args = ["pkg"]

[mcp_servers.a.env]
TOKEN = "x"

`},
		{name: "a server's comment goes with it", format: normalize.TOML, src: "[a]\nx = 1\n\n# about b\n[b]\ny = 2\n", do: del("/b"),
			want: "[a]\nx = 1\n\n"},
		{name: "dotted table", format: normalize.TOML, src: "[s]\nenv.A = \"1\"\nx = 1\nenv.B = \"2\"\n", do: del("/s/env"),
			want: "[s]\nx = 1\n"},
		{name: "inline member", format: normalize.TOML, src: "env = { A = \"1\", B = \"2\" }\n", do: del("/env/A"),
			want: "env = { B = \"2\" }\n"},
		{name: "inline last", format: normalize.TOML, src: "env = { A = \"1\", B = \"2\" }\n", do: del("/env/B"),
			want: "env = { A = \"1\" }\n"},
		{name: "inline only", format: normalize.TOML, src: "env = { A = \"1\" }\n", do: del("/env/A"),
			want: "env = {}\n"},
		{name: "multi-line array value", format: normalize.TOML, src: "args = [\n  \"a\",\n]\nx = 1\n", do: del("/args"),
			want: "x = 1\n"},
	})
}

func replaceOnce(s, old, new string) string {
	i := indexOf2(s, old)
	if i < 0 {
		panic("no " + old)
	}
	return s[:i] + new + s[i+len(old):]
}

func indexOf2(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); i++ {
		if s[i:i+len(sub)] == sub {
			return i
		}
	}
	return -1
}

func TestInsertTableTOML(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "a server after the others", format: normalize.TOML, src: codexTOML,
			do: insert("/mcp_servers", "c", `{"command": "uvx", "args": ["x"], "env": {"K": "v"}}`),
			want: `# Codex config
model = "o3"

[mcp_servers.a]
command = "npx" # the runner
args = ["pkg"]

[mcp_servers.a.env]
TOKEN = "x"

# b speaks HTTP
[mcp_servers.b]
url = 'https://x/mcp'

[mcp_servers.c]
command = "uvx"
args = ["x"]
env = { K = "v" }
`},
		{name: "before the next header and its comment", format: normalize.TOML, src: "[mcp_servers.a]\ncommand = \"x\"\n\n# other\n[profile]\nk = 1\n",
			do:   insert("/mcp_servers", "b", `{"command": "y"}`),
			want: "[mcp_servers.a]\ncommand = \"x\"\n\n[mcp_servers.b]\ncommand = \"y\"\n\n# other\n[profile]\nk = 1\n"},
		{name: "no blank lines between sections", format: normalize.TOML, src: "[s.a]\nx = 1\n[t]\ny = 2",
			do:   insert("/s", "b", `{}`),
			want: "[s.a]\nx = 1\n[s.b]\n[t]\ny = 2"},
		{name: "a first table at the root", format: normalize.TOML, src: "model = \"o3\"",
			do:   insert("", "mcp_servers", `{"a": {"command": "x"}}`),
			want: "model = \"o3\"\n\n[mcp_servers.a]\ncommand = \"x\"\n"},
		{name: "servers under a new table, each a section, keys in order", format: normalize.TOML, src: "",
			do:   insert("", "mcp_servers", `{"z": {"url": "https://x/mcp", "bearer_token_env_var": "T"}, "a": {"command": "x", "args": ["y"], "env": {"B": "1", "A": "2"}}}`),
			want: "[mcp_servers.z]\nurl = \"https://x/mcp\"\nbearer_token_env_var = \"T\"\n\n[mcp_servers.a]\ncommand = \"x\"\nargs = [\"y\"]\nenv = { B = \"1\", A = \"2\" }\n"},
		{name: "a table with a key and a table stays one section", format: normalize.TOML, src: "",
			do:   insert("", "t", `{"k": 1, "sub": {"a": 1}}`),
			want: "[t]\nk = 1\nsub = { a = 1 }\n"},
		{name: "a header table", format: normalize.TOML, src: "[mcp_servers.a]\ncommand = \"x\"\n",
			do:   insert("/mcp_servers/a", "env", `{"K": "v"}`),
			want: "[mcp_servers.a]\ncommand = \"x\"\n\n[mcp_servers.a.env]\nK = \"v\"\n"},
		{name: "quoted keys", format: normalize.TOML, src: "[mcp_servers.\"my server\"]\ncommand = \"x\"\n",
			do:   insert("/mcp_servers", "other one", `{"command": "y"}`),
			want: "[mcp_servers.\"my server\"]\ncommand = \"x\"\n\n[mcp_servers.\"other one\"]\ncommand = \"y\"\n"},
	})
}
