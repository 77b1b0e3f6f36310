package normalize

import (
	"fmt"
	"slices"
	"strings"
)

// docSystems are the systems docs/clients.md lists paths for.
var docSystems = []string{"linux", "darwin", "windows"}

// ClientsMarkdown renders what mcpconf believes about every client, from
// the descriptors, and how often that agreed with the real clients, from
// agreement (docs/agreement.json, which the clientcheck harness writes;
// nil when there is none): docs/clients.md is this output, and a test
// fails when the file is stale.
func ClientsMarkdown(agreement []byte) (string, error) {
	runs, err := AgreementMarkdown(agreement)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# What mcpconf knows about each client\n\n")
	b.WriteString("Generated from the client descriptors in `normalize/client_*.go` (`go test ./normalize -run TestClientsDoc -update`). ")
	b.WriteString("Each fact names where it was read or checked; UNVERIFIED marks what no source confirms, and mcpconf does not fail a file on it.\n\n")
	b.WriteString("| client | `--client` | project files | user files | merge | placeholders |\n|---|---|---|---|---|---|\n")
	for _, c := range clients {
		names := "—"
		if c.Views() {
			names = "`" + strings.Join(c.Names(), "`, `") + "`"
		}
		fmt.Fprintf(&b, "| [%s](#%s) | %s | %s | %s | %s | %s |\n", c.Product, c.ID, names,
			fileList(c.ownFiles(), true), fileList(c.ownFiles(), false), mergeWord(c), placeholderList(c))
	}
	b.WriteString("\n")
	b.WriteString(runs)
	for _, c := range clients {
		b.WriteString("\n")
		b.WriteString(clientSection(c))
	}
	return b.String(), nil
}

// ownFiles are the files the client reads itself, or pisces's row for a
// provider that is not a client.
func (c *Client) ownFiles() []File {
	if len(c.Files) == 0 && c.Pisces != nil {
		return c.Pisces.Files
	}
	return c.Files
}

// fileList lists the Linux paths of the files in the project tree
// (inProject) or outside it.
func fileList(files []File, inProject bool) string {
	var out []string
	for _, f := range files {
		if (f.Base == RootDir) == inProject && f.ForOS("linux") {
			p := "`" + f.Display("linux") + "`"
			if f.Section {
				p += " `projects[<root>]`"
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

func mergeWord(c *Client) string {
	switch {
	case c.ReadsProviders:
		return "every provider, by priority"
	case c.Merge == KeyByKey:
		return "key by key"
	}
	return "whole entry"
}

func placeholderList(c *Client) string {
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

func clientSection(c *Client) string {
	var b strings.Builder
	fmt.Fprintf(&b, "## %s\n\n", c.ID)
	switch {
	case c.ProviderOnly:
		fmt.Fprintf(&b, "%s: a pisces provider, not a client of its own (no `--client`).", c.Product)
		if c.CoReader != "" {
			fmt.Fprintf(&b, " %s reads the same files with its own rules.", ProductName(c.CoReader))
		}
		b.WriteString("\n\n")
	default:
		fmt.Fprintf(&b, "%s: `--client %s`.\n\n", c.Product, strings.Join(c.Names(), "` or `--client "))
	}
	if files := c.Files; len(files) > 0 {
		b.WriteString("Files, highest precedence first:\n\n| scope | Linux | macOS | Windows | format |\n|---|---|---|---|---|\n")
		for _, f := range files {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", f.Scope, osPath(f, "linux"), osPath(f, "darwin"), osPath(f, "windows"), f.Format)
		}
		b.WriteString("\n")
		if vars := movedBy(files); len(vars) > 0 {
			fmt.Fprintf(&b, "Moved by %s.\n\n", strings.Join(vars, ", "))
		}
	}
	if c.Note != "" {
		fmt.Fprintf(&b, "Precedence: %s. Merge: %s.\n\n", c.Note, mergeWord(c))
	}
	if l := lookupText(c); l != "" {
		fmt.Fprintf(&b, "Project: %s.\n\n", l)
	}
	if a := c.Approval; a != nil {
		var where []string
		for _, s := range a.Settings {
			w := "`" + s.File.Display("linux") + "`"
			if s.File.Section {
				w += " `projects[<root>]`"
			}
			if s.Trusted {
				w += " (trusted projects only)"
			}
			where = append(where, w)
		}
		fmt.Fprintf(&b, "Approval of %s servers: `%s` lists names, `%s` approves all, `%s` rejects; read from %s. A pending or rejected server does not start and leaves its name to another scope; a rejection counts everywhere.\n\n",
			a.Scope, a.Enabled, a.EnableAll, a.Disabled, strings.Join(where, ", "))
	}
	if t := c.Trust; t != nil {
		fmt.Fprintf(&b, "Trust: %s.\n\n", trustText(c, t))
	}
	if len(c.Ignored) > 0 {
		var ig []string
		for _, f := range c.Ignored {
			ig = append(ig, "`"+f.File.Display("linux")+"`")
		}
		fmt.Fprintf(&b, "Not read (servers there are lost): %s.\n\n", strings.Join(ig, ", "))
	}
	if c.Pisces != nil {
		all := fileList(c.Pisces.Files, true)
		if home := fileList(c.Pisces.Files, false); home != "—" {
			all += ", " + home
		}
		fmt.Fprintf(&b, "pisces reads it as provider `%s`, priority %d: %s.\n\n", c.ID, c.Pisces.Priority, all)
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
	fmt.Fprintf(&b, " Placeholders: %s.", placeholderList(c))
	if len(c.Lists) > 0 {
		labels := make([]string, len(c.Lists))
		for i, l := range c.Lists {
			label := l.Label()
			if l.File != nil && label == "" {
				label = "~/" + l.File.Path // a file of its own
			}
			labels[i] = "`" + label + "`"
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
	if c.NameChars {
		chars := "letters, digits, `_`, `-` and `.`"
		if c.NameNoDot {
			chars = "letters, digits, `_` and `-`"
		}
		if c.NamespacedNames {
			chars += ", or `<namespace>/<name>`"
		}
		fmt.Fprintf(&b, " Server names (checked by `server-name`): %s.", chars)
	}
	if c.NoSSE {
		b.WriteString(" No SSE transport: a `url` is reached with streamable HTTP.")
	}
	if c.NoShell {
		fmt.Fprintf(&b, " Stdio servers start without a shell: in `command`, `~` %s, `$HOME` %s, `${HOME}` %s.",
			expandedWord(c.ExpandsTilde), expandedWord(c.Expands(Bare)), expandedWord(c.Expands(Dollar)))
	}
	b.WriteString("\n")
	if len(c.Facts) > 0 {
		b.WriteString("\n| topic | what mcpconf believes | source |\n|---|---|---|\n")
		for _, f := range c.Facts {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", f.Topic, cell(f.Text), cell(f.Source))
		}
	}
	return b.String()
}

func expandedWord(yes bool) string {
	if yes {
		return "is expanded"
	}
	return "is not expanded"
}

func osPath(f File, goos string) string {
	if !f.ForOS(goos) {
		return "—"
	}
	p := "`" + f.Display(goos) + "`"
	if f.Section {
		p += " `projects[<root>].mcpServers`"
	}
	return p
}

func movedBy(files []File) []string {
	var out []string
	for _, f := range files {
		for _, v := range BaseVars[f.Base] {
			if v := "`$" + v + "`"; !slices.Contains(out, v) {
				out = append(out, v)
			}
		}
	}
	return out
}

// cell keeps Markdown table cells on one line.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

func lookupText(c *Client) string {
	markers := ""
	if len(c.RootMarkers) > 0 {
		markers = fmt.Sprintf("the project root is the nearest directory holding `%s`", strings.Join(c.RootMarkers, "`, `"))
		if c.RootMarkersKey != "" {
			markers += fmt.Sprintf(" (`%s` in the user config replaces the list)", c.RootMarkersKey)
		}
		markers += ", else the working directory"
	}
	var how string
	switch c.Project {
	case RootToStart:
		how = "project files are read in every directory from the project root down to the working directory, the deeper winning"
	case StartUp:
		how = "project files are read in the working directory and every directory above it, the nearest winning"
	case Nearest:
		how = "the nearest project file at or above the working directory is read"
	default:
		if c.ReadsProviders || len(c.Files) == 0 {
			return markers
		}
		how = "project files are read in the working directory only"
	}
	if c.NoProjectInHome {
		how += ", and not when the working directory is the home"
	}
	if markers != "" {
		how += "; " + markers
	}
	return how
}

func trustText(c *Client, t *Trust) string {
	var what string
	switch t.Kind {
	case TrustTable:
		what = fmt.Sprintf("`%s` is `%q` in `%s`", strings.Join(t.Path, "."), t.Value, t.File.Display("linux"))
		if t.PerLayer {
			what += ", for each layer's own directory or the project root"
		}
	case TrustFlag:
		what = fmt.Sprintf("`%s` is true in `%s`", strings.Join(t.Path, "."), t.File.Display("linux"))
	case TrustFolders:
		what = fmt.Sprintf("the nearest rule of `%s` (`TRUST_FOLDER`, `TRUST_PARENT`, `DO_NOT_TRUST`) trusts the working directory", t.File.Display("linux"))
		if t.Env != "" {
			what = fmt.Sprintf("`$%s` (true or false) decides first; otherwise ", t.Env) + what
		}
		if len(t.Enabled) > 0 {
			what += fmt.Sprintf("; `%s` = false trusts every folder", strings.Join(t.Enabled, "."))
		}
	}
	effect := map[TrustEffect]string{
		IgnoresProject: "an untrusted project's files are ignored",
		DisablesAll:    "in an untrusted folder no server starts, user ones included",
		GatesApproval:  "approvals written in an untrusted project do not count",
	}[t.Effect]
	return "a project is trusted when " + what + "; " + effect
}
