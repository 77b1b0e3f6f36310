package validate

import "strings"

// runsProgram reports whether an exec line runs the npm package or
// program name, directly or through a package runner (npx, bunx, pnpm
// dlx, npm exec), and the index in e.args of the first argument the
// program gets.
func runsProgram(e execLine, name string) (first int, ok bool) {
	if runnerProg(e.command) == name {
		return 0, true
	}
	if pkg, first, ok := runnerPackageOf(e); ok && pkg == name {
		return first, true
	}
	return 0, false
}

// runnerProg is a command's program name without .cmd or .exe.
func runnerProg(command string) string {
	return strings.TrimSuffix(strings.TrimSuffix(progName(command), ".cmd"), ".exe")
}

// runnerPackageOf returns the npm package (without its version) an exec
// line runs through a package runner (npx, bunx, pnpm dlx, npm exec), and
// the index in e.args of the first argument the package gets.
func runnerPackageOf(e execLine) (name string, first int, ok bool) {
	pkg := -1
	switch prog := runnerProg(e.command); {
	case prog == "npx":
		if call := npxParse(e.args); call.unknown < 0 {
			pkg = call.pkg
		}
	case prog == "bunx":
		pkg = runnerPackage(e.args, 0)
	case (prog == "pnpm" || prog == "yarn") && len(e.args) > 0 && e.args[0] == "dlx",
		prog == "npm" && len(e.args) > 0 && (e.args[0] == "exec" || e.args[0] == "x"),
		prog == "bun" && len(e.args) > 0 && e.args[0] == "x":
		pkg = runnerPackage(e.args, 1)
	}
	if pkg < 0 || pkg >= len(e.args) {
		return "", 0, false
	}
	spec := e.args[pkg]
	for _, p := range []string{"--package=", "-p="} {
		spec = strings.TrimPrefix(spec, p)
	}
	return npmPackageName(spec), pkg + 1, true
}

// npmPackageName is a package spec without its version: "mcp-remote" for
// "mcp-remote@0.1.29", "@scope/pkg" for "@scope/pkg@1.0.0".
func npmPackageName(spec string) string {
	at := strings.LastIndexByte(spec, '@')
	if at > 0 {
		return spec[:at]
	}
	return spec
}

// mcpRemoteHeaders returns the indexes in e.args of the values of
// mcp-remote's --header options. mcp-remote replaces ${NAME} in them with
// its own environment variable NAME ("" when unset), so a ${NAME} there is
// meant to reach it literally (geelen/mcp-remote src/lib/utils.ts,
// parseCommandLineArgs: only "--header VALUE", not "--header=VALUE").
func mcpRemoteHeaders(e execLine) map[int]bool {
	first, ok := runsProgram(e, "mcp-remote")
	if !ok {
		return nil
	}
	out := map[int]bool{}
	for i := first; i+1 < len(e.args); i++ {
		if e.args[i] == "--header" {
			out[i+1] = true
			i++
		}
	}
	return out
}

// codeRunner reports a command that runs code given in its arguments
// (node -e, python -c, …), where "${…}", "{{…}}" and process.env are
// the language's own syntax rather than placeholders.
func codeRunner(e execLine) bool {
	switch strings.TrimSuffix(progName(e.command), ".exe") {
	case "node", "nodejs", "deno", "bun", "python", "python3", "ruby", "perl", "php":
	default:
		return false
	}
	for _, a := range e.args {
		switch a {
		case "-e", "--eval", "-p", "--print", "-c", "-r":
			return true
		}
	}
	return false
}
