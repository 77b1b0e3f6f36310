package normalize_test

import (
	"testing"

	"github.com/mcpconf/mcpconf/discover"
	. "github.com/mcpconf/mcpconf/normalize"
)

// TestSettingsCheck: the keys of a Claude Code settings file whose wrong
// type voids the file, and those that do not (2.1.331's settings loader;
// testdata/clients/claude-settings-invalid, claude-settings-invalid-edges).
func TestSettingsCheck(t *testing.T) {
	var check *SettingsCheck
	for _, st := range ClientByID("claude").Approval.Settings {
		if st.File.Path == ".claude/settings.json" {
			check = st.File.Checked
		}
	}
	if check == nil {
		t.Fatal("Claude Code's .claude/settings.json has no check")
	}
	for _, tc := range []struct{ file, want string }{
		{`{"model": "opus", "enableAllProjectMcpServers": true}`, ""},
		{`{"model": 5}`, `"model" is 5, not a string`},
		{`{"model": null}`, `"model" is null, not a string`},
		{`{"enableAllProjectMcpServers": "true"}`, `"enableAllProjectMcpServers" is a string, not a boolean`},
		{`{"enableAllProjectMcpServers": null}`, ""}, // a policy switch: null is dropped
		{`{"enabledMcpjsonServers": "github"}`, ""},  // one name, read as a list of it
		{`{"enabledMcpjsonServers": "a b"}`, `"enabledMcpjsonServers" is a string, not an array of strings`},
		{`{"enabledMcpjsonServers": ["a", 1]}`, `"enabledMcpjsonServers[1]" is 1, not a string`},
		{`{"deniedMcpServers": "x"}`, ""},   // dropped with a warning
		{`{"bashOutputMaxChars": "x"}`, ""}, // .catch(): read as unset
		{`{"foo": 5}`, ""},                  // unknown keys pass
		{`{"defaultShell": "zsh"}`, `"defaultShell" is "zsh", not "bash" or "powershell"`},
		{`{"cleanupPeriodDays": 0}`, `"cleanupPeriodDays" is 0, not an integer above 0`},
		{`{"statusLine": []}`, `"statusLine" is an array, not an object`},
		{`{"model": "x", "verbose": 1, "theme": 2}`, `"verbose" is 1, not a boolean`},
		{`[]`, ""}, // not an object: not judged here
	} {
		doc, _ := discover.Parse("/s.json", "s.json", JSON, []byte(tc.file))
		got := ""
		if p := check.Problem(doc.Root); p != nil {
			got = p.String()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.file, got, tc.want)
		}
	}
}
