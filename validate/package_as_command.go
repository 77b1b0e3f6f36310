package validate

import (
	"fmt"
	"strings"

	"github.com/mcpconf/mcpconf/edit"
	"github.com/mcpconf/mcpconf/normalize"
)

// packageAsCommandRule reports an npm package name written where the
// program goes: "command": "@modelcontextprotocol/server-github".
var packageAsCommandRule = &Rule{
	ID:       normalize.RulePackageAsCommand,
	Title:    "a command is an npm package name, not a program",
	Severity: normalize.Error,
	Clients:  "every client that starts stdio servers",
	doc: `A server's README says "run ` + "`@modelcontextprotocol/server-github`" + `" and the
name lands in ` + "`command`" + `. The client asks the system for a program of that name,
there is none (a package is not a program until something installs or runs
it), and the server does not start.

Reported when ` + "`command`" + ` is a scoped package name (` + "`@scope/name`" + `, with or
without a version) or a package with a version (` + "`name@1.2.3`" + `, ` + "`name@latest`" + `),
which no program is called. A bare name (` + "`mcp-server-github`" + `) is left alone:
packages install programs under their own name, and it may be one on PATH.

Run the package through npx: ` + "`\"command\": \"npx\"`" + `, with ` + "`-y`" + ` and the package first
in ` + "`args`" + `.`,
	Example: Example{File: ".mcp.json",
		Bad:  "{ \"mcpServers\": { \"github\": { \"command\": \"@modelcontextprotocol/server-github@2025.4.8\", \"args\": [] } } }\n",
		Good: "{ \"mcpServers\": { \"github\": { \"command\": \"npx\", \"args\": [\"-y\", \"@modelcontextprotocol/server-github@2025.4.8\"] } } }\n"},
	Fix:       `runs the package with npx: "command": "npx", and "-y" and the package before the arguments`,
	FixUnsafe: true,
	Check:     checkPackageAsCommand,
}

func checkPackageAsCommand(p *Pass) {
	for s, c := range p.Servers() {
		if s.Transport != normalize.Stdio || s.Node == nil {
			continue
		}
		e := execOf(s)
		if e.commandVal == nil || !npmPackageSpec(e.command) {
			continue
		}
		doc := p.Document(s.Source.Path)
		d := p.AtValue(doc, e.commandVal, "command %q is an npm package, not a program: no program of that name exists, so the server does not start", e.command)
		d.Hint = "run the package with npx: " + execForm(c, doc.Format == normalize.TOML, "npx", append([]string{"-y", e.command}, e.args...))
		if e.commandVal.Str == e.command {
			setFix(d, false, fmt.Sprintf("run %q with npx -y", e.command), npxEdits(doc, s, e)...)
		}
	}
}

// npxEdits make the command e of server s run its package through
// "npx -y": the command becomes "npx" and "-y" and the package go first in
// the arguments (first in opencode's command array). None when the file's
// text is not what was read (escapes) or the shape is another.
func npxEdits(doc *normalize.Document, s *normalize.Server, e execLine) []normalize.Edit {
	cmd := e.commandVal
	if string(doc.Src[cmd.Range.Start.Offset:cmd.Range.End.Offset]) != jsonQuote(cmd.Str) {
		return nil
	}
	lead := jsonQuote("-y") + ", " + jsonQuote(cmd.Str)
	if isItem(cmd) {
		if !strings.HasSuffix(cmd.Pointer, "/0") {
			return nil // a cmd /c wrapper
		}
		return []normalize.Edit{replaceValue(doc, cmd, jsonQuote("npx")+", "+lead)}
	}
	out := []normalize.Edit{replaceValue(doc, cmd, jsonQuote("npx"))}
	switch a := s.Node.Get("args"); {
	case a == nil:
		ins, err := edit.InsertMember(doc, s.Node, "args", "["+lead+"]")
		if err != nil {
			return nil
		}
		out = append(out, ins)
	case a.Kind != normalize.Array:
		return nil
	case len(a.Items) == 0:
		out = append(out, replaceValue(doc, a, "["+lead+"]"))
	default:
		out = append(out, replaceEdit(doc, a.Items[0].Range.Start, a.Items[0].Range.Start, lead+", "))
	}
	return out
}

// npmPackageSpec reports a command that can only be an npm package: a
// scoped name ("@scope/name", "@scope/name@1.0.0") or a name with a
// version ("name@1.2.3", "name@latest"). Program names and paths have no
// such form.
func npmPackageSpec(cmd string) bool {
	name, version := cmd, ""
	if at := strings.LastIndexByte(cmd, '@'); at > 0 {
		name, version = cmd[:at], cmd[at+1:]
		if version == "" {
			return false
		}
	}
	if strings.HasPrefix(name, "@") {
		scope, pkg, ok := strings.Cut(name[1:], "/")
		return ok && npmNamePart(scope) && npmNamePart(pkg) && npmVersionPart(version)
	}
	return npmNamePart(name) && versionLike(version)
}

// versionLike is what follows "@" in an unscoped package spec, and not in
// a user@host: a version or range ("1.2.3", "^1", ">=2") or a usual tag.
func versionLike(v string) bool {
	if v == "" || !npmVersionPart(v) {
		return false
	}
	if strings.IndexByte("0123456789^~<>=*", v[0]) >= 0 {
		return true
	}
	switch v {
	case "latest", "next", "beta", "alpha", "canary", "rc", "dev", "stable", "experimental", "insiders", "preview":
		return true
	}
	return false
}

// npmNamePart is a package name or scope: lower-case letters, digits and
// "-", "_", ".", "~", not starting with "." or "_".
func npmNamePart(s string) bool {
	if s == "" || s[0] == '.' || s[0] == '_' || len(s) > 214 {
		return false
	}
	for i := 0; i < len(s); i++ {
		b := s[i]
		if !('a' <= b && b <= 'z' || '0' <= b && b <= '9' || strings.IndexByte("-_.~", b) >= 0) {
			return false
		}
	}
	return true
}

// npmVersionPart is a version, range or tag after "@" ("" for none): no
// path separator, no space.
func npmVersionPart(s string) bool {
	return !strings.ContainsAny(s, `/\ `)
}
