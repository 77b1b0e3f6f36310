package validate

import (
	"testing"

	"github.com/mcpconf/mcpconf/normalize"
)

// TestGeminiBadSettingsFinding: the syntax finding of a Gemini CLI settings
// file says that Gemini CLI then starts no server at all
// (testdata/clients/gemini-bad-user).
func TestGeminiBadSettingsFinding(t *testing.T) {
	runRuleCases(t, normalize.RuleSyntax, []ruleCase{
		{name: "trailing comma", files: map[string]string{
			".gemini/settings.json":   "{\"mcpServers\": {\"w\": {\"command\": \"w\"},}}",
			"~/.gemini/settings.json": `{"mcpServers": {"u": {"command": "u"}}}`,
		}, want: []string{`error .gemini/settings.json:1:39: trailing comma is not allowed in this file (comments are): Gemini CLI cannot parse it; Gemini CLI then starts no server at all, from this file or any other (it stops: "Please fix the configuration file(s) and try again", exit code 52) [syntax]`}},
		{name: "byte order mark", files: map[string]string{
			".gemini/settings.json": "\ufeff{\"mcpServers\": {\"w\": {\"command\": \"w\"}}}",
		}, want: []string{`error .gemini/settings.json:1:1: file starts with a UTF-8 byte order mark, which Gemini CLI cannot parse; Gemini CLI then starts no server at all, from this file or any other (it stops: "Please fix the configuration file(s) and try again", exit code 52) [syntax]`}},
	})
}
