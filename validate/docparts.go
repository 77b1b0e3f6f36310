package validate

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/mcpconf/mcpconf/normalize"
	"github.com/mcpconf/mcpconf/resolve"
)

// The generated parts of rule docs (Rule.parts): tables and lists of
// clients made from the descriptors when the docs are made, so that what a
// doc says about each client is what the descriptors say.

// docName is how a doc names a client: its product; a provider that is
// not a client of its own (mcp-json) by its file, in backquotes.
func docName(c *normalize.Client) string {
	if c.ProviderOnly {
		return "`" + c.Product + "`"
	}
	return c.Product
}

// clientTable is a Markdown table with one row per group of descriptors
// (providers included, in table order) that cell describes in the same
// words; a client cell gives "" for is left out.
func clientTable(head string, cell func(*normalize.Client) string) string {
	var keys []string
	names := map[string][]string{}
	for _, c := range normalize.Clients() {
		k := cell(c)
		if k == "" {
			continue
		}
		if _, ok := names[k]; !ok {
			keys = append(keys, k)
		}
		names[k] = append(names[k], docName(c))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "| client | %s |\n|---|---|\n", head)
	for _, k := range keys {
		fmt.Fprintf(&b, "| %s | %s |\n", strings.Join(names[k], ", "), k)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// clientList names the clients with a view of their own that pick takes,
// in table order: "Codex, opencode and Zed".
func clientList(pick func(*normalize.Client) bool) string {
	var names []string
	for _, c := range normalize.Clients() {
		if c.Views() && pick(c) {
			names = append(names, c.Product)
		}
	}
	return normalize.Join(names, "and")
}

// clientGroups says, for each group of clients with a view of their own
// that say gives the same words, the words and who: "`${VAR}` in pisces
// and Claude Code, `{env:VAR}` in opencode" (sep "in"); clients say gives
// "" for are left out.
func clientGroups(sep string, say func(*normalize.Client) string) string {
	var keys []string
	names := map[string][]string{}
	for _, c := range normalize.Clients() {
		k := say(c)
		if k == "" || !c.Views() {
			continue
		}
		if _, ok := names[k]; !ok {
			keys = append(keys, k)
		}
		names[k] = append(names[k], c.Product)
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = k + " " + sep + " " + normalize.Join(names[k], "and")
	}
	return strings.Join(out, ", ")
}

// codeList is words in backquotes, joined with commas.
func codeList(words []string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = "`" + w + "`"
	}
	return strings.Join(q, ", ")
}

// typesTable is the "type" literals each client accepts (Shape.Types,
// TypeRequired, UnknownTypeIgnored).
func typesTable() string {
	return clientTable("accepted `type`", func(c *normalize.Client) string {
		if len(c.Types) == 0 {
			return "no `type`: `command` or `url` decides"
		}
		s := codeList(c.TypeNames())
		if c.TypeRequired {
			s += " (required)"
		}
		if c.UnknownTypeIgnored {
			s += " (an unknown one is ignored: the other keys decide)"
		}
		return s
	})
}

// syntaxForms is how users write placeholders of one syntax, for the docs;
// c's EditorVars narrow the editor variables.
func syntaxForms(c *normalize.Client, s normalize.Syntax) string {
	switch s {
	case normalize.Dollar:
		return "`${VAR}`, `${VAR:-default}`"
	case normalize.Editor:
		if c.EditorVars != nil {
			vs := make([]string, len(c.EditorVars))
			for i, v := range c.EditorVars {
				vs[i] = "${" + v + "}"
			}
			return codeList(vs)
		}
		return "`${workspaceFolder}`, `${userHome}`, …"
	}
	return "`" + s.Form() + "`"
}

// placeholderCell is what a client expands (Expansion.Placeholders,
// WindowsOnly, EditorVars, VarsByName and NameFields,
// PlaceholdersUnverified), in words; only the syntaxes keep takes.
func placeholderCell(c *normalize.Client, keep func(normalize.Syntax) bool) string {
	var forms []string
	for _, s := range c.Placeholders {
		if !keep(s) {
			continue
		}
		f := syntaxForms(c, s)
		if slices.Contains(c.WindowsOnly, s) {
			f += " (on Windows)"
		}
		forms = append(forms, f)
	}
	switch {
	case len(forms) > 0:
		return strings.Join(forms, ", ")
	case c.VarsByName:
		return "nothing: variables are read by name (" + codeList(c.NameFields) + ")"
	case c.PlaceholdersUnverified:
		return "nothing documented (reported as info: probably sent literally)"
	}
	return "nothing"
}

// placeholdersTable is the placeholder syntaxes each client expands.
func placeholdersTable() string {
	return clientTable("expands", func(c *normalize.Client) string {
		return placeholderCell(c, func(normalize.Syntax) bool { return true })
	})
}

// variableForms says how each client with placeholders for variables
// writes them (Placeholders among variableSyntaxes): "`${VAR}` in pisces
// and Claude Code, …".
func variableForms() string {
	return clientGroups("in", func(c *normalize.Client) string {
		var forms []string
		for _, s := range c.Placeholders {
			if slices.Contains(variableSyntaxes, resolve.Syntax(s)) {
				forms = append(forms, "`"+s.Form()+"`")
			}
		}
		return normalize.Join(forms, "and")
	})
}

// fieldKeys says which clients write the canonical fields under another
// key, and which (Shape.FieldKeys): "Codex `http_headers`, opencode
// `environment`".
func fieldKeys(fields ...string) string {
	var out []string
	for _, c := range normalize.Clients() {
		for _, f := range fields {
			if k := c.FieldKey(f); c.Views() && k != f {
				out = append(out, c.Product+" `"+k+"`")
			}
		}
	}
	return strings.Join(out, ", ")
}

// nameFields says which fields of which clients hold variable names,
// never values (Expansion.NameFields): "Codex's `env_vars`, … and …".
func nameFields() string {
	var out []string
	for _, c := range normalize.Clients() {
		if c.Views() && len(c.NameFields) > 0 {
			out = append(out, c.Product+"'s "+normalize.Join(strings.Split(codeList(c.NameFields), ", "), "and"))
		}
	}
	return strings.Join(out, "; ")
}

// byNameFields says where the clients that read variables by name take
// their names (VarsByName, NameFields): "`env_vars`, … for Codex".
func byNameFields(sep string) string {
	return clientGroups(sep, func(c *normalize.Client) string {
		if !c.VarsByName {
			return ""
		}
		return normalize.Join(strings.Split(codeList(c.NameFields), ", "), "and")
	})
}

// varRefs says how each client writes a reference to variable name
// (VarRef), then where the clients that read variables by name take them:
// "`${GITHUB_TOKEN}` for pisces and Claude Code, …, `env_vars` / … for
// Codex".
func varRefs(name string) string {
	refs := clientGroups("for", func(c *normalize.Client) string {
		if r := c.VarRef(name); r != "" {
			return "`" + r + "`"
		}
		return ""
	})
	named := clientGroups("for", func(c *normalize.Client) string {
		if !c.VarsByName {
			return ""
		}
		return strings.ReplaceAll(codeList(c.NameFields), ", ", " / ")
	})
	return strings.Join(slices.DeleteFunc([]string{refs, named}, func(s string) bool { return s == "" }), ", ")
}

// schemesTable is how each client with a known scheme names tools
// (Launch.ToolNames: Form, OnClash, Server).
func schemesTable() string {
	var b strings.Builder
	b.WriteString("| client | tool name | server part |\n|---|---|---|\n")
	var keys []*normalize.Scheme
	names := map[string][]string{}
	row := func(sc *normalize.Scheme) string {
		form := "`" + sc.Form + "`"
		if sc.OnClash {
			form += " (when the bare tool name is taken)"
		}
		return form + " | " + sc.Server
	}
	for _, c := range normalize.Clients() {
		sc := c.ToolNames
		if sc == nil || !c.Views() {
			continue
		}
		k := row(sc)
		if _, ok := names[k]; !ok {
			keys = append(keys, sc)
		}
		names[k] = append(names[k], c.Product)
	}
	for _, sc := range keys {
		k := row(sc)
		fmt.Fprintf(&b, "| %s | %s |\n", strings.Join(names[k], ", "), k)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// nameLimitsTable is, for each client that cuts tool names (ToolNames
// with a MaxLen), its names, its limit and the longest server name that
// leaves toolNameRoom characters for the tool (checkNameLength's count).
func nameLimitsTable() string {
	var b strings.Builder
	b.WriteString("| client | tool name | cut over | server names over |\n|---|---|---|---|\n")
	var keys []string
	names := map[string][]string{}
	for _, c := range normalize.Clients() {
		sc := c.ToolNames
		if sc == nil || sc.MaxLen == 0 || !c.Views() {
			continue
		}
		form := "`" + sc.Form + "`"
		if sc.OnClash {
			form += " (clashing tools)"
		}
		k := fmt.Sprintf("%s | %d | %d", form, sc.MaxLen, sc.MaxLen-utf8.RuneCountInString(sc.Prefix(""))-toolNameRoom)
		if _, ok := names[k]; !ok {
			keys = append(keys, k)
		}
		names[k] = append(names[k], c.Product)
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "| %s | %s |\n", strings.Join(names[k], ", "), k)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// clientNames names the clients with a view of their own that pick takes,
// in table order, with commas: "pisces, Claude Code, Cursor".
func clientNames(pick func(*normalize.Client) bool) string {
	var names []string
	for _, c := range normalize.Clients() {
		if c.Views() && pick(c) {
			names = append(names, c.Product)
		}
	}
	return strings.Join(names, ", ")
}

// serversKeys says under which key each client reads its servers
// (Shape.ServersKey; a table of its own in a TOML file, [key.NAME]):
// "`mcpServers` (pisces, Claude Code, …), `servers` (VS Code), …".
func serversKeys() string {
	var keys []string
	names := map[string][]string{}
	for _, c := range normalize.Clients() {
		if !c.Views() || c.ServersKey == "" {
			continue
		}
		k := c.ServersKey
		if len(c.Files) > 0 && c.Files[0].Format == normalize.TOML {
			k = "[" + k + ".NAME]"
		}
		if _, ok := names[k]; !ok {
			keys = append(keys, k)
		}
		names[k] = append(names[k], c.Product)
	}
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = "`" + k + "` (" + strings.Join(names[k], ", ") + ")"
	}
	return strings.Join(out, ", ")
}

// providerPriorities is the providers table of the client that reads its
// providers' files (Layout.Providers, pisces's), highest priority first,
// equal priorities together: "pisces > Claude Code > … > Cursor, Windsurf >
// … > `mcp.json`".
func providerPriorities() string {
	for _, c := range normalize.Clients() {
		if len(c.Providers) == 0 {
			continue
		}
		ps := slices.Clone(c.Providers)
		slices.SortStableFunc(ps, func(a, b normalize.Provider) int { return b.Priority - a.Priority })
		var b strings.Builder
		for i, p := range ps {
			switch {
			case i == 0:
			case p.Priority == ps[i-1].Priority:
				b.WriteString(", ")
			default:
				b.WriteString(" > ")
			}
			owner := p.Client
			if owner == nil {
				owner = c
			}
			b.WriteString(docName(owner))
		}
		return b.String()
	}
	return ""
}
