// Command mcpconf finds, explains and lints the MCP server
// definitions of every AI client in a project and a home directory, and
// probes the servers they would start.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/mcpconf/mcpconf/internal/proctree"
)

func main() {
	// The processes probe and --allow-exec start for an untrusted
	// configuration must not outlive mcpconf: on Linux it adopts the
	// daemons they detach, to kill them too (see internal/proctree for
	// what survives a SIGKILL of mcpconf). Where it cannot, their process
	// groups and trees are still killed.
	_ = proctree.Enable()
	io := SystemIO()
	ctx, stop := interruptContext(context.Background())
	stopInterrupt := context.AfterFunc(ctx, proctree.Interrupt)
	io.Context = ctx
	code := Main(os.Args[1:], io)
	stopInterrupt()
	stop()
	os.Exit(code)
}

// interruptContext is cancelled by Ctrl-C and SIGTERM, with the signal as
// its cause (interrupted), so that mcpconf exits as a signal stopped it.
// They cancel a probe, which then stops every server it started (they run
// in their own process groups, out of the terminal's reach), and stop a
// !command running, which otherwise would run to its timeout. Signals
// after the first are ignored until stop is called, as the first one's
// work winds down.
func interruptContext(parent context.Context) (ctx context.Context, stop func()) {
	ctx, cancel := context.WithCancelCause(parent)
	ch := make(chan os.Signal, 1)
	signal.Notify(ch, os.Interrupt, syscall.SIGTERM)
	go func() {
		select {
		case s := <-ch:
			cancel(interrupted{s})
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		signal.Stop(ch)
		cancel(context.Canceled)
	}
}
