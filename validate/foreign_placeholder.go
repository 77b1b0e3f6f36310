package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
	"github.com/mcpconf/mcpconf/secret"
)

// foreignPlaceholderRule reports placeholders in a syntax the file's client
// does not expand.
var foreignPlaceholderRule = &Rule{
	ID:       normalize.RuleForeignPlaceholder,
	Title:    "a placeholder is written in a syntax this client does not expand",
	Severity: normalize.Warning,
	Clients:  "each client, for the syntax it expands",
	doc: `Every client has its own placeholder syntax and sends everything else as
written, so a placeholder copied from another client's docs reaches the
server literally (a classic cause of 401s: the header says
` + "`Bearer ${env:TOKEN}`" + `).

{{gen:placeholders}}

Placeholders of other languages, which no client expands, are reported
too: JavaScript's ` + "`${process.env.VAR}`" + ` (and ` + "`process.env.VAR`" + ` as a whole value),
template placeholders ` + "`{{VAR}}`" + ` and GitHub Actions' ` + "`${{ secrets.VAR }}`" + `. They are
placeholders sent literally, never taken for a hard-coded secret.

Every string of a server is checked (command, args, env, url, headers, cwd,
…). ` + "`$VAR`" + ` and ` + "`%VAR%`" + ` are only reported for upper-case names, and not in the
arguments of a shell (` + "`sh -c`" + `, ` + "`cmd /c`" + `, ` + "`pwsh`" + `), of a code runner (` + "`node -e`" + `,
` + "`python -c`" + `) or in a pisces ` + "`!command`" + `, where the shell or the language reads them
itself. ` + "`${VAR}`" + ` in the value of an ` + "`mcp-remote`" + ` ` + "`--header`" + ` argument is left alone:
mcp-remote replaces it with its own environment variable (set it in the
server's ` + "`env`" + `).`,
	Example: Example{File: ".mcp.json",
		Bad: "{ \"mcpServers\": { \"docs\": {\n" +
			"  \"type\": \"http\", \"url\": \"https://mcp.example.com/mcp\",\n" +
			"  \"headers\": { \"Authorization\": \"Bearer ${env:DOCS_TOKEN}\" }\n" +
			"} } }\n",
		Good: "{ \"mcpServers\": { \"docs\": {\n" +
			"  \"type\": \"http\", \"url\": \"https://mcp.example.com/mcp\",\n" +
			"  \"headers\": { \"Authorization\": \"Bearer ${DOCS_TOKEN}\" }\n" +
			"} } }\n"},
	Contexts: []Context{{When: "the client documents no expansion in the file (VS Code's reading of `.mcp.json`): it probably gets the text literally",
		Severity: normalize.Info, Example: true}},
	parts: map[string]func() string{"placeholders": placeholdersTable},
	Check: checkForeignPlaceholder,
	Fix:   "writes a variable in the reading client's own syntax, where it means exactly the same (no default, a field the client expands)",
}

func checkForeignPlaceholder(p *Pass) {
	for s, c := range p.valueServers() {
		client := s.Source.Client
		if s.Node == nil || client == nil {
			continue
		}
		doc := p.Document(s.Source.Path)
		var (
			e         execLine
			shellArgs bool
			remote    map[*normalize.Value]bool
			known     bool
		)
		// what the command is, once a string holds a placeholder
		exec := func() {
			if known {
				return
			}
			known = true
			e = execOf(s)
			// cmd /c runs its arguments through cmd, which expands %VAR%;
			// node -e and python -c read their own syntax.
			shellArgs = isShell(s.Command) || isShell(e.command) || codeRunner(e)
			// mcp-remote expands ${VAR} in its --header values itself.
			if slices.Contains(e.args, "--header") {
				remote = map[*normalize.Value]bool{}
				for i := range mcpRemoteHeaders(e) {
					if e.argVals[i] != nil {
						remote[e.argVals[i]] = true
					}
				}
			}
		}
		eachString(s.Node, func(v stringVisit) {
			str := v.value.Str
			if !strings.ContainsAny(str, "${%") && !strings.HasPrefix(str, "process.env.") {
				return
			}
			exec()
			shell := (shellArgs && (v.field == "args" || v.field == "command")) ||
				(valueCommands(client) && secretKind(v.field) != "" && resolve.Classify(str, nil) == resolve.Command)
			for _, ph := range resolve.Scan(str) {
				if !reportable(client, ph, shell) || remote[v.value] && ph.Syntax == resolve.Dollar && !ph.HasDefault {
					continue
				}
				if (ph.Syntax == resolve.Dollar || ph.Syntax == resolve.Editor) && c.ExtensionVar(s, ph.Name) {
					continue // ${extensionPath}, ${/}: replaced in an extension's manifest
				}
				if c.NoShell && homePlaceholder(ph) && (homeFields[v.field] || secretKind(v.field) == "env") && s.Transport == normalize.Stdio {
					continue // home-in-command says what the home becomes there
				}
				d := p.reportSub(doc, v.value, ph.Start, ph.End, "%q is not expanded by %s: the server gets it literally%s",
					ph.Text, clientLabel(client), syntaxNote(ph))
				d.Hint = placeholderHint(client, v.field, v.key, str, ph)
				if ref, ok := ownReference(c, ph, v.field); ok && !shell {
					r := normalize.SubRange(doc, v.value, ph.Start, ph.End)
					if string(doc.Src[r.Start.Offset:r.End.Offset]) == ph.Text {
						setFix(d, true, fmt.Sprintf("write %q, as %s reads a variable", ref, clientLabel(client)), replaceEdit(doc, r.Start, r.End, ref))
					}
				}
				if c.PlaceholdersUnverified {
					d.Severity = normalize.Info
					d.Message = fmt.Sprintf("%q is probably not expanded by %s: no expansion is documented, so the server likely gets it literally%s",
						ph.Text, clientLabel(client), syntaxNote(ph))
				}
			}
		})
	}
}

// ownReference is the reading client's own reference to the variable a
// foreign placeholder names, when it means exactly the same: a plain
// variable (no default, not an editor variable, an input or a template),
// and a syntax the client expands in this field.
func ownReference(c *normalize.Client, ph resolve.Placeholder, field string) (string, bool) {
	switch ph.Syntax {
	case resolve.Dollar, resolve.EnvColon, resolve.Brace, resolve.Bare, resolve.Percent:
	default:
		return "", false
	}
	if ph.HasDefault || !resolve.IsEnvName(ph.Name) || c.VarForm == "" || c.VarsByName && field == "env" {
		return "", false
	}
	ref := c.VarRef(ph.Name)
	own := resolve.Scan(ref)
	if len(own) != 1 || own[0].Text != ref || !expandsIn(c, own[0].Syntax, field) || c.PlaceholdersUnverified {
		return "", false
	}
	return ref, true
}

// homeFields are the fields where home-in-command judges $HOME, with env
// under any client's key for it (secretKind).
var homeFields = map[string]bool{"command": true, "args": true, "cwd": true}

// reportable says whether a placeholder found in a value of client is
// foreign and worth a finding.
func reportable(client *normalize.Client, ph resolve.Placeholder, shell bool) bool {
	if !resolve.Foreign(client, ph) {
		return false
	}
	switch ph.Syntax {
	case resolve.Bare, resolve.Percent:
		// $filter in an OData URL, %d in a format: only NAMES are variables.
		if !resolve.IsEnvName(ph.Name) || shell {
			return false
		}
	case resolve.Dollar, resolve.EnvColon, resolve.JSEnv, resolve.Mustache: // PowerShell reads ${env:X} too
		if shell {
			return false
		}
	}
	return true
}

// syntaxNote says where a placeholder comes from when no client expands
// it.
func syntaxNote(ph resolve.Placeholder) string {
	switch ph.Syntax {
	case resolve.Input:
		return " (only VS Code prompts for inputs)"
	case resolve.JSEnv:
		return " (JavaScript, which no client evaluates)"
	case resolve.Mustache:
		return " (a template placeholder, which no client fills in)"
	}
	return ""
}

// vscodeOnlyVariables are VS Code predefined variables that no MCP client
// documents (${workspaceRoot} is the deprecated name of
// ${workspaceFolder}). They scan as ${VAR}, but they name no environment
// variable.
var vscodeOnlyVariables = map[string]bool{
	"workspaceRoot": true, "workspaceRootFolderName": true, "cwd": true, "execPath": true,
	"file": true, "fileBasename": true, "fileBasenameNoExtension": true, "fileDirname": true,
	"fileExtname": true, "fileWorkspaceFolder": true, "relativeFile": true, "relativeFileDirname": true,
}

// placeholderHint gives the form the client does expand, or how it reads
// variables instead; value is the string the placeholder is in.
func placeholderHint(client *normalize.Client, field, key, value string, ph resolve.Placeholder) string {
	switch {
	case ph.Syntax == resolve.Dollar && ph.Name == "workspaceRoot" && slices.Contains(resolve.SyntaxesFor(client), resolve.Editor):
		return fmt.Sprintf("write %q instead of %q, VS Code's old name for it", "${workspaceFolder}", ph.Text)
	case ph.Syntax == resolve.Dollar && vscodeOnlyVariables[ph.Name] && slices.Contains(resolve.SyntaxesFor(client), resolve.Editor):
		return fmt.Sprintf("%q is a VS Code variable %s does not expand: write the path out, or start it from %q", ph.Text, clientLabel(client), "${workspaceFolder}")
	case ph.Syntax == resolve.Editor && ph.Name == "userHome" && slices.Contains(resolve.SyntaxesFor(client), resolve.Editor):
		// a client with some editor variables but not this one (Roo Code)
		if ref := homeRef(client, false); ref != "" {
			return fmt.Sprintf("%s does not expand %q: write %q", clientLabel(client), ph.Text, ref)
		}
		return fmt.Sprintf("%s does not expand %q: write the path out", clientLabel(client), ph.Text)
	case ph.Syntax == resolve.Editor && slices.Contains(resolve.SyntaxesFor(client), resolve.Editor):
		return fmt.Sprintf("%s does not expand %q: write the path out, or start it from %q", clientLabel(client), ph.Text, "${workspaceFolder}")
	case ph.Syntax == resolve.Editor || ph.Syntax == resolve.Dollar && vscodeOnlyVariables[ph.Name]:
		// ${workspaceRoot}, ${file}, … are VS Code variables, not
		// environment variables: ${env:workspaceRoot} would be empty.
		return fmt.Sprintf("%s has no editor variables: write the path out, or read it from an environment variable", clientLabel(client))
	}
	switch ph.Syntax {
	case resolve.BraceFile:
		return "only opencode reads files with {file:…}: put the value in an environment variable instead"
	}
	name := ph.Name
	switch ph.Syntax {
	case resolve.Input:
		name = secret.EnvName(ph.Name, "INPUT_VALUE")
	case resolve.Mustache:
		// {{ secrets.GH_TOKEN }}: the variable is the last part
		name = secret.EnvName(ph.Name[strings.LastIndexByte(ph.Name, '.')+1:], "API_TOKEN")
	}
	c := client
	// A client that reads variables by name gives a variable's value whole,
	// under its own name: say so when the placeholder is part of a value,
	// or names another variable than the key.
	exact := value == ph.Text
	header := secretKind(field) == "header"
	bearer := strings.EqualFold(key, "Authorization") && ph.End == len(value) && strings.EqualFold(strings.TrimSpace(value[:ph.Start]), "Bearer")
	whole := ""
	switch {
	case c != nil && c.VarsByName && field == "env" && !exact:
		return fmt.Sprintf("%s expands no variables: write the value out; env_vars = [%q] would pass %s under its own name, not build %q from it", c.Product, name, name, key)
	case c != nil && c.VarsByName && field == "env" && key != name:
		return fmt.Sprintf("%s expands no variables: env_vars = [%q] passes %s under its own name, not as %q: have the server read %s, or write the value out", c.Product, name, name, key, name)
	case header && !exact && !bearer, header && strings.EqualFold(key, "Authorization") && !bearer:
		whole = "the whole value"
	}
	if client.ElsewhereHint != "" {
		return fmt.Sprintf(client.ElsewhereHint, name)
	}
	if advice, ok := varAdvice(c, field, key, name, whole, false); ok {
		return advice
	}
	if form := c.VarRef(name); form != "" {
		return fmt.Sprintf("write %q instead of %q", form, ph.Text)
	}
	return fmt.Sprintf("%s expands no variables", clientLabel(client))
}
