// Command mcpconf finds, explains and lints the MCP server
// definitions of every AI client in a project and a home directory, and
// probes the servers they would start.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	io := SystemIO()
	// Ctrl-C cancels a probe, which then stops every server it started
	// (they run in their own process groups, out of the terminal's reach).
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	io.Context = ctx
	code := Main(os.Args[1:], io)
	stop()
	os.Exit(code)
}
