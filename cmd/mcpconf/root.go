package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// version is set at build time with -ldflags "-X main.version=…";
// otherwise the build info says it.
var version = ""

// versionString is mcpconf's version for reports (SARIF, JSON): the
// version it was built as, or "devel".
func versionString() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	v, _ := versionFrom(bi, ok)
	return v
}

// versionLine is what --version prints after "mcpconf": the version, and
// for a build from a checkout the commit it was built from, "dirty" when
// the checkout had changes: "v0.3.1", "devel (abc1234, dirty)".
func versionLine() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	v, vcs := versionFrom(bi, ok)
	if vcs != "" {
		return v + " (" + vcs + ")"
	}
	return v
}

// versionFrom reads the build info: go install module@version stamps the
// module's version; go build and go install in a checkout stamp the VCS
// revision (and, since Go 1.24, a version derived from it).
func versionFrom(bi *debug.BuildInfo, ok bool) (v, vcs string) {
	v = "devel"
	if !ok || bi == nil {
		return v, ""
	}
	if bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		v = bi.Main.Version
	}
	var rev string
	dirty := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	switch {
	case v != "devel":
		// the version says it all (a pseudo-version names the commit,
		// and Go marks a dirty checkout "+dirty")
		return v, ""
	case rev != "" && dirty:
		return v, rev + ", dirty"
	case rev != "":
		return v, rev
	case dirty:
		return v, "dirty"
	}
	return v, ""
}

// Main runs mcpconf with args and returns the exit code.
func Main(args []string, io *IO) int {
	cmd := newRootCmd(io)
	cmd.SetArgs(args)
	err := cmd.Execute()
	if err != nil {
		var se silentError
		if !asSilent(err, &se) {
			msg := err.Error()
			if isFlagError(msg) {
				err = usageError{err}
			}
			io.errorf("%s", msg)
			if exitCode(err) == exitUsage {
				fmt.Fprintf(io.ErrOut, "run '%s --help' for usage\n", commandLine(cmd, args))
			}
		}
	}
	return exitCode(err)
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
		Short: "Find, explain and lint MCP server definitions across AI clients",
		Long: `mcpconf reads the MCP server definitions of every AI client it knows
(pisces, Claude Code, Codex, Gemini CLI, opencode, Cursor, Windsurf,
agent-code, VS Code, and a bare mcp.json) from a project and a home
directory, tells which definition wins and why, and finds mistakes.`,
		Example: `  # which servers will start here, and from which file
  mcpconf explain

  # why does "github" not do what I expect
  mcpconf explain github`,
		Version:       versionLine(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetOut(io.Out)
	root.SetErr(io.ErrOut)
	root.SetVersionTemplate("mcpconf {{.Version}}\n")
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error { return usageError{err} })
	root.AddCommand(newExplainCmd(io, nil), newLintCmd(io, nil), newProbeCmd(io, nil), newRulesCmd(io, nil), newSchemaCmd(io, nil))
	return root
}
