package main

import (
	"errors"
	"fmt"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/normalize"
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
	return reportVersion(bi, ok)
}

// reportVersion is the version as Go stamped it: a release, a
// pseudo-version (with "+dirty" for a checkout that had changes), or
// "devel".
func reportVersion(bi *debug.BuildInfo, ok bool) string {
	if !ok || bi == nil || bi.Main.Version == "" || bi.Main.Version == "(devel)" {
		return "devel"
	}
	return bi.Main.Version
}

// versionLine is what --version prints after "mcpconf": the version, then
// the commit it was built from and "dirty" when the checkout had changes,
// whenever they are known: "v0.3.1" (go install …@v0.3.1),
// "v0.0.0-20260801120000-abc1234def56 (abc1234, dirty)" (a checkout),
// "devel (built without version control information)" (-buildvcs=false).
func versionLine() string {
	if version != "" {
		return version
	}
	bi, ok := debug.ReadBuildInfo()
	v, detail := versionFrom(bi, ok)
	if detail != "" {
		return v + " (" + detail + ")"
	}
	return v
}

// versionFrom reads the build info: go install module@version stamps the
// module's version, go install module@commit a pseudo-version naming the
// commit; go build and go install in a checkout stamp the VCS revision and
// whether the checkout had changes (and, since Go 1.24, a version derived
// from them, "+dirty" when it had). v is the version without "+dirty";
// detail is the commit and "dirty" when known, or why nothing is.
func versionFrom(bi *debug.BuildInfo, ok bool) (v, detail string) {
	if !ok || bi == nil {
		return "devel", "built without version information"
	}
	v = reportVersion(bi, ok)
	v, build, _ := strings.Cut(v, "+")
	dirty := slices.Contains(strings.Split(build, "."), "dirty")
	var rev string
	vcs := false
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev, vcs = s.Value, true
		case "vcs.modified":
			dirty = dirty || s.Value == "true"
		}
	}
	if rev == "" {
		rev = pseudoRevision(v)
	}
	if len(rev) > 7 {
		rev = rev[:7]
	}
	switch {
	case rev != "" && dirty:
		return v, rev + ", dirty"
	case rev != "":
		return v, rev
	case dirty:
		return v, "dirty"
	case v == "devel" && !vcs:
		return v, "built without version control information"
	}
	return v, ""
}

// pseudoRevision is the commit a pseudo-version names
// (v0.0.0-20260801120000-abc1234def56, v0.3.2-0.20260801120000-…,
// v1.2.4-rc.1.0.20260801120000-…), or "" for any other version.
func pseudoRevision(v string) string {
	i := strings.LastIndexByte(v, '-')
	if i < 0 {
		return ""
	}
	rev, rest := v[i+1:], v[:i]
	j := strings.LastIndexAny(rest, "-.")
	if len(rev) != 12 || strings.Trim(rev, "0123456789abcdef") != "" || j < 0 ||
		len(rest)-j-1 != 14 || strings.Trim(rest[j+1:], "0123456789") != "" {
		return ""
	}
	return rev
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
			var nf *app.NotFoundError
			if isFlagError(msg) && !errors.As(err, &nf) {
				err = usageError{err}
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
		Short: "Find, explain and lint MCP server definitions across AI clients",
		Long: wrap("mcpconf reads the MCP server definitions of every AI client it knows ("+
			clientProducts()+") from a project and a home directory, tells which definition wins and why, and finds mistakes.", 75),
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

// clientProducts names every client of the descriptors table, in table
// order, and then the files read without a client of their own: "pisces,
// Claude Code, …, Roo Code, and a bare mcp.json".
func clientProducts() string {
	var names, bare []string
	for _, c := range normalize.Clients() {
		if c.Views() {
			names = append(names, c.Product)
		} else {
			bare = append(bare, "a bare "+c.Product)
		}
	}
	names = append(names, bare...)
	if n := len(names); n > 1 {
		names[n-1] = "and " + names[n-1]
	}
	return strings.Join(names, ", ")
}

// wrap breaks text into lines of at most width bytes, at spaces.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, w := range strings.Fields(text) {
		switch {
		case i == 0:
		case n+1+len(w) > width:
			b.WriteByte('\n')
			n = 0
		default:
			b.WriteByte(' ')
			n++
		}
		b.WriteString(w)
		n += len(w)
	}
	return b.String()
}
