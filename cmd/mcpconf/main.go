// Command mcpconf finds, explains and lints the MCP server
// definitions of every AI client in a project and a home directory.
package main

import "os"

func main() {
	os.Exit(Main(os.Args[1:], SystemIO()))
}
