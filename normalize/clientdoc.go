package normalize

import (
	"fmt"
	"slices"
	"strings"
)

// docSystems are the systems docs/clients.md lists paths for.
var docSystems = []string{"linux", "darwin", "windows"}

// ClientsMarkdown renders what mcpconf believes about every client, from
// the descriptors: docs/clients.md is this output, and a test fails when
// the file is stale.
func ClientsMarkdown() string {
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
	for _, c := range clients {
		b.WriteString("\n")
		b.WriteString(clientSection(c))
	}
	return b.String()
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
			labels[i] = "`" + l.Label() + "`"
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
	b.WriteString("\n")
	if len(c.Facts) > 0 {
		b.WriteString("\n| topic | what mcpconf believes | source |\n|---|---|---|\n")
		for _, f := range c.Facts {
			fmt.Fprintf(&b, "| %s | %s | %s |\n", f.Topic, cell(f.Text), cell(f.Source))
		}
	}
	return b.String()
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
