// Command mcpconf-gen writes a synthetic monorepo of MCP config files, for
// timing mcpconf as a whole process:
//
//	go run ./internal/gen/mcpconf-gen -files 2000 -per 10 /tmp/mono
//	time mcpconf lint -r /tmp/mono
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
	flag.Parse()
	if flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: mcpconf-gen [-files N] [-per N] DIR")
		os.Exit(2)
	}
	if err := gen.Monorepo(flag.Arg(0), *files, *per); err != nil {
		fmt.Fprintln(os.Stderr, "mcpconf-gen:", err)
		os.Exit(1)
	}
}
