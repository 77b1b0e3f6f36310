package main

import (
	"errors"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/internal/textwrap"
	"github.com/mcpconf/mcpconf/normalize"
)

// version is set at build time with -ldflags "-X main.version=…";
// otherwise the build info says it.
var version = ""

// versionString is mcpconf's version for reports (SARIF, JSON).
func versionString() string { return app.Version(version) }

// versionLine is what --version prints after "mcpconf".
func versionLine() string { return app.VersionLine(version) }

// Main runs mcpconf with args and returns the exit code.
func Main(args []string, io *IO) int {
	cmd := newRootCmd(io)
	cmd.SetArgs(args)
	err := cmd.Execute()
	if err != nil {
		var se silentError
		if !asSilent(err, &se) {
			msg := err.Error()
			var nf *app.NotFoundError
			if isFlagError(msg) && !errors.As(err, &nf) {
				err = &app.UsageError{Err: err}
			}
			io.Errorf("%s", msg)
			if exitCode(err) == exitUsage {
				fmt.Fprintf(io.ErrOut, "run '%s --help' for usage\n", commandLine(cmd, args))
			}
		}
	}
	return exitStatus(io.Ctx(), err)
}

// isFlagError recognizes cobra's and pflag's own usage errors, which come
// back as plain errors.
func isFlagError(msg string) bool {
	for _, p := range []string{"unknown flag", "unknown shorthand", "flag needs an argument", "invalid argument", "unknown command", "accepts ", "requires at least", "requires at most", "bad flag syntax"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}

// commandLine is "mcpconf" or "mcpconf SUBCOMMAND" for the usage hint: the
// first argument that is not a flag, when it names a subcommand.
func commandLine(root *cobra.Command, args []string) string {
	for _, a := range args {
		if strings.HasPrefix(a, "-") {
			continue
		}
		for _, c := range root.Commands() {
			if c.Name() == a {
				return "mcpconf " + a
			}
		}
		break
	}
	return "mcpconf"
}

// maxOneArg accepts at most one positional argument, named what in the
// error, instead of cobra's "accepts at most 1 arg(s)".
func maxOneArg(what string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) > 1 {
			return usagef("%s takes at most one %s, got %d arguments", cmd.Name(), what, len(args))
		}
		return nil
	}
}

func asSilent(err error, se *silentError) bool {
	s, ok := err.(silentError)
	if ok {
		*se = s
	}
	return ok
}

func newRootCmd(io *IO) *cobra.Command {
	root := &cobra.Command{
		Use:   "mcpconf",
		Short: "Find, explain, lint, fix and write MCP server definitions across AI clients",
		Long: wrap("mcpconf reads the MCP server definitions of every AI client it knows ("+
			normalize.ProductList()+") from a project and a home directory, tells which definition wins and why, finds and fixes mistakes, and writes one server for several clients, each in its own form.", 75),
		Example: `  # which servers will start here, and from which file
  mcpconf explain

  # why does "github" not do what I expect
  mcpconf explain github

  # fix what can be fixed, showing it first
  mcpconf lint --diff
  mcpconf lint --fix

  # the same servers for Cursor and Codex as for Claude Code
  mcpconf sync --from claude --to cursor,codex`,
		Version:       versionLine(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	root.SetVersionTemplate("mcpconf {{.Version}}\n")
	// flag descriptions wrapped at word boundaries with a hanging indent, to
	// the terminal's width (80 when help is not printed on one): a terminal
	// would cut them mid-word
	root.SetUsageTemplate(wrappedFlags(root.UsageTemplate(), helpWidth(io)))
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return &app.UsageError{Err: err} })
	root.AddCommand(newExplainCmd(io, nil), newLintCmd(io, nil), newProbeCmd(io, nil), newAddCmd(io, nil), newRemoveCmd(io, nil), newSyncCmd(io, nil), newRulesCmd(io, nil), newSchemaCmd(io, nil), newLSPCmd(io, nil))
	return root
}

// helpWidth is the width help is wrapped to: the terminal's, at most 100
// (longer lines are hard to read), or 80.
func helpWidth(io *IO) int {
	if io.Width > 0 {
		return min(io.Width, 100)
	}
	return 80
}

// wrappedFlags is cobra's usage template with its flag lists wrapped to
// width (pflag's FlagUsagesWrapped).
func wrappedFlags(tmpl string, width int) string {
	for _, set := range []string{"LocalFlags", "InheritedFlags"} {
		tmpl = strings.ReplaceAll(tmpl, "."+set+".FlagUsages |", fmt.Sprintf(".%s.FlagUsagesWrapped %d |", set, width))
	}
	return tmpl
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) string {
	return strings.Join(textwrap.Lines(text, width), "\n")
}
