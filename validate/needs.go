package validate

import "strings"

// PackageNeeds is what the npm package a stdio command runs (itself, or
// through npx, bunx, pnpm dlx, npm exec; a Windows "cmd /c" wrapper is
// looked through) needs from its environment, as env-not-passed knows
// it: the package, and groups of variables, any one of a group giving
// one value. It returns "" when the package is not known to need any, or
// a flag of the command line gives the value. It is for callers outside
// lint: probe names first the variables a server needs among those its
// client does not pass.
func PackageNeeds(command string, args []string) (pkg string, vars [][]string) {
	e := execLine{command: command, args: args}
	if b := progName(e.command); (b == "cmd" || b == "cmd.exe") && len(e.args) >= 2 && strings.EqualFold(e.args[0], "/c") {
		e.command, e.args = e.args[1], e.args[2:]
	}
	need, first := needsOf(e)
	if need == nil || need.givenByFlag(e.args[first:]) {
		return "", nil
	}
	return need.pkg, need.vars
}
