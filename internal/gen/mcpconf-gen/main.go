// Command mcpconf-gen writes a synthetic monorepo of MCP config files, for
// timing mcpconf as a whole process:
//
//	go run ./internal/gen/mcpconf-gen -files 2000 -per 10 /tmp/mono
//	time mcpconf lint -r /tmp/mono
//
// or, with -minified N, one .mcp.json of N servers on a single line:
//
//	go run ./internal/gen/mcpconf-gen -minified 20000 /tmp/mini
//	time mcpconf lint /tmp/mini
package main

import (
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/mcpconf/mcpconf/internal/gen"
)

func main() { os.Exit(run(os.Args[1:], os.Stderr)) }

// run is the command with its arguments, writing its messages to stderr;
// it returns the exit status.
func run(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("mcpconf-gen", flag.ContinueOnError)
	fs.SetOutput(stderr)
	files := fs.Int("files", 2000, "config files to write")
	per := fs.Int("per", 10, "servers per file")
	minified := fs.Int("minified", 0, "write instead one .mcp.json of this many servers on one line")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: mcpconf-gen [-files N] [-per N] DIR\n       mcpconf-gen -minified N DIR")
		return 2
	}
	var err error
	if *minified > 0 {
		err = gen.Minified(fs.Arg(0), *minified)
	} else {
		_, err = gen.Monorepo(fs.Arg(0), *files, *per)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mcpconf-gen:", err)
		return 1
	}
	return 0
}
