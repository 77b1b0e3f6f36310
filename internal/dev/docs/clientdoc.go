// Package docs generates docs/clients.md from the client descriptors
// (package normalize) and the harness's docs/agreement.json: every client's
// files, merge, placeholders, gates and facts with their sources, and the
// agreement with the real clients. It is development tooling, not part of
// the binary, so it lives under internal/dev (issue 31: normalize, which
// every package imports, no longer carries 1,000 lines of Markdown
// generators). TestClientsDoc writes the file (go run ./internal/dev/update).
package docs

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mcpconf/mcpconf/normalize"
)

// docSystems are the systems docs/clients.md lists paths for.
var docSystems = []string{"linux", "darwin", "windows"}

// clientsMarkdown renders what mcpconf believes about every client, from
// the descriptors, and how often that agreed with the real clients, from
// agreement (docs/agreement.json, which the clientcheck harness writes;
// nil when there is none): docs/clients.md is this output, and a test
// fails when the file is stale.
func clientsMarkdown(agreement []byte) (string, error) {
	runs, err := agreementMarkdown(agreement)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# What mcpconf knows about each client\n\n")
	b.WriteString("Generated from the client descriptors in `normalize/client_*.go` (`go run ./internal/dev/update`, which runs internal/dev/docs's TestClientsDoc). ")
	b.WriteString("Each fact names where it was read or checked; UNVERIFIED marks what no source confirms, and mcpconf does not fail a file on it.\n\n")
	b.WriteString("| client | `--client` | modelled on | project files | user and machine files | merge | placeholders |\n|---|---|---|---|---|---|---|\n")
	for _, c := range normalize.Clients() {
		names := "—"
		if c.Views() {
			names = "`" + strings.Join(c.Names(), "`, `") + "`"
		}
		version := "documentation"
		if c.Version != "" {
			version = c.Version
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s | %s | %s |\n", c.Product, c.ID, names, version,
			fileList(ownFiles(c), true), fileList(ownFiles(c), false), mergeWord(c), placeholderList(c))
	}
	b.WriteString("\n")
	b.WriteString(runs)
	for _, c := range normalize.Clients() {
		b.WriteString("\n")
		b.WriteString(clientSection(c))
	}
	return b.String(), nil
}

// ownFiles are the files the client reads itself, or pisces's row for a
// provider that is not a client.
func ownFiles(c *normalize.Client) []normalize.File {
	if p := normalize.ProviderOf(c); len(c.Files) == 0 && p != nil {
		return p.Files
	}
	return c.Files
}

// fileList lists the Linux paths of the files in the project tree
// (inProject) or outside it.
func fileList(files []normalize.File, inProject bool) string {
	var out []string
	for _, f := range files {
		if (f.Base == normalize.RootDir) == inProject && f.ForOS("linux") {
			p := "`" + f.Display("linux") + "`"
			if f.Section != "" {
				p += " `" + f.Section + "[<root>]`"
			}
			if f.ServersPath != nil {
				p += " (under `" + strings.Join(f.ServersPath, ".") + "`)"
			}
			if f.OptIn != "" {
				p += " (only when opted in: `" + f.OptIn + "`)"
			}
			if !slices.Contains(out, p) {
				out = append(out, p)
			}
		}
	}
	if len(out) == 0 {
		return "—"
	}
	return strings.Join(out, ", ")
}

func mergeWord(c *normalize.Client) string {
	switch {
	case c.ReadsProviders():
		return "every provider, by priority"
	case c.Merge == normalize.KeyByKey:
		return "key by key"
	}
	return "whole entry"
}

func placeholderList(c *normalize.Client) string {
	if c.VarsByName {
		return "none; variables by name"
	}
	if len(c.Placeholders) == 0 {
		return "none"
	}
	forms := make([]string, len(c.Placeholders))
	for i, s := range c.Placeholders {
		forms[i] = "`" + s.Form() + "`"
	}
	return strings.Join(forms, ", ")
}

func clientSection(c *normalize.Client) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", c.ID)
	switch {
	case c.ProviderOnly:
		fmt.Fprintf(&b, "%s: a pisces provider, not a client of its own (no `--client`).", c.Product)
		if c.CoReader != "" {
			fmt.Fprintf(&b, " %s reads the same files with its own rules.", productName(c.CoReader))
		}
		b.WriteString("\n\n")
	default:
		fmt.Fprintf(&b, "%s: `--client %s`.\n\n", c.Product, strings.Join(c.Names(), "` or `--client "))
	}
	if files := c.Files; len(files) > 0 {
		b.WriteString("Files, highest precedence first:\n\n| scope | Linux | macOS | Windows | format |\n|---|---|---|---|---|\n")
		for _, f := range files {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", f.Scope, osPath(c, f, "linux"), osPath(c, f, "darwin"), osPath(c, f, "windows"), f.Format)
		}
		b.WriteString("\n")
		if vars := movedBy(files); len(vars) > 0 {
			fmt.Fprintf(&b, "Moved by %s.\n\n", strings.Join(vars, ", "))
		}
		b.WriteString(fileNotes(c))
	}
	if c.Note != "" {
		fmt.Fprintf(&b, "Precedence: %s. Merge: %s.\n\n", c.Note, mergeWord(c))
	}
	if l := lookupText(c); l != "" {
		fmt.Fprintf(&b, "Project: %s.\n\n", l)
	}
	if a := c.Approvals; a != nil {
		scopes := make([]string, len(a.Scopes))
		for i, sc := range a.Scopes {
			scopes[i] = string(sc)
		}
		fmt.Fprintf(&b, "Approval of %s servers: `%s` records, for the start directory and a server's name, a `hash` of its definition and a `status` (`%s`, `%s`); a record counts only while the hash is that of the definition as it is now, so an edit makes the server pending again. A pending or rejected server does not start and keeps its name.\n\n",
			strings.Join(scopes, ", "), a.File.Display("linux"), a.Approved, a.Rejected)
	}
	if f := c.NoServersKeyWarns; f != "" {
		fmt.Fprintf(&b, "A servers-only file (`.mcp.json`) without `%s`: a warning (%q), no server from it.\n\n", c.ServersKey, fmt.Sprintf(f, "PATH"))
	}
	if a := c.Approval; a != nil {
		var where []string
		for _, s := range a.Settings {
			if !s.File.ForOS("linux") {
				continue
			}
			w := settingText(s.File)
			if s.Trusted {
				w += " (trusted projects only)"
			}
			where = append(where, w)
		}
		if len(a.Settings) == 0 {
			fmt.Fprintf(&b, "Approval of %s servers: %s keeps its approvals where mcpconf cannot read them, so every %s server is shown pending (to approve one: %s). A pending server does not start and leaves its name to another scope.",
				a.Scope, c.Product, a.Scope, a.Ask)
		} else {
			fmt.Fprintf(&b, "Approval of %s servers: `%s` lists names, `%s` approves all, `%s` rejects; read from %s, highest first. A pending or rejected server does not start and leaves its name to another scope; a rejection counts everywhere.",
				a.Scope, a.Enabled, a.EnableAll, a.Disabled, strings.Join(where, ", "))
		}
		if a.Merged {
			fmt.Fprintf(&b, " In a trusted project the highest file that sets `%s` decides; in an untrusted one any file that counts and sets it true approves.", a.EnableAll)
		}
		b.WriteString("\n\n")
	}
	for _, l := range c.Lists {
		if t := listText(l); t != "" {
			b.WriteString(t + "\n\n")
		}
	}
	for _, l := range c.Locks {
		b.WriteString(lockText(l) + "\n\n")
	}
	if t := c.Trust; t != nil {
		fmt.Fprintf(&b, "Trust: %s.\n\n", trustText(c, t))
	}
	if p := c.Profile; p != nil {
		fmt.Fprintf(&b, "Profiles: `%s NAME` (mcpconf `--profile NAME`) reads `%s` right above the user config; a name must match `%s`.",
			p.Flag, p.For("NAME").Display("linux"), p.NamePattern)
		if p.Selector != "" {
			fmt.Fprintf(&b, " The legacy `%s = \"NAME\"` and `[%s.NAME]` are not read that way (see the facts).", p.Selector, p.Tables)
		}
		b.WriteString("\n\n")
	}
	if rq := c.Requirements; rq != nil {
		var where []string
		for _, f := range rq.Files {
			for _, goos := range docSystems {
				if f.ForOS(goos) && !slices.Contains(where, "`"+f.Display(goos)+"`") {
					where = append(where, "`"+f.Display(goos)+"`")
				}
			}
		}
		fmt.Fprintf(&b, "Allowed servers: %s, when it holds `%s`, blocks a server it does not list as `[%s.NAME.%s]` with the same `command` or `url` (every server when the table is empty).\n\n",
			strings.Join(where, " or "), rq.Key, rq.Key, rq.Identity)
	}
	if r := c.Refuses; r != nil {
		b.WriteString("Refuses its whole config (no server starts, user ones included; every server is `refused`) on: ")
		if r.Entry != nil {
			b.WriteString("a file it loads that does not parse, or a server entry its own schema rejects as one file writes it, in any file it loads")
		} else {
			b.WriteString("a file it loads that does not parse")
			if c.Trust != nil {
				b.WriteString(" (a project's only once trusted)")
			}
			if r.Unreadable != "" {
				b.WriteString(" or that it cannot read")
			}
			if r.InvalidTransport != "" {
				b.WriteString("; a server entry, as the layers merge it, with neither `command` nor `url`")
			}
		}
		if len(r.StdioOnly) > 0 {
			fmt.Fprintf(&b, ", with both, with a `url` and one of `%s`, with a `command` and one of `%s`", strings.Join(r.StdioOnly, "`, `"), strings.Join(r.RemoteOnly[1:], "`, `"))
		}
		if c.Schema != "" && r.TypeError != nil {
			fmt.Fprintf(&b, ", or a value its schema (`%s`) rejects", c.Schema)
			if r.InvalidTransport == "" {
				b.WriteString(" in the merged layers (an entry with neither `command` nor `url` is only skipped)")
			}
		}
		if len(r.EntryChecks) > 0 {
			b.WriteString("; then, in this order: ")
			for i, ec := range r.EntryChecks {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s (%q)", ec.Describe(), ec.Message)
			}
		}
		for _, s := range r.Settings {
			if len(s) == 1 {
				fmt.Fprintf(&b, "; a `%s` of the wrong type", s[0])
			}
		}
		for _, l := range r.Legacy {
			fmt.Fprintf(&b, "; the legacy top-level `%s` outside the project", l.Key)
		}
		if r.HomeMissing != "" {
			b.WriteString("; a home variable naming a directory that does not exist")
		}
		b.WriteString(".")
		if len(r.Stripped) > 0 {
			fmt.Fprintf(&b, " Project files lose `%s` before they are read.", strings.Join(r.Stripped, "`, `"))
		}
		b.WriteString("\n\n")
	}
	if len(c.Ignored) > 0 {
		var ig []string
		for _, f := range c.Ignored {
			ig = append(ig, "`"+f.File.Display("linux")+"`")
		}
		fmt.Fprintf(&b, "Not read (servers there are lost): %s.\n\n", strings.Join(ig, ", "))
	}
	if p := normalize.ProviderOf(c); p != nil {
		all := fileList(p.Files, true)
		if home := fileList(p.Files, false); home != "—" {
			all += ", " + home
		}
		fmt.Fprintf(&b, "pisces reads it as provider `%s`, priority %d: %s.\n\n", c.ID, p.Priority, all)
	}
	fmt.Fprintf(&b, "Servers under `%s`.", c.ServersKey)
	if len(c.Types) > 0 {
		fmt.Fprintf(&b, " `type`: `%s`", strings.Join(c.TypeNames(), "`, `"))
		if c.TypeRequired {
			b.WriteString(" (required)")
		}
		b.WriteString(".")
	} else {
		b.WriteString(" No `type` field.")
	}
	if c.URLDefault != normalize.NoTransport {
		fmt.Fprintf(&b, " A `url` without `type` is %s.", transportWords[c.URLDefault])
	}
	for _, t := range []normalize.Transport{normalize.HTTP, normalize.SSE} {
		if k := c.URLKeys[t]; k != "" {
			fmt.Fprintf(&b, " %s is read from `%s` (mcpconf writes it there).", capitalize(transportWords[t]), k)
		}
	}
	fmt.Fprintf(&b, " Placeholders: %s.", placeholderList(c))
	if len(c.Lists) > 0 {
		labels := make([]string, len(c.Lists))
		for i, l := range c.Lists {
			label := l.Label()
			if l.File != nil && label == "" {
				label = "~/" + l.File.Path // a file of its own
			}
			labels[i] = "`" + label + "`"
			if l.NotAtStart {
				labels[i] += " (read, but not consulted when the servers start: it blocks none)"
			}
		}
		fmt.Fprintf(&b, " Switches: %s.", strings.Join(labels, ", "))
	}
	if c.ToolNames != nil {
		fmt.Fprintf(&b, " Tool names: `%s`", c.ToolNames.Form)
		if c.ToolNames.MaxLen > 0 {
			fmt.Fprintf(&b, ", at most %d characters", c.ToolNames.MaxLen)
		}
		b.WriteString(".")
	}
	if c.Schema != "" {
		fmt.Fprintf(&b, " Schema: `%s`.", c.Schema)
	}
	if p := c.NamePattern; p != nil {
		what := p.Outside(c, "NAME")
		if p.AddOnly {
			what += "; " + c.Product + " loads it from a file"
		}
		fmt.Fprintf(&b, " Server name pattern: `%s` (outside it, %s; %s).", p.Pattern, what, p.Source)
	}
	if c.NameChars {
		chars := "letters, digits, `_`, `-` and `.`"
		if p := c.NamePattern; p != nil && !p.AddOnly {
			chars = "`" + p.Pattern + "`"
		}
		if c.NamespacedNames {
			chars += ", or `<namespace>/<name>`"
		}
		fmt.Fprintf(&b, " Server names (checked by `server-name`): %s.", chars)
	}
	if c.NoSSE {
		b.WriteString(" No SSE transport: a `url` is reached with streamable HTTP.")
	}
	if way := c.RemoteWay("URL"); way != "" {
		fmt.Fprintf(&b, " A `url` is reached with neither MCP transport: %s %s (lint warns; add and sync refuse without `--force`).", c.Product, way)
	}
	if c.Capabilities.Source != "" {
		names := c.Capabilities.Names()
		for i, n := range names {
			names[i] = "`" + n + "`"
		}
		if len(names) == 0 {
			names = []string{"none"}
		}
		fmt.Fprintf(&b, " Declares to servers (probe does the same): %s (%s).", strings.Join(names, ", "), c.Capabilities.Source)
	}
	if c.NoShell {
		fmt.Fprintf(&b, " Stdio servers start without a shell: in `command`, `~` %s, `$HOME` %s, `${HOME}` %s.",
			expandedWord(c.ExpandsTilde), expandedWord(c.Expands(normalize.Bare)), expandedWord(c.Expands(normalize.Dollar)))
	}
	b.WriteString("\n")
	if len(c.Facts) > 0 {
		b.WriteString("\n| topic | what mcpconf believes | source |\n|---|---|---|\n")
		for _, f := range c.Facts {
			text := f.Text
			if c.Unverified != "" && f.Topic != "not modelled" {
				text += " — UNVERIFIED: " + c.Unverified
			}
			fmt.Fprintf(&b, "| %s | %s | %s |\n", f.Topic, cell(text), cell(f.Source))
		}
	}
	if len(c.Coverage) > 0 {
		mr, m, kr, k := c.CoverageCount()
		fmt.Fprintf(&b, "\n### Coverage of %s's loading path\n\nMessages reached / on the path: **%d / %d**; settings reached / read: **%d / %d** (reached: a `testdata/clients` case or a rule of the harness's grammar, `scripts/clientcheck/gen.py`, triggers it).\n\n", c.Product, mr, m, kr, k)
		b.WriteString("| message or setting | source | modelled | reached by, or why not |\n|---|---|---|---|\n")
		for _, cv := range c.Coverage {
			what := "`" + cv.Key + "`"
			if cv.Message != "" {
				what = "\"" + cv.Message + "\""
			}
			mod := "no"
			if cv.Modelled {
				mod = "yes"
			}
			by := cv.By
			if cv.Why != "" {
				if by != "" {
					by += "; "
				}
				by += cv.Why
			}
			fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cell(what), cell(cv.Source), mod, cell(by))
		}
	}
	b.WriteString(loadPathText(c))
	return b.String()
}

// loadPathText is the client's loading path (normalize.Client.LoadPath) as the
// "Loading path coverage" table: each item, where the client's code has
// it, what models it in mcpconf or why nothing does, and what triggers
// it; "" for a client whose path was not read from its code.
func loadPathText(c *normalize.Client) string {
	lp := c.LoadPath()
	if lp == nil {
		return ""
	}
	var b strings.Builder
	modelled, fixing, triggered := 0, 0, 0
	for _, it := range lp.Items {
		switch {
		case it.Modelled():
			modelled++
		case it.Fixing:
			fixing++
		}
		if it.Case != "" {
			triggered++
		}
	}
	fmt.Fprintf(&b, "\n### Loading path coverage\n\n%s (%s, `normalize/loadpath/%s`.) %d items on the path: mcpconf models %d, %d are being fixed (issue 28), %d are not modelled; %d have a case or a grammar rule that triggers them. How many a harness run's trees reach is in § Agreement.\n\n",
		lp.About, lp.Version, c.LoadPathFile, len(lp.Items), modelled, fixing, len(lp.Items)-modelled-fixing, triggered)
	b.WriteString("| kind | key, variable, path or message | where in the code | mcpconf | triggered by | not modelled because |\n|---|---|---|---|---|---|\n")
	for _, it := range lp.Items {
		name := it.Name
		if it.Key != "" {
			name = "`" + it.Key + "`" + strings.TrimPrefix(it.Name, it.Key)
		}
		model := it.Model
		switch {
		case it.Fixing:
			model = "being fixed (issue 28)"
		case model == "":
			model = "not modelled"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s |\n", it.Kind, cell(name), cell(it.Code), cell(model), cell(orDash(it.Case)), cell(orDash(it.Why)))
	}
	return b.String()
}

// orDash is s, or "—" when it is empty.
func orDash(s string) string {
	if s == "" {
		return "—"
	}
	return s
}

// listText says how an allow-list or deny-list read from settings files
// works; "" for the other lists.
func listText(l normalize.List) string {
	if l.Files == nil || l.Effect != normalize.AllowList && l.Effect != normalize.DenyList {
		return ""
	}
	var b strings.Builder
	what := map[normalize.ListEffect]string{normalize.AllowList: "Allow-list", normalize.DenyList: "Deny-list"}[l.Effect]
	fmt.Fprintf(&b, "%s `%s`", what, l.Label())
	if e := l.Entries; e != nil {
		fmt.Fprintf(&b, ": entries `{%q: NAME}`, `{%q: [PROGRAM, ARG…]}` (the whole command line, exactly) or `{%q: PATTERN}` (a URL, `*` for anything), exactly one key each", e.NameKey, e.CommandKey, e.URLKey)
		if e.NamePattern != "" {
			fmt.Fprintf(&b, "; a name must match `%s`", e.NamePattern)
		}
	}
	var where []string
	for _, f := range l.Files {
		if f.ForOS("linux") {
			where = append(where, settingText(f))
		}
	}
	fmt.Fprintf(&b, "; read from %s", strings.Join(where, ", "))
	if l.Combine == normalize.Union {
		b.WriteString(", every file's entries adding up")
	}
	if !l.Trusted {
		b.WriteString(" (in an untrusted project too)")
	}
	b.WriteString(".")
	if l.Effect == normalize.DenyList {
		b.WriteString(" Checked before any allow-list; a denied server is not loaded.")
	}
	if l.EmptyBlocks {
		b.WriteString(" An empty list admits no server.")
	}
	if l.Entries != nil && l.Entries.Strict {
		b.WriteString(" Once it holds an entry by command, a stdio server must match one by its command line (its name no longer admits it); likewise an entry by URL for a remote server.")
	}
	if len(l.Exempt) > 0 {
		var sc []string
		for _, s := range l.Exempt {
			sc = append(sc, string(s))
		}
		fmt.Fprintf(&b, " Servers of the %s scope pass it unless a value of theirs outside `env` uses a placeholder.", strings.Join(sc, ", "))
	}
	if l.ManagedOnly != "" {
		fmt.Fprintf(&b, " `%s` true in a managed file leaves only the managed files' list.", l.ManagedOnly)
	}
	return b.String()
}

// settingText shows a settings file on Linux: its path, the part keyed by
// the project, where a project file is looked for, its drop-ins.
func settingText(f normalize.File) string {
	w := "`" + f.Display("linux") + "`"
	if f.Section != "" {
		w += " `" + f.Section + "[<root>]`"
	}
	if f.AtStart {
		w += " in the working directory"
	} else if f.Base == normalize.RootDir {
		w += " at the project root"
	}
	if f.DropIns != "" {
		w += " and `/" + f.DropIns + "/*.json`"
	}
	return w
}

func expandedWord(yes bool) string {
	if yes {
		return "is expanded"
	}
	return "is not expanded"
}

func osPath(c *normalize.Client, f normalize.File, goos string) string {
	if !f.ForOS(goos) {
		return "—"
	}
	p := "`" + f.Display(goos) + "`"
	if f.Section != "" {
		p += " `" + f.Section + "[<root>]." + c.ServersKey + "`"
	}
	if len(f.ServersPath) > 0 {
		p += " `" + strings.Join(f.ServersPath, ".") + "`"
	}
	if f.DropIns != "" {
		d := f
		d.Path = f.DropIns + "/*.json"
		p += " and `" + d.Display(goos) + "`"
	}
	if f.Exclusive {
		p += " (while it exists, only the " + string(f.Scope) + " servers load)"
	}
	if f.RemoteHTTPS {
		p += " (remote https servers only)"
	}
	return p
}

func movedBy(files []normalize.File) []string {
	var out []string
	for _, f := range files {
		vars := f.Base.Vars()
		if f.PathVar != "" {
			vars = append(vars, f.PathVar)
		}
		for _, v := range vars {
			if v := "`$" + v + "`"; !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// fileNotes says what the table of files does not: which files a variable
// names, which hold defaults, which the client skips unless root owns
// them, how extensions are read, and what a file it cannot use does.
func fileNotes(c *normalize.Client) string {
	var b strings.Builder
	var named, defaults, owned []string
	for _, f := range c.Files {
		p := "`" + f.Display("linux") + "`"
		if !f.ForOS("linux") {
			continue
		}
		if f.OnlyVar {
			named = append(named, fmt.Sprintf("`$%s` names a file read only when it is set", f.PathVar))
		} else if f.PathVar != "" {
			w := fmt.Sprintf("`$%s` names %s", f.PathVar, p)
			if f.SiblingOf != "" {
				w += fmt.Sprintf(" (else it is looked for beside the file `$%s` names)", f.SiblingOf)
			}
			named = append(named, w)
		}
		if f.Defaults {
			defaults = append(defaults, p)
		}
		if f.RootOwned {
			owned = append(owned, p)
		}
	}
	if len(named) > 0 {
		fmt.Fprintf(&b, "%s.\n\n", capitalize(strings.Join(named, "; ")))
	}
	if len(defaults) > 0 {
		fmt.Fprintf(&b, "Defaults, under every other file of the client: %s.\n\n", strings.Join(defaults, ", "))
	}
	if len(owned) > 0 {
		fmt.Fprintf(&b, "Read only when root owns the file and every directory above it and none is writable by group or others (else skipped, lint's `system-file-skipped`): %s (and their macOS paths).\n\n", strings.Join(owned, ", "))
	}
	for _, f := range c.Files {
		if e := f.Extension; e != nil && f.ForOS("linux") {
			dir, manifest, _ := strings.Cut(f.Display("linux"), "/*/")
			fmt.Fprintf(&b, "Extensions: each directory of `%s` holding `%s`; `%s` names the extension", dir, manifest, e.NameKey)
			if len(e.Required) > 0 {
				fmt.Fprintf(&b, "; without `%s` the extension is skipped", strings.Join(e.Required, "`, `"))
			}
			if e.Enablement != nil {
				fmt.Fprintf(&b, "; `%s` disables it by folder", e.Enablement.Display("linux"))
			}
			b.WriteString(".\n\n")
			break
		}
	}
	for _, bf := range c.BadFiles {
		which := "A settings file"
		if len(bf.Names) > 0 {
			which = "`" + strings.Join(bf.Names, "`, `") + "`"
		}
		if len(bf.Paths) > 0 {
			which = "`" + strings.Join(bf.Paths, "`, `") + "`"
		}
		if len(bf.Scopes) > 0 {
			scopes := make([]string, len(bf.Scopes))
			for i, sc := range bf.Scopes {
				scopes[i] = string(sc)
			}
			which += " (" + strings.Join(scopes, ", ") + " scopes)"
		}
		if bf.Resets != "" {
			unless := ""
			if s := bf.StopsIfSet; s != nil {
				words := make([]string, len(s.Scopes))
				for i, sc := range s.Scopes {
					words[i] = string(sc)
				}
				unless = fmt.Sprintf(" (unless a %s settings file sets `%s`: then it stops on it, %q, exit code %d, and leaves it as it is)", strings.Join(words, " or "), strings.Join(s.Path, "."), bf.Message, bf.ExitCode)
			}
			fmt.Fprintf(&b, "%s that does not parse is overwritten with `%s` when %s starts (the original kept as `…%s`), and none of its settings count%s; one that does not hold an object stops it before any server starts (%q, exit code %d): every server is `refused`.\n\n",
				which, bf.Resets, c.Product, bf.ResetSuffix, unless, bf.Message, bf.ExitCode)
			continue
		}
		how := "it cannot parse, or that does not hold an object,"
		if bf.SyntaxOnly {
			how = "when it does not parse"
		}
		if bf.NullStops {
			how += " or holds null"
		}
		if bf.EmptyOK {
			how += " (empty, it is read as no settings)"
		}
		if bf.ExitCode == 0 {
			fmt.Fprintf(&b, "%s %s: %s; every server is `refused`.\n\n", which, how, bf.Message)
			continue
		}
		fmt.Fprintf(&b, "%s %s stops it before any server starts (%q, exit code %d): every server is `refused`.\n\n", which, how, bf.Message, bf.ExitCode)
	}
	for _, bs := range c.BadSettings {
		words := make([]string, len(bs.Scopes))
		for i, sc := range bs.Scopes {
			words[i] = string(sc)
		}
		fmt.Fprintf(&b, "`%s` in a %s settings file must be %s, as written: any other value stops %s before any server starts (%q, exit code %d): every server is `refused`.\n\n",
			strings.Join(bs.Path, "."), strings.Join(words, " or "), bs.Want, c.Product, bs.Message, bs.ExitCode)
	}
	for _, l := range c.LostNames {
		scopes := make([]string, len(l.Scopes))
		for i, sc := range l.Scopes {
			scopes[i] = string(sc)
		}
		fmt.Fprintf(&b, "Names lost without a warning in %s files: `%s` (%s).\n\n", strings.Join(scopes, ", "), strings.Join(l.Names, "`, `"), fmt.Sprintf(l.Why, "NAME"))
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// cell keeps Markdown table cells on one line.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func lookupText(c *normalize.Client) string {
	markers := ""
	if len(c.RootMarkers) > 0 {
		markers = fmt.Sprintf("the project root is the nearest directory holding `%s`", strings.Join(c.RootMarkers, "`, `"))
		if c.RootMarkersKey != "" {
			markers += fmt.Sprintf(" (`%s` in the user config (or the machine's) replaces the list)", c.RootMarkersKey)
		}
		if c.UpWithoutRoot {
			markers += ", else the file system root"
		} else {
			markers += ", else the working directory"
		}
	}
	var how string
	switch c.Project {
	case normalize.RootToStart:
		how = "project files are read in every directory from the project root down to the working directory, the deeper winning"
	case normalize.StartUp:
		how = "project files are read in the working directory and every directory above it, the nearest winning"
	case normalize.Nearest:
		how = "the nearest project file at or above the working directory is read"
	default:
		if c.ReadsProviders() || len(c.Files) == 0 {
			return markers
		}
		how = "project files are read in the working directory only"
	}
	if c.NoProjectInHome {
		how += ", and not when the working directory is the one the user files hang from (the home)"
	}
	if markers != "" {
		how += "; " + markers
	}
	return how
}

func trustText(c *normalize.Client, t *normalize.Trust) string {
	var what, pre string
	switch t.Kind {
	case normalize.TrustTable:
		what = fmt.Sprintf("`%s` is `%q` in `%s`", strings.Join(t.Path, "."), t.Value, t.File.Display("linux"))
		if t.PerLayer {
			what += " for each layer's own directory, else for the project root"
			if t.RepoRoot {
				what += ", else for the git repository's root"
			}
		}
		if t.Exact {
			what += " (the key matched as written: a trailing slash does not match)"
		}
		if len(t.Levels) > 0 {
			what += fmt.Sprintf("; a value other than `%s` refuses the whole config", strings.Join(t.Levels, "` or `"))
		}
	case normalize.TrustFlag:
		what = fmt.Sprintf("`%s` is true in `%s`", strings.Join(t.Path, "."), t.File.Display("linux"))
	case normalize.TrustList:
		what = fmt.Sprintf("an entry of `%s` in `%s` has a `%s` that resolves exactly to the working directory (trailing slashes and `..` normalised, links not resolved, no parent inherited; a file that does not parse or holds another shape trusts nothing)", t.Path[0], t.File.Display("linux"), t.Value)
	case normalize.TrustPaths:
		what = fmt.Sprintf("`%s` in `%s` lists the directory or a folder above it (each directory whose files are read on its own; trailing slashes and `..` normalised, links not resolved; a list that is not an array of strings trusts nothing)", t.Path[0], t.File.Display("linux"))
	case normalize.TrustFolders:
		file := "`" + t.File.Display("linux") + "`"
		if t.File.PathVar != "" {
			file += fmt.Sprintf(" (or the file `$%s` names)", t.File.PathVar)
		}
		what = fmt.Sprintf("the rule of %s (`TRUST_FOLDER`, `TRUST_PARENT`, `DO_NOT_TRUST`) with the longest path that covers the working directory trusts it", file)
		var steps []string
		if t.DistrustEnv != "" {
			steps = append(steps, fmt.Sprintf("`$%s=true` distrusts", t.DistrustEnv))
		}
		if t.Env != "" {
			steps = append(steps, fmt.Sprintf("`$%s` (`true` or `false`) decides", t.Env))
		}
		if len(t.Enabled) > 0 {
			steps = append(steps, fmt.Sprintf("`%s` = false (in a file outside the project) trusts every folder", strings.Join(t.Enabled, ".")))
		}
		if len(steps) > 0 {
			pre = "first " + strings.Join(steps, ", then ") + "; otherwise "
		}
	}
	effect := map[normalize.TrustEffect]string{
		normalize.IgnoresProject: "an untrusted project's files are ignored",
		normalize.DisablesAll:    "in an untrusted folder no server starts, user ones included",
		normalize.GatesApproval:  "approvals written in an untrusted project do not count",
	}[t.Effect]
	if t.InvalidShown {
		effect += ", though an entry of theirs the client rejects is still reported invalid (it checks the entries before it asks)"
	}
	return pre + "a project is trusted when " + what + "; " + effect
}

// lockText says when a lock (normalize.Client.Locks) is on and what it keeps out.
func lockText(l normalize.Lock) string {
	var when string
	if l.Env != "" {
		when = fmt.Sprintf("`%s` set to `%s` (any case)", l.Env, strings.Join(l.EnvTrue, "`, `"))
	} else {
		var where []string
		for _, f := range l.Files {
			if f.ForOS("linux") {
				where = append(where, "`"+f.Display("linux")+"`")
			}
		}
		when = fmt.Sprintf("`%s` in %s true or an array holding `%s`", strings.Join(l.Path, "."), strings.Join(where, ", "), l.Item)
		if l.InvalidOn {
			when += " (a value of another type counts as true)"
		}
	}
	if len(l.Keeps) == 0 {
		return fmt.Sprintf("Lock: while %s, no server loads (each is `%s` and unlisted; %s).", when, l.Status, l.Source)
	}
	ks := make([]string, len(l.Keeps))
	for i, k := range l.Keeps {
		ks[i] = string(k)
	}
	return fmt.Sprintf("Lock: while %s, only %s servers load (the others are `%s` and unlisted; %s).", when, strings.Join(ks, ", "), l.Status, l.Source)
}

// transportWords name the network transports in the docs.
var transportWords = map[normalize.Transport]string{normalize.HTTP: "streamable HTTP", normalize.SSE: "SSE"}

// productName is the product name of a client id, or the id.
func productName(id string) string {
	if c := normalize.ClientByID(id); c != nil {
		return c.Product
	}
	return id
}
