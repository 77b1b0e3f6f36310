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
//
// or, with -claude-json MB, a home DIR/home whose ~/.claude.json holds
// about MB megabytes of project histories, and a project DIR/project it
// has an entry for:
//
//	go run ./internal/gen/mcpconf-gen -claude-json 50 /tmp/big
//	time mcpconf explain --client claude --root /tmp/big/project --home /tmp/big/home
//
// or, with -servers N, a home DIR/home whose ~/.claude.json holds N user
// servers and a project DIR/project whose .mcp.json holds as many,
// indented or, with -one-line, each file on a single line:
//
//	go run ./internal/gen/mcpconf-gen -servers 100000 -one-line /tmp/srv
//	time mcpconf add x --client claude --scope user --root /tmp/srv/project --home /tmp/srv/home -- uvx x
//
// or, with -typical, a typical project DIR/project (four clients' files,
// a few servers, in a git repository) and an empty home DIR/home:
//
//	go run ./internal/gen/mcpconf-gen -typical /tmp/typ
//	time mcpconf lint --root /tmp/typ/project --home /tmp/typ/home
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

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
	claudeJSON := fs.Int("claude-json", 0, "write instead DIR/home/.claude.json of about this many MB, with an entry for DIR/project")
	servers := fs.Int("servers", 0, "write instead DIR/home/.claude.json and DIR/project/.mcp.json of this many servers each")
	oneLine := fs.Bool("one-line", false, "with -servers, write each file on a single line")
	typical := fs.Bool("typical", false, "write instead a typical project DIR/project (four clients' files) and an empty home DIR/home")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: mcpconf-gen [-files N] [-per N] DIR\n       mcpconf-gen -minified N DIR\n       mcpconf-gen -claude-json MB DIR\n       mcpconf-gen -servers N [-one-line] DIR\n       mcpconf-gen -typical DIR")
		return 2
	}
	var err error
	switch {
	case *typical:
		err = gen.Typical(fs.Arg(0))
	case *servers > 0:
		err = gen.ServersHome(fs.Arg(0), *servers, *oneLine)
	case *claudeJSON > 0:
		err = writeClaudeJSON(fs.Arg(0), int64(*claudeJSON)<<20)
	case *minified > 0:
		err = gen.Minified(fs.Arg(0), *minified)
	default:
		_, err = gen.Monorepo(fs.Arg(0), *files, *per)
	}
	if err != nil {
		fmt.Fprintln(stderr, "mcpconf-gen:", err)
		return 1
	}
	return 0
}

// writeClaudeJSON writes dir/home/.claude.json of about size bytes and the
// project dir/project it has an entry for.
func writeClaudeJSON(dir string, size int64) error {
	project, err := filepath.Abs(filepath.Join(dir, "project"))
	if err != nil {
		return err
	}
	if err := os.MkdirAll(project, 0o755); err != nil {
		return err
	}
	_, err = gen.ClaudeJSON(filepath.Join(dir, "home", ".claude.json"), size, project)
	return err
}
