package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// userHomePathRule reports absolute paths into one user's home directory in
// committed project files.
var userHomePathRule = &Rule{
	ID:       normalize.RuleUserHomePath,
	Title:    "a project file holds an absolute path into one user's home directory",
	Severity: normalize.Info,
	Clients:  "every client, for project files; the hint uses each client's own name for the home",
	doc: `A committed project file is read on every machine that checks the project
out, but ` + "`/Users/alice/tools/server`" + `, ` + "`/home/bob/venv/bin/python`" + `,
` + "`/root/.local/bin/uvx`" + ` or ` + "`C:\\Users\\carol\\mcp\\index.js`" + ` exists on one: everywhere else the server does not
start, or starts with the wrong files.

Reported in ` + "`command`" + `, ` + "`args`" + `, ` + "`cwd`" + `, ` + "`env`" + ` and ` + "`envFile`" + ` of project files (user
and local files stay on their machine). ` + "`/Users/Shared`" + `, ` + "`/home/linuxbrew`" + `,
` + "`C:\\Users\\Public`" + ` and template names (` + "`/Users/<you>`" + `, ` + "`/home/username`" + `) are left
alone.

Use a path relative to the project (the clients start servers there), a
program on PATH, or the client's own name for the home directory:
{{gen:refs}};
{{gen:userfiles}}.`,
	Example: Example{File: ".cursor/mcp.json",
		Bad:  "{ \"mcpServers\": { \"notes\": { \"command\": \"node\", \"args\": [\"/Users/alice/src/notes-mcp/dist/index.js\"] } } }\n",
		Good: "{ \"mcpServers\": { \"notes\": { \"command\": \"node\", \"args\": [\"${workspaceFolder}/tools/notes-mcp/dist/index.js\"] } } }\n"},
	parts: map[string]func() string{"refs": homeRefs, "userfiles": homeUserFiles},
	Check: checkUserHomePath,
}

// homePathFields are the fields looked at, with env under any client's key
// for it (secretKind).
var homePathFields = []string{"command", "args", "cwd", "envFile"}

func checkUserHomePath(p *Pass) {
	// one finding per file and home directory, at its first place; the
	// others are related places
	type key struct{ path, home string }
	found := map[key]*normalize.Diagnostic{}
	for s, c := range p.valueServers() {
		if s.Node == nil || s.Source.Scope != normalize.Project {
			continue
		}
		doc := p.Document(s.Source.Path)
		eachString(s.Node, func(v stringVisit) {
			if secretKind(v.field) != "env" && !slices.Contains(homePathFields, v.field) || !strings.Contains(v.value.Str, "/home/") && !strings.Contains(v.value.Str, "/root/") && !containsFold(v.value.Str, "users") {
				return
			}
			start, end, ok := userHomeSpan(v.value.Str)
			if !ok {
				return
			}
			home := v.value.Str[start:end]
			k := key{s.Source.Path, home}
			if d := found[k]; d != nil {
				d.Related = append(d.Related, normalize.Related{Path: d.Path, Pos: normalize.SubRange(doc, v.value, start, end).Start, Message: "the same home directory"})
				return
			}
			d := p.reportSub(doc, v.value, start, end, "%q is a path into the home directory of one user: the server breaks on every other machine", home)
			d.Hint = homePathHint(c, v.value.Str[end:])
			found[k] = d
		})
	}
	for _, d := range found {
		if n := len(d.Related); n > 0 {
			d.Message += fmt.Sprintf(" (%d more in this file)", n)
		}
	}
}

// userHomeSpan finds "/Users/NAME", "/home/NAME", "/root" (followed by a
// path) or "C:\Users\NAME" at the
// start of s or after a separator (space, "=", ":", ",", ";", a quote), or
// after more slashes ("//home/NAME", "file:///Users/NAME": the system reads
// doubled slashes as one).
func userHomeSpan(s string) (start, end int, ok bool) {
	for i := 0; i < len(s); i++ {
		if i > 0 && !strings.ContainsRune(" \t=:,;'\"(", rune(s[i-1])) && !(s[i-1] == '/' && s[i] == '/' && slashRun(s, i)) {
			continue
		}
		rest := s[i:]
		var from int
		switch {
		case strings.HasPrefix(rest, "/root/"):
			return i, i + len("/root"), true // root's home
		case strings.HasPrefix(rest, "/Users/"):
			from = i + len("/Users/")
		case strings.HasPrefix(rest, "/home/"):
			from = i + len("/home/")
		case len(rest) >= 9 && isLetter(rest[0]) && rest[1] == ':' && (rest[2] == '\\' || rest[2] == '/') &&
			strings.EqualFold(rest[3:8], "users") && (rest[8] == '\\' || rest[8] == '/'):
			from = i + 9
		default:
			continue
		}
		e := from
		for e < len(s) && !strings.ContainsRune(`/\ "':;,`, rune(s[e])) {
			e++
		}
		if e == from || !realUserName(s[from:e]) {
			continue
		}
		return i, e, true
	}
	return 0, 0, false
}

// slashRun reports whether the slash at s[i] ends a run of slashes that
// starts the value or follows a separator or a scheme's ":".
func slashRun(s string, i int) bool {
	j := i
	for j > 0 && s[j-1] == '/' {
		j--
	}
	return j == 0 || strings.ContainsRune(" \t=:,;'\"(", rune(s[j-1]))
}

// realUserName reports a directory name under /Users or /home that is one
// person's: not a shared directory, not a template.
func realUserName(name string) bool {
	switch strings.ToLower(name) {
	case "shared", "public", "default", "default user", "all users", "linuxbrew", "username", "user-name", "user_name",
		"yourname", "your-name", "your_name", "youruser", "yourusername", "your-username", "your_username", "me", "you", "name":
		return false
	}
	if strings.ContainsAny(name, "<>$%{}*") || len(resolve.Scan(name)) > 0 || templateRun(name) {
		return false
	}
	return true
}

// homePathHint says how the client names the home directory, with the
// rest of the path after it.
func homePathHint(c *normalize.Client, rest string) string {
	form := homeRef(c, false)
	if form == "" {
		if f := c.UserFile(); f != "" {
			return fmt.Sprintf("use a path relative to the project, or keep this server in %s, which is not committed", f)
		}
		return "use a path relative to the project"
	}
	return fmt.Sprintf("use a path relative to the project, or %q", form+strings.ReplaceAll(rest, `\`, "/"))
}

// homeRef is how client c writes the home directory in a value it
// expands: "~" where it expands a leading tilde (and tilde allows it: VS
// Code does in command, args and cwd only), else its own placeholder for
// the home; "" when it has none.
func homeRef(c *normalize.Client, tilde bool) string {
	switch {
	case tilde && c.ExpandsTilde:
		return "~"
	case c.ExpandsVar(resolve.Editor, "userHome"):
		return "${userHome}"
	case c.Expands(resolve.Dollar):
		return "${HOME}"
	case c.Expands(resolve.Bare):
		return "$HOME"
	case c.Expands(resolve.EnvColon):
		return "${env:HOME}"
	case c.Expands(resolve.Brace):
		return "{env:HOME}"
	}
	return ""
}

// homeRefs says how each client names the home directory (homeRef, as
// homePathHint suggests it): "`${HOME}` in pisces and Claude Code, …".
func homeRefs() string {
	return clientGroups("in", func(c *normalize.Client) string {
		if r := homeRef(c, false); r != "" {
			return "`" + r + "`"
		}
		return ""
	})
}

// homeUserFiles says, for the clients without a name for the home, where
// homePathHint tells users to keep the server instead (UserFile): "for
// Codex and Zed, which have none, keep the server in the user's file
// (`~/.codex/config.toml`, …)".
func homeUserFiles() string {
	var names, files []string
	for _, c := range normalize.Clients() {
		if c.Views() && homeRef(c, false) == "" && c.UserFile() != "" {
			names = append(names, c.Product)
			files = append(files, c.UserFile())
		}
	}
	return fmt.Sprintf("for %s, which have none, keep the server in the user's file (%s)", normalize.Join(names, "and"), codeList(files))
}
