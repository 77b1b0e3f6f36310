package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"syscall"

	"github.com/mcpconf/mcpconf/app"
	"github.com/mcpconf/mcpconf/discover"
)

// Exit codes, the same for every command.
const (
	exitOK       = 0 // clean, or a report was produced
	exitFindings = 1 // findings at or above --fail-on; a server name not found
	exitUsage    = 2 // bad flags or arguments
	exitFatal    = 3 // the root cannot be read; internal error
)

// usagef is an error that is the caller's fault (app.UsageError).
func usagef(format string, args ...any) error {
	return &app.UsageError{Err: fmt.Errorf(format, args...)}
}

// silentError carries an exit code for a result already printed.
type silentError struct{ code int }

func (e silentError) Error() string { return fmt.Sprintf("exit status %d", e.code) }

// interrupted is the cause of a run's context when a signal stopped it.
type interrupted struct{ sig os.Signal }

func (e interrupted) Error() string { return e.sig.String() + " signal received" }

// exitStatus is the process exit code of a run: 128 and the signal's
// number when a signal stopped it (Ctrl-C 130, SIGTERM 143, as shells
// report a command a signal stopped), whatever the command made of it;
// else the code of its error.
func exitStatus(ctx context.Context, err error) int {
	var in interrupted
	if errors.As(context.Cause(ctx), &in) {
		if n, ok := in.sig.(syscall.Signal); ok {
			return 128 + int(n)
		}
		return 128 + int(syscall.SIGINT)
	}
	return exitCode(err)
}

// exitCode maps an error to the process exit code. It is the only place
// that does, with exitStatus for a run a signal stopped.
func exitCode(err error) int {
	var se silentError
	var re *discover.RootError
	var ue *app.UsageError
	var nf *app.NotFoundError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &se):
		return se.code
	case errors.As(err, &ue):
		return exitUsage
	case errors.As(err, &nf):
		return exitFindings
	case errors.As(err, &re):
		return exitFatal
	}
	return exitFatal
}
