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
	"os"

	"github.com/mcpconf/mcpconf/internal/gen"
)

func main() {
	files := flag.Int("files", 2000, "config files to write")
	per := flag.Int("per", 10, "servers per file")
	minified := flag.Int("minified", 0, "write instead one .mcp.json of this many servers on one line")
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: mcpconf-gen [-files N] [-per N] DIR\n       mcpconf-gen -minified N DIR")
		os.Exit(2)
	}
	err := gen.Monorepo(flag.Arg(0), *files, *per)
	if *minified > 0 {
		err = gen.Minified(flag.Arg(0), *minified)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "mcpconf-gen:", err)
		os.Exit(1)
	}
}
