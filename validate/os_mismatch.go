package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// osMismatchRule reports a stdio server whose program and working directory
// belong to different operating systems.
var osMismatchRule = &Rule{
	ID:       normalize.RuleOSMismatch,
	Title:    "a Windows-only program beside a POSIX working directory, or the reverse: the server starts on no system",
	Severity: normalize.Error,
	Clients:  "the clients with a cwd field",
	doc: `A server is started on one system. A Windows-only program (` + "`wsl.exe`" + `, ` + "`cmd`" + `,
` + "`powershell`" + `, any ` + "`*.exe`" + `, ` + "`*.cmd`" + `, ` + "`*.bat`" + `, a ` + "`C:\\…`" + ` path) in a POSIX working
directory (` + "`\"cwd\": \"/home/dev/srv\"`" + `) fails on Windows, where that directory does
not exist, and everywhere else, where the program does not; so does a POSIX
program (` + "`/usr/bin/python3`" + `) in a Windows directory (` + "`C:\\Users\\dev\\srv`" + `). The
file was usually written for one machine and copied to another.

Write both for the system the server runs on. To run a server inside WSL
from a Windows client, leave ` + "`cwd`" + ` out and give the directory to ` + "`wsl.exe`" + `
(` + "`--cd /home/dev/srv`" + `). A ` + "`cwd`" + ` that starts with a placeholder is not judged.`,
	Example: Example{File: ".vscode/mcp.json",
		Bad:  "{ \"servers\": { \"notes\": { \"command\": \"wsl.exe\", \"args\": [\"node\", \"index.js\"], \"cwd\": \"/srv/notes\" } } }\n",
		Good: "{ \"servers\": { \"notes\": { \"command\": \"wsl.exe\", \"args\": [\"--cd\", \"/srv/notes\", \"node\", \"index.js\"] } } }\n"},
	Check: checkOSMismatch,
}

func checkOSMismatch(p *Pass) {
	for s, c := range p.Servers() {
		if s.Transport != normalize.Stdio || s.Node == nil || !c.Knows("cwd") {
			continue
		}
		cwd := s.Node.Get("cwd")
		cmd := s.Node.Get("command")
		if c.CommandArray && cmd != nil && cmd.Kind == normalize.Array && len(cmd.Items) > 0 {
			cmd = cmd.Items[0]
		}
		if cwd == nil || cwd.Kind != normalize.String || cmd == nil || cmd.Kind != normalize.String {
			continue
		}
		prog, dir := strings.TrimSpace(cmd.Str), strings.TrimSpace(cwd.Str)
		switch {
		case windowsProgram(prog) && posixPath(dir):
			d := p.At(s, "cwd", "server %q runs %q, a Windows program, in %q, a POSIX directory: Windows has no such directory and other systems no such program, so the server starts on neither",
				s.Name, prog, dir)
			d.Hint = "write both for the system the server runs on"
			if runnerProg(prog) == "wsl" {
				d.Hint = fmt.Sprintf("to run the server inside WSL, remove %q and give the directory to wsl.exe: %q: [%q, %q, …]", "cwd", "args", "--cd", dir)
			}
		case posixPath(prog) && windowsPath(dir):
			d := p.At(s, "cwd", "server %q runs %q, a POSIX program, in %q, a Windows directory: other systems have no such directory and Windows no such program, so the server starts on neither",
				s.Name, prog, dir)
			d.Hint = "write both for the system the server runs on"
		}
	}
}

// windowsProgram reports a program that exists on Windows only.
func windowsProgram(prog string) bool {
	if windowsPath(prog) {
		return true
	}
	name := progName(prog)
	for _, ext := range []string{".exe", ".cmd", ".bat", ".com", ".ps1"} {
		if strings.HasSuffix(name, ext) {
			return true
		}
	}
	switch name {
	case "cmd", "powershell", "wsl":
		return true
	}
	return false
}

// windowsPath reports a drive-letter or UNC path.
func windowsPath(s string) bool {
	return len(s) >= 3 && isLetter(s[0]) && s[1] == ':' && (s[2] == '\\' || s[2] == '/') || strings.HasPrefix(s, `\\`)
}

// posixPath reports an absolute POSIX path.
func posixPath(s string) bool {
	return strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//")
}
