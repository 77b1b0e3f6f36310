package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// cliDocsDir holds the CLI reference, one page per command, generated from
// the cobra tree as cobra's doc.GenMarkdownTree writes it (gh's gen-docs).
const cliDocsDir = "../../docs/cli"

// TestCLIReference: docs/cli holds exactly the pages cliReference makes
// from the commands' help, so each flag is described once, in cobra, and
// the reference cannot fall behind it. Regenerate with
// go test ./cmd/mcpconf -run TestCLIReference -update.
func TestCLIReference(t *testing.T) {
	want := cliReference(t)
	if *update {
		old, _ := filepath.Glob(filepath.Join(cliDocsDir, "*.md"))
		for _, p := range old {
			if _, ok := want[filepath.Base(p)]; !ok {
				if err := os.Remove(p); err != nil {
					t.Fatal(err)
				}
			}
		}
		if err := os.MkdirAll(cliDocsDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, text := range want {
			if err := os.WriteFile(filepath.Join(cliDocsDir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return
	}
	have, _ := filepath.Glob(filepath.Join(cliDocsDir, "*.md"))
	for _, p := range have {
		if _, ok := want[filepath.Base(p)]; !ok {
			t.Errorf("%s documents no command: run go test ./cmd/mcpconf -run TestCLIReference -update", p)
		}
	}
	for name, text := range want {
		got, err := os.ReadFile(filepath.Join(cliDocsDir, name))
		if err != nil || string(got) != text {
			t.Errorf("docs/cli/%s is stale (%v): run go test ./cmd/mcpconf -run TestCLIReference -update", name, err)
		}
	}
}

// TestCLIReferenceStale: the check fails when a flag's description
// changes and the pages are not regenerated.
func TestCLIReferenceStale(t *testing.T) {
	tio, _, _ := testIO(nil)
	root := newRootCmd(tio)
	before := cliPages(root)
	lint, _, _ := root.Find([]string{"lint"})
	lint.Flags().Lookup("fix").Usage = "something else"
	after := cliPages(root)
	if before["mcpconf_lint.md"] == after["mcpconf_lint.md"] {
		t.Fatal("a changed flag description leaves the lint page unchanged")
	}
	if before["mcpconf_probe.md"] != after["mcpconf_probe.md"] {
		t.Error("a lint flag changed the probe page")
	}
}

// cliReference is every page of the CLI reference, by file name.
func cliReference(t *testing.T) map[string]string {
	t.Helper()
	tio, _, _ := testIO(nil)
	pages := cliPages(newRootCmd(tio))
	if len(pages) < 9 {
		t.Fatalf("only %d pages", len(pages))
	}
	return pages
}

// thisMachine is the part of a flag's description that depends on the
// machine help is printed on (probe's --parallel default); the reference
// leaves it out so that it is the same wherever it is generated.
var thisMachine = regexp.MustCompile(`; \d+ on this machine\)`)

// cliPages renders cmd and its available subcommands as Markdown pages
// named mcpconf_<cmd>.md, in the layout of cobra's doc.GenMarkdown
// (without its date line), flags wrapped at 80 columns as --help wraps
// them where the width is unknown.
func cliPages(cmd *cobra.Command) map[string]string {
	pages := map[string]string{}
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		pages[cliPageName(c)] = cliPage(c)
		for _, sub := range c.Commands() {
			if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
				walk(sub)
			}
		}
	}
	walk(cmd)
	return pages
}

func cliPageName(c *cobra.Command) string {
	return strings.ReplaceAll(c.CommandPath(), " ", "_") + ".md"
}

func cliPage(c *cobra.Command) string {
	c.InitDefaultHelpFlag()
	var b bytes.Buffer
	b.WriteString("<!-- generated from the commands' help by go test ./cmd/mcpconf -run TestCLIReference -update; do not edit -->\n\n")
	fmt.Fprintf(&b, "## %s\n\n%s\n\n", c.CommandPath(), c.Short)
	if c.Long != "" {
		fmt.Fprintf(&b, "### Synopsis\n\n%s\n\n", strings.TrimRight(c.Long, "\n"))
	}
	if c.Runnable() {
		fmt.Fprintf(&b, "```\n%s\n```\n\n", c.UseLine())
	}
	if c.Example != "" {
		fmt.Fprintf(&b, "### Examples\n\n```\n%s\n```\n\n", strings.TrimRight(c.Example, "\n"))
	}
	for _, set := range []struct {
		title string
		flags *pflag.FlagSet
	}{{"Options", c.NonInheritedFlags()}, {"Options inherited from parent commands", c.InheritedFlags()}} {
		if !set.flags.HasAvailableFlags() {
			continue
		}
		set.flags.VisitAll(func(f *pflag.Flag) { f.Usage = thisMachine.ReplaceAllString(f.Usage, ")") })
		fmt.Fprintf(&b, "### %s\n\n```\n%s```\n\n", set.title, set.flags.FlagUsagesWrapped(80))
	}
	var also []string
	if c.HasParent() {
		p := c.Parent()
		also = append(also, fmt.Sprintf("* [%s](%s) - %s", p.CommandPath(), cliPageName(p), p.Short))
	}
	subs := c.Commands()
	sort.Slice(subs, func(i, j int) bool { return subs[i].Name() < subs[j].Name() })
	for _, sub := range subs {
		if sub.IsAvailableCommand() && !sub.IsAdditionalHelpTopicCommand() {
			also = append(also, fmt.Sprintf("* [%s](%s) - %s", sub.CommandPath(), cliPageName(sub), sub.Short))
		}
	}
	if len(also) > 0 {
		fmt.Fprintf(&b, "### See also\n\n%s\n", strings.Join(also, "\n"))
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}
