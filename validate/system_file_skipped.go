package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// systemFileSkippedRule reports machine-wide files a client finds and skips
// for what they are, not for what they hold: Gemini CLI's system settings
// in a directory others can write.
var systemFileSkippedRule = &Rule{
	ID:       normalize.RuleSystemFileSkipped,
	Title:    "a client skips a machine-wide settings file that others could have written",
	Severity: normalize.Error,
	Clients:  "Gemini CLI",
	doc: `Gemini CLI reads two machine-wide files besides the user's and the
workspace's settings: the system settings, which override every other file
(` + "`/etc/gemini-cli/settings.json`" + ` on Linux, ` + "`/Library/Application Support/GeminiCli/settings.json`" + `
on macOS, or where ` + "`GEMINI_CLI_SYSTEM_SETTINGS_PATH`" + ` says), and the system
defaults beside them (` + "`system-defaults.json`" + `, or ` + "`GEMINI_CLI_SYSTEM_DEFAULTS_PATH`" + `).
An administrator puts servers there, and ` + "`mcp.allowed`" + ` and ` + "`mcp.excluded`" + ` lists
that hold for every user.

Gemini CLI (0.61.0) reads such a file only when root owns it and every
directory above it, and none of them is writable by group or others (nor a
symbolic link on the way): otherwise it prints a security warning and skips
the file, so none of its servers exist and none of its lists apply. A file
under ` + "`/tmp`" + ` (world-writable) is always skipped.

mcpconf checks what it can stat: on a run about this machine, the files
themselves; with ` + "`--system DIR`" + `, the copy under DIR, whose owner stands for root.
It cannot judge Windows, where Gemini CLI checks access lists instead.
Only ` + "`--scope all`" + ` or ` + "`--scope user`" + ` reads machine-wide files.

Fix: run the command the finding gives (` + "`sudo chmod g-w,o-w DIR`" + `,
` + "`sudo chown root:root FILE`" + `).`,
	Check: checkSystemFileSkipped,
}

func checkSystemFileSkipped(p *Pass) {
	c := p.Set.Client
	if c == nil {
		return
	}
	for _, s := range p.Set.Sources {
		if !s.Skipped {
			continue
		}
		d := p.Report(nil, normalize.Range{Start: normalize.Pos{Line: 1, Col: 1}}, "",
			"%s, so none of its servers or settings apply", strings.Replace(s.Note, " skips it: ", " skips this file: ", 1))
		d.Path = s.Path
		d.Hint = s.Hint
		if d.Hint == "" {
			d.Hint = fmt.Sprintf("make %s and the directories above it root's, and writable by root only", s.Path)
		}
	}
}
