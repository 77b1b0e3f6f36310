package edit

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

const claudeJSON = `{
  "mcpServers": {
    "a": {
      "url": "https://x/mcp"
    },
    "b": {
      "command": "npx",
      "args": ["pkg"]
    }
  }
}
`

const vscodeJSONC = `{
	// servers of this workspace
	"servers": {
		"a": {
			"url": "https://x/sse", // the old endpoint
		},
		/* b runs locally */
		"b": { "command": "npx", "args": ["pkg"], },
	},
}
`

func TestInsertMemberJSON(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "multi-line", format: normalize.JSON, src: claudeJSON,
			do: insert("/mcpServers/a", "type", `"http"`),
			want: `{
  "mcpServers": {
    "a": {
      "url": "https://x/mcp",
      "type": "http"
    },
    "b": {
      "command": "npx",
      "args": ["pkg"]
    }
  }
}
`},
		{name: "server into multi-line servers", format: normalize.JSON, src: claudeJSON,
			do: insert("/mcpServers", "c", `{"command": "uvx"}`),
			want: `{
  "mcpServers": {
    "a": {
      "url": "https://x/mcp"
    },
    "b": {
      "command": "npx",
      "args": ["pkg"]
    },
    "c": {"command": "uvx"}
  }
}
`},
		{name: "inline", format: normalize.JSON, src: `{"mcpServers": {"a": {"command": "npx", "args": ["pkg"]}}}`,
			do:   insert("/mcpServers/a", "type", `"stdio"`),
			want: `{"mcpServers": {"a": {"command": "npx", "args": ["pkg"], "type": "stdio"}}}`},
		{name: "minified", format: normalize.JSON, src: `{"mcpServers":{"a":{"command":"npx"}}}`,
			do:   insert("/mcpServers/a", "type", `"stdio"`),
			want: `{"mcpServers":{"a":{"command":"npx","type":"stdio"}}}`},
		{name: "empty object in a multi-line file", format: normalize.JSON, src: "{\n  \"mcpServers\": {}\n}\n",
			do:   insert("/mcpServers", "a", `{"command": "npx"}`),
			want: "{\n  \"mcpServers\": {\n    \"a\": {\"command\": \"npx\"}\n  }\n}\n"},
		{name: "empty object on one line", format: normalize.JSON, src: `{"mcpServers": {}}`,
			do:   insert("/mcpServers", "a", `1`),
			want: `{"mcpServers": {"a": 1}}`},
		{name: "empty root", format: normalize.JSON, src: "{}\n",
			do:   insert("", "mcpServers", `{}`),
			want: "{\"mcpServers\": {}}\n"},
		{name: "CRLF and tabs", format: normalize.JSON, src: "{\r\n\t\"a\": 1\r\n}\r\n",
			do:   insert("", "b", `true`),
			want: "{\r\n\t\"a\": 1,\r\n\t\"b\": true\r\n}\r\n"},
		{name: "four spaces learnt", format: normalize.JSON, src: "{\n    \"a\": {},\n    \"b\": 1\n}\n",
			do:   insert("/a", "k", `"v"`),
			want: "{\n    \"a\": {\n        \"k\": \"v\"\n    },\n    \"b\": 1\n}\n"},
		{name: "key needing escapes", format: normalize.JSON, src: `{"a": 1}`,
			do:   insert("", `q"<`, `null`),
			want: `{"a": 1, "q\"<": null}`},
		{name: "a value on several lines is indented", format: normalize.JSON, src: "{\n  \"mcpServers\": {\n    \"a\": {}\n  }\n}\n",
			do:   insert("/mcpServers", "b", "{\n  \"command\": \"npx\"\n}"),
			want: "{\n  \"mcpServers\": {\n    \"a\": {},\n    \"b\": {\n      \"command\": \"npx\"\n    }\n  }\n}\n"},
		{name: "key there already", format: normalize.JSON, src: `{"a": 1}`, do: insert("", "a", `2`), err: `key "a" is already in the object at "": replace its value instead`},
		{name: "not JSON", format: normalize.JSON, src: `{}`, do: insert("", "a", `npx`), err: `value "npx" is not JSON`},
		{name: "not an object", format: normalize.JSON, src: `{"a": []}`, do: insert("/a", "k", `1`), err: `value at "/a" is an array, not an object: "k" cannot be added`},
	})
}

func TestInsertMemberJSONC(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "trailing commas and a comment", format: normalize.JSONC, src: vscodeJSONC,
			do: insert("/servers/a", "type", `"sse"`),
			want: `{
	// servers of this workspace
	"servers": {
		"a": {
			"url": "https://x/sse", // the old endpoint
			"type": "sse",
		},
		/* b runs locally */
		"b": { "command": "npx", "args": ["pkg"], },
	},
}
`},
		{name: "inline with trailing comma", format: normalize.JSONC, src: vscodeJSONC,
			do: insert("/servers/b", "type", `"stdio"`),
			want: `{
	// servers of this workspace
	"servers": {
		"a": {
			"url": "https://x/sse", // the old endpoint
		},
		/* b runs locally */
		"b": { "command": "npx", "args": ["pkg"], "type": "stdio", },
	},
}
`},
		{name: "comment after the last member stays with it", format: normalize.JSONC, src: "{\n  \"a\": 1 // one\n}\n",
			do:   insert("", "b", `2`),
			want: "{\n  \"a\": 1, // one\n  \"b\": 2\n}\n"},
		{name: "empty object with a comment", format: normalize.JSONC, src: "{\n  \"servers\": {\n    // none yet\n  }\n}\n",
			do:   insert("/servers", "a", `{}`),
			want: "{\n  \"servers\": {\n    // none yet\n    \"a\": {}\n  }\n}\n"},
	})
}

func TestReplaceRenameJSON(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "replace string", format: normalize.JSON, src: claudeJSON, do: replaceAt("/mcpServers/b/command", `"uvx"`),
			want: `{
  "mcpServers": {
    "a": {
      "url": "https://x/mcp"
    },
    "b": {
      "command": "uvx",
      "args": ["pkg"]
    }
  }
}
`},
		{name: "replace array", format: normalize.JSON, src: `{"args": ["pkg"]}`, do: replaceAt("/args", `["-y", "pkg"]`),
			want: `{"args": ["-y", "pkg"]}`},
		{name: "replace string by bool", format: normalize.JSONC, src: "{\n  \"enabled\": \"false\", // off\n}\n", do: replaceAt("/enabled", `false`),
			want: "{\n  \"enabled\": false, // off\n}\n"},
		{name: "rename onto a key there", format: normalize.JSON, src: `{"a": 1, "b": 2}`, do: rename("/a", "b"),
			err: `key "b" is already in the object at "": renaming "a" would write it twice`},
		{name: "replace by a value on several lines", format: normalize.JSON, src: "{\n  \"env\": {}\n}\n", do: replaceAt("/env", "{\n  \"K\": \"v\"\n}"),
			want: "{\n  \"env\": {\n    \"K\": \"v\"\n  }\n}\n"},
		{name: "rename", format: normalize.JSONC, src: "{\n  // c\n  \"servers\": {}\n}\n", do: rename("/servers", "mcpServers"),
			want: "{\n  // c\n  \"mcpServers\": {}\n}\n"},
	})
}

func TestDeleteMemberJSON(t *testing.T) {
	runHelperCases(t, []helperCase{
		{name: "middle, own line", format: normalize.JSON, src: "{\n  \"a\": 1,\n  \"b\": 2,\n  \"c\": 3\n}\n", do: del("/b"),
			want: "{\n  \"a\": 1,\n  \"c\": 3\n}\n"},
		{name: "last, own line: the comma before goes", format: normalize.JSON, src: "{\n  \"a\": 1,\n  \"b\": 2\n}\n", do: del("/b"),
			want: "{\n  \"a\": 1\n}\n"},
		{name: "last with comments around", format: normalize.JSONC, src: "{\n  \"a\": 1, // one\n  // about b\n  \"b\": 2 // two\n}\n", do: del("/b"),
			want: "{\n  \"a\": 1 // one\n  // about b\n}\n"},
		{name: "last with trailing comma", format: normalize.JSONC, src: "{\n  \"a\": 1,\n  \"b\": 2,\n}\n", do: del("/b"),
			want: "{\n  \"a\": 1,\n}\n"},
		{name: "multi-line value", format: normalize.JSON, src: claudeJSON, do: del("/mcpServers/a"),
			want: `{
  "mcpServers": {
    "b": {
      "command": "npx",
      "args": ["pkg"]
    }
  }
}
`},
		{name: "only member", format: normalize.JSON, src: "{\n  \"a\": 1\n}\n", do: del("/a"), want: "{}\n"},
		{name: "only member, a comment stays", format: normalize.JSONC, src: "{\n  // c\n  \"a\": 1\n}\n", do: del("/a"), want: "{\n  // c\n}\n"},
		{name: "inline first", format: normalize.JSON, src: `{"a": 1, "b": 2}`, do: del("/a"), want: `{"b": 2}`},
		{name: "inline last", format: normalize.JSON, src: `{"a": 1, "b": 2}`, do: del("/b"), want: `{"a": 1}`},
		{name: "inline only", format: normalize.JSON, src: `{"x": { "a": 1 }}`, do: del("/x/a"), want: `{"x": {}}`},
		{name: "inline last, trailing comma", format: normalize.JSONC, src: `{"a": 1, "b": 2, }`, do: del("/b"), want: `{"a": 1, }`},
	})
}
